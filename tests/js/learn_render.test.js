import assert from "node:assert/strict";
import { test } from "node:test";

import { drillTurn, retryMistake } from "../../static/js/mates/learn_render.js";

test("a drill waits for its probe, then is over or the learner's or the computer's turn", () => {
  assert.equal(drillTurn({ probe: null, position: { turn: "w" } }, true, "w"), "waiting");
  assert.equal(drillTurn({ probe: {}, position: { turn: "w" } }, true, "w"), "over");
  assert.equal(drillTurn({ probe: {}, position: { turn: "w" } }, false, "w"), "user");
  assert.equal(drillTurn({ probe: {}, position: { turn: "b" } }, false, "w"), "computer");
});

test("a retry shows the mistake it goes back to, on its own position only", () => {
  const wrong = { uci: "c3c4" };
  const game = { ply: 2, entries: [{ move: null }, { move: null }, { move: null }, { move: wrong }] };
  assert.equal(retryMistake({ retry: { from: 2 } }, game), wrong);
  assert.equal(retryMistake({ retry: { from: 1 } }, game), null);
  assert.equal(retryMistake({ retry: null }, game), null);
  assert.equal(retryMistake({ retry: { from: 3 } }, { ...game, ply: 3 }), null);
});
