// A game against a tablebase, whatever the board: the user plays the winning side, the computer
// the table's most stubborn defence. This module owns the positions played, the turn order, the
// probes and the reply timer; the page says how to probe and move a position and draws on
// ``onChange``. No DOM and no chess rules: legal moves and values come from the server.
//
//   const table = createTableGame({ probe, play, name, pause: 700, onChange: render });
//   table.start(position, probeAnswer); table.userPlays(move); table.undo(); table.restart();
//
// Positions are the page's objects with a ``turn`` ("w" | "b"); probes answer like
// /api/tablebase ({category, dtm, checkmate, stalemate, moves: best first}).

import * as line from "./game_line.js";
import { createReplyTimer } from "./reply_timer.js";
import { judgeMove, pickReply } from "./tablebase_play.js";

export function createTableGame({ probe, play, name, user = "w", pause = 700, onChange = () => {}, onError = () => {} }) {
  let game = null;

  const current = () => game && line.current(game);
  const userToMove = (entry = current()) => line.userToMove(game, entry);
  const over = (entry = current()) => Boolean(entry?.probe && (entry.probe.moves.length === 0 || entry.probe.category === "draw"
    || entry.probe.checkmate || entry.probe.stalemate));

  function start(position, answer) {
    cancel();
    game = { user, entries: [{ position, probe: answer, move: null, verdict: null }], ply: 0 };
    changed("start");
  }

  function append(move, by) {
    const before = current();
    const entry = line.appendEntry(game, {
      position: play(before.position, move),
      probe: null,
      move: { ...move, by, name: name(move) },
      verdict: by === "user" ? judgeMove(before.probe, move, name(move)) : null,
    });
    onChange("move");
    const playing = game;
    probe(entry.position).then((result) => {
      if (!result.ok) {
        onError(result);
        return;
      }
      entry.probe = result.data;
      if (game === playing && current() === entry) changed("probe");
    });
  }

  function changed(kind) {
    onChange(kind);
    schedule();
  }

  const replies = createReplyTimer({
    ready: () => Boolean(current()?.probe && !userToMove() && !over()),
    reply: () => {
      const move = pickReply(current().probe);
      if (move) append(move, "computer");
    },
    pause: () => pause,
  });
  const schedule = replies.schedule;
  const cancel = replies.cancel;

  const canUserMove = () => Boolean(current()?.probe && userToMove() && !over());

  /** The user's moves up to the current entry, and the fastest mate from the start (null if not won). */
  const counts = () => ({
    played: line.userMovesUpTo(game),
    optimal: line.optimalMoves(game),
    remaining: line.remainingMoves(current()),
  });

  return {
    start,
    current,
    userToMove,
    over,
    canUserMove,
    counts,
    get game() {
      return game;
    },
    userPlays(move) {
      if (canUserMove()) append(move, "user");
    },
    undo() {
      const target = game ? line.previousUserTurn(game) : null;
      if (target === null) return;
      cancel();
      game.ply = target;
      changed("undo");
    },
    restart() {
      if (game) start(game.entries[0].position, game.entries[0].probe);
    },
    /** The user's last verdict at or before the current entry. */
    lastVerdict: () => line.lastUserEntry(game)?.verdict || null,
  };
}
