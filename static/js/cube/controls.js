// @ts-check
// The lab's controls around the board: size, view, slice axis, the 3D view's turn buttons,
// attacks, side to move, play/undo, the notation box and the seed's examples.

import { SEED_EXAMPLES } from "./examples.js";
import { allWithin, byId, within } from "../shared/dom.js";

const root = byId("cube-lab");

export const ui = {
  size: byId("lab-size", HTMLSelectElement),
  views: allWithin(root, "[data-view]"),
  axes: allWithin(root, "[data-axis]"),
  attacks: allWithin(root, "[data-attacks]"),
  turns: allWithin(root, "[data-turn]", HTMLButtonElement),
  strip: byId("lab-strip"),
  orbit: byId("lab-orbit"),
  status: byId("lab-status"),
  statusLabel: byId("lab-status-label"),
  statusTitle: within(root, ".lab-status-title"),
  statusDetail: within(root, ".lab-status-detail"),
  pieces: byId("lab-pieces"),
  palette: byId("lab-palette"),
  selection: byId("lab-selection"),
  clear: byId("lab-clear", HTMLButtonElement),
  play: byId("lab-play", HTMLButtonElement),
  undo: byId("lab-undo", HTMLButtonElement),
  stop: byId("lab-stop", HTMLButtonElement),
  gameNote: byId("lab-game-note"),
  moves: byId("lab-moves"),
  notation: byId("lab-notation", HTMLTextAreaElement),
  load: byId("lab-load", HTMLButtonElement),
  copy: byId("lab-copy", HTMLButtonElement),
  copyState: byId("lab-copy-state"),
  error: byId("lab-error"),
  examples: byId("lab-examples", HTMLSelectElement),
};

/** actions: {state, board, update, notation, loadNotation, loadExample, resize, clear, setView, play, undo,
 *  stop, render}; a new size, a cleared board or a loaded position ends a game. */
export function bindControls(actions) {
  const { state, board, update } = actions;
  ui.size.addEventListener("change", () => actions.resize(Number(ui.size.value)));
  for (const button of ui.views) button.addEventListener("click", () => actions.setView(button.dataset.view));
  for (const button of ui.axes) button.addEventListener("click", () => update({ axis: button.dataset.axis }));
  for (const button of ui.attacks) {
    button.addEventListener("click", () => update({ attacksBy: button.dataset.attacks }));
  }
  for (const button of ui.turns) button.addEventListener("click", () => update({ turn: button.dataset.turn }));
  for (const button of allWithin(ui.orbit, "[data-orbit]")) {
    const [spin, tilt] = String(button.dataset.orbit).split(",").map(Number);
    button.addEventListener("click", () => board.orbit(spin, tilt));
  }
  for (const button of allWithin(ui.orbit, "[data-zoom]")) {
    button.addEventListener("click", () => board.zoomBy(Number(button.dataset.zoom)));
  }
  within(ui.orbit, "[data-reset-view]").addEventListener("click", () => board.resetView());
  ui.play.addEventListener("click", actions.play);
  ui.undo.addEventListener("click", actions.undo);
  ui.stop.addEventListener("click", actions.stop);
  ui.clear.addEventListener("click", actions.clear);
  ui.notation.addEventListener("input", () => {
    state.draft = ui.notation.value;
  });
  ui.notation.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) ui.load.click();
  });
  ui.load.addEventListener("click", () => actions.loadNotation(ui.notation.value));
  ui.copy.addEventListener("click", () => copyNotation(actions));

  SEED_EXAMPLES.forEach((example, index) => {
    const option = document.createElement("option");
    option.value = String(index);
    option.textContent = `${index + 1}. n=${example.n}: ${example.answer}, ${example.note}`;
    ui.examples.append(option);
  });
  ui.examples.addEventListener("change", () => {
    if (ui.examples.value !== "") actions.loadExample(Number(ui.examples.value));
  });
}

async function copyNotation({ state, notation, render }) {
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
