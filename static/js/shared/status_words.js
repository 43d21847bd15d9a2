// @ts-check
// A position's status in words, from its probe answer: the status panel's label, title and detail
// and the data-status value (shared/status_panels.js draws it). No DOM.

import { t } from "./i18n.js";
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
 * when the side to move is getting mated (its name, then its colour); ``lossStatus``, the data-status value then.
 * @param {import("./types.js").ProbeAnswer | null} probe
 * @param {import("./types.js").Color} turn
 * @param {{draw: (probe: import("./types.js").ProbeAnswer) => string, resists: (side: string, color: import("./types.js").Color) => string, lossStatus?: string}} words
 * @returns {StatusInfo}
 */
export function describeProbe(probe, turn, { draw, resists, lossStatus = "loss" }) {
  if (!probe) return { status: "pending", label: "", title: t("Thinking…"), detail: "" };
  const white = turn === "w";
  const label = white ? t("White to move") : t("Black to move");
  if (probe.checkmate) return { status: "checkmate", label, title: t("Checkmate"), detail: white ? t("Black has won.") : t("White has won.") };
  if (probe.stalemate) return { status: "stalemate", label, title: t("Stalemate"), detail: t("A draw: no legal move, no check.") };
  if (probe.category === "draw") return { status: "draw", label, title: t("Draw"), detail: draw(probe) };
  const n = probe.mate_in;
  if (probe.category === "win") {
    return { status: "win", label, title: matesIn(white, n), detail: t("With best play on both sides."), moves: n };
  }
  return { status: lossStatus, label, title: matesIn(!white, n), detail: resists(colorName(turn), turn), moves: n };
}

/** "White mates in 3", "Black mates in 1". */
export function matesIn(white, n) {
  return white ? t("White mates in %(num)s", { num: n }) : t("Black mates in %(num)s", { num: n });
}
