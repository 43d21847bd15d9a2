import assert from "node:assert/strict";
import { test } from "node:test";

import {
  appendEntry, current, lastReplies, lastUserEntry, nextUserTurn, optimalMoves, other, previousUserTurn,
  remainingMoves, strongMovesUpTo, userMovesUpTo, userToMove,
} from "../../static/js/shared/game_line.js";
import { game, played, probe } from "./helpers.js";

const W = (pieces = {}) => ({ pieces, turn: "w" });
const B = (pieces = {}) => ({ pieces, turn: "b" });

// White (the user) mates in 2: W, B, W, B (the last entry is the mate).
const line = () => game([
  [W(), probe({ mate: 2 })],
  [B(), probe({ mate: -2 }), played("user", "a1", "a2")],
  [W(), probe({ mate: 1 }), played("computer", "h8", "h7")],
  [B(), probe({ mate: -0, checkmate: true }), played("user", "a2", "a3")],
]);

test("other turns the colour", () => {
  assert.equal(other("w"), "b");
  assert.equal(other("b"), "w");
});

test("the shown entry and whose move it is", () => {
  const g = line();
  g.ply = 1;
  assert.equal(current(g), g.entries[1]);
  assert.equal(userToMove(g), false);
  assert.equal(userToMove(g, g.entries[2]), true);
});

test("moves are counted up to an entry, the user's and the strong side's", () => {
  const g = line();
  assert.equal(userMovesUpTo(g), 2);
  assert.equal(userMovesUpTo(g, 2), 1);
  assert.equal(strongMovesUpTo(g), 2);
  assert.equal(strongMovesUpTo(g, 1), 1);
  g.strong = "b"; // counted by the side that moved, whoever played it
  assert.equal(strongMovesUpTo(g), 1);
});

test("the fastest mate from the start and from an entry", () => {
  const g = line();
  assert.equal(optimalMoves(g), 2);
  assert.equal(remainingMoves(g.entries[2]), 1);
  g.entries[0].probe = probe({ draw: true });
  assert.equal(optimalMoves(g), null);
  assert.equal(remainingMoves({ probe: null }), null);
});

test("appending after an earlier entry drops the redo line", () => {
  const g = line();
  g.ply = 1;
  const entry = { position: W(), probe: null, move: played("computer", "h8", "g8"), verdict: null };
  appendEntry(g, entry);
  assert.equal(g.entries.length, 3);
  assert.equal(g.ply, 2);
  assert.equal(current(g), entry);
});

test("the user's turns before and after the shown entry", () => {
  const g = line();
  g.ply = 2;
  assert.equal(previousUserTurn(g), 0);
  assert.equal(nextUserTurn(g), null);
  g.ply = 1;
  assert.equal(nextUserTurn(g), 2);
  g.ply = 0;
  assert.equal(previousUserTurn(g), null);
});

test("the user's last move and the last replies shown", () => {
  const g = line();
  assert.equal(lastUserEntry(g), g.entries[3]);
  g.ply = 2;
  assert.equal(lastUserEntry(g), g.entries[1]);
  const replies = lastReplies(g);
  assert.equal(replies?.index, 1);
  assert.equal(replies?.played, g.entries[2].move);
  g.ply = 0;
  assert.equal(lastReplies(g), null);
});
