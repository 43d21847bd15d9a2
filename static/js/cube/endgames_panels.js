// @ts-check
// The side panels of the 3D endgames game: the status in words, the move counter, the lone
// king's replies (the status and verdict cards are drawn by ../shared/status_panels.js).

import { t } from "../shared/i18n.js";
import { describeProbe } from "../shared/status_words.js";
import { moveCount } from "../shared/words.js";
import { moveKeys } from "./endgames_game.js";

/** Status of the shown position in words; `status` is the value of data-status. */
export function describe(probe, turn, error) {
  if (error) {
    const unsupported = error.status === 404;
    return { status: unsupported ? "unsupported" : "illegal", label: unsupported ? t("Outside the tables") : t("Not a position"),
             title: unsupported ? t("No table for this") : t("Not a legal position"), detail: error.message };
  }
  return describeProbe(probe, turn, {
    draw: () => t("White cannot force mate from here."),
    resists: () => t("The lone king resists as long as it can."),
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
    root.textContent = played ? t("%(moves)s played.", { moves: moveCount(played) }) : "";
    return;
  }
  const parts = [t("Your moves: %(num)s", { num: played })];
  if (remaining !== null) parts.push(t("to go: %(num)s", { num: remaining }));
  parts.push(t("fastest mate: %(num)s", { num: optimal }));
  if (remaining !== null) {
    const extra = played + remaining - optimal;
    parts.push(extra === 0 ? t("on track") : t("+%(num)s over", { num: extra }));
  }
  root.textContent = parts.join(" · ");
}

/**
 * The lone king's replies, named as the server writes them, with the distance to mate after each
 * (`data-dtm`, in moves).
 * @param {HTMLElement} root
 * @param {import("../shared/types.js").ProbeAnswer | null} probe
 * @param {{played?: string | null, stubborn?: string[],
 *   onHover?: ((move: import("../shared/types.js").ProbeMove | null) => void) | null}} how
 */
export function renderReplies(root, probe, { played = null, stubborn = [], onHover = null }) {
  root.replaceChildren();
  if (!probe || probe.moves.length === 0) {
    const empty = document.createElement("li");
    empty.className = "eg-empty";
    empty.textContent = probe ? t("No replies: the game is over.") : t("After your move, every reply of the lone king appears here.");
    root.append(empty);
    return;
  }
  const best = new Set(stubborn);
  for (const move of probe.moves) {
    const key = moveKeys(move).to;
    const item = document.createElement("li");
    if (best.has(key)) item.classList.add("best");
    if (played === key) item.classList.add("played");
    const where = document.createElement("span");
    where.className = "eg-move";
    where.textContent = move.notation || "";
    const value = document.createElement("span");
    value.className = "eg-value";
    if (move.category === "draw") {
      value.textContent = move.stalemate ? "stalemate" : "draw";
      value.classList.add("tone-draw");
    } else {
      const n = move.mate_in;
      value.textContent = t("mate in %(num)s", { num: n });
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

/**
 * The record of the moves played, a row per move number, each move a button that shows the
 * position after it (``aria-current`` on the one shown); the list keeps the shown move in sight
 * without scrolling the page.
 * @param {HTMLElement} root  an <ol>
 * @param {import("./endgames_record.js").RecordRow[]} rows
 * @param {number} shown  the ply shown
 * @param {(ply: number) => void} onPick
 */
export function renderRecord(root, rows, shown, onPick) {
  const signature = JSON.stringify(rows);
  if (root.dataset.signature === signature) { // the same moves: only the one shown changes (the focus stays)
    markShown(root, shown);
    return;
  }
  const focused = root.contains(document.activeElement);
  root.dataset.signature = signature;
  root.replaceChildren();
  if (!rows.length) {
    const empty = document.createElement("li");
    empty.className = "eg-empty";
    empty.textContent = t("Your moves and the lone king's appear here.");
    root.append(empty);
    return;
  }
  for (const row of rows) {
    const item = document.createElement("li");
    const number = document.createElement("span");
    number.className = "eg-record-number";
    number.textContent = `${row.number}.${row.white ? "" : ".."}`;
    item.append(number);
    for (const move of [row.white, row.black]) {
      if (!move) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "eg-record-move";
      button.dataset.ply = String(move.ply);
      button.textContent = move.text;
      button.addEventListener("click", () => onPick(move.ply));
      item.append(button);
    }
    root.append(item);
  }
  const current = markShown(root, shown);
  if (focused) current?.focus();
}

/** Marks the move shown (``aria-current``) and scrolls the list, not the page, to it. */
function markShown(root, shown) {
  /** @type {HTMLElement | null} */
  let current = null;
  for (const button of root.querySelectorAll("button[data-ply]")) {
    if (!(button instanceof HTMLElement)) continue;
    const here = button.dataset.ply === String(shown);
    if (here) {
      button.setAttribute("aria-current", "step");
      current = button;
    } else button.removeAttribute("aria-current");
  }
  if (current) {
    const top = current.offsetTop; // the list is positioned: its offsetParent
    if (top < root.scrollTop || top + current.offsetHeight > root.scrollTop + root.clientHeight) {
      root.scrollTop = top - root.clientHeight / 2;
    }
  }
  return current;
}
