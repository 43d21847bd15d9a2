// @ts-check
// The board component's drawing (board.js makes it, board_input.js answers the user): the state it
// is given, the layout built when a field of it changes, the squares written, the overlay drawn.

import { boxPoint } from "./arrows.js";
import { layoutSignature, pieceAt, resolveConfig } from "./board_state.js";
import { createKeying, parseCubeKey } from "./keys.js";
import { buildLayers } from "./layout.js";
import { raysOf } from "./rays.js";
import { updateSquares } from "./squares.js";

/**
 * One board's state: its elements and parts, the configuration and state last rendered, the
 * squares built (key -> {el, cell, applied}), the keyboard's cursor and a drag's squares.
 * @typedef {{defaults: Required<import("./types.js").BoardConfig>, options: import("./types.js").BoardOptions,
 *   wrap: HTMLElement, root: HTMLElement, layersEl: HTMLElement, live: HTMLElement,
 *   arrowLayer: {draw: (drawn: any, pointOf: (key: string) => any) => void},
 *   config: Required<import("./types.js").BoardConfig>, state: import("./types.js").BoardState,
 *   keying: ReturnType<typeof createKeying>, layoutSignature: string, cells: Map<string, any>, sections: HTMLElement[],
 *   cursor: string | null, dragFrom: string | null, dragOver: string | null, quietUntil: number,
 *   space: ReturnType<typeof import("./space.js").createSpace>, palette: {update: (palette: any, armed: any) => void},
 *   tip: {hide: () => void}}} BoardContext
 */

/** @param {BoardContext} b */
export const inSpace = (b) => b.config.view === "space" && b.config.layers > 1;
/** @param {BoardContext} b */
export const pieceOn = (b, key) => pieceAt(b.state.pieces, key);
/** @param {BoardContext} b */
export const selectedOf = (b) => b.state.selected ?? null;
/** @param {BoardContext} b */
export const spareOf = (b) => b.state.spare ?? null;
/** @param {BoardContext} b */
export const destsOf = (b) => b.state.dests ?? null;

/**
 * Draws ``next``: the configuration anew, the squares rebuilt when their layout changed.
 * @param {BoardContext} b
 * @param {import("./types.js").BoardState} [next]
 */
export function render(b, next = {}) {
  b.state = next;
  b.config = resolveConfig(b.defaults, b.options, next);
  const signature = layoutSignature(b.config);
  b.root.setAttribute("aria-label", b.config.label);
  if (signature !== b.layoutSignature) {
    b.layoutSignature = signature;
    build(b);
  }
  refresh(b);
}

/** @param {BoardContext} b */
function build(b) {
  const { config, root } = b;
  b.keying = createKeying({
    layers: config.layers, files: config.files, ranks: config.ranks, style: config.keys, axis: config.axis,
  });
  const is3d = config.layers > 1;
  root.classList.toggle("view-stack", config.view === "stack" && is3d);
  root.classList.toggle("view-space", inSpace(b));
  root.classList.toggle("is-3d", is3d);
  root.classList.toggle("flipped", config.orientation === "black");
  root.classList.toggle("odd-ranks", config.ranks % 2 === 1);
  root.dataset.axis = b.keying.axis;
  root.style.setProperty("--files", String(config.files));
  root.style.setProperty("--ranks", String(config.ranks));
  root.style.setProperty("--layers", String(config.layers));
  b.space.deactivate();
  ({ cells: b.cells, sections: b.sections } = buildLayers(b.layersEl, config, b.keying));
  if (inSpace(b)) b.space.layout(config, b.sections);
  if (b.cursor && !b.keying.cellOf(b.cursor)) b.cursor = null;
}

/** @param {BoardContext} b */
function showLayers(b) {
  const { config, root } = b;
  const only = config.layers > 1 && Number.isInteger(config.only) ? config.only : null;
  const changed = root.classList.contains("isolated") !== (only !== null);
  root.classList.toggle("isolated", only !== null);
  b.sections.forEach((section, layer) => {
    const other = only !== null && layer !== only;
    section.hidden = other && !inSpace(b);
    section.classList.toggle("ghost", other && inSpace(b));
  });
  if (changed && inSpace(b)) b.space.relabel();
}

/**
 * The squares, the palette and the overlay written from the state held.
 * @param {BoardContext} b
 */
export function refresh(b) {
  showLayers(b);
  updateSquares(b.cells, {
    state: b.state,
    pieceOn: (key) => pieceOn(b, key),
    selected: selectedOf(b),
    dests: destsOf(b),
    cursor: b.cursor,
    dragFrom: b.dragFrom,
    dragOver: b.dragOver,
    slide: b.config.view === "layers" && performance.now() >= b.quietUntil &&
      !window.matchMedia("(prefers-reduced-motion: reduce)").matches,
  });
  if (inSpace(b)) b.space.facePieces(b.root.querySelectorAll(".sq > .piece"));
  b.palette.update(b.config.palette, spareOf(b));
  drawOverlay(b);
}

/** @param {BoardContext} b */
function currentRays(b) {
  const sel = selectedOf(b);
  const piece = sel ? pieceOn(b, sel) : null;
  const dests = destsOf(b);
  if (!b.config.rays || !inSpace(b) || !sel || !piece || !Array.isArray(dests)) return [];
  return raysOf(sel, dests, { n: b.config.files, slides: "QRB".includes(piece[1]) });
}

/** @param {BoardContext} b */
export function drawOverlay(b) {
  const pointOf = inSpace(b)
    ? (key) => b.space.project(parseCubeKey(key))
    : (key) => boxPoint(b.cells.get(key)?.el, b.root);
  b.arrowLayer.draw({ arrows: b.state.arrows, rays: currentRays(b) }, pointOf);
}

/**
 * Says ``text`` in the board's live region.
 * @param {BoardContext} b
 */
export function announce(b, text) {
  // Re-setting the same text would not be announced again; clear first.
  b.live.textContent = "";
  window.setTimeout(() => (b.live.textContent = text), 30);
}
