"""The worst 3D lab requests within the work budget (``tablebase/core/cube_work.py``): CPU time of
single requests through the app, each in a fresh process (the rules' tables cold, as a client
with pieces of its own finds them). Target: every accepted board or game under 0.25 s of CPU.

The inputs, each grown until one more man (or move) would pass the budget: boards of riders with
many long atoms, of leapers with many atoms, of standard men, on the largest board and on middling
ones, one king in check; games played at random (legal moves, never ending the game) from boards
of standard and of custom men (the hostile inputs of issue 36: bench_hostile_flood.py). Prints
each input's units of work, its CPU seconds and the seconds per million units; the budget is
right when the slowest accepted input stays under the target.

Run: ``.venv/bin/python bench/bench_3d_work.py``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablebase.core.atoms import parse_pieces  # noqa: E402
from tablebase.core.cube_notation import CubePosition  # noqa: E402
from tablebase.core.cube_work import WORK_BUDGET, board_work  # noqa: E402
from tablebase.core.rules import BLACK, WHITE, Piece, cube_rules, other  # noqa: E402

TARGET_CPU = 0.25
LONG_RIDERS = "001*,011*,111*,012*,112*,122*,013*,023*,113*,123*,133*,223*,233*,014*,034*,114*"
MANY_LEAPS = "001,011,111,012,112,122,013,023,113,123,133,223,233,014,034,114"
LETTERS = "ACDEFGHIJLMOPSTUVWXYZ"
CHILD = r"""
import json, sys, time
from webapp import create_app
client = create_app({"TESTING": True}).test_client()
route, body = sys.argv[1], json.loads(sys.argv[2])
client.post("/api/3d/position", json={"board": "[##,#K],[k#,##]"})  # warm: imports, the app
cpu = time.process_time()
answer = client.post(route, json=body)
cpu = time.process_time() - cpu
print(json.dumps({"status": answer.status_code, "cpu": cpu, "error": (answer.get_json() or {}).get("message")}))
"""


def notation(n: int, placed: dict[int, str]) -> str:
    cells = [placed.get(i, "#") for i in range(n ** 3)]
    return ",".join("[" + ",".join("".join(cells[z * n * n + y * n:z * n * n + y * n + n]) for y in range(n)) + "]"
                    for z in range(n))


def grown_board(n: int, letters: str, pieces: dict, check: bool, seed: int = 1) -> dict:
    """A board of side n with the kings apart and as many men (of ``letters``, both colours, in
    turn) as the budget allows, placed at random; ``check``: a white man gives check to Black."""
    rng = random.Random(seed)
    cubes = list(range(n ** 3))
    rng.shuffle(cubes)
    placed = {0: "K", n ** 3 - 1: "k"}
    if check:
        placed[n ** 3 - 1 - n * n] = "R" if "R" in letters else letters[0]
    custom = parse_pieces(pieces or None)
    best = dict(placed)
    for i, cube in enumerate(c for c in cubes if c not in placed):
        letter = letters[i % len(letters)]
        placed[cube] = letter if i % 2 else letter.lower()
        cells = [Piece(BLACK if symbol.islower() else WHITE, symbol.upper()) for symbol in placed.values()]
        if board_work(n, cells, custom).position > WORK_BUDGET:
            break
        best = dict(placed)
    return {"board": notation(n, best), "turn": "b" if check else "w", **({"pieces": pieces} if pieces else {})}


def random_game(body: dict, seed: int = 2) -> dict:
    """``body``'s board with as many random legal moves as the budget allows (none ends the game)."""
    rng = random.Random(seed)
    position = CubePosition.parse(body["board"], parse_pieces(body.get("pieces")))
    rules, cells, turn = cube_rules(position.n, position.custom), list(position.cells), body.get("turn", "w")
    work, moves = position.work(), []
    while work.game(len(moves) + 1) <= WORK_BUDGET:
        choices = [(s, t) for s, p in enumerate(cells) if p is not None and p.color == turn
                   for t in rules.legal_targets(cells, s)]
        rng.shuffle(choices)
        for start, end in choices:
            after = rules.play(cells, start, end)
            if rules.has_legal_move(after, other(turn)):
                break
        else:
            break
        moves.append([list(position.coords(start)), list(position.coords(end))])
        cells, turn = after, other(turn)
    return {**body, "moves": moves}


def request(route: str, body: dict) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, route, json.dumps(body)], cwd=ROOT, capture_output=True,
                          text=True)
    if done.returncode:
        return {"status": 0, "cpu": 0.0, "error": (done.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def cases() -> list[tuple[str, str, dict]]:
    riders = {letter: LONG_RIDERS for letter in LETTERS[:3]}
    leapers = {letter: MANY_LEAPS for letter in LETTERS[:3]}
    found = [
        ("position", "n=10, standard men", grown_board(10, "QRBN", {}, False)),
        ("position", "n=10, queens, Black in check", grown_board(10, "QR", {}, True)),
        ("position", "n=10, riders of 16 atoms", grown_board(10, "ACD", riders, False)),
        ("position", "n=10, riders of 16 atoms, in check", grown_board(10, "ACD", riders, True)),
        ("position", "n=10, leapers of 16 atoms", grown_board(10, "ACD", leapers, False)),
        ("position", "n=6, riders of 16 atoms", grown_board(6, "ACD", riders, False)),
        ("position", "n=4, standard men", grown_board(4, "QRBN", {}, False)),
        ("position", "n=10, knights", grown_board(10, "N", {}, False)),
        ("position", "n=10, kings' leaps", grown_board(10, "A", {"A": "001,011,111"}, False)),
        ("analyze", "n=10, riders of 16 atoms, in check", grown_board(10, "ACD", riders, True)),
        ("attacks", "n=10, riders of 16 atoms", grown_board(10, "ACD", riders, False)),
    ]
    games = [
        ("game", "n=10, kings alone", {"board": notation(10, {0: "K", 999: "k"})}),
        ("game", "n=10, kings and a knight", {"board": notation(10, {0: "K", 999: "k", 5: "N"})}),
        ("game", "n=10, kings and two queens", {"board": notation(10, {0: "K", 999: "k", 5: "Q", 994: "q"})}),
        ("game", "n=8, KQBK", {"board": notation(8, {0: "K", 511: "k", 9: "Q", 18: "B"})}),
        ("game", "n=10, kings and a rider of 16 atoms each",
         {"board": notation(10, {0: "K", 999: "k", 5: "A", 994: "a"}), "pieces": {"A": LONG_RIDERS}}),
        ("game", "n=6, eight standard men",
         {"board": notation(6, {0: "K", 215: "k", 7: "Q", 14: "R", 21: "B", 200: "q", 193: "r", 186: "n"})}),
        ("game", "n=10, kings and a leaper of 16 atoms each",
         {"board": notation(10, {0: "K", 999: "k", 5: "A", 994: "a"}), "pieces": {"A": MANY_LEAPS}}),
    ]
    found += [(route, name, random_game(body)) for route, name, body in games]
    return found


def main() -> None:
    print(f"budget {WORK_BUDGET:,} units; target {TARGET_CPU} s of CPU per request", flush=True)
    slowest = 0.0
    for route, name, body in cases():
        position = CubePosition.parse(body["board"], parse_pieces(body.get("pieces")))
        work = position.work()
        units = work.game(len(body["moves"])) if "moves" in body else work.position
        answer = request(f"/api/3d/{route}", body)
        extra = f", {len(body['moves'])} moves" if "moves" in body else ""
        print(f"{route:>8} {name:<42} {work.men:3} men{extra}: {units:>11,} units, status {answer['status']}, "
              f"{answer['cpu']:.3f} s CPU, {answer['cpu'] / units * 1e6:.3f} s per million", flush=True)
        if answer["status"] == 200:
            slowest = max(slowest, answer["cpu"])
        else:
            print(f"         refused: {answer['error']}")
    print(f"slowest accepted: {slowest:.3f} s of CPU (target {TARGET_CPU}: {'met' if slowest <= TARGET_CPU else 'MISSED'})")


if __name__ == "__main__":
    main()
