"""The trainer's verdict on a move of the side with the men (static/js/shared/tablebase_play.js
``judgeMove``, run here in Node on the probe answers the page gets) checked against the table on
random won positions of every material: the move's mate count is the table's for the position after
it (probed again here), the best figure it is compared with is the quickest mate any move keeps
(0 when a move mates at once, then named: a move that mates, never "instead of 0"), and the kind
and the moves slower follow from those two figures."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import chess
import pytest
from tests.helpers.mates import NAMES, random_boards

from tablebase.mates import probe

ROOT = Path(__file__).resolve().parents[2]
JUDGE = """
import { readFileSync } from "node:fs";
import { judgeMove } from "%(module)s";
const cases = JSON.parse(readFileSync(0, "utf8"));
const name = (move) => move.san;
process.stdout.write(JSON.stringify(cases.map(([before, move]) => judgeMove(before, move, name))));
"""


def judged(cases: list) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = JUDGE % {"module": (ROOT / "static/js/shared/tablebase_play.js").as_uri()}
    done = subprocess.run([node, "--input-type=module", "-e", script], input=json.dumps(cases), capture_output=True,
                          text=True, check=True, timeout=120)
    return json.loads(done.stdout)


def moves_after(tables, board: chess.Board, uci: str) -> int:
    """The table's moves to mate after a move (0: it mates), from a probe of the position after it."""
    after = board.copy(stack=False)
    after.push_uci(uci)
    if after.is_checkmate():
        return 0
    value = probe(tables, after.fen())
    assert value["category"] == "loss", (board.fen(), uci)
    return -value["dtm"] // 2


def sample(tables, seed: int) -> tuple[list, list]:
    """Won positions of every material with the men to move, and some of their winning moves (the best
    first, then others at random): (the cases for judgeMove, what the table says of each)."""
    rng = random.Random(seed)
    cases, truth = [], []
    for material in NAMES:
        for board in random_boards(material, 60, seed=seed + NAMES.index(material)):
            strong = next(p.color for p in board.piece_map().values() if p.piece_type != chess.KING)
            if board.turn != strong:
                continue
            before = probe(tables, board.fen())
            if before["category"] != "win":
                continue
            winning = [m for m in before["moves"] if m["checkmate"] or m["category"] == "loss"]
            figures = {m["uci"]: moves_after(tables, board, m["uci"]) for m in winning}
            quickest = min(figures.values())
            for move in [winning[0], *rng.sample(winning, min(3, len(winning)))]:
                cases.append([before, move])
                truth.append({"now": figures[move["uci"]], "best": quickest, "mates": move["checkmate"],
                              "quickest": {m["san"] for m in winning if figures[m["uci"]] == quickest}, "fen": board.fen()})
    return cases, truth


@pytest.mark.slow
def test_every_verdict_compares_the_tables_figures(tables):
    cases, truth = sample(tables, seed=3500)
    verdicts = judged(cases)
    assert len(verdicts) == len(truth) > 500
    at_once = 0
    for (_, move), verdict, table in zip(cases, verdicts, truth):
        where = (table["fen"], move["san"], verdict)
        assert "instead of 0" not in verdict["text"], where
        if table["mates"]:
            assert verdict["kind"] == "mate" and verdict["text"] == f"{move['san']} mates.", where
            continue
        now, best = table["now"], table["best"]
        if now == best:
            assert verdict["kind"] == "optimal", where
            assert verdict["text"] == f"{move['san']}: mate in {now} now, one move closer.", where
            continue
        assert verdict["kind"] == "slower" and (verdict["now"], verdict["best"], verdict["by"]) == (now, best, now - best), where
        said = re.fullmatch(rf"{re.escape(move['san'])}: mate in (\d+)(?:, when (\S+) mated at once| instead of (\d+) with (\S+))\.",
                            verdict["text"])
        assert said and int(said.group(1)) == now, where
        if best == 0:
            at_once += 1
            assert said.group(2) in table["quickest"], where  # the move named mates
        else:
            assert int(said.group(3)) == best and said.group(4) in table["quickest"], where  # named: a move that keeps it
    assert at_once > 0  # the sample holds moves that miss a mate at once
