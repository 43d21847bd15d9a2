// @ts-check
// Keyboard shortcuts of the trainer: h hint, Space best move (or the reply now), u or ← undo,
// r or → redo, f flip, m heat map, c the coach's box. Keys typed into fields are left alone.
// While the board has the keyboard focus (its ring shows: reached by Tab or the skip link) its own
// keys win: arrows move its cursor, Enter and Space pick a piece up and put it down, Escape lets
// go; u and r still undo and redo there.

export const SHORTCUTS = { h: "hint", " ": "best", u: "undo", ArrowLeft: "undo", r: "redo", ArrowRight: "redo", f: "flip", m: "heat", c: "coach" };
const BOARD_KEYS = new Set([" ", "Enter", "Escape", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);

/**
 * The shortcut a key press asks for, or null when the key is not one or belongs where it was
 * pressed (a field, a button's Space, the board's own keys while it has the keyboard focus).
 * @param {{key: string, ctrlKey?: boolean, metaKey?: boolean, altKey?: boolean}} event
 * @param {{inField: boolean, onButton: boolean, boardKeyboardFocus: boolean}} where
 * @returns {string | null}
 */
export function shortcutFor(event, where) {
  if (event.ctrlKey || event.metaKey || event.altKey || where.inField) return null;
  const action = Object.hasOwn(SHORTCUTS, event.key) ? SHORTCUTS[event.key] : null;
  if (!action) return null;
  if (event.key === " " && where.onButton) return null;
  if (where.boardKeyboardFocus && BOARD_KEYS.has(event.key)) return null;
  return action;
}

export function bindKeys(boardElement, act) {
  function onKeyDown(event) {
    const target = event.target instanceof Element ? event.target : null;
    const action = shortcutFor(event, {
      inField: Boolean(target?.closest("input, textarea, select, [contenteditable]")),
      onButton: Boolean(target?.closest("button, summary, a")),
      // The board shows its cursor and ring only when it was reached by keys (board/keyboard.js).
      boardKeyboardFocus: Boolean(target && boardElement.contains(target) && boardElement.classList.contains("keyboard")),
    });
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    act(action);
  }
  // Capture phase: the board would otherwise take arrows and Space for its cursor.
  window.addEventListener("keydown", onKeyDown, true);
  return () => window.removeEventListener("keydown", onKeyDown, true);
}
