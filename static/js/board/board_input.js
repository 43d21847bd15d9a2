// @ts-check
// The board component's answers to the user (board.js wires them, board_state.js decides): a
// click, a drag and its drop, the spare pieces, a swipe to the next layer, the keyboard; each
// calls the page's hook (types.js: BoardCallbacks) and announces what happened.

import { clickOutcome, dropOutcome, pickable, targetAllowed } from "./board_state.js";
import { announce, destsOf, inSpace, pieceOn, refresh, selectedOf, spareOf } from "./board_view.js";
import { parseCubeKey } from "./keys.js";
import { pieceName } from "./pieces.js";
import { asList } from "./squares.js";
import { t } from "../shared/i18n.js";

/** @typedef {import("./board_view.js").BoardContext} BoardContext */

const SWIPE = 48; // px of mostly sideways travel that turns to the next layer

/** @param {BoardContext} b */
const canPick = (b, key) => pickable(b.config, pieceOn(b, key));

/** @param {BoardContext} b */
export function select(b, key) {
  if (b.options.onSelect) b.options.onSelect(key);
  else {
    b.state = { ...b.state, selected: key, dests: null };
    refresh(b);
  }
  const piece = key ? pieceOn(b, key) : null;
  if (key && piece) announce(b, t("%(piece)s on %(square)s selected", { piece: pieceName(piece), square: b.keying.label(key) }));
}

/** @param {BoardContext} b */
export function setSpare(b, piece) {
  if (b.options.onSpareSelect) b.options.onSpareSelect(piece);
  else {
    b.state = { ...b.state, spare: piece };
    refresh(b);
  }
}

/** @param {BoardContext} b */
function move(b, from, to, piece) {
  if (!b.options.onMove) return;
  announce(b, t("%(piece)s %(from)s to %(to)s", { piece: pieceName(piece), from: b.keying.label(from), to: b.keying.label(to) }));
  b.options.onMove(from, to, piece);
}

/**
 * A click (or Enter) on a square: the page's hook first, then place / move / select.
 * @param {BoardContext} b
 */
export function click(b, key) {
  b.cursor = key;
  const piece = pieceOn(b, key);
  const selected = selectedOf(b);
  if (b.options.onSquareClick?.(key, { piece, selected, spare: spareOf(b) }) === true) {
    refresh(b);
    return;
  }
  const outcome = clickOutcome({
    config: b.config, key, piece, selected, spare: spareOf(b), dests: destsOf(b),
    canPickSelected: Boolean(selected) && canPick(b, selected), canPickKey: canPick(b, key),
  });
  if (outcome.kind === "place") {
    announce(b, t("%(piece)s placed on %(square)s", { piece: pieceName(outcome.piece), square: b.keying.label(key) }));
    b.options.onDropNew?.(outcome.piece, key);
  } else if (outcome.kind === "move" && selected) {
    move(b, selected, key, pieceOn(b, selected));
  } else if (outcome.kind === "select") {
    select(b, outcome.key);
  }
  refresh(b);
}

/** @param {BoardContext} b */
export function clickSpare(b, piece) {
  setSpare(b, spareOf(b) === piece ? null : piece);
}

/**
 * The layer ``step`` away from the one shown alone, asked of the page; false when there is none.
 * @param {BoardContext} b
 */
export function askLayer(b, step) {
  const { config } = b;
  if (config.layers < 2 || !Number.isInteger(config.only)) return false;
  const layer = /** @type {number} */ (config.only) + step;
  if (layer < 0 || layer >= config.layers) return false;
  b.options.onLayer?.(layer);
  return true;
}

/**
 * A dragged piece dropped on ``target``: removed, moved, or refused (nothing stays picked up, so
 * the next drag is the user's).
 * @param {BoardContext} b
 */
function dropPiece(b, from, target, piece) {
  const outcome = dropOutcome({
    target, from, editable: Boolean(b.config.editable && b.options.onRemove), canTarget: targetAllowed(b.config, destsOf(b), target),
  });
  if (outcome === "remove") {
    announce(b, t("%(piece)s removed from %(square)s", { piece: pieceName(piece), square: b.keying.label(from) }));
    b.options.onRemove?.(from, piece);
  } else if (outcome === "move") {
    b.cursor = target;
    b.quietUntil = performance.now() + 400;
    move(b, from, target, piece);
  } else if (outcome === "refuse") {
    announce(b, t("%(piece)s cannot go to %(square)s", { piece: pieceName(piece), square: b.keying.label(target) }));
    if (selectedOf(b)) select(b, null);
    b.options.onRefused?.(from, target, piece);
  }
}

/**
 * The pointer's host (pointer.js): the board's answers to presses, drags, drops and pans.
 * @param {BoardContext} b
 */
export function boardPointer(b) {
  return {
    root: b.root,
    palette: null,
    pieceOn: (key) => pieceOn(b, key),
    canDrag: (key) => canPick(b, key),
    pieceKeyAt: (x, y) => (inSpace(b) ? b.space.pieceAt(x, y, b.cells) : null),
    ghostSize: () => squareSize(b) * (b.config.view === "layers" ? 1 : 1.15),
    pressPiece(key) {
      const selected = selectedOf(b);
      if (key === selected) return false; // a second click on the selected piece is the page's to interpret
      if (selected && asList(destsOf(b)).includes(key)) return false; // a capture by click happens on release
      click(b, key);
      return true;
    },
    // Dragged, the piece pressed is the one that moves: selected, its own destinations judge the drop.
    liftPiece(key) { if (selectedOf(b) !== key) select(b, key); },
    click: (key) => click(b, key),
    clickSpare: (piece) => clickSpare(b, piece),
    dropPiece: (from, target, piece) => dropPiece(b, from, target, piece),
    dropSpare(piece, target) {
      if (target && target !== "inside") {
        b.cursor = target;
        b.quietUntil = performance.now() + 400;
        announce(b, t("%(piece)s placed on %(square)s", { piece: pieceName(piece), square: b.keying.label(target) }));
        b.options.onDropNew?.(piece, target);
      }
    },
    showDrag(from, over) {
      b.dragFrom = from;
      b.dragOver = over;
      b.root.classList.toggle("dragging", from !== null || over !== null);
      refresh(b);
    },
    pan(dx, dy) {
      if (inSpace(b)) b.space.orbit(dx * 0.45, -dy * 0.35);
    },
    panEnd(dx, dy) {
      if (!inSpace(b) && Math.abs(dx) > SWIPE && Math.abs(dx) > 1.5 * Math.abs(dy)) askLayer(b, dx < 0 ? 1 : -1);
    },
  };
}

/**
 * The keyboard's host (keyboard.js).
 * @param {BoardContext} b
 */
export function boardKeyboard(b) {
  return {
    root: b.root,
    keying: () => b.keying,
    config: () => b.config,
    cursor: () => b.cursor,
    setCursor: (key) => (b.cursor = key),
    selected: () => selectedOf(b),
    pieceOn: (key) => pieceOn(b, key),
    click: (key) => click(b, key),
    escape() {
      b.tip.hide();
      if (selectedOf(b)) select(b, null);
      if (spareOf(b)) setSpare(b, null);
    },
    refresh: () => refresh(b),
    squareElement: (key) => b.cells.get(key)?.el,
    announce: (text) => announce(b, text),
    onLayer: (layer) => b.options.onLayer?.(layer),
    space: () => (inSpace(b) ? b.space : null),
  };
}

/**
 * A square's size in px: the selected (or first) cube's as projected in the 3D view, else the
 * first square's width.
 * @param {BoardContext} b
 */
export function squareSize(b) {
  if (inSpace(b)) {
    const key = selectedOf(b) || b.cells.keys().next().value;
    return b.space.project(parseCubeKey(/** @type {string} */ (key)))?.size || 48;
  }
  const first = b.cells.values().next().value;
  return first ? first.el.getBoundingClientRect().width || 48 : 48;
}
