// The practice game: the positions played so far, whose turn it is, how good each move was,
// the computer's reply (the most stubborn defence, or in defence mode the fastest mate), and when
// the game is over (mate, stalemate, a capture, or the fifty-move rule). No DOM here.

import { colorName, formatFen, movesToMate, other, parseFen, playUci, strongSide } from "./position.js";
import { KIND_NAMES } from "../board/pieces.js";

/** The fifty-move rule: the side with the pieces has this many moves to mate. */
export const FIFTY = 50;

/**
 * A game from a position and its probe answer. role "pieces": the user plays the side with the
 * pieces against the most stubborn defence; "king": the user defends the lone king against the
 * fastest mate. The FEN's halfmove clock counts toward the fifty-move rule (half of it: the
 * strong side's moves already made).
 */
export function newGame(fen, probe, role = "pieces") {
  const position = parseFen(fen);
  const strong = strongSide(position.pieces);
  const clock = Number(String(fen).replace(/_/g, " ").trim().split(/\s+/)[4]);
  return {
    startFen: fen,
    role,
    strong,
    user: role === "king" ? other(strong) : strong,
    priorMoves: Number.isInteger(clock) && clock > 0 ? Math.floor(clock / 2) : 0,
    entries: [{ fen, position, probe, move: null, verdict: null }],
    ply: 0,
  };
}

export const current = (game) => game.entries[game.ply];
export const userToMove = (game, entry = current(game)) => entry.position.turn === game.user;

/** Appends the position after ``move`` (an entry of the probe's moves), dropping any redo line. */
export function playMove(game, move, by) {
  const before = current(game);
  const position = playUci(before.position, move.uci);
  const entry = {
    fen: formatFen(position),
    position,
    probe: null,
    move: { ...move, by, from: move.uci.slice(0, 2), to: move.uci.slice(2, 4) },
    verdict: by !== "user" ? null : game.role === "king" ? defenceVerdict(before.probe, move) : verdictFor(before.probe, move),
  };
  game.entries = [...game.entries.slice(0, game.ply + 1), entry];
  game.ply += 1;
  return entry;
}

/** How good a move of the winning side was, from the value before it and the value after it. */
export function verdictFor(before, move) {
  if (move.checkmate) return { kind: "mate", title: "Checkmate!", text: `${move.san} mates.` };
  if (!before || before.category !== "win") {
    return { kind: "neutral", title: move.san, text: "The position was not a win before this move." };
  }
  const was = movesToMate(before.dtm);
  const best = was - 1;
  if (move.category === "draw") {
    return move.stalemate
      ? { kind: "lost", title: "Stalemate — the win is gone", text: `${move.san} leaves the lone king no move.` }
      : { kind: "lost", title: "The win is gone", text: `After ${move.san} a piece can be taken.` };
  }
  const now = movesToMate(move.dtm);
  if (now === best) {
    return { kind: "optimal", title: "Best move", text: `${move.san}: mate in ${now} now, one move closer.`, now, best };
  }
  const by = now - best;
  return {
    kind: "slower",
    title: `Still winning, ${by} move${by === 1 ? "" : "s"} slower`,
    text: `${move.san}: mate in ${now} instead of ${best}.`,
    now,
    best,
    by,
  };
}

/** How good a move of the lone king was: as stubborn as the best defence, or how much sooner mate comes. */
export function defenceVerdict(before, move) {
  if (move.category === "draw") {
    return { kind: "saved", title: "Saved!", text: `${move.san}: ${move.zeroing ? "the king takes a piece" : "no mate is left"}, a draw.` };
  }
  const best = before && stubbornReplies(before)[0];
  if (!best || best.category === "draw") return { kind: "neutral", title: move.san, text: "" };
  const now = movesToMate(move.dtm);
  const longest = movesToMate(best.dtm);
  if (now === longest) {
    return { kind: "optimal", title: "Most stubborn", text: `${move.san}: mate in ${now}, the longest defence.`, now, best: longest };
  }
  const by = longest - now;
  return {
    kind: "slower",
    title: `Mate comes ${by} move${by === 1 ? "" : "s"} sooner`,
    text: `${move.san}: mate in ${now}; the most stubborn defence holds ${longest}.`,
    now,
    best: longest,
    by,
  };
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

/** The lone king's most stubborn replies: every move as good for it as the best one. */
export function stubbornReplies(probe) {
  const best = probe.moves[0];
  if (!best) return [];
  return probe.moves.filter((m) => m.category === best.category && m.dtm === best.dtm);
}

export function pickReply(probe, random = Math.random) {
  const candidates = stubbornReplies(probe);
  return candidates[Math.floor(random() * candidates.length)] || null;
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
      const lasted = strongMovesUpTo(game, index) - game.priorMoves;
      const score = optimal ? Math.round((100 * lasted) / optimal) : null;
      return {
        status: "checkmate",
        text: optimal === null
          ? `${colorName(game.user)} is checkmated.`
          : `Mated after ${lasted} moves; the most stubborn defence holds ${optimal}. Score: ${score}%.`,
        lasted,
        score,
      };
    }
    const perfect = optimal !== null && played === optimal;
    return {
      status: "checkmate",
      text: perfect
        ? `Checkmate in ${played} moves — the fastest mate there is. Perfect!`
        : `Checkmate in ${played} moves. The fastest mate took ${optimal}: ${played - optimal} more to shave off.`,
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
  if (strongMovesUpTo(game, index) >= FIFTY) {
    return { status: "draw", fifty: true, text: `Fifty moves without mate: a draw by the fifty-move rule.` };
  }
  return null;
}

/** The strong side's moves up to this entry, counting those before the start (the FEN's clock). */
export function strongMovesUpTo(game, index = game.ply) {
  let count = game.priorMoves;
  for (let i = 1; i <= index; i++) if (game.entries[i - 1].position.turn === game.strong) count += 1;
  return count;
}

export function userMovesUpTo(game, index = game.ply) {
  let count = 0;
  for (let i = 1; i <= index; i++) if (game.entries[i].move?.by === "user") count += 1;
  return count;
}

/** The number of moves the fastest mate needs from the start (null for a drawn start). */
export function optimalMoves(game) {
  const first = game.entries[0].probe;
  if (!first || first.category === "draw") return null;
  return movesToMate(first.dtm);
}

/** Moves still needed from this entry with best play (null when drawn or unknown). */
export function remainingMoves(entry) {
  if (!entry.probe || entry.probe.category === "draw") return null;
  return movesToMate(entry.probe.dtm);
}

/** The user's turns before the current one: where undo goes. */
export function undoTarget(game) {
  for (let i = game.ply - 1; i >= 0; i--) if (userToMove(game, game.entries[i])) return i;
  return game.ply > 0 ? 0 : null;
}

export function redoTarget(game) {
  for (let i = game.ply + 1; i < game.entries.length; i++) if (userToMove(game, game.entries[i])) return i;
  return game.ply < game.entries.length - 1 ? game.entries.length - 1 : null;
}

/** The last list of the lone king's replies at or before the current entry, and the one played. */
export function lastReplies(game) {
  for (let i = game.ply; i >= 0; i--) {
    const entry = game.entries[i];
    if (!userToMove(game, entry) && entry.probe) {
      const next = i < game.ply ? game.entries[i + 1].move : null;
      return { entry, index: i, played: next?.uci || null };
    }
  }
  return null;
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
    const y = entry.move.checkmate ? 0 : entry.move.category === "draw" ? null : movesToMate(entry.move.dtm);
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
