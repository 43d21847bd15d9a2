import assert from "node:assert/strict";
import { test } from "node:test";

import { createProgress, exportProgress, importProgress, MAX_STARS, PROGRESS_KEYS } from "../../static/js/mates/learn_progress.js";
import { DAY_MS } from "../../static/js/mates/review_days.js";

/** localStorage's interface over a Map. */
function memoryStorage() {
  const items = new Map();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, String(value)), items };
}

/** A clock the test moves. */
function clock(start = Date.UTC(2025, 2, 1, 12)) {
  const c = { time: start, now: () => c.time, days: (n) => (c.time += n * DAY_MS) };
  return c;
}

const LESSON = { id: "kbn-net", number: 1, round_size: 2, slack_by_stars: [4, 2, 1, 0], formerly: { kbn: 1, path: 7 } };
const W = { id: "kbn-w-whole", number: 5, round_size: 2, slack_by_stars: [8, 5, 3, 0], formerly: { kbn: 2, path: 8 } };
const options = (c) => ({ lessons: [LESSON, W], page: "kbn", now: c.now, offset: () => 0 });

test("a round of cleared positions earns a star, up to the most", () => {
  const progress = createProgress(memoryStorage(), "k", options(clock()));
  assert.equal(progress.slack(LESSON), 4);
  assert.equal(progress.passed(LESSON, "a").star, false);
  assert.equal(progress.passed(LESSON, "b").star, true);
  assert.equal(progress.lesson("kbn-net").stars, 1);
  assert.equal(progress.slack(LESSON), 2);
  for (let i = 0; i < 2 * MAX_STARS; i++) progress.passed(LESSON, `p${i}`);
  assert.equal(progress.lesson("kbn-net").stars, MAX_STARS);
  assert.equal(progress.slack(LESSON), 0);
});

test("help costs the position's credit toward the star, and it comes back like a miss", () => {
  const progress = createProgress(memoryStorage(), "k", options(clock()));
  progress.passed(LESSON, "a");
  assert.equal(progress.passed(LESSON, "b", true).star, false); // the round would have been full
  const entry = progress.lesson("kbn-net");
  assert.equal(entry.stars, 0);
  assert.equal(entry.cleared, 1);
  assert.equal(entry.helped, 1);
  assert.deepEqual(progress.reviews("kbn-net").map((r) => [r.fen, r.stage]), [["b", 0]]);
});

test("a missed position comes back after another, then tomorrow, then after 3, 7 and 21 days", () => {
  const c = clock();
  const progress = createProgress(memoryStorage(), "k", options(c));
  progress.served("kbn-net");
  progress.failed("kbn-net", "fen-a");
  assert.equal(progress.takeDue("kbn-net"), null); // not yet: one other position first
  progress.served("kbn-net");
  assert.equal(progress.takeDue("kbn-net")?.fen, "fen-a");
  progress.served("kbn-net");
  assert.equal(progress.passed(LESSON, "fen-a").review?.stage, 1); // cleared on its return: tomorrow
  assert.equal(progress.queue().total, 0);
  assert.equal(progress.queue().tomorrow, 1);
  progress.served("kbn-net");
  assert.equal(progress.takeDue("kbn-net"), null); // not today, whatever is played
  for (const days of [1, 3, 7, 21]) {
    c.days(days - 1);
    assert.equal(progress.takeDue("kbn-net"), null, `not a day before (${days})`);
    c.days(1);
    assert.deepEqual(progress.queue().due, { "kbn-net": 1 });
    assert.equal(progress.takeDue("kbn-net")?.fen, "fen-a");
    progress.served("kbn-net");
    progress.passed(LESSON, "fen-a");
  }
  assert.equal(progress.reviews().length, 0);
  assert.equal(progress.lesson("kbn-net").learnt, 1);
});

test("a review taken and left unplayed waits again; one taken when the page closed is not lost", () => {
  const c = clock();
  const storage = memoryStorage();
  const progress = createProgress(storage, "k", options(c));
  progress.failed("kbn-net", "fen-a");
  progress.served("kbn-net");
  assert.equal(progress.takeDue("kbn-net")?.fen, "fen-a");
  progress.skipped("kbn-net");
  assert.equal(progress.takeDue("kbn-net"), null);
  progress.served("kbn-net");
  assert.equal(progress.takeDue("kbn-net")?.fen, "fen-a"); // the page closes here
  const again = createProgress(storage, "k", options(c));
  assert.deepEqual(again.reviews().map((r) => r.fen), ["fen-a"]);
  again.served("kbn-net");
  assert.equal(again.takeDue("kbn-net")?.fen, "fen-a");
  again.dropped("kbn-net"); // refused by the server: forgotten
  assert.deepEqual(createProgress(storage, "k", options(c)).reviews(), []);
});

test("the streak counts the days played", () => {
  const c = clock();
  const progress = createProgress(memoryStorage(), "k", options(c));
  progress.failed("kbn-net", "a");
  c.days(1);
  progress.passed(LESSON, "b");
  assert.deepEqual(progress.streak(), { current: 2, best: 2, playedToday: true });
  c.days(1);
  assert.equal(progress.streak().current, 2); // today not played yet: still alive
  c.days(1);
  assert.equal(progress.streak().current, 0);
});

test("progress is kept in the storage and survives a reload; reset forgets it", () => {
  const storage = memoryStorage();
  const c = clock();
  createProgress(storage, "k", options(c)).passed({ ...LESSON, round_size: 1 }, "a");
  assert.equal(createProgress(storage, "k", options(c)).lesson("kbn-net").stars, 1);
  assert.equal(createProgress(storage, "other", options(c)).lesson("kbn-net").stars, 0);
  createProgress(storage, "k", options(c)).reset();
  assert.equal(createProgress(storage, "k", options(c)).lesson("kbn-net").stars, 0);
  storage.setItem("k", "not json");
  assert.equal(createProgress(storage, "k", options(c)).lesson("kbn-net").stars, 0);
});

test("a record of the first format is read anew: lessons by their old numbers, retries as reviews", () => {
  const storage = memoryStorage();
  const first = { lessons: { 1: { stars: 2, cleared: 1, served: 7, retry: [{ fen: "old", due: 8, interval: 1 }] },
    2: { stars: 1, cleared: 0, served: 3, retry: [] }, 9: { stars: 3 } } };
  storage.setItem("kbn-learn-progress", JSON.stringify(first));
  const c = clock();
  const progress = createProgress(storage, "kbn-learn-progress", options(c));
  assert.equal(progress.lesson("kbn-net").stars, 2);
  assert.equal(progress.lesson("kbn-net").served, 7);
  assert.equal(progress.lesson("kbn-w-whole").stars, 1); // the old lesson 2, the W-manoeuvre
  assert.deepEqual(progress.reviews().map((r) => [r.lesson, r.fen, r.stage, r.after]), [["kbn-net", "old", 0, 8]]);
  assert.equal(JSON.parse(storage.getItem("kbn-learn-progress")).version, 2); // written anew
  progress.served("kbn-net");
  assert.equal(progress.takeDue("kbn-net")?.fen, "old");
  // On the path the same lesson was number 7.
  storage.setItem("mates-learn-progress", JSON.stringify({ lessons: { 7: { stars: 3 } } }));
  const path = createProgress(storage, "mates-learn-progress", { ...options(c), page: "path" });
  assert.equal(path.lesson("kbn-net").stars, 3);
});

test("export then import restores every page's progress in another browser", () => {
  const c = clock();
  const mine = memoryStorage();
  const kbn = createProgress(mine, PROGRESS_KEYS[0], options(c));
  kbn.passed({ ...LESSON, round_size: 1 }, "a");
  kbn.failed("kbn-w-whole", "missed");
  createProgress(mine, PROGRESS_KEYS[1], { ...options(c), page: "path" }).passed({ ...W, round_size: 1 }, "b");
  const file = JSON.stringify(exportProgress(mine, c.now()));
  const fresh = memoryStorage();
  assert.deepEqual(importProgress(fresh, file), { ok: true, keys: PROGRESS_KEYS });
  const restored = createProgress(fresh, PROGRESS_KEYS[0], options(c));
  assert.equal(restored.lesson("kbn-net").stars, 1);
  assert.deepEqual(restored.reviews().map((r) => r.fen), ["missed"]);
  assert.equal(createProgress(fresh, PROGRESS_KEYS[1], options(c)).lesson("kbn-w-whole").stars, 1);
  assert.equal(importProgress(fresh, "nonsense").ok, false);
  assert.equal(importProgress(fresh, JSON.stringify({ format: "other", records: {} })).ok, false);
  assert.equal(importProgress(fresh, JSON.stringify({ format: "kbn-lab-lesson-progress", records: {} })).ok, false);
});
