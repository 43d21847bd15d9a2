// @ts-check
// The solitaire chess page (/solitaire): one state object, one render(), the server for every rule
// (legal captures, solved/stuck, hints, solutions and their count).

import { requestJson as send } from "../shared/api.js";
import { createBoard } from "../board/board.js";
import { readPageData } from "../shared/page-data.js";
import { N_, t } from "../shared/i18n.js";
import { pieceCount, solutionCount } from "../shared/words.js";
import { allWithin, byId, within } from "../shared/dom.js";
import "../shared/site_menu.js"; // the site's menu, folded on a phone

/** A new puzzle of each difficulty, in words. */
const PUZZLE_WORDS = {
  easy: N_("An easy puzzle: %(pieces)s, %(solutions)s."),
  medium: N_("A medium puzzle: %(pieces)s, %(solutions)s."),
  hard: N_("A hard puzzle: %(pieces)s, %(solutions)s."),
  expert: N_("An expert puzzle: %(pieces)s, %(solutions)s."),
};

const FILES = "abcdefgh";
const STEP_MS = 650;

const root = byId("solitaire-app");
const { urls, puzzles: classicPuzzles, board: requestedBoard } = readPageData(root, "urls", "puzzles", "board");

const ui = {
  status: byId("sol-status"),
  title: within(root, ".sol-title"),
  detail: within(root, ".sol-status .sol-detail"),
  hintText: byId("sol-hint-text"),
  refused: byId("sol-refused"),
  undo: byId("sol-undo", HTMLButtonElement),
  restart: byId("sol-restart", HTMLButtonElement),
  hint: byId("sol-hint", HTMLButtonElement),
  show: byId("sol-show", HTMLButtonElement),
  edit: byId("sol-edit", HTMLButtonElement),
  editor: byId("sol-editor"),
  palette: byId("sol-palette"),
  size: byId("sol-size", HTMLSelectElement),
  clear: byId("sol-clear", HTMLButtonElement),
  classic: byId("sol-classic", HTMLSelectElement),
  difficulties: allWithin(root, "[data-difficulty]"),
  info: byId("sol-puzzle-info"),
  text: byId("sol-text", HTMLInputElement),
  load: byId("sol-load", HTMLButtonElement),
  error: byId("sol-error"),
};

/** @typedef {{n: number, pieces: Object<string, string>}} SolitaireBoard  pieces by key ("b2": "wR") */
/** @typedef {[string, string]} Capture  [from, to] as board keys */

/**
 * @type {{n: number, pieces: Object<string, string>, start: SolitaireBoard, history: SolitaireBoard[],
 *   captures: Capture[] | null, status: string, count: number | "?" | null, selected: string | null,
 *   editing: boolean, spare: string | null, hint: Capture | "none" | null, animating: boolean,
 *   showing: number, refused: string, lastMove: string[] | null, info: string, error: string}}
 */
const state = {
  n: 4,
  pieces: {}, // "b2" -> "wR" (every piece is drawn white: there is one side)
  start: { n: 4, pieces: {} }, // the puzzle as loaded, for Restart
  history: [], // earlier boards ({n, pieces}) of this game, for Undo
  captures: null, // [[fromKey, toKey]] from the server; null while asked
  status: "playing", // "playing" | "solved" | "stuck" (from the server)
  count: null, // solutions from here; null while asked, "?" when the solver gave up
  selected: null,
  editing: false,
  spare: null,
  hint: null, // [fromKey, toKey] | "none" | null
  animating: false,
  showing: 0, // which "Show solution" run may still play its captures (Edit and loads end it)
  refused: "", // why the last drop was refused, shown beside the status
  lastMove: null,
  info: "",
  error: "",
};

const board = createBoard(byId("sol-board"), {
  label: t("Solitaire board"),
  onSelect: (key) => update({ selected: key }),
  onMove: dragged,
  onRefused: (from, to) => apply({ refused: refusal(from, to) }),
  onDropNew: (piece, key) => update({ pieces: { ...state.pieces, [key]: piece } }),
  onRemove: (key) => update({ pieces: without(state.pieces, key) }),
  onSpareSelect: (piece) => update({ spare: piece }),
});

// ---- board strings and keys ------------------------------------------------------------------
// The page writes its board in the string form; the server reads every board (the answer's
// coordinates, [x, y, kind]).

const keyOf = ([x, y]) => FILES[x] + (y + 1);

function boardString(n, pieces) {
  let text = "";
  for (let y = n - 1; y >= 0; y--) for (let x = 0; x < n; x++) text += pieces[keyOf([x, y])]?.[1] || ".";
  return text;
}

/** The board of the server's answer: {n, pieces by key}. */
function boardOf({ n, coordinates }) {
  return { n, pieces: Object.fromEntries(coordinates.map(([x, y, kind]) => [keyOf([x, y]), `w${kind}`])) };
}

/** The pieces on an n×n board's squares. */
function piecesWithin(pieces, n) {
  const kept = {};
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) if (pieces[keyOf([x, y])]) kept[keyOf([x, y])] = pieces[keyOf([x, y])];
  }
  return kept;
}

function without(pieces, key) {
  const next = { ...pieces };
  delete next[key];
  return next;
}

const current = () => boardString(state.n, state.pieces);

// ---- server ------------------------------------------------------------------------------------

let boardToken = 0;
async function fetchBoardFacts() {
  const token = ++boardToken;
  const text = current();
  const [facts, solved] = await Promise.all([
    send(urls.state, { board: text }),
    Object.keys(state.pieces).length >= 2 ? send(urls.solve, { board: text, limit: 0 }) : null,
  ]);
  if (token !== boardToken) return;
  const patch = {};
  if (facts.ok) {
    patch.captures = facts.data.captures.map(([a, b]) => [keyOf(a), keyOf(b)]);
    patch.status = facts.data.status;
  } else {
    patch.captures = [];
    patch.error = facts.message;
  }
  patch.count = solved === null ? 1 : solved.ok ? solved.data.count : "?";
  apply(patch);
}

// ---- state changes ---------------------------------------------------------------------------

/** Change the state and render; a new position is saved in the URL and asked about. */
function update(patch) {
  const before = current();
  apply(patch);
  if (current() !== before || "n" in patch) {
    Object.assign(state, { captures: null, count: null, hint: null, selected: null });
    saveUrl();
    fetchBoardFacts();
    render();
  }
}

function apply(patch) {
  Object.assign(state, patch);
  if (state.selected && !state.pieces[state.selected]) state.selected = null;
  render();
}

/** A new game from a board ({n, pieces}). */
function begin(board, info) {
  stopShowing();
  update({ ...board, start: board, history: [], lastMove: null, editing: false, error: "", info });
}

let loadToken = 0;
/** A board typed, linked or generated, as the server reads it (its message when it cannot). */
async function load(text, info = "") {
  const token = ++loadToken;
  const answer = await send(urls.state, { board: text });
  if (token !== loadToken) return;
  if (!answer.ok) return apply({ error: answer.message });
  begin(boardOf(answer.data), info);
}

function capture(from, to) {
  const pieces = without(state.pieces, from);
  pieces[to] = state.pieces[from];
  update({ pieces, history: [...state.history, { n: state.n, pieces: state.pieces }], lastMove: [from, to], refused: "" });
}

function refusal(from, to) {
  if (state.editing || state.animating) return "";
  const target = state.pieces[to];
  return target
    ? t("%(from)s cannot take %(to)s: that piece does not move that way (or something stands between).", { from, to })
    : t("%(from)s to %(to)s is not a capture: every move must take a piece.", { from, to });
}

function dragged(from, to) {
  if (state.editing) {
    const pieces = without(state.pieces, from);
    pieces[to] = state.pieces[from];
    update({ pieces });
    return;
  }
  if (state.animating || !state.captures) return;
  if (!state.captures.some(([a, b]) => a === from && b === to)) {
    apply({ refused: refusal(from, to) });
    return;
  }
  apply({ error: "", refused: "" });
  capture(from, to);
}

function saveUrl() {
  const url = new URL(window.location.href);
  url.searchParams.set("board", current());
  history.replaceState(null, "", url);
}

async function askHint() {
  const answer = await send(urls.hint, { board: current() });
  if (!answer.ok) return apply({ error: answer.message });
  apply({ hint: answer.data.move ? answer.data.move.map(keyOf) : "none" });
}

async function showSolution() {
  const answer = await send(urls.solve, { board: current(), limit: 1 });
  if (!answer.ok) return apply({ error: answer.message });
  const [moves] = answer.data.solutions;
  if (!moves) return apply({ hint: "none" });
  const run = ++state.showing;
  apply({ animating: true, hint: null, refused: "" });
  for (const [a, b] of moves) {
    await new Promise((resolve) => setTimeout(resolve, STEP_MS));
    if (run !== state.showing) return; // stopped: the board is the user's again
    capture(keyOf(a), keyOf(b));
  }
  apply({ animating: false });
}

function stopShowing() {
  state.showing += 1;
  state.animating = false;
}

// ---- render ------------------------------------------------------------------------------------

function statusText() {
  const left = Object.keys(state.pieces).length;
  if (state.editing) return [t("Editing"), t("%(pieces)s on a %(n)s×%(n)s board.", { pieces: pieceCount(left), n: state.n })];
  if (state.status === "solved" && state.captures) return [t("Solved!"), t("One piece left.")];
  if (state.status === "stuck" && state.captures) return [t("Stuck"), t("No capture is left: undo or restart.")];
  const solutions = state.count === null ? t("counting solutions…")
    : state.count === "?" ? t("too many positions to count the solutions")
      : state.count === 0 ? t("no solution from here: undo") : t("%(solutions)s from here", { solutions: solutionCount(state.count) });
  return [t("Your move"), t("%(pieces)s left; %(solutions)s.", { pieces: pieceCount(left), solutions })];
}

function render() {
  const captures = state.captures || [];
  const hint = Array.isArray(state.hint) ? state.hint : null;
  const dests = state.editing ? null
    : state.selected ? captures.filter(([a]) => a === state.selected).map(([, b]) => b) : [];
  board.render({
    files: state.n,
    ranks: state.n,
    pieces: state.pieces,
    selected: state.selected,
    dests,
    lastMove: state.lastMove,
    movable: !state.animating,
    freeMoves: state.editing,
    editable: state.editing,
    palette: state.editing ? { kinds: "KQRBNP", colors: "w", element: ui.palette } : null,
    spare: state.editing ? state.spare : null,
    marks: hint ? { [hint[0]]: "good", [hint[1]]: "good" } : {},
    arrows: hint ? [{ from: hint[0], to: hint[1], brush: "green" }] : [],
  });
  const ready = state.captures !== null && !state.editing;
  ui.status.dataset.status = state.editing ? "editing" : ready ? state.status : "pending";
  const [title, detail] = statusText();
  ui.title.textContent = title;
  ui.detail.textContent = detail;
  ui.refused.textContent = state.refused;
  ui.refused.hidden = !state.refused;
  ui.hintText.dataset.hint = hint ? `${hint[0]}-${hint[1]}` : state.hint === "none" ? "none" : "";
  ui.hintText.textContent = hint ? t("Hint: %(from)s takes %(to)s.", { from: hint[0], to: hint[1] }) : state.hint === "none" ? t("No solution from here.") : "";
  ui.undo.disabled = !state.history.length || state.animating || state.editing;
  ui.restart.disabled = state.animating || state.editing;
  ui.hint.disabled = ui.show.disabled = state.animating || state.editing || state.status !== "playing";
  ui.edit.setAttribute("aria-pressed", String(state.editing));
  ui.editor.hidden = ui.palette.hidden = !state.editing;
  ui.size.value = String(state.n);
  if (document.activeElement !== ui.text) ui.text.value = current();
  ui.info.textContent = state.info;
  ui.error.hidden = !state.error;
  ui.error.textContent = state.error;
}

// ---- controls ----------------------------------------------------------------------------------

ui.undo.addEventListener("click", () => {
  const previous = state.history.at(-1);
  if (previous) update({ ...previous, history: state.history.slice(0, -1), lastMove: null, error: "" });
});
ui.restart.addEventListener("click", () => begin(state.start, state.info));
ui.hint.addEventListener("click", askHint);
ui.show.addEventListener("click", showSolution);
ui.edit.addEventListener("click", () => {
  stopShowing();
  state.refused = "";
  if (state.editing) {
    update({ editing: false, start: { n: state.n, pieces: state.pieces }, history: [], lastMove: null, spare: null });
  } else {
    apply({ editing: true, hint: null, selected: null });
  }
});
ui.size.addEventListener("change", () => {
  const n = Number(ui.size.value);
  update({ n, pieces: piecesWithin(state.pieces, n) });
});
ui.clear.addEventListener("click", () => update({ pieces: {} }));
ui.classic.addEventListener("change", () => {
  if (ui.classic.value) load(ui.classic.value, t("Example puzzle %(number)s.", { number: ui.classic.selectedIndex }));
});
for (const button of ui.difficulties) {
  button.addEventListener("click", async () => {
    const answer = await send(`${urls.puzzle}?difficulty=${button.dataset.difficulty}`);
    if (!answer.ok) return apply({ error: answer.message });
    const p = answer.data;
    load(p.board, t(PUZZLE_WORDS[p.difficulty] || PUZZLE_WORDS.easy, { pieces: pieceCount(p.pieces), solutions: solutionCount(p.solutions) }));
  });
}
ui.load.addEventListener("click", () => load(ui.text.value));
ui.text.addEventListener("keydown", (event) => { if (event.key === "Enter") ui.load.click(); });

render(); // "pending" while the server reads the board
load(requestedBoard || classicPuzzles[1], requestedBoard ? "" : t("An example puzzle."));
