// The trainer's and the lessons' game: the shared controller (shared/table_game.js) on an 8×8
// board whose positions are FEN, probed by /api/tablebase, with moves in UCI and named in SAN; and
// what the pages read of a game: its end in words, the chart's points, the king in check.

import { current, optimalMoves, other, remainingMoves, strongMovesUpTo, userMovesUpTo } from "../shared/game_line.js";
import { createTableGame } from "../shared/table_game.js";
import { count } from "../shared/words.js";
import { probeCached } from "./api.js";
import { colorName, moveKeys } from "./position.js";

export {
  current, lastReplies, optimalMoves, remainingMoves, strongMovesUpTo, userMovesUpTo, userToMove,
} from "../shared/game_line.js";
export { stubbornReplies } from "../shared/tablebase_play.js";
export { FIFTY } from "../shared/table_game.js";

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
    play: (before, move) => ({ position: { pieces: move.pieces, turn: other(before.position.turn) }, fen: move.fen }),
    name: (move) => move.san,
    keys: moveKeys,
    lost: "a piece can be taken.",
    ...hooks,
  });
  /** role "pieces": the user plays the side with the men; "king": the lone king. */
  function startFen(fen, probe, role = "pieces") {
    const position = { pieces: probe.pieces, turn: probe.turn };
    table.start({ fen, position }, probe, { role, strong: probe.strong });
  }
  return Object.assign(table, { startFen });
}

/** The end of the game at this entry, or null while it goes on. */
export function outcome(game, entry = current(game)) {
  const probe = entry.probe;
  if (!probe) return null;
  const index = game.entries.indexOf(entry);
  const played = userMovesUpTo(game, index);
  const optimal = optimalMoves(game);
  if (probe.checkmate) {
    const loser = entry.position.turn;
    if (loser === game.user) {
      const lasted = strongMovesUpTo(game, index);
      const score = optimal ? Math.round((100 * lasted) / optimal) : null;
      return {
        status: "checkmate",
        text: optimal === null
          ? `${colorName(game.user)} is checkmated.`
          : `Mated after ${count(lasted, "move")}; the most stubborn defence holds ${optimal}. Score: ${score}%.`,
        lasted,
        score,
      };
    }
    const perfect = optimal !== null && played === optimal;
    return {
      status: "checkmate",
      text: perfect
        ? `Checkmate in ${count(played, "move")} — the fastest mate there is. Perfect!`
        : `Checkmate in ${count(played, "move")}. The fastest mate took ${optimal}: ${played - optimal} more to shave off.`,
    };
  }
  if (probe.stalemate) return { status: "stalemate", text: "Stalemate: the lone king cannot move, so it is a draw." };
  if (probe.insufficient_material) {
    const last = entry.move;
    const taken = last && last.by === "computer" && last.zeroing;
    return {
      status: "draw",
      text: taken
        ? `The lone king took a piece (${last.san}). One minor piece cannot mate: a draw.`
        : "One minor piece cannot mate: a draw.",
    };
  }
  if (probe.fifty_move_draw) {
    return { status: "draw", fifty: true, text: `Fifty moves without mate: a draw by the fifty-move rule.` };
  }
  return null;
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
