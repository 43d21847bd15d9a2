// Positions of the trainer as the page holds them: {pieces: {e4: "wK"}, turn: "w" | "b"},
// read from and written to FEN. The server judges legality; this module only moves pieces.

const FILES = "abcdefgh";

export function parseFen(fen) {
  const fields = String(fen || "").trim().replace(/_/g, " ").split(/\s+/);
  const rows = (fields[0] || "").split("/");
  if (rows.length !== 8) return null;
  const pieces = {};
  for (let i = 0; i < 8; i++) {
    let file = 0;
    for (const ch of rows[i]) {
      if (/[1-8]/.test(ch)) file += Number(ch);
      else if (/[kqrbnp]/i.test(ch) && file < 8) {
        pieces[FILES[file] + (8 - i)] = (ch === ch.toUpperCase() ? "w" : "b") + ch.toUpperCase();
        file += 1;
      } else return null;
    }
    if (file !== 8) return null;
  }
  const turn = fields[1] === "b" ? "b" : "w";
  return { pieces, turn };
}

export function formatFen({ pieces, turn }) {
  const rows = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = "";
    let empty = 0;
    for (const file of FILES) {
      const code = pieces[file + rank];
      if (!code) {
        empty += 1;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      row += code[0] === "w" ? code[1] : code[1].toLowerCase();
    }
    rows.push(row + (empty ? empty : ""));
  }
  return `${rows.join("/")} ${turn} - - 0 1`;
}

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

/** Moves to mate for a lichess DTM in plies: side to move mates in n, or is mated in n. */
export function movesToMate(dtm) {
  if (dtm === null || dtm === undefined) return null;
  return dtm > 0 ? (dtm + 1) / 2 : -dtm / 2;
}
