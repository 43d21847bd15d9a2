// @ts-check
// The 2D move checker page (/moves): one state object, one render(), the server for every rule.

import { postJson } from "../shared/api.js";
import { createBoard } from "../board/board.js";
import { boardFen } from "../shared/fen.js";
import { readPageData } from "../shared/page-data.js";
import { allWithin, byId, within } from "../shared/dom.js";
import { say, t } from "../shared/i18n.js";
import "../shared/site_menu.js"; // the site's menu, folded on a phone

/** The move a verdict is about, in the page's language (the server's words; its English otherwise). */
const moveWords = (verdict) => (verdict.words?.move ? say(verdict.words.move) : verdict.move_words);

const root = byId("moves-app");
// The server reads every FEN: the board asked for (or the start), and the start position's pieces.
const { urls, board: openingPieces, start: startPieces } = readPageData(root, "urls", "board", "start");

const ui = {
  status: byId("moves-status"),
  verdict: within(root, ".moves-verdict"),
  reason: within(root, ".moves-reason"),
  modes: allWithin(root, "[data-mode]"),
  question: byId("moves-question", HTMLInputElement),
  ask: byId("moves-ask", HTMLButtonElement),
  fen: byId("moves-fen", HTMLInputElement),
  loadFen: byId("moves-load-fen", HTMLButtonElement),
  list: byId("moves-list", HTMLTextAreaElement),
  loadList: byId("moves-load-list", HTMLButtonElement),
  start: byId("moves-start", HTMLButtonElement),
  clear: byId("moves-clear", HTMLButtonElement),
  error: byId("moves-error"),
};

/**
 * The server's /api/2d/position answer for the current pieces.
 * @typedef {{destinations: Object<string, string[]>, checkers: {w: string[], b: string[]}, in_check: string[],
 *   pins: {square: string}[], pieces: Array<Array<string | number>>}} Analysis
 */
/**
 * The server's /api/2d/validate answer.
 * @typedef {{valid: boolean, reason: string, move_words: string, words?: {reason: any, move: any}, after?: string,
 *   after_board?: Object<string, string>}} Verdict
 */

/**
 * @type {{pieces: Object<string, string>, mode: string, selected: string | null, spare: string | null,
 *   lastMove: string[] | null, analysis: Analysis | null, verdict: Verdict | null, error: string}}
 */
const state = {
  pieces: {}, // "e4" -> "wK"
  mode: "check", // "check": a drag asks the server; "edit": a drag moves the piece freely
  selected: null,
  spare: null,
  lastMove: null,
  analysis: null, // the server's /api/2d/position answer for the current pieces
  verdict: null, // the server's /api/2d/validate answer for the last move asked about
  error: "",
};

const board = createBoard(byId("moves-board"), {
  label: t("Move checker board"),
  freeMoves: true,
  editable: true,
  palette: { kinds: "KQRBNP", colors: "wb", element: byId("moves-palette") },
  onSelect: (key) => update({ selected: key, spare: null }),
  onMove: dragged,
  onDropNew: placePiece,
  onRemove: removePiece,
  onSpareSelect: (piece) => update({ spare: piece, selected: null }),
});

// ---- talking to the server -------------------------------------------------------------------

let analysisToken = 0;
async function fetchAnalysis() {
  const token = ++analysisToken;
  const pieces = state.pieces;
  const answer = await postJson(urls.position, { fen: boardFen(pieces) });
  if (token !== analysisToken) return;
  if (answer.ok) update({ analysis: answer.data, error: "" });
  else update({ analysis: { destinations: {}, checkers: { w: [], b: [] }, in_check: [], pins: [], pieces: [] }, error: answer.message });
}

/** A move asked about: a drag's UCI (`move`) or the question as typed (`move_text`), read by the server. */
async function ask(question) {
  const answer = await postJson(urls.validate, { fen: boardFen(state.pieces), ...question });
  if (!answer.ok) {
    update({ verdict: null, error: answer.message });
    return null;
  }
  update({ verdict: answer.data, error: "" });
  return answer.data;
}

// ---- state changes ---------------------------------------------------------------------------

function update(patch) {
  const before = state.pieces;
  Object.assign(state, patch);
  if (state.selected && !state.pieces[state.selected]) state.selected = null;
  if (state.pieces !== before) {
    state.analysis = null;
    saveUrl();
    fetchAnalysis();
  }
  render();
}

/** A piece put on a square; whether the position is legal (one king a side) is the server's word. */
function withPiece(pieces, key, code) {
  return { ...pieces, [key]: code };
}

async function dragged(from, to, piece) {
  if (state.mode === "edit") {
    const pieces = { ...state.pieces };
    delete pieces[from];
    update({ pieces: withPiece(pieces, to, piece), selected: null, lastMove: null, verdict: null });
    return;
  }
  const verdict = await ask({ move: from + to });
  if (verdict && verdict.valid && verdict.after && state.pieces[from] === piece) {
    // The server plays the move (a pawn reaching the last rank becomes a queen).
    update({ pieces: verdict.after_board, selected: null, lastMove: [from, to] });
  } else if (verdict && !verdict.valid) {
    update({ selected: null }); // a refused move lets the piece go, as the board does its own refusals
  }
}

function placePiece(piece, key) {
  update({ pieces: withPiece(state.pieces, key, piece), lastMove: null, verdict: null });
}

function removePiece(key) {
  const pieces = { ...state.pieces };
  delete pieces[key];
  update({ pieces, lastMove: null, verdict: null });
}

function saveUrl() {
  const url = new URL(window.location.href);
  url.searchParams.set("fen", boardFen(state.pieces));
  history.replaceState(null, "", url);
}

// ---- render ------------------------------------------------------------------------------------

function marks() {
  const found = {};
  const analysis = state.analysis;
  if (!analysis) return found;
  for (const pin of analysis.pins) found[pin.square] = "pinned";
  for (const color of ["w", "b"]) for (const square of analysis.checkers[color]) found[square] = "checker";
  return found;
}

function render() {
  const dests = state.selected && state.analysis ? state.analysis.destinations[state.selected] || [] : null;
  board.render({
    pieces: state.pieces,
    selected: state.selected,
    dests,
    spare: state.spare,
    lastMove: state.lastMove,
    marks: marks(),
    check: state.analysis ? state.analysis.in_check : [],
  });
  for (const button of ui.modes) button.setAttribute("aria-pressed", String(button.dataset.mode === state.mode));
  const verdict = state.verdict;
  ui.status.dataset.status = verdict ? (verdict.valid ? "valid" : "invalid") : "";
  ui.verdict.textContent = verdict
    ? (verdict.valid ? t("Valid: %(move)s", { move: moveWords(verdict) }) : t("Not valid: %(move)s", { move: moveWords(verdict) }))
    : t("Drag a piece to check a move.");
  ui.reason.textContent = verdict ? sentence(verdict.words ? say(verdict.words.reason) : verdict.reason) : "";
  const fen = boardFen(state.pieces);
  if (document.activeElement !== ui.fen) ui.fen.value = fen;
  if (document.activeElement !== ui.list && state.analysis?.pieces) {
    ui.list.value = JSON.stringify(state.analysis.pieces);
  }
  ui.error.hidden = !state.error;
  ui.error.textContent = state.error;
}

function sentence(text) {
  return text ? text[0].toUpperCase() + text.slice(1) + "." : "";
}

// ---- controls ----------------------------------------------------------------------------------

for (const button of ui.modes) {
  button.addEventListener("click", () => update({ mode: button.dataset.mode }));
}

// A piece question (["W","R",8,2]) or UCI, as typed: the server reads it and says what it cannot.
ui.ask.addEventListener("click", () => {
  if (ui.question.value.trim()) ask({ move_text: ui.question.value });
});
ui.question.addEventListener("keydown", (event) => { if (event.key === "Enter") ui.ask.click(); });

/** A board the user typed (`fen`, or `pieces_text`: the piece list as typed), read by the server (its
 * `board`), or its reason why not. */
async function loadBoard(body) {
  const answer = await postJson(urls.position, body);
  if (!answer.ok) {
    update({ error: answer.message });
    return;
  }
  update({ pieces: answer.data.board, selected: null, lastMove: null, verdict: null, error: "" });
}

ui.loadFen.addEventListener("click", () => loadBoard({ fen: ui.fen.value }));
ui.fen.addEventListener("keydown", (event) => { if (event.key === "Enter") ui.loadFen.click(); });

ui.loadList.addEventListener("click", () => {
  ui.list.blur();
  loadBoard({ pieces_text: ui.list.value });
});

ui.start.addEventListener("click", () => update({ pieces: startPieces, lastMove: null, verdict: null }));
ui.clear.addEventListener("click", () => update({ pieces: {}, lastMove: null, verdict: null }));

update({ pieces: openingPieces });
