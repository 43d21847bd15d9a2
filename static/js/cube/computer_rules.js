// @ts-check
// Playing the computer in the lab, without the DOM: what the address asks (?vs=computer&level=N),
// what it writes, when the computer is to move in a game, and the request it sends
// (POST /api/3d/engine). The server finds the move; here nothing of chess is decided.

export const LEVELS = [1, 2, 3, 4];
export const DEFAULT_LEVEL = 2;

/**
 * @typedef {Object} Opponent
 * @property {boolean} on  the computer plays
 * @property {number} level  1 to 4
 * @property {"w" | "b" | null} side  the side it plays (null: the side not to move when the game starts)
 */

/**
 * What the address asks: ``vs=computer`` turns it on, ``level`` (1 to 4, else 2) sets its level.
 * @param {string} search  location.search
 * @returns {Opponent}
 */
export function readOpponent(search) {
  const query = new URLSearchParams(search);
  const level = Number(query.get("level"));
  return { on: query.get("vs") === "computer", level: LEVELS.includes(level) ? level : DEFAULT_LEVEL, side: null };
}

/**
 * The address's part for it: "&vs=computer&level=3", or nothing when it is off.
 * @param {Opponent} opponent
 */
export function opponentQuery(opponent) {
  return opponent.on ? `&vs=computer&level=${opponent.level}` : "";
}

/** @param {"w" | "b"} turn */
export const otherSide = (turn) => (turn === "w" ? "b" : "w");

/**
 * Whether the computer is to move: it plays, a game is on at its last move, nothing is being sent,
 * the game is not over, and the side to move is its own.
 * @param {Opponent} opponent
 * @param {{mode: string, pending: boolean, turn: "w" | "b",
 *   game: import("./game.js").LabGame | null}} state
 */
export function computerToMove(opponent, state) {
  const game = state.game;
  if (!opponent.on || state.mode !== "play" || !game || state.pending) return false;
  const moves = game.record.moves;
  if (game.ply !== moves.length) return false;
  const last = moves[moves.length - 1];
  if (last && (last.checkmate || last.stalemate)) return false;
  return state.turn === (opponent.side ?? otherSide(game.record.turn));
}

/**
 * The engine's request for the position at the game's last move.
 * @param {import("./game.js").LabGame} game
 * @param {Opponent} opponent
 * @param {Object<string, string>} custom  the custom pieces by letter
 */
export function engineRequest(game, opponent, custom) {
  const moves = game.record.moves;
  const last = moves[moves.length - 1];
  return { board: last ? last.board : game.record.board, turn: last ? last.turn : game.record.turn, pieces: custom,
    level: opponent.level };
}

/**
 * The moves to take back so that the user is to move again: two when the computer answered the
 * user's last move, one when the user's move is the last (the computer has not answered).
 * @param {import("./game.js").LabGame} game
 * @param {Opponent} opponent
 */
export function movesToTakeBack(game, opponent) {
  const moves = game.record.moves;
  if (!moves.length) return 0;
  const computer = opponent.side ?? otherSide(game.record.turn);
  const lastMover = otherSide(moves[moves.length - 1].turn);
  return lastMover === computer && moves.length >= 2 ? 2 : 1;
}

/**
 * The lab's address that opens a position ready to play against the computer.
 * @param {string} lab  the lab's page
 * @param {string} board  the board's URL form
 * @param {"w" | "b"} turn
 * @param {Object<string, string>} custom  the custom pieces by letter
 */
export function computerGame(lab, board, turn, custom, level = DEFAULT_LEVEL) {
  const letters = Object.keys(custom);
  const pieces = letters.length ? `&pieces=${letters.map((letter) => `${letter}=${custom[letter]}`).join(";")}` : "";
  return `${lab}?board=${board}${pieces}${turn === "b" ? "&turn=b" : ""}&vs=computer&level=${level}`;
}
