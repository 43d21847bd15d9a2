// @ts-check
// The lessons page's panels: the list of lessons with their stars, the current lesson's card
// (goal and allowance), and the result of a position (cleared, star earned, failed).

import { MAX_STARS } from "./learn_progress.js";

export function starsText(stars) {
  const shown = Math.min(stars, MAX_STARS);
  return "★".repeat(shown) + "☆".repeat(MAX_STARS - shown);
}

function starsLabel(stars) {
  return stars === 0 ? "no stars yet" : `${stars} of ${MAX_STARS} stars`;
}

/** items: the lesson list's <li data-lesson> elements. */
export function renderLessons(items, progress, currentNumber, onOpen) {
  for (const item of items) {
    const number = Number(item.dataset.lesson);
    const { stars } = progress.lesson(number);
    item.dataset.stars = String(stars);
    item.classList.toggle("passed", stars > 0);
    const button = item.querySelector(".trainer-lesson-open");
    button.setAttribute("aria-pressed", String(number === currentNumber));
    if (number === currentNumber) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
    const stars_ = item.querySelector(".trainer-stars");
    stars_.textContent = starsText(stars);
    stars_.setAttribute("aria-label", starsLabel(stars));
    if (!button.dataset.bound) {
      button.dataset.bound = "true";
      button.addEventListener("click", () => onOpen(number));
    }
  }
}

/** task: {optimal, allowed, comeBack} for the position on the board (or null while loading). */
export function renderLessonCard(ui, lesson, progress, task) {
  const entry = progress.lesson(lesson.number);
  ui.lessonTitle.textContent = `Lesson ${lesson.number}: ${lesson.title}`;
  ui.lessonSummary.textContent = lesson.summary;
  if (task && task.optimal !== null) {
    const slack = task.allowed - task.optimal;
    ui.goal.innerHTML = "";
    ui.goal.append(
      "Mate within ", bold(task.allowed, "allowed"), ` move${task.allowed === 1 ? "" : "s"} `,
      `(the fastest mate: `, bold(task.optimal, "optimal"), slack ? `, plus ${slack} to spare)` : ", no moves to spare)",
    );
    if (task.comeBack) ui.goal.append(" — a position you missed before.");
  } else {
    ui.goal.textContent = "";
  }
  ui.round.textContent = entry.stars >= MAX_STARS
    ? `Mastered: ${starsText(entry.stars)}. Practise on with no moves to spare.`
    : `${starsText(entry.stars)} · ${entry.cleared} of ${lesson.round_size} cleared toward the next star` +
      (entry.retry.length ? ` · ${entry.retry.length} to retry` : "");
}

function bold(value, name) {
  const b = document.createElement("b");
  b.textContent = String(value);
  b.dataset[name] = String(value);
  return b;
}

/** result: {kind: "passed" | "star" | "failed" | "practice", text} or null. */
export function renderResult(root, result) {
  root.hidden = !result;
  root.dataset.result = result ? result.kind : "none";
  if (result) root.querySelector(".trainer-outcome-text").textContent = result.text;
}
