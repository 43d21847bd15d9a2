// @ts-check
// The lone king's heat map: for the pieces as they stand, every square's distance to mate with
// the lone king there and to move. Red = mated soon, green = the safest squares, grey = drawn
// or impossible. Turned into the board's `heat` and `badges` render fields.

import { getJson } from "../shared/api.js";

// The server keys a map by what it depends on (the strong side's men; its answer's `fen`): a
// position asked about once, and any position whose key is known, is answered from here.
const keys = new Map();
const answers = new Map();
const GREY_DRAW = "rgba(120, 120, 120, 0.55)";
const GREY_ILLEGAL = "rgba(70, 70, 70, 0.45)";

/** The heat map of a position as it stands (the server ignores the lone king and the turn). */
export function loadHeat(url, fen) {
  const known = answers.get(keys.get(fen));
  if (known) return Promise.resolve(known);
  return getJson(url, { fen }).then((result) => {
    if (result.ok) {
      keys.set(fen, result.data.fen);
      answers.set(result.data.fen, result);
    }
    return result;
  });
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
