// Positions of the trainer as the page holds them: {pieces: {e4: "wK"}, turn: "w" | "b"},
// read from and written to FEN. The server judges legality; this module only moves pieces.

const FILES = "abcdefgh";

export { formatFen, parseFen } from "../shared/fen.js";

/** The position after a UCI move (no castling, promotion or en passant in these endings). */
export function playUci(position, uci) {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  const pieces = { ...position.pieces };
  pieces[to] = pieces[from];
  delete pieces[from];
  return { pieces, turn: position.turn === "w" ? "b" : "w" };
}

/** The colour that holds the bishop or knight ("w" when only kings stand). */
export function strongSide(pieces) {
  for (const code of Object.values(pieces)) if (code[1] !== "K") return code[0];
  return "w";
}

export const other = (color) => (color === "w" ? "b" : "w");
export const colorName = (color) => (color === "w" ? "White" : "Black");
export const isLight = (square) => (FILES.indexOf(square[0]) + Number(square[1])) % 2 === 0;

/** A UCI move's squares as board keys. */
export const uciKeys = (move) => ({ from: move.uci.slice(0, 2), to: move.uci.slice(2, 4) });
