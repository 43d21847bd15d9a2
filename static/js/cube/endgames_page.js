// @ts-check
// The 3D endgames page (/3d/endgames): the results table, filled as the server builds its tables,
// and play against the table from any won cell. Every legal move and value comes from the server.

import { createBoard } from "../board/board.js";
import { getJson, postJson, whenReady } from "../shared/api.js";
import { renderStatus, renderVerdict } from "../shared/status_panels.js";
import { lastReplies } from "../shared/game_line.js";
import { outcome } from "../shared/outcome.js";
import { createTableGame } from "../shared/table_game.js";
import { stubbornReplies } from "../shared/tablebase_play.js";
import { afterMove, moveKeys } from "./endgames_game.js";
import { createDetail } from "./endgames_detail.js";
import { createOverview } from "./endgames_overview.js";
import { describe, renderCounter, renderReplies } from "./endgames_panels.js";
import { formatBoard } from "./notation.js";
import { readBoard } from "./server_board.js";
import { allWithin, byId, within } from "../shared/dom.js";
import { readPageData } from "../shared/page-data.js";

const POLL_MS = 1000;

const root = byId("cube-endgames");
const data = readPageData(root, "urls", "board", "turn", "detail");
const urls = data.urls;
const requested = { board: data.board || "", turn: data.turn || "w", detail: data.detail };
const $ = (selector) => within(root, selector);

const ui = {
  play: $("#eg-play"),
  title: $("#eg-play-title"),
  note: $("#eg-build-note"),
  status: $("#eg-status"),
  verdict: $("#eg-verdict"),
  counter: $("#eg-counter"),
  replies: $("#eg-replies"),
  labLink: within(root, "#eg-lab-link", HTMLAnchorElement),
  urlError: byId("eg-url-error"),
};

/**
 * The page's state: the game's fields (shared/table_game.js owns game, selected, hint and error:
 * a bad ?board=, a failed request) and the page's own.
 * @typedef {Object} EndgamesFields
 * @property {{material: string, n: number, longest: number | null} | null} choice  the cell being played
 * @property {boolean} waiting  a position is being fetched
 * @property {string} building  the server's word on a table it builds for the position, while it does
 * @property {import("../shared/types.js").ProbeMove | null} hover  the reply under the pointer
 * @property {number} token  the latest position asked for
 */

/** @type {import("../shared/types.js").TableGameState & EndgamesFields} */
const state = {
  choice: null,
  error: null,
  waiting: false,
  building: "",
  game: null,
  selected: null,
  hint: null,
  hover: null,
  token: 0,
};

const board = createBoard($("#eg-board"), {
  label: "3D endgame board",
  keys: "cube",
  movableColor: "w",
  onSelect: (key) => table.select(key),
  onMove: (from, to) => table.boardMove(from, to),
});

const table = createTableGame(state, {
  probe: ({ position }) => whenReady(
    () => postJson(urls.tablebase, { board: formatBoard(position.n, position.pieces), turn: position.turn })),
  play: (before, move) => ({ position: afterMove(before.position, move) }),
  name: (move) => `${move.piece?.[1]} ${board.label(moveKeys(move).from)}–${board.label(moveKeys(move).to)}`,
  keys: moveKeys,
  drawEnds: true, // no mate left: nothing more to practise
  onChange: (kind) => {
    if (kind !== "move" && kind !== "select") saveUrl();
    render();
  },
});

// ---- the results table ----------------------------------------------------------------------------

const detail = createDetail($("#eg-detail"), {
  endpoint: urls.endgames,
  page: urls.page,
  onToggle: (choice) => overview.select(choice?.material, choice?.n),
  onPlay: (choice, longest) => {
    state.choice = { ...choice, longest };
    loadPosition("random");
  },
  onBoard: (example) => {
    Object.assign(requested, { board: example, turn: "w" });
    loadRequested();
  },
});

const overview = createOverview($("#eg-table"), { onPick: (material, n) => detail.open({ material, n }) });

async function refreshTables() {
  const result = await getJson(urls.status);
  if (!result.ok) {
    ui.note.textContent = `The tables' state is unavailable: ${result.message}`;
    window.setTimeout(refreshTables, POLL_MS * 3);
    return;
  }
  for (const entry of result.data.tables) overview.show(entry);
  const busy = result.data.tables.filter((t) => t.state === "building" || t.state === "queued");
  const building = busy.find((t) => t.state === "building");
  ui.note.textContent = busy.length
    ? `Building ${busy.length} table${busy.length === 1 ? "" : "s"} on the server` +
      (building ? ` — now ${building.material} on ${building.n}×${building.n}×${building.n}, ${building.stage}` : "") + "…"
    : `This server builds ${result.data.limits.replaceAll("<=", "≤")}.`;
  root.dataset.tables = busy.length ? "building" : "ready";
  if (state.waiting) render();
  if (busy.length) window.setTimeout(refreshTables, POLL_MS);
}

async function buildTables() {
  await postJson(urls.build, {}); // queues every missing table within the server's limits
  refreshTables();
}

// ---- playing ----------------------------------------------------------------------------------------

function showPlay(title) {
  ui.play.hidden = false;
  ui.title.textContent = title;
}

function startGame(position, probe) {
  ui.urlError.hidden = true;
  table.start({ position }, probe);
}

/** A won position of the chosen cell: a random one at least half as long as the longest mate, or a longest one. */
async function loadPosition(pick) {
  if (!state.choice) return;
  const { material, n, longest } = state.choice;
  const token = ++state.token;
  showPlay(`${material} on ${n}×${n}×${n}`);
  state.waiting = true;
  state.error = null;
  render();
  const query = { material, n, pick };
  if (pick === "random" && longest) query.min = Math.ceil(longest / 2);
  const result = await whenReady(() => getJson(urls.position, query), waitFor);
  if (token !== state.token) return;
  state.waiting = false;
  state.building = "";
  if (!result.ok) {
    state.error = result;
    render();
    return;
  }
  const { board: text, ...probe } = result.data;
  const read = await readBoard(urls.labPosition, text, "w");
  if (token !== state.token) return;
  if (!read.ok) {
    state.error = read;
    render();
    return;
  }
  startGame({ n: read.board.n, pieces: read.board.pieces, turn: "w" }, probe);
  ui.play.scrollIntoView({ behavior: "smooth", block: "start" });
}

/** The position of ?board= (either notation form), read by the server; a board it refuses is
 * named at the top of the page, where the user looks, and the URL is left as it was. */
async function loadRequested() {
  const turn = requested.turn === "b" ? "b" : "w";
  showPlay("Play the mate");
  state.waiting = true;
  render();
  const read = await readBoard(urls.labPosition, requested.board, turn);
  if (!read.ok) return refused(read);
  const result = await whenReady(() => postJson(urls.tablebase, { board: requested.board, turn }), waitFor);
  if (!result.ok) return refused(result);
  state.waiting = false;
  state.building = "";
  const position = { n: read.board.n, pieces: read.board.pieces, turn };
  state.choice = { material: result.data.material, n: position.n, longest: null };
  showPlay(`${result.data.material} on ${position.n}×${position.n}×${position.n}`);
  startGame(position, result.data);
  ui.play.scrollIntoView({ block: "start" }); // a shared link is for its position, below the table
}

/** @param {import("../shared/types.js").ApiResult & {ok: false}} failed */
function refused(failed) {
  state.waiting = false;
  state.building = "";
  state.error = failed;
  ui.urlError.textContent = `The position in this page's address cannot be played: ${failed.message}`;
  ui.urlError.hidden = false;
  render();
}

/** A table the position needs is being built: say so, with its progress. */
function waitFor(pending) {
  if (!state.building) ui.play.scrollIntoView({ block: "start" }); // the wait is for this position: show it
  state.building = pending.message;
  render();
}

function act(action) {
  const best = table.bestMove();
  if (action === "hint") {
    state.hint = best;
    render();
  } else if (action === "best" && best) {
    table.userPlays(best);
  } else if (action === "undo" || action === "restart") {
    table[action]();
  } else if ((action === "random" || action === "longest") && state.choice) {
    loadPosition(action);
  }
}

for (const button of allWithin(root, "[data-action]")) {
  button.addEventListener("click", () => act(button.dataset.action));
}

// ---- rendering ----------------------------------------------------------------------------------------

let urlToken = 0;
/** The address follows the position in the board's short URL form, which the server writes. */
async function saveUrl() {
  const entry = table.current();
  if (!entry) return;
  const token = ++urlToken;
  const { position } = entry;
  const read = await readBoard(urls.labPosition, formatBoard(position.n, position.pieces), position.turn);
  if (!read.ok || token !== urlToken) return;
  // The URL form's characters ([0-9A-Za-z,/]) need no escaping in a query.
  window.history.replaceState(null, "", `${urls.page}?board=${read.board.url}&turn=${position.turn}`);
  ui.labLink.href = `${urls.lab}?board=${read.board.url}${position.turn === "b" ? "&turn=b" : ""}`;
}

/** Badges on the lone king's destinations while it is to move: the distance to mate after each. */
function replyBadges(entry) {
  const badges = {};
  const stubborn = new Set(stubbornReplies(entry.probe).map((m) => moveKeys(m).to));
  for (const move of entry.probe.moves) {
    const to = moveKeys(move).to;
    if (move.category === "draw") badges[to] = { text: move.stalemate ? "½" : "=", tone: "draw" };
    else {
      const n = move.mate_in;
      badges[to] = { text: String(n), dtm: n, tone: stubborn.has(to) ? "loss" : undefined };
    }
  }
  return badges;
}

function marks() {
  const found = {};
  const move = state.hint || state.hover;
  if (move) {
    const { from, to } = moveKeys(move);
    found[from] = "good";
    found[to] = "good";
  }
  return found;
}

function checkKey(entry) {
  if (!entry.probe || !entry.move) return null;
  const inCheck = entry.probe.checkmate || (entry.position.turn === "b" && entry.move.check);
  return inCheck ? Object.keys(entry.position.pieces).find((k) => entry.position.pieces[k] === "bK") : null;
}

function render() {
  const game = table.game;
  const entry = table.current();
  const counts = game ? table.counts() : null;
  const ended = game && entry ? outcome(game, entry, { drawEnds: true })?.text : null;
  root.dataset.turn = !entry ? "none" : ended || table.over() ? "over" : !entry.probe ? "waiting"
    : table.userToMove() ? "user" : "computer";
  if (!entry || state.waiting) {
    const info = describe(null, "w", state.error);
    if (state.waiting && root.dataset.tables === "building") info.detail = ui.note.textContent;
    renderStatus(ui.status, info);
    renderVerdict(ui.verdict, null, state.building || (state.waiting ? "Finding a position…" : ""));
    return;
  }
  const computerToMove = root.dataset.turn === "computer";
  board.render({
    layers: entry.position.n,
    files: entry.position.n,
    ranks: entry.position.n,
    pieces: entry.position.pieces,
    selected: state.selected,
    dests: table.destsOf(state.selected),
    lastMove: entry.move ? [moveKeys(entry.move).from, moveKeys(entry.move).to] : null,
    check: checkKey(entry),
    marks: marks(),
    badges: computerToMove ? replyBadges(entry) : null,
  });
  const info = describe(entry.probe, entry.position.turn, state.error);
  renderStatus(ui.status, ended ? { ...info, detail: ended } : info);
  renderVerdict(ui.verdict, table.lastUserEntry()?.verdict || null, "You play White: mate the lone king. Hint shows a best move.");
  renderCounter(ui.counter, counts);
  const replies = lastReplies(game);
  renderReplies(ui.replies, replies?.entry.probe || null, {
    label: (key) => board.label(key),
    played: replies?.played ? moveKeys(replies.played).to : null,
    stubborn: replies ? stubbornReplies(replies.entry.probe).map((m) => moveKeys(m).to) : [],
    onHover: (move) => {
      state.hover = move;
      render();
    },
  });
}

// ---- start -------------------------------------------------------------------------------------------

buildTables();
if (requested.detail) detail.open(requested.detail, { focus: false });
if (requested.board) loadRequested();
else render();
