// @ts-check
// Practise mode drawn (play.js runs the game): the board, the status, the verdict with the
// coach's note, the counters, the lone king's replies, the chart and the PGN, from the page's
// state and the game's session. The words chosen from a game are pure functions, tested by node.

import {
  current, lastReplies, optimalMoves, other, remainingMoves, strongMovesUpTo, userMovesUpTo, userToMove,
} from "../shared/game_line.js";
import { outcome } from "../shared/outcome.js";
import { renderStatus, renderVerdict } from "../shared/status_panels.js";
import { FIFTY } from "../shared/table_game.js";
import { stubbornReplies } from "../shared/tablebase_play.js";
import { t } from "../shared/i18n.js";
import { colorName, moveCount } from "../shared/words.js";
import { chartPoints, checkedKing } from "./fen_game.js";
import { describePosition, renderCounter, renderMoveList, renderOutcome, renderPlayed } from "./panels.js";
import { gamePgn } from "./pgn.js";

/**
 * The trainer's page (mates/page.js) and its game's session (fen_game.js).
 * @typedef {{page: any, session: ReturnType<typeof import("./fen_game.js").createFenGame>}} Play
 */

/**
 * @param {Play} play
 * @param {{heat?: any, badges?: any}} heat  the heat map's squares and badges, when shown
 */
export function renderPlay(play, heat) {
  const { page, session } = play;
  const { state, ui } = page;
  const game = state.game;
  if (!game) {
    if (state.error) renderStatus(ui.status, describePosition(null, "w", state.error));
    return;
  }
  const entry = current(game);
  const over = entry.probe ? outcome(game) : null;
  const computerToMove = entry.probe && !userToMove(game) && !over;
  page.root.dataset.ply = String(game.ply);
  page.root.dataset.turn = over ? "over" : !entry.probe ? "waiting" : computerToMove ? "computer" : "user";
  page.root.dataset.role = game.role;
  page.drawBoard({
    orientation: state.orientation,
    pieces: entry.position.pieces,
    movable: true,
    freeMoves: false,
    editable: false,
    palette: null,
    selected: state.selected,
    dests: session.destsOf(state.selected),
    lastMove: entry.move ? [entry.move.keys.from, entry.move.keys.to] : null,
    check: checkedKing(entry),
    arrows: page.arrows(),
    heat: heat.heat,
    badges: heat.badges || (computerToMove && game.role === "pieces" ? replyBadges(entry) : null),
  });
  renderStatus(ui.status, statusOf(play, game, entry, over));
  renderOutcome(ui.outcome, over);
  renderVerdictPanel(play, game);
  renderCounters(play, game, entry);
  renderReplies(page, game, computerToMove);
  page.chart.render({ points: chartPoints(game), optimal: optimalMoves(game), currentPly: game.ply });
  renderPlayed(ui.played, game, session.setPly);
  ui.pgn.value = pgnText(page);
  page.markReady(entry);
}

/**
 * The table's status, unless the fifty-move rule has ended the game or will before the mate.
 * @param {Play} play
 */
function statusOf({ page, session }, game, entry, over) {
  if (over?.fifty) return { status: "draw", label: t("Fifty-move rule"), title: t("Draw"), detail: t("%(num)s moves without mate.", { num: FIFTY }) };
  const info = describePosition(entry.probe, entry.position.turn, page.state.error);
  const rule = session.fiftyMoves(entry);
  if (!over && rule.first && info.status !== "illegal") {
    return { ...info, detail: t("The fifty-move rule draws first: %(side)s has %(moves)s left to mate.",
                                { side: colorName(game.strong), moves: moveCount(rule.left) }) };
  }
  return info;
}

/**
 * What the verdict panel says of ``shown``, the user's last move: its verdict (with the fifty-move
 * budget after it, as the server counts it: the probe after the move), else the words of the
 * user's side and role.
 */
export function verdictWords(game, shown) {
  const user = colorName(game.user);
  const fallback = game.role === "king"
    ? t("You defend %(side)s's lone king against the fastest mate: hold out as long as you can.", { side: user })
    : game.ply === 0 && !userToMove(game)
      ? t("%(other)s moves first. You play %(side)s.", { other: colorName(other(game.user)), side: user })
      : t("You play %(side)s: mate the lone king. Drag or click a piece; h for a hint.", { side: user });
  const left = game.role === "pieces" && shown?.probe && !shown.probe.checkmate ? shown.probe.fifty_move_moves_left : null;
  const verdict = shown?.verdict && left !== null
    ? { ...shown.verdict, text: shown.verdict.text + " " + t("%(left)s of %(all)s moves left before the fifty-move draw.", { left, all: FIFTY }) }
    : shown?.verdict || null;
  return { verdict, fallback, left };
}

/** The coach's notes from the user's move ``shown`` up to the shown entry: the move's, and the reply's after it where the reply changed the box. */
export function coachNotes(game, shown) {
  return shown ? game.entries.slice(game.entries.indexOf(shown), game.ply + 1).map((e) => e.coachNote).filter(Boolean) : [];
}

/** @param {Play} play */
function renderVerdictPanel({ page: { ui }, session }, game) {
  const shown = session.lastUserEntry();
  const { verdict, fallback, left } = verdictWords(game, shown);
  renderVerdict(ui.verdict, verdict, fallback);
  if (left === null) delete ui.verdict.dataset.fiftyLeft;
  else ui.verdict.dataset.fiftyLeft = String(left);
  const said = coachNotes(game, shown);
  ui.coachNote.hidden = !said.length;
  ui.coachNote.textContent = said.map((note) => note.text).join(" ");
  ui.coachNote.dataset.coach = said.length ? said[said.length - 1].kind : "none";
}

/**
 * The defender's counter: how long the lone king has held, the longest defence, the mate left.
 * @param {number} lasted
 * @param {number | null} optimal
 * @param {number | null} left
 */
export function defenceCounterText(lasted, optimal, left) {
  return optimal === null ? ""
    : t("Held so far: %(lasted)s · the longest defence: %(optimal)s", { lasted, optimal })
      + (left === null ? "" : " · " + t("mate in %(num)s now", { num: left }));
}

/** @param {Play} play */
function renderCounters({ page: { ui }, session }, game, entry) {
  const counted = session.fiftyMoves(entry).used;
  ui.fifty.textContent = t("Fifty-move rule: %(used)s of %(all)s moves by %(side)s", { used: counted, all: FIFTY, side: colorName(game.strong) });
  ui.fifty.dataset.fifty = String(counted);
  if (game.role === "king") {
    ui.counter.textContent = defenceCounterText(strongMovesUpTo(game), optimalMoves(game), entry.probe ? remainingMoves(entry) : null);
    return;
  }
  const over = outcome(game, entry);
  renderCounter(ui.counter, {
    played: userMovesUpTo(game),
    remaining: entry.probe ? remainingMoves(entry) : null,
    optimal: optimalMoves(game),
    drawNote: over?.fifty ? t("drawn by the fifty-move rule")
      : !over && session.fiftyMoves(entry).first ? t("the fifty-move rule draws first") : null,
  });
}

function renderReplies(page, game, computerToMove) {
  const { ui, settings } = page;
  const replies = lastReplies(game);
  const name = colorName(other(game.user));
  if (!replies) {
    ui.repliesTitle.textContent = t("%(side)s's replies", { side: name });
    const note = document.createElement("li");
    note.className = "trainer-empty";
    note.textContent = t("After your move, every reply of %(side)s with its distance to mate.", { side: name });
    ui.replies.replaceChildren(note);
    return;
  }
  const waiting = computerToMove && replies.index === game.ply;
  const title = replies.entry.move ? t("%(side)s's replies to %(move)s", { side: name, move: replies.entry.move.name })
    : t("%(side)s's replies", { side: name });
  ui.repliesTitle.textContent = waiting && settings.pause < 0 ? title + " — " + t("Space or “Best move” plays one") : title;
  renderMoveList(ui.replies, replies.entry.probe.moves, {
    mover: replies.entry.position.turn,
    viewer: game.user,
    played: replies.played?.uci || null,
    best: stubbornReplies(replies.entry.probe).map((m) => m.uci),
    onHover: page.hoverMove,
  });
}

/** The game's PGN, the page's address its site. */
export function pgnText(page) {
  const game = page.state.game;
  if (!game) return "";
  const you = game.user === "w" ? "white" : "black";
  const names = { white: "Tablebase", black: "Tablebase", [you]: "You" };  // the PGN's tags stay English
  return gamePgn(game, current(game).probe ? outcome(game) : null, { site: window.location.href, names,
    event: page.material.name === "KBNK" ? "KBN" : page.material.name });
}

/** Badges on the lone king's destinations while it is to move: the distance to mate after each. */
export function replyBadges(entry) {
  const badges = {};
  const stubborn = new Set(stubbornReplies(entry.probe).map((m) => m.uci));
  for (const move of entry.probe.moves) {
    const to = move.to;
    if (move.category === "draw") badges[to] = { text: move.stalemate ? "½" : "=", tone: "draw" };
    else {
      const n = move.mate_in;
      badges[to] = stubborn.has(move.uci) ? { text: String(n), dtm: n, tone: "loss" } : { text: String(n), dtm: n };
    }
  }
  return badges;
}
