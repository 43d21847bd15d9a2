// @ts-check
// The coach's facts on the page (GET /api/coach): the lone king's box (and KBNK's mating corners) as
// board marks, the advice, and a move's note. The server decides and words every claim (the box,
// caught in a corner, held on an edge, the phase, the win gone ...); this module only shows them.

import { getJson } from "../shared/api.js";
import { listed, paragraph, t } from "../shared/i18n.js";
import { fenCached } from "./api.js";

/** The facts for a FEN, or null when the coach has none (a piece is gone, a bad position). */
export async function loadCoach(url, fen) {
  const result = await fenCached(url, fen);
  return result.ok ? inLanguage(result.data) : null;
}

/**
 * The coach's answer with its sentences in the page's language: the server sends each as words
 * (advice_words, defence.words, a note's words) beside its English text, and the phase's name.
 * @param {any} facts
 */
export function inLanguage(facts) {
  if (!facts) return facts;
  const found = { ...facts };
  if (facts.phase_name) found.phase_name = t(facts.phase_name);
  if (facts.advice_words) found.advice = paragraph(facts.advice_words);
  if (facts.defence?.words) found.defence = { ...facts.defence, text: paragraph(facts.defence.words) };
  if (facts.words) found.text = paragraph(facts.words);
  if (facts.note) found.note = inLanguage(facts.note);
  return found;
}

const notes = new Map();

/**
 * The note of the move (or moves) from ``before`` (the position whose box the user last saw) to
 * ``fen``, in the server's words; null when the coach has none.
 * @param {string} url
 * @param {string} before
 * @param {string} fen
 * @returns {Promise<CoachNote | null>}
 */
export function loadCoachNote(url, before, fen) {
  const key = `${url}|${before}|${fen}`;
  if (!notes.has(key)) {
    notes.set(key, getJson(url, { fen, before }).then((result) => {
      if (!result.ok && result.status === 0) notes.delete(key);
      return result.ok ? inLanguage(result.data.note) : null;
    }));
  }
  return notes.get(key);
}

/**
 * @typedef {{kind: "progress" | "setback" | "steady", text: string, box_changed?: boolean}} CoachNote
 * The coach's facts on a position (/api/coach): the method's phase, the lone king's box where it
 * is shown (its squares and their number), the mating corners and the corner the king is driven to,
 * the advice and the lone king's side of it.
 * @typedef {{phase: string, phase_name?: string, region: string[], region_size: number, box_shown?: boolean,
 *   mating_corners?: string[] | null, target_corner?: string | null, advice: string,
 *   defence?: CoachNote}} CoachFacts
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

/** What the shading and the outlines are, for the coach's card ("" when nothing is marked). */
export function marksLegend(facts) {
  if (!facts) return "";
  const parts = [];
  if (facts.region.length) parts.push(t("Shaded: the lone king's box, the squares it can reach while your men stand still."));
  if (facts.mating_corners?.length) {
    parts.push(t("Outlined: the mating corners %(corners)s.", { corners: listed(facts.mating_corners) }));
  }
  return parts.join(" ");
}

/**
 * A move's note as a page shows it: the server's, its kind softened to "steady" when the table
 * says the move was a best one (a best move is never scolded).
 * @param {CoachNote | null} note
 * @param {import("../shared/types.js").Verdict | null} [verdict]
 * @returns {CoachNote | null}
 */
export function describePiecesMove(note, verdict = null) {
  if (!note || !note.text) return null;
  return note.kind === "setback" && verdict?.kind === "optimal" ? { ...note, kind: "steady" } : note;
}

/** What a move of the lone king (defence mode) led to: the coach's words for the lone king's side. */
export function describeKingMove(after) {
  return after?.defence?.text ? after.defence : null;
}
