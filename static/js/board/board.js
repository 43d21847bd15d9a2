/**
 * The site's one board component: any stack of rectangular layers (8x8 = one layer, solitaire
 * one 3x3..8x8 layer, the 3D lab n layers of n x n). The page owns all state and calls
 * render(state) after every change; the board only reports what the user did.
 *
 *   import { createBoard } from "./board.js";
 *   const board = createBoard(containerElement, { files: 8, ranks: 8, onMove(from, to) {...} });
 *   board.render({ pieces: { e1: "wK", e8: "bK" }, selected: "e1", dests: ["e2", "d1"] });
 *
 * Keys: one layer -> "e4" (a..p files, rank 1 at the bottom); several layers -> "x,y,z" (SPEC's
 * cube: x column left to right, y row with 0 = back row, z layer with 0 = top board).
 *
 * Options (every one may also be given in a render state, which wins):
 *   layers 1, files 8, ranks 8     geometry; keys "square" | "cube" (default: by layers)
 *   view "layers" | "stack"        3D: layers side by side, or stacked in perspective
 *   orientation "white" | "black"  "black" turns every layer by 180 degrees
 *   coordinates true               file letters / rank numbers on the edge, Roman layer labels
 *   movable true                   pieces can be picked up (click or drag)
 *   movableColor null | "w" | "b"  only pieces of this colour can be picked up (null: both)
 *   freeMoves false                any target square goes to onMove, not only dests (editors)
 *   editable false                 dragging a piece off the board calls onRemove
 *   palette null | {kinds: "KQRBN", colors: "wb", element}   spare pieces to drag or click
 *                                  (rendered into `element`, default: below the board)
 *   label "Chess board"            accessible name
 * Callbacks (options only; all optional):
 *   onSquareClick(key, {piece, selected, spare}) -> return true to consume the click/Enter
 *   onSelect(key | null)           a piece was picked (or the selection dropped)
 *   onMove(from, to, piece)        drag-drop, click-click or keyboard; the page decides
 *   onDropNew(piece, key)          a palette piece dropped (or clicked) onto a square
 *   onRemove(key, piece)           a piece dragged off the board (editable only)
 *   onSpareSelect(piece | null)    a palette piece armed for click placement (or disarmed)
 *   Without onSelect / onSpareSelect the board keeps `selected` / `spare` itself.
 * Render state (all optional):
 *   pieces {key: "wK"} | Map       selected key       dests [key] (null = unknown: any drop is offered)
 *   lastMove [from, to]            check key | [key] (red glow)     spare "wQ" (armed palette piece)
 *   marks {key: "checker" | "pinned" | "attacked" | "good" | "bad" | [names]}
 *   heat {key: 0..1 (green..red) | CSS colour}    badges {key: number | text | {text, dtm, tone}}
 *   arrows [{from, to, brush: "green" | "blue" | "red" | "yellow"}]
 * Methods: render(state), announce(text), focus(), squareElement(key), label(key) (e.g. "c2(I)"),
 *   keys() (every key), destroy().
 * DOM: squares [data-square="e4"] / [data-cube="x,y,z"] (both also data-key); pieces
 *   .piece[data-piece="wK"]; legal targets [data-dest]; badges .badge[data-badge] (+ data-dtm when
 *   numeric or given); palette [data-spare="wQ"]; the live region .board-live.
 * Keyboard (board focused): arrows move the cursor, PageUp/PageDown change layer, Enter/Space act
 *   like a click on the cursor square, Escape drops the selection.
 */

import { createArrowLayer } from "./arrows.js";
import { createKeying, toRoman } from "./keys.js";
import { attachPointer } from "./pointer.js";
import { pieceName, pieceSvg } from "./pieces.js";

const DEFAULTS = {
  layers: 1,
  files: 8,
  ranks: 8,
  keys: null,
  view: "layers",
  orientation: "white",
  coordinates: true,
  movable: true,
  movableColor: null,
  freeMoves: false,
  editable: false,
  palette: null,
  label: "Chess board",
};
const LAYOUT_FIELDS = ["layers", "files", "ranks", "keys", "view", "orientation", "coordinates"];
const ARROW_KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

let boardCount = 0;

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
  let state = {};
  let keying = null;
  let layoutSignature = "";
  let cells = new Map(); // key -> {el, applied: {...}}
  let cursor = null;
  let paletteEl = null;
  let paletteSignature = "";

  const pieces = () => state.pieces || {};
  const pieceOn = (key) => (pieces() instanceof Map ? pieces().get(key) : pieces()[key]) || null;
  const selected = () => state.selected ?? null;
  const spare = () => state.spare ?? null;
  const dests = () => state.dests ?? null;
  const canPick = (key) => {
    const piece = pieceOn(key);
    return config.movable && !!piece && (!config.movableColor || piece[0] === config.movableColor);
  };

  // ---- layout -------------------------------------------------------------------------------

  function build() {
    keying = createKeying({ layers: config.layers, files: config.files, ranks: config.ranks, style: config.keys });
    const flip = config.orientation === "black";
    root.classList.toggle("view-stack", config.view === "stack" && config.layers > 1);
    root.classList.toggle("is-3d", config.layers > 1);
    root.classList.toggle("flipped", flip);
    root.style.setProperty("--files", config.files);
    root.style.setProperty("--ranks", config.ranks);
    root.style.setProperty("--layers", config.layers);
    cells = new Map();
    const sections = [];
    for (let layer = 0; layer < config.layers; layer++) {
      const section = document.createElement("section");
      section.className = "board-layer";
      section.dataset.layer = layer;
      if (config.layers > 1) {
        const title = document.createElement("div");
        title.className = "board-layer-label";
        title.textContent = toRoman(config.layers - layer);
        title.setAttribute("aria-hidden", "true");
        section.append(title);
      }
      const grid = document.createElement("div");
      grid.className = "board-grid";
      for (let displayRow = 0; displayRow < config.ranks; displayRow++) {
        for (let displayCol = 0; displayCol < config.files; displayCol++) {
          const col = flip ? config.files - 1 - displayCol : displayCol;
          const row = flip ? config.ranks - 1 - displayRow : displayRow;
          const key = keying.keyOf({ col, row, layer });
          grid.append(buildSquare(keying.cellOf(key), displayRow, displayCol));
        }
      }
      section.append(grid);
      sections.push(section);
    }
    layersEl.replaceChildren(...sections);
    if (cursor && !keying.cellOf(cursor)) cursor = null;
  }

  function buildSquare(cell, displayRow, displayCol) {
    const el = document.createElement("div");
    el.dataset.key = cell.key;
    el.setAttribute(keying.attribute, cell.key);
    if (config.coordinates) {
      if (displayCol === 0) el.append(coordinate("coord-rank", String(config.ranks - cell.row)));
      if (displayRow === config.ranks - 1) el.append(coordinate("coord-file", keying.label(cell.key)[0]));
    }
    cells.set(cell.key, { el, cell, applied: {} });
    return el;
  }

  function coordinate(className, text) {
    const span = document.createElement("span");
    span.className = `coord ${className}`;
    span.setAttribute("aria-hidden", "true");
    span.textContent = text;
    return span;
  }

  // ---- per-square diff ------------------------------------------------------------------------

  function asList(value) {
    if (value === undefined || value === null || value === false) return [];
    return Array.isArray(value) ? value : [value];
  }

  function lookup(map, key) {
    if (!map) return undefined;
    return map instanceof Map ? map.get(key) : map[key];
  }

  function updateSquares() {
    const sel = selected();
    const destSet = new Set(asList(dests()));
    const last = new Set(asList(state.lastMove));
    const checks = new Set(asList(state.check));
    const vanished = new Map(); // piece code -> key it left
    const appeared = [];
    for (const [key, entry] of cells) {
      const piece = pieceOn(key);
      const before = entry.applied.piece;
      if (before !== undefined && before !== piece) {
        if (before) vanished.set(before, key);
        if (piece) appeared.push({ key, piece });
      }
      const classes = ["sq", entry.cell.dark ? "dark" : "light"];
      if (key === sel) classes.push("selected");
      if (sel && destSet.has(key)) classes.push("dest", piece ? "capture" : "move");
      if (last.has(key)) classes.push("last");
      if (checks.has(key)) classes.push("check");
      for (const mark of asList(lookup(state.marks, key))) {
        for (const name of String(mark).split(/\s+/)) if (name) classes.push(`mark-${name}`);
      }
      const heat = lookup(state.heat, key);
      if (heat !== undefined && heat !== null) classes.push("heat");
      if (key === cursor) classes.push("cursor");
      if (key === dragFrom) classes.push("drag-origin");
      if (key === dragOver) classes.push("drag-over");
      apply(entry, "className", classes.join(" "), (v) => (entry.el.className = v));
      apply(entry, "dest", sel && destSet.has(key), (v) => toggleAttr(entry.el, "data-dest", v));
      apply(entry, "heat", heatColour(heat), (v) =>
        v ? entry.el.style.setProperty("--heat", v) : entry.el.style.removeProperty("--heat"));
      apply(entry, "piece", piece, (v) => setPiece(entry, v));
      apply(entry, "badge", badgeSignature(lookup(state.badges, key)), () => setBadge(entry, lookup(state.badges, key)));
    }
    animateMoves(vanished, appeared);
  }

  // A piece that left one square and appeared on another of the same layer slides there, unless
  // it was just dropped by hand or the user prefers less motion.
  let quietUntil = 0;
  function animateMoves(vanished, appeared) {
    if (appeared.length === 0 || appeared.length > 2 || root.classList.contains("view-stack")) return;
    if (performance.now() < quietUntil || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    for (const { key, piece } of appeared) {
      const from = cells.get(vanished.get(piece));
      const to = cells.get(key);
      if (!from || from.cell.layer !== to.cell.layer) continue;
      const a = from.el.getBoundingClientRect();
      const b = to.el.getBoundingClientRect();
      to.el.querySelector(":scope > .piece")?.animate(
        [
          { transform: `translate(${a.left - b.left}px, ${a.top - b.top}px)`, zIndex: 6 },
          { transform: "none", zIndex: 6 },
        ],
        { duration: 180, easing: "ease-out" },
      );
    }
  }

  function apply(entry, field, value, write) {
    if (entry.applied[field] === value) return;
    entry.applied[field] = value;
    write(value);
  }

  function toggleAttr(el, name, on) {
    if (on) el.setAttribute(name, "");
    else el.removeAttribute(name);
  }

  function heatColour(value) {
    if (value === undefined || value === null) return "";
    if (typeof value === "number") {
      const t = Math.max(0, Math.min(1, value));
      return `hsla(${Math.round(120 - 120 * t)}, 75%, 48%, 0.55)`;
    }
    return String(value);
  }

  function setPiece(entry, code) {
    entry.el.querySelector(":scope > .piece")?.remove();
    if (!code) return;
    const piece = document.createElement("div");
    piece.className = "piece";
    piece.dataset.piece = code;
    piece.innerHTML = pieceSvg(code);
    entry.el.prepend(piece);
  }

  function badgeSignature(badge) {
    return badge === undefined || badge === null ? "" : JSON.stringify(badge);
  }

  function setBadge(entry, badge) {
    entry.el.querySelector(":scope > .badge")?.remove();
    if (badge === undefined || badge === null || badge === "") return;
    const info = typeof badge === "object" ? badge : { text: badge };
    const el = document.createElement("span");
    el.className = `badge${info.tone ? ` tone-${info.tone}` : ""}`;
    el.textContent = String(info.text ?? info.dtm ?? "");
    el.dataset.badge = el.textContent;
    const dtm = info.dtm ?? (typeof badge === "number" ? badge : undefined);
    if (dtm !== undefined) el.dataset.dtm = String(dtm);
    entry.el.append(el);
  }

  // ---- palette --------------------------------------------------------------------------------

  function updatePalette() {
    const palette = config.palette;
    const signature = palette ? `${palette.kinds || "KQRBN"}|${palette.colors || "wb"}` : "";
    const target = palette?.element || wrap;
    if (signature !== paletteSignature || (paletteEl && paletteEl.parentElement !== target)) {
      paletteEl?.remove();
      paletteEl = null;
      paletteSignature = signature;
      if (palette) {
        paletteEl = document.createElement("div");
        paletteEl.className = "board-palette";
        paletteEl.setAttribute("role", "toolbar");
        paletteEl.setAttribute("aria-label", "Spare pieces");
        for (const color of palette.colors || "wb") {
          const row = document.createElement("div");
          row.className = "board-palette-row";
          for (const kind of palette.kinds || "KQRBN") {
            const button = document.createElement("button");
            button.type = "button";
            button.className = "spare";
            button.dataset.spare = color + kind;
            button.setAttribute("aria-label", `Spare ${pieceName(color + kind)}`);
            button.innerHTML = pieceSvg(color + kind);
            button.addEventListener("keydown", (event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                clickSpare(color + kind);
              }
            });
            row.append(button);
          }
          paletteEl.append(row);
        }
        target.append(paletteEl);
      }
      pointer.setPalette(paletteEl);
    }
    if (paletteEl) {
      for (const button of paletteEl.querySelectorAll("[data-spare]")) {
        const armed = button.dataset.spare === spare();
        button.classList.toggle("armed", armed);
        button.setAttribute("aria-pressed", String(armed));
      }
    }
  }

  // ---- interaction ----------------------------------------------------------------------------

  let dragFrom = null;
  let dragOver = null;

  function select(key) {
    if (callbacks.onSelect) callbacks.onSelect(key);
    else {
      state = { ...state, selected: key, dests: null };
      refresh();
    }
    if (key && pieceOn(key)) announce(`${pieceName(pieceOn(key))} on ${keying.label(key)} selected`);
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
    announce(`${pieceName(piece)} ${keying.label(from)} to ${keying.label(to)}`);
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
      announce(`${pieceName(armed)} placed on ${keying.label(key)}`);
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

  const pointer = attachPointer({
    root,
    palette: null,
    pieceOn,
    canDrag: canPick,
    ghostSize: () => squareSize() * (config.view === "stack" ? 1.15 : 1),
    pressPiece(key) {
      const sel = selected();
      if (key === sel) return false; // a second click on the selected piece is the page's to interpret
      if (sel && asList(dests()).includes(key)) return false; // a capture by click happens on release
      click(key);
      return true;
    },
    click,
    clickSpare,
    dropPiece(from, target, piece) {
      if (target === null) {
        if (config.editable && callbacks.onRemove) {
          announce(`${pieceName(piece)} removed from ${keying.label(from)}`);
          callbacks.onRemove(from, piece);
        }
      } else if (target !== "inside" && target !== from && canTarget(target)) {
        cursor = target;
        quietUntil = performance.now() + 400;
        move(from, target, piece);
      }
    },
    dropSpare(piece, target) {
      if (target && target !== "inside") {
        cursor = target;
        quietUntil = performance.now() + 400;
        announce(`${pieceName(piece)} placed on ${keying.label(target)}`);
        callbacks.onDropNew?.(piece, target);
      }
    },
    showDrag(from, over) {
      dragFrom = from;
      dragOver = over;
      root.classList.toggle("dragging", from !== null || over !== null);
      updateSquares();
    },
  });

  function clickSpare(piece) {
    setSpare(spare() === piece ? null : piece);
  }

  function squareSize() {
    const first = cells.values().next().value;
    return first ? first.el.getBoundingClientRect().width || 48 : 48;
  }

  // ---- keyboard -------------------------------------------------------------------------------

  function onKeyDown(event) {
    if (!keying) return;
    root.classList.add("keyboard");
    const flip = config.orientation === "black" ? -1 : 1;
    const current = keying.cellOf(cursor) || keying.cellOf(selected()) || defaultCursorCell();
    let next = null;
    if (event.key in ARROW_KEYS) {
      const [dx, dy] = ARROW_KEYS[event.key];
      next = { ...current, col: current.col + dx * flip, row: current.row + dy * flip };
    } else if (event.key === "PageUp" || event.key === "PageDown") {
      if (config.layers < 2) return;
      next = { ...current, layer: current.layer + (event.key === "PageUp" ? -1 : 1) };
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!cursor) cursor = current.key;
      click(cursor);
      return;
    } else if (event.key === "Escape") {
      if (selected()) select(null);
      if (spare()) setSpare(null);
      return;
    } else {
      return;
    }
    event.preventDefault();
    if (next.col < 0 || next.row < 0 || next.layer < 0 || next.col >= config.files ||
        next.row >= config.ranks || next.layer >= config.layers) {
      if (!cursor) cursor = current.key;
      refresh();
      return;
    }
    cursor = keying.keyOf(next);
    refresh();
    cells.get(cursor)?.el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const piece = pieceOn(cursor);
    announce(`${keying.label(cursor)}${piece ? `, ${pieceName(piece)}` : ""}`);
  }

  function defaultCursorCell() {
    return keying.cellOf(keying.keyOf({
      col: Math.floor((config.files - 1) / 2),
      row: Math.floor(config.ranks / 2),
      layer: 0,
    }));
  }

  root.addEventListener("keydown", onKeyDown);
  let pointerFocus = false; // focus that comes from a press shows no ring; Tab focus does
  root.addEventListener("pointerdown", () => {
    pointerFocus = true;
    root.classList.remove("keyboard");
    window.setTimeout(() => (pointerFocus = false), 0);
  }, { capture: true });
  root.addEventListener("focus", () => {
    if (!pointerFocus) root.classList.add("keyboard");
  });

  // ---- rendering ------------------------------------------------------------------------------

  function refresh() {
    updateSquares();
    updatePalette();
    arrowLayer.draw(state.arrows, (key) => cells.get(key)?.el);
  }

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

  const resizeObserver = new ResizeObserver(() => {
    wrap.style.setProperty("--square-size", `${squareSize()}px`);
    arrowLayer.draw(state.arrows, (key) => cells.get(key)?.el);
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
