// @ts-check
// The lessons page's panels: the list of lessons with their stars and reviews due, the current
// lesson's card (goal, allowance, help used, the link to the position), the result of a position
// (cleared, star earned, helped, missed, with the retry from the mistake), today's reviews and
// streak, and the table of each lesson's figures.

import { N_, t, tn, tnParts } from "../shared/i18n.js";
import { MAX_STARS } from "./learn_progress.js";
import { whenDue } from "./review_days.js";

/** @typedef {import("./learn_progress.js").LessonInfo & {title: string, ending: string}} Lesson */
/** @typedef {ReturnType<typeof import("./learn_progress.js").createProgress>} Progress */

export function starsText(stars) {
  const shown = Math.min(stars, MAX_STARS);
  return "★".repeat(shown) + "☆".repeat(MAX_STARS - shown);
}

function starsLabel(stars) {
  return stars === 0 ? t("no stars yet") : t("%(stars)s of %(most)s stars", { stars, most: MAX_STARS });
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
  ui.lessonTitle.textContent = t("Lesson %(number)s: %(title)s", { number: lesson.number, title: t(lesson.title) });
  ui.lessonSummary.textContent = t(lesson.summary);
  ui.goal.replaceChildren();
  if (idea) {
    ui.goal.append(idea);
  } else if (task && task.optimal !== null) {
    const slack = task.allowed - task.optimal;
    const numbers = { num: bold(task.allowed, "allowed"), optimal: bold(task.optimal, "optimal"), slack };
    ui.goal.append(...(slack
      ? tnParts("Mate within %(num)s move (the fastest mate: %(optimal)s, plus %(slack)s to spare)",
                "Mate within %(num)s moves (the fastest mate: %(optimal)s, plus %(slack)s to spare)", task.allowed, numbers)
      : tnParts("Mate within %(num)s move (the fastest mate: %(optimal)s, no moves to spare)",
                "Mate within %(num)s moves (the fastest mate: %(optimal)s, no moves to spare)", task.allowed, numbers)));
    if (task.review) {
      ui.goal.append(task.review.stage === 0
        ? t(" — a position you missed before.")
        : t(" — a review: a position you missed before, back after %(age)s.", { age: reviewAge(task.review.stage) }));
    }
    if (task.helped && !task.recorded) {
      ui.goal.append(task.review ? " " : ". ", bold(task.helped === "best" ? t("Best move shown:") : t("Hint used:"), "helped"),
        " ", t("this position earns no credit toward the next star, and it will come back."));
    }
  }
  ui.round.textContent = entry.stars >= MAX_STARS
    ? t("Mastered: %(stars)s. Practise on with no moves to spare.", { stars: starsText(entry.stars) })
    : starsText(entry.stars) + " · " + t("%(cleared)s of %(round)s cleared toward the next star", { cleared: entry.cleared, round: lesson.round_size });
  ui.share.hidden = !share;
  if (share) ui.share.setAttribute("href", share);
}

const AGES = [N_("this session"), N_("a day"), N_("3 days"), N_("7 days"), N_("21 days")];

/** How long a review at this stage waited: its last interval. @param {number} stage */
function reviewAge(stage) {
  return t(AGES[Math.max(0, Math.min(AGES.length - 1, stage))]);
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
  const days = (n) => tn("%(num)s day", "%(num)s days", n);
  const parts = [queue.total ? t("%(num)s due today", { num: queue.total }) : t("Nothing due today")];
  if (queue.tomorrow) parts.push(t("%(num)s tomorrow", { num: queue.tomorrow }));
  if (queue.waiting > queue.total + queue.tomorrow) parts.push(t("%(num)s later", { num: queue.waiting - queue.total - queue.tomorrow }));
  parts.push(current ? (playedToday ? t("streak: %(days)s", { days: days(current) }) : t("streak: %(days)s (play today to keep it)", { days: days(current) }))
    : t("no streak yet"));
  if (best > current) parts.push(t("best %(days)s", { days: days(best) }));
  ui.summary.textContent = `${parts.join(" · ")}.`;
  ui.summary.dataset.due = String(queue.total);
  ui.summary.dataset.tomorrow = String(queue.tomorrow);
  ui.summary.dataset.streak = String(current);
  const items = lessons.filter((l) => queue.due[l.id]).map((lesson) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.reviewLesson = String(lesson.number);
    button.textContent = t("Lesson %(number)s: %(title)s — %(num)s to review", { number: lesson.number, title: t(lesson.title), num: queue.due[lesson.id] });
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
    head.textContent = lesson.number + ". " + t(lesson.title);
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
