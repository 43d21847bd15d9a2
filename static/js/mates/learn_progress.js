// @ts-check
// The learner's progress through the lessons of /kbn/learn, kept in the browser (localStorage):
// stars per lesson, positions cleared toward the next star, and the positions failed, which come
// back by spaced repetition: after one other position, then, each time one is cleared on its return,
// after twice as many others (2, 4, 8), until cleared after the longest interval. No DOM here.
//
// A star is earned by clearing a lesson's round of positions, each mated within the fastest mate
// plus the lesson's slack for the stars already held (the server's `slack_by_stars`: it shrinks to
// nothing at three stars). A lesson is passed with its first star.

const STORAGE_KEY = "kbn-learn-progress";
export const MAX_STARS = 3;
const RETRY_AFTER = 1; // other positions served before a failed one comes back
const LONGEST_INTERVAL = 8; // a position cleared after this many others is learnt: it comes back no more

function emptyLesson() {
  return { stars: 0, cleared: 0, served: 0, retry: [] };
}

/** `key`: the page's own record (/kbn/learn and /mates/learn number their lessons apart). */
export function createProgress(storage = window.localStorage, key = STORAGE_KEY) {
  let data = { lessons: {} };
  try {
    const saved = JSON.parse(storage.getItem(key) || "null");
    if (saved && typeof saved.lessons === "object") data = saved;
  } catch {
    data = { lessons: {} };
  }

  function save() {
    try {
      storage.setItem(key, JSON.stringify(data));
    } catch {
      // private mode: progress lasts for this page only
    }
  }

  function lesson(number) {
    const key = String(number);
    data.lessons[key] = { ...emptyLesson(), ...(data.lessons[key] || {}) };
    return data.lessons[key];
  }

  return {
    lesson,
    /** Moves allowed over the fastest mate in this lesson now. */
    slack(info) {
      const stars = Math.min(lesson(info.number).stars, MAX_STARS);
      return info.slack_by_stars[stars];
    },
    /** A failed position that is due again (it is taken off the list), or null: draw a new one. */
    takeDue(number) {
      const entry = lesson(number);
      const index = entry.retry.findIndex((item) => entry.served >= item.due);
      if (index < 0) return null;
      const [item] = entry.retry.splice(index, 1);
      entry.reviewing = item; // its interval grows if it is cleared this time
      save();
      return item.fen;
    },
    /** A position was put on the board (a new one or one come back). */
    served(number) {
      lesson(number).served += 1;
      save();
    },
    /**
     * Mated within the allowance: returns true when that earned a star. A position come back
     * (`fen`) returns again after twice the interval, until the longest.
     * @param {{number: number, round_size: number}} info  the lesson
     * @param {string | null} [fen]
     */
    passed(info, fen = null) {
      const entry = lesson(info.number);
      const review = entry.reviewing;
      entry.reviewing = null;
      if (review && review.fen === fen && (review.interval || RETRY_AFTER) < LONGEST_INTERVAL) {
        const interval = 2 * (review.interval || RETRY_AFTER);
        entry.retry = entry.retry.filter((item) => item.fen !== fen);
        entry.retry.push({ fen, due: entry.served + interval, interval });
      }
      entry.cleared += 1;
      let star = false;
      if (entry.cleared >= info.round_size) {
        entry.cleared = 0;
        if (entry.stars < MAX_STARS) {
          entry.stars += 1;
          star = true;
        }
      }
      save();
      return star;
    },
    /** Not mated within the allowance (or skipped): the position comes back later. */
    failed(number, fen) {
      const entry = lesson(number);
      entry.retry = entry.retry.filter((item) => item.fen !== fen);
      entry.retry.push({ fen, due: entry.served + RETRY_AFTER, interval: RETRY_AFTER });
      entry.reviewing = null;
      save();
    },
    reset() {
      data = { lessons: {} };
      save();
    },
  };
}
