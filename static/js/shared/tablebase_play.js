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

const LOST_TEXT = "the lone king escapes: a piece can be taken or the mate is out of reach.";

/**
 * How good a move of the winning side was, from the position's value before it and the move's
 * value after it. `name` is how the page writes the move; `lost` ends the sentence "After <name> …"
 * when a move throws the win away.
 */
export function judgeMove(before, move, name, { lost = LOST_TEXT } = {}) {
  if (move.checkmate) return { kind: "mate", title: "Checkmate!", text: `${name} mates.` };
  if (!before || before.category !== "win") {
    return { kind: "neutral", title: name, text: "The position was not a win before this move." };
  }
  const best = before.mate_in - 1;
  if (move.category === "draw") {
    return move.stalemate
      ? { kind: "lost", title: "Stalemate — the win is gone", text: `${name} leaves the lone king no move.` }
      : { kind: "lost", title: "The win is gone", text: `After ${name} ${lost}` };
  }
  const now = move.mate_in;
  if (now === best) {
    return { kind: "optimal", title: "Best move", text: `${name}: mate in ${now} now, one move closer.`, now, best };
  }
  const by = now - best;
  return {
    kind: "slower",
    title: `Still winning, ${by} move${by === 1 ? "" : "s"} slower`,
    text: `${name}: mate in ${now} instead of ${best}.`,
    now,
    best,
    by,
  };
}

/**
 * How good a move of the defending king was: as stubborn as the best defence, or how much sooner
 * mate comes. `saved` says why a drawing move saved the game.
 */
export function judgeDefence(before, move, name, saved = "no mate is left") {
  if (move.category === "draw") return { kind: "saved", title: "Saved!", text: `${name}: ${saved}, a draw.` };
  const best = before && stubbornReplies(before)[0];
  if (!best || best.category === "draw") return { kind: "neutral", title: name, text: "" };
  const now = move.mate_in;
  const longest = best.mate_in;
  if (now === longest) {
    return { kind: "optimal", title: "Most stubborn", text: `${name}: mate in ${now}, the longest defence.`, now, best: longest };
  }
  const by = longest - now;
  return {
    kind: "slower",
    title: `Mate comes ${by} move${by === 1 ? "" : "s"} sooner`,
    text: `${name}: mate in ${now}; the most stubborn defence holds ${longest}.`,
    now,
    best: longest,
    by,
  };
}
