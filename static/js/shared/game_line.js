// @ts-check
// The line of a game against a tablebase, whatever the board: {user: "w" | "b", entries, ply}.
// Each entry is {position: {turn, ...}, probe (the table's answer, null until known), move (the
// move that led here, with ``by``: "user" | "computer"), verdict (on the user's moves)}; ``ply``
// is the entry shown. Entries after ``ply`` are the redo line. No DOM and no chess rules.


export const other = (color) => (color === "w" ? "b" : "w");

export const current = (game) => game.entries[game.ply];
export const userToMove = (game, entry = current(game)) => entry.position.turn === game.user;

/** Appends an entry after the shown one, dropping any redo line, and shows it. */
export function appendEntry(game, entry) {
  game.entries = [...game.entries.slice(0, game.ply + 1), entry];
  game.ply += 1;
  return entry;
}

/** The user's moves up to this entry. */
export function userMovesUpTo(game, index = game.ply) {
  let count = 0;
  for (let i = 1; i <= index; i++) if (game.entries[i].move?.by === "user") count += 1;
  return count;
}

/** The strong side's moves up to this entry. */
export function strongMovesUpTo(game, index = game.ply) {
  let moves = 0;
  for (let i = 1; i <= index; i++) if (game.entries[i - 1].position.turn === game.strong) moves += 1;
  return moves;
}

/** Moves to mate from the start with best play on both sides (null for a drawn or unknown start). */
export function optimalMoves(game) {
  const first = game.entries[0].probe;
  if (!first || first.category === "draw") return null;
  return first.mate_in;
}

/** Moves still needed from this entry with best play (null when drawn or unknown). */
export function remainingMoves(entry) {
  if (!entry.probe || entry.probe.category === "draw") return null;
  return entry.probe.mate_in;
}

/** The last of the user's turns before the shown entry (null when there is none). */
export function previousUserTurn(game) {
  for (let i = game.ply - 1; i >= 0; i--) if (userToMove(game, game.entries[i])) return i;
  return null;
}

/** The next of the user's turns after the shown entry in the redo line (null when there is none). */
export function nextUserTurn(game) {
  for (let i = game.ply + 1; i < game.entries.length; i++) if (userToMove(game, game.entries[i])) return i;
  return null;
}

/** The user's last move at or before the shown entry (null before the first). */
export function lastUserEntry(game) {
  for (let i = game.ply; i > 0; i--) if (game.entries[i].move?.by === "user") return game.entries[i];
  return null;
}

/** The last list of the computer's replies at or before the shown entry, and the move played from it. */
export function lastReplies(game) {
  for (let i = game.ply; i >= 0; i--) {
    const entry = game.entries[i];
    if (!userToMove(game, entry) && entry.probe) {
      return { entry, index: i, played: i < game.ply ? game.entries[i + 1].move : null };
    }
  }
  return null;
}
