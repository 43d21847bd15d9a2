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
  allowed, boundedCamera, cubeSide, DEFAULT_CAMERA, framingZoom, presetCamera, SPREAD, uprightMatrix, wrapDegrees,
} from "./space_math.js";
// How a plane of each slicing axis is turned out of the screen plane.
const PLANE_TURN = { z: "", y: "rotateX(-90deg)", x: "rotateZ(-90deg) rotateX(-90deg)" };

/**
 * host: {root, layersEl, onChange(), onCamera?(camera)} (onChange: the view was drawn anew, redraw
 * overlays; onCamera: the camera is another one).
 */
export function createSpace(host) {
  const { root, layersEl } = host;
  let camera = { ...DEFAULT_CAMERA.z };
  let cameraAxis = "z"; // the slicing axis the camera was chosen for: another axis starts from its default
  let framed = true; // the first view, Reset or a preset: zoomed to frame the cube (until the user turns or zooms)
  let told = "";
  let active = false;
  /** @type {{n: number, axis: "z" | "y" | "x", s: number, width: number, height: number, perspective: number} | null} */
  let geo = null;
  let sections = [];
  let matrix = new DOMMatrix();
  let facing = "";
  let frame = 0;
  let names = 4; // the longest plane's name, in characters

  /** Places the planes for the current size; call after every build and resize. */
  function layout(config, layerSections) {
    sections = layerSections;
    active = true;
    if (cameraAxis !== config.axis) {
      camera = { ...(DEFAULT_CAMERA[config.axis] || DEFAULT_CAMERA.z) };
      cameraAxis = config.axis;
      framed = true;
    }
    const n = config.layers;
    const width = root.clientWidth || 600;
    const height = root.clientHeight || 500;
    names = Math.max(1, ...sections.map((section) => section.querySelector(".board-layer-label")?.textContent?.length ?? 0));
    const s = cubeSide(width, height, n, config.axis, names);
    const axis = config.axis;
    geo = { n, axis, s, width, height, perspective: Math.max(width, height) * 2.2 };
    if (framed) camera.zoom = framingZoom(width, height, n, axis, camera, s, names);
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
    const now = JSON.stringify(camera);
    if (now !== told) {
      told = now;
      host.onCamera?.({ ...camera });
    }
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

  /** The planes' names shown anew (after one layer alone, whose names a page may hide, or all). */
  function relabel() {
    if (active && geo) uncrowd([...root.querySelectorAll(".board-layer-label")]);
  }

  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      apply();
    });
  }

  /** Moves the camera towards ``to``, as far as its bounds allow. */
  function moveTo(to) {
    camera = boundedCamera(camera, to, cameraAxis);
    framed = false;
    schedule();
  }

  /** A framed view from ``to`` (its zoom frames the cube). */
  function frameFrom(to) {
    camera = { ...to, zoom: geo ? framingZoom(geo.width, geo.height, geo.n, cameraAxis, to, geo.s, names) : 1 };
    framed = true;
    schedule();
  }

  /** Turns the view: dSpin degrees about the vertical, dTilt degrees lower (negative: higher). */
  function orbit(dSpin, dTilt) {
    moveTo({ spin: camera.spin + dSpin, tilt: camera.tilt + dTilt, zoom: camera.zoom });
  }

  function zoomBy(factor) {
    moveTo({ ...camera, zoom: camera.zoom * factor });
  }

  function reset() {
    frameFrom({ ...(DEFAULT_CAMERA[cameraAxis] || DEFAULT_CAMERA.z) });
  }

  /** @param {"above" | "front" | "side" | "corner"} name */
  function preset(name) {
    frameFrom(presetCamera(name, cameraAxis, 1));
  }

  /**
   * A camera chosen elsewhere (a URL's) for the slicing axis ``axis``; refused (false) when it is
   * beyond the bounds.
   * @param {{spin: number, tilt: number, zoom: number}} next
   * @param {string} axis
   */
  function setCamera(next, axis) {
    if (!allowed(next, axis)) return false;
    camera = { spin: wrapDegrees(next.spin), tilt: next.tilt, zoom: next.zoom };
    cameraAxis = axis;
    framed = false;
    schedule();
    return true;
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
    relabel,
    orbit,
    zoomBy,
    reset,
    preset,
    setCamera,
    project,
    get active() {
      return active;
    },
    get camera() {
      return { ...camera };
    },
  };
}
