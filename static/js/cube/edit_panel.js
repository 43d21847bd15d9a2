// @ts-check
// The lab's Pieces card while editing: what the selection is, the selected piece's explicit
// controls (change its kind, remove it), undo and redo.

import { pieceName } from "../board/pieces.js";
import { ui } from "./controls.js";
import { kindsFor } from "./edits.js";
import { t, tn } from "../shared/i18n.js";

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
    ui.changeLabel.textContent = t("Change the %(piece)s to", { piece: pieceName(piece) });
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
      button.title = button.disabled ? t("The %(piece)s stands elsewhere", { piece: pieceName(piece[0] + "K") }) : pieceName(piece[0] + kind);
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
      ? t("Click an empty cube to place a %(piece)s.", { piece: pieceName(state.spare) })
      : t("Pick a piece above to place it, or click a piece on the board to see its moves.");
  }
  const where = capitalise(t("%(piece)s on %(square)s", { piece: pieceName(state.pieces[key]), square: label(key) }));
  if (dests === null) return t("%(where)s: finding its moves…", { where });
  const count = dests.length;
  return count === 0 ? t("%(where)s: no legal move.", { where })
    : tn("%(where)s: %(num)s legal move.", "%(where)s: %(num)s legal moves.", count, { where });
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
