// @ts-check
// The lines a selected piece moves along, from the destinations the server gave: destinations are
// grouped by direction from the piece (geometry only, no rules), and each direction's line ends at
// its farthest destination. A slider's line that ends before the board's edge was stopped (by a
// piece, or by its king's safety); a knight's leap is its own line.

import { cubeKey, parseCubeKey } from "./keys.js";

function gcd(a, b) {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}

/**
 * @typedef {{from: string, to: string, steps: number, leap: boolean, blocked: boolean}} Ray
 */

/**
 * The rays of the piece on ``from`` (a cube key) to ``dests``, its destinations' keys; ``n`` is
 * the board's size, ``slides`` whether the piece is a slider (queen, rook, bishop).
 * @param {string} from
 * @param {string[] | null | undefined} dests
 * @param {{n: number, slides: boolean}} piece
 * @returns {Ray[]}
 */
export function raysOf(from, dests, { n, slides }) {
  const origin = parseCubeKey(from);
  if (!origin || !dests?.length) return [];
  /** @type {Map<string, {steps: number, cube: number[], direction: number[]}>} */
  const farthest = new Map(); // direction -> the farthest destination that way
  for (const key of dests) {
    const cube = parseCubeKey(key);
    if (!cube) continue;
    const delta = cube.map((c, i) => c - origin[i]);
    const steps = delta.reduce(gcd, 0);
    if (steps === 0) continue;
    const direction = delta.map((d) => d / steps);
    const id = direction.join(",");
    const known = farthest.get(id);
    if (!known || known.steps < steps) farthest.set(id, { steps, cube, direction });
  }
  return [...farthest.values()].map(({ steps, cube, direction }) => {
    const unit = direction.every((d) => Math.abs(d) <= 1);
    const onBoard = cube.every((c, i) => c + direction[i] >= 0 && c + direction[i] < n);
    return {
      from,
      to: cubeKey(cube[0], cube[1], cube[2]),
      steps,
      leap: !unit,
      blocked: slides && unit && onBoard,
    };
  });
}
