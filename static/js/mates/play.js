// @ts-check
// Practise mode: the user plays the side with the pieces against the table's most stubborn
// defence, or (defence mode) the lone king against the fastest mate. The game flow is the shared
// controller (fen_game.js, shared/table_game.js);
// this module starts it and hears its moves (sounds, words, the coach's notes); play_render.js draws it:
// board, verdict with the coach's note, counters, replies, chart, PGN.

import { getJson, whenReady } from "../shared/api.js";
import { outcome } from "../shared/outcome.js";
import { renderStatus } from "../shared/status_panels.js";
import { t } from "../shared/i18n.js";
import { moveAnnouncement } from "./announce.js";
import { describeKingMove, describePiecesMove, inLanguage, loadCoach, loadCoachNote } from "./coach.js";
import { createFenGame } from "./fen_game.js";
import { pgnText, renderPlay } from "./play_render.js";
import { levelRange } from "./settings.js";

/** page: {state, ui, urls, settings, chart, sounds, render(), showPosition(), drawBoard(view), arrows(),
 *  hoverMove(move), markReady(entry), announce(text)} */
export function createPlay(page) {
  const { state, settings } = page;

  const positionChanged = () => page.showPosition();

  const session = createFenGame(state, {
    probeUrl: page.urls.probe,
    pause: () => settings.pause,
    // Not while another position of the line is shown (its redo line would be lost) or in the editor.
    waits: () => state.mode === "play" && state.game.ply === state.game.entries.length - 1,
    onChange: (kind) => {
      if (kind === "start") state.orientation = state.game.user === "w" ? "white" : "black";
      if (kind === "move" || kind === "select") page.render();
      else positionChanged();
    },
    onMoved: (entry, game) => moved(page, entry, game),
  });
  /** @type {import("./play_render.js").Play} */
  const play = { page, session };

  /** A game from a FEN the server wrote; ``fullmove``: its move number (the server's, where it read the FEN). */
  const start = (fen, probe, fullmove = 1) => session.startFen(fen, probe, settings.role, fullmove);

  const { select, boardMove, bestMove, playBest, setPly, undo, redo, restart, scheduleReply, cancelReply, destsOf, over } = session;
  return {
    select, boardMove, bestMove, playBest, setPly, undo, redo, restart, scheduleReply, cancelReply, destsOf, over: () => over(),
    start,
    newPosition: () => newPosition(page, session, start),
    positionChanged,
    render: (heat) => renderPlay(play, heat),
    pgnText: () => pgnText(page),
  };
}

/** A random position of the page's material at the level chosen, its game started. */
async function newPosition(page, session, start) {
  const { state, ui, urls, settings } = page;
  session.cancelReply();
  if (startFirst(page, start)) return;
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

/** The position the server drew with the page (webapp/trainer_first.py), once: started when it is
 * what this visitor's settings ask (its level, either bishop's colour, the men to play), the coach's
 * facts with it; otherwise its advice, written in the page, is taken away (a position not shown). */
function startFirst(page, start) {
  const { first, settings, material } = page;
  page.first = null;
  if (!first) return false;
  if (first.level === settings.level && (!material.bishop || settings.bishop === "random") && settings.role === "pieces") {
    page.state.coachFacts = { fen: first.fen, facts: inLanguage(first.coach) };
    start(first.fen, first.probe);
    return true;
  }
  page.ui.coachAdvice.textContent = "";
  return false;
}

/** A move was played and the position after it is known: sound, words, the coach's note. The
 * note compares the box with the one before the move (the box the user last saw: the reply
 * before it left it as it was, or its own note told how it changed), so that its figures chain. */
async function moved(page, entry, game) {
  const { urls } = page;
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
  if (page.state.game === game) page.render();
}
