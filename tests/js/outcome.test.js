import assert from "node:assert/strict";
import { test } from "node:test";

import { gameEnd, outcome } from "../../static/js/shared/outcome.js";
import { game, played, probe } from "./helpers.js";

const W = (pieces = {}) => ({ pieces, turn: "w" });
const B = (pieces = {}) => ({ pieces, turn: "b" });

/** White mates in ``fastest``; the user (White) took two moves, the last one the mate. */
function mated(fastest) {
  return game([
    [W(), probe({ mate: fastest })],
    [B(), probe({ mate: -2 }), played("user", "a1", "a2")],
    [W(), probe({ mate: 1 }), played("computer", "h8", "h7")],
    [B(), probe({ checkmate: true }), played("user", "a2", "a3")],
  ]);
}

test("no outcome while the game goes on or its probe is unknown", () => {
  const g = mated(2);
  assert.equal(outcome(g, g.entries[1]), null);
  g.entries[3].probe = null;
  assert.equal(outcome(g), null);
});

test("the fastest mate is perfect; a slower one says by how much", () => {
  assert.deepEqual(outcome(mated(2)), {
    status: "checkmate", text: "Checkmate in 2 moves — the fastest mate there is. Perfect!",
  });
  assert.equal(outcome(mated(1))?.text, "Checkmate in 2 moves. The fastest mate took 1: 1 more to shave off.");
});

test("a defender mated is scored against the most stubborn defence", () => {
  const g = mated(4);
  g.user = "b";
  g.role = "king";
  const ended = outcome(g);
  assert.equal(ended?.text, "Mated after 2 moves; the most stubborn defence holds 4. Score: 50%.");
  assert.equal(ended?.score, 50);
  assert.equal(ended?.lasted, 2);
});

test("a capture by the lone king is named in the draw", () => {
  const g = game([
    [W({ a2: "wN" }), probe({ mate: 5 })],
    [B({ a2: "wN", b3: "bK" }), probe({ draw: true }), played("user", "c1", "a2")],
    [W({ a2: "bK" }), probe({ draw: true, insufficient_material: true }), played("computer", "b3", "a2", { name: "Kxa2" })],
  ]);
  assert.deepEqual(outcome(g), {
    status: "draw", text: "The lone king took a piece (Kxa2). One minor piece cannot mate: a draw.",
  });
  g.entries[1].position.pieces = {}; // nothing stood on a2: no capture
  assert.equal(outcome(g)?.text, "One minor piece cannot mate: a draw.");
});

test("stalemate and the fifty-move rule end the game", () => {
  const g = mated(2);
  g.entries[3].probe = probe({ draw: true, stalemate: true });
  assert.equal(outcome(g)?.status, "stalemate");
  g.entries[3].probe = probe({ draw: true, fifty_move_draw: true });
  assert.deepEqual(outcome(g), { status: "draw", fifty: true, text: "Fifty moves without mate: a draw by the fifty-move rule." });
});

test("any other draw ends the game only where drawEnds", () => {
  const g = game([
    [W({ c3: "wQ" }), probe({ mate: 3 })],
    [B({ c3: "wQ" }), probe({ draw: true }), played("user", "c1", "c3")],
    [W({ c3: "bK" }), probe({ draw: true }), played("computer", "d4", "c3")],
  ]);
  assert.equal(outcome(g), null);
  assert.equal(outcome(g, undefined, { drawEnds: true })?.text, "The lone king took a piece: the mate is gone.");
  assert.equal(outcome(g, g.entries[1], { drawEnds: true })?.text, "No forced mate any more: a draw.");
});

test("one rule of a game's end: outcome words what gameEnd decides, a draw ending it only where drawEnds", () => {
  const moving = { moves: [{ uci: "a1a2" }] };
  assert.equal(gameEnd(null), null);
  assert.equal(gameEnd({ ...probe({ mate: 3 }), ...moving }), null);
  assert.equal(gameEnd({ ...probe({ checkmate: true }) }), "checkmate");
  assert.equal(gameEnd({ ...probe({ mate: 3 }), stalemate: true, ...moving }), "stalemate");
  assert.equal(gameEnd({ ...probe({ mate: 3 }), fifty_move_draw: true, ...moving }), "fifty");
  const drawn = { ...probe({ mate: 3 }), category: "draw", ...moving };
  assert.equal(gameEnd(drawn), null);
  assert.equal(gameEnd(drawn, { drawEnds: true }), "draw");
  const g = game([[W(), drawn]]);
  assert.equal(outcome(g), null);
  assert.equal(outcome(g, g.entries[0], { drawEnds: true })?.status, "draw");
});
