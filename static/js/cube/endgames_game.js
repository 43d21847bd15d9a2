// What the 3D endgames game knows of its positions: {n, pieces: {"x,y,z": "wK"}, turn}. Moves
// are the probe's ({from: [x,y,z], to, piece, ...}); how to move a piece is all there is here.

import { cubeToKey } from "./notation.js";

/** A probe move's cubes as board keys. */
export const moveKeys = (move) => ({ from: cubeToKey(move.from), to: cubeToKey(move.to) });

/** The position after a move of the probe: the piece goes to its cube (taking whatever stood there). */
export function afterMove(position, move) {
  const { from, to } = moveKeys(move);
  const pieces = { ...position.pieces };
  pieces[to] = pieces[from];
  delete pieces[from];
  return { n: position.n, pieces, turn: position.turn === "w" ? "b" : "w", took: Boolean(position.pieces[to]) };
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
