// @ts-check
// The layer strip: "All" and one button per layer (levels, ranks or files, as the cube is
// sliced); a button isolates its layer. Each shows how many pieces the layer holds, and marks the
// layers where the selected piece can go or where a king is in check.

import { t } from "../shared/i18n.js";
import { layerLabel } from "./layers.js";

/** onPick(layer | null). render({layers, names(i) -> text, only, pieces[i], dests[i], check[i]}). */
export function createStrip(element, onPick) {
  let signature = "";
  let buttons = [];
  /** @type {number | null} the layer scrolled into view; null: the strip at its start, as it begins (no scroll to force a layout for) */
  let shown = null;

  function build(layers, names) {
    const all = button(t("All"), "all", () => onPick(null));
    all.setAttribute("aria-label", t("All layers"));
    buttons = [];
    for (let layer = 0; layer < layers; layer++) {
      buttons.push(button(names(layer), String(layer), () => onPick(layer)));
    }
    element.replaceChildren(all, ...buttons);
  }

  function button(text, layer, onClick) {
    const item = document.createElement("button");
    item.type = "button";
    item.dataset.layer = layer;
    const name = document.createElement("span");
    name.className = "strip-name";
    name.textContent = text;
    item.append(name);
    item.addEventListener("click", onClick);
    return item;
  }

  function render({ layers, names, only, pieces, dests, check }) {
    const next = `${layers}|${names(0)}|${names(layers - 1)}`;
    if (next !== signature) {
      signature = next;
      build(layers, names);
    }
    element.querySelector('[data-layer="all"]').setAttribute("aria-pressed", String(only === null));
    buttons.forEach((item, layer) => {
      item.setAttribute("aria-pressed", String(only === layer));
      // The count is drawn by CSS (attr(data-count)): the button's text stays the layer's name, which
      // its spoken name ("Layer III: 3 pieces") begins with, as a voice-control user would say it.
      item.dataset.count = pieces[layer] ? String(pieces[layer]) : "";
      item.classList.toggle("has-dests", dests[layer] > 0);
      item.classList.toggle("has-check", !!check[layer]);
      item.setAttribute("aria-label", layerLabel(names(layer), { pieces: pieces[layer], dests: dests[layer], check: !!check[layer] }));
    });
    if (only !== shown) {
      shown = only;
      const item = only === null ? null : buttons[only];
      // The chosen layer's button in the middle of the strip; "All" at its start.
      element.scrollLeft = item ? item.offsetLeft - (element.clientWidth - item.offsetWidth) / 2 : 0;
    }
  }

  return { render };
}
