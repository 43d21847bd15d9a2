// The 3D piece lab page (/3d): one state object, one render(), the server for every rule.

import { createBoard } from "../board/board.js";
import { postJson } from "../shared/api.js";
import { SEED_EXAMPLES } from "./examples.js";
import { cubeToKey, formatBoard, keyToCube, parseBoard, piecesThatFit } from "./notation.js";
import { describeStatus } from "./status.js";
import { pieceName } from "../board/pieces.js";

const CYCLE = "KQRBN";
const DEFAULT_POSITION = SEED_EXAMPLES[0].board;

const root = document.getElementById("cube-lab");
const urls = JSON.parse(root.dataset.urls);
const requestedBoard = JSON.parse(root.dataset.board || '""');

const ui = {
  size: document.getElementById("lab-size"),
  views: root.querySelectorAll("[data-view]"),
  attacks: root.querySelectorAll("[data-attacks]"),
  status: document.getElementById("lab-status"),
  statusTitle: root.querySelector(".lab-status-title"),
  statusDetail: root.querySelector(".lab-status-detail"),
  selection: document.getElementById("lab-selection"),
  notation: document.getElementById("lab-notation"),
  load: document.getElementById("lab-load"),
  copy: document.getElementById("lab-copy"),
  copyState: document.getElementById("lab-copy-state"),
  error: document.getElementById("lab-error"),
  examples: document.getElementById("lab-examples"),
  clear: document.getElementById("lab-clear"),
};

const state = {
  n: 3,
  pieces: {}, // "x,y,z" -> "wK"
  selected: null,
  dests: null, // keys the selected piece may go to; null while unknown
  spare: "wK", // the palette piece a click on an empty cube places
  view: "layers",
  attacksBy: "", // "" | "b" | "w"
  attacked: [],
  analysis: null, // server's answer with checkerKeys, or {noKing} / {error}; null while pending
  draft: null, // the notation text while the user edits it
  error: "",
  copyState: "",
};

const board = createBoard(document.getElementById("lab-board"), {
  label: "3D board",
  freeMoves: true,
  editable: true,
  palette: { kinds: CYCLE, colors: "wb", element: document.getElementById("lab-palette") },
  onSquareClick: squareClicked,
  onSelect: (key) => update({ selected: key }),
  onMove: movePiece,
  onDropNew: placePiece,
  onRemove: removePiece,
  onSpareSelect: (piece) => update({ spare: piece }),
});

// ---- state changes ---------------------------------------------------------------------------

/** Apply a change, render, then ask the server whatever the change made stale. */
function update(patch) {
  const before = { pieces: state.pieces, n: state.n, selected: state.selected, attacksBy: state.attacksBy };
  Object.assign(state, patch);
  const positionChanged = state.pieces !== before.pieces || state.n !== before.n;
  if (state.selected && !state.pieces[state.selected]) state.selected = null;
  if (positionChanged) {
    if (!("draft" in patch)) state.draft = null;
    state.copyState = "";
    if (!("error" in patch)) state.error = "";
  }
  if (positionChanged || state.selected !== before.selected) state.dests = null;
  render();
  if (positionChanged) {
    saveUrl();
    fetchAnalysis();
  }
  if (positionChanged || state.selected !== before.selected) fetchDests();
  if (positionChanged || state.attacksBy !== before.attacksBy) fetchAttacks();
}

function squareClicked(key, { piece, selected, spare }) {
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

function cycleKind(key) {
  const code = state.pieces[key];
  let kind = code[1];
  do {
    kind = CYCLE[(CYCLE.indexOf(kind) + 1) % CYCLE.length];
  } while (kind === "K" && kingElsewhere(code[0], key));
  const pieces = { ...state.pieces, [key]: code[0] + kind };
  board.announce(`Now a ${pieceName(code[0] + kind)} on ${board.label(key)}`);
  update({ pieces });
}

function kingElsewhere(color, key) {
  return Object.entries(state.pieces).some(([k, code]) => k !== key && code === `${color}K`);
}

function placePiece(piece, key) {
  const pieces = { ...state.pieces };
  if (piece[1] === "K") {
    // One king per colour: placing a king moves it.
    for (const [k, code] of Object.entries(pieces)) if (code === piece) delete pieces[k];
  }
  pieces[key] = piece;
  update({ pieces, selected: key });
}

function movePiece(from, to) {
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

function loadPosition(parsed, extra = {}) {
  update({ n: parsed.n, pieces: parsed.pieces, selected: null, error: "", ...extra });
}

// ---- server ----------------------------------------------------------------------------------

const tokens = { analysis: 0, dests: 0, attacks: 0 };

function notation() {
  return formatBoard(state.n, state.pieces);
}

async function fetchAnalysis() {
  const token = ++tokens.analysis;
  if (!Object.values(state.pieces).includes("wK")) {
    state.analysis = { noKing: true };
    render();
    return;
  }
  const result = await postJson(urls.analyze, { board: notation() });
  if (token !== tokens.analysis) return;
  state.analysis = result.ok
    ? { ...result.data, checkerKeys: result.data.checkers.map(cubeToKey) }
    : { error: result.message };
  render();
}

async function fetchDests() {
  const token = ++tokens.dests;
  if (!state.selected) return;
  const result = await postJson(urls.moves, { board: notation(), from: keyToCube(state.selected) });
  if (token !== tokens.dests) return;
  state.dests = result.ok ? result.data.moves.map(cubeToKey) : [];
  render();
}

async function fetchAttacks() {
  const token = ++tokens.attacks;
  if (!state.attacksBy) {
    state.attacked = [];
    render();
    return;
  }
  const result = await postJson(urls.attacks, { board: notation(), color: state.attacksBy });
  if (token !== tokens.attacks) return;
  state.attacked = result.ok ? result.data.cubes.map(cubeToKey) : [];
  render();
}

/** Loads notation after the server has accepted it; shows the server's message otherwise. */
async function loadNotation(text, extra = {}) {
  const parsed = parseBoard(text);
  const check = await postJson(urls.attacks, { board: text, color: "b" });
  if (!check.ok || !parsed) {
    update({ error: check.ok ? "The lab could not read that board." : check.message, draft: text });
    return false;
  }
  loadPosition(parsed, extra);
  return true;
}

function saveUrl() {
  const query = encodeURIComponent(notation()).replace(/%2C/g, ",").replace(/%5B/g, "[").replace(/%5D/g, "]");
  history.replaceState(null, "", `${urls.page}?board=${query}`);
}

// ---- rendering -------------------------------------------------------------------------------

function render() {
  const analysis = state.analysis;
  const checkers = analysis?.checkerKeys || [];
  const whiteKing = Object.keys(state.pieces).find((key) => state.pieces[key] === "wK");
  const marks = {};
  for (const key of state.attacked) marks[key] = ["attacked"];
  for (const key of checkers) marks[key] = [...(marks[key] || []), "checker"];

  board.render({
    layers: state.n,
    files: state.n,
    ranks: state.n,
    view: state.view,
    pieces: state.pieces,
    selected: state.selected,
    dests: state.dests,
    spare: state.spare,
    check: analysis?.check && whiteKing ? whiteKing : null,
    marks,
    arrows: whiteKing ? checkers.map((from) => ({ from, to: whiteKing, brush: "red" })) : [],
  });

  const status = describeStatus(analysis, { pieces: state.pieces, label: board.label });
  ui.status.dataset.status = status.status;
  ui.statusTitle.textContent = status.title;
  ui.statusDetail.textContent = status.detail;

  ui.selection.textContent = selectionText();
  ui.size.value = String(state.n);
  for (const button of ui.views) button.setAttribute("aria-pressed", String(button.dataset.view === state.view));
  for (const button of ui.attacks) {
    button.setAttribute("aria-pressed", String(button.dataset.attacks === state.attacksBy));
  }
  const text = state.draft ?? notation();
  if (ui.notation.value !== text) ui.notation.value = text;
  ui.error.hidden = !state.error;
  ui.error.textContent = state.error;
  ui.copyState.textContent = state.copyState;
  const example = SEED_EXAMPLES.findIndex((item) => item.board === notation());
  ui.examples.value = example < 0 ? "" : String(example);
}

function selectionText() {
  const key = state.selected;
  if (!key) {
    return state.spare
      ? `Click an empty cube to place a ${pieceName(state.spare)}.`
      : "Click a piece to see its moves.";
  }
  const where = `${pieceName(state.pieces[key])} on ${board.label(key)}`;
  if (state.dests === null) return `${capitalise(where)}: finding its moves…`;
  const count = state.dests.length;
  return `${capitalise(where)}: ${count === 0 ? "no legal move" : `${count} legal move${count === 1 ? "" : "s"}`}.`;
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---- controls --------------------------------------------------------------------------------

ui.size.addEventListener("change", () => {
  const n = Number(ui.size.value);
  update({ n, pieces: piecesThatFit(state.pieces, n) });
});
for (const button of ui.views) button.addEventListener("click", () => update({ view: button.dataset.view }));
for (const button of ui.attacks) {
  button.addEventListener("click", () => update({ attacksBy: button.dataset.attacks }));
}
ui.clear.addEventListener("click", () => update({ pieces: {} }));
ui.notation.addEventListener("input", () => {
  state.draft = ui.notation.value;
});
ui.notation.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) ui.load.click();
});
ui.load.addEventListener("click", () => loadNotation(ui.notation.value));
ui.copy.addEventListener("click", copyNotation);

SEED_EXAMPLES.forEach((example, index) => {
  const option = document.createElement("option");
  option.value = String(index);
  const n = parseBoard(example.board).n;
  option.textContent = `${index + 1}. n=${n}: ${example.answer}, ${example.note}`;
  ui.examples.append(option);
});
ui.examples.addEventListener("change", () => {
  const example = SEED_EXAMPLES[Number(ui.examples.value)];
  if (example) loadPosition(parseBoard(example.board));
});

async function copyNotation() {
  const text = notation();
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    ui.notation.value = text;
    ui.notation.select();
    copied = document.execCommand?.("copy") ?? false;
  }
  state.copyState = copied ? "Copied." : "Select the text and copy it.";
  render();
}

// ---- start -----------------------------------------------------------------------------------

if (requestedBoard) {
  loadNotation(requestedBoard).then((loaded) => {
    if (!loaded) update({ n: 3, pieces: {}, draft: requestedBoard, error: state.error });
  });
} else {
  loadPosition(parseBoard(DEFAULT_POSITION));
}
