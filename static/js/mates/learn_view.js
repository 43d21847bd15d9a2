// @ts-check
// The lessons page's panels: the list of lessons with their stars and reviews due, the current
// lesson's card (goal, allowance, help used, the link to the position), the result of a position
// (cleared, star earned, helped, missed, with the retry from the mistake), today's reviews and
// streak, and the table of each lesson's figures.

import { MAX_STARS } from "./learn_progress.js";
import { whenDue } from "./review_days.js";

/** @typedef {import("./learn_progress.js").LessonInfo & {title: string, ending: string}} Lesson */
/** @typedef {ReturnType<typeof import("./learn_progress.js").createProgress>} Progress */

export function starsText(stars) {
  const shown = Math.min(stars, MAX_STARS);
  return "★".repeat(shown) + "☆".repeat(MAX_STARS - shown);
}

function starsLabel(stars) {
  return stars === 0 ? "no stars yet" : `${stars} of ${MAX_STARS} stars`;
}

/**
 * items: the lesson list's <li data-lesson> elements.
 * @param {HTMLElement[]} items
 * @param {Lesson[]} lessons
 * @param {Progress} progress
 * @param {number} currentNumber
 * @param {(number: number) => void} onOpen
 */
export function renderLessons(items, lessons, progress, currentNumber, onOpen) {
  const { due } = progress.queue();
  for (const item of items) {
    const number = Number(item.dataset.lesson);
    const lesson = lessons.find((l) => l.number === number);
    if (!lesson) continue;
    const { stars } = progress.lesson(lesson.id);
    item.dataset.stars = String(stars);
    item.dataset.due = String(due[lesson.id] || 0);
    item.classList.toggle("passed", stars > 0);
    const button = /** @type {HTMLElement} */ (item.querySelector(".trainer-lesson-open"));
    button.setAttribute("aria-pressed", String(number === currentNumber));
    if (number === currentNumber) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
    const starsEl = /** @type {HTMLElement} */ (item.querySelector(".trainer-stars"));
    starsEl.textContent = starsText(stars);
    starsEl.setAttribute("aria-label", starsLabel(stars));
    const dueEl = /** @type {HTMLElement} */ (item.querySelector(".trainer-lesson-due"));
    dueEl.hidden = !due[lesson.id];
    dueEl.textContent = due[lesson.id] ? `${due[lesson.id]} to review` : "";
    dueEl.dataset.count = String(due[lesson.id] || 0);
    if (!button.dataset.bound) {
      button.dataset.bound = "true";
      button.addEventListener("click", () => onOpen(number));
    }
  }
}

/**
 * Scrolls the row of lessons (where they are one row: narrow screens) sideways to show the open
 * one; the page itself never scrolls for it.
 * @param {HTMLElement} item  the open lesson's <li>
 */
export function showOpenLesson(item) {
  const list = item.parentElement;
  if (!list || list.scrollWidth <= list.clientWidth) return;
  const left = item.offsetLeft - list.offsetLeft;
  if (left < list.scrollLeft || left + item.offsetWidth > list.scrollLeft + list.clientWidth) {
    list.scrollLeft = Math.max(0, left - 8);
  }
}

/**
 * The lesson's card. task: the position on the board (or null while loading or in the idea).
 * @param {{lessonTitle: HTMLElement, lessonSummary: HTMLElement, goal: HTMLElement, round: HTMLElement, share: HTMLElement}} ui
 * @param {Lesson & {summary: string, round_size: number}} lesson
 * @param {Progress} progress
 * @param {import("./learn_task.js").Task | null} task
 * @param {{idea?: string | null, share?: string | null}} [extra]  what to do in the idea, the link to the position
 */
export function renderLessonCard(ui, lesson, progress, task, { idea = null, share = null } = {}) {
  const entry = progress.lesson(lesson.id);
  ui.lessonTitle.textContent = `Lesson ${lesson.number}: ${lesson.title}`;
  ui.lessonSummary.textContent = lesson.summary;
  ui.goal.replaceChildren();
  if (idea) {
    ui.goal.append(idea);
  } else if (task && task.optimal !== null) {
    const slack = task.allowed - task.optimal;
    ui.goal.append(
      "Mate within ", bold(task.allowed, "allowed"), ` move${task.allowed === 1 ? "" : "s"} `,
      "(the fastest mate: ", bold(task.optimal, "optimal"), slack ? `, plus ${slack} to spare)` : ", no moves to spare)",
    );
    if (task.review) {
      ui.goal.append(task.review.stage === 0
        ? " — a position you missed before."
        : ` — a review: a position you missed before, back after ${reviewAge(task.review.stage)}.`);
    }
    if (task.helped && !task.recorded) {
      ui.goal.append(task.review ? " " : ". ", bold(task.helped === "best" ? "Best move shown:" : "Hint used:", "helped"),
        " this position earns no credit toward the next star, and it will come back.");
    }
  }
  ui.round.textContent = entry.stars >= MAX_STARS
    ? `Mastered: ${starsText(entry.stars)}. Practise on with no moves to spare.`
    : `${starsText(entry.stars)} · ${entry.cleared} of ${lesson.round_size} cleared toward the next star`;
  ui.share.hidden = !share;
  if (share) ui.share.setAttribute("href", share);
}

const AGES = ["this session", "a day", "3 days", "7 days", "21 days"];

/** How long a review at this stage waited: its last interval. @param {number} stage */
function reviewAge(stage) {
  return AGES[Math.max(0, Math.min(AGES.length - 1, stage))];
}

function bold(value, name) {
  const b = document.createElement("b");
  b.textContent = String(value);
  b.dataset[name] = String(value).trim();
  return b;
}

/**
 * result: {kind, text, retry?, practice?} or null.
 * @param {HTMLElement} root
 * @param {import("./learn_task.js").Result | null} result
 */
export function renderResult(root, result) {
  root.hidden = !result;
  root.dataset.result = result ? result.kind : "none";
  if (!result) return;
  /** @type {HTMLElement} */ (root.querySelector(".trainer-outcome-text")).textContent = result.text;
  const retry = result.retry !== undefined && result.retry !== null;
  /** @type {HTMLElement} */ (root.querySelector('[data-action="retry"]')).hidden = !retry;
  root.querySelector('[data-action="next"]')?.classList.toggle("trainer-primary", !retry); // one first choice
}

/**
 * Today's reviews, lesson by lesson, with a button to each; the streak.
 * @param {{summary: HTMLElement, list: HTMLElement}} ui
 * @param {Lesson[]} lessons
 * @param {Progress} progress
 * @param {(number: number) => void} onReview
 */
export function renderReviews(ui, lessons, progress, onReview) {
  const queue = progress.queue();
  const { current, best, playedToday } = progress.streak();
  const days = (n) => `${n} day${n === 1 ? "" : "s"}`;
  const parts = [queue.total ? `${queue.total} due today` : "Nothing due today"];
  if (queue.tomorrow) parts.push(`${queue.tomorrow} tomorrow`);
  if (queue.waiting > queue.total + queue.tomorrow) parts.push(`${queue.waiting - queue.total - queue.tomorrow} later`);
  parts.push(current ? `streak: ${days(current)}${playedToday ? "" : " (play today to keep it)"}` : "no streak yet");
  if (best > current) parts.push(`best ${days(best)}`);
  ui.summary.textContent = `${parts.join(" · ")}.`;
  ui.summary.dataset.due = String(queue.total);
  ui.summary.dataset.tomorrow = String(queue.tomorrow);
  ui.summary.dataset.streak = String(current);
  const items = lessons.filter((l) => queue.due[l.id]).map((lesson) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.reviewLesson = String(lesson.number);
    button.textContent = `Lesson ${lesson.number}: ${lesson.title} — ${queue.due[lesson.id]} to review`;
    button.addEventListener("click", () => onReview(lesson.number));
    li.append(button);
    return li;
  });
  ui.list.replaceChildren(...items);
}

/**
 * The table of each lesson's figures.
 * @param {HTMLTableSectionElement} body
 * @param {Lesson[]} lessons
 * @param {Progress} progress
 */
export function renderStats(body, lessons, progress) {
  const today = progress.today();
  const rows = lessons.map((lesson) => {
    const entry = progress.lesson(lesson.id);
    const reviews = progress.reviews(lesson.id);
    const row = document.createElement("tr");
    row.dataset.statsLesson = String(lesson.number);
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = `${lesson.number}. ${lesson.title}`;
    const cells = [starsText(entry.stars), entry.played, entry.passed, entry.failed, entry.helped, reviews.length, entry.learnt];
    row.append(head, ...cells.map((value) => {
      const cell = document.createElement("td");
      cell.textContent = String(value);
      return cell;
    }));
    if (reviews.length) { // when each comes back, on the count's cell
      row.cells[6].title = reviews.map((r) => whenDue(r, today)).join(", ");
    }
    return row;
  });
  body.replaceChildren(...rows);
}
