// @ts-check
// The results table of the 3D endgames page: one cell per material and size, filled from the
// server's table states (ready with counts, building with progress, queued, failed with its
// reason, unavailable) and, for a table not on this server, the results file's verified figures
// (``result``) and what its build costs. A cell with figures is a button that opens its detail.

import { bytes, duration } from "./endgames_format.js";
import { grouped, t } from "../shared/i18n.js";

/** A share as the results file's table writes it (tablebase/cube/endgames/explain.py's share): one
 * decimal from 1%, two significant digits below. @param {number} value */
export const percent = (value) => {
  if (value === 0) return "0%";
  if (value === 1) return "100%";
  const exact = value * 100;
  const shown = exact >= 1 ? exact : Number(exact.toPrecision(2)); // 0.996 rounds to 1.0
  if (shown >= 1) {
    const text = shown.toFixed(1);
    return text === "100.0" ? ">99.9%" : `${text}%`;
  }
  return `${shown.toFixed(Math.max(0, 1 - Math.floor(Math.log10(shown))))}%`; // two significant digits: 0.40%
};

/** Fills the cells of ``table`` from the states; ``onPick(material, n)`` when a ready cell is chosen. */
export function createOverview(table, { onPick }) {
  const cells = new Map();
  /** @type {{chosen: string | null}} the key of the cell whose detail is open */
  const open = { chosen: null };
  for (const cell of table.querySelectorAll("td[data-material]")) {
    cells.set(`${cell.dataset.material}-${cell.dataset.n}`, cell);
    cell.addEventListener("click", () => {
      if (cell.querySelector(".eg-cell-button")) onPick(cell.dataset.material, Number(cell.dataset.n));
    });
  }
  const mark = (key) => markCell(cells.get(key), key === open.chosen);

  return {
    show(state) {
      const key = `${state.material}-${state.n}`;
      const cell = cells.get(key);
      if (cell && showCell(cell, state)) mark(key);
    },
    /** Marks the cell whose detail is open (null: none). */
    select(material, n) {
      const previous = open.chosen;
      open.chosen = material ? `${material}-${n}` : null;
      if (previous && cells.has(previous)) mark(previous);
      if (open.chosen && cells.has(open.chosen)) mark(open.chosen);
    },
  };
}

/** A cell marked as the one whose detail is open, or not. */
function markCell(cell, open) {
  if (open) cell.dataset.open = "true";
  else delete cell.dataset.open;
  cell.querySelector(".eg-cell-button")?.setAttribute("aria-expanded", String(open));
}

/**
 * The figures a cell shows: the table's own when ready, else the results file's (or none).
 * @param {any} state
 */
export const cellFigures = (state) => (state.state === "ready" ? state : state.result || null);

/**
 * A cell filled from its table's state (unless it shows that state already); true when it shows
 * figures (a button that opens its detail).
 * @param {HTMLElement} cell
 */
function showCell(cell, state) {
  const signature = JSON.stringify(state);
  if (cell.dataset.signature === signature) return false;
  cell.dataset.signature = signature;
  cell.dataset.state = state.state;
  cell.replaceChildren();
  const figures = cellFigures(state);
  const size = `${state.n}×${state.n}×${state.n}`;
  const playable = Boolean(figures && figures.won > 0 && (state.state === "ready" || state.buildable));
  cell.dataset.playable = String(playable);
  if (state.state !== "ready" && figures) cell.dataset.source = "results";
  else delete cell.dataset.source;
  cell.style.removeProperty("--won");
  const cost = state.cost ? t("Building it takes about %(memory)s of memory and %(time)s of CPU.",
    { memory: bytes(state.cost.memory_bytes), time: duration(state.cost.cpu_seconds) }) : "";
  if (figures) {
    showFigures(cell, state, figures, size, cost);
    return true;
  }
  if (state.state === "building" || state.state === "queued") {
    const label = document.createElement("span");
    label.className = "eg-building";
    label.textContent = state.state === "queued" ? t("queued") : t("building %(stage)s", { stage: state.stage || "" }).trim();
    cell.append(label, progress(state));
    cell.title = state.state === "queued" ? t("Waiting for its turn to be built") : t("Building: %(stage)s", { stage: state.stage });
  } else if (state.state === "unavailable") {
    cell.textContent = "—";
    cell.title = [t("Not computed: beyond what this server builds on demand."), cost].filter(Boolean).join(" ");
  } else if (state.state === "missing") {
    const holder = cellButton("eg-cell-button eg-cell-build");
    const which = t("%(material)s on %(size)s", { material: state.material, size });
    holder.append(hidden(`${which}: `), t("build"));
    cell.append(holder);
    cell.title = [`${which}:`, t("not built yet; click to build it here."), cost].filter(Boolean).join(" ");
  } else if (state.state === "failed") {
    cell.textContent = t("failed");
    cell.title = t("The server could not build this table: %(why)s", { why: state.reason });
  } else {
    cell.textContent = "…";
  }
  return false;
}

/** A button of a cell, which opens the detail. */
function cellButton(className) {
  const holder = document.createElement("button");
  holder.type = "button";
  holder.className = className;
  holder.setAttribute("aria-controls", "eg-detail");
  return holder;
}

/**
 * A cell's title over its figures: which table, its counts, where its figures come from, and
 * what building it costs when this server has not built it.
 */
export function figuresTitle(state, figures, size, cost) {
  const which = t("%(material)s on %(size)s", { material: state.material, size });
  const counts = figures.won
    ? t("White wins %(won)s of %(positions)s positions; longest mate in %(longest)s.",
        { won: grouped(figures.won), positions: grouped(figures.positions), longest: figures.longest })
    : t("no position is won (%(positions)s positions).", { positions: grouped(figures.positions) });
  const where = state.state === "ready" ? []
    : state.state === "building" || state.state === "queued" ? [t("A verified result; its table is being built here.")]
      : [t("A verified result; this server has not built its table."), cost];
  return [`${which}: ${counts}`, ...where, t("Click for its detail.")].filter(Boolean).join(" ");
}

/** A cell's figures: the won share and the longest mate, as a button that opens its detail. */
function showFigures(cell, state, figures, size, cost) {
  const share = figures.positions ? figures.won / figures.positions : 0;
  cell.style.setProperty("--won", share.toFixed(3));
  cell.dataset.won = String(share);
  const won = document.createElement("span");
  won.className = "eg-won";
  won.textContent = percent(share);
  const longest = document.createElement("span");
  longest.className = "eg-longest";
  longest.textContent = figures.longest ? `#${figures.longest}` : t("no mate");
  if (figures.longest) longest.dataset.longest = String(figures.longest);
  // A ready cell is a button (keyboard, screen readers) that opens its detail; its name says
  // which table, and begins with nothing that hides its visible text.
  const holder = cellButton("eg-cell-button");
  cell.append(holder);
  const which = t("%(material)s on %(size)s", { material: state.material, size });
  const wonWords = t("won, longest mate in White moves");
  holder.append(hidden(`${which}: `), won, hidden(` ${wonWords} `), longest);
  cell.title = figuresTitle(state, figures, size, cost);
  if (state.state === "building" || state.state === "queued") cell.append(progress(state));
}

function progress(state) {
  const bar = document.createElement("span");
  bar.className = "eg-progress";
  bar.style.setProperty("--fraction", String(state.fraction || 0));
  return bar;
}

function hidden(text) {
  const span = document.createElement("span");
  span.className = "visually-hidden";
  span.textContent = text;
  return span;
}
