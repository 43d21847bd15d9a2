// @ts-check
// The board's keyboard: arrows move a cursor square, PageUp/PageDown change layer, Enter/Space
// act like a click on the cursor, Escape drops the selection; in the 3D view Shift+arrows turn
// it (Shift+Up raises the eye, Shift+Down lowers it), + and - zoom, 0 resets, A F S C show it from
// above, the front, the side, a corner (and Ctrl+wheel or a pinch zooms). The focus ring shows only when
// the board is driven by keys.

import { pieceName } from "./pieces.js";

export const ARROW_KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * host: {root, keying(), config(), cursor() / setCursor(key), selected(), pieceOn(key), click(key),
 *        escape(), refresh(), squareElement(key), announce(text), onLayer(layer), space() (the
 *        3D view's camera controls, or null when the board is not in the 3D view)}.
 */
export function attachKeyboard(host) {
  const { root } = host;

  function onKeyDown(event) {
    const keying = host.keying();
    if (!keying) return;
    root.classList.add("keyboard");
    if (host.space() && viewKey(event, host.space())) {
      event.preventDefault();
      return;
    }
    const config = host.config();
    const flip = config.orientation === "black" ? -1 : 1;
    const current = keying.cellOf(host.cursor()) || keying.cellOf(host.selected()) || startCell(keying, config);
    /** @type {{col: number, row: number, layer: number}} */
    let next;
    if (event.key in ARROW_KEYS) {
      const [dx, dy] = ARROW_KEYS[event.key];
      next = { ...current, col: current.col + dx * flip, row: current.row + dy * flip };
    } else if (event.key === "PageUp" || event.key === "PageDown") {
      if (config.layers < 2) return;
      next = { ...current, layer: current.layer + (event.key === "PageUp" ? -1 : 1) };
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!host.cursor()) host.setCursor(current.key);
      host.click(host.cursor());
      return;
    } else if (event.key === "Escape") {
      host.escape();
      return;
    } else {
      return;
    }
    event.preventDefault();
    if (next.col < 0 || next.row < 0 || next.layer < 0 || next.col >= config.files ||
        next.row >= config.ranks || next.layer >= config.layers) {
      if (!host.cursor()) host.setCursor(current.key);
      host.refresh();
      return;
    }
    const key = keying.keyOf(next);
    host.setCursor(key);
    if (next.layer !== current.layer && Number.isInteger(config.only)) host.onLayer(next.layer);
    host.refresh();
    if (!host.space()) host.squareElement(key)?.scrollIntoView({ block: "nearest", inline: "nearest" });
    const piece = host.pieceOn(key);
    host.announce(`${keying.label(key)}${piece ? `, ${pieceName(piece)}` : ""}`);
  }

  root.addEventListener("keydown", onKeyDown);
  root.addEventListener("wheel", (event) => {
    if (!host.space() || !event.ctrlKey) return;
    event.preventDefault();
    host.space().zoomBy(Math.exp(-event.deltaY / 300));
  }, { passive: false });
  let pointerFocus = false; // focus that comes from a press shows no ring; Tab focus does
  root.addEventListener("pointerdown", () => {
    pointerFocus = true;
    root.classList.remove("keyboard");
    window.setTimeout(() => (pointerFocus = false), 0);
  }, { capture: true });
  root.addEventListener("focus", () => {
    if (!pointerFocus) root.classList.add("keyboard");
  });
}

export const PRESET_KEYS = { a: "above", f: "front", s: "side", c: "corner" };

/** Shift+arrows turn the 3D view, + and - zoom, 0 resets, A F S C its presets; true when the key was one of them. */
function viewKey(event, space) {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.shiftKey && event.key in ARROW_KEYS) {
    const [dx, dy] = ARROW_KEYS[event.key];
    space.orbit(dx * 15, dy * 10); // up: a smaller tilt, the eye higher
  } else if (!event.shiftKey && Object.hasOwn(PRESET_KEYS, event.key.toLowerCase())) {
    space.preset(PRESET_KEYS[event.key.toLowerCase()]);
  } else if (event.key === "+" || event.key === "=") space.zoomBy(1.15);
  else if (event.key === "-") space.zoomBy(1 / 1.15);
  else if (event.key === "0") space.reset();
  else return false;
  return true;
}

function startCell(keying, config) {
  return keying.cellOf(keying.keyOf({
    col: Math.floor((config.files - 1) / 2),
    row: Math.floor(config.ranks / 2),
    layer: Number.isInteger(config.only) ? config.only : 0,
  }));
}
