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
 * A game's wiring: the page's state and configuration, the closures over them (the shown entry,
 * whose turn, the end), the computer's reply timer.
 * @typedef {{state: import("./types.js").TableGameState, config: import("./types.js").TableGameConfig,
 *   onChange: (kind: import("./types.js").ChangeKind) => void, current: () => Entry | null, userToMove: (entry?: Entry | null) => boolean,
 *   over: (entry?: Entry | null) => boolean, canUserMove: () => boolean,
 *   replies: ReturnType<typeof createReplyTimer>}} Table
 */

/**
 * @param {import("./types.js").TableGameState} state  the page's state object
 * @param {import("./types.js").TableGameConfig} config
 * @returns {import("./types.js").TableGame}
 */
export function createTableGame(state, config) {
  const { pause = () => 700, waits = () => true, drawEnds = false } = config;

  /** @returns {Entry | null} */
  const current = () => (state.game ? line.current(state.game) : null);
  const userToMove = (entry = current()) => Boolean(state.game && entry && line.userToMove(state.game, entry));

  /** Whether the game has ended at ``entry``, from its probe (outcome.js ``gameEnd``: mate,
   * stalemate, a draw by material or the fifty-move rule, and any draw where ``drawEnds``). */
  const over = (entry = current()) => gameEnd(entry?.probe, { drawEnds }) !== null;

  const canUserMove = () => Boolean(current()?.probe && userToMove() && !over());

  /** @type {Table} */
  const g = {
    state, config, onChange: config.onChange || (() => {}), current, userToMove, over, canUserMove,
    replies: createReplyTimer({
      ready: () => Boolean(current()?.probe && !userToMove() && !over()),
      waits: () => Boolean(state.game && waits()),
      pause: () => pause(),
      reply: () => {
        const move = pickReply(current()?.probe);
        if (move) append(g, move, "computer");
      },
    }),
  };
  return tableGameApi(g);
}

/** @param {Table} g */
function clearMarks(g) {
  g.state.selected = null;
  g.state.hint = null;
}

/**
 * A new game from its first entry's fields (at least ``position``) and its probe answer.
 * @param {Table} g
 * @param {import("./types.js").FirstEntry} first
 * @param {ProbeAnswer} answer
 * @param {{role?: "pieces" | "king", strong?: import("./types.js").Color}} [sides]
 */
function start(g, first, answer, { role = "pieces", strong = "w" } = {}) {
  g.replies.cancel();
  const user = role === "king" ? line.other(strong) : strong;
  g.state.game = { role, strong, user, entries: [{ ...first, probe: answer, move: null, verdict: null }], ply: 0 };
  g.state.error = null;
  clearMarks(g);
  changed(g, "start");
}

/** @param {Table} g */
function changed(g, kind) {
  g.onChange(kind);
  g.replies.schedule();
}

/**
 * Fetches the entry's probe unless known; false (and state.error) when the server could not answer.
 * @param {Table} g
 */
async function withProbe(g, entry) {
  if (entry.probe) return true;
  const result = await g.config.probe(entry);
  if (!result.ok) {
    g.state.error = result;
    return false;
  }
  entry.probe = result.data;
  entry.verdict = hangingVerdict(entry, g.config.keys) ?? entry.verdict;
  return true;
}

/** @param {Table} g */
function judge(g, game, before, move) {
  const { name, lost } = g.config;
  if (game.role === "king") return judgeDefence(before, move, name(move), move.zeroing ? N_("%(move)s: the king takes a piece, a draw.") : undefined);
  return judgeMove(before, move, name, lost ? { lost } : undefined);
}

/**
 * The verdict naming the man left hanging, once the position after the user's losing move is
 * known (its probe has the king's capture); null when there is none to name.
 * @param {Entry} entry
 * @param {(move: ProbeMove) => {from: string, to: string}} keys
 */
export function hangingVerdict(entry, keys) {
  if (entry.verdict?.kind !== "lost" || !entry.probe) return null;
  const capture = entry.probe.moves.find((m) => m.zeroing);
  if (!capture) return null;
  const square = keys(capture).to;
  const kind = entry.position.pieces[square][1];
  return { ...entry.verdict, text: t(HANGING[kind] || HANGING.N, { move: entry.move?.name, square }) };
}

/**
 * Plays a move of the shown entry's probe (dropping any redo line), then fetches the probe after it.
 * @param {Table} g
 */
function append(g, move, by) {
  const { state, config } = g;
  const game = state.game;
  if (!game) return;
  const before = line.current(game);
  const entry = line.appendEntry(game, {
    ...config.play(before, move),
    probe: null,
    move: { ...move, by, name: config.name(move), keys: config.keys(move) },
    verdict: by === "user" ? judge(g, game, before.probe, move) : null,
  });
  g.onChange("move");
  withProbe(g, entry).then((known) => {
    if (known) config.onMoved?.(entry, game);
    if (state.game === game && g.current() === entry) changed(g, known ? "probe" : "error");
  });
}

/** @param {Table} g */
function userPlays(g, move) {
  if (!g.canUserMove()) return;
  clearMarks(g);
  append(g, move, "user");
}

/**
 * Shows another entry of the line (undo, redo, the move list); its probe is fetched if unknown.
 * @param {Table} g
 * @param {number | null} ply
 */
function setPly(g, ply) {
  const game = g.state.game;
  if (!game || ply === null || ply < 0 || ply >= game.entries.length) return;
  game.ply = ply;
  clearMarks(g);
  const entry = line.current(game);
  if (!entry.probe) withProbe(g, entry).then(() => changed(g, "probe"));
  changed(g, "ply");
}

/**
 * The user's best move, when it is the user's turn.
 * @param {Table} g
 * @returns {ProbeMove | null}
 */
const bestMove = (g) => (g.canUserMove() ? g.current()?.probe?.moves[0] ?? null : null);

/**
 * The fifty-move rule at ``entry`` of ``entries``, from the latest probe the server gave up to it.
 * @param {Entry[]} entries
 * @param {Entry | null} entry
 * @returns {FiftyMoves}
 */
export function fiftyMovesAt(entries, entry) {
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

/**
 * The game's methods (types.js: TableGame).
 * @param {Table} g
 * @returns {import("./types.js").TableGame}
 */
function tableGameApi(g) {
  const { state, config: { keys }, current, userToMove, over, canUserMove, replies } = g;
  return {
    start: (first, answer, sides) => start(g, first, answer, sides),
    current,
    userToMove,
    over,
    canUserMove,
    setPly: (ply) => setPly(g, ply),
    userPlays: (move) => userPlays(g, move),
    bestMove: () => bestMove(g),
    /** The fifty-move rule at this entry, from the latest probe the server gave up to it. */
    fiftyMoves: (entry) => fiftyMovesAt(state.game?.entries || [], entry === undefined ? current() : entry),
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
      g.onChange("select");
    },
    boardMove(from, to) {
      const moves = canUserMove() ? current()?.probe?.moves || [] : [];
      const move = moves.find((m) => keys(m).from === from && keys(m).to === to);
      if (move) userPlays(g, move);
    },
    /** Space / "Best move": the computer's reply when it is its turn, else the user's best move. */
    playBest() {
      if (current()?.probe && !userToMove() && !over()) replies.now();
      else {
        const best = bestMove(g);
        if (best) userPlays(g, best);
      }
    },
    /** Back to the user's previous turn (or the start). */
    undo() {
      if (state.game) setPly(g, line.previousUserTurn(state.game) ?? (state.game.ply > 0 ? 0 : null));
    },
    /** On to the user's next turn in the redo line (or its end). */
    redo() {
      const game = state.game;
      if (game) setPly(g, line.nextUserTurn(game) ?? (game.ply < game.entries.length - 1 ? game.entries.length - 1 : null));
    },
    restart() {
      const game = state.game;
      if (!game) return;
      const { probe: answer, move: _move, verdict: _verdict, ...first } = game.entries[0];
      if (answer) start(g, first, answer, { role: game.role, strong: game.strong });
    },
    /** The user's last move at or before the shown entry (its verdict, its coach's note). */
    lastUserEntry: () => (state.game ? line.lastUserEntry(state.game) : null),
  };
}
