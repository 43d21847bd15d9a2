// Games and probe answers made by hand for the unit tests: the shapes of shared/types.js, with
// only the fields the code under test reads.

/** A probe answer: ``mate`` moves to mate for the side to move (negative: it is mated). */
export function probe({ mate = null, draw = false, moves = [], ...rest } = {}) {
  const category = draw ? "draw" : mate === null ? "draw" : mate > 0 ? "win" : "loss";
  return {
    category,
    dtm: mate === null ? null : mate > 0 ? 2 * mate - 1 : 2 * mate,
    mate_in: mate === null ? null : Math.abs(mate),
    checkmate: false,
    stalemate: false,
    moves,
    ...rest,
  };
}

/** A move of a probe answer, valued for the side to move after it. */
export function move(from, to, { mate = null, draw = false, ...rest } = {}) {
  return { ...probe({ mate, draw }), from, to, uci: from + to, san: `K${to}`, ...rest };
}

/**
 * A game of ``entries`` ([position, probe, playedMove?]), the user playing ``user`` and the men
 * held by ``strong``; ``ply`` the entry shown (default: the last).
 */
export function game(entries, { user = "w", strong = "w", ply = entries.length - 1, role = "pieces" } = {}) {
  return {
    role,
    strong,
    user,
    ply,
    entries: entries.map(([position, answer, played = null]) => ({ position, probe: answer, move: played, verdict: null })),
  };
}

/** A move as the controller records it: by whom, its name and board keys. */
export function played(by, from, to, extra = {}) {
  return { ...move(from, to), by, name: `K${to}`, keys: { from, to }, ...extra };
}
