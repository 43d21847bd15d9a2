// @ts-check
// Small words for counts, pieces and the sides' names in the pages' own sentences, in the page's
// language (shared/i18n.js).

import { pieceName } from "../board/pieces.js";
import { N_, t, tn } from "./i18n.js";

/** "1 move", "3 moves" in the page's language. */
export const moveCount = (n) => tn("%(num)s move", "%(num)s moves", n);

/** "1 piece", "3 pieces" in the page's language. */
export const pieceCount = (n) => tn("%(num)s piece", "%(num)s pieces", n);

/** "1 solution", "3 solutions" in the page's language. */
export const solutionCount = (n) => tn("%(num)s solution", "%(num)s solutions", n);

/** A piece by its code ("wK"), as a sentence starts with it: "White king". */
export const pieceWords = (code) => {
  const name = pieceName(code);
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/** A man taken, by its kind, as a sentence names it after "takes the": "rook". */
const TAKEN_WORDS = { Q: N_("queen"), R: N_("rook"), B: N_("bishop"), N: N_("knight"), P: N_("pawn"), K: N_("king") };
export const takenWords = (kind) => t(TAKEN_WORDS[kind] || kind);

/** "White" or "Black". */
export const colorName = (color) => (color === "w" ? t("White") : t("Black"));
