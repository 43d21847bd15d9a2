// @ts-check
// The coach's facts on the page (GET /api/coach): the lone king's box (and KBNK's mating corners) as
// board marks, and what a move did in the method's terms, from the facts before and after it.
// The server computes every fact; this module only compares and words them.

import { fenCached } from "./api.js";

export const PHASE_NAMES = {
  "drive-to-edge": "Drive the king to the edge",
  "drive-to-corner": "Drive it to the right corner",
  "w-manoeuvre": "The W-manoeuvre",
  "mate-net": "The mating net",
  "shrink-box": "Shrink the box",
  "bring-king": "Bring the king",
  "waiting-move": "The waiting move",
  ladder: "The ladder",
  "diagonal-barrier": "The diagonal barrier",
  "no-forced-mate": "No forced mate",
};
const PHASE_ORDER = {
  "drive-to-edge": 0, "w-manoeuvre": 1, "drive-to-corner": 2, "mate-net": 3,
  "shrink-box": 0, "diagonal-barrier": 0, ladder: 0, "bring-king": 1, "waiting-move": 2, "no-forced-mate": 0,
};
const CENTRE = ["d4", "e4", "d5", "e5"];

/** The facts for a FEN, or null when the coach has none (a piece is gone, a bad position). */
export async function loadCoach(url, fen) {
  const result = await fenCached(url, fen);
  return result.ok ? result.data : null;
}

/**
 * The coach's facts on a position (/api/coach): the method's phase, the lone king's box (its
 * squares and their number), the mating corners and the corner the king is driven to, and the advice.
 * @typedef {{phase: string, region: string[], region_size: number, mating_corners?: string[] | null,
 *   target_corner?: string | null, advice: string}} CoachFacts
 */

/**
 * Board marks: the box shaded, the mating corners outlined (a corner in the box gets both).
 * @param {CoachFacts | null} facts
 * @returns {Object<string, string[]> | null}
 */
export function coachMarks(facts) {
  if (!facts) return null;
  /** @type {Object<string, string[]>} */
  const marks = {};
  for (const square of facts.region) marks[square] = ["box"];
  for (const square of facts.mating_corners || []) marks[square] = [...(marks[square] || []), "corner"];
  return marks;
}

const squares = (n) => `${n} square${n === 1 ? "" : "s"}`;

/**
 * What a move of the side with the pieces did, from the coach's facts before it (that side to
 * move) and after it (the lone king to move): {kind: "progress" | "setback" | "steady", text}.
 * The lone king's own move never changes its box (it stays in the same region), so comparing
 * these two positions says all a move did to the box. `verdict` (the table's, optional): a best
 * move that lets the box grow is said to be one all the same (the pieces regroup first).
 */
/**
 * @param {CoachFacts | null} before  the coach's facts before the move
 * @param {CoachFacts | null} after  and after it
 * @param {import("../shared/types.js").Verdict | null} [verdict]  the move's verdict
 */
export function describePiecesMove(before, after, verdict = null) {
  if (!before || !after) return null;
  const [was, now] = [before.region_size, after.region_size];
  const reachesCentre = (facts) => facts.region.some((s) => CENTRE.includes(s));
  let box;
  let kind;
  if (now < was) {
    box = `the box shrank from ${was} to ${squares(now)}`;
    kind = "progress";
  } else if (now > was && reachesCentre(after) && !reachesCentre(before)) {
    box = `the king can escape toward the centre (box ${was} → ${now})`;
    kind = "setback";
  } else if (now > was) {
    box = `the box grew from ${was} to ${squares(now)}`;
    kind = "setback";
  } else {
    box = `the box stays at ${squares(now)}`;
    kind = "steady";
  }
  const parts = [box];
  if (after.phase === "w-manoeuvre" && before.phase !== "w-manoeuvre") {
    parts.push(`wrong corner: the W-manoeuvre drives it to ${after.target_corner}`);
  } else if (after.phase === "mate-net" && before.phase !== "mate-net") {
    parts.push(after.target_corner ? `the mating net closes in ${after.target_corner}` : "the mating net closes");
  } else if (PHASE_ORDER[after.phase] < PHASE_ORDER[before.phase]) {
    parts.push(`the king slipped back: ${PHASE_NAMES[after.phase].toLowerCase()} again`);
  }
  let text = parts.join("; ");
  text = text.charAt(0).toUpperCase() + text.slice(1) + ".";
  if (kind === "setback" && verdict?.kind === "optimal") {
    return { kind: "steady", text: `${text} Still a best move: the pieces regroup before they take squares.` };
  }
  return { kind, text };
}

/** What a move of the lone king (defence mode) led to, from the coach's facts after it. */
export function describeKingMove(after) {
  if (!after) return null;
  switch (after.phase) {
    case "drive-to-edge":
      return { kind: "progress", text: `In the middle, with a box of ${squares(after.region_size)}: the longer the king stays here, the longer it lives.` };
    case "w-manoeuvre":
      return { kind: "progress", text: `Near a corner of the wrong colour: the best refuge once the king is pushed to the edge; the W-manoeuvre is needed to get it out.` };
    case "drive-to-corner":
      return after.target_corner
        ? { kind: "setback", text: `Pushed toward ${after.target_corner}, a corner of the bishop's colour, where the mate happens: stay away from it as long as you can.` }
        : { kind: "setback", text: `On the way to a corner: stay near the middle of the edge as long as you can.` };
    case "shrink-box":
    case "diagonal-barrier":
    case "ladder":
      return { kind: "progress", text: `A box of ${squares(after.region_size)}: the more room the king keeps, the longer it lives.` };
    case "bring-king":
      return { kind: "progress", text: `Held in ${squares(after.region_size)}, but the other king is still far: keep away from it.` };
    case "no-forced-mate":
      return { kind: "progress", text: `This material cannot force mate: keep away from the corners and it is a draw.` };
    default:
      return { kind: "setback", text: after.target_corner ? `Caught by ${after.target_corner}: the mating net is closing.` : `Held on the edge: the mating net is closing.` };
  }
}
