// Positions of the trainer as the page holds them: {pieces: {e4: "wK"}, turn: "w" | "b"},
// read from and written to FEN (a move is shared/game_line.js's movedPosition). The server judges legality.

const FILES = "abcdefgh";

export { formatFen, parseFen } from "../shared/fen.js";
export { other } from "../shared/game_line.js";

/** The colour that holds the bishop or knight ("w" when only kings stand). */
export function strongSide(pieces) {
  for (const code of Object.values(pieces)) if (code[1] !== "K") return code[0];
  return "w";
}

export const colorName = (color) => (color === "w" ? "White" : "Black");
export const isLight = (square) => (FILES.indexOf(square[0]) + Number(square[1])) % 2 === 0;

/** A UCI move's squares as board keys (no castling, promotion or en passant in these endings). */
export const uciKeys = (move) => ({ from: move.uci.slice(0, 2), to: move.uci.slice(2, 4) });
