"""The 3D computer opponent (tablebase/cube/engine): nodes per second and depth reached at each
level on 5×5×5 and 8×8×8 middle positions (each side its king and four men of Q R B N, placed at
random, a game possible), then a match of level 3 against level 1 from balanced random positions on
5×5×5 (each side a king and the same three men), each position played twice, the colours swapped.
A game ends in a mate, a stalemate, a repetition, or after ``--plies`` plies: then the side ahead by
``DECIDED`` centipawns of material wins it, else it is drawn.

    python bench/bench_cube_engine.py [--positions 3] [--games 20] [--plies 30] [--levels 1,2,3,4] [--record]

``--record`` keeps the figures in results/bench_cube_engine.json and writes docs/3d-lab.md's block.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import figures  # noqa: E402  (bench/figures.py)
from tablebase.core.cube_notation import CubePosition  # noqa: E402
from tablebase.core.rules import WHITE, other  # noqa: E402
from tablebase.cube.engine import LEVELS, computer_move  # noqa: E402
from tablebase.cube.engine.board import SearchBoard  # noqa: E402
from tablebase.cube.lab import game_problem_messages  # noqa: E402

BENCH = "bench/bench_cube_engine.py"
ABOUT = "the 3D engine's nodes per second and depth per level; a match of level 3 against level 1"
DECIDED = 300  # centipawns of material ahead that win a game stopped at the ply limit


def board_text(n: int, men: dict[int, str]) -> str:
    return ",".join("[" + ",".join("".join(men.get(x + y * n + z * n * n, "#") for x in range(n)) for y in range(n))
                    + "]" for z in range(n))


def random_position(rng: random.Random, n: int, white: str, black: str) -> CubePosition:
    while True:
        letters = ["K", "k", *white, *black.lower()]
        cubes = rng.sample(range(n ** 3), len(letters))
        position = CubePosition.parse(board_text(n, dict(zip(cubes, letters))))
        if not game_problem_messages(position, WHITE):
            return position


def speeds(positions: int, levels: list[int]) -> dict:
    """Per size and level: nodes per second and the depths reached, over ``positions`` positions."""
    rng, found = random.Random(38), {}
    for n in (5, 8):
        boards = [random_position(rng, n, "QRBN", "QRBN") for _ in range(positions)]
        for level in levels:
            nodes, seconds, depths = 0, 0.0, []
            for position in boards:
                started = time.monotonic()
                answer = computer_move(position, WHITE, level, started=started)
                seconds += time.monotonic() - started
                nodes += answer["nodes"]
                depths.append(answer["depth"])
            found[f"n{n}-level{level}"] = {"n": n, "level": level, "nodes_per_second": round(nodes / seconds),
                                           "depth_min": min(depths), "depth_max": max(depths),
                                           "seconds": round(seconds / len(boards), 2)}
            print(f"n={n} level {level} ({LEVELS[level]} s): {nodes / seconds:,.0f} nodes/s, depth "
                  f"{min(depths)}-{max(depths)}, {seconds / len(boards):.2f} s per move", flush=True)
    return found


def play(position: CubePosition, strong_color: str, plies: int) -> float:
    """One game from ``position``, White to move, level 3 playing ``strong_color`` and level 1 the
    other; level 3's score (1, ½, 0)."""
    board, turn, seen = position, WHITE, set()
    for _ in range(plies):
        answer = computer_move(board, turn, 3 if turn == strong_color else 1)
        if answer["move"] is None:
            return 0.5 if answer["outcome"] == "stalemate" else (0.0 if turn == strong_color else 1.0)
        start, end = board.cube(answer["move"]["from"]), board.cube(answer["move"]["to"])
        cells = list(board.cells)
        cells[end], cells[start] = cells[start], None
        board, turn = CubePosition(board.n, tuple(cells)), other(turn)
        key = (board.cells, turn)
        if key in seen:
            return 0.5
        seen.add(key)
    material = SearchBoard(board, strong_color).material
    lead = material[strong_color] - material[other(strong_color)]
    return 1.0 if lead >= DECIDED else 0.0 if lead <= -DECIDED else 0.5


def match(games: int, plies: int) -> dict:
    rng = random.Random(20)
    results = []
    for _ in range(games // 2):
        men = "".join(rng.choice("QRBN") for _ in range(3))
        position = random_position(rng, 5, men, men)
        for strong in ("w", "b"):
            results.append(play(position, strong, plies))
            print(f"game {len(results)}: level 3 {sum(results):g} of {len(results)}", flush=True)
    return {"match": {"games": len(results), "level3_score": sum(results), "plies": plies,
                      "wins": results.count(1.0), "draws": results.count(0.5), "losses": results.count(0.0)}}


BLOCKS = {"engine": lambda results: "\n".join([
    "| board | level | seconds | nodes per second | depth reached |",
    "| --- | --- | --- | --- | --- |",
    *(f"| {run['n']}×{run['n']}×{run['n']} | {run['level']} | {run['seconds']} | {run['nodes_per_second']:,} | "
      f"{run['depth_min']}–{run['depth_max']} |"
      for key, run in sorted(results["runs"].items()) if key.startswith("n")),
    "",
    *(f"Level 3 against level 1, {run['games']} games of at most {run['plies']} plies on 5×5×5: level 3 scored "
      f"{run['level3_score']:g} of {run['games']} ({run.get('wins', '?')} won, {run.get('draws', '?')} drawn, "
      f"{run.get('losses', '?')} lost)." for key, run in results["runs"].items() if key == "match"),
])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--plies", type=int, default=30)
    parser.add_argument("--levels", default="1,2,3,4")
    parser.add_argument("--record", action="store_true", help="keep the figures and write the docs' block")
    args = parser.parse_args()
    measured = speeds(args.positions, [int(level) for level in args.levels.split(",")])
    if args.games:
        measured.update(match(args.games, args.plies))
        print(f"level 3 against level 1: {measured['match']['level3_score']:g} of {measured['match']['games']}")
    if args.record:
        results = figures.record(BENCH, measured, ABOUT)
        for path in figures.write_docs(BENCH, BLOCKS, results):
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
