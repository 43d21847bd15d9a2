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

test("a winning move is judged against the fastest mate", () => {
  const before = probe({ mate: 5 });
  assert.equal(judgeMove(before, move("a", "b", { mate: -4 }), "Kb2").kind, "optimal");
  const slower = judgeMove(before, move("a", "b", { mate: -6 }), "Kb2");
  assert.deepEqual([slower.kind, slower.by, slower.title], ["slower", 2, "Still winning, 2 moves slower"]);
  assert.equal(judgeMove(before, { ...move("a", "b"), checkmate: true }, "Qh7#").kind, "mate");
  const lost = judgeMove(before, move("a", "b", { draw: true }), "Kb2", { lost: "After %(move)s the queen hangs." });
  assert.deepEqual([lost.kind, lost.text], ["lost", "After Kb2 the queen hangs."]);
  assert.equal(judgeMove(before, { ...move("a", "b", { draw: true }), stalemate: true }, "Kb2").title, "Stalemate — the win is gone");
  assert.equal(judgeMove(probe({ draw: true }), move("a", "b", { mate: -3 }), "Kb2").kind, "neutral");
});

test("a defence is judged against the most stubborn one", () => {
  const before = probe({ mate: -6, moves: [move("a", "b", { mate: 5 }), move("a", "c", { mate: 3 })] });
  assert.equal(judgeDefence(before, before.moves[0], "Kb").kind, "optimal");
  const sooner = judgeDefence(before, before.moves[1], "Kc");
  assert.deepEqual([sooner.kind, sooner.by], ["slower", 2]);
  assert.equal(judgeDefence(before, move("a", "d", { draw: true }), "Kxd", "%(move)s: the king takes a piece, a draw.").text,
               "Kxd: the king takes a piece, a draw.");
});
