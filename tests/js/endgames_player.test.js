import assert from "node:assert/strict";
import { test } from "node:test";

import {
  checkKey, loneKingOf, moveMarks, replyBadges, stepPly, turnOf,
} from "../../static/js/cube/endgames_player_render.js";
import { probe } from "./helpers.js";

/** A 3D probe move: cubes as [x, y, z], valued for the side to move after it. */
const cubeMove = (from, to, fields) => ({ ...probe(fields), from, to, moves: undefined });

test("the lone king is found among the pieces", () => {
  assert.equal(loneKingOf({ "0,0,0": "wK", "2,2,2": "bK" }), "2,2,2");
  assert.equal(loneKingOf({ "0,0,0": "wK" }), null);
});

test("the king's replies carry their distance to mate, the most stubborn as a loss, a draw as one", () => {
  const answer = probe({ mate: -3, moves: [cubeMove([2, 2, 2], [1, 2, 2], { mate: 3 }), cubeMove([2, 2, 2], [2, 1, 2], { mate: 1 }),
                                           cubeMove([2, 2, 2], [2, 2, 1], { draw: true })] });
  assert.deepEqual(replyBadges(answer), {
    "1,2,2": { text: "3", dtm: 3, tone: "loss" },
    "2,1,2": { text: "1", dtm: 1, tone: undefined },
    "2,2,1": { text: "=", tone: "draw" },
  });
  const stalemate = probe({ mate: -1, moves: [cubeMove([2, 2, 2], [2, 2, 1], { draw: true, stalemate: true })] });
  assert.deepEqual(replyBadges(stalemate), { "2,2,1": { text: "½", tone: "draw" } });
});

test("a hinted move marks its two cubes", () => {
  assert.deepEqual(moveMarks({ from: [0, 0, 0], to: [1, 1, 1] }), { "0,0,0": "good", "1,1,1": "good" });
  assert.deepEqual(moveMarks(null), {});
});

test("the lone king is marked in check after a checking move, or mated", () => {
  const pieces = { "0,0,0": "wQ", "2,2,2": "bK" };
  assert.equal(checkKey({ position: { turn: "b", pieces }, probe: null, move: { check: true } }), "2,2,2");
  assert.equal(checkKey({ position: { turn: "b", pieces }, probe: null, move: { check: false } }), null);
  assert.equal(checkKey({ position: { turn: "b", pieces }, probe: { checkmate: true }, move: null }), "2,2,2");
  assert.equal(checkKey({ position: { turn: "w", pieces }, probe: null, move: null }), null);
});

test("a step of the record stays within the line and never onto the ply shown", () => {
  const game = { ply: 2, entries: [1, 2, 3, 4] };
  assert.equal(stepPly(game, "first"), 0);
  assert.equal(stepPly(game, "back"), 1);
  assert.equal(stepPly(game, "forward"), 3);
  assert.equal(stepPly(game, "last"), 3);
  assert.equal(stepPly({ ply: 0, entries: [1, 2] }, "back"), null);
  assert.equal(stepPly({ ply: 1, entries: [1, 2] }, "forward"), null);
  assert.equal(stepPly({ ply: 1, entries: [1, 2] }, "last"), null);
  assert.equal(stepPly(game, "sideways"), null);
});

test("the page's turn: none, over, waiting, review, the user's or the computer's", () => {
  const at = { ended: false, probed: true, earlier: false, userToMove: true };
  assert.equal(turnOf(null), "none");
  assert.equal(turnOf({ ...at, ended: true }), "over");
  assert.equal(turnOf({ ...at, probed: false }), "waiting");
  assert.equal(turnOf({ ...at, earlier: true, userToMove: false }), "review");
  assert.equal(turnOf({ ...at, earlier: true }), "user");
  assert.equal(turnOf({ ...at, userToMove: false }), "computer");
});
