// @ts-check
// FEN written for a board the user built by hand ({e4: "wK", ...}, the board component's keys): the
// editors' one request per change names the board so. No FEN is read here: the server reads them
// (/api/mates/board, /api/2d/position) and answers pieces; it judges legality.

const FILES = "abcdefgh";

/** The placement field of a FEN. */
export function boardFen(pieces) {
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
  return rows.join("/");
}

/** `halfmove`: the clock the server gave for this position (0 when unknown). */
export function formatFen({ pieces, turn, halfmove = 0 }) {
  return `${boardFen(pieces)} ${turn} - - ${halfmove} 1`;
}
