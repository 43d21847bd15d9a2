// @ts-check
// The turnable 3D view: the layers are planes in one CSS 3D space (perspective on the board,
// `transform-style: preserve-3d` down to the squares), pulled apart along the slicing axis, seen by
// a camera the user orbits and zooms. The browser hit-tests the transformed squares itself
// (elementFromPoint), so clicks and drops land on the cube under the pointer; rays and labels use
// `project`, the same matrices in JavaScript.
//
// Space coordinates (CSS axes: X right, Y down, Z towards the viewer when seen from above): cube
// [x, y, z] sits at ((x - c)s, (y - c)s, (c - z)s) with c = (n - 1) / 2 and s the cube size, the
// slicing axis stretched by SPREAD. The camera is scale(zoom) rotateX(tilt) rotateZ(spin).

import { parseCubeKey } from "./keys.js";
import { clamp, cubeSide, SPREAD, uprightMatrix, wrapDegrees } from "./space_math.js";

// The first camera for each slicing axis: from the front and above, facing the planes' fronts.
const DEFAULT_CAMERA = {
  z: { spin: -24, tilt: 56, zoom: 1 },
  y: { spin: -22, tilt: 68, zoom: 1 },
  x: { spin: 68, tilt: 68, zoom: 1 },
};
/** @type {[number, number]} */
const TILT_RANGE = [0, 90];
/** @type {[number, number]} */
const ZOOM_RANGE = [0.5, 3];
// How a plane of each slicing axis is turned out of the screen plane.
const PLANE_TURN = { z: "", y: "rotateX(-90deg)", x: "rotateZ(-90deg) rotateX(-90deg)" };

/** host: {root, layersEl, onChange()} (onChange: the camera moved; redraw overlays). */
export function createSpace(host) {
  const { root, layersEl } = host;
  let camera = { ...DEFAULT_CAMERA.z };
  let active = false;
  /** @type {{n: number, axis: "z" | "y" | "x", s: number, width: number, height: number, perspective: number} | null} */
  let geo = null;
  let sections = [];
  let matrix = new DOMMatrix();
  let facing = "";
  let frame = 0;

  /** Places the planes for the current size; call after every build and resize. */
  function layout(config, layerSections) {
    sections = layerSections;
    active = true;
    if (geo?.axis !== config.axis) camera = { ...DEFAULT_CAMERA[config.axis] };
    const n = config.layers;
    const width = root.clientWidth || 600;
    const height = root.clientHeight || 500;
    const s = cubeSide(width, height, n);
    const axis = config.axis;
    geo = { n, axis, s, width, height, perspective: Math.max(width, height) * 2.2 };
    root.style.setProperty("--cube-size", `${s}px`);
    root.style.perspective = `${geo.perspective}px`;
    const c = (n - 1) / 2;
    const side = n * s;
    sections.forEach((section, layer) => {
      const offset = (layer - c) * s * SPREAD;
      const centre = { z: `0, 0, ${-offset}px`, y: `0, ${offset}px, 0`, x: `${offset}px, 0, 0` }[axis];
      section.style.transform =
        `translate3d(${centre}) ${PLANE_TURN[axis]} translate(${-side / 2}px, ${-side / 2}px)`;
    });
    apply();
  }

  function deactivate() {
    active = false;
    cancelAnimationFrame(frame);
    frame = 0;
    layersEl.style.transform = "";
    root.style.perspective = "";
    for (const section of sections) section.style.transform = "";
    for (const el of root.querySelectorAll(".piece, .board-layer-label")) el.style.transform = "";
    for (const el of root.querySelectorAll(".board-layer-label.crowded")) el.classList.remove("crowded");
  }

  function cameraTransform() {
    return `scale(${camera.zoom}) rotateX(${camera.tilt}deg) rotateZ(${camera.spin}deg)`;
  }

  /** Writes the camera and turns every piece to face the viewer; overlays redraw after. */
  function apply() {
    if (!active || !geo) return;
    const transform = cameraTransform();
    matrix = new DOMMatrix(transform);
    layersEl.style.transform = transform;
    const upright = standing();
    facing = `${upright} translateY(-38%)`;
    for (const piece of root.querySelectorAll(".sq > .piece")) piece.style.transform = facing;
    const labels = [...root.querySelectorAll(".board-layer-label")];
    for (const label of labels) label.style.transform = upright;
    uncrowd(labels);
    host.onChange();
  }

  // Planes seen nearly from above (or many of them) bring their names together: a name that
  // would overlap one already shown waits until the camera spreads the planes again.
  function uncrowd(labels) {
    const shown = [];
    for (const label of labels) {
      label.classList.remove("crowded");
      const box = label.getBoundingClientRect();
      const hit = shown.some((other) => box.left < other.right && other.left < box.right &&
                                        box.top < other.bottom && other.top < box.bottom);
      if (hit) label.classList.add("crowded");
      else shown.push(box);
    }
  }

  // Pieces (and the layers' names) stand up facing the viewer, yet are drawn in their plane (so the plane stays one flat,
  // cheap layer): each gets the inverse of how its plane is seen, a 2D matrix that undoes the
  // plane's turn and foreshortening (perspective aside), capped for planes seen nearly edge-on.
  function standing() {
    const seen = new DOMMatrix(`rotateX(${camera.tilt}deg) rotateZ(${camera.spin}deg) ${PLANE_TURN[geo?.axis || "z"]}`);
    const [a, b, c, d] = uprightMatrix(seen.transformPoint(new DOMPoint(1, 0, 0)), seen.transformPoint(new DOMPoint(0, 1, 0)));
    return `matrix(${a}, ${b}, ${c}, ${d}, 0, 0)`;
  }

  /** New pieces (a render added them) stand up too. */
  function facePieces(pieces) {
    if (!active || !geo) return;
    for (const piece of pieces) if (piece.style.transform !== facing) piece.style.transform = facing;
  }

  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      apply();
    });
  }

  function orbit(dSpin, dTilt) {
    camera.spin = wrapDegrees(camera.spin + dSpin);
    camera.tilt = clamp(camera.tilt + dTilt, TILT_RANGE);
    schedule();
  }

  function zoomBy(factor) {
    camera.zoom = clamp(camera.zoom * factor, ZOOM_RANGE);
    schedule();
  }

  function reset() {
    camera = { ...DEFAULT_CAMERA[geo?.axis || "z"] };
    schedule();
  }

  /**
   * Where the centre of cube [x, y, z] appears, in px from the board's top-left; size = cube side.
   * @param {[number, number, number] | null} cube
   */
  function project(cube) {
    if (!active || !geo || !cube) return null;
    const [x, y, z] = cube;
    const { n, s, axis } = geo;
    const c = (n - 1) / 2;
    const k = (name) => (name === axis ? SPREAD : 1);
    const point = matrix.transformPoint(new DOMPoint((x - c) * s * k("x"), (y - c) * s * k("y"), (c - z) * s * k("z")));
    const f = geo.perspective / (geo.perspective - point.z);
    return { x: geo.width / 2 + point.x * f, y: geo.height / 2 + point.y * f, size: s * camera.zoom * f, depth: point.z };
  }

  /**
   * The key of the piece drawn at client point (x, y), the nearest to the viewer where several
   * overlap, or null. The browser's own hit test would find the plane in front (an upper layer's
   * empty, see-through cube) rather than the piece the user sees through it.
   * cells: Map key -> {el} of the board's squares.
   */
  function pieceAt(x, y, cells) {
    if (!active || !geo) return null;
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
      const depth = project(parseCubeKey(key))?.depth ?? -Infinity;
      if (!best || depth > best.depth) best = { key, depth };
    }
    return best?.key ?? null;
  }

  return {
    layout,
    deactivate,
    pieceAt,
    facePieces,
    orbit,
    zoomBy,
    reset,
    project,
    get active() {
      return active;
    },
    get camera() {
      return { ...camera };
    },
  };
}
