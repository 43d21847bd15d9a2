// @ts-check
// The board's overlay: one SVG over the whole board with arrows (from, to, brush) and rays (the
// lines a selected piece moves along). Endpoints come from `pointOf(key)` -> {x, y, size} in px
// from the board's top-left: the square elements' on-screen boxes, or the 3D view's projection.

import { arrowLine, originRing, rayShape } from "./overlay_geometry.js";

const SVG_NS = "http://www.w3.org/2000/svg";
export const BRUSHES = ["green", "blue", "red", "yellow"];

let layerCount = 0;

/**
 * The ids of one layer's arrow heads, one per brush: fixed when the layer is made and unique to it
 * (a count, never the board's id, which a page may change afterwards), so every arrow's
 * ``marker-end`` names a marker on the page.
 * @param {number} layer  the layer's number
 * @returns {Record<string, string>}
 */
export function markerIds(layer) {
  return Object.fromEntries(BRUSHES.map((brush) => [brush, `board-arrows-${layer}-head-${brush}`]));
}

/** The SVG element ``tag`` with ``attributes`` (each written as a string). */
function svgElement(tag, attributes = {}) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  return el;
}

/** One arrow head per brush, each with its id of ``headIds``. */
function arrowHeads(headIds) {
  const defs = svgElement("defs");
  for (const brush of BRUSHES) {
    const marker = svgElement("marker", {
      id: headIds[brush], class: `arrow-head brush-${brush}`, viewBox: "0 0 10 10", refX: 3, refY: 5,
      markerWidth: 3, markerHeight: 3, orient: "auto",
    });
    marker.append(svgElement("path", { d: "M0 0 L10 5 L0 10 Z" }));
    defs.append(marker);
  }
  return defs;
}

export function createArrowLayer(root) {
  const headIds = markerIds(++layerCount);
  const svg = svgElement("svg", { class: "board-arrows", "aria-hidden": "true" });
  const rayGroup = svgElement("g");
  const lines = svgElement("g");
  svg.append(arrowHeads(headIds), rayGroup, lines);
  root.append(svg);

  /** Redraws everything: arrows [{from, to, brush}], rays [{from, to, blocked, leap}]. */
  function draw({ arrows, rays }, pointOf) {
    lines.replaceChildren();
    rayGroup.replaceChildren();
    if (!arrows?.length && !rays?.length) return;
    svg.setAttribute("viewBox", `0 0 ${root.clientWidth} ${root.clientHeight}`);
    const origin = rays?.length ? pointOf(rays[0].from) : null;
    if (origin) rayGroup.append(originElement(origin));
    for (const ray of rays || []) {
      const drawn = rayElement(ray, pointOf);
      if (drawn) rayGroup.append(drawn);
    }
    for (const arrow of arrows || []) {
      const drawn = arrowElement(arrow, pointOf, headIds);
      if (drawn) lines.append(drawn);
    }
  }

  return { draw };
}

/** An arrow's line, ending in its brush's head; null when an end is not drawn or both are one. */
function arrowElement(arrow, pointOf, headIds) {
  const a = pointOf(arrow.from);
  const b = pointOf(arrow.to);
  if (!a || !b || arrow.from === arrow.to) return null;
  const brush = BRUSHES.includes(arrow.brush) ? arrow.brush : "green";
  const { start, end, width } = arrowLine(a, b);
  const line = segment(start, end, width, `arrow brush-${brush}`);
  line.setAttribute("marker-end", `url(#${headIds[brush]})`);
  line.dataset.arrow = `${arrow.from}-${arrow.to}`;
  return line;
}

// A ring around the moving piece's cube, seen through any layer in front of it.
function originElement(a) {
  const ring = originRing(a);
  return svgElement("circle", { class: "ray-origin", cx: ring.x, cy: ring.y, r: ring.r, "stroke-width": ring.width });
}

// A ray runs from the piece's cube to the last cube it reaches; one that stops before the edge
// (blocked) ends in a bar across it, a leap (knight) is dashed.
function rayElement(ray, pointOf) {
  const a = pointOf(ray.from);
  const b = pointOf(ray.to);
  if (!a || !b) return null;
  const group = svgElement("g", { class: `ray${ray.blocked ? " blocked" : ""}${ray.leap ? " leap" : ""}` });
  group.dataset.ray = `${ray.from}>${ray.to}`;
  const shape = rayShape(a, b, ray.blocked);
  group.append(segment(shape.start, shape.end, shape.width, "ray-line"));
  group.append(svgElement("circle", { class: "ray-end", cx: b.x, cy: b.y, r: shape.dot }));
  if (shape.bar) group.append(segment(shape.bar[0], shape.bar[1], shape.width, "ray-stop"));
  return group;
}

function segment(a, b, width, className) {
  const line = document.createElementNS(SVG_NS, "line");
  line.setAttribute("class", className);
  line.setAttribute("x1", String(a.x));
  line.setAttribute("y1", String(a.y));
  line.setAttribute("x2", String(b.x));
  line.setAttribute("y2", String(b.y));
  line.setAttribute("stroke-width", String(width));
  return line;
}

/** The centre of an element's on-screen box, in px from `origin`'s top-left (with its size); null
 * for an element not drawn (a hidden layer's square), so no arrow runs to the screen's corner. */
export function boxPoint(el, origin) {
  if (!el || !el.getClientRects().length) return null;
  const rect = el.getBoundingClientRect();
  const base = origin.getBoundingClientRect();
  return { x: rect.left - base.left + rect.width / 2, y: rect.top - base.top + rect.height / 2, size: rect.width };
}
