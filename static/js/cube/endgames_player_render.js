// @ts-check
// The 3D endgames player drawn (endgames_player.js holds the game): the board with the lone
// king's replies as badges, the layer strip, the status and verdict, the counter, the replies and
// the record. What is drawn is chosen by pure functions, tested by node.

import { allWithin } from "../shared/dom.js";
import { lastReplies } from "../shared/game_line.js";
import { outcome } from "../shared/outcome.js";
import { renderStatus, renderVerdict } from "../shared/status_panels.js";
import { stubbornReplies } from "../shared/tablebase_play.js";
import { moveKeys } from "./endgames_game.js";
import { describe, renderCounter, renderRecord, renderReplies } from "./endgames_panels.js";
import { recordRows } from "./endgames_record.js";
import { t } from "../shared/i18n.js";

/** @typedef {import("./endgames_player.js").Player} Player */

/** The lone king's cube among ``pieces`` (key -> piece), or null. */
export const loneKingOf = (pieces) => Object.keys(pieces).find((key) => pieces[key] === "bK") || null;

/**
 * Badges on the lone king's destinations while it is to move: the distance to mate after each.
 * @param {import("../shared/types.js").ProbeAnswer} probe
 */
export function replyBadges(probe) {
  const badges = {};
  const stubborn = new Set(stubbornReplies(probe).map((m) => moveKeys(m).to));
  for (const move of probe.moves) {
    const to = moveKeys(move).to;
    if (move.category === "draw") badges[to] = { text: move.stalemate ? "½" : "=", tone: "draw" };
    else badges[to] = { text: String(move.mate_in), dtm: move.mate_in, tone: stubborn.has(to) ? "loss" : undefined };
  }
  return badges;
}

/** The cubes of the move hinted or hovered, marked good. */
export function moveMarks(move) {
  const found = {};
  if (move) {
    const { from, to } = moveKeys(move);
    found[from] = "good";
    found[to] = "good";
  }
  return found;
}

/** The lone king's cube when it is in check (or mated) at ``entry``, else null. */
export function checkKey(entry) {
  if (!entry.probe && !entry.move) return null;
  const inCheck = entry.probe?.checkmate || (entry.position.turn === "b" && entry.move?.check);
  return inCheck ? loneKingOf(entry.position.pieces) : null;
}

/**
 * The ply a step of the record shows ("first", "back", "forward", "last"), or null when it
 * would leave the line or stay where it is.
 * @param {{ply: number, entries: unknown[]}} game
 * @param {string} where
 */
export function stepPly(game, where) {
  const last = game.entries.length - 1;
  const ply = { first: 0, back: game.ply - 1, forward: game.ply + 1, last }[where];
  return ply !== undefined && ply >= 0 && ply <= last && ply !== game.ply ? ply : null;
}

/**
 * Whose turn the page shows: none (no game), over, waiting (for the probe), review (an earlier
 * move shown on the computer's turn), user or computer.
 * @param {{ended: boolean, probed: boolean, earlier: boolean, userToMove: boolean} | null} at
 */
export function turnOf(at) {
  if (!at) return "none";
  if (at.ended) return "over";
  if (!at.probed) return "waiting";
  if (at.earlier && !at.userToMove) return "review";
  return at.userToMove ? "user" : "computer";
}

/** @param {Player} p */
export function renderPlayer(p) {
  const { root, state, table, ui } = p;
  const game = table.game;
  const entry = table.current();
  const ended = game && entry ? outcome(game, entry, { drawEnds: true })?.text : null;
  root.dataset.turn = turnOf(!entry ? null : {
    ended: table.over(), probed: Boolean(entry.probe), earlier: Boolean(game && game.ply < game.entries.length - 1),
    userToMove: table.userToMove(),
  });
  if (!entry || state.waiting) {
    const info = describe(null, "w", state.error);
    const note = p.buildNote();
    if (state.waiting && note) info.detail = note;
    renderStatus(ui.status, info);
    renderVerdict(ui.verdict, null, state.building || (state.waiting ? t("Finding a position…") : ""));
    return;
  }
  renderBoard(p, entry);
  const info = describe(entry.probe, entry.position.turn, state.error);
  renderStatus(ui.status, ended ? { ...info, detail: ended } : info);
  if (game && game.entries.length > 1) state.notice = "";
  const hint = state.hint?.notation // a best move in words too: its two cubes may lie on layers not shown
    ? { kind: "hint", title: t("Hint:"), text: t("%(move)s (mate in %(num)s after it).", { move: state.hint.notation, num: state.hint.mate_in }) } : null;
  renderVerdict(ui.verdict, hint || table.lastUserEntry()?.verdict || null,
                state.notice || t("You play White: mate the lone king. Hint shows a best move."));
  ui.verdict.classList.toggle("eg-notice", Boolean(state.notice));
  renderCounter(ui.counter, table.counts());
  renderGameLists(p, game);
  ui.copied.textContent = state.copied;
  state.copied = "";
}

/**
 * The board and the layer strip at ``entry``.
 * @param {Player} p
 */
function renderBoard(p, entry) {
  const { state, table } = p;
  const computerToMove = p.root.dataset.turn === "computer";
  const dests = table.destsOf(state.selected);
  const badges = computerToMove && entry.probe ? replyBadges(entry.probe) : null;
  const check = checkKey(entry);
  const hinted = state.hint ? [moveKeys(state.hint).to] : [];
  const n = entry.position.n ?? 3;
  p.board.render({
    layers: n,
    files: n,
    ranks: n,
    ...p.view.fields(),
    pieces: entry.position.pieces,
    selected: state.selected,
    dests,
    lastMove: entry.move ? [entry.move.keys.from, entry.move.keys.to] : null,
    check,
    marks: moveMarks(state.hint || state.hover),
    badges,
  });
  p.view.render({ n, pieces: Object.keys(entry.position.pieces),
                  dests: dests.length ? dests : badges ? Object.keys(badges) : hinted, check: check ? [check] : [] });
}

/**
 * The lone king's replies and the record, with its step buttons.
 * @param {Player} p
 * @param {import("../shared/types.js").Game | null} game
 */
function renderGameLists(p, game) {
  const replies = game ? lastReplies(game) : null;
  renderReplies(p.ui.replies, replies?.entry.probe || null, {
    played: replies?.played ? moveKeys(replies.played).to : null,
    stubborn: replies ? stubbornReplies(replies.entry.probe).map((m) => moveKeys(m).to) : [],
    onHover: (move) => {
      p.state.hover = move;
      renderPlayer(p);
    },
  });
  const rows = recordRows(game);
  renderRecord(p.ui.record, rows, game?.ply ?? 0, (ply) => p.table.setPly(ply));
  for (const button of allWithin(p.root, "[data-step]", HTMLButtonElement)) {
    const back = button.dataset.step === "first" || button.dataset.step === "back";
    button.disabled = !game || (back ? game.ply === 0 : game.ply === game.entries.length - 1);
  }
}
