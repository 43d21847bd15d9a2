// @ts-check
// The geometry of the board's overlay (arrows.js draws it): where an arrow's line ends and how a
// ray runs, from its two ends' points {x, y, size} in px. Pure: numbers in, numbers out.

/** @typedef {{x: number, y: number}} Point */
/** @typedef {{x: number, y: number, size: number}} SquarePoint  a square's centre and width */

/**
 * An arrow from ``a`` to ``b``: its line stops short of the target's centre, so the head does not
 * cover the piece's face, and is the thicker the smaller of the two squares.
 * @param {SquarePoint} a
 * @param {SquarePoint} b
 * @returns {{start: Point, end: Point, width: number}}
 */
export function arrowLine(a, b) {
  const size = Math.min(a.size, b.size);
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const shorten = Math.min(size * 0.35, length / 3);
  const end = { x: b.x - ((b.x - a.x) / length) * shorten, y: b.y - ((b.y - a.y) / length) * shorten };
  return { start: { x: a.x, y: a.y }, end, width: Math.max(3, size * 0.16) };
}

/**
 * A ray from the piece's square ``a`` to the last square it reaches ``b``: it starts at the rim of
 * the piece's square, so the piece stays in view, ends in a dot, and a blocked ray in a bar across.
 * @param {SquarePoint} a
 * @param {SquarePoint} b
 * @param {boolean} blocked
 * @returns {{start: Point, end: Point, width: number, dot: number, bar: [Point, Point] | null}}
 */
export function rayShape(a, b, blocked) {
  const width = Math.max(2, Math.min(a.size, b.size) * 0.07);
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const rim = Math.min(a.size * 0.42, length / 2);
  const start = { x: a.x + ((b.x - a.x) / length) * rim, y: a.y + ((b.y - a.y) / length) * rim };
  /** @type {[Point, Point] | null} */
  let bar = null;
  if (blocked) {
    const nx = -(b.y - a.y) / length;
    const ny = (b.x - a.x) / length;
    const half = Math.max(width * 2.5, b.size * 0.3);
    bar = [{ x: b.x - nx * half, y: b.y - ny * half }, { x: b.x + nx * half, y: b.y + ny * half }];
  }
  return { start, end: { x: b.x, y: b.y }, width, dot: width * 1.4, bar };
}

/**
 * The ring around the moving piece's square, seen through any layer in front of it.
 * @param {SquarePoint} a
 */
export function originRing(a) {
  return { x: a.x, y: a.y, r: a.size * 0.42, width: Math.max(2, a.size * 0.06) };
}
