// @ts-check
/**
 * The site's one board component: any stack of rectangular layers (8x8 = one layer, solitaire
 * one 3x3..8x8 layer, the 3D lab n layers of n x n). The page owns all state and calls
 * render(state) after every change; the board only reports what the user did. Its options,
 * callbacks, render state and methods: types.js.
 *
 *   import { createBoard } from "./board.js";
 *   const board = createBoard(containerElement, { files: 8, ranks: 8, onMove(from, to) {...} });
 *   board.render({ pieces: { e1: "wK", e8: "bK" }, selected: "e1", dests: ["e2", "d1"] });
 *
 * DOM: squares [data-square="e4"] / [data-cube="x,y,z"] (both also data-key); pieces
 *   .piece[data-piece="wK"]; legal targets [data-dest]; badges .badge[data-badge] (+ data-dtm when
 *   numeric or given); rays .ray[data-ray="from>to"]; palette [data-spare="wQ"]; the hover label
 *   .board-tip; the live region .board-live.
 * Keyboard (board focused): arrows move the cursor, PageUp/PageDown change layer, Enter/Space act
 *   like a click on the cursor square, Escape drops the selection; in the 3D view Shift+arrows
 *   turn it (Shift+Up: the eye higher), + and - zoom, 0 resets, A F S C: from above, the front,
 *   the side, a corner.
 */

/** @typedef {import("./types.js").BoardOptions} BoardOptions */
/** @typedef {import("./board_view.js").BoardContext} BoardContext */

import { createArrowLayer } from "./arrows.js";
import { boardKeyboard, boardPointer, clickSpare, squareSize } from "./board_input.js";
import { announce, drawOverlay, inSpace, render } from "./board_view.js";
import { attachKeyboard } from "./keyboard.js";
import { createKeying } from "./keys.js";
import { createPalette } from "./palette.js";
import { attachPointer } from "./pointer.js";
import { createSpace } from "./space.js";
import { attachTip } from "./tip.js";
import { t } from "../shared/i18n.js";

/** @type {Required<import("./types.js").BoardConfig>} */
const DEFAULTS = {
  layers: 1,
  files: 8,
  ranks: 8,
  keys: null,
  view: "layers",
  axis: "z",
  only: null,
  rays: false,
  orientation: "white",
  coordinates: true,
  movable: true,
  movableColor: null,
  freeMoves: false,
  editable: false,
  palette: null,
  label: t("Chess board"),
};

let boardCount = 0;

/**
 * @param {HTMLElement} container
 * @param {BoardOptions} [options]
 * @returns {import("./types.js").Board}
 */
export function createBoard(container, options = {}) {
  const { wrap, root, layersEl, live } = boardElements();
  const arrowLayer = createArrowLayer(root);
  wrap.append(root, live);
  container.append(wrap);

  /** @type {BoardContext} */
  const b = {
    defaults: DEFAULTS, options, wrap, root, layersEl, live, arrowLayer,
    config: { ...DEFAULTS },
    state: {},
    keying: createKeying({ layers: 1, files: 8, ranks: 8, style: null }), // built anew by each layout
    layoutSignature: "",
    cells: new Map(), // key -> {el, cell, applied: {...}}
    sections: [],
    cursor: null,
    dragFrom: null,
    dragOver: null,
    quietUntil: 0,
    space: /** @type {any} */ (null),
    palette: /** @type {any} */ (null),
    tip: /** @type {any} */ (null),
  };
  b.space = createSpace({ root, layersEl, onChange: () => drawOverlay(b), onCamera: (camera) => options.onCamera?.(camera) });
  const pointer = attachPointer(boardPointer(b));
  b.palette = createPalette({ fallback: wrap, clickSpare: (piece) => clickSpare(b, piece), attach: (el) => pointer.setPalette(el) });
  b.tip = attachTip(root, (key) => b.keying.label(key));
  attachKeyboard(boardKeyboard(b));
  const resizeObserver = new ResizeObserver(() => {
    if (inSpace(b)) b.space.layout(b.config, b.sections);
    wrap.style.setProperty("--square-size", `${squareSize(b)}px`);
    drawOverlay(b);
  });
  resizeObserver.observe(root);
  render(b, {});
  return boardApi(b, () => {
    resizeObserver.disconnect();
    pointer.destroy();
    wrap.remove();
  });
}

/** The board's elements: its wrap, the board (focusable, its layers inside) and its live region. */
function boardElements() {
  const wrap = document.createElement("div");
  wrap.className = "board-wrap";
  const root = document.createElement("div");
  root.className = "board";
  root.id = `board-${++boardCount}`;
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  root.setAttribute("aria-roledescription", "board");
  const layersEl = document.createElement("div");
  layersEl.className = "board-layers";
  const live = document.createElement("div");
  live.className = "board-live visually-hidden";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  root.append(layersEl);
  return { wrap, root, layersEl, live };
}

/**
 * The board's methods (types.js: Board).
 * @param {BoardContext} b
 * @param {() => void} destroy
 * @returns {import("./types.js").Board}
 */
function boardApi(b, destroy) {
  return {
    render: (next) => render(b, next),
    announce: (text) => announce(b, text),
    focus: () => b.root.focus(),
    squareElement: (key) => b.cells.get(key)?.el || null,
    label: (key) => b.keying.label(key),
    keys: () => [...b.cells.keys()],
    layerName: (layer) => b.keying.names.layer(layer),
    layerOf: (key) => b.keying.cellOf(key)?.layer ?? null,
    orbit: (dSpin, dTilt) => b.space.orbit(dSpin, dTilt),
    zoomBy: (factor) => b.space.zoomBy(factor),
    resetView: () => b.space.reset(),
    preset: (name) => b.space.preset(name),
    setCamera: (camera, axis) => b.space.setCamera(camera, axis),
    get camera() {
      return b.space.camera;
    },
    get element() {
      return b.root;
    },
    destroy,
  };
}
