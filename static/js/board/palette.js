// @ts-check
// The board's spare pieces: buttons carrying data-spare="wQ" to drag onto the board or click to arm
// for placing. The board's pointer handler does the dragging; this module draws the buttons.

import { pieceName, pieceSvg } from "./pieces.js";
import { t } from "../shared/i18n.js";

/**
 * host: {fallback (element the palette goes into when no `element` is given), clickSpare(piece),
 *        attach(paletteElement | null) (hands the buttons to the pointer handler)}.
 * Returns {update(palette, armed)}: palette null | {kinds: "KQRBN", colors: "wb", element}.
 */
export function createPalette(host) {
  /** @type {HTMLDivElement | null} */
  let el = null;
  let signature = "";

  function build(palette, target) {
    el = document.createElement("div");
    el.className = "board-palette";
    el.setAttribute("role", "toolbar");
    el.setAttribute("aria-label", t("Spare pieces"));
    for (const color of palette.colors || "wb") {
      const row = document.createElement("div");
      row.className = "board-palette-row";
      for (const kind of palette.kinds || "KQRBN") row.append(button(color + kind));
      el.append(row);
    }
    target.append(el);
  }

  function button(code) {
    const spare = document.createElement("button");
    spare.type = "button";
    spare.className = "spare";
    spare.dataset.spare = code;
    spare.setAttribute("aria-label", t("Spare %(piece)s", { piece: pieceName(code) }));
    spare.innerHTML = pieceSvg(code);
    spare.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        host.clickSpare(code);
      }
    });
    return spare;
  }

  function update(palette, armed) {
    const next = palette ? `${palette.kinds || "KQRBN"}|${palette.colors || "wb"}` : "";
    const target = palette?.element || host.fallback;
    if (next !== signature || (el && el.parentElement !== target)) {
      el?.remove();
      el = null;
      signature = next;
      if (palette) build(palette, target);
      host.attach(el);
    }
    if (!el) return;
    for (const spare of Array.from(el.querySelectorAll("[data-spare]"))) {
      if (!(spare instanceof HTMLElement)) continue;
      const on = spare.dataset.spare === armed;
      spare.classList.toggle("armed", on);
      spare.setAttribute("aria-pressed", String(on));
    }
  }

  return { update };
}
