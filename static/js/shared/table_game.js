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

import { judgeMove, movesToMate, pickReply } from "./tablebase_play.js";

export function createTableGame({ probe, play, name, user = "w", pause = 700, onChange = () => {}, onError = () => {} }) {
  let game = null;
  let timer = null;

  const current = () => game && game.entries[game.ply];
  const userToMove = (entry = current()) => entry.position.turn === user;
  const over = (entry = current()) => Boolean(entry?.probe && (entry.probe.moves.length === 0 || entry.probe.category === "draw"
    || entry.probe.checkmate || entry.probe.stalemate));

  function start(position, answer) {
    cancel();
    game = { entries: [{ position, probe: answer, move: null, verdict: null }], ply: 0 };
    changed("start");
  }

  function append(move, by) {
    const before = current();
    const entry = {
      position: play(before.position, move),
      probe: null,
      move: { ...move, by, name: name(move) },
      verdict: by === "user" ? judgeMove(before.probe, move, name(move)) : null,
    };
    game.entries = [...game.entries.slice(0, game.ply + 1), entry];
    game.ply += 1;
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

  function schedule() {
    cancel();
    const entry = current();
    if (!entry || !entry.probe || userToMove(entry) || over(entry)) return;
    timer = window.setTimeout(reply, pause);
  }

  function cancel() {
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
  }

  function reply() {
    cancel();
    const entry = current();
    if (!entry || !entry.probe || userToMove(entry) || over(entry)) return;
    const move = pickReply(entry.probe);
    if (move) append(move, "computer");
  }

  const canUserMove = () => Boolean(current()?.probe && userToMove() && !over());

  /** The user's moves up to the current entry, and the fastest mate from the start (null if not won). */
  function counts() {
    let played = 0;
    for (let i = 1; i <= game.ply; i++) if (game.entries[i].move?.by === "user") played += 1;
    const first = game.entries[0].probe;
    const entry = current();
    return {
      played,
      optimal: first && first.category === "win" ? movesToMate(first.dtm) : null,
      remaining: entry.probe && entry.probe.category !== "draw" ? movesToMate(entry.probe.dtm) : null,
    };
  }

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
      if (!game) return;
      for (let i = game.ply - 1; i >= 0; i--) {
        if (userToMove(game.entries[i])) {
          cancel();
          game.ply = i;
          changed("undo");
          return;
        }
      }
    },
    restart() {
      if (game) start(game.entries[0].position, game.entries[0].probe);
    },
    /** The user's last verdict at or before the current entry. */
    lastVerdict() {
      for (let i = game.ply; i > 0; i--) if (game.entries[i].move.by === "user") return game.entries[i].verdict;
      return null;
    },
  };
}
