// @ts-check
// The learner's progress through the lessons (/kbn/learn, /mates/learn), kept in the browser
// (localStorage, one record per page): per lesson (by its id) the stars, the positions cleared
// toward the next star and the counts played, cleared, missed, helped and learnt; the reviews of
// missed positions (review_days.js: back in the session, then after 1, 3, 7 and 21 days); the days
// played (the streak). Records of the first format (lessons by number, reviews counted in
// positions) are read and written anew in this one. Export and import of every record as a file.
// No DOM; the clock is passed in. The record's steps: learn_record.js.
//
// A star is earned by clearing a lesson's round of positions, each mated within the fastest mate
// plus the lesson's slack for the stars already held (the server's `slack_by_stars`: it shrinks to
// nothing at three stars). A lesson is passed with its first star. A hint or the best move costs
// the position's credit toward the star, and the position comes back like a miss.

import {
  emptyLesson, fail, lessonOf, MAX_STARS, pass, queueOn, skipReview, slackOf, takeDue,
} from "./learn_record.js";
import { dayOf, streak } from "./review_days.js";
import { t } from "../shared/i18n.js";

export { MAX_STARS };
export const VERSION = 2;
/** Every page's record: /kbn/learn's and /mates/learn's (the list of endings reads the second). */
export const PROGRESS_KEYS = ["kbn-learn-progress", "mates-learn-progress"];
export const EXPORT_FORMAT = "kbn-lab-lesson-progress";

/**
 * A lesson as the page lists it (the server's as_dict).
 * @typedef {{id: string, number: number, round_size?: number, slack_by_stars?: number[],
 *   formerly?: Object<string, number>}} LessonInfo
 */
/** @typedef {import("./review_days.js").Review} Review */
/**
 * @typedef {{stars: number, cleared: number, served: number, played: number, passed: number,
 *   failed: number, helped: number, learnt: number, seen: boolean}} LessonRecord
 */
/** @typedef {{version: number, lessons: Object<string, LessonRecord>, reviews: Review[], days: number[],
 *   reviewing: Review | null}} Record */
/** @typedef {{getItem(key: string): string | null, setItem(key: string, value: string): void}} KeyValueStore */

/** @returns {Record} */
function emptyRecord() {
  return { version: VERSION, lessons: {}, reviews: [], days: [], reviewing: null };
}

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const count = (value) => (Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0);

/**
 * A saved record in this format: this format's as it is (checked field by field), the first
 * format's read anew (its lessons by number on ``page``, found through each lesson's
 * ``formerly``; its positions to retry become reviews in the session), anything else forgotten.
 * @param {any} saved
 * @param {LessonInfo[]} lessons
 * @param {string} page  "kbn" or "path"
 * @param {number} today
 * @returns {Record}
 */
export function readRecord(saved, lessons, page, today) {
  const record = emptyRecord();
  if (!isObject(saved) || !isObject(saved.lessons)) return record;
  if (saved.version === VERSION) {
    for (const [id, entry] of Object.entries(saved.lessons)) {
      if (isObject(entry)) record.lessons[id] = lessonRecord(entry);
    }
    const reviews = Array.isArray(saved.reviews) ? saved.reviews : [];
    record.reviews = reviews.filter((r) => isObject(r) && typeof r.fen === "string" && typeof r.lesson === "string")
      .map((r) => ({ lesson: r.lesson, fen: r.fen, stage: Math.min(count(r.stage), 4), after: count(r.after),
        day: Number.isFinite(r.day) ? Math.floor(r.day) : today, misses: count(r.misses) }));
    record.days = Array.isArray(saved.days) ? saved.days.filter(Number.isFinite) : [];
    if (isObject(saved.reviewing) && typeof saved.reviewing.fen === "string") {
      const unfinished = saved.reviewing; // taken but never played out: it waits again
      if (!record.reviews.some((r) => r.fen === unfinished.fen && r.lesson === unfinished.lesson)) {
        record.reviews.push({ ...unfinished, after: count(unfinished.after) });
      }
    }
    return record;
  }
  // The first format: {lessons: {"2": {stars, cleared, served, retry: [{fen, due, interval}]}}}.
  for (const [number, entry] of Object.entries(saved.lessons)) {
    const lesson = lessons.find((l) => l.formerly?.[page] === Number(number));
    if (!lesson || !isObject(entry)) continue;
    record.lessons[lesson.id] = lessonRecord(entry);
    for (const item of Array.isArray(entry.retry) ? entry.retry : []) {
      if (isObject(item) && typeof item.fen === "string") {
        record.reviews.push({ lesson: lesson.id, fen: item.fen, stage: 0, after: count(item.due), day: today, misses: 1 });
      }
    }
  }
  return record;
}

/** @returns {LessonRecord} */
function lessonRecord(entry) {
  const found = emptyLesson();
  for (const field of /** @type {(keyof LessonRecord)[]} */ (Object.keys(found))) {
    if (field === "seen") found.seen = entry.seen === true;
    else found[field] = count(entry[field]);
  }
  found.stars = Math.min(found.stars, MAX_STARS);
  return found;
}

/**
 * @param {KeyValueStore} storage
 * @param {string} key  the page's record (/kbn/learn and /mates/learn keep theirs apart)
 * @param {{lessons?: LessonInfo[], page?: string, now?: () => number, offset?: (now: number) => number}} [options]
 *   lessons and page: to read a record of the first format; now: the clock; offset: the time
 *   zone's offset in minutes at a moment (Date's getTimezoneOffset)
 */
export function createProgress(storage, key, options = {}) {
  const { lessons = [], page = "", now = () => Date.now() } = options;
  const offset = options.offset || ((moment) => new Date(moment).getTimezoneOffset());
  const today = () => {
    const moment = now();
    return dayOf(moment, offset(moment));
  };
  const load = () => loadRecord(storage, key, lessons, page, today());
  let data = load();
  const save = () => writeRecord(storage, key, data);
  /** Saves after ``change``, and gives its result. @template T @param {() => T} change @returns {T} */
  const saved = (change) => {
    const result = change();
    save();
    return result;
  };
  const lesson = (id) => lessonOf(data, id);

  return {
    lesson,
    today,
    /** Moves allowed over the fastest mate in this lesson now. @param {LessonInfo} info */
    slack: (info) => slackOf(lesson(info.id), info),
    /** Whether the learner has watched this lesson's idea. */
    seen: (id) => lesson(id).seen,
    markSeen: (id) => saved(() => {
      lesson(id).seen = true;
    }),
    /**
     * A review of this lesson that is due (taken off the list while it is played), or null: draw a
     * new position. Those missed in the session first, then the oldest by day.
     * @returns {Review | null}
     */
    takeDue(id) {
      const review = takeDue(data, id, today());
      if (review) save();
      return review;
    },
    /** A review taken and left unplayed: it waits again, after one other position. */
    skipped(id) {
      if (data.reviewing?.lesson !== id) return;
      saved(() => skipReview(data, id));
    },
    /** A review taken that its lesson cannot serve any more (the server refused it): forgotten. */
    dropped(id) {
      if (data.reviewing?.lesson === id) data.reviewing = null;
      save();
    },
    /** A position was put on the board (a new one or one come back). */
    served: (id) => saved(() => {
      lesson(id).served += 1;
    }),
    /**
     * Mated within the allowance (learn_record.js: pass).
     * @param {LessonInfo} info
     * @param {string} fen
     * @param {boolean} [helped]
     * @returns {{star: boolean, review: Review | null, learnt: boolean}}
     */
    passed: (info, fen, helped = false) => saved(() => pass(data, info, fen, helped, today())),
    /** Not mated within the allowance (or left unfinished): the position comes back. */
    failed: (id, fen) => saved(() => fail(data, id, fen, today())),
    /** The reviews waiting, those of one lesson if given. @param {string | null} [id] @returns {Review[]} */
    reviews: (id = null) => data.reviews.filter((r) => id === null || r.lesson === id),
    /** Today's queue: per lesson, the reviews due today (missed in a session, or their day come). */
    queue: () => queueOn(data, today()),
    streak: () => streak(data.days, today()),
    /** The record as saved. */
    record: () => data,
    reset() {
      data = emptyRecord();
      save();
    },
    /** Reads the record again (after an import). */
    reload() {
      data = load();
    },
  };
}

/**
 * The page's record as saved (read anew from the first format, and kept so), or an empty one.
 * @param {KeyValueStore} storage
 * @returns {Record}
 */
function loadRecord(storage, key, lessons, page, today) {
  /** @type {any} */
  let saved = null;
  try {
    saved = JSON.parse(storage.getItem(key) || "null");
  } catch {
    saved = null;
  }
  const record = readRecord(saved, lessons, page, today);
  if (saved && saved.version !== VERSION) writeRecord(storage, key, record); // the first format, read anew: kept so
  return record;
}

/** @param {KeyValueStore} storage */
function writeRecord(storage, key, record) {
  try {
    storage.setItem(key, JSON.stringify(record));
  } catch {
    // private mode: progress lasts for this page only
  }
}

/**
 * Every page's record, as a file's content.
 * @param {KeyValueStore} storage
 * @param {number} now
 */
export function exportProgress(storage, now) {
  /** @type {Object<string, any>} */
  const records = {};
  for (const key of PROGRESS_KEYS) {
    try {
      const saved = JSON.parse(storage.getItem(key) || "null");
      if (isObject(saved)) records[key] = saved;
    } catch {
      // an unreadable record is left out
    }
  }
  return { format: EXPORT_FORMAT, version: VERSION, exported: new Date(now).toISOString(), records };
}

/**
 * A file's content written back as the pages' records (each record it holds replaces the page's).
 * @param {KeyValueStore} storage
 * @param {string} text
 * @returns {{ok: true, keys: string[]} | {ok: false, message: string}}
 */
export function importProgress(storage, text) {
  let found;
  try {
    found = JSON.parse(text);
  } catch {
    return { ok: false, message: t("This file is not a progress file (it is not JSON).") };
  }
  if (!isObject(found) || found.format !== EXPORT_FORMAT || !isObject(found.records)) {
    return { ok: false, message: t("This file is not a progress file of these lessons.") };
  }
  const keys = PROGRESS_KEYS.filter((key) => isObject(found.records[key]) && isObject(found.records[key].lessons));
  if (!keys.length) return { ok: false, message: t("This progress file holds no lesson's progress.") };
  try {
    for (const key of keys) storage.setItem(key, JSON.stringify(found.records[key]));
  } catch {
    return { ok: false, message: t("The browser refused to keep the progress (private mode or full).") };
  }
  return { ok: true, keys };
}
