// @ts-check
// The 3D piece lab page (/3d): one state object, one render(), the server for every rule (one
// POST /api/3d/position per change of the position or the side to move, POST /api/3d/game for each
// move of a game and its record).

import { createBoard } from "../board/board.js";
import { parseCubeKey } from "../board/keys.js";
import { pieceName, setCustomNames } from "../board/pieces.js";
import { cameraText, readCamera } from "../board/space_math.js";
import { byId } from "../shared/dom.js";
import { readPageData } from "../shared/page-data.js";
import { readAddress, writeAddress } from "./address.js";
import { bindControls, ui } from "./controls.js";
import * as edits from "./edits.js";
import { EXAMPLES } from "./examples.js";
import * as game from "./game.js";
import { renderEditing } from "./edit_panel.js";
import { renderGame } from "./game_panel.js";
import { countByLayer } from "./layers.js";
import { formatBoard, piecesThatFit } from "./notation.js";
import { createReporter } from "./report.js";
import { readBoard } from "./server_board.js";
import { describeStatus } from "./status.js";
import { createPlay, stopGame } from "./play.js";
import { createStrip } from "./strip.js";
import { createDesigner } from "./designer.js";
import { remember, remembered } from "./view_memory.js";
import { keepLanguage, t } from "../shared/i18n.js";
import "../shared/site_menu.js"; // the site's menu, folded on a phone

const KINDS = "KQRBN";
const DEFAULT_POSITION = EXAMPLES[0].board;
const narrow = window.matchMedia("(max-width: 640px)");

const { urls, board: requestedBoard, boardError, turn: requestedTurn, pieces: requestedPieces } =
  readPageData(byId("cube-lab"), "urls", "board", "boardError", "turn", "pieces");
const requested = { board: requestedBoard || "", error: boardError || "", turn: requestedTurn || "w" };
const address = readAddress(location.search);

/**
 * @typedef {Object} LabState
 * @property {number} n
 * @property {Object<string, string>} pieces  "x,y,z" -> "wK"
 * @property {Object<string, string>} custom  the pieces the user defined: letter -> atoms ("011*"), as the server wrote them
 * @property {Object<string, string>} names  the names given them, by letter
 * @property {"w" | "b"} turn
 * @property {string | null} selected
 * @property {string | null} spare  the palette piece a click on an empty cube places (none until picked)
 * @property {"layers" | "stack" | "space"} view
 * @property {"z" | "y" | "x"} axis
 * @property {number | null} only  the layer shown alone, or null for all
 * @property {string | null} camera  the 3D view's camera as the address writes it
 * @property {"" | "w" | "b"} attacksBy
 * @property {import("./report.js").LabReport | null} report  the server's report; null while pending
 * @property {string} reportError  the server's message when it rejects the position
 * @property {string} boardUrl  the server's URL form of the position (the address's board)
 * @property {"edit" | "play"} mode
 * @property {import("./game.js").LabGame | null} game
 * @property {boolean} pending  a game's move is with the server
 * @property {string} gameError  the server's message on a move it refused
 * @property {string} recordError  the server's message on a record it could not load
 * @property {string[] | null} lastMove
 * @property {string | null} draft  the notation text while the user edits it
 * @property {string | null} recordDraft  the record's text while the user edits it
 * @property {import("./edits.js").EditHistory} history
 * @property {string} error
 * @property {string} copyState
 * @property {string} recordState
 */

/** @type {LabState} */
const state = {
  n: 3,
  pieces: {},
  custom: requestedPieces || {},
  names: address.names,
  turn: "w",
  selected: null,
  spare: null,
  view: address.view ?? (["stack", "space"].includes(remembered() ?? "") ? /** @type {any} */ (remembered()) : "layers"),
  axis: address.axis,
  only: narrow.matches && address.layer !== "all" ? 0 : null, // a phone shows one layer from the first draw
  camera: address.camera,
  attacksBy: "",
  report: null,
  reportError: "",
  boardUrl: "",
  mode: "edit",
  game: null,
  pending: false,
  gameError: "",
  recordError: "",
  lastMove: null,
  draft: null,
  recordDraft: null,
  history: edits.emptyHistory(),
  error: "",
  copyState: "",
  recordState: "",
};

let cameraWrite = 0; // the timer of the address's camera
const board = createBoard(byId("lab-board"), {
  label: t("3D board"),
  onSquareClick: squareClicked,
  onSelect: (key) => update({ selected: key }),
  onMove: movePiece,
  onDropNew: (piece, key) => edit({ pieces: edits.placed(state.pieces, piece, key) }),
  onRemove: (key) => edit({ pieces: edits.removed(state.pieces, key) }),
  onSpareSelect: (piece) => {
    board.announce(piece ? t("%(piece)s: click empty cubes to place it", { piece: pieceName(piece) }) : t("Placing stopped"));
    update({ spare: piece, selected: piece ? null : state.selected });
  },
  onLayer: (layer) => update({ only: layer }),
  onCamera: (camera) => {
    state.camera = cameraText(camera);
    // Once the view rests: a browser ignores an address rewritten at every frame of a turn.
    window.clearTimeout(cameraWrite);
    cameraWrite = window.setTimeout(writeUrl, 250);
  },
});
const strip = createStrip(ui.strip, (layer) => update({ only: layer }));
const reporter = createReporter(urls.position, reportArrived);
const play = createPlay({ state, update, notation, url: urls.game, engine: urls.engine });
const designer = createDesigner({
  url: urls.position, custom: () => state.custom, names: () => state.names,
  define: (custom, names) => update({ custom, names }),
  forget: (letter) => {
    const custom = { ...state.custom };
    delete custom[letter];
    const pieces = Object.fromEntries(Object.entries(state.pieces).filter(([, code]) => code[1] !== letter));
    edit({ ...stopGame(), custom, pieces, spare: state.spare?.[1] === letter ? null : state.spare });
  },
});
/** The kinds the palette offers: the standard five, then the user's. */
const kinds = () => KINDS + Object.keys(state.custom).join("");

// ---- state changes ---------------------------------------------------------------------------

/** Apply a change, render, then ask the server about the position if it changed. */
function update(patch) {
  const before = { pieces: state.pieces, n: state.n, turn: state.turn, custom: state.custom };
  Object.assign(state, patch);
  const positionChanged = state.pieces !== before.pieces || state.n !== before.n || state.turn !== before.turn ||
    state.custom !== before.custom;
  if (state.selected && !state.pieces[state.selected]) state.selected = null;
  if (state.only !== null && state.only >= state.n) state.only = state.n - 1;
  if (positionChanged) {
    if (!("draft" in patch)) state.draft = null;
    state.copyState = "";
    if (!("error" in patch)) state.error = "";
    state.report = null;
    state.reportError = "";
    reporter.request(notation(), state.turn, state.custom);
  }
  render();
}

/** An edit of the position, which Undo takes back. */
function edit(patch) {
  const history = edits.remember(state.history, { n: state.n, pieces: state.pieces, turn: state.turn, custom: state.custom });
  update({ ...patch, history });
}

/** Undo or redo; a piece the board needs is defined again (one defined since stays). */
function travel(back) {
  const step = edits.travel(state.history, { n: state.n, pieces: state.pieces, turn: state.turn, custom: state.custom }, back);
  const custom = { ...step?.snapshot.custom, ...state.custom };
  if (step && state.mode === "edit") update({ ...step.snapshot, custom, history: step.history, selected: null });
}

/** @type {Parameters<typeof createReporter>[1]} */
function reportArrived({ board: text, turn, report, error }) {
  if (text !== notation() || turn !== state.turn) return;
  state.report = report || null;
  state.reportError = error || "";
  // While the board of the address is refused (its error shown), the address keeps it: the link
  // is the user's, and an empty board's URL would lose it.
  if (report && !state.error) state.boardUrl = report.url;
  render();
}

function squareClicked(key, { piece, selected }) {
  if (state.mode === "play") return false;
  if (!piece) return false; // the board places the armed piece, moves the selected one, or drops the selection
  // A click on a piece selects it (its moves show) or lets it go; it never changes the piece.
  update({ selected: key === selected ? null : key, spare: null });
  return true;
}

function movePiece(from, to) {
  if (state.mode === "play") return play.move(from, to);
  if (state.pieces[from] && from !== to) edit({ pieces: edits.moved(state.pieces, from, to), selected: to });
}

function changeKind(kind) {
  const key = state.selected;
  if (!key || !edits.kindsFor(state.pieces, key, kinds()).includes(kind)) return;
  const pieces = edits.changed(state.pieces, key, kind);
  board.announce(t("Now a %(piece)s on %(square)s", { piece: pieceName(pieces[key]), square: board.label(key) }));
  edit({ pieces });
}

function removeSelected() {
  if (state.selected) edit({ pieces: edits.removed(state.pieces, state.selected), selected: null });
}

/**
 * @param {{n: number, pieces: Object<string, string>}} read  a board as the server read it
 * @param {boolean} [undoable]  false for the page's first board
 */
function loadPosition(read, extra = {}, undoable = true) {
  (undoable ? edit : update)({ ...stopGame(), n: read.n, pieces: read.pieces, error: "", only: firstLayer(read), ...extra });
}

/** On a narrow screen one layer shows at a time: the address's, the white king's, or the top one. */
function firstLayer(read) {
  if (address.layer !== null) {
    const layer = address.layer;
    address.layer = null; // the address's choice holds for the page's first board only
    if (layer === "all") return null;
    return Math.min(layer, read.n - 1);
  }
  if (!narrow.matches) return null;
  const king = Object.keys(read.pieces).find((key) => read.pieces[key] === "wK");
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
async function loadNotation(text, extra = {}) {
  const read = await readBoard(urls.position, text, "w", state.custom);
  if (!read.ok) {
    update({ error: read.message, draft: text });
    ui.error.scrollIntoView({ block: "nearest" });
    return false;
  }
  loadPosition(read.board, extra);
  return true;
}

// ---- rendering -------------------------------------------------------------------------------

function render() {
  setCustomNames(state.names);
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
    movable: !over && !state.pending,
    movableColor: playing ? state.turn : null,
    freeMoves: !playing,
    editable: !playing,
    palette: playing ? null : { kinds: kinds(), colors: "wb", element: ui.palette },
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
  renderEditing(state, dests, kinds(), board.label);
  designer.render(playing);
  renderGame(state);
  renderControls();
  play.computer.render();
  writeUrl();
}

function renderStrip(dests, king) {
  const count = (keys) => countByLayer(keys, board.layerOf, state.n);
  const check = count(state.report?.check && king ? [king] : []);
  strip.render({ layers: state.n, names: board.layerName, only: state.only, pieces: count(Object.keys(state.pieces)),
                 dests: count(dests || []), check });
}

function renderControls() {
  ui.size.value = String(state.n);
  for (const button of ui.views) button.setAttribute("aria-pressed", String(button.dataset.view === state.view));
  for (const button of ui.axes) button.setAttribute("aria-pressed", String(button.dataset.axis === state.axis));
  for (const button of ui.attacks) {
    button.setAttribute("aria-pressed", String(button.dataset.attacks === state.attacksBy));
  }
  ui.camera.hidden = state.view !== "space";
  const text = state.draft ?? notation();
  if (ui.notation.value !== text) ui.notation.value = text;
  ui.error.hidden = !state.error;
  ui.error.textContent = state.error;
  ui.copyState.textContent = state.copyState;
  const example = EXAMPLES.findIndex((item) => item.board === notation());
  ui.examples.value = example < 0 ? "" : String(example);
}

/** The address follows the page: the position (or the game), the view and the camera. */
function writeUrl() {
  const record = state.mode === "play" ? state.game?.record : null;
  const boardUrl = record ? record.board : state.boardUrl;
  if (!boardUrl) return;
  const query = keepLanguage(writeAddress({
    board: boardUrl, turn: record ? record.turn : state.turn, view: state.view, axis: state.axis, only: state.only,
    oneLayerFirst: narrow.matches, camera: state.camera, moves: record ? record.url : null,
    ply: state.game?.ply ?? 0, plies: record?.moves.length ?? 0, custom: state.custom, names: state.names,
  }) + play.computer.query());
  if (query !== location.search) history.replaceState(null, "", `${urls.page}${query}`);
}

// ---- controls and start ------------------------------------------------------------------------

bindControls({
  state,
  board,
  update,
  notation,
  loadNotation,
  loadExample: (index) => loadNotation(EXAMPLES[index].board, { turn: "w" }), // the examples ask of White
  resize: (n) => edit({ ...stopGame(), n, pieces: piecesThatFit(state.pieces, n), only: state.only === null ? null : 0 }),
  clear: () => edit({ ...stopGame(), pieces: {} }),
  setTurn: (turn) => edit({ turn }),
  setView: (view) => { remember(view); update({ view }); },
  changeKind,
  removeSelected,
  undoEdit: () => travel(true),
  redoEdit: () => travel(false),
  play: play.start,
  takeBack: () => play.computer.takeBack() || play.takeBack(),
  stop: () => update(stopGame()),
  step: play.step,
  loadRecord: play.load,
  render,
});

async function start() {
  render(); // the empty board, "pending", while the server reads the position
  const camera = readCamera(address.camera, state.axis); // the first layout just told the default one
  if (camera) board.setCamera(camera, state.axis);
  if (requested.error && location.hash) {
    // The board notation pasted raw: its first '#' began the URL's fragment, the rest is there.
    const whole = requested.board + location.hash;
    const read = await readBoard(urls.position, whole, "w", state.custom);
    if (read.ok) return opened(read.board);
    Object.assign(requested, { board: whole, error: read.message || requested.error });
  }
  if (requested.error) {
    return update({ n: 3, pieces: {}, draft: requested.board, error: requested.error, only: narrow.matches ? 0 : null });
  }
  const text = requested.board || DEFAULT_POSITION;
  const read = await readBoard(urls.position, text, "w", state.custom);
  // The visitor typed, loaded or placed a board while this one was on its way: theirs stays.
  if (state.draft !== null || state.error !== "" || Object.keys(state.pieces).length > 0) return;
  if (!read.ok) return update({ error: read.message, draft: text });
  return opened(read.board);
}

/** The page's first board, and the game its address holds. */
function opened(read) {
  loadPosition(read, { turn: requested.turn }, false);
  const { moves, ply } = address;
  if (moves !== null) play.send({ board: read.url, turn: requested.turn, moves, pieces: state.custom }, ply ?? "end");
  else if (play.computer.on) play.start(); // ?vs=computer: the position opens ready to play
}

start();
