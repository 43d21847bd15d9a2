import assert from "node:assert/strict";
import { test } from "node:test";

import { judgeDefence, judgeMove, pickReply, stubbornReplies } from "../../static/js/shared/tablebase_play.js";
import { move, probe } from "./helpers.js";

test("the most stubborn replies are every move as good as the first", () => {
  const answer = probe({ mate: -5, moves: [move("a", "b", { mate: 4 }), move("a", "c", { mate: 4 }), move("a", "d", { mate: 2 })] });
  assert.deepEqual(stubbornReplies(answer).map((m) => m.to), ["b", "c"]);
  assert.deepEqual(stubbornReplies(probe({ mate: -1 })), []);
  assert.deepEqual(stubbornReplies(null), []);
  assert.equal(pickReply(answer, () => 0.99)?.to, "c");
  assert.equal(pickReply(answer, () => 0)?.to, "b");
});

test("a winning move is judged against the best move's mate", () => {
  const name = (m) => m.san;
  const before = probe({ mate: 5, moves: [move("a", "q", { mate: -4, san: "Qd7" }), move("a", "b", { mate: -6 })] });
  assert.equal(judgeMove(before, move("a", "b", { mate: -4 }), name).kind, "optimal");
  const slower = judgeMove(before, move("a", "b", { mate: -6, san: "Kb2" }), name);
  assert.deepEqual([slower.kind, slower.by, slower.best, slower.title], ["slower", 2, 4, "Still winning, 2 moves slower"]);
  assert.equal(slower.text, "Kb2: mate in 6 instead of 4 with Qd7.");
  assert.equal(judgeMove(before, { ...move("a", "b"), checkmate: true, san: "Qh7#" }, name).kind, "mate");
  const lost = judgeMove(before, move("a", "b", { draw: true, san: "Kb2" }), name, { lost: "After %(move)s the queen hangs." });
  assert.deepEqual([lost.kind, lost.text], ["lost", "After Kb2 the queen hangs."]);
  assert.equal(judgeMove(before, { ...move("a", "b", { draw: true }), stalemate: true }, name).title, "Stalemate — the win is gone");
  assert.equal(judgeMove(probe({ draw: true }), move("a", "b", { mate: -3 }), name).kind, "neutral");
});

test("a move that misses a mate at once is told which move mated, never 'instead of 0'", () => {
  const name = (m) => m.san;
  const mating = { ...move("a", "h", { mate: 0, san: "Qh7#" }), checkmate: true };
  const before = probe({ mate: 1, moves: [mating, move("a", "e", { mate: -4, san: "Ke5" })] });
  const slower = judgeMove(before, before.moves[1], name);
  assert.deepEqual([slower.kind, slower.best, slower.by], ["slower", 0, 4]);
  assert.equal(slower.text, "Ke5: mate in 4, when Qh7# mated at once.");
  assert.doesNotMatch(slower.text, /instead of 0/);
});

test("a defence is judged against the most stubborn one", () => {
  const before = probe({ mate: -6, moves: [move("a", "b", { mate: 5 }), move("a", "c", { mate: 3 })] });
  assert.equal(judgeDefence(before, before.moves[0], "Kb").kind, "optimal");
  const sooner = judgeDefence(before, before.moves[1], "Kc");
  assert.deepEqual([sooner.kind, sooner.by], ["slower", 2]);
  assert.equal(judgeDefence(before, move("a", "d", { draw: true }), "Kxd", "%(move)s: the king takes a piece, a draw.").text,
               "Kxd: the king takes a piece, a draw.");
});
