// @ts-check
// The chart of the distance to mate over the game: the user's path against the fastest one.
// A small hand-made SVG; each point carries data-dtm (moves) so tests and tools can read it.

import { t } from "../shared/i18n.js";
import { moveCount } from "../shared/words.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const HEIGHT = 150;
const PAD = { left: 30, right: 10, top: 12, bottom: 22 };

function el(name, attributes = {}, text = "") {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

/**
 * @param {HTMLElement} container
 * @param {{onPick?: (ply: number) => void}} [hooks]  a click on a point shows its position
 */
export function createChart(container, { onPick } = {}) {
  const svg = el("svg", { class: "trainer-chart-svg", role: "img" });
  const title = el("title");
  svg.append(title);
  const body = el("g");
  svg.append(body);
  container.append(svg);

  /** points [{x, y (moves to mate, null = draw), kind, ply, future}], optimal (moves) | null. */
  function render({ points, optimal, currentPly }) {
    body.replaceChildren();
    // One unit per CSS pixel, so the text keeps its size on any width.
    const WIDTH = Math.max(240, Math.round(container.clientWidth || 360));
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    svg.setAttribute("height", HEIGHT);
    const known = points.filter((p) => p.y !== null);
    const top = Math.max(4, optimal ?? 0, ...known.map((p) => p.y));
    const right = Math.max(4, optimal ?? 0, ...points.map((p) => p.x));
    const sx = (x) => PAD.left + (x / right) * (WIDTH - PAD.left - PAD.right);
    const sy = (y) => PAD.top + (1 - y / top) * (HEIGHT - PAD.top - PAD.bottom);
    const drawY = PAD.top - 4;

    for (const tick of ticks(top)) {
      body.append(el("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: sy(tick), y2: sy(tick), class: "grid" }));
      body.append(el("text", { x: PAD.left - 5, y: sy(tick) + 3.5, class: "tick", "text-anchor": "end" }, String(tick)));
    }
    for (const tick of ticks(right)) {
      body.append(el("text", { x: sx(tick), y: HEIGHT - 6, class: "tick", "text-anchor": "middle" }, String(tick)));
    }
    if (optimal !== null && optimal !== undefined) {
      body.append(el("line", { x1: sx(0), y1: sy(optimal), x2: sx(optimal), y2: sy(0), class: "optimal" }));
    }
    const path = points.filter((p) => !p.future);
    const coords = path.map((p) => `${sx(p.x)},${p.y === null ? drawY : sy(p.y)}`);
    if (coords.length > 1) body.append(el("polyline", { points: coords.join(" "), class: "path" }));
    for (const p of points) {
      const dot = el("circle", {
        cx: sx(p.x),
        cy: p.y === null ? drawY : sy(p.y),
        r: p.ply === currentPly ? 5 : 3.5,
        class: `dot kind-${p.kind}${p.future ? " future" : ""}${p.ply === currentPly ? " current" : ""}`,
        "data-ply": p.ply,
      });
      if (p.y !== null) dot.setAttribute("data-dtm", p.y);
      dot.append(el("title", {}, p.y === null ? t("move %(num)s: draw", { num: p.x }) : t("move %(num)s: mate in %(mate)s", { num: p.x, mate: p.y })));
      if (onPick) dot.addEventListener("click", () => onPick(p.ply));
      body.append(dot);
    }
    const last = path[path.length - 1];
    title.textContent = last
      ? (last.y === null ? t("Distance to mate over %(moves)s: now drawn", { moves: moveCount(last.x) })
        : t("Distance to mate over %(moves)s: now mate in %(mate)s", { moves: moveCount(last.x), mate: last.y })) +
        (optimal ? t("; the fastest mate takes %(num)s.", { num: optimal }) : ".")
      : t("No moves yet.");
    svg.dataset.points = String(path.length);
  }

  return { render, element: svg };
}

function ticks(max) {
  const step = max <= 8 ? 2 : max <= 20 ? 5 : 10;
  const found = [];
  for (let v = 0; v <= max; v += step) found.push(v);
  return found;
}
