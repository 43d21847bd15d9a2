// @ts-check
// The lines a selected piece moves along, from the destinations the server gave: destinations are
// grouped by direction from the piece (geometry only, no rules), and each direction's line ends at
// its farthest destination. A slider's line that ends before the board's edge was stopped (by a
// piece, or by its king's safety); a knight's leap is its own line.

import { cubeKey, parseCubeKey } from "./keys.js";

function gcd(a, b) {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}

/** [{from, to, blocked, leap}] for the piece on `from` (a cube key), `dests` its destinations' keys. */
export function raysOf(from, dests, { n, slides }) {
  const origin = parseCubeKey(from);
  if (!origin || !dests?.length) return [];
  const farthest = new Map(); // direction -> {steps, key}
  for (const key of dests) {
    const cube = parseCubeKey(key);
    if (!cube) continue;
    const delta = cube.map((c, i) => c - origin[i]);
    const steps = delta.reduce(gcd, 0);
    if (steps === 0) continue;
    const direction = delta.map((d) => d / steps);
    const id = direction.join(",");
    if (!farthest.has(id) || farthest.get(id).steps < steps) farthest.set(id, { steps, key, direction });
  }
  return [...farthest.values()].map(({ steps, key, direction }) => {
    const unit = direction.every((d) => Math.abs(d) <= 1);
    const next = parseCubeKey(key).map((c, i) => c + direction[i]);
    const onBoard = next.every((c) => c >= 0 && c < n);
    return {
      from,
      to: cubeKey(...parseCubeKey(key)),
      steps,
      leap: !unit,
      blocked: slides && unit && onBoard,
    };
  });
}
