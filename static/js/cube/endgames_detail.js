// @ts-check
// The detail of one cell of the 3D endgames table (one material on one board size): its numbers,
// the DTM histogram as a chart, the won share by the lone king's distance to the nearest face, the
// longest mate to open on the board, and the server's explanation. Its address (?n=&material=)
// opens it again. Everything shown is the server's: this file only lays it out.

import { getJson, whenReady } from "../shared/api.js";
import { within } from "../shared/dom.js";
import { renderHistogram } from "./endgames_chart.js";
import { sourceText } from "./endgames_format.js";
import { percent } from "./endgames_overview.js";
import { piecesQuery } from "./endgames_record.js";
import { grouped, keepLanguage, say, t, tn } from "../shared/i18n.js";

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
 * @param {HTMLElement} section the detail's element in the page
 * @param {{endpoint: string, page: string, lab: string, onToggle: (choice: DetailChoice|null) => void,
 *   onPlay: (choice: DetailChoice, longest: number|null) => void, onBoard: (example: string, pieces: Object<string, string>) => void,
 *   onBuild: (choice: DetailChoice) => void}} options
 */
export function createDetail(section, { endpoint, page, lab, onToggle, onPlay, onBoard, onBuild }) {
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
    const link = within(section, '[data-part="longest-link"]', HTMLAnchorElement);
    const here = entry.source === "table" || entry.table?.state === "ready";
    const playable = here || Boolean(entry.table?.buildable);
    // A longest mate's position: played here, or (its table not on this server) seen in the 3D lab.
    link.hidden = !entry.example;
    link.dataset.to = playable ? "play" : "lab";
    link.textContent = playable ? t("Open a longest mate on the board") : t("See a longest mate's position in the 3D lab");
    if (entry.example) {
      const pieces = piecesQuery(entry.custom_pieces); // the letters of custom men on the board
      link.href = playable ? `${page}?board=${encodeURIComponent(entry.example)}&turn=w${pieces}`
        : `${lab}?board=${encodeURIComponent(entry.example)}${pieces}`;
    }
    part("play").hidden = !entry.won || !playable;
    part("play").textContent = here ? t("Play this mate") : t("Build the table and play");
    section.dataset.source = entry.source;
    part("source").hidden = here;
    if (!here && entry.table) {
      const table = entry.table;
      const busy = table.state === "building" || table.state === "queued";
      part("source-text").textContent = sourceText(table);
      part("build").hidden = !table.buildable || busy || table.state === "failed";
      part("progress").hidden = !busy;
      part("progress").style.setProperty("--fraction", String(table.fraction || 0));
    }
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

  /** @param {DetailChoice} choice @param {import("../shared/types.js").ApiResult | null} [answered] the server's answer already in */
  async function load(choice, answered = null) {
    const mine = ++token;
    let first = answered;
    const ask = () => {
      const known = first;
      first = null;
      return known ? Promise.resolve(known) : getJson(endpoint, { n: choice.n, material: choice.material });
    };
    const result = await whenReady(ask, (pending) => {
      if (mine !== token) return;
      state.building = pending.message;
      render();
    });
    if (mine !== token) return;
    const arrived = state.loading; // its figures arrive: the page is now long enough to show the detail at its top
    state.loading = false;
    if (result.ok) state.entry = result.data.endgames[0];
    else state.error = result.message;
    render();
    if (arrived && !state.error && Math.abs(section.getBoundingClientRect().top) > 2 && scrolled === window.scrollY) {
      section.scrollIntoView({ block: "start" });
    }
  }

  let scrolled = 0; // where open() left the page: a user who scrolled since is not moved

  /**
   * Opens the detail of one cell and shows it; `focus`: move the focus there (a user's choice, not a
   * page load); `answer`: the server's answer for it, when the opener has it already.
   * @param {DetailChoice} choice
   * @param {{focus?: boolean, answer?: import("../shared/types.js").ApiResult | null}} [how]
   */
  function open(choice, { focus = true, answer = null } = {}) {
    opener = focus && document.activeElement instanceof HTMLElement ? document.activeElement : null;
    Object.assign(state, { choice, entry: null, loading: true, building: "", error: "" });
    window.history.replaceState(null, "", keepLanguage(`${page}?n=${choice.n}&material=${encodeURIComponent(choice.material)}`));
    onToggle(choice);
    render();
    if (focus) part("title").focus({ preventScroll: true });
    section.scrollIntoView({ block: "start", behavior: "auto" }); // a shared link too: it is for this
    scrolled = window.scrollY;
    load(choice, answer);
  }

  function close() {
    token++;
    Object.assign(state, { choice: null, entry: null, loading: false, error: "" });
    window.history.replaceState(null, "", keepLanguage(page));
    onToggle(null);
    render();
    if (opener?.isConnected) opener.focus();
  }

  /** The table's state from the page's polling: a build's progress, then its figures from the file. */
  function tableState(table) {
    const entry = state.entry;
    if (!state.choice || !entry || entry.source !== "results" || table.material !== state.choice.material ||
        table.n !== state.choice.n) return;
    if (table.state === "ready") {
      load(state.choice); // the file is here now: its own figures, and play
      return;
    }
    entry.table = { ...entry.table, ...table };
    render();
  }

  part("close").addEventListener("click", close);
  part("build").addEventListener("click", () => {
    if (!state.choice || !state.entry?.table) return;
    state.entry.table = { ...state.entry.table, state: "queued" };
    render();
    onBuild(state.choice);
  });
  window.addEventListener("resize", () => render()); // the chart is drawn at its shown width
  section.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  part("play").addEventListener("click", () => state.choice && onPlay(state.choice, state.entry?.longest || null));
  part("longest-link").addEventListener("click", (event) => {
    if (!state.entry?.example || !(event instanceof MouseEvent) || event.ctrlKey || event.metaKey || event.shiftKey ||
        event.currentTarget instanceof HTMLElement && event.currentTarget.dataset.to === "lab") return; // the link itself
    event.preventDefault();
    onBoard(state.entry.example, state.entry.custom_pieces || {});
  });

  return { open, close, tableState };
}
