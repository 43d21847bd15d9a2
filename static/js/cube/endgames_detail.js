// @ts-check
// The detail of one cell of the 3D endgames table (one material on one board size): its numbers,
// the DTM histogram as a chart, the won share by the lone king's distance to the nearest face, the
// longest mate to open on the board, and the server's explanation. Its address (?n=&material=)
// opens it again. Everything shown is the server's: this file only lays it out.

import { getJson, whenReady } from "../shared/api.js";
import { within } from "../shared/dom.js";
import { renderHistogram } from "./endgames_chart.js";
import { percent } from "./endgames_overview.js";

/**
 * @typedef {{material: string, n: number}} DetailChoice
 * @typedef {{distance: number, positions: number, won: number}} FaceDistanceCount
 * @typedef {{material: string, positions: number, won: number, drawn: number, longest: number|null,
 *   histogram: number[], checkmates: number, won_by_face_distance: FaceDistanceCount[]|null,
 *   example: string|null, explanation: string[]}} EndgameEntry
 * @typedef {{choice: DetailChoice|null, entry: EndgameEntry|null, loading: boolean, building: string,
 *   error: string}} DetailState
 */

const number = (value) => value.toLocaleString("en-US");
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
    holder.textContent = "no position";
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

const distanceName = (d) => (d === 0 ? "on a face" : `${d} step${d === 1 ? "" : "s"} in`);

/**
 * @param {HTMLElement} section the detail's element in the page
 * @param {{endpoint: string, page: string, onToggle: (choice: DetailChoice|null) => void,
 *   onPlay: (choice: DetailChoice, longest: number|null) => void, onBoard: (example: string) => void}} options
 */
export function createDetail(section, { endpoint, page, onToggle, onPlay, onBoard }) {
  const part = (name) => within(section, `[data-part="${name}"]`);
  /** @type {DetailState} */
  const state = { choice: null, entry: null, loading: false, building: "", error: "" };
  let token = 0;
  /** @type {HTMLElement | null} */
  let opener = null;

  function render() {
    section.hidden = !state.choice;
    if (!state.choice) return;
    const { material, n } = state.choice;
    const entry = state.entry;
    section.dataset.material = material;
    section.dataset.n = String(n);
    section.dataset.state = state.error ? "error" : entry ? "ready" : "loading";
    part("title").textContent = `${material} on ${size(n)}`;
    part("status").textContent = state.error || (state.loading ? state.building || "Loading…" : "");
    part("body").hidden = !entry;
    if (!entry) return;
    part("won").textContent = `${percent(entry.positions ? entry.won / entry.positions : 0)}`;
    part("won-count").textContent = `${number(entry.won)} of ${number(entry.positions)} positions`;
    part("longest").textContent = entry.longest ? `mate in ${entry.longest}` : "none";
    part("checkmates").textContent = number(entry.checkmates);
    part("explanation").replaceChildren(...entry.explanation.map((sentence) => {
      const p = document.createElement("p");
      p.textContent = sentence;
      return p;
    }));
    const link = within(section, '[data-part="longest-link"]', HTMLAnchorElement);
    link.hidden = !entry.example;
    if (entry.example) link.href = `${page}?board=${encodeURIComponent(entry.example)}&turn=w`;
    part("play").hidden = !entry.won;
    part("chart-block").hidden = !entry.won;
    if (entry.won) {
      renderHistogram(part("chart"), entry.histogram,
                      `Bar chart: won positions of ${material} on ${size(n)} by moves to mate, 1 to ${entry.longest}`);
      table(part("histogram-table"), ["Mate in", "Won positions"],
            entry.histogram.map((count, index) => [String(index + 1), number(count)]));
    }
    const faces = entry.won_by_face_distance;
    part("faces-note").textContent = faces ? ""
      : "Not recorded: this table's file was written before the server recorded the wins by distance to a face.";
    if (faces) {
      table(part("faces"), ["Lone king", "Positions", "Won", "Share"], faces.map((row) =>
        [distanceName(row.distance), number(row.positions), number(row.won), shareBar(row.won, row.positions)]));
    } else part("faces").replaceChildren();
  }

  async function load(choice) {
    const mine = ++token;
    const result = await whenReady(() => getJson(endpoint, { n: choice.n, material: choice.material }), (pending) => {
      if (mine !== token) return;
      state.building = pending.message;
      render();
    });
    if (mine !== token) return;
    state.loading = false;
    if (result.ok) state.entry = result.data.endgames[0];
    else state.error = result.message;
    render();
  }

  /** Opens the detail of one cell and shows it; `focus`: move the focus there (a user's choice, not a page load). */
  function open(choice, { focus = true } = {}) {
    opener = focus && document.activeElement instanceof HTMLElement ? document.activeElement : null;
    Object.assign(state, { choice, entry: null, loading: true, building: "", error: "" });
    window.history.replaceState(null, "", `${page}?n=${choice.n}&material=${encodeURIComponent(choice.material)}`);
    onToggle(choice);
    render();
    if (focus) part("title").focus({ preventScroll: true });
    section.scrollIntoView({ block: "start", behavior: focus ? "smooth" : "auto" }); // a shared link too: it is for this
    load(choice);
  }

  function close() {
    token++;
    Object.assign(state, { choice: null, entry: null, loading: false, error: "" });
    window.history.replaceState(null, "", page);
    onToggle(null);
    render();
    if (opener?.isConnected) opener.focus();
  }

  part("close").addEventListener("click", close);
  window.addEventListener("resize", () => render()); // the chart is drawn at its shown width
  section.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  part("play").addEventListener("click", () => state.choice && onPlay(state.choice, state.entry?.longest || null));
  part("longest-link").addEventListener("click", (event) => {
    if (!state.entry?.example || !(event instanceof MouseEvent) || event.ctrlKey || event.metaKey || event.shiftKey) return; // a new tab: the link
    event.preventDefault();
    onBoard(state.entry.example);
  });

  return { open, close };
}
