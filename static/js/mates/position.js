// @ts-check
// Positions of the trainer as the page holds them: {pieces: {e4: "wK"}, turn: "w" | "b"},
// as the server gives them (each probe's pieces, turn and strong side, and each move's position
// after it); only the editor writes FEN for a board built by hand. The server judges legality.

/** A probe move's squares as board keys (the server's `from` and `to`). */
export const moveKeys = (move) => ({ from: move.from, to: move.to });
