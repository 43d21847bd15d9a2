// @ts-check
// The side panels: the status of the position, the move counter, the lists of moves with their
// distance to mate, and the end-of-game message (status and verdict cards: ../shared/status_panels.js).

import { moveName, t } from "../shared/i18n.js";
import { describeProbe, matesIn } from "../shared/status_words.js";
import { moveCount } from "../shared/words.js";


/** Status for a probe answer (or an API error) in words; `status` is the data-status value. */
export function describePosition(probe, turn, error) {
  if (error) {
    if (error.status === 400 && error.error === "illegal_position") {
      // "illegal position (the kings touch): <fen>": the reason in brackets, in the page's language
      // when the answer came as words (its message then translated, its id still the English).
      const illegal = (error.says?.id ?? error.message).startsWith("illegal position (");
      const why = illegal ? /\(([^)]*)\)/.exec(error.message)?.[1] : undefined;
      return { status: "illegal", label: t("Illegal position"), title: t("Not a legal position"),
               detail: why ? `${capitalise(why)}.` : error.message };
    }
    if (error.status === 404) {
      return { status: "unsupported", label: t("Outside the tables"), title: t("Not a basic mate"),
               detail: t("Only a king and one or two of queen, rook, bishop and knight against a lone king.") };
    }
    return { status: "illegal", label: t("Cannot read this position"), title: t("Not a position"), detail: error.message };
  }
  return describeProbe(probe, turn, {
    draw: (p) => (p.insufficient_material ? t("This material cannot mate at all.") : t("The lone king can take a man, is stalemated, or no mate can be forced.")),
    resists: (side, color) => (color === "w" ? t("White resists as long as possible.") : t("Black resists as long as possible.")),
  });
}

/**
 * `drawNote`: the game is (or will be) drawn by the fifty-move rule; said instead of "on track".
 * @param {HTMLElement} root
 * @param {{played: number, remaining: number | null, optimal: number | null, drawNote?: string | null}} counts
 */
export function renderCounter(root, { played, remaining, optimal, drawNote = null }) {
  root.replaceChildren();
  if (optimal === null) {
    root.textContent = played ? t("%(moves)s played.", { moves: moveCount(played) }) : "";
    return;
  }
  const total = remaining === null ? null : played + remaining;
  const parts = [t("Your moves: %(num)s", { num: `<b data-user-moves="${played}">${played}</b>` })];
  if (remaining !== null) parts.push(t("to go: %(num)s", { num: `<b>${remaining}</b>` }));
  parts.push(t("fastest mate: %(num)s", { num: `<b data-optimal="${optimal}">${optimal}</b>` }));
  if (drawNote) {
    parts.push(`<span class="trainer-behind" data-fifty-note>${drawNote}</span>`);
  } else if (total !== null) {
    const extra = total - optimal;
    parts.push(extra === 0
      ? '<span class="trainer-on-track">' + t("on track") + "</span>"
      : '<span class="trainer-behind">' + t("+%(num)s over", { num: extra }) + "</span>");
  }
  root.innerHTML = parts.join(" · ");
}

/**
 * A list of moves with their values, like the lichess tablebase view. `mover` is the colour
 * making these moves; each move's value is for the side to move after it. `viewer` (default: the
 * mover) is whose point of view colours the values: green when that side mates, red when it is mated.
 * @param {HTMLElement} root
 * @param {import("../shared/types.js").ProbeMove[]} moves
 * @param {{mover: import("../shared/types.js").Color, viewer?: import("../shared/types.js").Color,
 *   played?: string | null, best?: string[], onPick?: ((move: import("../shared/types.js").ProbeMove) => void) | null,
 *   onHover?: ((move: import("../shared/types.js").ProbeMove | null) => void) | null}} how
 */
export function renderMoveList(root, moves, { mover, viewer = mover, played = null, best = [], onPick = null, onHover = null }) {
  root.replaceChildren();
  if (!moves || moves.length === 0) {
    const empty = document.createElement("li");
    empty.className = "trainer-empty";
    empty.textContent = t("No legal move.");
    root.append(empty);
    return;
  }
  const bestSet = new Set(best);
  for (const move of moves) {
    const item = document.createElement("li");
    const button = document.createElement(onPick ? "button" : "span");
    if (onPick) {
      button.setAttribute("type", "button");
      button.addEventListener("click", () => onPick(move));
    }
    if (onHover) {
      item.addEventListener("mouseenter", () => onHover(move));
      item.addEventListener("mouseleave", () => onHover(null));
    }
    button.className = "trainer-move";
    item.dataset.uci = move.uci || "";
    const san = document.createElement("span");
    san.className = "trainer-san";
    san.textContent = moveName(move.san || "");
    const value = document.createElement("span");
    value.className = `trainer-value value-${valueTone(move, mover, viewer)}`;
    const described = describeMoveValue(move, mover);
    value.textContent = described.text;
    if (described.moves !== null) value.dataset.dtm = String(described.moves);
    button.append(san, value);
    item.append(button);
    if (move.uci === played) item.classList.add("played");
    if (bestSet.has(move.uci || "")) item.classList.add("best");
    root.append(item);
  }
}

function describeMoveValue(move, mover) {
  if (move.checkmate) return { text: t("Checkmate"), moves: 0 };
  if (move.stalemate) return { text: t("Stalemate"), moves: null };
  if (move.category === "draw") return { text: move.insufficient_material ? t("Draw (takes)") : t("Draw"), moves: null };
  const n = move.mate_in;
  const winner = move.category === "loss" ? mover : mover === "w" ? "b" : "w";
  return { text: matesIn(winner === "w", n), moves: n };
}

function valueTone(move, mover, viewer) {
  if (move.category === "draw") return "draw";
  const winner = move.category === "loss" ? mover : mover === "w" ? "b" : "w";
  return winner === viewer ? "good" : "bad";
}

export function renderOutcome(root, result) {
  root.hidden = !result;
  if (result) {
    root.dataset.outcome = result.status;
    root.querySelector(".trainer-outcome-text").textContent = result.text;
  }
}

/** The moves played so far with their numbers (1. e4 e5 2. ...; 1… when Black moves first), and
 *  the verdict of each of the user's moves. */
export function renderPlayed(root, game, onPick) {
  root.replaceChildren();
  let number = game.entries[0].fullmove || 1;
  game.entries.forEach((entry, index) => {
    if (!entry.move) return;
    const mover = game.entries[index - 1].position.turn;
    const numbered = mover === "w" ? `${number}.` : `${number}…`;
    if (mover === "w" || index === 1) {
      const label = document.createElement("li");
      label.className = "trainer-move-number";
      label.setAttribute("aria-hidden", "true");
      label.textContent = numbered;
      root.append(label);
    }
    if (mover === "b") number += 1;
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = `trainer-played kind-${entry.verdict?.kind || "reply"}`;
    button.textContent = entry.move.name;
    button.dataset.san = entry.move.san;
    button.setAttribute("aria-label", `${numbered} ${entry.move.name}`);
    button.title = entry.verdict ? `${entry.verdict.title}. ${entry.verdict.text}` : t("the computer's reply");
    if (index === game.ply) button.setAttribute("aria-current", "step");
    if (index > game.ply) button.classList.add("future");
    button.addEventListener("click", () => onPick(index));
    item.append(button);
    root.append(item);
  });
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
