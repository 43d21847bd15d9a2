// @ts-check
// Playing a won ending against a tablebase, whatever the board: the values come from the server
// (lichess's conventions: dtm in plies, category for the side to move after a move; mate_in, the
// same in moves), so nothing here knows a chess rule or turns plies into moves. Used by the
// trainer of every basic mate (KBNK's among them) and its lessons, and by the 3D endgames page.

/** The defender's most stubborn replies: every move as good for it as the best one (moves come best first). */
export function stubbornReplies(probe) {
  const best = probe?.moves?.[0];
  if (!best) return [];
  return probe.moves.filter((m) => m.category === best.category && m.dtm === best.dtm);
}

export function pickReply(probe, random = Math.random) {
  const candidates = stubbornReplies(probe);
  return candidates[Math.floor(random() * candidates.length)] || null;
}

import { N_, t, tn } from "./i18n.js";

const LOST_TEXT = N_("After %(move)s the lone king escapes: a piece can be taken or the mate is out of reach.");
const SAVED_TEXT = N_("%(move)s: no mate is left, a draw.");

/**
 * The best move of a won position (the probe's first: the quickest mate) and its mate count: the
 * moves to mate left after it, 0 when it mates at once. Null when the position is not won.
 * @returns {{move: any, mateIn: number} | null}
 */
export function bestWinningMove(before) {
  const first = before?.category === "win" ? before.moves?.[0] : undefined;
  if (!first || !(first.checkmate || first.category === "loss")) return null;
  return { move: first, mateIn: first.checkmate ? 0 : first.mate_in };
}

/**
 * How good a move of the winning side was, from the position's value before it and the move's
 * value after it, compared with the best move's (``bestWinningMove``). `name` names a move as the
 * page writes it (the move played and the best one); `lost` is the message (its move %(move)s)
 * when a move throws the win away.
 * @param {any} before @param {any} move @param {(move: any) => string} name
 */
export function judgeMove(before, move, name, { lost = LOST_TEXT } = {}) {
  const played = name(move);
  if (move.checkmate) return { kind: "mate", title: t("Checkmate!"), text: t("%(move)s mates.", { move: played }) };
  const top = bestWinningMove(before);
  if (!top) return { kind: "neutral", title: played, text: t("The position was not a win before this move.") };
  const best = top.mateIn;
  if (move.category === "draw") {
    return move.stalemate
      ? { kind: "lost", title: t("Stalemate — the win is gone"), text: t("%(move)s leaves the lone king no move.", { move: played }) }
      : { kind: "lost", title: t("The win is gone"), text: t(lost, { move: played }) };
  }
  const now = move.mate_in;
  if (now === best) {
    return { kind: "optimal", title: t("Best move"), text: t("%(move)s: mate in %(now)s now, one move closer.", { move: played, now }), now, best };
  }
  const by = now - best;
  const instead = best === 0
    ? t("%(move)s: mate in %(now)s, when %(best_move)s mated at once.", { move: played, now, best_move: name(top.move) })
    : t("%(move)s: mate in %(now)s instead of %(best)s with %(best_move)s.", { move: played, now, best, best_move: name(top.move) });
  return {
    kind: "slower",
    title: tn("Still winning, %(num)s move slower", "Still winning, %(num)s moves slower", by),
    text: instead,
    now,
    best,
    by,
  };
}

/**
 * How good a move of the defending king was: as stubborn as the best defence, or how much sooner
 * mate comes. `saved` is the message (its move %(move)s) saying why a drawing move saved the game.
 */
export function judgeDefence(before, move, name, saved = SAVED_TEXT) {
  if (move.category === "draw") return { kind: "saved", title: t("Saved!"), text: t(saved, { move: name }) };
  const best = before && stubbornReplies(before)[0];
  if (!best || best.category === "draw") return { kind: "neutral", title: name, text: "" };
  const now = move.mate_in;
  const longest = best.mate_in;
  if (now === longest) {
    return { kind: "optimal", title: t("Most stubborn"), text: t("%(move)s: mate in %(now)s, the longest defence.", { move: name, now }), now, best: longest };
  }
  const by = longest - now;
  return {
    kind: "slower",
    title: tn("Mate comes %(num)s move sooner", "Mate comes %(num)s moves sooner", by),
    text: t("%(move)s: mate in %(now)s; the most stubborn defence holds %(longest)s.", { move: name, now, longest }),
    now,
    best: longest,
    by,
  };
}
