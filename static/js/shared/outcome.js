// @ts-check
// How a game against a tablebase ended, in words, whatever the board (the 2D trainer and lessons,
// the 3D endgames): from the probe of the entry shown and the line that led there. No DOM.

import { current, optimalMoves, strongMovesUpTo, userMovesUpTo } from "./game_line.js";
import { t } from "./i18n.js";
import { moveCount } from "./words.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").Entry} Entry */

/**
 * @typedef {Object} Outcome
 * @property {"checkmate" | "stalemate" | "draw"} status
 * @property {string} text
 * @property {boolean} [fifty]  drawn by the fifty-move rule
 * @property {number} [lasted]  defence mode: the strong side's moves before the mate
 * @property {number | null} [score]  defence mode: the share of the most stubborn defence held, in %
 */

/**
 * Why the game ends at a position, from its probe, or null while it goes on: the one rule of a
 * game's end (``outcome`` words it, table_game.js ``over`` asks it). ``drawEnds``: every draw
 * ends the game (where no mate is left to practise); otherwise only stalemate, material and the
 * fifty-move rule do; a probe with no move left ends it too ("no_moves": nothing to say about it).
 * @param {import("./types.js").ProbeAnswer | null | undefined} probe
 * @param {{drawEnds?: boolean}} [options]
 * @returns {"checkmate" | "stalemate" | "material" | "fifty" | "draw" | "no_moves" | null}
 */
export function gameEnd(probe, { drawEnds = false } = {}) {
  if (!probe) return null;
  if (probe.checkmate) return "checkmate";
  if (probe.stalemate) return "stalemate";
  if (probe.insufficient_material) return "material";
  if (probe.fifty_move_draw) return "fifty";
  if (drawEnds && probe.category === "draw") return "draw";
  return probe.moves?.length === 0 ? "no_moves" : null;
}

/**
 * The end of the game at ``entry`` in words, or null while it goes on (``gameEnd``). ``drawEnds``: every draw ends the
 * game (where no mate is left to practise); otherwise only stalemate, material and the fifty-move
 * rule do.
 * @param {Game} game
 * @param {Entry} [entry]
 * @param {{drawEnds?: boolean}} [options]
 * @returns {Outcome | null}
 */
export function outcome(game, entry = current(game), { drawEnds = false } = {}) {
  const end = gameEnd(entry.probe, { drawEnds });
  if (end === null || end === "no_moves") return null;
  const index = game.entries.indexOf(entry);
  if (end === "checkmate") return checkmate(game, entry, index);
  if (end === "stalemate") return { status: "stalemate", text: t("Stalemate: the lone king cannot move, so it is a draw.") };
  const taken = capturedBy(game, index);
  if (end === "material") {
    return {
      status: "draw",
      text: taken
        ? t("The lone king took a piece (%(move)s). One minor piece cannot mate: a draw.", { move: taken })
        : t("One minor piece cannot mate: a draw."),
    };
  }
  if (end === "fifty") {
    return { status: "draw", fifty: true, text: t("Fifty moves without mate: a draw by the fifty-move rule.") };
  }
  return { status: "draw", text: taken ? t("The lone king took a piece: the mate is gone.") : t("No forced mate any more: a draw.") };
}

/**
 * @param {Game} game
 * @param {Entry} entry
 * @param {number} index
 * @returns {Outcome}
 */
function checkmate(game, entry, index) {
  const optimal = optimalMoves(game);
  if (entry.position.turn === game.user) {
    const lasted = strongMovesUpTo(game, index);
    const score = optimal ? Math.round((100 * lasted) / optimal) : null;
    return {
      status: "checkmate",
      text: optimal === null
        ? (game.user === "w" ? t("White is checkmated.") : t("Black is checkmated."))
        : t("Mated after %(moves)s; the most stubborn defence holds %(optimal)s. Score: %(score)s%%.",
          { moves: moveCount(lasted), optimal, score }),
      lasted,
      score,
    };
  }
  const played = moveCount(userMovesUpTo(game, index));
  const extra = optimal === null ? null : userMovesUpTo(game, index) - optimal;
  return {
    status: "checkmate",
    text: extra === null ? t("Checkmate in %(moves)s.", { moves: played })
      : extra === 0 ? t("Checkmate in %(moves)s — the fastest mate there is. Perfect!", { moves: played })
        : t("Checkmate in %(moves)s. The fastest mate took %(optimal)s: %(extra)s more to shave off.", { moves: played, optimal, extra }),
  };
}

/**
 * The name of the computer's move that led to ``entries[index]`` when it took a man, else null.
 * @param {Game} game
 * @param {number} index
 */
function capturedBy(game, index) {
  const move = game.entries[index].move;
  if (!move || move.by !== "computer" || index < 1) return null;
  return game.entries[index - 1].position.pieces[move.keys.to] ? move.name : null;
}
