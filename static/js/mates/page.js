// @ts-check
// The mate trainer of every basic mate (/mates/KRK, ...; /kbn is KBNK's): one state object, one
// render(), the tablebase API for every value. The ending (name, levels, the editor's start) is the
// server's, in the root's data-material.
// Two controllers share the state: play.js (practise against the most stubborn defence) and
// edit.js (analyse and edit any position). This module wires them to the page.

import { createBoard } from "../board/board.js";
import { probeCached } from "./api.js";
import { createChart } from "./chart.js";
import { coachMarks, describeKingMove, loadCoach, marksLegend } from "./coach.js";
import { createEdit } from "./edit.js";
import { heatLayers, loadHeat } from "./heatmap.js";
import { bindKeys } from "./keys.js";
import { downloadText } from "./pgn.js";
import { createPlay } from "./play.js";
import { moveKeys } from "./position.js";
import { createRefusals } from "./refusal.js";
import { bindSettings, linkedQuery, loadSettings, saveSettings } from "./settings.js";
import { createSounds } from "./sounds.js";
import { formatFen } from "../shared/fen.js";
import { current } from "../shared/game_line.js";
import { allWithin, byId, optionalWithin, within } from "../shared/dom.js";
import { moveName, t } from "../shared/i18n.js";
import { readPageData } from "../shared/page-data.js";
import "../shared/site_menu.js"; // the site's menu, folded on a phone

const root = byId("trainer");
const data = readPageData(root, "urls", "fen", "probe", "position", "material", "first", "settings");
const urls = data.urls;
const requestedFen = data.fen || "";
const sentProbe = data.probe; // the server's answer for requestedFen
// The server read requestedFen: {fen, turn, strong, pieces, fullmove}, or null without one (the page reads no FEN).
const requestedPosition = data.position;
const material = data.material; // {name, title, men, bishop, longest, levels, example, example_position, url}
const EXAMPLE_POSITION = material.example_position; // the editor's board when there is no other
const $ = (selector) => within(root, selector);

const ui = {
  status: $("#trainer-status"),
  outcome: $("#trainer-outcome"),
  verdict: $("#trainer-verdict"),
  counter: $("#trainer-counter"),
  replies: $("#trainer-replies"),
  repliesTitle: $("#trainer-replies-title"),
  analysis: $("#trainer-analysis"),
  analysisTitle: $("#trainer-analysis-title"),
  played: $("#trainer-moves-played"),
  level: within(root, "#trainer-level", HTMLSelectElement),
  bishop: optionalWithin(root, "#trainer-bishop", HTMLSelectElement), // one bishop's materials only
  pause: within(root, "#trainer-pause", HTMLSelectElement),
  fen: within(root, "#trainer-fen", HTMLInputElement),
  fenError: $("#trainer-fen-error"),
  heatLegend: $("#trainer-heat-legend"),
  heatButton: within(root, '[data-action="heat"]', HTMLButtonElement),
  coachButton: within(root, '[data-action="coach"]', HTMLButtonElement),
  soundButton: within(root, '[data-action="sound"]', HTMLButtonElement),
  coachCard: $("#trainer-coach"),
  coachPhase: $("#trainer-coach-phase"),
  coachAdvice: $("#trainer-coach-advice"),
  coachNote: $("#trainer-coach-note"),
  illegal: $("#trainer-illegal"),
  fifty: $("#trainer-fifty"),
  pgn: within(root, "#trainer-pgn", HTMLTextAreaElement),
  role: within(root, "#trainer-role", HTMLSelectElement),
  modeButtons: allWithin(root, "[data-mode-button]"),
  turns: allWithin(root, "[data-turn]"),
  actions: allWithin(root, "[data-action]"),
};

const linkedSettings = data.settings || {}; // what the link set and the server could read
const settings = loadSettings(linkedSettings);

/**
 * The trainer's state: the game's fields (play.js's controller owns game, selected, hint and
 * error: a failed request, a bad ?fen=) and the page's own; ``edit`` is the editor's (edit.js).
 * @typedef {Object} TrainerFields
 * @property {"play" | "edit"} mode
 * @property {import("../shared/types.js").ProbeMove | null} hover  a move under the pointer in a list
 * @property {"white" | "black"} orientation
 * @property {boolean} heat  the heat map is on
 * @property {{fen: string, key: string, heat: object, badges: object} | null} heatSquares
 * @property {{fen: string, facts: any} | null} coachFacts  the coach's facts for the position last asked (its advice always shows; its marks with the Box on)
 * @property {import("./edit.js").EditState} edit
 */

/** @type {Omit<import("../shared/types.js").TableGameState, "hint"> & {hint: {from: string, to: string} | null} & TrainerFields} */
const state = {
  mode: linkedSettings.mode === "edit" ? "edit" : "play",
  game: null,
  error: null,
  selected: null,
  hint: null,
  hover: null,
  orientation: "white",
  heat: false,
  heatSquares: null,
  coachFacts: null,
  edit: { pieces: {}, turn: "w", probe: null, error: null, spare: null, selected: null, draft: null },
};

const page = { root, state, ui, urls, material, settings, first: data.first, render, showPosition, drawBoard, arrows, hoverMove, markReady, sounds: createSounds(), announce: (text) => board.announce(text), practise: () => setMode("play") };
const play = createPlay(page);
// A refused move's reason, for the position shown in practice (the editor moves freely).
const refusals = createRefusals({ ...page, shown: () => (state.mode === "play" && state.game
  ? { fen: current(state.game).fen, key: `${state.game.ply}|${current(state.game).fen}` } : null), over: () => play.over() });
const edit = createEdit(page);
const mode = () => (state.mode === "edit" ? edit : play);

const board = createBoard($("#trainer-board"), {
  label: t("%(name)s trainer board", { name: material.name }),
  onSelect: (key) => mode().select(key),
  onMove: (from, to) => mode().boardMove(from, to),
  onRefused: (from, to) => refusals.refused(from, to),
  onSquareClick: refusals.onUnreachableClick(() => state.mode === "play", () => state.game?.user,
                                             (from) => play.destsOf(from)),
  onDropNew: (piece, key) => edit.drop(piece, key),
  onRemove: (key) => edit.remove(key),
  onSpareSelect: (piece) => {
    state.edit.spare = piece;
    state.edit.selected = null;
    render();
  },
});
board.element.id = "trainer-board-keys"; // the skip link's target: the board itself, focusable
page.chart = createChart($("#trainer-chart"), { onPick: (ply) => play.setPly(ply) });

function setMode(next) {
  if (next === state.mode) return;
  // Another ending's position built in the editor is practised in its own trainer (the server's
  // coach names its material; the server sends this address there).
  const elsewhere = next === "play" && state.coachFacts?.fen === shownFen() ? state.coachFacts?.facts?.material : null;
  if (elsewhere && elsewhere !== material.name) return void window.location.assign(addressOf(shownFen(), "play"));
  play.cancelReply();
  state.mode = next;
  state.hint = null;
  state.hover = null;
  root.dataset.mode = next;
  if (next === "edit") {
    const entry = state.game && current(state.game);
    const position = entry ? entry.position : EXAMPLE_POSITION;
    edit.setPieces(position.pieces, position.turn);
  } else if (state.edit.probe) play.start(formatFen(state.edit), state.edit.probe);
  else if (state.game) play.positionChanged();
  else play.newPosition();
}

/** After the shown position changed: draw it, put it in the URL, refresh the heat map and the coach. */
function showPosition() {
  render();
  saveUrl();
  refreshHeat();
  refreshCoach();
}

// ---- heat map ------------------------------------------------------------------------------------

let heatToken = 0;

function refreshHeat() {
  if (!state.heat) {
    state.heatSquares = null;
    render();
    return;
  }
  const fen = shownFen();
  if (!fen || (state.heatSquares && state.heatSquares.fen === fen)) return;
  const token = ++heatToken;
  loadHeat(urls.heatmap, fen).then((result) => {
    if (token !== heatToken) return;
    state.heatSquares = result.ok ? { fen, key: result.data.fen, ...heatLayers(result.data.squares) } : null;
    render();
  });
}

// ---- the coach's marks and advice ------------------------------------------------------------------

const shownFen = () => (state.mode === "edit" ? formatFen(state.edit) : state.game && current(state.game).fen);

// The coach's advice shows in every view; the Box switch (c) adds its marks on the board.
function refreshCoach() {
  const fen = shownFen();
  if (!fen || state.coachFacts?.fen === fen) return;
  loadCoach(urls.coach, fen).then((facts) => {
    if (shownFen() !== fen) return;
    state.coachFacts = { fen, facts };
    render();
  });
}

/** Writes the coach's card; returns the facts whose marks the board shows (none with the Box off). */
function renderCoach() {
  const shown = state.coachFacts;
  // Until the shown position's facts come, the card keeps the last position's words (no flicker).
  if (!shown || shown.fen !== shownFen()) return null;
  const facts = shown.facts;
  ui.coachPhase.textContent = facts ? facts.phase_name : t("No advice for this position");
  ui.coachCard.dataset.phase = facts ? facts.phase : "none";
  const defending = state.mode === "play" && state.game?.role === "king";
  const advice = facts && (defending ? describeKingMove(facts)?.text : facts.advice);
  ui.coachAdvice.textContent = facts ? [advice, settings.coach ? marksLegend(facts) : ""].filter(Boolean).join(" ")
    : t("The coach explains positions with a king and one or two men against a lone king.");
  return settings.coach ? facts : null;
}

// ---- actions -------------------------------------------------------------------------------------

function act(action) {
  switch (action) {
    case "hint": {
      const best = mode().bestMove();
      state.hint = best ? moveKeys(best) : null;
      if (best) board.announce(t("Hint: %(move)s", { move: moveName(best.san) }));
      render();
      break;
    }
    case "best":
      mode().playBest();
      break;
    case "undo":
      if (state.mode === "play") play.undo();
      break;
    case "redo":
      if (state.mode === "play") play.redo();
      break;
    case "restart":
      if (state.mode === "play") play.restart();
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
    case "coach":
      settings.coach = !settings.coach;
      saveSettings(settings);
      refreshCoach();
      render();
      break;
    case "sound":
      page.sounds.setEnabled(!page.sounds.enabled);
      render();
      break;
    case "copy-pgn":
      copyPgn();
      break;
    case "download-pgn":
      downloadText(play.pgnText(), `${material.name.toLowerCase()}-game.pgn`);
      break;
    default:
      break;
  }
}

const EDITOR_ACTIONS = ["clear", "load-fen", "copy-fen", "practise"];
for (const button of ui.actions) {
  const action = button.dataset.action || "";
  if (!EDITOR_ACTIONS.includes(action)) button.addEventListener("click", () => act(action));
}
for (const button of ui.modeButtons) button.addEventListener("click", () => setMode(button.dataset.modeButton));
edit.bindControls();
bindKeys(board.element, act);

// A level saved on another ending's page may not be one of this ending's: the middle one then.
bindSettings({ level: ui.level, bishop: ui.bishop, pause: ui.pause, role: ui.role }, settings, (name) => {
  saveUrl();
  if (name === "pause") play.scheduleReply();
  if (name === "role" && state.mode === "play") play.newPosition();
});

async function copyPgn() {
  const button = $('[data-action="copy-pgn"]');
  try {
    await navigator.clipboard.writeText(play.pgnText());
    button.textContent = t("Copied");
  } catch {
    ui.pgn.select();
    button.textContent = document.execCommand?.("copy") ? t("Copied") : t("Select and copy");
  }
  window.setTimeout(() => (button.textContent = t("Copy")), 1500);
}

// ---- rendering -----------------------------------------------------------------------------------

/** This page's address showing ``fen`` in ``mode``, its link's settings as they are now, its other parameters kept. */
function addressOf(fen, mode) {
  const query = linkedQuery(window.location.search, linkedSettings, settings);
  query.set("fen", fen);
  if (mode === "edit") query.set("mode", "edit");
  else query.delete("mode");
  return `${material.url}?${query.toString().replace(/%2F/g, "/").replace(/\+/g, "_")}`;
}

function saveUrl() {
  const fen = shownFen();
  if (fen) window.history.replaceState(null, "", addressOf(fen, state.mode));
}

function arrows() {
  const list = [];
  if (state.hint) list.push({ ...state.hint, brush: "green" });
  if (state.hover) list.push({ ...moveKeys(state.hover), brush: "blue" });
  return list;
}

function render() {
  root.dataset.mode = state.mode;
  for (const button of ui.modeButtons) button.setAttribute("aria-pressed", String(button.dataset.modeButton === state.mode));
  ui.heatButton.setAttribute("aria-pressed", String(state.heat));
  ui.coachButton.setAttribute("aria-pressed", String(settings.coach));
  ui.soundButton.setAttribute("aria-pressed", String(page.sounds.enabled));
  ui.heatLegend.hidden = !state.heat;
  ui.illegal.textContent = refusals.text();
  ui.illegal.hidden = !ui.illegal.textContent;
  coachFacts = renderCoach();
  mode().render(state.heat && state.heatSquares ? heatOnEmptySquares(state.heatSquares) : { heat: null, badges: null });
}

const shownPieces = () => (state.mode === "edit" ? state.edit.pieces : state.game ? current(state.game).position.pieces : {});

/** The heat map's numbers only on empty squares: a badge would cover a piece (the lone king's own
 * square is the status's number; the colour still shows under every piece). */
function heatOnEmptySquares(layers) {
  const pieces = shownPieces();
  const badges = Object.fromEntries(Object.entries(layers.badges).filter(([square]) => !pieces[square]));
  return { ...layers, badges };
}

let boardView = {};
/** @type {import("./coach.js").CoachFacts | null} */
let coachFacts = null;
function drawBoard(view) {
  boardView = { ...view, marks: coachMarks(coachFacts) };
  board.render(boardView);
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
  performance.mark("trainer-board-ready");
  performance.mark("mates-board-ready");
}

// ---- start ---------------------------------------------------------------------------------------

async function start() {
  if (state.mode === "edit") {
    const position = requestedPosition || EXAMPLE_POSITION;
    root.dataset.mode = "edit";
    edit.setPieces(position.pieces, position.turn);
    return;
  }
  if (!requestedFen) {
    play.newPosition();
    return;
  }
  const result = sentProbe ? { ok: true, data: sentProbe } : await probeCached(urls.probe, requestedFen);
  if (result.ok) {
    play.start(requestedPosition.fen, result.data, requestedPosition.fullmove); // as the server read it: its clocks count
  } else {
    // Show why in the editor, where the position can be put right.
    state.mode = "edit";
    const position = requestedPosition || EXAMPLE_POSITION;
    edit.setPieces(position.pieces, position.turn);
  }
}

start();
