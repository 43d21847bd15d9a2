// @ts-check
// The side to move's status on the lab's board in words: {status, label, title, detail} for the
// status panel, from the server's report. status is the value of data-status: check, checkmate,
// stalemate, none, no-king, invalid (also for kings that touch), pending.

import { COLOR_NAMES, pieceName } from "../board/pieces.js";

const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** view: {report, error} (both null while the server works); turn "w" | "b"; playing: a game is on. */
export function describeStatus({ report, error }, { turn, playing, pieces, label }) {
  const side = capitalise(COLOR_NAMES[turn]);
  const other = capitalise(COLOR_NAMES[turn === "w" ? "b" : "w"]);
  // Editing, the lab answers a question about the side to move; in a game, whose move it is.
  const heading = playing ? `Game · ${side} to move` : `Is ${side} checkmated?`;
  const result = (fields) => ({ label: heading, ...fields });
  if (error) return result({ status: "invalid", title: "Not a legal position", detail: capitalise(error) + "." });
  if (!report) return result({ status: "pending", title: "Working…", detail: "" });
  if (!report.kingKeys[turn]) {
    return result({
      status: "no-king",
      title: `No ${COLOR_NAMES[turn]} king`,
      detail: `Place a ${COLOR_NAMES[turn]} king to see whether ${side} is in check, checkmated or stalemated.`,
    });
  }
  if (report.kings_touch) {
    return result({
      status: "invalid",
      title: "The kings touch",
      detail: "The two kings stand on neighbouring cubes, which no game can reach: move one of them.",
    });
  }
  const checkers = report.checkerKeys
    .map((key) => `the ${pieceName(pieces[key]).replace(/^\w+ /, "")} on ${label(key)}`)
    .join(" and ");
  if (report.checkmate) {
    return result({
      status: "checkmate",
      title: "Checkmate",
      detail: `${side} is checkmated by ${checkers}.${playing ? ` ${other} wins.` : ""}`,
    });
  }
  if (report.check) {
    return result({ status: "check", title: "Check", detail: `${side} is in check from ${checkers}, and has a way out.` });
  }
  if (report.stalemate) {
    return result({
      status: "stalemate",
      title: "Stalemate",
      detail: `${side} is not in check but has no legal move.${playing ? " The game is drawn." : ""}`,
    });
  }
  return result({ status: "none", title: "No check", detail: `${side} is not in check and has legal moves.` });
}
