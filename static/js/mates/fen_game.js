// @ts-check
// The trainer's and the lessons' game: the shared controller (shared/table_game.js) on an 8×8
// board whose positions are FEN, probed by /api/tablebase, with moves named in SAN; and what the
// pages read of a game: the chart's points, the king in check. Its end in words: shared/outcome.js.

import { other, remainingMoves } from "../shared/game_line.js";
import { N_, moveName } from "../shared/i18n.js";
import { createTableGame } from "../shared/table_game.js";
import { probeCached } from "./api.js";
import { moveKeys } from "./position.js";

/**
 * An entry of a FEN game: the position's FEN (with the clocks the server keeps) beside the shared
 * fields; the first entry also keeps the FEN's move number (``fullmove``, the server's).
 * @typedef {import("../shared/types.js").Entry & {fen: string, fullmove?: number}} FenEntry
 */

/**
 * The controller for FEN positions, with ``startFen(fen, probe, role)``: a game from a FEN (its
 * halfmove clock counts toward the fifty-move rule; the probe's ``pieces``, ``turn`` and ``strong``
 * and each move's ``fen`` and ``pieces`` after it are the server's: this module reads no FEN).
 * ``hooks``: the controller's pause, waits, onChange and onMoved (types.js).
 * @param {import("../shared/types.js").TableGameState} state
 * @param {{probeUrl: string} & Partial<import("../shared/types.js").TableGameConfig>} hooks
 */
export function createFenGame(state, { probeUrl, ...hooks }) {
  const table = createTableGame(state, {
    probe: (entry) => probeCached(probeUrl, entry.fen),
    // The server gives each move's position after it: its FEN (with the clocks) and pieces.
    play: (before, move) => ({ position: { pieces: move.pieces || {}, turn: other(before.position.turn) }, fen: move.fen }),
    name: (move) => moveName(move.san || ""),  // the move in the page's piece letters, for its sentences
    keys: moveKeys,
    lost: N_("After %(move)s a piece can be taken."),
    ...hooks,
  });
  /**
   * role "pieces": the user plays the side with the men; "king": the lone king.
   * @param {string} fen
   * @param {import("../shared/types.js").ProbeAnswer} probe
   * @param {"pieces" | "king"} [role]
   * @param {number} [fullmove]
   */
  function startFen(fen, probe, role = "pieces", fullmove = 1) {
    const position = { pieces: probe.pieces || {}, turn: probe.turn || "w" };
    table.start({ fen, fullmove, position }, probe, { role, strong: probe.strong });
  }
  return Object.assign(table, { startFen });
}

/** Points of the chart: moves to mate after each of the user's moves (and at the start). */
export function chartPoints(game) {
  const points = [];
  const first = game.entries[0];
  if (first.probe) {
    const start = remainingMoves(first);
    points.push({ x: 0, y: start, kind: "start", ply: 0 });
  }
  let moves = 0;
  game.entries.forEach((entry, index) => {
    if (entry.move?.by !== "user") return;
    moves += 1;
    const kind = entry.verdict?.kind || "neutral";
    const y = entry.move.checkmate ? 0 : entry.move.category === "draw" ? null : entry.move.mate_in;
    points.push({ x: moves, y, kind, ply: index, future: index > game.ply });
  });
  return points;
}

/** The king in check, as the server says (the probe's ``check``), found on the shown board. */
export function checkedKing(entry) {
  if (!entry.probe?.check) return null;
  const pieces = entry.position.pieces;
  return Object.keys(pieces).find((k) => pieces[k] === `${entry.position.turn}K`) || null;
}
