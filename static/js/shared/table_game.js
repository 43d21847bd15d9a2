// @ts-check
// A game against a tablebase, whatever the board: the 2D trainer and its lessons, the 3D endgames
// page. It owns the positions played, the turn order (the user plays the side with the men, or in
// defence mode the lone king), each position's probe fetched once, the computer's reply after a
// pause, the verdicts, undo/redo and the end of the game. The page says how to probe an entry and
// play a move on its board, and draws on ``onChange``. No DOM and no chess rules: legal moves,
// values and the fifty-move count come from the server. Types: types.js.
//
//   const table = createTableGame(state, { probe, play, name, keys, pause, onChange });
//   table.start({ position }, answer); table.boardMove(from, to); table.undo(); table.restart();

import { N_, t } from "./i18n.js";
import * as line from "./game_line.js";
import { gameEnd } from "./outcome.js";
import { createReplyTimer } from "./reply_timer.js";
import { judgeDefence, judgeMove, pickReply } from "./tablebase_play.js";

/** @typedef {import("./types.js").Entry} Entry */
/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").ProbeAnswer} ProbeAnswer */
/** @typedef {import("./types.js").ProbeMove} ProbeMove */
/** @typedef {import("./types.js").FiftyMoves} FiftyMoves */

/** The fifty-move rule's number of moves (the counting is the server's: the probe's fifty_move_* fields). */
export const FIFTY = 50;

/** A man left where the lone king takes it, by its kind: the verdict's text. */
const HANGING = {
  Q: N_("%(move)s leaves the queen on %(square)s unprotected: the king takes it."),
  R: N_("%(move)s leaves the rook on %(square)s unprotected: the king takes it."),
  B: N_("%(move)s leaves the bishop on %(square)s unprotected: the king takes it."),
  N: N_("%(move)s leaves the knight on %(square)s unprotected: the king takes it."),
};

/**
 * @param {import("./types.js").TableGameState} state  the page's state object
 * @param {import("./types.js").TableGameConfig} config
 * @returns {import("./types.js").TableGame}
 */
export function createTableGame(state, config) {
  const { probe, play, name, keys, pause = () => 700, waits = () => true, drawEnds = false, lost } = config;
  const onChange = config.onChange || (() => {});

  /** @returns {Entry | null} */
  const current = () => (state.game ? line.current(state.game) : null);
  const userToMove = (entry = current()) => Boolean(state.game && entry && line.userToMove(state.game, entry));

  /** Whether the game has ended at ``entry``, from its probe (outcome.js ``gameEnd``: mate,
   * stalemate, a draw by material or the fifty-move rule, and any draw where ``drawEnds``). */
  const over = (entry = current()) => gameEnd(entry?.probe, { drawEnds }) !== null;

  const canUserMove = () => Boolean(current()?.probe && userToMove() && !over());

  function clearMarks() {
    state.selected = null;
    state.hint = null;
  }

  /**
   * A new game from its first entry's fields (at least ``position``) and its probe answer.
   * @param {import("./types.js").FirstEntry} first
   * @param {ProbeAnswer} answer
   * @param {{role?: "pieces" | "king", strong?: import("./types.js").Color}} [sides]
   */
  function start(first, answer, { role = "pieces", strong = "w" } = {}) {
    replies.cancel();
    const user = role === "king" ? line.other(strong) : strong;
    state.game = { role, strong, user, entries: [{ ...first, probe: answer, move: null, verdict: null }], ply: 0 };
    state.error = null;
    clearMarks();
    changed("start");
  }

  function changed(kind) {
    onChange(kind);
    replies.schedule();
  }

  /** Fetches the entry's probe unless known; false (and state.error) when the server could not answer. */
  async function withProbe(entry) {
    if (entry.probe) return true;
    const result = await probe(entry);
    if (!result.ok) {
      state.error = result;
      return false;
    }
    entry.probe = result.data;
    explainHanging(entry);
    return true;
  }

  function judge(game, before, move) {
    if (game.role === "king") return judgeDefence(before, move, name(move), move.zeroing ? N_("%(move)s: the king takes a piece, a draw.") : undefined);
    return judgeMove(before, move, name, lost ? { lost } : undefined);
  }

  /** Names the man left hanging, once the position after the user's move is known. */
  function explainHanging(entry) {
    if (entry.verdict?.kind !== "lost" || !entry.probe) return;
    const capture = entry.probe.moves.find((m) => m.zeroing);
    if (!capture) return;
    const square = keys(capture).to;
    const kind = entry.position.pieces[square][1];
    entry.verdict = { ...entry.verdict, text: t(HANGING[kind] || HANGING.N, { move: entry.move?.name, square }) };
  }

  /** Plays a move of the shown entry's probe (dropping any redo line), then fetches the probe after it. */
  function append(move, by) {
    const game = state.game;
    if (!game) return;
    const before = line.current(game);
    const entry = line.appendEntry(game, {
      ...play(before, move),
      probe: null,
      move: { ...move, by, name: name(move), keys: keys(move) },
      verdict: by === "user" ? judge(game, before.probe, move) : null,
    });
    onChange("move");
    withProbe(entry).then((known) => {
      if (known) config.onMoved?.(entry, game);
      if (state.game === game && current() === entry) changed(known ? "probe" : "error");
    });
  }

  function userPlays(move) {
    if (!canUserMove()) return;
    clearMarks();
    append(move, "user");
  }

  const replies = createReplyTimer({
    ready: () => Boolean(current()?.probe && !userToMove() && !over()),
    waits: () => Boolean(state.game && waits()),
    pause: () => pause(),
    reply: () => {
      const move = pickReply(current()?.probe);
      if (move) append(move, "computer");
    },
  });

  /** Shows another entry of the line (undo, redo, the move list); its probe is fetched if unknown. */
  function setPly(ply) {
    const game = state.game;
    if (!game || ply === null || ply < 0 || ply >= game.entries.length) return;
    game.ply = ply;
    clearMarks();
    const entry = line.current(game);
    if (!entry.probe) withProbe(entry).then(() => changed("probe"));
    changed("ply");
  }

  /** The user's best move, when it is the user's turn. @returns {ProbeMove | null} */
  const bestMove = () => (canUserMove() ? current()?.probe?.moves[0] ?? null : null);

  /**
   * The fifty-move rule at this entry, from the latest probe the server gave up to it.
   * @returns {FiftyMoves}
   */
  function fiftyMoves(entry = current()) {
    const entries = state.game?.entries || [];
    let index = entry ? entries.indexOf(entry) : -1;
    while (index > 0 && !entries[index].probe) index -= 1;
    const known = index < 0 ? null : entries[index].probe;
    if (!known) return { used: 0, left: FIFTY, first: false };
    return {
      used: known.fifty_move_count ?? 0,
      left: known.fifty_move_moves_left ?? FIFTY,
      first: Boolean(known.fifty_move_draws_first && !known.checkmate),
    };
  }

  return {
    start,
    current,
    userToMove,
    over,
    canUserMove,
    setPly,
    userPlays,
    bestMove,
    fiftyMoves,
    get game() {
      return state.game;
    },
    scheduleReply: () => replies.schedule(),
    cancelReply: () => replies.cancel(),
    /** The user's moves up to the shown entry, and the fastest mate from the start and from here (null if not won). */
    counts: () => {
      const entry = current();
      if (!state.game || !entry) return { played: 0, optimal: null, remaining: null };
      return { played: line.userMovesUpTo(state.game), optimal: line.optimalMoves(state.game), remaining: line.remainingMoves(entry) };
    },
    /** The shown entry's moves from ``key``, as board keys (none unless the user may move). */
    destsOf(key) {
      const probe = current()?.probe;
      if (!key || !probe || !canUserMove()) return [];
      return probe.moves.map(keys).filter((m) => m.from === key).map((m) => m.to);
    },
    /** Selects a square of the user's pieces (any other key, or none, clears the selection). */
    select(key) {
      const piece = key && current()?.position.pieces[key];
      state.selected = piece && piece[0] === state.game?.user && canUserMove() ? key : null;
      onChange("select");
    },
    boardMove(from, to) {
      const moves = canUserMove() ? current()?.probe?.moves || [] : [];
      const move = moves.find((m) => keys(m).from === from && keys(m).to === to);
      if (move) userPlays(move);
    },
    /** Space / "Best move": the computer's reply when it is its turn, else the user's best move. */
    playBest() {
      if (current()?.probe && !userToMove() && !over()) replies.now();
      else {
        const best = bestMove();
        if (best) userPlays(best);
      }
    },
    /** Back to the user's previous turn (or the start). */
    undo() {
      if (state.game) setPly(line.previousUserTurn(state.game) ?? (state.game.ply > 0 ? 0 : null));
    },
    /** On to the user's next turn in the redo line (or its end). */
    redo() {
      const game = state.game;
      if (game) setPly(line.nextUserTurn(game) ?? (game.ply < game.entries.length - 1 ? game.entries.length - 1 : null));
    },
    restart() {
      const game = state.game;
      if (!game) return;
      const { probe: answer, move: _move, verdict: _verdict, ...first } = game.entries[0];
      if (answer) start(first, answer, { role: game.role, strong: game.strong });
    },
    /** The user's last move at or before the shown entry (its verdict, its coach's note). */
    lastUserEntry: () => (state.game ? line.lastUserEntry(state.game) : null),
  };
}
