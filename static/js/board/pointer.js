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

export function attachPointer(host) {
  /** @type {Gesture | null} */
  let gesture = null;

  function keyAt(x, y) {
    const drawn = host.pieceKeyAt?.(x, y);
    if (drawn) return drawn;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !host.root.contains(hit)) return null;
    const square = hit.closest("[data-key]");
    return square instanceof HTMLElement && host.root.contains(square) ? square.dataset.key : "inside";
  }

  function onPointerDown(event) {
    if (gesture || (event.pointerType === "mouse" && event.button !== 0)) return;
    const drawn = host.root.contains(event.target) ? host.pieceKeyAt?.(event.clientX, event.clientY) : null;
    const square = event.target.closest("[data-key]");
    const spare = event.target.closest("[data-spare]");
    if (drawn || (square && host.root.contains(square))) {
      const key = drawn || square.dataset.key;
      event.preventDefault();
      host.root.focus({ preventScroll: true });
      gesture = start(event, { key, piece: host.pieceOn(key) });
      // A press on a piece selects it at once, so its destinations show while it is dragged.
      if (gesture.piece && host.canDrag(key)) gesture.handled = host.pressPiece(key);
    } else if (spare && host.palette && host.palette.contains(spare)) {
      event.preventDefault();
      gesture = start(event, { spare: spare.dataset.spare, piece: spare.dataset.spare });
    } else if (host.root.contains(event.target)) {
      gesture = start(event, { background: true });
    } else {
      return;
    }
    window.addEventListener("pointermove", onPointerMove);
    window.addEventListener("pointerup", onPointerUp);
    window.addEventListener("pointercancel", onPointerCancel);
  }

  /** @returns {Gesture} */
  function start(event, fields) {
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

  function onPointerMove(event) {
    const g = gesture;
    if (!g || event.pointerId !== g.id) return;
    if (g.panning) {
      event.preventDefault();
      host.pan(event.clientX - g.x, event.clientY - g.y);
      g.x = event.clientX;
      g.y = event.clientY;
      return;
    }
    if (!g.dragging) {
      const distance = Math.hypot(event.clientX - g.x0, event.clientY - g.y0);
      if (distance < (DRAG_THRESHOLD[g.type] ?? 4)) return;
      if (!beginDrag(g)) {
        // Nothing to carry: the gesture turns the view (or swipes) instead.
        g.panning = !g.spare;
        g.x = event.clientX;
        g.y = event.clientY;
        return;
      }
    }
    event.preventDefault();
    placeGhost(g, event.clientX, event.clientY);
    autoScroll(event.clientY);
    const over = keyAt(event.clientX, event.clientY);
    const overKey = over && over !== "inside" ? over : null;
    if (overKey !== g.over) {
      g.over = overKey;
      host.showDrag(g.key ?? null, overKey);
    }
  }

  /** @param {Gesture} g */
  function beginDrag(g) {
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

  // Dragging near the window's top or bottom edge scrolls, so tall boards stay reachable.
  function autoScroll(y) {
    const edge = 40;
    if (y < edge) window.scrollBy(0, -Math.ceil((edge - y) / 3));
    else if (y > window.innerHeight - edge) window.scrollBy(0, Math.ceil((y - window.innerHeight + edge) / 3));
  }

  /** @param {Gesture} g */
  function placeGhost(g, x, y) {
    const half = g.size / 2;
    if (g.ghost) g.ghost.style.transform = `translate(${x - half}px, ${y - half}px)`;
  }

  function onPointerUp(event) {
    if (!gesture || event.pointerId !== gesture.id) return;
    const done = finish(gesture);
    if (done.panning) {
      host.panEnd(event.clientX - done.x0, event.clientY - done.y0);
    } else if (done.background) {
      // A click between the squares does nothing.
    } else if (done.dragging) {
      const target = keyAt(event.clientX, event.clientY);
      if (done.spare) host.dropSpare(done.spare, target);
      else host.dropPiece(done.key, target, done.piece);
    } else if (!done.handled) {
      if (done.spare) host.clickSpare(done.spare);
      else host.click(done.key);
    }
  }

  function onPointerCancel(event) {
    if (gesture && event.pointerId === gesture.id) finish(gesture);
  }

  /** @param {Gesture} done */
  function finish(done) {
    gesture = null;
    window.removeEventListener("pointermove", onPointerMove);
    window.removeEventListener("pointerup", onPointerUp);
    window.removeEventListener("pointercancel", onPointerCancel);
    if (done.ghost) done.ghost.remove();
    if (done.dragging) host.showDrag(null, null);
    return done;
  }

  host.root.addEventListener("pointerdown", onPointerDown);
  host.palette?.addEventListener("pointerdown", onPointerDown);

  return {
    setPalette(palette) {
      host.palette?.removeEventListener("pointerdown", onPointerDown);
      host.palette = palette;
      palette?.addEventListener("pointerdown", onPointerDown);
    },
    destroy() {
      if (gesture) finish(gesture);
      host.root.removeEventListener("pointerdown", onPointerDown);
      host.palette?.removeEventListener("pointerdown", onPointerDown);
    },
  };
}
