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
 * The side of a cube in px for an n-cube shown in a width × height scene, within 12..84 px: the
 * largest for which the whole cube (its planes pulled apart along the slicing axis, the pieces
 * standing on them, the planes' names beside them) stays in the scene from every camera its bounds
 * allow (allowed()), perspective included.
 * @param {number} width
 * @param {number} height
 * @param {number} n
 * @param {string} [axis]
 * @param {number} [names]  the longest plane's name, in characters ("VIII", "rank 10")
 */
export function cubeSide(width, height, n, axis = "z", names = 4) {
  return largestSide({ width, height, n, axis, names }, boundedCameras(axis), [12, 84], null);
}

/**
 * The zoom that frames the cube seen from ``camera`` (as large as the scene allows, within the
 * zoom's range), its cubes ``side`` px at zoom 1.
 * @param {number} width
 * @param {number} height
 * @param {number} n
 * @param {string} axis
 * @param {{spin: number, tilt: number}} camera
 * @param {number} side
 * @param {number} [names]
 */
export function framingZoom(width, height, n, axis, camera, side, names = 4) {
  const framed = largestSide({ width, height, n, axis, names }, [rotation(camera.spin, camera.tilt)],
                             [side * ZOOM_RANGE[0], side * ZOOM_RANGE[1]], side);
  return clamp(Math.max(1, framed / side), ZOOM_RANGE);
}

/**
 * The largest side within ``range`` for which the cube fits the scene from each of ``cameras``;
 * ``base`` the side at zoom 1 (null: the side itself), of which the planes' names take their size.
 * @param {{width: number, height: number, n: number, axis: string, names: number}} scene
 * @param {number[][][]} cameras
 * @param {[number, number]} range
 * @param {number | null} base
 */
function largestSide({ width, height, n, axis, names }, cameras, range, base) {
  const corners = cubeCorners(n, axis);
  const perspective = Math.max(width, height) * 2.2;
  const fits = (side) => {
    // A plane's name stands on its left, in a font of 0.36 cube within 0.7rem..0.95rem (then zoomed).
    const zoom = base ? side / base : 1;
    const font = clamp((base ?? side) * 0.36, [11.2, 15.2]) * zoom;
    const room = names * font * 0.78 + 6.4 * zoom; // bold serif letters, spaced 0.08em
    return cameras.every((matrix) => corners.every(([x, y, z]) => {
      const p = rotate(matrix, x * side, y * side, z * side);
      const f = perspective / (perspective - p.z);
      const sx = p.x * f;
      const sy = p.y * f;
      // A standing piece rises about a cube above its cube.
      return sx - room >= -width / 2 && sx + 0.6 * side <= width / 2 &&
        sy - 1.1 * side >= -height / 2 && sy + 0.4 * side <= height / 2;
    }));
  };
  let [lo, hi] = range;
  if (fits(hi)) return hi;
  if (!fits(lo)) return lo;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The corners (in cubes, from the centre) of the planes of an n-cube pulled apart along ``axis``. */
function cubeCorners(n, axis) {
  const half = n / 2;
  const spread = ((n - 1) / 2) * SPREAD;
  const extent = { x: axis === "x" ? spread : half, y: axis === "y" ? spread : half, z: axis === "z" ? spread : half };
  const found = [];
  for (const x of [-1, 1]) for (const y of [-1, 1]) for (const z of [-1, 1]) found.push([x * extent.x, y * extent.y, z * extent.z]);
  return found;
}

/** @type {Map<string, number[][][]>} */
const cameraSamples = new Map();

/** Rotation matrices of cameras spread over the bounds of a slicing axis (every 15° of spin, 5° of tilt). */
function boundedCameras(axis) {
  let found = cameraSamples.get(axis);
  if (!found) {
    found = [];
    for (let spin = -180; spin < 180; spin += 15) {
      for (let tilt = 0; tilt <= 90; tilt += 5) {
        if (allowed({ spin, tilt, zoom: 1 }, axis)) found.push(rotation(spin, tilt));
      }
    }
    cameraSamples.set(axis, found);
  }
  return found;
}

/** CSS's rotateX(tilt) rotateZ(spin) as a 3×3 matrix (rows). */
function rotation(spin, tilt) {
  const [s, t] = [spin * Math.PI / 180, tilt * Math.PI / 180];
  const [cs, ss, ct, st] = [Math.cos(s), Math.sin(s), Math.cos(t), Math.sin(t)];
  return [[cs, -ss, 0], [ct * ss, ct * cs, -st], [st * ss, st * cs, ct]];
}

function rotate(m, x, y, z) {
  return {
    x: m[0][0] * x + m[0][1] * y + m[0][2] * z,
    y: m[1][0] * x + m[1][1] * y + m[1][2] * z,
    z: m[2][0] * x + m[2][1] * y + m[2][2] * z,
  };
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

// The camera of the 3D view: spin (degrees about the vertical), tilt (0 would be the eye straight
// above the levels, 90 is level with them) and zoom. Its bounds keep every layer readable: the layers'
// planes never turn further than about 70 degrees from the viewer (a plane seen edge-on is a line,
// its pieces gone), whichever way the cube is sliced.

/** @typedef {{spin: number, tilt: number, zoom: number}} Camera */

export const MIN_FACING = 0.34; // cos 70°: how squarely the planes must at least face the viewer
// Never straight from above: the levels would lie on one another and hide each other's pieces.
export const TILT_RANGE = /** @type {[number, number]} */ ([10, 90]);
export const ZOOM_RANGE = /** @type {[number, number]} */ ([0.5, 3]);

/** The first camera for each slicing axis: from the front and above, facing the planes' fronts. */
export const DEFAULT_CAMERA = {
  z: { spin: -24, tilt: 56, zoom: 1 },
  y: { spin: -22, tilt: 68, zoom: 1 },
  x: { spin: 68, tilt: 68, zoom: 1 },
};

/** The preset views: from above, from the front (White's side), from the side (the h-file's), from a corner. */
export const PRESETS = {
  above: { spin: 0, tilt: 15 },
  front: { spin: 0, tilt: 64 },
  side: { spin: 90, tilt: 64 },
  corner: { spin: -40, tilt: 52 },
};

const RADIANS = Math.PI / 180;

/**
 * How squarely the planes of a slicing axis face the camera: |cos| of the angle between their
 * normal and the line of sight, 1 face-on, 0 edge-on. The camera is CSS's rotateX(tilt)
 * rotateZ(spin); the levels' normal is the scene's Z, the ranks' Y, the files' X.
 * @param {{spin: number, tilt: number}} camera
 * @param {string} axis
 */
export function facing({ spin, tilt }, axis) {
  const s = spin * RADIANS;
  const t = tilt * RADIANS;
  if (axis === "y") return Math.abs(Math.sin(t) * Math.cos(s));
  if (axis === "x") return Math.abs(Math.sin(t) * Math.sin(s));
  return Math.abs(Math.cos(t));
}

/** Whether a camera is within its bounds for the slicing axis. */
export function allowed(camera, axis) {
  return facing(camera, axis) >= MIN_FACING - 1e-9 && camera.tilt >= TILT_RANGE[0] && camera.tilt <= TILT_RANGE[1] &&
    camera.zoom >= ZOOM_RANGE[0] && camera.zoom <= ZOOM_RANGE[1];
}

/**
 * The camera reached going from ``from`` (within bounds) towards ``to``: ``to`` itself when it is
 * within them, else the last camera within them on the way (the spin turned the short way round).
 * @param {Camera} from
 * @param {Camera} to
 * @param {string} axis
 * @returns {Camera}
 */
export function boundedCamera(from, to, axis) {
  const target = { spin: wrapDegrees(to.spin), tilt: clamp(to.tilt, TILT_RANGE), zoom: clamp(to.zoom, ZOOM_RANGE) };
  if (allowed(target, axis)) return target;
  const turn = wrapDegrees(target.spin - from.spin);
  const steps = 240;
  let best = { ...from, zoom: target.zoom };
  for (let i = 1; i <= steps; i++) {
    const u = i / steps;
    const at = { spin: wrapDegrees(from.spin + turn * u), tilt: from.tilt + (target.tilt - from.tilt) * u, zoom: target.zoom };
    if (!allowed(at, axis)) break;
    best = at;
  }
  return best;
}

/**
 * A preset view for a slicing axis, as near to it as the bounds allow (from above, the ranks' and
 * files' upright planes would be edge-on: the view stops where they still show).
 * @param {keyof typeof PRESETS} name
 * @param {string} axis
 * @param {number} zoom
 * @returns {Camera}
 */
export function presetCamera(name, axis, zoom = 1) {
  const start = DEFAULT_CAMERA[axis] || DEFAULT_CAMERA.z;
  return boundedCamera({ ...start, zoom }, { ...PRESETS[name], zoom }, axis);
}

/** The camera for a URL: "spin,tilt,zoom", rounded. */
export function cameraText({ spin, tilt, zoom }) {
  return [Math.round(spin), Math.round(tilt), Math.round(zoom * 100) / 100].join(",");
}

/**
 * A camera read from its URL text (brought within bounds, which its rounding may have left by a
 * hair), or null when it is not one.
 * @param {string | null} text
 * @param {string} axis
 * @returns {Camera | null}
 */
export function readCamera(text, axis) {
  const parts = String(text ?? "").split(",").map(Number);
  if (parts.length !== 3 || !parts.every(Number.isFinite)) return null;
  const start = DEFAULT_CAMERA[axis] || DEFAULT_CAMERA.z;
  return boundedCamera(start, { spin: parts[0], tilt: parts[1], zoom: parts[2] }, axis);
}

// How a plane of each slicing axis is turned out of the screen plane.
export const PLANE_TURN = { z: "", y: "rotateX(-90deg)", x: "rotateZ(-90deg) rotateX(-90deg)" };

/**
 * The CSS transform of plane ``layer`` of ``n`` (cubes ``side`` px) sliced along ``axis``: pulled
 * apart from the cube's centre by SPREAD, turned out of the screen plane, centred.
 * @param {number} layer
 * @param {number} n
 * @param {number} side
 * @param {"x" | "y" | "z"} axis
 */
export function planeTransform(layer, n, side, axis) {
  const offset = (layer - (n - 1) / 2) * side * SPREAD;
  const centre = { z: `0, 0, ${-offset}px`, y: `0, ${offset}px, 0`, x: `${offset}px, 0, 0` }[axis];
  const whole = n * side;
  return `translate3d(${centre}) ${PLANE_TURN[axis]} translate(${-whole / 2}px, ${-whole / 2}px)`;
}

/**
 * Which of the planes' name boxes are crowded out: each box that overlaps one shown before it.
 * @param {{left: number, right: number, top: number, bottom: number}[]} boxes
 * @returns {boolean[]}
 */
export function crowdedBoxes(boxes) {
  const shown = [];
  return boxes.map((box) => {
    const hit = shown.some((other) => box.left < other.right && other.left < box.right &&
                                      box.top < other.bottom && other.top < box.bottom);
    if (!hit) shown.push(box);
    return hit;
  });
}
