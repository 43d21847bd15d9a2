// @ts-check
// The detail of one cell of the 3D endgames table drawn (endgames_detail.js holds its state):
// its numbers, the longest mate's link, where its figures come from, the DTM histogram as a chart
// and a table, the won share by the lone king's distance to the nearest face, the explanation.

import { within } from "../shared/dom.js";
import { renderHistogram } from "./endgames_chart.js";
import { sourceText } from "./endgames_format.js";
import { percent } from "./endgames_overview.js";
import { piecesQuery } from "./endgames_record.js";
import { grouped, say, t, tn } from "../shared/i18n.js";

/** @typedef {import("./endgames_detail.js").DetailState} DetailState */
/** @typedef {import("./endgames_detail.js").EndgameEntry} EndgameEntry */

const number = (value) => grouped(value); // as the page's language groups it (Intl)
const size = (n) => `${n}×${n}×${n}`;

function cells(row, values, header = false) {
  row.replaceChildren(...values.map((value, index) => {
    const cell = document.createElement(header || index === 0 ? "th" : "td");
    if (header) cell.scope = "col";
    else if (index === 0) cell.scope = "row";
    if (value instanceof Node) cell.append(value);
    else cell.textContent = value;
    return cell;
  }));
  return row;
}

function table(holder, head, rows) {
  const element = document.createElement("table");
  const thead = element.createTHead();
  cells(thead.insertRow(), head, true);
  const body = element.createTBody();
  for (const values of rows) cells(body.insertRow(), values);
  holder.replaceChildren(element);
  return element;
}

function shareBar(won, positions) {
  const holder = document.createElement("span");
  holder.className = "eg-share";
  if (!positions) {
    holder.textContent = t("no position");
    return holder;
  }
  const bar = document.createElement("span");
  bar.className = "eg-share-bar";
  bar.style.setProperty("--share", String(won / positions));
  bar.setAttribute("aria-hidden", "true");
  const text = document.createElement("span");
  text.textContent = percent(won / positions);
  holder.append(bar, text);
  return holder;
}

const distanceName = (d) => (d === 0 ? t("on a face") : tn("%(num)s step in", "%(num)s steps in", d));

/**
 * The detail drawn from ``state``; ``urls``: the page's own address and the 3D lab's.
 * @param {HTMLElement} section
 * @param {DetailState} state
 * @param {{page: string, lab: string}} urls
 */
export function renderDetail(section, state, urls) {
  const part = (name) => within(section, `[data-part="${name}"]`);
  section.hidden = !state.choice;
  if (!state.choice) return;
  const { material, n } = state.choice;
  const entry = state.entry;
  section.dataset.material = material;
  section.dataset.n = String(n);
  section.dataset.state = state.error ? "error" : entry ? "ready" : "loading";
  part("title").textContent = t("%(material)s on %(size)s", { material, size: size(n) });
  part("status").textContent = state.error || (state.loading ? state.building || t("Loading…") : "");
  part("body").hidden = !entry;
  if (!entry) return;
  part("won").textContent = `${percent(entry.positions ? entry.won / entry.positions : 0)}`;
  part("won-count").textContent = tn("%(won)s of %(num)s position", "%(won)s of %(num)s positions", entry.positions,
                                     { won: number(entry.won), num: number(entry.positions) });
  part("longest").textContent = entry.longest ? t("mate in %(num)s", { num: entry.longest }) : t("none");
  part("checkmates").textContent = number(entry.checkmates);
  part("explanation").replaceChildren(...(entry.explanation_words?.map(say) || entry.explanation).map((sentence) => {
    const p = document.createElement("p");
    p.textContent = sentence;
    return p;
  }));
  const here = isHere(entry);
  const link = longestLink(entry, urls);
  const anchor = within(section, '[data-part="longest-link"]', HTMLAnchorElement);
  anchor.hidden = link.hidden;
  anchor.dataset.to = link.to;
  anchor.textContent = link.text;
  if (link.href) anchor.href = link.href;
  part("play").hidden = !entry.won || !link.playable;
  part("play").textContent = here ? t("Play this mate") : t("Build the table and play");
  section.dataset.source = entry.source;
  part("source").hidden = here;
  if (!here && entry.table) renderSource(part, entry.table);
  renderCharts(part, entry, material, n);
}

/**
 * Whether the cell's table is on this server (its figures from the file, or its build done).
 * @param {EndgameEntry} entry
 */
export const isHere = (entry) => entry.source === "table" || entry.table?.state === "ready";

/**
 * A longest mate's position: played here (its table on this server or buildable), or seen in the
 * 3D lab; hidden when the cell has none.
 * @param {EndgameEntry} entry
 * @param {{page: string, lab: string}} urls
 */
export function longestLink(entry, { page, lab }) {
  const playable = isHere(entry) || Boolean(entry.table?.buildable);
  const pieces = piecesQuery(entry.custom_pieces); // the letters of custom men on the board
  const href = !entry.example ? null : playable ? `${page}?board=${encodeURIComponent(entry.example)}&turn=w${pieces}`
    : `${lab}?board=${encodeURIComponent(entry.example)}${pieces}`;
  return {
    hidden: !entry.example,
    playable,
    to: playable ? "play" : "lab",
    text: playable ? t("Open a longest mate on the board") : t("See a longest mate's position in the 3D lab"),
    href,
  };
}

/** Where the figures come from when the table is not here: the results file, a build to start or under way. */
function renderSource(part, table) {
  const busy = table.state === "building" || table.state === "queued";
  part("source-text").textContent = sourceText(table);
  part("build").hidden = !table.buildable || busy || table.state === "failed";
  part("progress").hidden = !busy;
  part("progress").style.setProperty("--fraction", String(table.fraction || 0));
}

/** The DTM histogram (a chart and its table) and the won share by the lone king's distance to a face. */
function renderCharts(part, entry, material, n) {
  part("chart-block").hidden = !entry.won;
  if (entry.won) {
    renderHistogram(part("chart"), entry.histogram,
                    t("Bar chart: won positions of %(material)s on %(size)s by moves to mate, 1 to %(longest)s",
                      { material, size: size(n), longest: entry.longest }));
    table(part("histogram-table"), [t("Mate in"), t("Won positions")],
          entry.histogram.map((count, index) => [String(index + 1), number(count)]));
  }
  const faces = entry.won_by_face_distance;
  part("faces-note").textContent = faces ? ""
    : t("Not recorded: this table's file was written before the server recorded the wins by distance to a face.");
  if (faces) {
    table(part("faces"), [t("Lone king"), t("Positions"), t("Won"), t("Share")], faces.map((row) =>
      [distanceName(row.distance), number(row.positions), number(row.won), shareBar(row.won, row.positions)]));
  } else part("faces").replaceChildren();
}
