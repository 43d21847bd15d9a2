// @ts-check
// "Can it mate?": a published claim about a 3D ending beside what this project's table says, in
// words. A claim is a kind ("mates-in": White mates in so many moves at most; "no-forced-mate":
// White cannot force mate) and the table's summary decides it. No DOM.

import { t } from "../shared/i18n.js";
import { percent } from "./endgames_overview.js";

/**
 * @typedef {{kind: "mates-in", moves: number} | {kind: "no-forced-mate"}} Claim
 * @typedef {{positions: number, won: number, longest: number | null}} Figures  a table's summary
 */

/**
 * What the table says of a claim: "confirmed", "refuted" or "partly", and the sentence.
 * @param {Claim} claim
 * @param {Figures} figures
 * @returns {{verdict: "confirmed" | "refuted" | "partly", text: string}}
 */
export function judgeClaim(claim, figures) {
  const share = percent(figures.won / figures.positions);
  const ours = figures.won
    ? t("Our table: %(share)s of the positions won with White to move, the longest mate in %(moves)s.",
        { share, moves: figures.longest ?? 0 })
    : t("Our table: no position is won.");
  if (claim.kind === "mates-in") {
    if (figures.won && figures.longest === claim.moves) return { verdict: "confirmed", text: [t("Confirmed."), ours].join(" ") };
    return { verdict: "refuted", text: [t("Refuted."), ours].join(" ") };
  }
  if (figures.won === 0) return { verdict: "confirmed", text: [t("Confirmed."), ours].join(" ") };
  if (figures.won === figures.positions) {
    return { verdict: "refuted", text: [t("Refuted: White forces mate from every position."), ours].join(" ") };
  }
  return { verdict: "partly", text: [t("True of most positions: White forces mate from a few."), ours].join(" ") };
}
