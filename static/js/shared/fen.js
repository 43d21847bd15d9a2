// FEN for the 8x8 boards of the site, as the board component keys them: {e4: "wK", ...}.
// Only the placement and the side to move are read; the server judges legality.

const FILES = "abcdefgh";

/** {pieces, turn} from a FEN (underscores may stand for spaces), or null when unreadable. */
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
  return { pieces, turn: fields[1] === "b" ? "b" : "w" };
}

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
