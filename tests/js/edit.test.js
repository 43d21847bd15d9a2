import assert from "node:assert/strict";
import { test } from "node:test";

import { movePiece, placePiece, removePiece } from "../../static/js/mates/edit.js";

test("placing a piece the board holds already moves it, and replaces what stood on the square", () => {
  const pieces = { e1: "wK", d1: "wQ", e8: "bK" };
  assert.deepEqual(placePiece(pieces, "wQ", "h5"), { e1: "wK", e8: "bK", h5: "wQ" });
  assert.deepEqual(placePiece(pieces, "wR", "e8"), { e1: "wK", d1: "wQ", e8: "wR" });
  assert.deepEqual(pieces, { e1: "wK", d1: "wQ", e8: "bK" });
});

test("a piece moves, taking what stood there; an empty square or no move leaves the pieces", () => {
  const pieces = { e1: "wK", d1: "wQ", e8: "bK" };
  assert.deepEqual(movePiece(pieces, "d1", "e8"), { e1: "wK", e8: "wQ" });
  assert.equal(movePiece(pieces, "a1", "a2"), pieces);
  assert.equal(movePiece(pieces, "d1", "d1"), pieces);
});

test("a square is emptied", () => {
  assert.deepEqual(removePiece({ e1: "wK", d1: "wQ" }, "d1"), { e1: "wK" });
  assert.deepEqual(removePiece({ e1: "wK" }, "h8"), { e1: "wK" });
});
