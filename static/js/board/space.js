// @ts-check
// The turnable 3D view: the layers are planes in one CSS 3D space (perspective on the board,
// `transform-style: preserve-3d` down to the squares), pulled apart along the slicing axis, seen by
// a camera the user orbits and zooms. The browser hit-tests the transformed squares itself
// (elementFromPoint), so clicks and drops land on the cube under the pointer; rays and labels use
// `project`, the same matrices in JavaScript.
//
// Space coordinates (CSS axes: X right, Y down, Z towards the viewer when seen from above): cube
// [x, y, z] sits at ((x - c)s, (y - c)s, (c - z)s) with c = (n - 1) / 2 and s the cube size, the
// slicing axis stretched by SPREAD. The camera is scale(zoom) rotateX(tilt) rotateZ(spin), kept
// within bounds where every plane still faces the viewer (space_math.js).

import { parseCubeKey } from "./keys.js";
import {
  allowed, boundedCamera, crowdedBoxes, cubeSide, DEFAULT_CAMERA, framingZoom, PLANE_TURN, planeTransform, presetCamera,
  SPREAD, uprightMatrix, wrapDegrees,
} from "./space_math.js";

/**
 * The view's state: its host, the camera and the slicing axis it was chosen for (another axis
 * starts from its default), whether it is framed (the first view, Reset or a preset: zoomed to
 * frame the cube until the user turns or zooms), the planes' geometry while the view is active.
 * @typedef {{host: any, camera: {spin: number, tilt: number, zoom: number}, cameraAxis: string, framed: boolean,
 *   told: string, active: boolean, geo: Geometry | null, sections: HTMLElement[], matrix: DOMMatrix, facing: string,
 *   frame: number, names: number}} View
 * @typedef {{n: number, axis: "z" | "y" | "x", s: number, width: number, height: number, perspective: number}} Geometry
 */

/**
 * host: {root, layersEl, onChange(), onCamera?(camera)} (onChange: the view was drawn anew, redraw
 * overlays; onCamera: the camera is another one).
 */
export function createSpace(host) {
  /** @type {View} */
  const v = {
    host, camera: { ...DEFAULT_CAMERA.z }, cameraAxis: "z", framed: true, told: "", active: false, geo: null,
    sections: [], matrix: new DOMMatrix(), facing: "", frame: 0,
    names: 4, // the longest plane's name, in characters
  };
  return {
    /** Places the planes for the current size; call after every build and resize. */
    layout: (config, layerSections) => layout(v, config, layerSections),
    deactivate: () => deactivate(v),
    pieceAt: (x, y, cells) => pieceAt(v, x, y, cells),
    /** New pieces (a render added them) stand up too. */
    facePieces(pieces) {
      if (!v.active || !v.geo) return;
      for (const piece of pieces) if (piece.style.transform !== v.facing) piece.style.transform = v.facing;
    },
    /** The planes' names shown anew (after one layer alone, whose names a page may hide, or all). */
    relabel() {
      if (v.active && v.geo) uncrowd([...host.root.querySelectorAll(".board-layer-label")]);
    },
    /** Turns the view: dSpin degrees about the vertical, dTilt degrees lower (negative: higher). */
    orbit: (dSpin, dTilt) => moveTo(v, { spin: v.camera.spin + dSpin, tilt: v.camera.tilt + dTilt, zoom: v.camera.zoom }),
    zoomBy: (factor) => moveTo(v, { ...v.camera, zoom: v.camera.zoom * factor }),
    reset: () => frameFrom(v, { ...(DEFAULT_CAMERA[v.cameraAxis] || DEFAULT_CAMERA.z) }),
    /** @param {"above" | "front" | "side" | "corner"} name */
    preset: (name) => frameFrom(v, presetCamera(name, v.cameraAxis, 1)),
    setCamera: (next, axis) => setCamera(v, next, axis),
    project: (cube) => project(v, cube),
    get active() {
      return v.active;
    },
    get camera() {
      return { ...v.camera };
    },
  };
}

/** @param {View} v */
function layout(v, config, layerSections) {
  const { root } = v.host;
  v.sections = layerSections;
  v.active = true;
  if (v.cameraAxis !== config.axis) {
    v.camera = { ...(DEFAULT_CAMERA[config.axis] || DEFAULT_CAMERA.z) };
    v.cameraAxis = config.axis;
    v.framed = true;
  }
  const n = config.layers;
  const width = root.clientWidth || 600;
  const height = root.clientHeight || 500;
  v.names = Math.max(1, ...v.sections.map((section) => section.querySelector(".board-layer-label")?.textContent?.length ?? 0));
  const s = cubeSide(width, height, n, config.axis, v.names);
  const axis = config.axis;
  v.geo = { n, axis, s, width, height, perspective: Math.max(width, height) * 2.2 };
  if (v.framed) v.camera.zoom = framingZoom(width, height, n, axis, v.camera, s, v.names);
  root.style.setProperty("--cube-size", `${s}px`);
  root.style.perspective = `${v.geo.perspective}px`;
  v.sections.forEach((section, layer) => {
    section.style.transform = planeTransform(layer, n, s, axis);
  });
  apply(v);
}

/** @param {View} v */
function deactivate(v) {
  const { root, layersEl } = v.host;
  v.active = false;
  cancelAnimationFrame(v.frame);
  v.frame = 0;
  layersEl.style.transform = "";
  root.style.perspective = "";
  for (const section of v.sections) section.style.transform = "";
  for (const el of root.querySelectorAll(".piece, .board-layer-label")) el.style.transform = "";
  for (const el of root.querySelectorAll(".board-layer-label.crowded")) el.classList.remove("crowded");
}

/**
 * Writes the camera and turns every piece to face the viewer; overlays redraw after.
 * @param {View} v
 */
function apply(v) {
  if (!v.active || !v.geo) return;
  const { root, layersEl } = v.host;
  const { camera } = v;
  const transform = `scale(${camera.zoom}) rotateX(${camera.tilt}deg) rotateZ(${camera.spin}deg)`;
  v.matrix = new DOMMatrix(transform);
  layersEl.style.transform = transform;
  const upright = standing(v);
  v.facing = `${upright} translateY(-38%)`;
  for (const piece of root.querySelectorAll(".sq > .piece")) piece.style.transform = v.facing;
  const labels = [...root.querySelectorAll(".board-layer-label")];
  for (const label of labels) label.style.transform = upright;
  uncrowd(labels);
  v.host.onChange();
  const now = JSON.stringify(camera);
  if (now !== v.told) {
    v.told = now;
    v.host.onCamera?.({ ...camera });
  }
}

// Planes seen nearly from above (or many of them) bring their names together: a name that
// would overlap one already shown waits until the camera spreads the planes again.
function uncrowd(labels) {
  for (const label of labels) label.classList.remove("crowded");
  const crowded = crowdedBoxes(labels.map((label) => label.getBoundingClientRect()));
  labels.forEach((label, index) => label.classList.toggle("crowded", crowded[index]));
}

// Pieces (and the layers' names) stand up facing the viewer, yet are drawn in their plane (so the plane stays one flat,
// cheap layer): each gets the inverse of how its plane is seen, a 2D matrix that undoes the
// plane's turn and foreshortening (perspective aside), capped for planes seen nearly edge-on.
/** @param {View} v */
function standing(v) {
  const seen = new DOMMatrix(`rotateX(${v.camera.tilt}deg) rotateZ(${v.camera.spin}deg) ${PLANE_TURN[v.geo?.axis || "z"]}`);
  const [a, b, c, d] = uprightMatrix(seen.transformPoint(new DOMPoint(1, 0, 0)), seen.transformPoint(new DOMPoint(0, 1, 0)));
  return `matrix(${a}, ${b}, ${c}, ${d}, 0, 0)`;
}

/** @param {View} v */
function schedule(v) {
  if (v.frame) return;
  v.frame = requestAnimationFrame(() => {
    v.frame = 0;
    apply(v);
  });
}

/**
 * Moves the camera towards ``to``, as far as its bounds allow.
 * @param {View} v
 */
function moveTo(v, to) {
  v.camera = boundedCamera(v.camera, to, v.cameraAxis);
  v.framed = false;
  schedule(v);
}

/**
 * A framed view from ``to`` (its zoom frames the cube).
 * @param {View} v
 */
function frameFrom(v, to) {
  const geo = v.geo;
  v.camera = { ...to, zoom: geo ? framingZoom(geo.width, geo.height, geo.n, v.cameraAxis, to, geo.s, v.names) : 1 };
  v.framed = true;
  schedule(v);
}

/**
 * A camera chosen elsewhere (a URL's) for the slicing axis ``axis``; refused (false) when it is
 * beyond the bounds.
 * @param {View} v
 * @param {{spin: number, tilt: number, zoom: number}} next
 * @param {string} axis
 */
function setCamera(v, next, axis) {
  if (!allowed(next, axis)) return false;
  v.camera = { spin: wrapDegrees(next.spin), tilt: next.tilt, zoom: next.zoom };
  v.cameraAxis = axis;
  v.framed = false;
  schedule(v);
  return true;
}

/**
 * Where the centre of cube [x, y, z] appears, in px from the board's top-left; size = cube side.
 * @param {View} v
 * @param {[number, number, number] | null} cube
 */
function project(v, cube) {
  if (!v.active || !v.geo || !cube) return null;
  const [x, y, z] = cube;
  const { n, s, axis } = v.geo;
  const c = (n - 1) / 2;
  const k = (name) => (name === axis ? SPREAD : 1);
  const point = v.matrix.transformPoint(new DOMPoint((x - c) * s * k("x"), (y - c) * s * k("y"), (c - z) * s * k("z")));
  const f = v.geo.perspective / (v.geo.perspective - point.z);
  return { x: v.geo.width / 2 + point.x * f, y: v.geo.height / 2 + point.y * f, size: s * v.camera.zoom * f, depth: point.z };
}

/**
 * The key of the piece drawn at client point (x, y), the nearest to the viewer where several
 * overlap, or null. The browser's own hit test would find the plane in front (an upper layer's
 * empty, see-through cube) rather than the piece the user sees through it.
 * cells: Map key -> {el} of the board's squares.
 * @param {View} v
 */
function pieceAt(v, x, y, cells) {
  if (!v.active || !v.geo) return null;
  /** @type {{key: string, depth: number} | null} */
  let best = null;
  for (const [key, { el }] of cells) {
    const piece = el.firstElementChild?.classList.contains("piece") ? el.firstElementChild : null;
    if (!piece || el.closest(".board-layer.ghost")) continue;
    const box = piece.getBoundingClientRect();
    // The figure fills the middle of its box (the SVG is 92% of it, the shapes narrower still).
    const insetX = box.width * 0.15;
    const insetY = box.height * 0.06;
    if (x < box.left + insetX || x > box.right - insetX || y < box.top + insetY || y > box.bottom - insetY) continue;
    const depth = project(v, parseCubeKey(key))?.depth ?? -Infinity;
    if (!best || depth > best.depth) best = { key, depth };
  }
  return best?.key ?? null;
}
