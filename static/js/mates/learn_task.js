// @ts-check
// A lesson's position as a task, judged from the table's values (the server's: each entry's probe)
// and the line played: mated within the allowance, out of reach (more moves needed than remain
// allowed, or the win gone), the move where it went wrong, and the words of each result. No DOM,
// no chess rule: the values say it all.

import { remainingMoves, userMovesUpTo } from "../shared/game_line.js";
import { outcome } from "../shared/outcome.js";
import { moveName, t } from "../shared/i18n.js";
import { moveCount } from "../shared/words.js";

/** @typedef {import("../shared/types.js").Game} Game */
/** @typedef {import("../shared/types.js").Entry} Entry */

/**
 * The position being practised: its FEN and probe, the fastest mate and the moves allowed,
 * the review it came back as (if it did), whether its result is recorded, the help used, the
 * retry from the mistake under way, and the result shown.
 * @typedef {{fen: string, probe: import("../shared/types.js").ProbeAnswer, optimal: number, allowed: number,
 *   review: import("./review_days.js").Review | null, recorded: boolean, helped: null | "hint" | "best",
 *   retry: {from: number, move: string} | null, result: Result | null}} Task
 */

/**
 * kind: "star" | "passed" | "helped" | "failed" | "drawn" | "retried" | "practice"; ``retry``: the
 * position to retry from (the entry's index) when the result offers it; ``practice``: whether it
 * offers to finish the position for practice (only where it is still won).
 * @typedef {{kind: string, text: string, retry?: number | null, practice?: boolean}} Result
 */

/**
 * Where the task stands at ``entry`` (the latest of the line): mated (within the allowance or
 * not), drawn (the game is over without mate: stalemate, material, the fifty-move rule, or the
 * table says the position is a draw), out of reach (still won, but more moves are needed than
 * remain allowed), or on track.
 * @param {{allowed: number}} task
 * @param {Game} game
 * @param {Entry} entry
 * @returns {{state: "mated" | "mated-late" | "drawn" | "out-of-reach" | "on-track", played: number, text?: string}}
 */
export function taskState(task, game, entry) {
  const played = userMovesUpTo(game, game.entries.indexOf(entry));
  const over = outcome(game, entry, { drawEnds: true });
  if (over?.status === "checkmate") return { state: played <= task.allowed ? "mated" : "mated-late", played };
  if (over) return { state: "drawn", played, text: over.text };
  const left = remainingMoves(entry);
  if (left === null) return { state: "drawn", played, text: t("No forced mate any more: a draw.") };
  return { state: played + left > task.allowed ? "out-of-reach" : "on-track", played };
}

/**
 * The learner's first move after which the allowance could no longer be kept (or the win was
 * gone): ``index``, the entry before it (the learner to move: retry from there), ``move``, its
 * name, and ``number``, which of the learner's moves it was. Null when none went wrong.
 * @param {Game} game
 * @param {number} allowed
 * @returns {{index: number, move: string, number: number} | null}
 */
export function firstMistake(game, allowed) {
  for (let i = 1; i < game.entries.length; i++) {
    const entry = game.entries[i];
    if (entry.move?.by !== "user" || !entry.probe) continue;
    const played = userMovesUpTo(game, i);
    const left = entry.probe.checkmate ? 0 : remainingMoves(entry);
    if (left === null || played + left > allowed) return { index: i - 1, move: entry.move.name, number: played };
  }
  return null;
}

/**
 * The result of a task that just ended or went out of reach (``state`` from taskState), before
 * the progress is told: the words of a miss, the draw and the move where it went wrong.
 * @param {Task} task
 * @param {Game} game
 * @param {ReturnType<typeof taskState>} state
 * @returns {Result}
 */
export function missResult(task, game, state) {
  const { first, rest, mistake } = missWords(task, game, state);
  return { kind: state.state === "drawn" ? "drawn" : "failed", text: `${first} ${rest}`, retry: mistake?.index ?? null,
           practice: state.state !== "drawn" };
}

/** A miss in words: its first sentence (what happened), then the rest (where, and what next). */
function missWords(task, game, state) {
  const mistake = firstMistake(game, task.allowed);
  const where = mistake ? t("Your move %(number)s, %(move)s, let it go.", { number: mistake.number, move: mistake.move }) + " " : "";
  if (state.state === "drawn") {
    const why = lowerFirst(state.text || t("a draw."));
    return { mistake, first: t("The win is gone: %(why)s", { why }),
             rest: where + (mistake ? t("Retry from that move, or go on: this position will come back after the next one.")
               : t("Go on: this position will come back after the next one.")) };
  }
  return { mistake, first: t("Mate is out of reach within %(moves)s.", { moves: moveCount(task.allowed) }),
           rest: where + (mistake ? t("Retry from that move, finish it for practice, or go on: this position will come back after the next one.")
             : t("Finish it for practice, or go on: this position will come back after the next one.")) };
}

/**
 * The result of a retry from the mistake (the task already recorded as missed).
 * @param {Task} task
 * @param {Game} game
 * @param {ReturnType<typeof taskState>} state
 * @returns {Result | null}
 */
export function retryResult(task, game, state) {
  if (state.state === "mated") {
    return { kind: "retried", text: t("Mate in %(num)s on the retry: that is the way. The position still comes back for review.", { num: state.played }) };
  }
  if (state.state === "on-track" || state.state === "mated-late") return null;
  const miss = missResult(task, game, state);
  return { ...miss, text: t("Out of reach again.") + " " + missWords(task, game, state).rest };
}

/** @param {string} text */
function lowerFirst(text) {
  return text ? text[0].toLowerCase() + text.slice(1) : text;
}

/**
 * The result of a position mated within the allowance, as the progress counted it: ``star`` earned,
 * ``stars`` and ``cleared`` now, the ``round``'s size, when a review comes back (``comes``: "tomorrow")
 * or whether it is learnt; helped, it earned nothing.
 * @param {{allowed: number, helped: Task["helped"]}} task
 * @param {{played: number, star: boolean, stars: number, cleared: number, round: number, comes: string | null, learnt: boolean}} counted
 * @returns {Result}
 */
export function passResult(task, { played, star, stars, cleared, round, comes, learnt }) {
  const back = comes ? " " + t("It comes back %(when)s.", { when: comes }) : learnt ? " " + t("Reviewed for the last time: learnt.") : "";
  const counts = { played, cleared, round, stars, allowed: task.allowed };
  if (task.helped) {
    return { kind: "helped", text: (task.helped === "best"
      ? t("Mate in %(played)s with the best move shown: no credit toward the next star (still %(cleared)s of %(round)s), since help costs it.", counts)
      : t("Mate in %(played)s with a hint: no credit toward the next star (still %(cleared)s of %(round)s), since help costs it.", counts)) + back };
  }
  if (star) return { kind: "star", text: t("Mate in %(played)s! A star: %(stars)s of 3.", counts) + (stars === 1 ? " " + t("Lesson passed.") : "") + back };
  return { kind: "passed", text: t("Mate in %(played)s (allowed %(allowed)s): cleared, %(cleared)s of %(round)s toward the next star.", counts) + back };
}

/**
 * The help shown on the board: the hint's square marked (``hint``), the best move as a green arrow,
 * the move that went wrong as a red one while retrying from before it; on top of ``marks`` (the coach's).
 * @param {{kind: "hint" | "best", from: string, to: string} | null} help
 * @param {{keys: {from: string | number[], to: string | number[]}} | null} mistake
 * @param {Object<string, string[]> | null} marks
 */
export function helpOnBoard(help, mistake, marks) {
  /** @type {Object<string, string[]>} */
  const marked = { ...(marks || {}) };
  const arrows = [];
  if (mistake) arrows.push({ from: String(mistake.keys.from), to: String(mistake.keys.to), brush: "red" });
  if (help?.kind === "best") arrows.push({ from: help.from, to: help.to, brush: "green" });
  if (help) marked[help.from] = [...(marked[help.from] || []), "hint"];
  return { marks: marked, arrows };
}

/**
 * The verdict panel's words for the help shown (``piece``: the name of the man on the hint's
 * square) or the retry under way; null when neither.
 * @param {{kind: "hint" | "best", from: string, san: string} | null} help
 * @param {string} piece
 * @param {{name: string} | null} mistake
 */
export function helpVerdict(help, piece, mistake) {
  if (help?.kind === "best") return { kind: "hint", title: t("Best move: %(move)s.", { move: moveName(help.san) }), text: t("Play it (the arrow) and watch what it does.") };
  if (help) return { kind: "hint", title: t("Hint:"), text: t("move your %(piece)s (on %(square)s).", { piece, square: help.from }) };
  if (mistake) return { kind: "slower", title: t("Retry from here:"), text: t("%(move)s let the mate slip (the red arrow). Find a better move.", { move: mistake.name }) };
  return null;
}
