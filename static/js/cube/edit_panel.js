// @ts-check
// The lab's Pieces card while editing: what the selection is, the selected piece's explicit
// controls (change its kind, remove it), undo and redo.

import { pieceName } from "../board/pieces.js";
import { ui } from "./controls.js";
import { kindsFor } from "./edits.js";

/**
 * @param {{mode: "edit" | "play", pieces: Object<string, string>, selected: string | null,
 *   spare: string | null, history: import("./edits.js").EditHistory}} state
 * @param {string[] | null} dests  the selected piece's destinations (null: not known yet)
 * @param {string} kinds  "KQRBN"
 * @param {(key: string) => string} label  a cube's name
 */
export function renderEditing(state, dests, kinds, label) {
  const playing = state.mode === "play";
  ui.pieces.hidden = playing;
  ui.hint.hidden = playing; // the editing help is no help during a game
  ui.selection.textContent = selectionText(state, dests, label);
  const key = state.selected;
  const piece = key && !playing ? state.pieces[key] : null;
  ui.change.hidden = !piece;
  if (piece && key) {
    const allowed = kindsFor(state.pieces, key, kinds);
    ui.changeLabel.textContent = `Change the ${pieceName(piece)} to`;
    if (ui.kinds.childElementCount !== kinds.length) {
      ui.kinds.replaceChildren(...[...kinds].map((kind) => {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.kind = kind;
        button.textContent = kind;
        return button;
      }));
    }
    for (const button of ui.kinds.querySelectorAll("button")) {
      const kind = button.dataset.kind || "";
      button.setAttribute("aria-pressed", String(kind === piece[1]));
      button.setAttribute("aria-label", pieceName(piece[0] + kind));
      button.disabled = kind !== piece[1] && !allowed.includes(kind);
      button.title = button.disabled ? `The ${pieceName(piece[0] + "K")} stands elsewhere` : pieceName(piece[0] + kind);
    }
  }
  ui.editUndo.disabled = playing || state.history.past.length === 0;
  ui.editRedo.disabled = playing || state.history.future.length === 0;
}

function selectionText(state, dests, label) {
  const key = state.selected;
  if (!key) {
    if (state.mode === "play") return "";
    return state.spare
      ? `Click an empty cube to place a ${pieceName(state.spare)}.`
      : "Pick a piece above to place it, or click a piece on the board to see its moves.";
  }
  const where = `${pieceName(state.pieces[key])} on ${label(key)}`;
  if (dests === null) return `${capitalise(where)}: finding its moves…`;
  const count = dests.length;
  return `${capitalise(where)}: ${count === 0 ? "no legal move" : `${count} legal move${count === 1 ? "" : "s"}`}.`;
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
