// @ts-check
// A position's status in words, from its probe answer: the status panel's label, title and detail
// and the data-status value (shared/status_panels.js draws it). No DOM.

import { colorName } from "./words.js";

/**
 * @typedef {Object} StatusInfo
 * @property {string} status  the panel's data-status: pending, checkmate, stalemate, draw, win, loss...
 * @property {string} label  whose move it is
 * @property {string} title
 * @property {string} detail
 * @property {number | null} [moves]  moves to mate, when there is a mate
 */

/**
 * The status of a position from its probe answer, in words. The page words what differs: ``draw(probe)``, the detail of a drawn position; ``resists(side)``, the detail
 * when the side to move is getting mated; ``lossStatus``, the data-status value then.
 * @param {import("./types.js").ProbeAnswer | null} probe
 * @param {import("./types.js").Color} turn
 * @param {{draw: (probe: import("./types.js").ProbeAnswer) => string, resists: (side: string) => string, lossStatus?: string}} words
 * @returns {StatusInfo}
 */
export function describeProbe(probe, turn, { draw, resists, lossStatus = "loss" }) {
  if (!probe) return { status: "pending", label: "", title: "Thinking…", detail: "" };
  const side = colorName(turn);
  const foe = colorName(turn === "w" ? "b" : "w");
  const label = `${side} to move`;
  if (probe.checkmate) return { status: "checkmate", label, title: "Checkmate", detail: `${foe} has won.` };
  if (probe.stalemate) return { status: "stalemate", label, title: "Stalemate", detail: "A draw: no legal move, no check." };
  if (probe.category === "draw") return { status: "draw", label, title: "Draw", detail: draw(probe) };
  const n = probe.mate_in;
  if (probe.category === "win") {
    return { status: "win", label, title: `${side} mates in ${n}`, detail: "With best play on both sides.", moves: n };
  }
  return { status: lossStatus, label, title: `${foe} mates in ${n}`, detail: resists(side), moves: n };
}
