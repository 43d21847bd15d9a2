// @ts-check
// What the 3D endgames game knows of its positions: {n, pieces: {"x,y,z": "wK"}, turn}. Moves
// are the probe's ({from: [x,y,z], to, piece, pieces after it, ...}): no piece is moved here.
// Its end in words: shared/outcome.js.

import { other } from "../shared/game_line.js";
import { cubeToKey } from "./notation.js";

/** A probe move's cubes as board keys. */
export const moveKeys = (move) => ({ from: cubeToKey(move.from), to: cubeToKey(move.to) });

/** The position after a move of the probe (its pieces after it are the server's). */
export function afterMove(position, move) {
  return { ...position, pieces: move.pieces, turn: other(position.turn) };
}
