// @ts-check
// The board's overlay: one SVG over the whole board with arrows (from, to, brush) and rays (the
// lines a selected piece moves along). Endpoints come from `pointOf(key)` -> {x, y, size} in px
// from the board's top-left: the square elements' on-screen boxes, or the 3D view's projection.

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

export function createArrowLayer(root) {
  const headIds = markerIds(++layerCount);
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "board-arrows");
  svg.setAttribute("aria-hidden", "true");
  const defs = document.createElementNS(SVG_NS, "defs");
  for (const brush of BRUSHES) {
    const marker = document.createElementNS(SVG_NS, "marker");
    marker.setAttribute("id", headIds[brush]);
    marker.setAttribute("class", `arrow-head brush-${brush}`);
    marker.setAttribute("viewBox", "0 0 10 10");
    marker.setAttribute("refX", "3");
    marker.setAttribute("refY", "5");
    marker.setAttribute("markerWidth", "3");
    marker.setAttribute("markerHeight", "3");
    marker.setAttribute("orient", "auto");
    const head = document.createElementNS(SVG_NS, "path");
    head.setAttribute("d", "M0 0 L10 5 L0 10 Z");
    marker.append(head);
    defs.append(marker);
  }
  svg.append(defs);
  const rayGroup = document.createElementNS(SVG_NS, "g");
  const lines = document.createElementNS(SVG_NS, "g");
  svg.append(rayGroup, lines);
  root.append(svg);

  /** Redraws everything: arrows [{from, to, brush}], rays [{from, to, blocked, leap}]. */
  function draw({ arrows, rays }, pointOf) {
    lines.replaceChildren();
    rayGroup.replaceChildren();
    if (!arrows?.length && !rays?.length) return;
    svg.setAttribute("viewBox", `0 0 ${root.clientWidth} ${root.clientHeight}`);
    if (rays?.length) drawOrigin(pointOf(rays[0].from));
    for (const ray of rays || []) drawRay(ray, pointOf);
    for (const arrow of arrows || []) {
      const a = pointOf(arrow.from);
      const b = pointOf(arrow.to);
      if (!a || !b || arrow.from === arrow.to) continue;
      const size = Math.min(a.size, b.size);
      const brush = BRUSHES.includes(arrow.brush) ? arrow.brush : "green";
      // Stop short of the target's centre so the head does not cover the piece's face.
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      const shorten = Math.min(size * 0.35, length / 3);
      const end = { x: b.x - ((b.x - a.x) / length) * shorten, y: b.y - ((b.y - a.y) / length) * shorten };
      const line = document.createElementNS(SVG_NS, "line");
      line.setAttribute("class", `arrow brush-${brush}`);
      line.setAttribute("x1", String(a.x));
      line.setAttribute("y1", String(a.y));
      line.setAttribute("x2", String(end.x));
      line.setAttribute("y2", String(end.y));
      line.setAttribute("stroke-width", String(Math.max(3, size * 0.16)));
      line.setAttribute("marker-end", `url(#${headIds[brush]})`);
      line.dataset.arrow = `${arrow.from}-${arrow.to}`;
      lines.append(line);
    }
  }

  // A ring around the moving piece's cube, seen through any layer in front of it.
  function drawOrigin(a) {
    if (!a) return;
    const ring = document.createElementNS(SVG_NS, "circle");
    ring.setAttribute("class", "ray-origin");
    ring.setAttribute("cx", String(a.x));
    ring.setAttribute("cy", String(a.y));
    ring.setAttribute("r", String(a.size * 0.42));
    ring.setAttribute("stroke-width", String(Math.max(2, a.size * 0.06)));
    rayGroup.append(ring);
  }

  // A ray runs from the piece's cube to the last cube it reaches; one that stops before the edge
  // (blocked) ends in a bar across it, a leap (knight) is dashed.
  function drawRay(ray, pointOf) {
    const a = pointOf(ray.from);
    const b = pointOf(ray.to);
    if (!a || !b) return;
    const group = document.createElementNS(SVG_NS, "g");
    group.setAttribute("class", `ray${ray.blocked ? " blocked" : ""}${ray.leap ? " leap" : ""}`);
    group.dataset.ray = `${ray.from}>${ray.to}`;
    const width = Math.max(2, Math.min(a.size, b.size) * 0.07);
    // Start at the rim of the piece's cube, so the piece itself stays in view.
    const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const rim = Math.min(a.size * 0.42, length / 2);
    const start = { x: a.x + ((b.x - a.x) / length) * rim, y: a.y + ((b.y - a.y) / length) * rim };
    group.append(segment(start, b, width, "ray-line"));
    const end = document.createElementNS(SVG_NS, "circle");
    end.setAttribute("class", "ray-end");
    end.setAttribute("cx", String(b.x));
    end.setAttribute("cy", String(b.y));
    end.setAttribute("r", String(width * 1.4));
    group.append(end);
    if (ray.blocked) {
      const nx = -(b.y - a.y) / length;
      const ny = (b.x - a.x) / length;
      const half = Math.max(width * 2.5, b.size * 0.3);
      const bar = segment({ x: b.x - nx * half, y: b.y - ny * half }, { x: b.x + nx * half, y: b.y + ny * half },
                          width, "ray-stop");
      group.append(bar);
    }
    rayGroup.append(group);
  }

  return { draw };
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
