// @ts-check
// Square keys of the board component: "e4" on a single 2D layer, "x,y,z" on a stack of layers.
// Internally a square is a cell {col, row, layer}: col 0 = left file, row 0 = back (top) row as
// seen by White, layer 0 = top board as listed, exactly SPEC's 3D [x, y, z].

import { t } from "../shared/i18n.js";

export const FILE_LETTERS = "abcdefghijklmnop";

/** @type {[number, string][]} */
const ROMAN = [[10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]];

/** Roman numerals for 1..39 (layer labels: the bottom board is I). */
export function toRoman(value) {
  let rest = value;
  let out = "";
  for (const [amount, letters] of ROMAN) {
    while (rest >= amount) {
      out += letters;
      rest -= amount;
    }
  }
  return out;
}

export function cubeKey(x, y, z) {
  return `${x},${y},${z}`;
}

/**
 * [x, y, z] from a board key "x,y,z", or null.
 * @param {string} key
 * @returns {[number, number, number] | null}
 */
export function parseCubeKey(key) {
  const parts = String(key).split(",").map(Number);
  return parts.length === 3 && parts.every(Number.isInteger) ? [parts[0], parts[1], parts[2]] : null;
}

// A stack of cube layers can be sliced along any axis: "z" = the levels (a layer is a board
// as listed, x across, y down), "y" = ranks (x across, levels down, seen from White's side), "x" =
// files (ranks 1..n across, levels down, seen from the h-file side). Display cell -> [x, y, z]:
const SLICES = {
  z: (col, row, layer) => [col, row, layer],
  y: (col, row, layer) => [col, layer, row],
  x: (col, row, layer, n) => [layer, n - 1 - col, row],
};

/**
 * The keying of one board geometry: style "square" (algebraic, one layer, up to 16 files) or
 * "cube" ("x,y,z", sliced along `axis`). Returns {style, attribute, axis, cells, keyOf(cell),
 * cellOf(key), label(key), names: {col(i), row(i), layer(i), layerLong(i)}}.
 */
export function createKeying({ layers, files, ranks, style, axis = "z" }) {
  const keyStyle = style || (layers === 1 ? "square" : "cube");
  const slice = SLICES[axis] || SLICES.z;
  const cells = [];
  const byKey = new Map();

  const keyOf = ({ col, row, layer }) =>
    keyStyle === "square" ? `${FILE_LETTERS[col]}${ranks - row}` : cubeKey(...slice(col, row, layer, files));

  for (let layer = 0; layer < layers; layer++) {
    for (let row = 0; row < ranks; row++) {
      for (let col = 0; col < files; col++) {
        const cell = { col, row, layer };
        cell.key = keyOf(cell);
        cell.dark = (col + (ranks - 1 - row)) % 2 === 0;
        cells.push(cell);
        byKey.set(cell.key, cell);
      }
    }
  }

  // A cube's label: file letter, rank counted from White's side, level in Roman numerals (I = bottom).
  const label = (key) => {
    if (keyStyle === "square") return byKey.has(key) ? key : String(key);
    const cube = byKey.has(key) && parseCubeKey(key);
    if (!cube) return String(key);
    return `${FILE_LETTERS[cube[0]]}${ranks - cube[1]}(${toRoman(layers - cube[2])})`;
  };

  const level = (i) => toRoman(layers - i);
  const rank = (i) => String(ranks - i);
  const byAxis = {
    z: { col: (i) => FILE_LETTERS[i], row: rank, layer: level, layerLong: level },
    y: { col: (i) => FILE_LETTERS[i], row: level, layer: rank, layerLong: (i) => t("rank %(rank)s", { rank: rank(i) }) },
    x: { col: (i) => String(i + 1), row: level, layer: (i) => FILE_LETTERS[i], layerLong: (i) => t("file %(file)s", { file: FILE_LETTERS[i] }) },
  };

  return {
    style: keyStyle,
    attribute: keyStyle === "square" ? "data-square" : "data-cube",
    axis: keyStyle === "cube" && SLICES[axis] ? axis : "z",
    cells,
    keyOf,
    cellOf: (key) => byKey.get(key) || null,
    label,
    names: keyStyle === "square" ? byAxis.z : byAxis[SLICES[axis] ? axis : "z"],
  };
}
