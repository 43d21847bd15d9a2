// The practice game: the positions played so far, whose turn it is, how good each move was,
// the computer's reply (the most stubborn defence, or in defence mode the fastest mate), and when
// the game is over (mate, stalemate, a capture, or the fifty-move rule). No DOM here.

import { KIND_NAMES } from "../board/pieces.js";
import {
  appendEntry, current, nextUserTurn, optimalMoves, previousUserTurn, remainingMoves, userMovesUpTo, userToMove,
} from "../shared/game_line.js";
import { judgeDefence, judgeMove } from "../shared/tablebase_play.js";
import { colorName, formatFen, other, parseFen, playUci, strongSide } from "./position.js";
import { count } from "../shared/words.js";

export { current, lastReplies, optimalMoves, remainingMoves, userMovesUpTo, userToMove } from "../shared/game_line.js";
export { pickReply, stubbornReplies } from "../shared/tablebase_play.js";

/** The fifty-move rule's name in words (the counting is the server's: the probe's fifty_move_* fields). */
export const FIFTY = 50;

/**
 * A game from a position and its probe answer. role "pieces": the user plays the side with the
 * pieces against the most stubborn defence; "king": the user defends the lone king against the
 * fastest mate. The FEN's halfmove clock counts toward the fifty-move rule: the server reads it and
 * says, per position, how far the rule has come; each move's FEN carries the clock the server gave.
 */
export function newGame(fen, probe, role = "pieces") {
  const position = parseFen(fen);
  const strong = strongSide(position.pieces);
  return {
    startFen: fen,
    role,
    strong,
    user: role === "king" ? other(strong) : strong,
    entries: [{ fen, position, probe, move: null, verdict: null }],
    ply: 0,
  };
}

/** Appends the position after ``move`` (an entry of the probe's moves), dropping any redo line. */
export function playMove(game, move, by) {
  const before = current(game);
  const position = playUci(before.position, move.uci);
  return appendEntry(game, {
    fen: formatFen({ ...position, halfmove: move.halfmove_clock }),
    position,
    probe: null,
    move: { ...move, by, from: move.uci.slice(0, 2), to: move.uci.slice(2, 4) },
    verdict: by === "user" ? judge(game, before.probe, move) : null,
  });
}

/** The verdict on a user's move: the winning side's (judgeMove) or, in defence mode, the lone king's. */
function judge(game, before, move) {
  if (game.role === "king") return judgeDefence(before, move, move.san, move.zeroing ? "the king takes a piece" : undefined);
  return judgeMove(before, move, move.san, { lost: "a piece can be taken." });
}

/** Names the piece left hanging, once the position after the move is known. */
export function explainHanging(entry) {
  if (!entry.verdict || entry.verdict.kind !== "lost" || !entry.probe) return;
  const capture = entry.probe.moves.find((m) => m.zeroing);
  if (!capture) return;
  const square = capture.uci.slice(2, 4);
  const kind = KIND_NAMES[entry.position.pieces[square][1]];
  entry.verdict = { ...entry.verdict, text: `${entry.move.san} leaves the ${kind} on ${square} unprotected: the king takes it.` };
}

/** The end of the game at this entry, or null while it goes on. */
export function outcome(game, entry = current(game)) {
  const probe = entry.probe;
  if (!probe) return null;
  const index = game.entries.indexOf(entry);
  const played = userMovesUpTo(game, index);
  const optimal = optimalMoves(game);
  if (probe.checkmate) {
    const loser = entry.position.turn;
    if (loser === game.user) {
      const lasted = strongMovesUpTo(game, index);
      const score = optimal ? Math.round((100 * lasted) / optimal) : null;
      return {
        status: "checkmate",
        text: optimal === null
          ? `${colorName(game.user)} is checkmated.`
          : `Mated after ${count(lasted, "move")}; the most stubborn defence holds ${optimal}. Score: ${score}%.`,
        lasted,
        score,
      };
    }
    const perfect = optimal !== null && played === optimal;
    return {
      status: "checkmate",
      text: perfect
        ? `Checkmate in ${count(played, "move")} — the fastest mate there is. Perfect!`
        : `Checkmate in ${count(played, "move")}. The fastest mate took ${optimal}: ${played - optimal} more to shave off.`,
    };
  }
  if (probe.stalemate) return { status: "stalemate", text: "Stalemate: the lone king cannot move, so it is a draw." };
  if (probe.insufficient_material) {
    const last = entry.move;
    const taken = last && last.by === "computer" && last.zeroing;
    return {
      status: "draw",
      text: taken
        ? `The lone king took a piece (${last.san}). One minor piece cannot mate: a draw.`
        : "One minor piece cannot mate: a draw.",
    };
  }
  if (probe.fifty_move_draw) {
    return { status: "draw", fifty: true, text: `Fifty moves without mate: a draw by the fifty-move rule.` };
  }
  return null;
}

/**
 * The fifty-move rule at this entry, from the server's probe (the latest one known): {used, left}
 * (the strong side's moves counted and left) and `first`: the rule ends the game before the
 * table's mate could.
 */
export function fiftyMoveRule(game, entry = current(game)) {
  let index = game.entries.indexOf(entry);
  while (index > 0 && !game.entries[index].probe) index -= 1;
  const probe = game.entries[index].probe;
  if (!probe) return { used: 0, left: FIFTY, first: false };
  return { used: probe.fifty_move_count, left: probe.fifty_move_moves_left, first: probe.fifty_move_draws_first && !probe.checkmate };
}

/** The strong side's moves played in this game up to this entry. */
export function strongMovesUpTo(game, index = game.ply) {
  let moves = 0;
  for (let i = 1; i <= index; i++) if (game.entries[i - 1].position.turn === game.strong) moves += 1;
  return moves;
}

/** The user's turns before the current one: where undo goes. */
export function undoTarget(game) {
  return previousUserTurn(game) ?? (game.ply > 0 ? 0 : null);
}

export function redoTarget(game) {
  return nextUserTurn(game) ?? (game.ply < game.entries.length - 1 ? game.entries.length - 1 : null);
}

/** Points of the chart: moves to mate after each of the user's moves (and at the start). */
export function chartPoints(game) {
  const points = [];
  const first = game.entries[0];
  if (first.probe) {
    const start = remainingMoves(first);
    points.push({ x: 0, y: start, kind: "start", ply: 0 });
  }
  let moves = 0;
  game.entries.forEach((entry, index) => {
    if (entry.move?.by !== "user") return;
    moves += 1;
    const kind = entry.verdict?.kind || "neutral";
    const y = entry.move.checkmate ? 0 : entry.move.category === "draw" ? null : entry.move.mate_in;
    points.push({ x: moves, y, kind, ply: index, future: index > game.ply });
  });
  return points;
}

/** The king in check, as the server says (the probe's ``check``), found on the shown board. */
export function checkedKing(entry) {
  if (!entry.probe?.check) return null;
  const pieces = entry.position.pieces;
  return Object.keys(pieces).find((k) => pieces[k] === `${entry.position.turn}K`) || null;
}
