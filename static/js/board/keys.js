// Square keys of the board component: "e4" on a single 2D layer, "x,y,z" on a stack of layers.
// Internally a square is a cell {col, row, layer}: col 0 = left file, row 0 = back (top) row as
// seen by White, layer 0 = top board as listed, exactly SPEC's 3D [x, y, z].

export const FILE_LETTERS = "abcdefghijklmnop";

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

/** [x, y, z] from "x,y,z", or null. */
export function parseCubeKey(key) {
  const parts = String(key).split(",").map(Number);
  return parts.length === 3 && parts.every(Number.isInteger) ? parts : null;
}

/**
 * The keying of one board geometry: style "square" (algebraic, one layer, up to 16 files) or
 * "cube" ("x,y,z"). Returns {style, keyOf(cell), cellOf(key), label(key), cells}.
 */
export function createKeying({ layers, files, ranks, style }) {
  const keyStyle = style || (layers === 1 ? "square" : "cube");
  const cells = [];
  const byKey = new Map();

  const keyOf = ({ col, row, layer }) =>
    keyStyle === "square" ? `${FILE_LETTERS[col]}${ranks - row}` : cubeKey(col, row, layer);

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

  // The seed's label: file letter, rank counted from White's side, level in Roman numerals (I = bottom).
  const label = (key) => {
    const cell = byKey.get(key);
    if (!cell) return String(key);
    const square = `${FILE_LETTERS[cell.col]}${ranks - cell.row}`;
    return keyStyle === "square" ? square : `${square}(${toRoman(layers - cell.layer)})`;
  };

  return {
    style: keyStyle,
    attribute: keyStyle === "square" ? "data-square" : "data-cube",
    cells,
    keyOf,
    cellOf: (key) => byKey.get(key) || null,
    label,
  };
}
