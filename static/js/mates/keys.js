// @ts-check
// Keyboard shortcuts of the trainer: h hint, Space best move (or the reply now), u / ← undo,
// → redo, f flip, m heat map, c the coach's box and corners. Keys typed into fields are left
// alone. On the board, arrows and Space keep their board meaning (cursor, pick up) only when the
// board was reached by Tab.

const SHORTCUTS = { h: "hint", " ": "best", u: "undo", ArrowLeft: "undo", ArrowRight: "redo", f: "flip", m: "heat", c: "coach" };

export function bindKeys(boardElement, act) {
  let navigatingByKeyboard = false;

  function onPointerDown() {
    navigatingByKeyboard = false;
  }

  function onKeyDown(event) {
    if (event.key === "Tab") navigatingByKeyboard = true;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action = SHORTCUTS[event.key];
    if (!action) return;
    const target = event.target;
    if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) return;
    if (event.key === " " && target instanceof Element && target.closest("button, summary, a")) return;
    const onBoard = target instanceof Element && boardElement.contains(target);
    if (onBoard && navigatingByKeyboard && (event.key === " " || event.key.startsWith("Arrow"))) return;
    event.preventDefault();
    event.stopPropagation();
    act(action);
  }
  // Capture phase: the board would otherwise take arrows and Space for its cursor.
  window.addEventListener("keydown", onKeyDown, true);
  window.addEventListener("pointerdown", onPointerDown, true);
  return () => {
    window.removeEventListener("keydown", onKeyDown, true);
    window.removeEventListener("pointerdown", onPointerDown, true);
  };
}
