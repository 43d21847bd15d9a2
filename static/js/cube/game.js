// @ts-check
// A game between two people on the lab's board, from any position the lab set up. The server keeps
// the rules and the record (POST /api/3d/game): it checks each move, writes it (Qb3(I)-a3(I)+) and
// answers the position after it. Here, without the DOM: which move the report allows, the moves to
// send, the position shown at a step of the record, the numbered move list.

/**
 * One move of the record as the server wrote it.
 * @typedef {Object} GameMove
 * @property {number[]} from
 * @property {number[]} to
 * @property {string} piece  "wQ"
 * @property {string} notation  "Qb3(I)-a3(I)+"
 * @property {boolean} capture
 * @property {boolean} check
 * @property {boolean} checkmate
 * @property {boolean} stalemate
 * @property {string} board  the board after it, in its URL form
 * @property {"w" | "b"} turn  to move after it
 * @property {Object<string, string>} pieces  after it
 */

/**
 * The server's answer on a game: its start, its moves, the record to save, the moves' URL form.
 * @typedef {Object} GameRecord
 * @property {number} n
 * @property {string} board  the start, in its URL form
 * @property {"w" | "b"} turn  to move at the start
 * @property {Object<string, string>} pieces  at the start
 * @property {Object<string, string>} [custom_pieces]  the pieces the game defines: letter -> atoms
 * @property {GameMove[]} moves
 * @property {string | null} result  "1-0", "0-1", "1/2-1/2" once over
 * @property {string} record  the whole record as text
 * @property {string} url  the moves for the address
 */

/**
 * A game on the lab's board: the server's record and the step of it shown (0: the start).
 * @typedef {{record: GameRecord, ply: number}} LabGame
 */

/** Whether the server's report lets a game start here (both kings, the waiting king not in check). */
export function canStart(report) {
  return !!report && report.problems.length === 0;
}

export function isOver(report) {
  return !!report && (report.checkmate || report.stalemate);
}

/** "x,y,z" for [x, y, z]. */
export const keyOf = (cube) => cube.join(",");

/** [x, y, z] for "x,y,z". */
export const cubeOf = (key) => key.split(",").map(Number);

/**
 * Whether the report on the shown position lists from -> to for the side to move.
 * @param {import("./report.js").LabReport | null} report
 */
export function allows(report, pieces, turn, from, to) {
  const piece = pieces[from];
  return !!report && !isOver(report) && !!piece && piece[0] === turn && (report.moves.get(from) || []).includes(to);
}

/**
 * The moves to send for from -> to played at the step shown: the record's moves up to it (the
 * later ones are dropped: a new line), then this one; cube pairs [[x, y, z], [x, y, z]].
 * @param {LabGame} game
 */
export function movesWith(game, from, to) {
  return [...pairs(game.record.moves.slice(0, game.ply)), [cubeOf(from), cubeOf(to)]];
}

/** The record's moves without the last (taking it back). @param {LabGame} game */
export function movesWithoutLast(game) {
  return pairs(game.record.moves.slice(0, -1));
}

/** @param {GameMove[]} moves */
function pairs(moves) {
  return moves.map((move) => [move.from, move.to]);
}

/**
 * The position at step ``ply`` of the record (0: the start), with the move that led to it.
 * @param {GameRecord} record
 * @param {number} ply
 * @returns {{pieces: Object<string, string>, turn: "w" | "b", lastMove: string[] | null}}
 */
export function positionAt(record, ply) {
  const move = ply > 0 ? record.moves[ply - 1] : null;
  if (!move) return { pieces: record.pieces, turn: record.turn, lastMove: null };
  return { pieces: move.pieces, turn: move.turn, lastMove: [keyOf(move.from), keyOf(move.to)] };
}

/** The step ``where`` asks for: "start", "back", "forward", "end" or a number. */
export function stepTo(game, where) {
  const last = game.record.moves.length;
  const ply = { start: 0, back: game.ply - 1, forward: game.ply + 1, end: last }[where] ?? Number(where);
  return Math.max(0, Math.min(last, Number.isInteger(ply) ? ply : game.ply));
}

/**
 * The move list as the record numbers it: "1. Qb3(I)-a3(I)+", "1... Ka3(III)-a2(III)".
 * @param {GameRecord | null} record
 */
export function moveTexts(record) {
  if (!record) return [];
  return record.moves.map((move, index) => {
    const ply = index + (record.turn === "b" ? 1 : 0);
    return `${Math.floor(ply / 2) + 1}${ply % 2 === 0 ? "." : "..."} ${move.notation}`;
  });
}
