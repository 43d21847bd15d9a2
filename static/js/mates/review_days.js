// @ts-check
// The calendar of the lessons' reviews, as plain arithmetic on days: no clock is read here, the
// moment is always passed in (`now`, milliseconds since 1970 as Date.now() gives them) with the
// local time zone's offset, so the tests can say what day it is. No DOM.
//
// A missed position comes back within the session (after one other position of its lesson:
// stage 0), then, each time it is mated within the allowance on its return, after 1, 3, 7 and 21
// days (stages 1 to 4); cleared at stage 4 it is learnt. A miss at any stage starts it again at 0.

import { t, tn } from "../shared/i18n.js";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Days before the next return, once cleared at stage 0, 1, 2, 3. */
export const INTERVALS = [1, 3, 7, 21];
export const LAST_STAGE = INTERVALS.length;
/** Other positions of its lesson served before a missed one comes back in the session. */
export const RETRY_AFTER = 1;

/**
 * The local calendar day of a moment: whole days since 1970-01-01 in the time zone whose offset
 * is given in minutes behind UTC (Date's getTimezoneOffset(): -60 in Paris in winter).
 * @param {number} now  milliseconds since 1970 (UTC)
 * @param {number} offsetMinutes
 */
export function dayOf(now, offsetMinutes) {
  return Math.floor((now - offsetMinutes * 60 * 1000) / DAY_MS);
}

/** A day's date, "2025-03-01". @param {number} day */
export function dateOf(day) {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * @typedef {{lesson: string, fen: string, stage: number, after: number, day: number, misses: number}} Review
 * stage 0: due once its lesson has served ``after`` positions; stages 1..4: due on ``day`` or later.
 */

/**
 * A position just missed (or helped): back within the session, after one other of its lesson.
 * @param {string} lesson
 * @param {string} fen
 * @param {number} served  positions its lesson has served so far
 * @param {number} today
 * @param {Review | null} [was]  its review before, if it had one
 * @returns {Review}
 */
export function missed(lesson, fen, served, today, was = null) {
  return { lesson, fen, stage: 0, after: served + RETRY_AFTER, day: today, misses: (was?.misses ?? 0) + 1 };
}

/**
 * A review mated within the allowance: its next return, or null once learnt.
 * @param {Review} review
 * @param {number} today
 * @returns {Review | null}
 */
export function cleared(review, today) {
  if (review.stage >= LAST_STAGE) return null;
  return { ...review, stage: review.stage + 1, day: today + INTERVALS[review.stage] };
}

/**
 * Whether a review is due: in the session once its lesson has served enough positions (any
 * day: a miss left for tomorrow is due tomorrow), or from its day on.
 * @param {Review} review
 * @param {number} today
 * @param {number} served  positions its lesson has served
 */
export function isDue(review, today, served) {
  return review.stage === 0 ? served >= review.after || review.day < today : review.day <= today;
}

/**
 * Whether a review belongs to today's queue: every stage-0 one (missed, waiting for its turn in
 * the session) and those whose day has come.
 * @param {Review} review
 * @param {number} today
 */
export function dueToday(review, today) {
  return review.stage === 0 || review.day <= today;
}

/**
 * The days active in a row up to today (or up to yesterday, when today has not been played yet:
 * the streak is still alive), and the longest run ever.
 * @param {number[]} days  the days with a position played, any order
 * @param {number} today
 * @returns {{current: number, best: number, playedToday: boolean}}
 */
export function streak(days, today) {
  const set = new Set(days);
  const sorted = [...set].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  for (let i = 0; i < sorted.length; i++) {
    run = i > 0 && sorted[i] === sorted[i - 1] + 1 ? run + 1 : 1;
    best = Math.max(best, run);
  }
  const playedToday = set.has(today);
  let current = 0;
  for (let day = playedToday ? today : today - 1; set.has(day); day--) current += 1;
  return { current, best, playedToday };
}

/**
 * When a review comes back, in words: "in this session", "today", "tomorrow", "in 3 days".
 * @param {Review} review
 * @param {number} today
 */
export function whenDue(review, today) {
  if (review.stage === 0) return t("in this session");
  const days = review.day - today;
  if (days <= 0) return t("today");
  return days === 1 ? t("tomorrow") : tn("in %(num)s day", "in %(num)s days", days);
}
