// @ts-check
// The board's DOM: one <section class="board-layer"> per layer (a Roman or rank/file title, then
// a grid of squares), squares keyed by the keying (data-square / data-cube, and data-key).

import { toRoman } from "./keys.js";

/**
 * Fills `layersEl` for `config` ({layers, files, ranks, orientation, coordinates}) and returns
 * {cells: Map key -> {el, cell, applied}, sections: [section per layer]}.
 */
export function buildLayers(layersEl, config, keying) {
  const flip = config.orientation === "black";
  const cells = new Map();
  const sections = [];
  for (let layer = 0; layer < config.layers; layer++) {
    const section = document.createElement("section");
    section.className = "board-layer";
    section.dataset.layer = String(layer);
    if (config.layers > 1) {
      const title = document.createElement("div");
      title.className = "board-layer-label";
      title.textContent = keying.style === "cube" ? keying.names.layerLong(layer) : toRoman(config.layers - layer);
      title.setAttribute("aria-hidden", "true");
      section.append(title);
    }
    const grid = document.createElement("div");
    grid.className = "board-grid";
    for (let displayRow = 0; displayRow < config.ranks; displayRow++) {
      for (let displayCol = 0; displayCol < config.files; displayCol++) {
        const col = flip ? config.files - 1 - displayCol : displayCol;
        const row = flip ? config.ranks - 1 - displayRow : displayRow;
        const cell = keying.cellOf(keying.keyOf({ col, row, layer }));
        grid.append(square(cell, displayRow === config.ranks - 1, displayCol === 0, config, keying, cells));
      }
    }
    section.append(grid);
    sections.push(section);
  }
  layersEl.replaceChildren(...sections);
  // The longest layer name, in characters: the Perspective view's gutter fits it on one line.
  const longest = Math.max(0, ...sections.map((s) => s.querySelector(".board-layer-label")?.textContent?.length ?? 0));
  layersEl.style.setProperty("--label-chars", String(longest));
  return { cells, sections };
}

function square(cell, bottomRow, leftColumn, config, keying, cells) {
  const el = document.createElement("div");
  el.dataset.key = cell.key;
  el.setAttribute(keying.attribute, cell.key);
  if (config.coordinates) {
    if (leftColumn) el.append(coordinate("coord-rank", keying.names.row(cell.row)));
    if (bottomRow) el.append(coordinate("coord-file", keying.names.col(cell.col)));
  }
  cells.set(cell.key, { el, cell, applied: {} });
  return el;
}

function coordinate(className, text) {
  const span = document.createElement("span");
  span.className = `coord ${className}`;
  span.setAttribute("aria-hidden", "true");
  span.textContent = text;
  return span;
}
