// @ts-check
// A played endgame's record, without the DOM: its moves as the server wrote them (each probe move's
// ``notation``: "Qc2(I)-c5(IV)+"), numbered in pairs, and the page's address that keeps it (the
// starting board, the moves, the move shown). Reading a record back is the server's
// (POST /api/3d/record): nothing here reads a move's text.

/**
 * @typedef {{ply: number, text: string}} RecordMove  a move and the entry it leads to
 * @typedef {{number: number, white: RecordMove | null, black: RecordMove | null}} RecordRow
 */

/**
 * The moves of a game's line (entries after the first), numbered in pairs from White's moves;
 * a line that starts with Black to move begins "1... ".
 * @param {import("../shared/types.js").Game | null} game
 * @returns {RecordRow[]}
 */
export function recordRows(game) {
  /** @type {RecordRow[]} */
  const rows = [];
  if (!game) return rows;
  game.entries.forEach((entry, ply) => {
    if (ply === 0 || !entry.move) return;
    const mover = game.entries[ply - 1].position.turn;
    const item = { ply, text: entry.move.notation || "?" };
    const last = rows[rows.length - 1];
    if (mover === "w" || !last || last.black) {
      rows.push({ number: (last?.number ?? 0) + 1, white: mover === "w" ? item : null, black: mover === "w" ? null : item });
    } else {
      last.black = item;
    }
  });
  return rows;
}

/** The record as one line of text: "1. Qc2(I)-c5(IV)+ Kd4(II)-d3(II) 2. ...". */
export function recordText(rows) {
  return rows.map((row) => `${row.number}.${row.white ? ` ${row.white.text}` : ".."} ${row.black ? row.black.text : ""}`.trim())
    .join(" ");
}

/**
 * The moves for the page's address: the server's notation without its check and mate signs
 * (which the server writes again when it reads the record back), joined by commas: the
 * characters of a move ([A-Za-z0-9()-]) need no escaping in a query.
 * @param {RecordRow[]} rows
 */
export function urlMoves(rows) {
  return rows.flatMap((row) => [row.white, row.black]).filter((m) => m !== null)
    .map((m) => m.text.replace(/[+#]$/, "")).join(",");
}

/**
 * The address's pieces of custom men, "&pieces=U=011*;A=111*,012" (the server's canonical texts,
 * which need no escaping), or "" when there are none.
 * @param {Object<string, string> | undefined} custom  letter -> atoms
 */
export function piecesQuery(custom) {
  const letters = Object.keys(custom || {});
  return letters.length ? `&pieces=${letters.map((letter) => `${letter}=${custom?.[letter]}`).join(";")}` : "";
}

/**
 * The page's query for a game: its first board (the URL form the server wrote), the side to
 * move there, the custom men's pieces, the moves played and, when an earlier move is shown, its ply.
 * @param {{board: string, turn: string, moves: string, ply: number, last: number, custom?: Object<string, string>}} game
 */
export function gameQuery({ board, turn, moves, ply, last, custom }) {
  let query = `?board=${board}&turn=${turn}${piecesQuery(custom)}`;
  if (moves) query += `&moves=${moves}`;
  if (moves && ply !== last) query += `&ply=${ply}`;
  return query;
}
