// @ts-check
// What the layer strip (strip.js) says of each layer of the lab's cube, without the DOM: the
// counts per layer and each layer button's spoken name.

import { t, tn } from "../shared/i18n.js";

/**
 * How many of ``keys`` lie on each of ``n`` layers.
 * @param {Iterable<string>} keys
 * @param {(key: string) => number | null} layerOf
 * @param {number} n
 */
export function countByLayer(keys, layerOf, n) {
  const counts = new Array(n).fill(0);
  for (const key of keys) {
    const layer = layerOf(key);
    if (layer !== null && layer >= 0 && layer < n) counts[layer] += 1;
  }
  return counts;
}

/**
 * A layer button's name: "Layer III: 3 pieces, 2 moves of the selected piece, a king in check".
 * @param {string} name
 * @param {{pieces: number, dests: number, check: boolean}} layer
 */
export function layerLabel(name, { pieces, dests, check }) {
  const what = [pieces ? tn("%(num)s piece", "%(num)s pieces", pieces) : t("no pieces")];
  if (dests) what.push(tn("%(num)s move of the selected piece", "%(num)s moves of the selected piece", dests));
  if (check) what.push(t("a king in check"));
  return t("Layer %(name)s: %(what)s", { name, what: what.join(", ") });
}
