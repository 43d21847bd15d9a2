// The lone king's heat map: for the pieces as they stand, every square's distance to mate with
// the lone king there and to move. Red = mated soon, green = the safest squares, grey = drawn
// or impossible. Turned into the board's `heat` and `badges` render fields.

import { getJson } from "../shared/api.js";
import { formatFen, strongSide } from "./position.js";

const cache = new Map();
const GREY_DRAW = "rgba(120, 120, 120, 0.55)";
const GREY_ILLEGAL = "rgba(70, 70, 70, 0.45)";

/** The strong side's pieces only: the heat map does not depend on the lone king or the turn. */
export function heatKey(pieces) {
  const strong = strongSide(pieces);
  const kept = Object.fromEntries(Object.entries(pieces).filter(([, code]) => code[0] === strong));
  return formatFen({ pieces: kept, turn: strong });
}

export function loadHeat(url, pieces) {
  const fen = heatKey(pieces);
  if (!cache.has(fen)) {
    cache.set(fen, getJson(url, { fen }).then((result) => {
      if (!result.ok) cache.delete(fen);
      return result;
    }));
  }
  return cache.get(fen);
}

/** {heat, badges} for the board from the API's squares. */
export function heatLayers(squares) {
  const heat = {};
  const badges = {};
  const depths = Object.values(squares).filter((v) => v.category === "loss").map((v) => v.mate_in);
  // Stretched between this map's nearest and farthest mate, so the safest squares stand out.
  const nearest = Math.min(...depths);
  const span = Math.max(1, Math.max(...depths) - nearest);
  for (const [square, value] of Object.entries(squares)) {
    if (value.category === "illegal") {
      heat[square] = GREY_ILLEGAL;
    } else if (value.category === "draw") {
      heat[square] = GREY_DRAW;
      badges[square] = { text: value.stalemate ? "½" : "=", tone: "draw" };
    } else {
      const moves = value.mate_in;
      heat[square] = 1 - (moves - nearest) / span;
      badges[square] = { text: value.checkmate ? "#" : String(moves), dtm: moves };
    }
  }
  return { heat, badges };
}
