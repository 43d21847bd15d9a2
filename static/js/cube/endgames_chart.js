// @ts-check
// The DTM histogram of one 3D table as an SVG bar chart: one bar per mate length, drawn from the
// server's histogram (won White-to-move positions that mate in 1, 2, ... moves), with labelled
// axes. The same numbers are in a table beside it for screen readers and for reading exactly.

import { grouped, t, tn } from "../shared/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const HEIGHT = 220;
const PAD = { left: 58, right: 10, top: 12, bottom: 44 };
const MIN_BAR = 2; // a count too small for the scale still shows

/** "1.2M", "35k", "812": an axis label that stays short. */
export function compact(value) {
  if (value >= 1e9) return `${(value / 1e9).toFixed(value >= 1e10 ? 0 : 1)}G`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(value >= 1e7 ? 0 : 1)}M`;
  if (value >= 1e4) return `${Math.round(value / 1e3)}k`;
  return grouped(value);
}

function node(name, attributes = {}, text = "") {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text) element.textContent = text;
  return element;
}

/** A round step (1, 2 or 5 times a power of ten) that splits `top` into about four parts. */
/** @param {number} top */
function roundStep(top) {
  const rough = top / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5].map((m) => m * power).find((step) => step >= rough) ?? 10 * power;
}

/** Every how many bars an x label fits. */
const labelEvery = (count) => (count <= 20 ? 1 : count <= 50 ? 5 : 10);

/**
 * Draws `histogram` into `holder` (replacing what was there).
 * @param {HTMLElement} holder
 * @param {number[]} histogram histogram[d - 1]: won positions that mate in d moves
 * @param {string} label what the chart shows, for its accessible name
 */
export function renderHistogram(holder, histogram, label) {
  // Drawn at the width it is shown at, so its labels keep their size on a phone.
  const WIDTH = Math.max(280, Math.min(720, Math.round(holder.clientWidth) || 560));
  const signature = JSON.stringify([WIDTH, histogram]);
  if (holder.dataset.signature === signature) return;
  holder.dataset.signature = signature;
  const step = roundStep(Math.max(1, ...histogram));
  const top = step * Math.ceil(Math.max(1, ...histogram) / step);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, histogram.length);
  const svg = node("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "eg-chart-svg", role: "img", "aria-label": label });
  const y = (value) => PAD.top + plotHeight * (1 - value / top);

  for (let tick = 0; tick <= top; tick += step) {
    const at = y(tick);
    svg.append(node("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: at, y2: at, class: "eg-chart-grid" }));
    svg.append(node("text", { x: PAD.left - 6, y: at + 4, class: "eg-chart-tick", "text-anchor": "end" }, compact(tick)));
  }
  histogram.forEach((count, index) => {
    const moves = index + 1;
    const x = PAD.left + index * slot;
    const height = count ? Math.max(MIN_BAR, PAD.top + plotHeight - y(count)) : 0;
    const bar = node("rect", {
      x: x + slot * 0.12, width: Math.max(1, slot * 0.76), y: PAD.top + plotHeight - height, height,
      class: "eg-chart-bar", "data-moves": moves, "data-count": count,
    });
    bar.append(node("title", {}, tn("mate in %(moves)s: %(num)s position", "mate in %(moves)s: %(num)s positions", count,
                                     { moves, num: grouped(count) })));
    svg.append(bar);
    if (index % labelEvery(histogram.length) === 0 || moves === histogram.length) {
      svg.append(node("text", { x: x + slot / 2, y: PAD.top + plotHeight + 16, class: "eg-chart-tick", "text-anchor": "middle" },
                      String(moves)));
    }
  });
  svg.append(node("text", { x: PAD.left + plotWidth / 2, y: HEIGHT - 6, class: "eg-chart-axis", "text-anchor": "middle" },
                  t("moves to mate (White moves)")));
  svg.append(node("text", { x: 14, y: PAD.top + plotHeight / 2, class: "eg-chart-axis", "text-anchor": "middle",
                            transform: `rotate(-90 14 ${PAD.top + plotHeight / 2})` }, t("won positions")));
  holder.replaceChildren(svg);
}
