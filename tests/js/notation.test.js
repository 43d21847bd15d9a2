import assert from "node:assert/strict";
import { test } from "node:test";

import { boardFen, formatFen } from "../../static/js/shared/fen.js";
import { cubeToKey, formatBoard, piecesThatFit } from "../../static/js/cube/notation.js";

test("a hand-built 2D board is written as FEN", () => {
  assert.equal(boardFen({}), "8/8/8/8/8/8/8/8");
  assert.equal(boardFen({ a1: "wK", h8: "bK", c1: "wB", d1: "wN" }), "7k/8/8/8/8/8/8/K1BN4");
  assert.equal(formatFen({ pieces: { e4: "wK", e6: "bK" }, turn: "b", halfmove: 7 }), "8/8/4k3/8/4K3/8/8/8 b - - 7 1");
});

test("a cube board is written as the board text", () => {
  const pieces = { "0,1,0": "bN", "1,1,0": "wK", "2,2,2": "bR" };
  assert.equal(formatBoard(3, pieces), "[###,nK#,###],[###,###,###],[###,###,##r]");
  assert.equal(formatBoard(2, {}), "[##,##],[##,##]");
});

test("a smaller cube keeps the pieces that fit", () => {
  const pieces = { "0,0,0": "wK", "3,0,0": "bK", "1,2,2": "wQ" };
  assert.deepEqual(piecesThatFit(pieces, 3), { "0,0,0": "wK", "1,2,2": "wQ" });
  assert.deepEqual(piecesThatFit(pieces, 2), { "0,0,0": "wK" });
  assert.equal(cubeToKey([2, 0, 1]), "2,0,1");
});
