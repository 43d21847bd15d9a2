// One game against the table, without any DOM: the user's moves, the computer's replies after a
// pause, each position's probe fetched once. Used by the trainer (play.js) and the lessons
// (learn.js); each draws the game its own way from the hooks.

import { probeCached } from "./api.js";
import { current, explainHanging, newGame, outcome, pickReply, playMove, userToMove } from "./game.js";

/**
 * state: {game, selected, hint, replyTimer, loadError} (the page's state object; the session owns
 *   these fields). hooks: {probeUrl, pause() -> ms (-1: wait for Space), active() -> bool,
 *   started(game) (a new game, before it is drawn), render(), changed() (the shown position changed: render, share it...), moved(entry, game) (a
 *   move was played and its position's probe is known)}.
 */
export function createSession(state, hooks) {
  function start(fen, probe, role = "pieces") {
    cancelReply();
    state.game = newGame(fen, probe, role);
    state.loadError = null;
    state.selected = null;
    state.hint = null;
    hooks.started?.(state.game);
    changed();
  }

  async function withProbe(entry) {
    if (entry.probe) return true;
    const result = await probeCached(hooks.probeUrl, entry.fen);
    if (!result.ok) {
      state.loadError = result;
      return false;
    }
    entry.probe = result.data;
    explainHanging(entry);
    return true;
  }

  function afterMove(game, entry) {
    hooks.render();
    withProbe(entry).then((known) => {
      if (known) hooks.moved?.(entry, game);
      if (current(game) === entry && state.game === game) changed();
    });
  }

  function changed() {
    hooks.changed();
    scheduleReply();
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
    if (!hooks.active() || !game) return;
    const entry = current(game);
    if (!entry.probe || userToMove(game) || outcome(game) || game.ply !== game.entries.length - 1) return;
    const pause = hooks.pause();
    if (pause < 0) return; // waits for Space
    state.replyTimer = window.setTimeout(computerReplies, Math.max(0, pause));
  }

  function cancelReply() {
    if (state.replyTimer !== null && state.replyTimer !== undefined) window.clearTimeout(state.replyTimer);
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
    if (!entry.probe) withProbe(entry).then(changed);
    changed();
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
    hooks.render();
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

  return {
    start, setPly, select, boardMove, playBest, bestMove, scheduleReply, cancelReply, changed, canUserMove,
    destsOf, withProbe,
  };
}
