// Practise mode: the user plays the side with the pieces against the table's most stubborn
// defence. It owns state.game; the page owns the rest of the state, the board and render().

import { getJson } from "../shared/api.js";
import { probeCached } from "./api.js";
import {
  chartPoints, current, explainHanging, lastReplies, newGame, optimalMoves, outcome, pickReply, playMove,
  remainingMoves, stubbornReplies, userMovesUpTo, userToMove,
} from "./game.js";
import { describePosition, renderCounter, renderMoveList, renderOutcome, renderPlayed, renderStatus, renderVerdict } from "./panels.js";
import { colorName, movesToMate, other } from "./position.js";
import { levelRange } from "./settings.js";

/** page: {state, ui, urls, settings, chart, render(), saveUrl(), refreshHeat(), drawBoard(view),
 *  arrows(), hoverMove(move), markReady(entry)} */
export function createPlay(page) {
  const { state, ui, urls, settings } = page;

  function start(fen, probe) {
    cancelReply();
    state.game = newGame(fen, probe);
    state.loadError = null;
    state.selected = null;
    state.hint = null;
    state.orientation = state.game.user === "w" ? "white" : "black";
    positionChanged();
  }

  async function newPosition() {
    cancelReply();
    const { min, max } = levelRange(settings.level);
    renderStatus(ui.status, { status: "pending", label: "", title: "Finding a position…", detail: "" });
    const result = await getJson(urls.random, { min, max, bishop: settings.bishop });
    if (!result.ok) {
      state.loadError = result;
      page.render();
      return;
    }
    const { fen, ...probe } = result.data;
    start(fen, probe);
  }

  async function withProbe(entry) {
    if (entry.probe) return true;
    const result = await probeCached(urls.probe, entry.fen);
    if (!result.ok) {
      state.loadError = result;
      return false;
    }
    entry.probe = result.data;
    explainHanging(entry);
    return true;
  }

  /** After the shown position changed: draw it, share it, refresh the heat map, let the computer move. */
  function positionChanged() {
    page.render();
    page.saveUrl();
    page.refreshHeat();
    scheduleReply();
  }

  function afterMove(game, entry) {
    page.render();
    withProbe(entry).then(() => {
      if (current(game) === entry && state.game === game) positionChanged();
    });
  }

  function userPlays(move) {
    const entry = playMove(state.game, move, "user");
    state.selected = null;
    state.hint = null;
    afterMove(state.game, entry);
  }

  function scheduleReply() {
    cancelReply();
    const game = state.game;
    if (state.mode !== "play" || !game) return;
    const entry = current(game);
    if (!entry.probe || userToMove(game) || outcome(game) || game.ply !== game.entries.length - 1) return;
    if (settings.pause < 0) return; // waits for Space
    state.replyTimer = window.setTimeout(computerReplies, Math.max(0, settings.pause));
  }

  function cancelReply() {
    if (state.replyTimer !== null) window.clearTimeout(state.replyTimer);
    state.replyTimer = null;
  }

  function computerReplies() {
    cancelReply();
    const game = state.game;
    const entry = current(game);
    if (!entry.probe || userToMove(game) || outcome(game)) return;
    const reply = pickReply(entry.probe);
    if (reply) afterMove(game, playMove(game, reply, "computer"));
  }

  function setPly(ply) {
    const game = state.game;
    if (!game || ply === null || ply < 0 || ply >= game.entries.length) return;
    game.ply = ply;
    state.selected = null;
    state.hint = null;
    const entry = current(game);
    if (!entry.probe) withProbe(entry).then(positionChanged);
    positionChanged();
  }

  function canUserMove() {
    const game = state.game;
    return Boolean(game && current(game).probe && userToMove(game) && !outcome(game));
  }

  function destsOf(square) {
    const probe = state.game && current(state.game).probe;
    if (!probe || !square) return [];
    return probe.moves.filter((m) => m.uci.startsWith(square)).map((m) => m.uci.slice(2, 4));
  }

  function select(key) {
    const piece = key && current(state.game)?.position.pieces[key];
    state.selected = piece && piece[0] === state.game.user && canUserMove() ? key : null;
    page.render();
  }

  function boardMove(from, to) {
    if (!canUserMove()) return;
    const move = current(state.game).probe.moves.find((m) => m.uci === from + to);
    if (move) userPlays(move);
  }

  /** Space / "Best move": the computer's reply when it is its turn, else the user's best move. */
  function playBest() {
    const game = state.game;
    if (game && current(game).probe && !userToMove(game) && !outcome(game)) computerReplies();
    else if (canUserMove()) userPlays(current(game).probe.moves[0]);
  }

  const bestMove = () => (canUserMove() ? current(state.game).probe.moves[0] : null);

  function render(heat) {
    const game = state.game;
    if (!game) {
      if (state.loadError) renderStatus(ui.status, describePosition(null, "w", state.loadError));
      return;
    }
    const entry = current(game);
    const over = entry.probe ? outcome(game) : null;
    const computerToMove = entry.probe && !userToMove(game) && !over;
    page.root.dataset.ply = String(game.ply);
    page.root.dataset.turn = over ? "over" : !entry.probe ? "waiting" : computerToMove ? "computer" : "user";
    page.drawBoard({
      orientation: state.orientation,
      pieces: entry.position.pieces,
      movable: true,
      freeMoves: false,
      editable: false,
      palette: null,
      selected: state.selected,
      dests: destsOf(state.selected),
      lastMove: entry.move ? [entry.move.from, entry.move.to] : null,
      check: checkedKing(entry),
      arrows: page.arrows(),
      heat: heat.heat,
      badges: heat.badges || (computerToMove ? replyBadges(entry) : null),
    });
    renderStatus(ui.status, describePosition(entry.probe, entry.position.turn, state.loadError));
    renderOutcome(ui.outcome, over);
    renderVerdictPanel(game);
    renderCounter(ui.counter, {
      played: userMovesUpTo(game),
      remaining: entry.probe ? remainingMoves(entry) : null,
      optimal: optimalMoves(game),
    });
    renderReplies(game, computerToMove);
    page.chart.render({ points: chartPoints(game), optimal: optimalMoves(game), currentPly: game.ply });
    renderPlayed(ui.played, game, setPly);
    page.markReady(entry);
  }

  function renderVerdictPanel(game) {
    let verdict = null;
    for (let i = game.ply; i > 0 && !verdict; i--) if (game.entries[i].move.by === "user") verdict = game.entries[i].verdict;
    const user = colorName(game.user);
    renderVerdict(ui.verdict, verdict, game.ply === 0 && !userToMove(game)
      ? `${colorName(other(game.user))} moves first. You play ${user}.`
      : `You play ${user}: mate the lone king. Drag or click a piece; h for a hint.`);
  }

  function renderReplies(game, computerToMove) {
    const replies = lastReplies(game);
    const lone = colorName(other(game.user));
    if (!replies) {
      ui.repliesTitle.textContent = `${lone}'s replies`;
      const note = document.createElement("li");
      note.className = "kbn-empty";
      note.textContent = `After your move, every reply of the ${lone.toLowerCase()} king with its distance to mate.`;
      ui.replies.replaceChildren(note);
      return;
    }
    const waiting = computerToMove && replies.index === game.ply;
    const after = replies.entry.move ? ` to ${replies.entry.move.san}` : "";
    ui.repliesTitle.textContent = waiting && settings.pause < 0
      ? `${lone}'s replies${after} — Space or “Best move” plays one`
      : `${lone}'s replies${after}`;
    renderMoveList(ui.replies, replies.entry.probe.moves, {
      mover: replies.entry.position.turn,
      played: replies.played,
      best: stubbornReplies(replies.entry.probe).map((m) => m.uci),
      onHover: page.hoverMove,
    });
  }

  return {
    start, newPosition, setPly, select, boardMove, playBest, bestMove, scheduleReply, cancelReply,
    positionChanged, render,
  };
}

/** The king in check, as the server says (the probe's ``check``), found on the shown board. */
export function checkedKing(entry) {
  if (!entry.probe?.check) return null;
  const pieces = entry.position.pieces;
  return Object.keys(pieces).find((k) => pieces[k] === `${entry.position.turn}K`) || null;
}

/** Badges on the lone king's destinations while it is to move: the distance to mate after each. */
function replyBadges(entry) {
  const badges = {};
  const stubborn = new Set(stubbornReplies(entry.probe).map((m) => m.uci));
  for (const move of entry.probe.moves) {
    const to = move.uci.slice(2, 4);
    if (move.category === "draw") badges[to] = { text: move.stalemate ? "½" : "=", tone: "draw" };
    else {
      const n = movesToMate(move.dtm);
      badges[to] = stubborn.has(move.uci) ? { text: String(n), dtm: n, tone: "loss" } : { text: String(n), dtm: n };
    }
  }
  return badges;
}
