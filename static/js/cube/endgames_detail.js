// @ts-check
// The detail of one cell of the 3D endgames table (one material on one board size): its numbers,
// the DTM histogram as a chart, the won share by the lone king's distance to the nearest face, the
// longest mate to open on the board, and the server's explanation. Its address (?n=&material=)
// opens it again. Everything shown is the server's: this file holds the detail's state, endgames_detail_render.js
// lays it out.

import { getJson, whenReady } from "../shared/api.js";
import { within } from "../shared/dom.js";
import { renderDetail } from "./endgames_detail_render.js";
import { keepLanguage } from "../shared/i18n.js";

/**
 * @typedef {{material: string, n: number}} DetailChoice
 * @typedef {{distance: number, positions: number, won: number}} FaceDistanceCount
 * @typedef {import("./endgames_format.js").TableState} TableState
 * @typedef {{material: string, positions: number, won: number, drawn: number, longest: number|null,
 *   histogram: number[], checkmates: number, won_by_face_distance: FaceDistanceCount[]|null,
 *   example: string|null, explanation: string[], explanation_words?: any[], source: "table" | "results", table?: TableState,
 *   custom_pieces?: Object<string, string>}} EndgameEntry
 * @typedef {{choice: DetailChoice|null, entry: EndgameEntry|null, loading: boolean, building: string,
 *   error: string}} DetailState
 */

/**
 * The detail's wiring: its element, the page's options, its state, the load under way (a token),
 * the element that opened it (the focus goes back there) and where open() left the page's scroll.
 * @typedef {{section: HTMLElement, options: DetailOptions, state: DetailState, token: number,
 *   opener: HTMLElement | null, scrolled: number, render: () => void}} Detail
 * @typedef {{endpoint: string, page: string, lab: string, onToggle: (choice: DetailChoice|null) => void,
 *   onPlay: (choice: DetailChoice, longest: number|null) => void, onBoard: (example: string, pieces: Object<string, string>) => void,
 *   onBuild: (choice: DetailChoice) => void}} DetailOptions
 */

/**
 * @param {HTMLElement} section the detail's element in the page
 * @param {DetailOptions} options
 */
export function createDetail(section, options) {
  const part = (name) => within(section, `[data-part="${name}"]`);
  /** @type {Detail} */
  const d = {
    section, options, state: { choice: null, entry: null, loading: false, building: "", error: "" }, token: 0, opener: null,
    scrolled: 0, // where open() left the page: a user who scrolled since is not moved
    render: () => renderDetail(section, d.state, options),
  };
  const { state, render } = d;

  part("close").addEventListener("click", () => close(d));
  part("build").addEventListener("click", () => {
    if (!state.choice || !state.entry?.table) return;
    state.entry.table = { ...state.entry.table, state: "queued" };
    render();
    options.onBuild(state.choice);
  });
  window.addEventListener("resize", () => render()); // the chart is drawn at its shown width
  section.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close(d);
  });
  part("play").addEventListener("click", () => state.choice && options.onPlay(state.choice, state.entry?.longest || null));
  part("longest-link").addEventListener("click", (event) => {
    if (!state.entry?.example || !(event instanceof MouseEvent) || event.ctrlKey || event.metaKey || event.shiftKey ||
        event.currentTarget instanceof HTMLElement && event.currentTarget.dataset.to === "lab") return; // the link itself
    event.preventDefault();
    options.onBoard(state.entry.example, state.entry.custom_pieces || {});
  });

  return {
    open: (choice, how) => open(d, choice, how),
    close: () => close(d),
    tableState: (table) => tableState(d, table),
  };
}

/**
 * @param {Detail} d
 * @param {DetailChoice} choice
 * @param {import("../shared/types.js").ApiResult | null} [answered] the server's answer already in
 */
async function load(d, choice, answered = null) {
  const { state, section } = d;
  const mine = ++d.token;
  let first = answered;
  const ask = () => {
    const known = first;
    first = null;
    return known ? Promise.resolve(known) : getJson(d.options.endpoint, { n: choice.n, material: choice.material });
  };
  const result = await whenReady(ask, (pending) => {
    if (mine !== d.token) return;
    state.building = pending.message;
    d.render();
  });
  if (mine !== d.token) return;
  const arrived = state.loading; // its figures arrive: the page is now long enough to show the detail at its top
  state.loading = false;
  if (result.ok) state.entry = result.data.endgames[0];
  else state.error = result.message;
  d.render();
  if (arrived && !state.error && Math.abs(section.getBoundingClientRect().top) > 2 && d.scrolled === window.scrollY) {
    section.scrollIntoView({ block: "start" });
  }
}

/**
 * Opens the detail of one cell and shows it; `focus`: move the focus there (a user's choice, not a
 * page load); `answer`: the server's answer for it, when the opener has it already.
 * @param {Detail} d
 * @param {DetailChoice} choice
 * @param {{focus?: boolean, answer?: import("../shared/types.js").ApiResult | null}} [how]
 */
function open(d, choice, { focus = true, answer = null } = {}) {
  const { section, options } = d;
  d.opener = focus && document.activeElement instanceof HTMLElement ? document.activeElement : null;
  Object.assign(d.state, { choice, entry: null, loading: true, building: "", error: "" });
  window.history.replaceState(null, "", keepLanguage(`${options.page}?n=${choice.n}&material=${encodeURIComponent(choice.material)}`));
  options.onToggle(choice);
  d.render();
  if (focus) within(section, '[data-part="title"]').focus({ preventScroll: true });
  section.scrollIntoView({ block: "start", behavior: "auto" }); // a shared link too: it is for this
  d.scrolled = window.scrollY;
  load(d, choice, answer);
}

/** @param {Detail} d */
function close(d) {
  d.token++;
  Object.assign(d.state, { choice: null, entry: null, loading: false, error: "" });
  window.history.replaceState(null, "", keepLanguage(d.options.page));
  d.options.onToggle(null);
  d.render();
  if (d.opener?.isConnected) d.opener.focus();
}

/**
 * The table's state from the page's polling: a build's progress, then its figures from the file.
 * @param {Detail} d
 */
function tableState(d, table) {
  const { state } = d;
  const entry = state.entry;
  if (!state.choice || !entry || entry.source !== "results" || table.material !== state.choice.material ||
      table.n !== state.choice.n) return;
  if (table.state === "ready") {
    load(d, state.choice); // the file is here now: its own figures, and play
    return;
  }
  entry.table = { ...entry.table, ...table };
  d.render();
}
