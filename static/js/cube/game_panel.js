// @ts-check
// The lab's Play and Game record cards: the buttons of editing or playing, the game's note, its
// moves as the server wrote them (each a button to show the position after it), the steps and the
// record's text box.

import { canStart, isOver, moveTexts } from "./game.js";
import { ui } from "./controls.js";
import { say, t, tn } from "../shared/i18n.js";

/**
 * @param {{mode: "edit" | "play", turn: "w" | "b", report: import("./report.js").LabReport | null,
 *   game: import("./game.js").LabGame | null, gameError: string, recordError: string, recordDraft: string | null,
 *   recordState: string, pending: boolean}} state
 */
export function renderGame(state) {
  const { report, game } = state;
  const playing = state.mode === "play";
  const over = playing && isOver(report);
  ui.play.hidden = playing;
  ui.undo.hidden = !playing;
  ui.stop.hidden = !playing;
  ui.undo.disabled = !game?.record.moves.length || state.pending;
  ui.play.disabled = !canStart(report) || state.pending;
  for (const button of ui.turns) {
    button.setAttribute("aria-pressed", String(button.dataset.turn === state.turn));
    button.disabled = playing;
  }
  ui.gameNote.textContent = note(state, playing, over);
  ui.gameNote.classList.toggle("lab-note-error", !!state.gameError);

  ui.replay.hidden = !playing;
  const plies = game?.record.moves.length ?? 0;
  const texts = moveTexts(game?.record ?? null);
  if (ui.moves.dataset.shown !== texts.join("|")) {
    ui.moves.dataset.shown = texts.join("|");
    ui.moves.replaceChildren(...texts.map((text, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "lab-move";
      button.dataset.ply = String(index + 1);
      button.textContent = text;
      item.append(button);
      return item;
    }));
  }
  const ply = game?.ply ?? 0;
  for (const button of ui.moves.querySelectorAll("[data-ply]")) {
    if (Number(button.getAttribute("data-ply")) === ply) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
  for (const button of ui.steps) {
    const step = button.dataset.step;
    button.disabled = state.pending || ((step === "start" || step === "back") ? ply === 0 : ply === plies);
  }
  ui.ply.textContent = !game ? "" : ply === 0 ? tn("The start, %(num)s move played", "The start, %(num)s moves played", plies)
    : t("After move %(ply)s of %(plies)s", { ply, plies });

  const text = state.recordDraft ?? game?.record.record ?? "";
  if (ui.record.value !== text) ui.record.value = text;
  ui.recordState.textContent = state.recordState;
  ui.recordError.textContent = state.recordError;
  ui.recordError.hidden = !state.recordError;
  ui.record.setAttribute("aria-invalid", String(!!state.recordError));
  ui.recordCopy.disabled = ui.recordSave.disabled = !ui.record.value.trim();
}

function note(state, playing, over) {
  const { report, game } = state;
  if (state.gameError) return state.gameError;
  if (playing && game && game.ply < game.record.moves.length) {
    return t("An earlier position of the game: a move from here replaces the moves after it.");
  }
  if (playing) return over ? t("The game is over: take a move back, step through it, or go back to editing.")
    : t("Drag or click the side to move's pieces.");
  if (report && !canStart(report)) {
    const problems = report.problems_words ? report.problems_words.map(say) : report.problems;
    return t("To play from here: %(problems)s.", { problems: problems.join("; ") });
  }
  if (report) return t("Two players take turns from this position; only legal moves are allowed.");
  return "";
}
