// Playing a won ending against a tablebase, whatever the board: the values come from the server
// (lichess's conventions: dtm in plies, category for the side to move after a move), so nothing
// here knows a chess rule. Used by the 3D endgames page; the KBN trainer's game logic has the same
// shape and can move onto it.

/** Moves to mate for a DTM in plies: the side to move mates in n, or is mated in n. */
export function movesToMate(dtm) {
  if (dtm === null || dtm === undefined) return null;
  return dtm > 0 ? (dtm + 1) / 2 : -dtm / 2;
}

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

/**
 * How good a move of the winning side was, from the position's value before it and the move's
 * value after it. `name` is how the page writes the move.
 */
export function judgeMove(before, move, name) {
  if (move.checkmate) return { kind: "mate", title: "Checkmate!", text: `${name} mates.` };
  if (!before || before.category !== "win") {
    return { kind: "neutral", title: name, text: "The position was not a win before this move." };
  }
  const best = movesToMate(before.dtm) - 1;
  if (move.category === "draw") {
    return move.stalemate
      ? { kind: "lost", title: "Stalemate — the win is gone", text: `${name} leaves the lone king no move.` }
      : { kind: "lost", title: "The win is gone", text: `After ${name} the lone king escapes: a piece can be taken or the mate is out of reach.` };
  }
  const now = movesToMate(move.dtm);
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
