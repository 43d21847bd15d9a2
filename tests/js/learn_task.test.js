import assert from "node:assert/strict";
import { test } from "node:test";

import { firstMistake, helpOnBoard, missResult, passResult, retryResult, taskState } from "../../static/js/mates/learn_task.js";
import { game, played, probe } from "./helpers.js";

const W = { turn: "w", pieces: {} };
const B = { turn: "b", pieces: {} };

/** A line from a mate in 3, allowed 4: the learner's moves keep mates in ``after`` (null: a draw). */
function line(after) {
  const entries = [[W, probe({ mate: 3 })]];
  after.forEach((mate, i) => {
    const answer = mate === null ? probe({ draw: true }) : probe({ mate: -mate });
    entries.push([B, answer, played("user", "a1", `b${i + 1}`)]);
    if (mate !== null && i < after.length - 1) entries.push([W, probe({ mate }), played("computer", "h8", `g${i + 1}`)]);
  });
  return game(entries);
}

test("on track while the allowance can be kept, out of reach once it cannot", () => {
  const task = { allowed: 4 };
  let g = line([2, 2]);
  assert.equal(taskState(task, g, g.entries[g.ply]).state, "on-track"); // 2 played + 2 left = 4
  g = line([2, 3]);
  assert.equal(taskState(task, g, g.entries[g.ply]).state, "out-of-reach"); // 2 + 3 > 4
  assert.deepEqual(firstMistake(g, 4), { index: 2, move: "Kb2", number: 2 });
});

test("a drawn position is the win gone, with the move that let it go and no practice offered", () => {
  const task = { allowed: 4 };
  const g = line([2, null]);
  const state = taskState(task, g, g.entries[g.ply]);
  assert.equal(state.state, "drawn");
  const result = missResult(task, g, state);
  assert.equal(result.kind, "drawn");
  assert.equal(result.practice, false);
  assert.doesNotMatch(result.text, /practice/);
  assert.match(result.text, /^The win is gone: .*Your move 2, Kb2, let it go\./);
  assert.equal(result.retry, 2); // retry from the position before that move
});

test("out of reach but still won: practice is offered, and the retry", () => {
  const task = { allowed: 4 };
  const g = line([4]);
  const result = missResult(task, g, taskState(task, g, g.entries[g.ply]));
  assert.equal(result.kind, "failed");
  assert.equal(result.practice, true);
  assert.match(result.text, /Your move 1, Kb1, let it go\. Retry from that move, finish it for practice/);
  assert.equal(result.retry, 0);
  const none = missResult(task, line([2]), { state: "out-of-reach", played: 1 }); // no move to blame
  assert.equal(none.retry, null);
  assert.match(none.text, /^Mate is out of reach within 4 moves\. Finish it for practice/);
});

test("a retry mated in time says so; still on track it says nothing yet", () => {
  const task = { allowed: 4 };
  const g = line([2]);
  assert.equal(retryResult(task, g, { state: "on-track", played: 1 }), null);
  assert.equal(retryResult(task, g, { state: "mated", played: 3 })?.kind, "retried");
});

test("help costs the credit; the words say when a review comes back", () => {
  const counted = { played: 3, star: false, stars: 0, cleared: 2, round: 3, comes: "tomorrow", learnt: false };
  assert.equal(passResult({ allowed: 5, helped: "hint" }, counted).kind, "helped");
  assert.match(passResult({ allowed: 5, helped: "best" }, counted).text, /the best move shown: no credit toward the next star \(still 2 of 3\)/);
  assert.match(passResult({ allowed: 5, helped: null }, counted).text, /cleared, 2 of 3 toward the next star\. It comes back tomorrow\./);
  assert.equal(passResult({ allowed: 5, helped: null }, { ...counted, star: true, stars: 1 }).kind, "star");
});

test("the help and the mistake on the board", () => {
  const shown = helpOnBoard({ kind: "best", from: "e2", to: "e4" }, { keys: { from: "a1", to: "a2" } }, { e2: ["box"] });
  assert.deepEqual(shown.marks, { e2: ["box", "hint"] });
  assert.deepEqual(shown.arrows, [{ from: "a1", to: "a2", brush: "red" }, { from: "e2", to: "e4", brush: "green" }]);
});
