// The 3D endgames page (/3d/endgames): the results table, filled as the server builds its tables,
// and play against the table from any won cell. Every legal move and value comes from the server.

import { createBoard } from "../board/board.js";
import { getJson, postJson } from "../shared/api.js";
import { movesToMate, pickReply, stubbornReplies } from "../shared/tablebase_play.js";
import { current, moveKeys, newGame, optimalMoves, outcome, playMove, remainingMoves, undoTarget, userMoves,
  whiteToMove } from "./endgames_game.js";
import { createOverview } from "./endgames_overview.js";
import { describe, renderCounter, renderReplies, renderStatus, renderVerdict } from "./endgames_panels.js";
import { formatBoard, parseBoard } from "./notation.js";

const POLL_MS = 1000;
const REPLY_PAUSE_MS = 700;

const root = document.getElementById("cube-endgames");
const urls = JSON.parse(root.dataset.urls);
const requested = { board: JSON.parse(root.dataset.board || '""'), turn: JSON.parse(root.dataset.turn || '"w"') };
const $ = (selector) => root.querySelector(selector);

const ui = {
  play: $("#eg-play"),
  title: $("#eg-play-title"),
  note: $("#eg-build-note"),
  status: $("#eg-status"),
  verdict: $("#eg-verdict"),
  counter: $("#eg-counter"),
  replies: $("#eg-replies"),
  labLink: $("#eg-lab-link"),
};

const state = {
  game: null,
  choice: null, // {material, n} of the cell being played
  error: null,
  selected: null,
  hint: null,
  hover: null,
  replyTimer: null,
  waiting: false, // a request for a position is under way
  token: 0,
};

const board = createBoard($("#eg-board"), {
  label: "3D endgame board",
  keys: "cube",
  movableColor: "w",
  onSelect: (key) => {
    state.selected = key && canUserMove() ? key : null;
    render();
  },
  onMove: (from, to) => {
    if (!canUserMove()) return;
    const move = current(state.game).probe.moves.find((m) => moveKeys(m).from === from && moveKeys(m).to === to);
    if (move) userPlays(move);
  },
});

// ---- the results table ----------------------------------------------------------------------------

const overview = createOverview($("#eg-table"), {
  onPick: (material, n, longest) => {
    state.choice = { material, n, longest };
    loadPosition("random");
  },
});

async function refreshTables() {
  const result = await getJson(urls.status);
  if (!result.ok) {
    ui.note.textContent = `The tables' state is unavailable: ${result.message}`;
    window.setTimeout(refreshTables, POLL_MS * 3);
    return;
  }
  for (const table of result.data.tables) overview.show(table);
  const busy = result.data.tables.filter((t) => t.state === "building" || t.state === "queued");
  const building = busy.find((t) => t.state === "building");
  ui.note.textContent = busy.length
    ? `Building ${busy.length} table${busy.length === 1 ? "" : "s"} on the server` +
      (building ? ` — now ${building.material} on ${building.n}×${building.n}×${building.n}, ${building.stage}` : "") + "…"
    : `Beyond the table: ${result.data.limits}.`;
  root.dataset.tables = busy.length ? "building" : "ready";
  if (busy.length) window.setTimeout(refreshTables, POLL_MS);
}

async function buildTables() {
  await postJson(urls.build, {}); // queues every missing table within the server's limits
  refreshTables();
}

// ---- playing ----------------------------------------------------------------------------------------

function positionFromBoard(text, turn) {
  const parsed = parseBoard(text);
  return parsed ? { n: parsed.n, pieces: parsed.pieces, turn } : null;
}

/** A won position of the chosen cell: a random one at least half as long as the longest mate, or a longest one. */
async function loadPosition(pick) {
  const { material, n, longest } = state.choice;
  const token = ++state.token;
  showPlay(`${material} on ${n}×${n}×${n}`);
  state.waiting = true;
  state.error = null;
  render();
  const query = { material, n, pick };
  if (pick === "random" && longest) query.min = Math.ceil(longest / 2);
  const result = await getJson(urls.position, query);
  if (token !== state.token) return;
  state.waiting = false;
  if (!result.ok) {
    state.error = result;
    render();
    return;
  }
  const { board: text, ...probe } = result.data;
  startGame(positionFromBoard(text, "w"), probe);
  ui.play.scrollIntoView({ behavior: "smooth", block: "start" });
}

async function loadRequested() {
  const position = positionFromBoard(requested.board, requested.turn === "b" ? "b" : "w");
  showPlay("Play the mate");
  if (!position) {
    state.error = { status: 400, message: `Not a board the page can show: ${JSON.stringify(requested.board)}` };
    render();
    return;
  }
  state.waiting = true;
  render();
  const result = await postJson(urls.tablebase, { board: requested.board, turn: position.turn });
  state.waiting = false;
  if (!result.ok) {
    state.error = result;
    render();
    return;
  }
  state.choice = { material: result.data.material, n: position.n, longest: null };
  showPlay(`${result.data.material} on ${position.n}×${position.n}×${position.n}`);
  startGame(position, result.data);
}

function showPlay(title) {
  ui.play.hidden = false;
  ui.title.textContent = title;
}

function startGame(position, probe) {
  cancelReply();
  state.game = newGame(position, probe);
  state.error = null;
  state.selected = null;
  state.hint = null;
  positionChanged();
}

async function withProbe(entry) {
  if (entry.probe) return true;
  const result = await postJson(urls.tablebase, { board: formatBoard(entry.position.n, entry.position.pieces),
                                                  turn: entry.position.turn });
  if (!result.ok) {
    state.error = result;
    return false;
  }
  entry.probe = result.data;
  return true;
}

function positionChanged() {
  render();
  saveUrl();
  scheduleReply();
}

function moveName(move) {
  const { from, to } = moveKeys(move);
  return `${move.piece[1]} ${board.label(from)}–${board.label(to)}`;
}

function userPlays(move) {
  const game = state.game;
  const entry = playMove(game, move, "user", moveName(move));
  state.selected = null;
  state.hint = null;
  render();
  withProbe(entry).then(() => {
    if (state.game === game && current(game) === entry) positionChanged();
  });
}

function scheduleReply() {
  cancelReply();
  const game = state.game;
  if (!game) return;
  const entry = current(game);
  if (!entry.probe || whiteToMove(entry) || outcome(game)) return;
  state.replyTimer = window.setTimeout(computerReplies, REPLY_PAUSE_MS);
}

function cancelReply() {
  if (state.replyTimer !== null) window.clearTimeout(state.replyTimer);
  state.replyTimer = null;
}

function computerReplies() {
  cancelReply();
  const game = state.game;
  const entry = current(game);
  if (!entry.probe || whiteToMove(entry) || outcome(game)) return;
  const reply = pickReply(entry.probe);
  if (!reply) return;
  const next = playMove(game, reply, "computer", moveName(reply));
  render();
  withProbe(next).then(() => {
    if (state.game === game && current(game) === next) positionChanged();
  });
}

function canUserMove() {
  const game = state.game;
  return Boolean(game && current(game).probe && whiteToMove(current(game)) && !outcome(game));
}

function destsOf(key) {
  if (!key || !canUserMove()) return [];
  return current(state.game).probe.moves.filter((m) => moveKeys(m).from === key).map((m) => moveKeys(m).to);
}

function act(action) {
  const game = state.game;
  switch (action) {
    case "hint":
      if (canUserMove()) state.hint = current(game).probe.moves[0] || null;
      render();
      break;
    case "best":
      if (canUserMove() && current(game).probe.moves[0]) userPlays(current(game).probe.moves[0]);
      break;
    case "undo": {
      const target = game ? undoTarget(game) : null;
      if (target !== null) {
        cancelReply();
        game.ply = target;
        state.selected = null;
        state.hint = null;
        positionChanged();
      }
      break;
    }
    case "restart":
      if (game) startGame(game.entries[0].position, game.entries[0].probe);
      break;
    case "random":
    case "longest":
      if (state.choice) loadPosition(action);
      break;
    default:
      break;
  }
}

for (const button of root.querySelectorAll("[data-action]")) {
  button.addEventListener("click", () => act(button.dataset.action));
}

// ---- rendering ----------------------------------------------------------------------------------------

function saveUrl() {
  const entry = state.game && current(state.game);
  if (!entry) return;
  const text = formatBoard(entry.position.n, entry.position.pieces);
  const query = new URLSearchParams({ board: text, turn: entry.position.turn });
  window.history.replaceState(null, "", `${urls.page}?${query}`);
  ui.labLink.href = `${urls.lab}?${new URLSearchParams({ board: text })}`;
}

/** Badges on the lone king's destinations while it is to move: the distance to mate after each. */
function replyBadges(entry) {
  const badges = {};
  const stubborn = new Set(stubbornReplies(entry.probe).map((m) => moveKeys(m).to));
  for (const move of entry.probe.moves) {
    const to = moveKeys(move).to;
    if (move.category === "draw") badges[to] = { text: move.stalemate ? "½" : "=", tone: "draw" };
    else {
      const n = movesToMate(move.dtm);
      badges[to] = { text: String(n), dtm: n, tone: stubborn.has(to) ? "loss" : undefined };
    }
  }
  return badges;
}

function lastReplies(game) {
  for (let i = game.ply; i >= 0; i--) {
    const entry = game.entries[i];
    if (!whiteToMove(entry) && entry.probe) {
      const next = i < game.ply ? game.entries[i + 1].move : null;
      return { entry, played: next ? next.to : null };
    }
  }
  return null;
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
  const lone = Object.keys(entry.position.pieces).find((k) => entry.position.pieces[k] === "bK");
  const checked = entry.probe.checkmate || (entry.position.turn === "b" && entry.move.by === "user" && entry.move.check);
  return checked ? lone : null;
}

function render() {
  const game = state.game;
  root.dataset.turn = !game ? "none" : outcome(game) ? "over" : !current(game).probe ? "waiting"
    : whiteToMove(current(game)) ? "user" : "computer";
  if (!game) {
    renderStatus(ui.status, describe(null, "w", state.error));
    renderVerdict(ui.verdict, null, state.waiting ? "Finding a position…" : "");
    return;
  }
  const entry = current(game);
  const over = outcome(game);
  const computerToMove = entry.probe && !whiteToMove(entry) && !over;
  board.render({
    layers: entry.position.n,
    files: entry.position.n,
    ranks: entry.position.n,
    pieces: entry.position.pieces,
    selected: state.selected,
    dests: destsOf(state.selected),
    lastMove: entry.move ? [entry.move.from, entry.move.to] : null,
    check: checkKey(entry),
    marks: marks(),
    badges: computerToMove ? replyBadges(entry) : null,
  });
  const info = over ? { ...describe(entry.probe, entry.position.turn, state.error), detail: over.text } :
    describe(entry.probe, entry.position.turn, state.error);
  renderStatus(ui.status, info);
  let verdict = null;
  for (let i = game.ply; i > 0 && !verdict; i--) if (game.entries[i].move.by === "user") verdict = game.entries[i].verdict;
  renderVerdict(ui.verdict, verdict, "You play White: mate the lone king. Hint shows a best move.");
  renderCounter(ui.counter, { played: userMoves(game), remaining: remainingMoves(entry), optimal: optimalMoves(game) });
  const replies = lastReplies(game);
  renderReplies(ui.replies, replies?.entry.probe || null, {
    label: (key) => board.label(key),
    played: replies?.played || null,
    stubborn: replies ? stubbornReplies(replies.entry.probe).map((m) => moveKeys(m).to) : [],
    onHover: (move) => {
      state.hover = move;
      render();
    },
  });
}

// ---- start -------------------------------------------------------------------------------------------

buildTables();
if (requested.board) loadRequested();
else render();
