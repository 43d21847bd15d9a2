// White's status on the lab's board in words: {status, title, detail} for the status panel.
// status is the value of data-status: check, checkmate, stalemate, none, no-king, invalid, pending.

import { pieceName } from "../board/pieces.js";

export function describeStatus(analysis, { pieces, label }) {
  if (!analysis) return { status: "pending", title: "Working…", detail: "" };
  if (analysis.noKing) {
    return {
      status: "no-king",
      title: "No white king",
      detail: "Place a white king to see whether White is in check, checkmated or stalemated.",
    };
  }
  if (analysis.error) return { status: "invalid", title: "Not a legal position", detail: analysis.error };
  const checkers = (analysis.checkerKeys || [])
    .map((key) => `the ${pieceName(pieces[key]).replace(/^black /, "")} on ${label(key)}`)
    .join(" and ");
  if (analysis.checkmate) {
    return { status: "checkmate", title: "Checkmate", detail: `White is checkmated by ${checkers}.` };
  }
  if (analysis.check) {
    return { status: "check", title: "Check", detail: `White is in check from ${checkers}, and has a way out.` };
  }
  if (analysis.stalemate) {
    return {
      status: "stalemate",
      title: "Stalemate",
      detail: "White is not in check but has no legal move.",
    };
  }
  return { status: "none", title: "No check", detail: "White is not in check and has legal moves." };
}
