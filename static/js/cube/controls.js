// @ts-check
// The lab's controls around the board: size, view, slice axis, the 3D view's camera, the editing
// buttons, attacks, side to move, play, the game's steps and record, the notation box and the
// example positions; and the page's keys (undo, the game's steps, the 3D view's presets).

import { EXAMPLES } from "./examples.js";
import { allWithin, byId, within } from "../shared/dom.js";
import { N_, t } from "../shared/i18n.js";

/** The examples' answers in words. */
const ANSWERS = { checkmate: N_("checkmate"), check: N_("check"), stalemate: N_("stalemate") };

const root = byId("cube-lab");

export const ui = {
  size: byId("lab-size", HTMLSelectElement),
  views: allWithin(root, "button[data-view]"),
  axes: allWithin(root, "button[data-axis]"),
  attacks: allWithin(root, "[data-attacks]"),
  turns: allWithin(root, "[data-turn]", HTMLButtonElement),
  strip: byId("lab-strip"),
  camera: byId("lab-camera"),
  hint: byId("lab-hint"),
  status: byId("lab-status"),
  statusLabel: byId("lab-status-label"),
  statusTitle: within(root, ".lab-status-title"),
  statusDetail: within(root, ".lab-status-detail"),
  pieces: byId("lab-pieces"),
  palette: byId("lab-palette"),
  selection: byId("lab-selection"),
  change: byId("lab-change"),
  changeLabel: byId("lab-change-label"),
  kinds: byId("lab-kinds"),
  remove: byId("lab-remove", HTMLButtonElement),
  editUndo: byId("lab-edit-undo", HTMLButtonElement),
  editRedo: byId("lab-edit-redo", HTMLButtonElement),
  clear: byId("lab-clear", HTMLButtonElement),
  play: byId("lab-play", HTMLButtonElement),
  undo: byId("lab-undo", HTMLButtonElement),
  stop: byId("lab-stop", HTMLButtonElement),
  gameNote: byId("lab-game-note"),
  replay: byId("lab-replay"),
  moves: byId("lab-moves"),
  steps: allWithin(root, "[data-step]", HTMLButtonElement),
  ply: byId("lab-ply"),
  record: byId("lab-record", HTMLTextAreaElement),
  recordLoad: byId("lab-record-load", HTMLButtonElement),
  recordCopy: byId("lab-record-copy", HTMLButtonElement),
  recordSave: byId("lab-record-save", HTMLButtonElement),
  recordState: byId("lab-record-state"),
  recordError: byId("lab-record-error"),
  notation: byId("lab-notation", HTMLTextAreaElement),
  load: byId("lab-load", HTMLButtonElement),
  copy: byId("lab-copy", HTMLButtonElement),
  copyState: byId("lab-copy-state"),
  error: byId("lab-error"),
  examples: byId("lab-examples", HTMLSelectElement),
};

/**
 * actions: {state, board, update, notation, loadNotation, loadExample, resize, clear, setView,
 *  play, takeBack, stop, step, undoEdit, redoEdit, removeSelected, loadRecord, render}; a new size,
 *  a cleared board or a loaded position ends a game.
 */
export function bindControls(actions) {
  const { state, board, update } = actions;
  ui.size.addEventListener("change", () => actions.resize(Number(ui.size.value)));
  for (const button of ui.views) button.addEventListener("click", () => actions.setView(button.dataset.view));
  for (const button of ui.axes) button.addEventListener("click", () => update({ axis: button.dataset.axis }));
  for (const button of ui.attacks) {
    button.addEventListener("click", () => update({ attacksBy: button.dataset.attacks }));
  }
  for (const button of ui.turns) button.addEventListener("click", () => actions.setTurn(button.dataset.turn));
  for (const button of allWithin(ui.camera, "[data-orbit]")) {
    const [spin, tilt] = String(button.dataset.orbit).split(",").map(Number);
    button.addEventListener("click", () => board.orbit(spin, tilt));
  }
  for (const button of allWithin(ui.camera, "[data-zoom]")) {
    button.addEventListener("click", () => board.zoomBy(Number(button.dataset.zoom)));
  }
  for (const button of allWithin(ui.camera, "[data-preset]")) {
    button.addEventListener("click", () => board.preset(/** @type {any} */ (button.dataset.preset)));
  }
  within(ui.camera, "[data-reset-view]").addEventListener("click", () => board.resetView());
  ui.kinds.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-kind]") : null;
    if (button instanceof HTMLButtonElement && !button.disabled) actions.changeKind(button.dataset.kind);
  });
  ui.remove.addEventListener("click", actions.removeSelected);
  ui.editUndo.addEventListener("click", actions.undoEdit);
  ui.editRedo.addEventListener("click", actions.redoEdit);
  ui.play.addEventListener("click", actions.play);
  ui.undo.addEventListener("click", actions.takeBack);
  ui.stop.addEventListener("click", actions.stop);
  ui.clear.addEventListener("click", actions.clear);
  for (const button of ui.steps) button.addEventListener("click", () => actions.step(button.dataset.step));
  ui.moves.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-ply]") : null;
    if (button instanceof HTMLElement) actions.step(button.dataset.ply);
  });
  ui.notation.addEventListener("input", () => {
    state.draft = ui.notation.value;
  });
  ui.notation.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) ui.load.click();
  });
  ui.load.addEventListener("click", () => actions.loadNotation(ui.notation.value));
  ui.copy.addEventListener("click", () => copyText(actions.notation(), ui.notation, (text) => {
    state.copyState = text;
    actions.render();
  }));
  ui.record.addEventListener("input", () => {
    state.recordDraft = ui.record.value;
    if (state.recordError) {
      state.recordError = ""; // the refusal was of the text as it stood
      actions.render();
    }
  });
  ui.recordLoad.addEventListener("click", () => actions.loadRecord(ui.record.value));
  ui.recordCopy.addEventListener("click", () => copyText(ui.record.value, ui.record, (text) => {
    state.recordState = text;
    actions.render();
  }));
  ui.recordSave.addEventListener("click", () => saveFile(ui.record.value, "3d-game.txt"));

  EXAMPLES.forEach((example, index) => {
    const option = document.createElement("option");
    option.value = String(index);
    const answer = t(ANSWERS[example.answer] || example.answer);
    const note = t(example.note);
    option.textContent = `${index + 1}. n=${example.n}: ${answer}, ${note}`;
    ui.examples.append(option);
  });
  ui.examples.addEventListener("change", () => {
    if (ui.examples.value !== "") actions.loadExample(Number(ui.examples.value));
  });
  document.addEventListener("keydown", (event) => pageKey(event, actions));
}

const STEP_KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
const PRESET_KEYS = { a: "above", f: "front", s: "side", c: "corner" };

/** Keys anywhere on the page but in a text box: undo and redo; off the board (whose arrows move its
 *  cursor), the game's steps and the 3D view's presets. */
function pageKey(event, actions) {
  const target = event.target instanceof Element ? event.target : null;
  if (event.defaultPrevented || event.altKey || target?.closest("input, textarea, select, [contenteditable]")) return;
  const { state, board } = actions;
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && state.mode === "edit" && (key === "z" || key === "y")) {
    event.preventDefault();
    if (key === "y" || event.shiftKey) actions.redoEdit();
    else actions.undoEdit();
  } else if (event.ctrlKey || event.metaKey || target?.closest(".board")) {
    // the browser's, or the board's own keys
  } else if (state.mode === "play" && Object.hasOwn(STEP_KEYS, event.key)) {
    event.preventDefault();
    actions.step(STEP_KEYS[event.key]);
  } else if (state.view === "space" && !event.shiftKey && Object.hasOwn(PRESET_KEYS, key)) {
    board.preset(PRESET_KEYS[key]);
  }
}

/** Copies ``text``, or selects it in ``box`` for the user to copy; says which through ``done``. */
async function copyText(text, box, done) {
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    box.value = text;
    box.select();
    copied = document.execCommand?.("copy") ?? false;
  }
  done(copied ? t("Copied.") : t("Select the text and copy it."));
}

function saveFile(text, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
