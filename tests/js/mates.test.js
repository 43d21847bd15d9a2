import assert from "node:assert/strict";
import { test } from "node:test";

import { describeKingMove, describePiecesMove, marksLegend } from "../../static/js/mates/coach.js";
import { shortcutFor } from "../../static/js/mates/keys.js";
import { chartPoints, checkedKing } from "../../static/js/mates/fen_game.js";
import { heatLayers } from "../../static/js/mates/heatmap.js";
import { gamePgn } from "../../static/js/mates/pgn.js";
import { levelRange } from "../../static/js/mates/settings.js";
import { game, played, probe } from "./helpers.js";

const W = (pieces = {}) => ({ pieces, turn: "w" });
const B = (pieces = {}) => ({ pieces, turn: "b" });

function trainerGame() {
  const g = game([
    [W(), probe({ mate: 2 })],
    [B(), probe({ mate: -2 }), played("user", "a1", "a2", { san: "Ka2", mate_in: 2, category: "loss" })],
    [W(), probe({ mate: 1 }), played("computer", "h8", "h7", { san: "Kh7", mate_in: 1, category: "win" })],
    [B({ h7: "bK" }), probe({ checkmate: true, check: true }), played("user", "a2", "a3", { san: "Qa3#", checkmate: true })],
  ]);
  Object.assign(g.entries[0], { fen: "8/8/8/8/8/8/8/K6k w - - 0 12", fullmove: 12 });
  return g;
}

test("the PGN numbers the moves from the server's move number and comments each value", () => {
  const text = gamePgn(trainerGame(), { status: "checkmate", text: "" }, {
    names: { white: "You", black: "Tablebase" }, date: new Date(2024, 0, 5), event: "KQK",
  });
  assert.match(text, /^\[Event "KQK mate trainer"\]$/m);
  assert.match(text, /^\[Date "2024\.01\.05"\]$/m);
  assert.match(text, /^\[FEN "8\/8\/8\/8\/8\/8\/8\/K6k w - - 0 12"\]$/m);
  assert.match(text, /^\[Result "1-0"\]$/m);
  assert.match(text, /^12\. Ka2 \{White mates in 2\} Kh7 \{White mates in 1\} 13\. Qa3# \{checkmate\} 1-0$/m);
  assert.match(gamePgn(trainerGame(), null, { names: { white: "a", black: "b" } }), / \*\n$/);
});

test("the chart's points and the king in check", () => {
  const g = trainerGame();
  g.ply = 1;
  assert.deepEqual(chartPoints(g), [
    { x: 0, y: 2, kind: "start", ply: 0 },
    { x: 1, y: 2, kind: "neutral", ply: 1, future: false },
    { x: 2, y: 0, kind: "neutral", ply: 3, future: true },
  ]);
  assert.equal(checkedKing(g.entries[3]), "h7");
  assert.equal(checkedKing(g.entries[1]), null);
});

test("the heat map stretches between the nearest and farthest mate", () => {
  const { heat, badges } = heatLayers({
    a1: { category: "loss", mate_in: 2, checkmate: false },
    b1: { category: "loss", mate_in: 6, checkmate: false },
    c1: { category: "draw", stalemate: true },
    d1: { category: "illegal" },
  });
  assert.equal(heat.a1, 1);
  assert.equal(heat.b1, 0);
  assert.deepEqual(badges.b1, { text: "6", dtm: 6 });
  assert.deepEqual(badges.c1, { text: "½", tone: "draw" });
  assert.equal(typeof heat.d1, "string");
  assert.equal(badges.d1, undefined);
});

test("a difficulty level is a range of moves to mate", () => {
  assert.deepEqual(levelRange("5-10"), { min: 5, max: 10 });
  assert.deepEqual(levelRange("nonsense"), { min: 11, max: 22 });
});

test("the coach's note is the server's, a best move never scolded", () => {
  const grew = { kind: "setback", text: "The box grew from 12 to 15 squares." };
  assert.deepEqual(describePiecesMove(grew), grew);
  assert.equal(describePiecesMove(grew, { kind: "optimal", title: "", text: "" })?.kind, "steady");
  assert.equal(describePiecesMove(null), null);
  assert.equal(describePiecesMove({ kind: "steady", text: "" }), null);
  assert.equal(describeKingMove(null), null);
  assert.deepEqual(describeKingMove({ defence: { kind: "setback", text: "The mating net is closing." } }),
    { kind: "setback", text: "The mating net is closing." });
});

test("the marks' legend names what is shaded and outlined, nothing when nothing is", () => {
  assert.equal(marksLegend({ region: [], mating_corners: null }), "");
  assert.match(marksLegend({ region: ["a1"], mating_corners: ["a1", "h8"] }), /^Shaded: .*Outlined: the mating corners a1 and h8\.$/);
});

test("the board's own keys win only while it has the keyboard focus; u and r always undo and redo", () => {
  const off = { inField: false, onButton: false, boardKeyboardFocus: false };
  const on = { ...off, boardKeyboardFocus: true };
  assert.equal(shortcutFor({ key: "ArrowLeft" }, off), "undo");
  assert.equal(shortcutFor({ key: "ArrowRight" }, off), "redo");
  assert.equal(shortcutFor({ key: "ArrowLeft" }, on), null);
  assert.equal(shortcutFor({ key: " " }, on), null);
  assert.equal(shortcutFor({ key: "u" }, on), "undo");
  assert.equal(shortcutFor({ key: "r" }, on), "redo");
  assert.equal(shortcutFor({ key: " " }, { ...off, onButton: true }), null);
  assert.equal(shortcutFor({ key: "h" }, { ...off, inField: true }), null);
  assert.equal(shortcutFor({ key: "h", ctrlKey: true }, off), null);
  assert.equal(shortcutFor({ key: "toString" }, off), null);
});
