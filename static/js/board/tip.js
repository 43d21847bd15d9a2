// @ts-check
// The label of the square under a mouse or pen ("c2(I)" on a 3D board), shown beside the pointer.

export function attachTip(root, labelOf) {
  const tip = document.createElement("div");
  tip.className = "board-tip";
  tip.setAttribute("aria-hidden", "true");
  tip.hidden = true;
  root.append(tip);
  let shown = null;

  function onMove(event) {
    const square = event.pointerType === "touch" ? null : event.target.closest?.("[data-key]");
    if (!square || !root.contains(square) || root.classList.contains("dragging")) {
      hide();
      return;
    }
    if (shown !== square.dataset.key) {
      shown = square.dataset.key;
      tip.textContent = labelOf(shown);
      tip.dataset.tip = shown;
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
