// @ts-check
// The numbers of the turnable 3D view (space.js), without the DOM: how big a cube is drawn, how
// the camera's angles stay in range, and the 2D matrix that stands a piece up on a tilted plane.

export const SPREAD = 1.6; // the layers are pulled apart along the slicing axis by this much
const MAX_STRETCH = 3; // a piece on a plane seen almost edge-on is stretched at most this much

/**
 * @param {number} value
 * @param {[number, number]} range
 */
export const clamp = (value, [lo, hi]) => Math.min(hi, Math.max(lo, value));

/** An angle in degrees brought into [-180, 180). */
export const wrapDegrees = (angle) => ((((angle + 180) % 360) + 360) % 360) - 180;

/**
 * The side of a cube in px for an n-cube shown in a width × height scene: the stretched cube's
 * bounding sphere (plus room for standing pieces) fits, within 12..84 px.
 * @param {number} width
 * @param {number} height
 * @param {number} n
 */
export function cubeSide(width, height, n) {
  const radius = Math.hypot(n, n, n * SPREAD) / 2 + 0.8;
  return Math.max(12, Math.min(84, (Math.min(width, height) * 0.5) / (radius * 0.9)));
}

/**
 * The 2D matrix [a, b, c, d] that undoes how a plane is seen: ``u`` and ``v`` are where the plane's
 * unit x and y land on screen. Its inverse, scaled down so that no direction is stretched more
 * than MAX_STRETCH (a plane seen nearly edge-on would blow a piece up without end).
 * @param {{x: number, y: number}} u
 * @param {{x: number, y: number}} v
 * @returns {[number, number, number, number]}
 */
export function uprightMatrix(u, v) {
  const det = u.x * v.y - v.x * u.y || 1e-6;
  /** @type {[number, number, number, number]} */
  const inverse = [v.y / det, -u.y / det, -v.x / det, u.x / det];
  const [a, b, c, d] = inverse;
  // The largest singular value of [[a, c], [b, d]]: how much the matrix stretches at most.
  const stretch = Math.sqrt((a * a + b * b + c * c + d * d + Math.hypot(a - d, b + c) * Math.hypot(a + d, b - c)) / 2);
  if (stretch <= MAX_STRETCH) return inverse;
  const k = MAX_STRETCH / stretch;
  return [a * k, b * k, c * k, d * k];
}
