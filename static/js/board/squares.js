// @ts-check
// The board's squares: each render compares what a square shows with what it should show and
// writes only the differences (class list, data-dest, heat, piece, badge).

import { pieceSvg } from "./pieces.js";

export function asList(value) {
  if (value === undefined || value === null || value === false) return [];
  return Array.isArray(value) ? value : [value];
}

export function lookup(map, key) {
  if (!map) return undefined;
  return map instanceof Map ? map.get(key) : map[key];
}

/**
 * Writes every square of `cells` (key -> {el, cell, applied}) from a view:
 * {state, pieceOn(key), selected, dests, cursor, dragFrom, dragOver, slide (animate moves)}.
 */
export function updateSquares(cells, view) {
  const { state, selected: sel } = view;
  const destSet = new Set(asList(view.dests));
  const last = new Set(asList(state.lastMove));
  const checks = new Set(asList(state.check));
  const vanished = new Map(); // piece code -> key it left
  const appeared = [];
  for (const [key, entry] of cells) {
    const piece = view.pieceOn(key);
    const before = entry.applied.piece;
    if (before !== undefined && before !== piece) {
      if (before) vanished.set(before, key);
      if (piece) appeared.push({ key, piece });
    }
    const classes = ["sq", entry.cell.dark ? "dark" : "light"];
    if (piece) classes.push("has-piece");
    if (key === sel) classes.push("selected");
    if (sel && destSet.has(key)) classes.push("dest", piece ? "capture" : "move");
    if (last.has(key)) classes.push("last");
    if (checks.has(key)) classes.push("check");
    for (const mark of asList(lookup(state.marks, key))) {
      for (const name of String(mark).split(/\s+/)) if (name) classes.push(`mark-${name}`);
    }
    const heat = lookup(state.heat, key);
    if (heat !== undefined && heat !== null) classes.push("heat");
    if (key === view.cursor) classes.push("cursor");
    if (key === view.dragFrom) classes.push("drag-origin");
    if (key === view.dragOver) classes.push("drag-over");
    apply(entry, "className", classes.join(" "), (v) => (entry.el.className = v));
    apply(entry, "dest", sel && destSet.has(key), (v) => toggleAttr(entry.el, "data-dest", v));
    apply(entry, "heat", heatColour(heat), (v) =>
      v ? entry.el.style.setProperty("--heat", v) : entry.el.style.removeProperty("--heat"));
    apply(entry, "piece", piece, (v) => setPiece(entry, v));
    const badge = lookup(state.badges, key);
    apply(entry, "badge", badgeSignature(badge), () => setBadge(entry, badge));
  }
  if (view.slide) slideMoves(cells, vanished, appeared);
}

// A piece that left one square and appeared on another of the same layer slides there.
function slideMoves(cells, vanished, appeared) {
  if (appeared.length === 0 || appeared.length > 2) return;
  for (const { key, piece } of appeared) {
    const from = cells.get(vanished.get(piece));
    const to = cells.get(key);
    if (!from || from.cell.layer !== to.cell.layer) continue;
    const a = from.el.getBoundingClientRect();
    const b = to.el.getBoundingClientRect();
    to.el.querySelector(":scope > .piece")?.animate(
      [
        { translate: `${a.left - b.left}px ${a.top - b.top}px`, zIndex: 6 },
        { translate: "0 0", zIndex: 6 },
      ],
      { duration: 180, easing: "ease-out" },
    );
  }
}

function apply(entry, field, value, write) {
  if (entry.applied[field] === value) return;
  entry.applied[field] = value;
  write(value);
}

function toggleAttr(el, name, on) {
  if (on) el.setAttribute(name, "");
  else el.removeAttribute(name);
}

function heatColour(value) {
  if (value === undefined || value === null) return "";
  if (typeof value === "number") {
    const t = Math.max(0, Math.min(1, value));
    return `hsla(${Math.round(120 - 120 * t)}, 75%, 48%, 0.55)`;
  }
  return String(value);
}

function setPiece(entry, code) {
  entry.el.querySelector(":scope > .piece")?.remove();
  if (!code) return;
  const piece = document.createElement("div");
  piece.className = "piece";
  piece.dataset.piece = code;
  piece.innerHTML = pieceSvg(code);
  entry.el.prepend(piece);
}

function badgeSignature(badge) {
  return badge === undefined || badge === null ? "" : JSON.stringify(badge);
}

function setBadge(entry, badge) {
  entry.el.querySelector(":scope > .badge")?.remove();
  if (badge === undefined || badge === null || badge === "") return;
  const info = typeof badge === "object" ? badge : { text: badge };
  const el = document.createElement("span");
  el.className = `badge${info.tone ? ` tone-${info.tone}` : ""}`;
  el.textContent = String(info.text ?? info.dtm ?? "");
  el.dataset.badge = el.textContent;
  const dtm = info.dtm ?? (typeof badge === "number" ? badge : undefined);
  if (dtm !== undefined) el.dataset.dtm = String(dtm);
  entry.el.append(el);
}
