// @ts-check
// Analyse & edit mode: any position, every move with its distance to mate. Pieces are placed,
// moved and removed freely; the server judges the position (legality, values) after each change.

import { fenCached, probeCached } from "./api.js";
import { formatFen } from "../shared/fen.js";
import { other } from "../shared/game_line.js";
import { renderStatus } from "../shared/status_panels.js";
import { t } from "../shared/i18n.js";
import { colorName } from "../shared/words.js";
import { checkedKing } from "./fen_game.js";
import { describePosition, renderMoveList, renderOutcome } from "./panels.js";


/**
 * The editor's state (the trainer's ``state.edit``): the board built by hand, the side to move,
 * the server's probe of it or its error, the armed spare piece, the selected square and the FEN
 * being typed.
 * @typedef {{pieces: Object<string, string>, turn: "w" | "b", probe: import("../shared/types.js").ProbeAnswer | null,
 *   error: import("../shared/types.js").ApiResult | null, spare: string | null, selected: string | null,
 *   draft: string | null}} EditState
 */

/** page: {state, ui, render(), showPosition(), drawBoard(view), arrows(), hoverMove(move),
 *  markReady(entry), practise()} */
export function createEdit(page) {
  const { state, ui, urls } = page;
  let token = 0;

  function setPieces(pieces, turn = state.edit.turn) {
    Object.assign(state.edit, { pieces, turn, probe: null, error: null, draft: null, selected: null });
    state.hint = null;
    state.hover = null;
    ui.fenError.hidden = true;
    page.showPosition();
    const mine = ++token;
    probeCached(urls.probe, formatFen(state.edit)).then((result) => {
      if (mine !== token) return;
      if (result.ok) state.edit.probe = result.data;
      else state.edit.error = result;
      page.render();
    });
  }

  /** A typed FEN, read by the server (legal or not: the editor shows any board), or its reason why not. */
  async function loadFen(text) {
    const result = await fenCached(urls.board, text);
    if (!result.ok) {
      ui.fenError.hidden = false;
      ui.fenError.textContent = result.message;
      return;
    }
    setPieces(result.data.pieces, result.data.turn);
  }

  // The probe gives each move's pieces after it.
  const playMove = (move) => setPieces(move.pieces, other(state.edit.turn));

  function select(key) {
    state.edit.selected = key;
    page.render();
  }

  const boardMove = (from, to) => setPieces(movePiece(state.edit.pieces, from, to));
  const drop = (piece, key) => setPieces(placePiece(state.edit.pieces, piece, key));
  const remove = (key) => setPieces(removePiece(state.edit.pieces, key));
  const bestMove = () => state.edit.probe?.moves[0] || null;

  function playBest() {
    const best = bestMove();
    if (best) playMove(best);
  }

  return {
    setPieces, loadFen, select, boardMove, drop, remove, bestMove, playBest,
    bindControls: () => bindControls(page, setPieces, loadFen),
    render: (heat) => renderEdit(page, heat, playMove),
  };
}

/** The editor's buttons and FEN field: the side to move, clear, load, copy, practise. */
function bindControls(page, setPieces, loadFen) {
  const { state, ui } = page;
  const $ = (selector) => page.root.querySelector(selector);
  for (const button of ui.turns) button.addEventListener("click", () => setPieces(state.edit.pieces, button.dataset.turn));
  $('[data-action="clear"]').addEventListener("click", () => setPieces({}));
  $('[data-action="load-fen"]').addEventListener("click", () => loadFen(ui.fen.value));
  ui.fen.addEventListener("keydown", (event) => {
    if (event.key === "Enter") loadFen(ui.fen.value);
  });
  ui.fen.addEventListener("input", () => (state.edit.draft = ui.fen.value));
  $('[data-action="copy-fen"]').addEventListener("click", () => copyText(formatFen(state.edit), ui.fen));
  $('[data-action="practise"]').addEventListener("click", page.practise);
}

/** The editor drawn: the board with the palette, the status, the side to move, the FEN, every move valued. */
function renderEdit(page, heat, playMove) {
  const { state, ui } = page;
  const edit = state.edit;
  const entry = { probe: edit.probe, position: edit };
  page.drawBoard({
    orientation: state.orientation,
    pieces: edit.pieces,
    movable: true,
    freeMoves: true,
    editable: true,
    palette: { kinds: "KQRBN", colors: "wb", element: page.root.querySelector("#trainer-palette") },
    spare: edit.spare,
    selected: edit.selected,
    dests: null,
    lastMove: null,
    check: checkedKing(entry),
    arrows: page.arrows(),
    heat: heat.heat,
    badges: heat.badges,
  });
  page.root.dataset.turn = "edit";
  renderStatus(ui.status, describePosition(edit.probe, edit.turn, edit.error));
  renderOutcome(ui.outcome, null);
  for (const button of ui.turns) button.setAttribute("aria-pressed", String(button.dataset.turn === edit.turn));
  const fen = formatFen(edit);
  if (edit.draft === null && ui.fen.value !== fen) ui.fen.value = fen;
  ui.analysisTitle.textContent = t("%(side)s's moves", { side: colorName(edit.turn) });
  if (edit.probe) {
    renderMoveList(ui.analysis, edit.probe.moves, { mover: edit.turn, onPick: playMove, onHover: page.hoverMove });
  } else {
    const note = document.createElement("li");
    note.className = "trainer-empty";
    note.textContent = edit.error ? t("No moves: put the position right first.") : t("Thinking…");
    ui.analysis.replaceChildren(note);
  }
  page.root.querySelector('[data-action="practise"]').disabled = !edit.probe || edit.probe.moves.length === 0;
  page.markReady({ probe: edit.probe || edit.error });
}

// ---- pure changes of {square: piece} ---------------------------------------------------------------

/** A piece put on a square. The editor holds one piece of each kind a side (the table's material),
 *  so placing one again moves it; whether the result is a legal position is the server's word. */
export function placePiece(pieces, code, key) {
  const next = {};
  for (const [square, piece] of Object.entries(pieces)) {
    if (square !== key && piece !== code) next[square] = piece;
  }
  next[key] = code;
  return next;
}

/** A piece moved (an empty square or a move onto itself: the pieces as they were). */
export function movePiece(pieces, from, to) {
  if (!pieces[from] || from === to) return pieces;
  const next = { ...pieces };
  next[to] = next[from];
  delete next[from];
  return next;
}

/** A square emptied. */
export function removePiece(pieces, key) {
  const next = { ...pieces };
  delete next[key];
  return next;
}

async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field.select();
    return document.execCommand?.("copy") ?? false;
  }
}
