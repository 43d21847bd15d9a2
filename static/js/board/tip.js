// @ts-check
// The label of the square under a mouse or pen ("c2(I)" on a 3D board), shown beside the pointer.

export function attachTip(root, labelOf) {
  const tip = document.createElement("div");
  tip.className = "board-tip";
  tip.setAttribute("aria-hidden", "true");
  tip.hidden = true;
  root.append(tip);
  /** @type {string | null | undefined} */
  let shown = null;

  function onMove(event) {
    const square = event.pointerType === "touch" ? null : event.target.closest?.("[data-key]");
    if (!square || !root.contains(square) || root.classList.contains("dragging")) {
      hide();
      return;
    }
    const key = square.dataset.key;
    if (shown !== key) {
      shown = key;
      tip.textContent = labelOf(key);
      tip.dataset.tip = key;
    }
    const box = root.getBoundingClientRect();
    tip.style.translate = `${event.clientX - box.left + 14}px ${event.clientY - box.top + 16}px`;
    tip.hidden = false;
  }

  function hide() {
    shown = null;
    tip.hidden = true;
  }

  root.addEventListener("pointermove", onMove);
  root.addEventListener("pointerleave", hide);
  return { hide };
}
