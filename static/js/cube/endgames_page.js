// @ts-check
// The 3D endgames page (/3d/endgames): the results table (the server's tables, and the verified
// results of those it has not built, with what their builds cost), filled as the server builds,
// each cell's detail, and play against the table from any won cell (endgames_player.js: the board
// and the game, half the page's modules, loaded when a game is first shown). Every legal move and
// value comes from the server.

import { getJson, postJson } from "../shared/api.js";
import { byId, within } from "../shared/dom.js";
import { readPageData } from "../shared/page-data.js";
import { createCanMate } from "./endgames_canmate.js";
import { createDetail } from "./endgames_detail.js";
import { createOverview } from "./endgames_overview.js";
import { attachTableScroll } from "./endgames_scroll.js";
import { say, t, tn } from "../shared/i18n.js";
import { useUnits } from "../shared/units.js";
import "../shared/site_menu.js"; // the site's menu, folded on a phone

const POLL_MS = 1000;

const root = byId("cube-endgames");
const data = readPageData(root, "urls", "game", "turn", "detail", "units");
useUnits(data.units);
const urls = data.urls;
const requested = { ...(data.game || {}), turn: data.turn || "w" };
const $ = (selector) => within(root, selector);
const note = $("#eg-build-note");

/** @type {Promise<ReturnType<typeof import("./endgames_player.js").createPlayer>> | null} */
let playerLoad = null;
/** The player, its modules fetched on the first game (the table alone needs none of them). */
function player() {
  playerLoad ??= import("./endgames_player.js").then(({ createPlayer }) => createPlayer(root, {
    urls, buildNote: () => (root.dataset.tables === "building" ? note.textContent || "" : ""),
  }));
  return playerLoad;
}

const detail = createDetail($("#eg-detail"), {
  endpoint: urls.endgames,
  page: urls.page,
  lab: urls.lab,
  onToggle: (choice) => overview.select(choice?.material, choice?.n),
  onPlay: (choice, longest) => player().then((shown) => shown.play({ ...choice, longest })),
  onBoard: (example, pieces) => player().then((shown) => shown.open({ board: example, turn: "w", pieces })),
  onBuild: (choice) => buildTables(choice),
});

const overview = createOverview($("#eg-table"), { onPick: (material, n) => detail.open({ material, n }) });
attachTableScroll($(".eg-table-frame"), $("#eg-table-scroll"), $("#eg-table-cue"));
createCanMate($("#eg-canmate"), { endpoint: urls.endgames, onAsk: (choice, answer) => detail.open(choice, { answer }) });
// "Three men against a king", rendered by the server: a cell's link opens its detail here.
$("#eg-three-table").addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-part="detail"]') : null;
  const cell = link?.closest("td");
  if (!(cell instanceof HTMLElement)) return;
  event.preventDefault();
  detail.open({ material: cell.dataset.material || "", n: Number(cell.dataset.n) });
});

let polling = false;
async function refreshTables() {
  const result = await getJson(urls.status);
  if (!result.ok) {
    note.textContent = t("The tables' state is unavailable: %(why)s", { why: result.message });
    window.setTimeout(refreshTables, POLL_MS * 3);
    return;
  }
  for (const entry of result.data.tables) {
    overview.show(entry);
    detail.tableState(entry);
  }
  const busy = result.data.tables.filter((table) => table.state === "building" || table.state === "queued");
  const building = busy.find((table) => table.state === "building");
  note.textContent = busy.length
    ? (building ? tn("Building %(num)s table on the server — now %(material)s on %(size)s, %(stage)s…",
                     "Building %(num)s tables on the server — now %(material)s on %(size)s, %(stage)s…", busy.length,
                     { material: building.material, size: `${building.n}×${building.n}×${building.n}`, stage: building.stage })
      : tn("Building %(num)s table on the server…", "Building %(num)s tables on the server…", busy.length))
    : t("Opening this page builds nothing: a table that is not here is built when you ask for it (“Build this table” in its detail), one at a time. This server builds %(limits)s.",
        { limits: say(result.data.limits_words).replaceAll("<=", "≤") });
  root.dataset.tables = busy.length ? "building" : "ready";
  playerLoad?.then((shown) => shown.render()); // a game shown: its status may say the build
  polling = busy.length > 0;
  if (polling) window.setTimeout(refreshTables, POLL_MS);
}

/**
 * Queues the build of one table (its detail's button); a refusal (the queue full) is said in the note.
 * @param {{material: string, n: number}} choice
 */
async function buildTables(choice) {
  const result = await postJson(urls.build, { material: choice.material, n: choice.n });
  if (!polling) await refreshTables();
  if (!result.ok && !result.pending) note.textContent = result.message;
}

refreshTables(); // a visit builds nothing: it shows what is here and what each build costs
if (data.detail) detail.open(data.detail, { focus: false });
if (requested.board) player().then((shown) => shown.open(requested));
