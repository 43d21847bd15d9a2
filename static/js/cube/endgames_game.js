// What the 3D endgames game knows of its positions: {n, pieces: {"x,y,z": "wK"}, turn}. Moves
// are the probe's ({from: [x,y,z], to, piece, pieces after it, ...}): no piece is moved here.

import { other } from "../shared/game_line.js";
import { cubeToKey } from "./notation.js";

/** A probe move's cubes as board keys. */
export const moveKeys = (move) => ({ from: cubeToKey(move.from), to: cubeToKey(move.to) });

/** The position after a move of the probe (its pieces after it are the server's), and whether it
 *  took a man (the page's words at the end). */
export function afterMove(position, move) {
  return { ...position, pieces: move.pieces, turn: other(position.turn), took: Boolean(position.pieces[moveKeys(move).to]) };
}

/** How the game ended at ``entry``, in words (null while it goes on). */
export function outcome(entry, { played, optimal }) {
  const probe = entry.probe;
  if (!probe) return null;
  if (probe.checkmate) {
    return optimal !== null && played === optimal
      ? `Checkmate in ${played} — the fastest mate there is.`
      : `Checkmate in ${played}. The fastest mate took ${optimal}.`;
  }
  if (probe.stalemate) return "Stalemate: a draw.";
  if (probe.category === "draw") {
    return entry.position.took ? "The lone king took a piece: the mate is gone." : "No forced mate any more: a draw.";
  }
  return null;
}
