// The KBN mate trainer (/kbn): one state object, one render(), the tablebase API for every value.
// Two controllers share the state: play.js (practise against the most stubborn defence) and
// edit.js (analyse and edit any position). This module wires them to the page.

import { createBoard } from "../board/board.js";
import { probeCached } from "./api.js";
import { createChart } from "./chart.js";
import { createEdit, DEFAULT_EDIT_FEN } from "./edit.js";
import { current, redoTarget, undoTarget } from "./game.js";
import { heatKey, heatLayers, loadHeat } from "./heatmap.js";
import { bindKeys } from "./keys.js";
import { createPlay } from "./play.js";
import { formatFen, parseFen } from "./position.js";
import { loadSettings, saveSettings } from "./settings.js";

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
  heatButton: $('[data-action="heat"]'),
  modeButtons: root.querySelectorAll("[data-mode-button]"),
  turns: root.querySelectorAll("[data-turn]"),
  actions: root.querySelectorAll("[data-action]"),
};

const settings = loadSettings();

const state = {
  mode: params.get("mode") === "edit" ? "edit" : "play",
  game: null, // play.js
  loadError: null, // an API error while playing (network, bad ?fen=)
  selected: null,
  hint: null, // {uci} shown as an arrow
  hover: null, // a move under the pointer in a list
  orientation: "white",
  heat: false,
  heatSquares: null,
  replyTimer: null,
  edit: { pieces: {}, turn: "w", probe: null, error: null, spare: null, selected: null, draft: null }, // edit.js
};

const page = { root, state, ui, urls, settings, render, saveUrl, refreshHeat, drawBoard, arrows, hoverMove, markReady,
  practise: () => setMode("play") };
const play = createPlay(page);
const edit = createEdit(page);
const mode = () => (state.mode === "edit" ? edit : play);

const board = createBoard($("#kbn-board"), {
  label: "KBN trainer board",
  onSelect: (key) => mode().select(key),
  onMove: (from, to) => mode().boardMove(from, to),
  onDropNew: (piece, key) => edit.drop(piece, key),
  onRemove: (key) => edit.remove(key),
  onSpareSelect: (piece) => {
    state.edit.spare = piece;
    state.edit.selected = null;
    render();
  },
});
page.chart = createChart($("#kbn-chart"), { onPick: (ply) => play.setPly(ply) });

function setMode(next) {
  if (next === state.mode) return;
  play.cancelReply();
  state.mode = next;
  state.hint = null;
  state.hover = null;
  root.dataset.mode = next;
  if (next === "edit") {
    const entry = state.game && current(state.game);
    const position = entry ? entry.position : parseFen(DEFAULT_EDIT_FEN);
    edit.setPieces(position.pieces, position.turn);
  } else if (state.edit.probe) play.start(formatFen(state.edit), state.edit.probe);
  else if (state.game) play.positionChanged();
  else play.newPosition();
}

// ---- heat map ------------------------------------------------------------------------------------

let heatToken = 0;

function refreshHeat() {
  if (!state.heat) {
    state.heatSquares = null;
    render();
    return;
  }
  const pieces = state.mode === "edit" ? state.edit.pieces : state.game ? current(state.game).position.pieces : {};
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

function act(action) {
  const game = state.game;
  switch (action) {
    case "hint": {
      const best = mode().bestMove();
      state.hint = best ? { uci: best.uci } : null;
      if (best) board.announce(`Hint: ${best.san}`);
      render();
      break;
    }
    case "best":
      mode().playBest();
      break;
    case "undo":
      if (state.mode === "play" && game) play.setPly(undoTarget(game));
      break;
    case "redo":
      if (state.mode === "play" && game) play.setPly(redoTarget(game));
      break;
    case "restart":
      if (state.mode === "play" && game) play.start(game.startFen, game.entries[0].probe);
      break;
    case "next":
      if (state.mode !== "play") setMode("play");
      play.newPosition();
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

const EDITOR_ACTIONS = ["clear", "load-fen", "copy-fen", "practise"];
for (const button of ui.actions) {
  if (!EDITOR_ACTIONS.includes(button.dataset.action)) button.addEventListener("click", () => act(button.dataset.action));
}
for (const button of ui.modeButtons) button.addEventListener("click", () => setMode(button.dataset.modeButton));
edit.bindControls();
bindKeys(board.element, act);

ui.level.value = settings.level;
ui.bishop.value = settings.bishop;
if (![...ui.pause.options].some((o) => Number(o.value) === settings.pause)) {
  ui.pause.add(new Option(`${settings.pause} ms`, String(settings.pause)), 0);
}
ui.pause.value = String(settings.pause);
for (const [select, name] of [[ui.level, "level"], [ui.bishop, "bishop"], [ui.pause, "pause"]]) {
  select.addEventListener("change", () => {
    settings[name] = name === "pause" ? Number(select.value) : select.value;
    saveSettings({ level: settings.level, bishop: settings.bishop, pause: settings.pause });
    if (name === "pause") play.scheduleReply();
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

function render() {
  root.dataset.mode = state.mode;
  for (const button of ui.modeButtons) button.setAttribute("aria-pressed", String(button.dataset.modeButton === state.mode));
  ui.heatButton.setAttribute("aria-pressed", String(state.heat));
  ui.heatLegend.hidden = !state.heat;
  mode().render(state.heat && state.heatSquares ? state.heatSquares : { heat: null, badges: null });
}

let boardView = {};
function drawBoard(view) {
  boardView = view;
  board.render(view);
}

/** A move under the pointer in a list: only its arrow changes, the lists stay as they are. */
function hoverMove(move) {
  state.hover = move;
  board.render({ ...boardView, arrows: arrows() });
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
    edit.setPieces(position.pieces, position.turn);
    if (requestedFen && !parseFen(requestedFen)) edit.loadFen(requestedFen);
    return;
  }
  if (!requestedFen) {
    play.newPosition();
    return;
  }
  const result = sentProbe ? { ok: true, data: sentProbe } : await probeCached(urls.probe, requestedFen);
  const parsed = parseFen(requestedFen);
  if (result.ok && parsed) {
    play.start(formatFen(parsed), result.data);
  } else {
    // Show why in the editor, where the position can be put right.
    state.mode = "edit";
    const position = parsed || parseFen(DEFAULT_EDIT_FEN);
    edit.setPieces(position.pieces, position.turn);
    if (!parsed) edit.loadFen(requestedFen);
  }
}

start();
