// @ts-check
// A game between two people on the lab's board, from any position the lab set up: the side to
// move plays one of the moves the server's report lists, then the other side; the report's
// checkmate or stalemate ends it; undo steps back. These functions return patches of page state
// (no DOM).

const OTHER = { w: "b", b: "w" };

/**
 * A game on the lab's board: the side that moved first, the positions before each move (for
 * undo) and the moves in words ("Rc1(III)–c2(I)", then "+" or "#" once the report says).
 * @typedef {{startTurn: "w" | "b", history: {pieces: Object<string, string>, turn: "w" | "b", lastMove: string[] | null}[],
 *   moves: {text: string, suffix: string}[]}} LabGame
 */

/** Whether the server's report lets a game start here (both kings, the waiting king not in check). */
export function canStart(report) {
  return !!report && report.problems.length === 0;
}

export function isOver(report) {
  return !!report && (report.checkmate || report.stalemate);
}

export function startGame(state) {
  return {
    mode: "play",
    game: { startTurn: state.turn, history: [], moves: [] },
    selected: null,
    spare: null,
    lastMove: null,
  };
}

export function stopGame() {
  return { mode: "edit", game: null, selected: null, lastMove: null };
}

/** The patch that plays from -> to, or null when the report does not list that move. */
export function playMove(state, from, to, label) {
  const report = state.report;
  const piece = state.pieces[from];
  if (!report || isOver(report) || !piece || piece[0] !== state.turn) return null;
  if (!(report.moves.get(from) || []).includes(to)) return null;
  const pieces = { ...state.pieces };
  const captured = pieces[to];
  delete pieces[from];
  pieces[to] = piece;
  const text = `${piece[1]}${label(from)}${captured ? "×" : "–"}${label(to)}`;
  const game = {
    ...state.game,
    history: [...state.game.history, { pieces: state.pieces, turn: state.turn, lastMove: state.lastMove }],
    moves: [...state.game.moves, { text, suffix: "" }],
  };
  return { pieces, turn: OTHER[state.turn], lastMove: [from, to], selected: null, game };
}

export function undoMove(state) {
  const history = state.game?.history || [];
  if (history.length === 0) return null;
  const last = history[history.length - 1];
  return {
    pieces: last.pieces,
    turn: last.turn,
    lastMove: last.lastMove,
    selected: null,
    game: { ...state.game, history: history.slice(0, -1), moves: state.game.moves.slice(0, -1) },
  };
}

/** The last move's "+" or "#", once the report on the position after it has come. */
export function annotateLastMove(game, report) {
  const last = game?.moves[game.moves.length - 1];
  if (!last) return;
  last.suffix = report.checkmate ? "#" : report.check ? "+" : "";
}

/**
 * The move list: "1. Rc1(III)–c2(I)+", "1… Kb2(I)×c2(I)".
 * @param {LabGame | null} game
 */
export function moveTexts(game) {
  if (!game) return [];
  return game.moves.map((move, index) => {
    const ply = index + (game.startTurn === "b" ? 1 : 0);
    return `${Math.floor(ply / 2) + 1}${ply % 2 === 0 ? "." : "…"} ${move.text}${move.suffix}`;
  });
}
