// The KBN mate trainer (/kbn): one state object, one render(), the tablebase API for every value.
// Practice: the user plays the side with bishop and knight against the most stubborn defence.
// Analyse & edit: any position, every move with its distance to mate.

import { createBoard } from "../board/board.js";
import { getJson } from "../shared/api.js";
import { probeCached } from "./api.js";
import { createChart } from "./chart.js";
import { bindEditorControls, copyText, movePiece, placePiece, removePiece } from "./editor.js";
import {
  chartPoints, current, explainHanging, lastReplies, newGame, optimalMoves, outcome, pickReply, playMove,
  redoTarget, remainingMoves, stubbornReplies, undoTarget, userMovesUpTo, userToMove,
} from "./game.js";
import { heatKey, heatLayers, loadHeat } from "./heatmap.js";
import { bindKeys } from "./keys.js";
import {
  describePosition, renderCounter, renderMoveList, renderOutcome, renderPlayed, renderStatus, renderVerdict,
} from "./panels.js";
import { colorName, formatFen, movesToMate, other, parseFen, playUci } from "./position.js";
import { levelRange, loadSettings, saveSettings } from "./settings.js";

const DEFAULT_EDIT_FEN = "8/8/8/4k3/8/8/8/KBN5 w - - 0 1";

const root = document.getElementById("kbn-trainer");
const urls = JSON.parse(root.dataset.urls);
const requestedFen = JSON.parse(root.dataset.fen || '""');
const sentProbe = JSON.parse(root.dataset.probe || "null"); // the server's answer for requestedFen
const params = new URLSearchParams(window.location.search);
const $ = (selector) => root.querySelector(selector);

const ui = {
  status: $("#kbn-status"),
  outcome: $("#kbn-outcome"),
  verdict: $("#kbn-verdict"),
  counter: $("#kbn-counter"),
  replies: $("#kbn-replies"),
  repliesTitle: $("#kbn-replies-title"),
  analysis: $("#kbn-analysis"),
  analysisTitle: $("#kbn-analysis-title"),
  played: $("#kbn-moves-played"),
  level: $("#kbn-level"),
  bishop: $("#kbn-bishop"),
  pause: $("#kbn-pause"),
  fen: $("#kbn-fen"),
  fenError: $("#kbn-fen-error"),
  heatLegend: $("#kbn-heat-legend"),
  modeButtons: root.querySelectorAll("[data-mode-button]"),
  turns: root.querySelectorAll("[data-turn]"),
  actions: root.querySelectorAll("[data-action]"),
};

const settings = loadSettings();

const state = {
  mode: params.get("mode") === "edit" ? "edit" : "play",
  game: null,
  loadError: null, // an API error while playing (network, bad ?fen=)
  selected: null,
  hint: null, // {uci} shown as an arrow
  hover: null, // a move under the pointer in a list
  orientation: "white",
  heat: false,
  heatSquares: null,
  replyTimer: null,
  edit: { pieces: {}, turn: "w", probe: null, error: null, spare: null, selected: null, draft: null },
};

const board = createBoard($("#kbn-board"), {
  label: "KBN trainer board",
  onSelect: selectSquare,
  onMove: boardMove,
  onDropNew: (piece, key) => editPieces(placePiece(state.edit.pieces, piece, key)),
  onRemove: (key) => editPieces(removePiece(state.edit.pieces, key)),
  onSpareSelect: (piece) => {
    state.edit.spare = piece;
    state.edit.selected = null;
    render();
  },
});

const chart = createChart($("#kbn-chart"), { onPick: (ply) => setPly(ply) });

// ---- playing -----------------------------------------------------------------------------------

function startGame(fen, probe) {
  cancelReply();
  state.game = newGame(fen, probe);
  state.loadError = null;
  state.selected = null;
  state.hint = null;
  state.orientation = state.game.user === "w" ? "white" : "black";
  positionChanged();
}

async function newPosition() {
  cancelReply();
  const { min, max } = levelRange(settings.level);
  renderStatus(ui.status, { status: "pending", label: "", title: "Finding a position…", detail: "" });
  const result = await getJson(urls.random, { min, max, bishop: settings.bishop });
  if (!result.ok) {
    state.loadError = result;
    render();
    return;
  }
  const { fen, ...probe } = result.data;
  startGame(fen, probe);
}

async function withProbe(entry) {
  if (entry.probe) return true;
  const result = await probeCached(urls.probe, entry.fen);
  if (!result.ok) {
    state.loadError = result;
    return false;
  }
  entry.probe = result.data;
  explainHanging(entry);
  return true;
}

/** After the shown position changed: draw it, share it, refresh the heat map, let the computer move. */
function positionChanged() {
  render();
  saveUrl();
  refreshHeat();
  scheduleReply();
}

function userPlays(move) {
  const game = state.game;
  const entry = playMove(game, move, "user");
  state.selected = null;
  state.hint = null;
  render();
  withProbe(entry).then(() => {
    if (current(game) === entry && state.game === game) positionChanged();
  });
}

function scheduleReply() {
  cancelReply();
  const game = state.game;
  if (state.mode !== "play" || !game) return;
  const entry = current(game);
  if (!entry.probe || userToMove(game) || outcome(game) || game.ply !== game.entries.length - 1) return;
  if (settings.pause < 0) return; // waits for Space
  state.replyTimer = window.setTimeout(computerReplies, Math.max(0, settings.pause));
}

function cancelReply() {
  if (state.replyTimer !== null) window.clearTimeout(state.replyTimer);
  state.replyTimer = null;
}

function computerReplies() {
  cancelReply();
  const game = state.game;
  const entry = current(game);
  if (!entry.probe || userToMove(game) || outcome(game)) return;
  const reply = pickReply(entry.probe);
  if (!reply) return;
  const next = playMove(game, reply, "computer");
  render();
  withProbe(next).then(() => {
    if (current(game) === next && state.game === game) positionChanged();
  });
}

function setPly(ply) {
  const game = state.game;
  if (!game || ply === null || ply < 0 || ply >= game.entries.length) return;
  game.ply = ply;
  state.selected = null;
  state.hint = null;
  const entry = current(game);
  if (!entry.probe) withProbe(entry).then(positionChanged);
  positionChanged();
}

function canUserMove() {
  const game = state.game;
  return Boolean(game && current(game).probe && userToMove(game) && !outcome(game));
}

function destsOf(square) {
  const probe = state.game && current(state.game).probe;
  if (!probe || !square) return [];
  return probe.moves.filter((m) => m.uci.startsWith(square)).map((m) => m.uci.slice(2, 4));
}

// ---- board callbacks -----------------------------------------------------------------------------

function selectSquare(key) {
  if (state.mode === "edit") {
    state.edit.selected = key;
    render();
    return;
  }
  const piece = key && current(state.game)?.position.pieces[key];
  state.selected = piece && piece[0] === state.game.user && canUserMove() ? key : null;
  render();
}

function boardMove(from, to) {
  if (state.mode === "edit") {
    editPieces(movePiece(state.edit.pieces, from, to));
    return;
  }
  if (!canUserMove()) return;
  const move = current(state.game).probe.moves.find((m) => m.uci === from + to);
  if (move) userPlays(move);
}

// ---- editing -------------------------------------------------------------------------------------

let editToken = 0;

function editPieces(pieces, turn = state.edit.turn) {
  Object.assign(state.edit, { pieces, turn, probe: null, error: null, draft: null, selected: null });
  state.hint = null;
  state.hover = null;
  ui.fenError.hidden = true;
  render();
  saveUrl();
  refreshHeat();
  const token = ++editToken;
  probeCached(urls.probe, formatFen(state.edit)).then((result) => {
    if (token !== editToken) return;
    if (result.ok) state.edit.probe = result.data;
    else state.edit.error = result;
    render();
  });
}

function playInEditor(move) {
  const after = playUci(state.edit, move.uci);
  editPieces(after.pieces, after.turn);
}

function loadFenText(text) {
  const parsed = parseFen(text);
  if (!parsed) {
    ui.fenError.hidden = false;
    ui.fenError.textContent = `Not a FEN the board can show: ${JSON.stringify(text)}`;
    return;
  }
  editPieces(parsed.pieces, parsed.turn);
}

function setMode(mode) {
  if (mode === state.mode) return;
  cancelReply();
  state.mode = mode;
  state.hint = null;
  state.hover = null;
  root.dataset.mode = mode;
  if (mode === "edit") {
    const entry = state.game && current(state.game);
    const position = entry ? entry.position : parseFen(DEFAULT_EDIT_FEN);
    editPieces(position.pieces, position.turn);
    return;
  }
  if (state.edit.probe) startGame(formatFen(state.edit), state.edit.probe);
  else if (state.game) positionChanged();
  else newPosition();
}

bindEditorControls(
  { turns: ui.turns, clear: $('[data-action="clear"]'), fen: ui.fen, load: $('[data-action="load-fen"]'),
    copy: $('[data-action="copy-fen"]'), practise: $('[data-action="practise"]') },
  {
    setTurn: (turn) => editPieces(state.edit.pieces, turn),
    clear: () => editPieces({}),
    loadFen: loadFenText,
    draft: (text) => (state.edit.draft = text),
    copyFen: () => copyText(formatFen(state.edit), ui.fen),
    practise: () => setMode("play"),
  },
);

// ---- heat map ------------------------------------------------------------------------------------

let heatToken = 0;

function shownPieces() {
  if (state.mode === "edit") return state.edit.pieces;
  return state.game ? current(state.game).position.pieces : {};
}

function refreshHeat() {
  if (!state.heat) {
    state.heatSquares = null;
    render();
    return;
  }
  const pieces = shownPieces();
  const key = heatKey(pieces);
  if (state.heatSquares && state.heatSquares.key === key) return;
  const token = ++heatToken;
  loadHeat(urls.heatmap, pieces).then((result) => {
    if (token !== heatToken) return;
    state.heatSquares = result.ok ? { key, ...heatLayers(result.data.squares) } : null;
    render();
  });
}

// ---- actions -------------------------------------------------------------------------------------

function bestMove() {
  if (state.mode === "edit") return state.edit.probe?.moves[0] || null;
  return canUserMove() ? current(state.game).probe.moves[0] : null;
}

function act(action) {
  const game = state.game;
  switch (action) {
    case "hint": {
      const best = bestMove();
      state.hint = best ? { uci: best.uci } : null;
      if (best) board.announce(`Hint: ${best.san}`);
      render();
      break;
    }
    case "best":
      if (state.mode === "edit") {
        const best = bestMove();
        if (best) playInEditor(best);
      } else if (game && current(game).probe && !userToMove(game) && !outcome(game)) {
        computerReplies();
      } else {
        const best = bestMove();
        if (best) userPlays(best);
      }
      break;
    case "undo":
      if (state.mode === "play" && game) setPly(undoTarget(game));
      break;
    case "redo":
      if (state.mode === "play" && game) setPly(redoTarget(game));
      break;
    case "restart":
      if (state.mode === "play" && game) startGame(game.startFen, game.entries[0].probe);
      break;
    case "next":
      if (state.mode !== "play") setMode("play");
      newPosition();
      break;
    case "flip":
      state.orientation = state.orientation === "white" ? "black" : "white";
      render();
      break;
    case "heat":
      state.heat = !state.heat;
      refreshHeat();
      render();
      break;
    default:
      break;
  }
}

for (const button of ui.actions) {
  const action = button.dataset.action;
  if (["clear", "load-fen", "copy-fen", "practise"].includes(action)) continue;
  button.addEventListener("click", () => act(action));
}
for (const button of ui.modeButtons) button.addEventListener("click", () => setMode(button.dataset.modeButton));
bindKeys(board.element, act);

ui.level.value = settings.level;
ui.bishop.value = settings.bishop;
ui.pause.value = [...ui.pause.options].some((o) => Number(o.value) === settings.pause) ? String(settings.pause) : "";
if (!ui.pause.value) {
  const option = new Option(`${settings.pause} ms`, String(settings.pause));
  ui.pause.add(option, 0);
  ui.pause.value = String(settings.pause);
}
for (const [select, name] of [[ui.level, "level"], [ui.bishop, "bishop"], [ui.pause, "pause"]]) {
  select.addEventListener("change", () => {
    settings[name] = name === "pause" ? Number(select.value) : select.value;
    saveSettings({ level: settings.level, bishop: settings.bishop, pause: settings.pause });
    if (name === "pause") scheduleReply();
  });
}

// ---- rendering -----------------------------------------------------------------------------------

function saveUrl() {
  const fen = state.mode === "edit" ? formatFen(state.edit) : state.game && current(state.game).fen;
  if (!fen) return;
  const query = new URLSearchParams(window.location.search);
  query.set("fen", fen);
  if (state.mode === "edit") query.set("mode", "edit");
  else query.delete("mode");
  const text = query.toString().replace(/%2F/g, "/").replace(/\+/g, "_");
  window.history.replaceState(null, "", `${urls.page}?${text}`);
}

function arrows() {
  const list = [];
  if (state.hint) list.push({ from: state.hint.uci.slice(0, 2), to: state.hint.uci.slice(2, 4), brush: "green" });
  if (state.hover) list.push({ from: state.hover.uci.slice(0, 2), to: state.hover.uci.slice(2, 4), brush: "blue" });
  return list;
}

function checkSquare(position, lastSan) {
  if (!lastSan || !/[+#]$/.test(lastSan)) return null;
  return Object.keys(position.pieces).find((k) => position.pieces[k] === `${position.turn}K`) || null;
}

/** Badges on the lone king's destinations while it is to move: the distance to mate after each. */
function replyBadges(entry) {
  const badges = {};
  const stubborn = new Set(stubbornReplies(entry.probe).map((m) => m.uci));
  for (const move of entry.probe.moves) {
    const to = move.uci.slice(2, 4);
    if (move.category === "draw") badges[to] = { text: move.stalemate ? "½" : "=", tone: "draw" };
    else {
      const n = movesToMate(move.dtm);
      badges[to] = stubborn.has(move.uci) ? { text: String(n), dtm: n, tone: "loss" } : { text: String(n), dtm: n };
    }
  }
  return badges;
}

function render() {
  root.dataset.mode = state.mode;
  for (const button of ui.modeButtons) button.setAttribute("aria-pressed", String(button.dataset.modeButton === state.mode));
  const heatButton = $('[data-action="heat"]');
  heatButton.setAttribute("aria-pressed", String(state.heat));
  ui.heatLegend.hidden = !state.heat;
  const heat = state.heat && state.heatSquares ? state.heatSquares : { heat: null, badges: null };
  if (state.mode === "edit") renderEditor(heat);
  else renderPlay(heat);
}

function renderPlay(heat) {
  const game = state.game;
  if (!game) {
    if (state.loadError) renderStatus(ui.status, describePosition(null, "w", state.loadError));
    return;
  }
  const entry = current(game);
  const over = entry.probe ? outcome(game) : null;
  const computerToMove = entry.probe && !userToMove(game) && !over;
  root.dataset.ply = String(game.ply);
  root.dataset.turn = over ? "over" : !entry.probe ? "waiting" : computerToMove ? "computer" : "user";
  drawBoard({
    orientation: state.orientation,
    pieces: entry.position.pieces,
    movable: true,
    freeMoves: false,
    editable: false,
    palette: null,
    selected: state.selected,
    dests: destsOf(state.selected),
    lastMove: entry.move ? [entry.move.from, entry.move.to] : null,
    check: checkSquare(entry.position, entry.move?.san),
    arrows: arrows(),
    heat: heat.heat,
    badges: heat.badges || (computerToMove ? replyBadges(entry) : null),
  });

  renderStatus(ui.status, describePosition(entry.probe, entry.position.turn, state.loadError));
  renderOutcome(ui.outcome, over);

  let verdict = null;
  for (let i = game.ply; i > 0 && !verdict; i--) if (game.entries[i].move.by === "user") verdict = game.entries[i].verdict;
  const user = colorName(game.user);
  renderVerdict(ui.verdict, verdict, game.ply === 0 && !userToMove(game)
    ? `${colorName(other(game.user))} moves first. You play ${user}.`
    : `You play ${user}: mate the lone king. Drag or click a piece; h for a hint.`);

  renderCounter(ui.counter, {
    played: userMovesUpTo(game),
    remaining: entry.probe ? remainingMoves(entry) : null,
    optimal: optimalMoves(game),
  });

  const replies = lastReplies(game);
  const lone = colorName(other(game.user));
  if (replies) {
    const waiting = computerToMove && replies.index === game.ply;
    const after = replies.entry.move ? ` to ${replies.entry.move.san}` : "";
    ui.repliesTitle.textContent = waiting && settings.pause < 0
      ? `${lone}'s replies${after} — Space or “Best move” plays one`
      : `${lone}'s replies${after}`;
    renderMoveList(ui.replies, replies.entry.probe.moves, {
      mover: replies.entry.position.turn,
      played: replies.played,
      best: stubbornReplies(replies.entry.probe).map((m) => m.uci),
      onHover: hoverMove,
    });
  } else {
    ui.repliesTitle.textContent = `${lone}'s replies`;
    ui.replies.replaceChildren();
    const hintItem = document.createElement("li");
    hintItem.className = "kbn-empty";
    hintItem.textContent = `After your move, every reply of the ${lone.toLowerCase()} king with its distance to mate.`;
    ui.replies.append(hintItem);
  }

  chart.render({ points: chartPoints(game), optimal: optimalMoves(game), currentPly: game.ply });
  renderPlayed(ui.played, game, setPly);
  markReady(entry);
}

function renderEditor(heat) {
  const edit = state.edit;
  drawBoard({
    orientation: state.orientation,
    pieces: edit.pieces,
    movable: true,
    freeMoves: true,
    editable: true,
    palette: { kinds: "KBN", colors: "wb", element: $("#kbn-palette") },
    spare: edit.spare,
    selected: edit.selected,
    dests: null,
    lastMove: null,
    check: null,
    arrows: arrows(),
    heat: heat.heat,
    badges: heat.badges,
  });
  root.dataset.turn = "edit";
  renderStatus(ui.status, describePosition(edit.probe, edit.turn, edit.error));
  renderOutcome(ui.outcome, null);
  for (const button of ui.turns) button.setAttribute("aria-pressed", String(button.dataset.turn === edit.turn));
  const fen = formatFen(edit);
  if (edit.draft === null && ui.fen.value !== fen) ui.fen.value = fen;
  ui.analysisTitle.textContent = `${colorName(edit.turn)}'s moves`;
  if (edit.probe) {
    renderMoveList(ui.analysis, edit.probe.moves, { mover: edit.turn, onPick: playInEditor, onHover: hoverMove });
  } else {
    const note = document.createElement("li");
    note.className = "kbn-empty";
    note.textContent = edit.error ? "No moves: put the position right first." : "Thinking…";
    ui.analysis.replaceChildren(note);
  }
  $('[data-action="practise"]').disabled = !edit.probe || edit.probe.moves.length === 0;
  markReady({ probe: edit.probe || edit.error });
}

let boardState = {};
function drawBoard(next) {
  boardState = next;
  board.render(next);
}

/** A move under the pointer in a list: only its arrow changes, the lists stay as they are. */
function hoverMove(move) {
  state.hover = move;
  board.render({ ...boardState, arrows: arrows() });
}

let readyMarked = false;
function markReady(entry) {
  if (readyMarked || !entry.probe) return;
  readyMarked = true;
  root.dataset.ready = "true";
  performance.mark("kbn-board-ready");
}

// ---- start ---------------------------------------------------------------------------------------

async function start() {
  if (state.mode === "edit") {
    const position = parseFen(requestedFen) || parseFen(DEFAULT_EDIT_FEN);
    root.dataset.mode = "edit";
    editPieces(position.pieces, position.turn);
    if (requestedFen && !parseFen(requestedFen)) loadFenText(requestedFen);
    return;
  }
  if (!requestedFen) {
    newPosition();
    return;
  }
  const result = sentProbe ? { ok: true, data: sentProbe } : await probeCached(urls.probe, requestedFen);
  const parsed = parseFen(requestedFen);
  if (result.ok && parsed) {
    startGame(formatFen(parsed), result.data);
  } else {
    // Show why in the editor, where the position can be put right.
    state.mode = "edit";
    const position = parsed || parseFen(DEFAULT_EDIT_FEN);
    editPieces(position.pieces, position.turn);
    if (!parsed) loadFenText(requestedFen);
  }
}

start();
