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
/** @typedef {import("./types.js").BoardState} BoardState */
/** @typedef {import("./types.js").BoardConfig} BoardConfig */

import { boxPoint, createArrowLayer } from "./arrows.js";
import { attachKeyboard } from "./keyboard.js";
import { createKeying, parseCubeKey } from "./keys.js";
import { buildLayers } from "./layout.js";
import { createPalette } from "./palette.js";
import { pieceName } from "./pieces.js";
import { attachPointer } from "./pointer.js";
import { raysOf } from "./rays.js";
import { createSpace } from "./space.js";
import { asList, updateSquares } from "./squares.js";
import { attachTip } from "./tip.js";
import { t } from "../shared/i18n.js";

/** @type {Required<BoardConfig>} */
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
const LAYOUT_FIELDS = ["layers", "files", "ranks", "keys", "view", "axis", "orientation", "coordinates"];
const SWIPE = 48; // px of mostly sideways travel that turns to the next layer

let boardCount = 0;

/**
 * @param {HTMLElement} container
 * @param {BoardOptions} [options]
 * @returns {import("./types.js").Board}
 */
export function createBoard(container, options = {}) {
  const callbacks = options;
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
  const arrowLayer = createArrowLayer(root);
  wrap.append(root, live);
  container.append(wrap);

  let config = { ...DEFAULTS };
  /** @type {BoardState} */
  let state = {};
  let keying = createKeying({ layers: 1, files: 8, ranks: 8, style: null }); // built anew by each layout
  let layoutSignature = "";
  let cells = new Map(); // key -> {el, cell, applied: {...}}
  let sections = [];
  /** @type {string | null} */
  let cursor = null;
  /** @type {string | null} */
  let dragFrom = null;
  /** @type {string | null} */
  let dragOver = null;
  let quietUntil = 0;

  const pieceOn = (key) => {
    const all = state.pieces || {};
    return (all instanceof Map ? all.get(key) : all[key]) || null;
  };
  const selected = () => state.selected ?? null;
  const spare = () => state.spare ?? null;
  const dests = () => state.dests ?? null;
  const inSpace = () => config.view === "space" && config.layers > 1;
  const canPick = (key) => {
    const piece = pieceOn(key);
    return config.movable && !!piece && (!config.movableColor || piece[0] === config.movableColor);
  };

  const space = createSpace({ root, layersEl, onChange: drawOverlay, onCamera: (camera) => callbacks.onCamera?.(camera) });

  // ---- layout -------------------------------------------------------------------------------

  function build() {
    keying = createKeying({
      layers: config.layers, files: config.files, ranks: config.ranks, style: config.keys, axis: config.axis,
    });
    const is3d = config.layers > 1;
    root.classList.toggle("view-stack", config.view === "stack" && is3d);
    root.classList.toggle("view-space", inSpace());
    root.classList.toggle("is-3d", is3d);
    root.classList.toggle("flipped", config.orientation === "black");
    root.classList.toggle("odd-ranks", config.ranks % 2 === 1);
    root.dataset.axis = keying.axis;
    root.style.setProperty("--files", String(config.files));
    root.style.setProperty("--ranks", String(config.ranks));
    root.style.setProperty("--layers", String(config.layers));
    space.deactivate();
    ({ cells, sections } = buildLayers(layersEl, config, keying));
    if (inSpace()) space.layout(config, sections);
    if (cursor && !keying.cellOf(cursor)) cursor = null;
  }

  function showLayers() {
    const only = config.layers > 1 && Number.isInteger(config.only) ? config.only : null;
    const changed = root.classList.contains("isolated") !== (only !== null);
    root.classList.toggle("isolated", only !== null);
    sections.forEach((section, layer) => {
      const other = only !== null && layer !== only;
      section.hidden = other && !inSpace();
      section.classList.toggle("ghost", other && inSpace());
    });
    if (changed && inSpace()) space.relabel();
  }

  // ---- rendering ------------------------------------------------------------------------------

  function refresh() {
    showLayers();
    updateSquares(cells, {
      state,
      pieceOn,
      selected: selected(),
      dests: dests(),
      cursor,
      dragFrom,
      dragOver,
      slide: config.view === "layers" && performance.now() >= quietUntil &&
        !window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    });
    if (inSpace()) space.facePieces(root.querySelectorAll(".sq > .piece"));
    palette.update(config.palette, spare());
    drawOverlay();
  }

  function currentRays() {
    const sel = selected();
    const piece = sel ? pieceOn(sel) : null;
    if (!config.rays || !inSpace() || !sel || !piece || !Array.isArray(dests())) return [];
    return raysOf(sel, dests(), { n: config.files, slides: "QRB".includes(piece[1]) });
  }

  function drawOverlay() {
    const pointOf = inSpace()
      ? (key) => space.project(parseCubeKey(key))
      : (key) => boxPoint(cells.get(key)?.el, root);
    arrowLayer.draw({ arrows: state.arrows, rays: currentRays() }, pointOf);
  }

  /** @param {BoardState} [next] */
  function render(next = {}) {
    state = next;
    config = { ...DEFAULTS };
    for (const name of Object.keys(DEFAULTS)) {
      if (options[name] !== undefined) config[name] = options[name];
      if (next[name] !== undefined) config[name] = next[name];
    }
    const signature = LAYOUT_FIELDS.map((name) => String(config[name])).join("|");
    root.setAttribute("aria-label", config.label);
    if (signature !== layoutSignature) {
      layoutSignature = signature;
      build();
    }
    refresh();
  }

  // ---- interaction ----------------------------------------------------------------------------

  function select(key) {
    if (callbacks.onSelect) callbacks.onSelect(key);
    else {
      state = { ...state, selected: key, dests: null };
      refresh();
    }
    if (key && pieceOn(key)) announce(t("%(piece)s on %(square)s selected", { piece: pieceName(pieceOn(key)), square: keying.label(key) }));
  }

  function setSpare(piece) {
    if (callbacks.onSpareSelect) callbacks.onSpareSelect(piece);
    else {
      state = { ...state, spare: piece };
      refresh();
    }
  }

  function move(from, to, piece) {
    if (!callbacks.onMove) return;
    announce(t("%(piece)s %(from)s to %(to)s", { piece: pieceName(piece), from: keying.label(from), to: keying.label(to) }));
    callbacks.onMove(from, to, piece);
  }

  function canTarget(to) {
    const list = dests();
    return config.freeMoves || list === null || asList(list).includes(to) || false;
  }

  /** A click (or Enter) on a square: the page's hook first, then place / move / select. */
  function click(key) {
    cursor = key;
    const piece = pieceOn(key);
    const sel = selected();
    if (callbacks.onSquareClick?.(key, { piece, selected: sel, spare: spare() }) === true) {
      refresh();
      return;
    }
    const armed = spare();
    if (armed) {
      announce(t("%(piece)s placed on %(square)s", { piece: pieceName(armed), square: keying.label(key) }));
      callbacks.onDropNew?.(armed, key);
    } else if (sel && key !== sel && canPick(sel) &&
               (asList(dests()).includes(key) || (config.freeMoves && !piece))) {
      move(sel, key, pieceOn(sel));
    } else if (canPick(key)) {
      select(key === sel ? null : key);
    } else if (sel) {
      select(null);
    }
    refresh();
  }

  function clickSpare(piece) {
    setSpare(spare() === piece ? null : piece);
  }

  function askLayer(step) {
    if (config.layers < 2 || !Number.isInteger(config.only)) return false;
    const layer = config.only + step;
    if (layer < 0 || layer >= config.layers) return false;
    callbacks.onLayer?.(layer);
    return true;
  }

  const pointer = attachPointer({
    root,
    palette: null,
    pieceOn,
    canDrag: canPick,
    pieceKeyAt: (x, y) => (inSpace() ? space.pieceAt(x, y, cells) : null),
    ghostSize: () => squareSize() * (config.view === "layers" ? 1 : 1.15),
    pressPiece(key) {
      const sel = selected();
      if (key === sel) return false; // a second click on the selected piece is the page's to interpret
      if (sel && asList(dests()).includes(key)) return false; // a capture by click happens on release
      click(key);
      return true;
    },
    // Dragged, the piece pressed is the one that moves: selected, its own destinations judge the drop.
    liftPiece(key) { if (selected() !== key) select(key); },
    click,
    clickSpare,
    dropPiece(from, target, piece) {
      if (target === null) {
        if (config.editable && callbacks.onRemove) {
          announce(t("%(piece)s removed from %(square)s", { piece: pieceName(piece), square: keying.label(from) }));
          callbacks.onRemove(from, piece);
        }
      } else if (target !== "inside" && target !== from && canTarget(target)) {
        cursor = target;
        quietUntil = performance.now() + 400;
        move(from, target, piece);
      } else if (target !== "inside" && target !== from) {
        announce(t("%(piece)s cannot go to %(square)s", { piece: pieceName(piece), square: keying.label(target) }));
        if (selected()) select(null); // refused: nothing stays picked up, so the next drag is the user's
        callbacks.onRefused?.(from, target, piece);
      }
    },
    dropSpare(piece, target) {
      if (target && target !== "inside") {
        cursor = target;
        quietUntil = performance.now() + 400;
        announce(t("%(piece)s placed on %(square)s", { piece: pieceName(piece), square: keying.label(target) }));
        callbacks.onDropNew?.(piece, target);
      }
    },
    showDrag(from, over) {
      dragFrom = from;
      dragOver = over;
      root.classList.toggle("dragging", from !== null || over !== null);
      refresh();
    },
    pan(dx, dy) {
      if (inSpace()) space.orbit(dx * 0.45, -dy * 0.35);
    },
    panEnd(dx, dy) {
      if (!inSpace() && Math.abs(dx) > SWIPE && Math.abs(dx) > 1.5 * Math.abs(dy)) askLayer(dx < 0 ? 1 : -1);
    },
  });
  const palette = createPalette({ fallback: wrap, clickSpare, attach: (el) => pointer.setPalette(el) });
  const tip = attachTip(root, (key) => keying.label(key));

  function squareSize() {
    if (inSpace()) {
      const key = selected() || cells.keys().next().value;
      return space.project(parseCubeKey(key))?.size || 48;
    }
    const first = cells.values().next().value;
    return first ? first.el.getBoundingClientRect().width || 48 : 48;
  }

  attachKeyboard({
    root,
    keying: () => keying,
    config: () => config,
    cursor: () => cursor,
    setCursor: (key) => (cursor = key),
    selected,
    pieceOn,
    click,
    escape() {
      tip.hide();
      if (selected()) select(null);
      if (spare()) setSpare(null);
    },
    refresh,
    squareElement: (key) => cells.get(key)?.el,
    announce,
    onLayer: (layer) => callbacks.onLayer?.(layer),
    space: () => (inSpace() ? space : null),
  });

  const resizeObserver = new ResizeObserver(() => {
    if (inSpace()) space.layout(config, sections);
    wrap.style.setProperty("--square-size", `${squareSize()}px`);
    drawOverlay();
  });
  resizeObserver.observe(root);

  function announce(text) {
    // Re-setting the same text would not be announced again; clear first.
    live.textContent = "";
    window.setTimeout(() => (live.textContent = text), 30);
  }

  render({});

  return {
    render,
    announce,
    focus: () => root.focus(),
    squareElement: (key) => cells.get(key)?.el || null,
    label: (key) => keying.label(key),
    keys: () => [...cells.keys()],
    layerName: (layer) => keying.names.layer(layer),
    layerOf: (key) => keying.cellOf(key)?.layer ?? null,
    orbit: (dSpin, dTilt) => space.orbit(dSpin, dTilt),
    zoomBy: (factor) => space.zoomBy(factor),
    resetView: () => space.reset(),
    preset: (name) => space.preset(name),
    setCamera: (camera, axis) => space.setCamera(camera, axis),
    get camera() {
      return space.camera;
    },
    get element() {
      return root;
    },
    destroy() {
      resizeObserver.disconnect();
      pointer.destroy();
      wrap.remove();
    },
  };
}
