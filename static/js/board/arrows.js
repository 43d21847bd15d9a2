// The board's arrow overlay: one SVG over the whole board, endpoints taken from the square
// elements' on-screen boxes, so arrows also join layers and work in the perspective view.

const SVG_NS = "http://www.w3.org/2000/svg";
export const BRUSHES = ["green", "blue", "red", "yellow"];

export function createArrowLayer(root) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "board-arrows");
  svg.setAttribute("aria-hidden", "true");
  const defs = document.createElementNS(SVG_NS, "defs");
  for (const brush of BRUSHES) {
    const marker = document.createElementNS(SVG_NS, "marker");
    marker.setAttribute("id", `${root.id}-head-${brush}`);
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
  const lines = document.createElementNS(SVG_NS, "g");
  svg.append(lines);
  root.append(svg);

  /** Redraws every arrow: [{from, to, brush}], squareElement(key) finds a square's element. */
  function draw(arrows, squareElement) {
    lines.replaceChildren();
    if (!arrows || arrows.length === 0) return;
    const origin = root.getBoundingClientRect();
    svg.setAttribute("viewBox", `0 0 ${origin.width} ${origin.height}`);
    for (const arrow of arrows) {
      const from = squareElement(arrow.from);
      const to = squareElement(arrow.to);
      if (!from || !to || from === to) continue;
      const a = centre(from.getBoundingClientRect(), origin);
      const b = centre(to.getBoundingClientRect(), origin);
      const size = Math.min(from.getBoundingClientRect().width, to.getBoundingClientRect().width);
      const brush = BRUSHES.includes(arrow.brush) ? arrow.brush : "green";
      // Stop short of the target's centre so the head does not cover the piece's face.
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      const shorten = Math.min(size * 0.35, length / 3);
      const end = { x: b.x - ((b.x - a.x) / length) * shorten, y: b.y - ((b.y - a.y) / length) * shorten };
      const line = document.createElementNS(SVG_NS, "line");
      line.setAttribute("class", `arrow brush-${brush}`);
      line.setAttribute("x1", a.x);
      line.setAttribute("y1", a.y);
      line.setAttribute("x2", end.x);
      line.setAttribute("y2", end.y);
      line.setAttribute("stroke-width", Math.max(3, size * 0.16));
      line.setAttribute("marker-end", `url(#${root.id}-head-${brush})`);
      line.dataset.arrow = `${arrow.from}-${arrow.to}`;
      lines.append(line);
    }
  }

  return { draw };
}

function centre(rect, origin) {
  return { x: rect.left - origin.left + rect.width / 2, y: rect.top - origin.top + rect.height / 2 };
}
