// @ts-check
// Practise mode: the user plays the side with the pieces against the table's most stubborn
// defence, or (defence mode) the lone king against the fastest mate. The game flow is the shared
// controller (fen_game.js, shared/table_game.js);
// this module draws it: board, verdict with the coach's note, counters, replies, chart, PGN.

import { getJson, whenReady } from "../shared/api.js";
import {
  current, lastReplies, optimalMoves, other, remainingMoves, strongMovesUpTo, userMovesUpTo, userToMove,
} from "../shared/game_line.js";
import { outcome } from "../shared/outcome.js";
import { renderStatus, renderVerdict } from "../shared/status_panels.js";
import { FIFTY } from "../shared/table_game.js";
import { stubbornReplies } from "../shared/tablebase_play.js";
import { t } from "../shared/i18n.js";
import { colorName, moveCount } from "../shared/words.js";
import { moveAnnouncement } from "./announce.js";
import { describeKingMove, describePiecesMove, loadCoach, loadCoachNote } from "./coach.js";
import { chartPoints, checkedKing, createFenGame } from "./fen_game.js";
import { describePosition, renderCounter, renderMoveList, renderOutcome, renderPlayed } from "./panels.js";
import { gamePgn } from "./pgn.js";
import { levelRange } from "./settings.js";

/** page: {state, ui, urls, settings, chart, sounds, render(), showPosition(), drawBoard(view), arrows(),
 *  hoverMove(move), markReady(entry), announce(text)} */
export function createPlay(page) {
  const { state, ui, urls, settings } = page;

  const positionChanged = () => page.showPosition();

  const session = createFenGame(state, {
    probeUrl: urls.probe,
    pause: () => settings.pause,
    // Not while another position of the line is shown (its redo line would be lost) or in the editor.
    waits: () => state.mode === "play" && state.game.ply === state.game.entries.length - 1,
    onChange: (kind) => {
      if (kind === "start") state.orientation = state.game.user === "w" ? "white" : "black";
      if (kind === "move" || kind === "select") page.render();
      else positionChanged();
    },
    onMoved: moved,
  });

  /** A game from a FEN the server wrote; ``fullmove``: its move number (the server's, where it read the FEN). */
  const start = (fen, probe, fullmove = 1) => session.startFen(fen, probe, settings.role, fullmove);

  async function newPosition() {
    session.cancelReply();
    const { min, max } = levelRange(settings.level);
    renderStatus(ui.status, { status: "pending", label: "", title: t("Finding a position…"), detail: "" });
    const query = { material: page.material.name, min, max };
    if (page.material.bishop) query.bishop = settings.bishop;
    // A table still being built: say so, with its progress, and ask again (the server's Retry-After).
    const waiting = (pending) => renderStatus(ui.status, { status: "pending", label: "", title: t("Finding a position…"),
      detail: pending.message });
    const result = await whenReady(() => getJson(urls.random, query), waiting);
    if (!result.ok) {
      state.error = result;
      page.render();
      return;
    }
    const { fen, ...probe } = result.data;
    start(fen, probe);
  }

  /** A move was played and the position after it is known: sound, words, the coach's note. The
   * note compares the box with the one before the move (the box the user last saw: the reply
   * before it left it as it was, or its own note told how it changed), so that its figures chain. */
  async function moved(entry, game) {
    page.sounds.playMove(entry.move);
    const before = game.entries[game.entries.indexOf(entry) - 1];
    if (entry.move.by === "computer") {
      page.announce(moveAnnouncement(before, entry));
      if (game.role !== "pieces") return;
      const note = await loadCoachNote(urls.coach, before.fen, entry.fen);
      // The lone king's reply changes the box only where a check split it (or it took a man): told then.
      if (note?.box_changed && note.text) entry.coachNote = { kind: note.kind, text: t("After %(move)s: %(note)s", { move: entry.move.name, note: note.text }) };
    } else {
      const over = outcome(game, entry);
      if (over) page.announce(`${moveAnnouncement(before, entry)}. ${over.text}`); // the game ends on the user's move
      entry.coachNote = game.role === "king" ? describeKingMove(await loadCoach(urls.coach, entry.fen))
        : describePiecesMove(await loadCoachNote(urls.coach, before.fen, entry.fen), entry.verdict);
    }
    if (state.game === game) page.render();
  }

  function render(heat) {
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
    renderStatus(ui.status, statusOf(game, entry, over));
    renderOutcome(ui.outcome, over);
    renderVerdictPanel(game);
    renderCounters(game, entry);
    renderReplies(game, computerToMove);
    page.chart.render({ points: chartPoints(game), optimal: optimalMoves(game), currentPly: game.ply });
    renderPlayed(ui.played, game, session.setPly);
    ui.pgn.value = pgnText();
    page.markReady(entry);
  }

  /** The table's status, unless the fifty-move rule has ended the game or will before the mate. */
  function statusOf(game, entry, over) {
    if (over?.fifty) return { status: "draw", label: t("Fifty-move rule"), title: t("Draw"), detail: t("%(num)s moves without mate.", { num: FIFTY }) };
    const info = describePosition(entry.probe, entry.position.turn, state.error);
    const rule = session.fiftyMoves(entry);
    if (!over && rule.first && info.status !== "illegal") {
      return { ...info, detail: t("The fifty-move rule draws first: %(side)s has %(moves)s left to mate.",
                                  { side: colorName(game.strong), moves: moveCount(rule.left) }) };
    }
    return info;
  }

  function renderVerdictPanel(game) {
    const shown = session.lastUserEntry();
    const user = colorName(game.user);
    const fallback = game.role === "king"
      ? t("You defend %(side)s's lone king against the fastest mate: hold out as long as you can.", { side: user })
      : game.ply === 0 && !userToMove(game)
        ? t("%(other)s moves first. You play %(side)s.", { other: colorName(other(game.user)), side: user })
        : t("You play %(side)s: mate the lone king. Drag or click a piece; h for a hint.", { side: user });
    // The fifty-move budget after the user's move, as the server counts it (the probe after the move).
    const left = game.role === "pieces" && shown?.probe && !shown.probe.checkmate ? shown.probe.fifty_move_moves_left : null;
    const verdict = shown?.verdict && left !== null
      ? { ...shown.verdict, text: shown.verdict.text + " " + t("%(left)s of %(all)s moves left before the fifty-move draw.", { left, all: FIFTY }) }
      : shown?.verdict || null;
    renderVerdict(ui.verdict, verdict, fallback);
    if (left === null) delete ui.verdict.dataset.fiftyLeft;
    else ui.verdict.dataset.fiftyLeft = String(left);
    // The user's move's note, and the reply's after it where the reply changed the box.
    const said = shown ? game.entries.slice(game.entries.indexOf(shown), game.ply + 1).map((e) => e.coachNote).filter(Boolean) : [];
    ui.coachNote.hidden = !said.length;
    ui.coachNote.textContent = said.map((note) => note.text).join(" ");
    ui.coachNote.dataset.coach = said.length ? said[said.length - 1].kind : "none";
  }

  function renderCounters(game, entry) {
    const counted = session.fiftyMoves(entry).used;
    ui.fifty.textContent = t("Fifty-move rule: %(used)s of %(all)s moves by %(side)s", { used: counted, all: FIFTY, side: colorName(game.strong) });
    ui.fifty.dataset.fifty = String(counted);
    if (game.role === "king") {
      const lasted = strongMovesUpTo(game);
      const optimal = optimalMoves(game);
      const left = entry.probe ? remainingMoves(entry) : null;
      ui.counter.textContent = optimal === null ? ""
        : t("Held so far: %(lasted)s · the longest defence: %(optimal)s", { lasted, optimal })
          + (left === null ? "" : " · " + t("mate in %(num)s now", { num: left }));
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

  function renderReplies(game, computerToMove) {
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

  function pgnText() {
    const game = state.game;
    if (!game) return "";
    const you = game.user === "w" ? "white" : "black";
    const names = { white: "Tablebase", black: "Tablebase", [you]: "You" };  // the PGN's tags stay English
    return gamePgn(game, current(game).probe ? outcome(game) : null, { site: window.location.href, names,
      event: page.material.name === "KBNK" ? "KBN" : page.material.name });
  }

  const { select, boardMove, bestMove, playBest, setPly, undo, redo, restart, scheduleReply, cancelReply, destsOf, over } = session;
  return {
    select, boardMove, bestMove, playBest, setPly, undo, redo, restart, scheduleReply, cancelReply, destsOf, over: () => over(),
    start, newPosition, positionChanged, render, pgnText,
  };
}

/** Badges on the lone king's destinations while it is to move: the distance to mate after each. */
function replyBadges(entry) {
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
