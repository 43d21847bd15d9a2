"""The worst solitaire request within the solver's budget: CPU time and memory of single requests
(through the app, as a client sends them), each in a fresh process. Target: every solve, hint,
state and puzzle request under 0.25 s of CPU (and 300 MB), answered or refused the same way
whatever the machine's load (the budget counts work, not seconds).

The boards: for each size, the candidates (built backwards, so solvable, and at random) whose
solve or hint spends the most steps still within the budget, one refused past it, and boards made
to cost much per step (full boards, pieces that can never capture, 10,000 solutions listed).

Run: ``.venv/bin/python bench/bench_solitaire_budget.py [candidates per size] [--before DIR]
[--record]``; ``--before`` runs the same requests against another checkout too (``git worktree add
DIR REV``) and prints its CPU seconds beside; ``--record`` keeps this checkout's worst requests in
``results/bench_solitaire_budget.json`` and writes the docs' blocks marked with this bench
(``figures``: docs/moves-and-solitaire.md).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablebase.solitaire.board import SolitaireBoard  # noqa: E402
from tablebase.solitaire.puzzles import backward_board  # noqa: E402
from tablebase.solitaire.solver import BUDGET, Solver, SolverLimitError, encode  # noqa: E402

TARGET_CPU = 0.25
PAWNS = "P" * 64
# One request in a fresh process (run in the checkout measured): its wall and CPU time, the
# process's memory before and at peak.
CHILD = r"""
import json, resource, sys, time
from webapp import create_app
client = create_app({"TESTING": True}).test_client()
route, body = sys.argv[1], json.loads(sys.argv[2])
client.post("/api/solitaire/solve", json={"board": "...N.....R....B."})  # warm: imports, 4x4 tables
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
wall, cpu = time.perf_counter(), time.process_time()
answer = client.get(route, query_string=body) if route.endswith("puzzle") else client.post(route, json=body)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
data = answer.get_json()
print(json.dumps({"status": answer.status_code, "wall": wall, "cpu": cpu, "before_mb": before / 1024,
                  "peak_mb": peak / 1024, "count": data.get("count"), "error": data.get("message")}))
"""


def request(root: Path, route: str, body: dict) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, route, json.dumps(body)], cwd=root,
                          capture_output=True, text=True)
    if done.returncode:
        error = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"status": 0, "wall": 0.0, "cpu": 0.0, "before_mb": 0.0, "peak_mb": 0.0, "count": None,
                "error": f"the child failed: {error}"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def random_board(rng: random.Random, n: int, pieces: int) -> SolitaireBoard:
    cells = [None] * (n * n)
    for s in rng.sample(range(n * n), pieces):
        cells[s] = rng.choice("KQRBNP")
    return SolitaireBoard(n, tuple(cells))


def stuck_pawns(rng: random.Random, movers: int) -> SolitaireBoard:
    """8x8: pawns on the even files (never a capture among them) and a few pieces between them,
    so each position looked at has many pieces and few captures."""
    cells = [None if s % 8 % 2 else "P" for s in range(64)]
    for s in rng.sample([s for s in range(64) if s % 8 % 2], movers):
        cells[s] = rng.choice("KQRN")
    return SolitaireBoard(8, tuple(cells))


def steps(board: SolitaireBoard, what: str) -> int | None:
    """The steps a solve (count and 100 solutions) or a hint spends, None past the budget."""
    solver = Solver(board.n)
    occ, packed = encode(board)
    try:
        if what == "hint":
            solver.first_solution(occ, packed)
        elif solver.least_count_steps(occ, packed) > BUDGET.steps:
            return None
        elif solver.count(occ, packed):
            solver.solutions(occ, packed, 100)
    except SolverLimitError:
        return None
    return solver.steps


def edge_boards(per_size: int):
    """(board, why) for the candidates nearest the budget's edge, within and past it."""
    rng = random.Random(2024)
    for n, sizes in ((4, range(11, 15)), (5, range(10, 15)), (6, range(11, 16)), (8, range(13, 20))):
        candidates = []
        for pieces in sizes:
            for _ in range(per_size):
                board = backward_board(n, pieces, rng) if rng.random() < 0.7 else random_board(rng, n, pieces)
                if board is not None:
                    candidates.append(board)
        for what in ("solve", "hint"):
            spent = [(steps(b, what), b) for b in candidates]
            within = sorted(((s, b) for s, b in spent if s is not None), key=lambda x: -x[0])[:2]
            yield from ((b, f"{n}x{n} {what}: {s} steps") for s, b in within)
            past = next((b for s, b in spent if s is None), None)
            if past is not None:
                yield past, f"{n}x{n} {what}: past the budget"


def special_boards():
    rng = random.Random(7)
    yield SolitaireBoard.parse(PAWNS), "64 pawns"
    yield SolitaireBoard.parse("Q" * 64), "64 queens"
    yield SolitaireBoard.parse("N" * 36), "36 knights"
    for movers in (4, 6, 8):
        yield stuck_pawns(rng, movers), f"32 stuck pawns, {movers} movers"


def requests(board: SolitaireBoard, why: str):
    text = board.to_string()
    yield "solve", "/api/solitaire/solve", {"board": text, "limit": 100}
    if "solve" in why or "listing" in why:
        yield "solve", "/api/solitaire/solve", {"board": text, "limit": 10_000}
    if "solve" not in why:
        yield "hint", "/api/solitaire/hint", {"board": text}
    if why in ("64 pawns", "64 queens"):
        yield "state", "/api/solitaire/state", {"board": text}


def everything(per_size: int):
    for board, why in [*special_boards(), *edge_boards(per_size),
                       (SolitaireBoard.parse("QQQQQQQQQ......."), "listing 10,000 solutions")]:
        for kind, route, body in requests(board, why):
            yield board, why, kind, route, body
    for difficulty in ("easy", "medium", "hard", "expert"):
        for seed in (1, 7, 11):
            yield None, "", "puzzle", "/api/solitaire/puzzle", {"difficulty": difficulty, "seed": seed}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("per_size", nargs="?", type=int, default=8)
    parser.add_argument("--before", type=Path, help="another checkout to measure the same requests in")
    parser.add_argument("--record", action="store_true", help="keep the worst requests and write the docs")
    args = parser.parse_args()
    print(f"budget: {BUDGET}; target {TARGET_CPU} s of CPU per request")
    before_head = f" {'before':>7}" if args.before else ""
    print(f"{'request':>52} {'status':>6} {'cpu s':>6}{before_head} {'peak MB':>8} {'+MB':>4}  "
          f"answer; board")
    worst: dict = {}
    for board, why, kind, route, body in everything(args.per_size):
        r = request(ROOT, route, body)
        before = request(args.before, route, body) if args.before else None
        name = (f"{kind} {body['difficulty']} seed {body['seed']}" if kind == "puzzle" else
                f"{kind}{' limit=' + str(body['limit']) if 'limit' in body else ''} ({why})")
        answer = (r["error"] if r["status"] != 200 else
                  f"count {r['count']}" if r["count"] is not None else "ok")
        then = f" {before['cpu']:7.3f}" if before else ""
        grown = r["peak_mb"] - r["before_mb"]
        print(f"{name[:52]:>52} {r['status']:>6} {r['cpu']:6.3f}{then} {r['peak_mb']:8.0f} {grown:4.0f}  "
              f"{str(answer)[:60]}; {body.get('board', '')}", flush=True)
        if board is not None and board.to_string() == PAWNS:
            worst.setdefault("64 pawns", []).append((kind, r["cpu"], before and before["cpu"]))
        if r["cpu"] > worst.get(kind, (0,))[0]:
            worst[kind] = (r["cpu"], name, grown, before and before["cpu"])
    for kind in ("solve", "hint", "state", "puzzle"):
        cpu, name, peak, then = worst[kind]
        print(f"worst {kind}: {cpu:.3f} s of CPU (target {TARGET_CPU} s: "
              f"{'met' if cpu <= TARGET_CPU else 'MISSED'}), {peak:.0f} MB for itself: {name}"
              + (f"; before: {then:.3f} s" if then is not None else ""))
    for kind, cpu, then in worst["64 pawns"]:
        print(f"64 pawns, {kind}: {cpu:.3f} s of CPU" + (f" (before: {then:.3f} s)" if then is not None else ""))
    if args.record:
        _record(worst)


BENCH = "bench/bench_solitaire_budget.py"
ABOUT = ("Written by `bench/bench_solitaire_budget.py --record`: the worst request of each kind near the solver's "
         "budget, CPU seconds in a fresh process, and the 64 pawns' board refused before any search.")


def _record(worst: dict) -> None:
    import figures  # bench/figures.py

    measured = {kind: {"cpu": round(worst[kind][0], 3), "request": worst[kind][1], "mb": round(worst[kind][2], 1)}
                for kind in ("solve", "hint", "state", "puzzle")}
    measured["64 pawns"] = {"cpu": round(max(cpu for _, cpu, _ in worst["64 pawns"]), 3)}
    results = figures.record(BENCH, measured, ABOUT)
    for path in figures.write_docs(BENCH, BLOCKS, results):
        print(f"wrote {path.relative_to(ROOT)}")


def worst_block(results: dict) -> str:
    """The docs' sentence (docs/moves-and-solitaire.md)."""
    runs = results["runs"]
    kinds = ", ".join(f"{kind} {runs[kind]['cpu']:.3f} s" for kind in ("solve", "hint", "state", "puzzle"))
    return (f"The worst request of each kind in CPU seconds (target ≤ {TARGET_CPU} s): {kinds}; the board of 64 "
            f"pawns (solve, hint and state) answered or refused in at most {runs['64 pawns']['cpu']:.3f} s. "
            f"Measured on {runs['solve']['on']} "
            f"({runs['solve']['machine']}).\n")


BLOCKS = {"worst": worst_block}


if __name__ == "__main__":
    main()
