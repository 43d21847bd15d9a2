// @ts-check
// The steps of a learner's record (learn_progress.js keeps it in the browser and passes the day):
// a lesson's counts, a position served, taken for review, passed (toward the round's star, a
// review cleared or learnt), failed or helped (it comes back), today's queue. Each changes the
// record it is given and nothing else: no storage, no clock, no DOM.

import { cleared, dueToday, isDue, missed, RETRY_AFTER } from "./review_days.js";

export const MAX_STARS = 3;

/** @typedef {import("./learn_progress.js").Record} Record */
/** @typedef {import("./learn_progress.js").LessonInfo} LessonInfo */
/** @typedef {import("./learn_progress.js").LessonRecord} LessonRecord */
/** @typedef {import("./review_days.js").Review} Review */

/** @returns {LessonRecord} */
export function emptyLesson() {
  return { stars: 0, cleared: 0, served: 0, played: 0, passed: 0, failed: 0, helped: 0, learnt: 0, seen: false };
}

/**
 * The lesson's counts in ``data`` (made empty when the lesson is new).
 * @param {Record} data
 * @param {string} id
 */
export function lessonOf(data, id) {
  data.lessons[id] = data.lessons[id] || emptyLesson();
  return data.lessons[id];
}

/**
 * A position of the lesson played out on ``day`` (the days kept for the streak: the last 400).
 * @param {Record} data
 */
export function playedOn(data, id, day) {
  lessonOf(data, id).played += 1;
  if (!data.days.includes(day)) data.days = [...data.days, day].slice(-400);
}

/**
 * A missed position's review from ``day`` on (any earlier one of the same position replaced).
 * @param {Record} data
 */
export function scheduleMiss(data, id, fen, day) {
  const was = data.reviews.find((r) => r.lesson === id && r.fen === fen) || (data.reviewing?.fen === fen ? data.reviewing : null);
  data.reviews = data.reviews.filter((r) => !(r.lesson === id && r.fen === fen));
  data.reviews.push(missed(id, fen, lessonOf(data, id).served, day, was));
  data.reviewing = null;
}

/**
 * A review of this lesson due on ``day``, taken off the list while it is played, or null: those
 * missed in the session first, then the oldest by day.
 * @param {Record} data
 * @returns {Review | null}
 */
export function takeDue(data, id, day) {
  const served = lessonOf(data, id).served;
  const due = data.reviews.filter((r) => r.lesson === id && isDue(r, day, served))
    .sort((a, b) => (a.stage === 0 ? -1 : 0) - (b.stage === 0 ? -1 : 0) || a.day - b.day);
  if (!due.length) return null;
  const [review] = due;
  data.reviews = data.reviews.filter((r) => r !== review);
  data.reviewing = review;
  return review;
}

/**
 * A review taken and left unplayed: it waits again, after one other position.
 * @param {Record} data
 */
export function skipReview(data, id) {
  const review = data.reviewing;
  if (!review || review.lesson !== id) return;
  data.reviews.push({ ...review, after: lessonOf(data, id).served + RETRY_AFTER });
  data.reviewing = null;
}

/**
 * One more position cleared toward the lesson's round: a star when the round is full (up to MAX_STARS).
 * @param {LessonRecord} entry
 * @param {number} roundSize
 */
export function clearOne(entry, roundSize) {
  entry.cleared += 1;
  if (entry.cleared < roundSize) return false;
  entry.cleared = 0;
  if (entry.stars >= MAX_STARS) return false;
  entry.stars += 1;
  return true;
}

/**
 * Mated within the allowance on ``day``. Unhelped, it counts toward the round (a star when the
 * round is full) and a review comes back later (or is learnt); helped (a hint, the best move), it
 * earns nothing and comes back like a miss.
 * @param {Record} data
 * @param {LessonInfo} info
 * @param {string} fen
 * @param {boolean} helped
 * @param {number} day
 * @returns {{star: boolean, review: Review | null, learnt: boolean}}
 */
export function pass(data, info, fen, helped, day) {
  const entry = lessonOf(data, info.id);
  playedOn(data, info.id, day);
  if (helped) {
    entry.helped += 1;
    scheduleMiss(data, info.id, fen, day);
    return { star: false, review: data.reviews[data.reviews.length - 1], learnt: false };
  }
  entry.passed += 1;
  const review = data.reviewing?.fen === fen ? data.reviewing : null;
  data.reviewing = null;
  /** @type {Review | null} */
  let next = null;
  if (review) {
    next = cleared(review, day);
    if (next) data.reviews.push(next);
    else entry.learnt += 1;
  }
  const star = clearOne(entry, info.round_size || 1);
  return { star, review: next, learnt: Boolean(review && !next) };
}

/**
 * Not mated within the allowance on ``day`` (or left unfinished): the position comes back; its review.
 * @param {Record} data
 * @returns {Review}
 */
export function fail(data, id, fen, day) {
  lessonOf(data, id).failed += 1;
  playedOn(data, id, day);
  scheduleMiss(data, id, fen, day);
  return data.reviews[data.reviews.length - 1];
}

/**
 * Moves allowed over the fastest mate in a lesson with ``entry``'s stars (the server's slack_by_stars).
 * @param {LessonRecord} entry
 * @param {LessonInfo} info
 */
export function slackOf(entry, info) {
  return info.slack_by_stars?.[Math.min(entry.stars, MAX_STARS)] ?? 0;
}

/**
 * Today's queue: per lesson, the reviews due on ``day`` (missed in a session, or their day come),
 * their total, those due the next day and all waiting.
 * @param {Record} data
 */
export function queueOn(data, day) {
  /** @type {Object<string, number>} */
  const due = {};
  for (const review of data.reviews) if (dueToday(review, day)) due[review.lesson] = (due[review.lesson] || 0) + 1;
  const total = Object.values(due).reduce((a, b) => a + b, 0);
  const tomorrow = data.reviews.filter((r) => r.stage > 0 && r.day === day + 1).length;
  return { due, total, tomorrow, waiting: data.reviews.length };
}
