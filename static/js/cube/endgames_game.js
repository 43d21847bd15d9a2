// A game on the 3D endgames page: the positions played so far and whose turn it is. Positions are
// {n, pieces: {"x,y,z": "wK"}, turn}; every value and legal move comes from the server's probe.
// No DOM here.

import { cubeToKey } from "./notation.js";
import { judgeMove, movesToMate } from "../shared/tablebase_play.js";

export function newGame(position, probe) {
  return { entries: [{ position, probe, move: null, verdict: null }], ply: 0 };
}

export const current = (game) => game.entries[game.ply];
export const whiteToMove = (entry) => entry.position.turn === "w";

/** A probe move's cubes as board keys. */
export const moveKeys = (move) => ({ from: cubeToKey(move.from), to: cubeToKey(move.to) });

/** The position after a move of the probe: the piece goes to its cube (taking whatever stood there). */
export function afterMove(position, move) {
  const { from, to } = moveKeys(move);
  const pieces = { ...position.pieces };
  pieces[to] = pieces[from];
  delete pieces[from];
  return { n: position.n, pieces, turn: position.turn === "w" ? "b" : "w" };
}

/** Appends the position after ``move`` (dropping any later line); ``name`` writes the move for verdicts. */
export function playMove(game, move, by, name) {
  const before = current(game);
  const entry = {
    position: afterMove(before.position, move),
    probe: null,
    move: { ...move, by, name, ...moveKeys(move), took: Boolean(before.position.pieces[moveKeys(move).to]) },
    verdict: by === "user" ? judgeMove(before.probe, move, name) : null,
  };
  game.entries = [...game.entries.slice(0, game.ply + 1), entry];
  game.ply += 1;
  return entry;
}

/** The end of the game at the current entry, or null while it goes on. */
export function outcome(game) {
  const entry = current(game);
  const probe = entry.probe;
  if (!probe) return null;
  const played = userMoves(game);
  const optimal = optimalMoves(game);
  if (probe.checkmate) {
    return {
      status: "checkmate",
      text: optimal !== null && played === optimal
        ? `Checkmate in ${played} — the fastest mate there is.`
        : `Checkmate in ${played}. The fastest mate took ${optimal}.`,
    };
  }
  if (probe.stalemate) return { status: "stalemate", text: "Stalemate: a draw." };
  if (probe.category === "draw") {
    const taken = entry.move && entry.move.by === "computer" && entry.move.took;
    return { status: "draw", text: taken ? "The lone king took a piece: the mate is gone." : "No forced mate any more: a draw." };
  }
  return null;
}

export function userMoves(game, upTo = game.ply) {
  let count = 0;
  for (let i = 1; i <= upTo; i++) if (game.entries[i].move?.by === "user") count += 1;
  return count;
}

/** Moves the fastest mate needs from the start (null for a start that is not won). */
export function optimalMoves(game) {
  const first = game.entries[0].probe;
  if (!first || first.category !== "win") return null;
  return movesToMate(first.dtm);
}

export function remainingMoves(entry) {
  if (!entry.probe || entry.probe.category === "draw") return null;
  return movesToMate(entry.probe.dtm);
}

/** The latest earlier entry where White was to move: where undo goes. */
export function undoTarget(game) {
  for (let i = game.ply - 1; i >= 0; i--) if (whiteToMove(game.entries[i])) return i;
  return null;
}
