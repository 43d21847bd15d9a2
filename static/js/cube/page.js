// @ts-check
// The 3D piece lab page (/3d): one state object, one render(), the server for every rule (one
// POST /api/3d/position per change of the position or the side to move).

import { createBoard } from "../board/board.js";
import { parseCubeKey } from "../board/keys.js";
import { pieceName } from "../board/pieces.js";
import { bindControls, ui } from "./controls.js";
import { SEED_EXAMPLES } from "./examples.js";
import * as game from "./game.js";
import { formatBoard, piecesThatFit } from "./notation.js";
import { byId } from "../shared/dom.js";
import { readPageData } from "../shared/page-data.js";
import { createReporter } from "./report.js";
import { readBoard } from "./server_board.js";
import { describeStatus } from "./status.js";
import { countByLayer } from "./layers.js";
import { createStrip } from "./strip.js";

const CYCLE = "KQRBN";
const DEFAULT_POSITION = SEED_EXAMPLES[0].board;
const narrow = window.matchMedia("(max-width: 640px)");

const { urls, board: requestedBoard, boardError, turn: requestedTurn } =
  readPageData(byId("cube-lab"), "urls", "board", "boardError", "turn");
const requested = { board: requestedBoard || "", error: boardError || "", turn: requestedTurn || "w" };

/**
 * @typedef {Object} LabState
 * @property {number} n
 * @property {Object<string, string>} pieces  "x,y,z" -> "wK"
 * @property {"w" | "b"} turn
 * @property {string | null} selected
 * @property {string | null} spare  the palette piece a click on an empty cube places
 * @property {"layers" | "stack" | "space"} view
 * @property {"z" | "y" | "x"} axis
 * @property {number | null} only  the layer shown alone, or null for all
 * @property {"" | "w" | "b"} attacksBy
 * @property {import("./report.js").LabReport | null} report  the server's report; null while pending
 * @property {string} reportError  the server's message when it rejects the position
 * @property {"edit" | "play"} mode
 * @property {import("./game.js").LabGame | null} game
 * @property {string[] | null} lastMove
 * @property {string | null} draft  the notation text while the user edits it
 * @property {string} error
 * @property {string} copyState
 */

/** @type {LabState} */
const state = {
  n: 3,
  pieces: {},
  turn: "w",
  selected: null,
  spare: "wK",
  view: remembered("cube-lab-view") === "stack" ? "stack" : remembered("cube-lab-view") === "space" ? "space" : "layers",
  axis: "z",
  only: null,
  attacksBy: "",
  report: null,
  reportError: "",
  mode: "edit",
  game: null,
  lastMove: null,
  draft: null,
  error: "",
  copyState: "",
};

const board = createBoard(byId("lab-board"), {
  label: "3D board",
  onSquareClick: squareClicked,
  onSelect: (key) => update({ selected: key }),
  onMove: movePiece,
  onDropNew: placePiece,
  onRemove: removePiece,
  onSpareSelect: (piece) => {
    board.announce(piece ? `${pieceName(piece)}: click empty cubes to place it` : "Placing stopped");
    update({ spare: piece });
  },
  onLayer: (layer) => update({ only: layer }),
});
const strip = createStrip(ui.strip, (layer) => update({ only: layer }));
const reporter = createReporter(urls.position, reportArrived);

// ---- state changes ---------------------------------------------------------------------------

/** Apply a change, render, then ask the server about the position if it changed. */
function update(patch) {
  const before = { pieces: state.pieces, n: state.n, turn: state.turn };
  Object.assign(state, patch);
  const positionChanged = state.pieces !== before.pieces || state.n !== before.n || state.turn !== before.turn;
  if (state.selected && !state.pieces[state.selected]) state.selected = null;
  if (state.only !== null && state.only >= state.n) state.only = state.n - 1;
  if (positionChanged) {
    if (!("draft" in patch)) state.draft = null;
    state.copyState = "";
    if (!("error" in patch)) state.error = "";
    state.report = null;
    state.reportError = "";
    reporter.request(notation(), state.turn);
  }
  render();
}

/** @type {Parameters<typeof createReporter>[1]} */
function reportArrived({ board: text, turn, report, error }) {
  if (text !== notation() || turn !== state.turn) return;
  state.report = report || null;
  state.reportError = error || "";
  if (report && state.mode === "play") game.annotateLastMove(state.game, report);
  // While the board of the address is refused (its error shown), the address keeps it: the link
  // is the user's, and an empty board's URL would lose it.
  if (report && !state.error) {
    const query = `?board=${report.url}${turn === "b" ? "&turn=b" : ""}`;
    history.replaceState(null, "", `${urls.page}${query}`);
  }
  render();
}

function squareClicked(key, { piece, selected, spare }) {
  if (state.mode === "play") return false;
  if (piece && key === selected) {
    cycleKind(key);
    return true;
  }
  if (piece && spare) {
    // Taking hold of a piece on the board ends placing: the next click moves it.
    update({ selected: key, spare: null });
    return true;
  }
  return false;
}

/** The king of `color` the server saw elsewhere than `key`, if it is still there. */
function otherKing(color, key) {
  const king = state.report?.kingKeys[color];
  return king && king !== key && state.pieces[king] === `${color}K` ? king : null;
}

function cycleKind(key) {
  const code = state.pieces[key];
  let kind = code[1];
  do {
    kind = CYCLE[(CYCLE.indexOf(kind) + 1) % CYCLE.length];
  } while (kind === "K" && otherKing(code[0], key));
  board.announce(`Now a ${pieceName(code[0] + kind)} on ${board.label(key)}`);
  update({ pieces: { ...state.pieces, [key]: code[0] + kind } });
}

function placePiece(piece, key) {
  const pieces = { ...state.pieces };
  const king = piece[1] === "K" ? otherKing(piece[0], key) : null;
  if (king) delete pieces[king]; // one king per side: placing a king moves it
  pieces[key] = piece;
  update({ pieces, selected: key });
}

function movePiece(from, to) {
  if (state.mode === "play") {
    const patch = game.playMove(state, from, to, board.label);
    if (patch) update(patch);
    return;
  }
  const piece = state.pieces[from];
  if (!piece || from === to) return;
  const pieces = { ...state.pieces };
  delete pieces[from];
  pieces[to] = piece;
  update({ pieces, selected: to });
}

function removePiece(key) {
  const pieces = { ...state.pieces };
  delete pieces[key];
  update({ pieces });
}

/** @param {{n: number, pieces: Object<string, string>}} board  as the server read it */
function loadPosition(board, extra = {}) {
  update({ ...game.stopGame(), n: board.n, pieces: board.pieces, error: "", only: firstLayer(board), ...extra });
}

/** On a narrow screen one layer shows at a time: the white king's, or the top one. */
function firstLayer(board) {
  if (!narrow.matches) return null;
  const king = Object.keys(board.pieces).find((key) => board.pieces[key] === "wK");
  const cube = king ? parseCubeKey(king) : null;
  return cube ? cube["xyz".indexOf(state.axis)] : 0;
}

/** @type {{pieces: Object<string, string> | null, n: number, text: string}} */
let written = { pieces: null, n: 0, text: "" };
function notation() {
  if (written.pieces !== state.pieces || written.n !== state.n) {
    written = { pieces: state.pieces, n: state.n, text: formatBoard(state.n, state.pieces) };
  }
  return written.text;
}

/** Loads notation as the server reads it; shows the server's message when it refuses it. */
async function loadNotation(text) {
  const read = await readBoard(urls.position, text);
  if (!read.ok) {
    update({ error: read.message, draft: text });
    ui.error.scrollIntoView({ block: "nearest" });
    return false;
  }
  loadPosition(read.board);
  return true;
}

// ---- rendering -------------------------------------------------------------------------------

function render() {
  const report = state.report;
  const playing = state.mode === "play";
  const over = playing && game.isOver(report);
  const dests = state.selected && report ? report.moves.get(state.selected) || [] : null;
  const king = report?.kingKeys[state.turn];
  const checkers = report?.checkerKeys || [];
  const marks = {};
  for (const key of report && state.attacksBy ? report.attackKeys[state.attacksBy] : []) marks[key] = ["attacked"];
  for (const key of checkers) marks[key] = [...(marks[key] || []), "checker"];

  board.render({
    layers: state.n,
    files: state.n,
    ranks: state.n,
    view: state.view,
    axis: state.axis,
    only: state.only,
    rays: true,
    pieces: state.pieces,
    selected: state.selected,
    dests,
    spare: playing ? null : state.spare,
    lastMove: state.lastMove,
    check: report?.check && king ? king : null,
    marks,
    arrows: king ? checkers.map((from) => ({ from, to: king, brush: "red" })) : [],
    movable: !over,
    movableColor: playing ? state.turn : null,
    freeMoves: !playing,
    editable: !playing,
    palette: playing ? null : { kinds: CYCLE, colors: "wb", element: ui.palette },
  });
  renderStrip(dests, king);

  const status = describeStatus({ report, error: state.reportError }, {
    turn: state.turn, playing, pieces: state.pieces, label: board.label,
  });
  ui.status.dataset.status = status.status;
  ui.statusLabel.textContent = status.label;
  // While the server works on a change (a few ms), the last answer stays on screen, dimmed.
  if (status.status !== "pending" || !ui.statusTitle.textContent) {
    ui.statusTitle.textContent = status.title;
    ui.statusDetail.textContent = status.detail;
  }
  ui.selection.textContent = selectionText(dests);
  renderGame(playing, over);
  renderControls();
}

function renderStrip(dests, king) {
  const count = (keys) => countByLayer(keys, board.layerOf, state.n);
  const check = count(state.report?.check && king ? [king] : []);
  strip.render({ layers: state.n, names: board.layerName, only: state.only, pieces: count(Object.keys(state.pieces)),
                 dests: count(dests || []), check });
}

function renderGame(playing, over) {
  const report = state.report;
  ui.pieces.hidden = playing;
  ui.play.hidden = playing;
  ui.undo.hidden = !playing;
  ui.stop.hidden = !playing;
  ui.undo.disabled = !state.game?.history.length;
  ui.play.disabled = !game.canStart(report);
  for (const button of ui.turns) {
    button.setAttribute("aria-pressed", String(button.dataset.turn === state.turn));
    button.disabled = playing;
  }
  let note = "";
  if (playing) note = over ? "The game is over: undo a move, or go back to editing." : "Drag or click the side to move's pieces.";
  else if (report && !game.canStart(report)) note = `To play from here: ${report.problems.join("; ")}.`;
  else if (report) note = "Two players take turns from this position; only legal moves are allowed.";
  ui.gameNote.textContent = note;
  const moves = game.moveTexts(state.game).map((text) => Object.assign(document.createElement("li"), { textContent: text }));
  ui.moves.replaceChildren(...moves);
}

function renderControls() {
  ui.size.value = String(state.n);
  for (const button of ui.views) button.setAttribute("aria-pressed", String(button.dataset.view === state.view));
  for (const button of ui.axes) button.setAttribute("aria-pressed", String(button.dataset.axis === state.axis));
  for (const button of ui.attacks) {
    button.setAttribute("aria-pressed", String(button.dataset.attacks === state.attacksBy));
  }
  ui.orbit.hidden = state.view !== "space";
  const text = state.draft ?? notation();
  if (ui.notation.value !== text) ui.notation.value = text;
  ui.error.hidden = !state.error;
  ui.error.textContent = state.error;
  ui.copyState.textContent = state.copyState;
  const example = SEED_EXAMPLES.findIndex((item) => item.board === notation());
  ui.examples.value = example < 0 ? "" : String(example);
}

function selectionText(dests) {
  const key = state.selected;
  if (!key) {
    if (state.mode === "play") return "";
    return state.spare
      ? `Click an empty cube to place a ${pieceName(state.spare)}.`
      : "Placing is off: pick a piece above to place it, or click a piece on the board to see its moves.";
  }
  const where = `${pieceName(state.pieces[key])} on ${board.label(key)}`;
  if (dests === null) return `${capitalise(where)}: finding its moves…`;
  const count = dests.length;
  return `${capitalise(where)}: ${count === 0 ? "no legal move" : `${count} legal move${count === 1 ? "" : "s"}`}.`;
}

// The chosen view is kept in the browser (storage may be off: then it is not kept).
function remembered(name) {
  try {
    return localStorage.getItem(name);
  } catch {
    return null;
  }
}

function remember(name, value) {
  try {
    localStorage.setItem(name, value);
  } catch {
    // not kept
  }
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---- controls and start ------------------------------------------------------------------------

bindControls({
  state,
  board,
  update,
  notation,
  loadNotation,
  loadExample: (index) => loadNotation(SEED_EXAMPLES[index].board),
  resize: (n) => update({ ...game.stopGame(), n, pieces: piecesThatFit(state.pieces, n), only: state.only === null ? null : 0 }),
  clear: () => update({ ...game.stopGame(), pieces: {} }),
  setView: (view) => {
    remember("cube-lab-view", view);
    update({ view });
  },
  play: () => update(game.startGame(state)),
  undo: () => update(game.undoMove(state) || {}),
  stop: () => update(game.stopGame()),
  render,
});

async function start() {
  render(); // the empty board, "pending", while the server reads the position
  if (requested.error && location.hash) {
    // The seed's notation pasted raw: its first '#' began the URL's fragment, the rest is there.
    const whole = requested.board + location.hash;
    const read = await readBoard(urls.position, whole);
    if (read.ok) return loadPosition(read.board);
    Object.assign(requested, { board: whole, error: read.message || requested.error });
  }
  if (requested.error) {
    return update({ n: 3, pieces: {}, draft: requested.board, error: requested.error, only: narrow.matches ? 0 : null });
  }
  const text = requested.board || DEFAULT_POSITION;
  const read = await readBoard(urls.position, text);
  if (!read.ok) return update({ error: read.message, draft: text });
  return loadPosition(read.board, { turn: requested.turn });
}

start();
