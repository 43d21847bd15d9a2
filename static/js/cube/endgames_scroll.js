// @ts-check
// The results table where it is wider than the screen (a phone): it scrolls sideways in its frame,
// its first column (the materials) staying put. The cue above it says which board sizes show and
// that the table scrolls; its arrows bring the next sizes either way into view, and the frame's
// edge is shaded on a side with more columns. Where the table fits, the cue is hidden.

import { within } from "../shared/dom.js";
import { t } from "../shared/i18n.js";

/**
 * @param {HTMLElement} frame  .eg-table-frame (its data-more: "left", "right", "both" or "")
 * @param {HTMLElement} scroller  #eg-table-scroll, inside the frame
 * @param {HTMLElement} cue  #eg-table-cue
 */
export function attachTableScroll(frame, scroller, cue) {
  const text = within(cue, '[data-part="text"]');
  const back = within(cue, '[data-scroll="back"]', HTMLButtonElement);
  const forward = within(cue, '[data-scroll="forward"]', HTMLButtonElement);
  const heads = Array.from(scroller.querySelectorAll("thead th"));
  const sizes = heads.slice(1); // the first is the materials' column
  const first = heads[0];

  /** Where the columns scrolling under the materials' column start, and where the frame ends. */
  function visibleSpan() {
    return { left: first.getBoundingClientRect().right, right: scroller.getBoundingClientRect().right };
  }

  function update() {
    const overflow = scroller.scrollWidth - scroller.clientWidth > 1;
    const before = scroller.scrollLeft > 1;
    const after = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    frame.dataset.more = !overflow ? "" : before && after ? "both" : before ? "left" : after ? "right" : "";
    cue.hidden = !overflow;
    if (!overflow) return;
    const { left, right } = visibleSpan();
    const shown = sizes.filter((head) => {
      const box = head.getBoundingClientRect();
      return box.left >= left - 1 && box.right <= right + 1;
    });
    const named = shown.length ? shown : sizes;
    text.textContent = t("Showing %(first)s to %(last)s of %(low)s to %(high)s: the table scrolls sideways.", {
      first: named[0].textContent, last: named[named.length - 1].textContent,
      low: sizes[0].textContent, high: sizes[sizes.length - 1].textContent,
    });
    back.disabled = !before;
    forward.disabled = !after;
  }

  /** Scrolls so that the first size hidden that way shows at the edge it comes in from. */
  function step(direction) {
    const { left, right } = visibleSpan();
    const boxes = sizes.map((head) => head.getBoundingClientRect());
    const next = direction > 0 ? boxes.find((box) => box.right > right + 1)
      : boxes.filter((box) => box.left < left - 1).pop();
    if (!next) return;
    const by = direction > 0 ? next.left - left : next.right - right;
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    scroller.scrollBy({ left: by, behavior: calm ? "auto" : "smooth" });
  }

  back.addEventListener("click", () => step(-1));
  forward.addEventListener("click", () => step(1));
  scroller.addEventListener("scroll", update, { passive: true });
  new ResizeObserver(update).observe(scroller);
  update();
}
