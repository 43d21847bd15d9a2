// @ts-check
// Pointer gestures of the board (mouse, pen and touch alike): press, click, drag with a ghost
// piece that follows the pointer, drop; and pans: a drag that does not carry a piece (from an
// empty square or the board's background), which turns the 3D view or swipes between layers.
// Which square lies under the pointer is asked of the browser (elementFromPoint), so rotated and
// perspective layers are hit-tested correctly; a piece drawn there (host.pieceKeyAt) comes first.

import { pieceSvg } from "./pieces.js";

const DRAG_THRESHOLD = { mouse: 4, pen: 5, touch: 8 };

/**
 * host: {root, palette, pieceOn(key), canDrag(key), pressPiece(key) -> bool (handled),
 *        pieceKeyAt(x, y) -> key | null (optional: the piece drawn at that point, which wins over
 *        the element the browser finds there: a 3D view's standing pieces stick out of their cubes),
 *        liftPiece(key) (a drag begins on that square's piece, which the press had not selected),
 *        click(key), clickSpare(piece), dropPiece(from, target, piece), dropSpare(piece, target),
 *        showDrag(from|null, over|null), pan(dx, dy) (pointer moved by dx, dy while panning),
 *        panEnd(totalDx, totalDy)}; a target is a key, "inside" (on the board, between squares)
 *        or null (off the board).
 */
/**
 * A press in progress: its pointer, where it began, what it holds (a piece on a square, a spare
 * piece, or nothing: the background) and how far it has got (dragging a ghost, or panning).
 * @typedef {{id: number, type: string, x0: number, y0: number, x: number, y: number, handled: boolean,
 *   dragging: boolean, panning: boolean, ghost: HTMLElement | null, size: number, over: string | null,
 *   key?: string, spare?: string, piece?: string | null, background?: boolean}} Gesture
 */

/**
 * The pointer's wiring: its host, the press in progress and the window's listeners bound to it.
 * @typedef {{host: any, gesture: Gesture | null, down: (event: any) => void, move: (event: any) => void,
 *   up: (event: any) => void, cancel: (event: any) => void}} Pointer
 */

export function attachPointer(host) {
  /** @type {Pointer} */
  const p = {
    host,
    gesture: null,
    down: (event) => onPointerDown(p, event),
    move: (event) => onPointerMove(p, event),
    up: (event) => onPointerUp(p, event),
    cancel: (event) => {
      if (p.gesture && event.pointerId === p.gesture.id) finish(p, p.gesture);
    },
  };
  host.root.addEventListener("pointerdown", p.down);
  host.palette?.addEventListener("pointerdown", p.down);

  return {
    setPalette(palette) {
      host.palette?.removeEventListener("pointerdown", p.down);
      host.palette = palette;
      palette?.addEventListener("pointerdown", p.down);
    },
    destroy() {
      if (p.gesture) finish(p, p.gesture);
      host.root.removeEventListener("pointerdown", p.down);
      host.palette?.removeEventListener("pointerdown", p.down);
    },
  };
}

/** What lies under the point: a piece drawn there, a square's key, "inside" the board, or null. */
function keyAt(host, x, y) {
  const drawn = host.pieceKeyAt?.(x, y);
  if (drawn) return drawn;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !host.root.contains(hit)) return null;
  const square = hit.closest("[data-key]");
  return square instanceof HTMLElement && host.root.contains(square) ? square.dataset.key : "inside";
}

/** @param {Pointer} p */
function onPointerDown(p, event) {
  const host = p.host;
  if (p.gesture || (event.pointerType === "mouse" && event.button !== 0)) return;
  const drawn = host.root.contains(event.target) ? host.pieceKeyAt?.(event.clientX, event.clientY) : null;
  const square = event.target.closest("[data-key]");
  const spare = event.target.closest("[data-spare]");
  if (drawn || (square && host.root.contains(square))) {
    const key = drawn || square.dataset.key;
    event.preventDefault();
    host.root.focus({ preventScroll: true });
    p.gesture = newGesture(event, { key, piece: host.pieceOn(key) });
    // A press on a piece selects it at once, so its destinations show while it is dragged.
    if (p.gesture.piece && host.canDrag(key)) p.gesture.handled = host.pressPiece(key);
  } else if (spare && host.palette && host.palette.contains(spare)) {
    event.preventDefault();
    p.gesture = newGesture(event, { spare: spare.dataset.spare, piece: spare.dataset.spare });
  } else if (host.root.contains(event.target)) {
    p.gesture = newGesture(event, { background: true });
  } else {
    return;
  }
  window.addEventListener("pointermove", p.move);
  window.addEventListener("pointerup", p.up);
  window.addEventListener("pointercancel", p.cancel);
}

/** @returns {Gesture} */
export function newGesture(event, fields) {
  return {
    id: event.pointerId,
    type: event.pointerType,
    x0: event.clientX,
    y0: event.clientY,
    x: event.clientX,
    y: event.clientY,
    handled: false,
    dragging: false,
    panning: false,
    ghost: null,
    size: 0,
    over: null,
    ...fields,
  };
}

/** Whether a press has travelled far enough, for its kind of pointer, to be a drag. */
export function passedThreshold(g, x, y) {
  return Math.hypot(x - g.x0, y - g.y0) >= (DRAG_THRESHOLD[g.type] ?? 4);
}

/** @param {Pointer} p */
function onPointerMove(p, event) {
  const g = p.gesture;
  if (!g || event.pointerId !== g.id) return;
  if (g.panning) {
    event.preventDefault();
    p.host.pan(event.clientX - g.x, event.clientY - g.y);
    g.x = event.clientX;
    g.y = event.clientY;
    return;
  }
  if (!g.dragging) {
    if (!passedThreshold(g, event.clientX, event.clientY)) return;
    if (!beginDrag(p.host, g)) {
      // Nothing to carry: the gesture turns the view (or swipes) instead.
      g.panning = !g.spare;
      g.x = event.clientX;
      g.y = event.clientY;
      return;
    }
  }
  event.preventDefault();
  placeGhost(g, event.clientX, event.clientY);
  const scroll = autoScrollStep(event.clientY, window.innerHeight);
  if (scroll) window.scrollBy(0, scroll);
  const over = keyAt(p.host, event.clientX, event.clientY);
  const overKey = over && over !== "inside" ? over : null;
  if (overKey !== g.over) {
    g.over = overKey;
    p.host.showDrag(g.key ?? null, overKey);
  }
}

/** @param {Gesture} g */
function beginDrag(host, g) {
  if (g.background) return false;
  if (g.key !== undefined) {
    // The page may have changed the position on press; drag only what is still there.
    g.piece = host.pieceOn(g.key);
    if (!g.piece || !host.canDrag(g.key)) return false;
    if (!g.handled) host.liftPiece(g.key);
  }
  g.dragging = true;
  const size = host.ghostSize();
  const ghost = document.createElement("div");
  ghost.className = "board-ghost";
  ghost.style.width = ghost.style.height = `${size}px`;
  ghost.innerHTML = pieceSvg(g.piece || "");
  document.body.append(ghost);
  g.ghost = ghost;
  g.size = size;
  host.showDrag(g.key ?? null, null);
  return true;
}

/**
 * Dragging near the window's top or bottom edge scrolls, so tall boards stay reachable: the px to
 * scroll by (up when negative) with the pointer at ``y`` in a window ``height`` tall.
 */
export function autoScrollStep(y, height) {
  const edge = 40;
  if (y < edge) return -Math.ceil((edge - y) / 3);
  if (y > height - edge) return Math.ceil((y - height + edge) / 3);
  return 0;
}

/** @param {Gesture} g */
function placeGhost(g, x, y) {
  const half = g.size / 2;
  if (g.ghost) g.ghost.style.transform = `translate(${x - half}px, ${y - half}px)`;
}

/** @param {Pointer} p */
function onPointerUp(p, event) {
  if (!p.gesture || event.pointerId !== p.gesture.id) return;
  const host = p.host;
  const done = finish(p, p.gesture);
  if (done.panning) {
    host.panEnd(event.clientX - done.x0, event.clientY - done.y0);
  } else if (done.background) {
    // A click between the squares does nothing.
  } else if (done.dragging) {
    const target = keyAt(host, event.clientX, event.clientY);
    if (done.spare) host.dropSpare(done.spare, target);
    else host.dropPiece(done.key, target, done.piece);
  } else if (!done.handled) {
    if (done.spare) host.clickSpare(done.spare);
    else host.click(done.key);
  }
}

/**
 * @param {Pointer} p
 * @param {Gesture} done
 */
function finish(p, done) {
  p.gesture = null;
  window.removeEventListener("pointermove", p.move);
  window.removeEventListener("pointerup", p.up);
  window.removeEventListener("pointercancel", p.cancel);
  if (done.ghost) done.ghost.remove();
  if (done.dragging) p.host.showDrag(null, null);
  return done;
}
