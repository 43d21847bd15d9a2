// @ts-check
// What the layer strip (strip.js) says of each layer of the lab's cube, without the DOM: the
// counts per layer and each layer button's spoken name.

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
  const what = [`${pieces || "no"} piece${pieces === 1 ? "" : "s"}`];
  if (dests) what.push(`${dests} move${dests === 1 ? "" : "s"} of the selected piece`);
  if (check) what.push("a king in check");
  return `Layer ${name}: ${what.join(", ")}`;
}
