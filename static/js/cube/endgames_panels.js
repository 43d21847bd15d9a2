// @ts-check
// The side panels of the 3D endgames game: the status in words, the move counter, the lone
// king's replies (the status and verdict cards are drawn by ../shared/status_panels.js).

import { describeProbe } from "../shared/status_words.js";
import { count } from "../shared/words.js";
import { moveKeys } from "./endgames_game.js";

/** Status of the shown position in words; `status` is the value of data-status. */
export function describe(probe, turn, error) {
  if (error) {
    const unsupported = error.status === 404;
    return { status: unsupported ? "unsupported" : "illegal", label: unsupported ? "Outside the tables" : "Not a position",
             title: unsupported ? "No table for this" : "Not a legal position", detail: error.message };
  }
  return describeProbe(probe, turn, {
    draw: () => "White cannot force mate from here.",
    resists: () => "The lone king resists as long as it can.",
    lossStatus: "win",
  });
}

/**
 * @param {HTMLElement} root
 * @param {{played: number, remaining: number | null, optimal: number | null} | null} counts
 */
export function renderCounter(root, counts) {
  if (!counts) {
    root.textContent = "";
    return;
  }
  const { played, remaining, optimal } = counts;
  if (optimal === null) {
    root.textContent = played ? `${count(played, "move")} played.` : "";
    return;
  }
  const parts = [`Your moves: ${played}`];
  if (remaining !== null) parts.push(`to go: ${remaining}`);
  parts.push(`fastest mate: ${optimal}`);
  if (remaining !== null) {
    const extra = played + remaining - optimal;
    parts.push(extra === 0 ? "on track" : `+${extra} over`);
  }
  root.textContent = parts.join(" · ");
}

/**
 * The lone king's replies with the distance to mate after each (`data-dtm`, in moves).
 * @param {HTMLElement} root
 * @param {import("../shared/types.js").ProbeAnswer | null} probe
 * @param {{label: (key: string) => string, played?: string | null, stubborn?: string[],
 *   onHover?: ((move: import("../shared/types.js").ProbeMove | null) => void) | null}} how
 */
export function renderReplies(root, probe, { label, played = null, stubborn = [], onHover = null }) {
  root.replaceChildren();
  if (!probe || probe.moves.length === 0) {
    const empty = document.createElement("li");
    empty.className = "eg-empty";
    empty.textContent = probe ? "No replies: the game is over." : "After your move, every reply of the lone king appears here.";
    root.append(empty);
    return;
  }
  const best = new Set(stubborn);
  for (const move of probe.moves) {
    const { from, to: key } = moveKeys(move);
    const item = document.createElement("li");
    if (best.has(key)) item.classList.add("best");
    if (played === key) item.classList.add("played");
    const where = document.createElement("span");
    where.className = "eg-move";
    where.textContent = `K ${label(from)}–${label(key)}`;
    const value = document.createElement("span");
    value.className = "eg-value";
    if (move.category === "draw") {
      value.textContent = move.stalemate ? "stalemate" : "draw";
      value.classList.add("tone-draw");
    } else {
      const n = move.mate_in;
      value.textContent = `mate in ${n}`;
      value.dataset.dtm = String(n);
    }
    item.append(where, value);
    if (onHover) {
      item.addEventListener("pointerenter", () => onHover(move));
      item.addEventListener("pointerleave", () => onHover(null));
    }
    root.append(item);
  }
}
