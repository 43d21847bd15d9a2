import assert from "node:assert/strict";
import { test } from "node:test";

import { cleared, dateOf, DAY_MS, dayOf, dueToday, INTERVALS, isDue, missed, streak, whenDue } from "../../static/js/mates/review_days.js";

const NOON = Date.UTC(2025, 2, 1, 12); // 2025-03-01 12:00 UTC

test("a moment's local day follows the time zone's offset, not UTC's date", () => {
  const day = dayOf(NOON, 0);
  assert.equal(dateOf(day), "2025-03-01");
  assert.equal(dayOf(NOON + 11 * 3600 * 1000, 0), day); // 23:00 UTC: the same day in London
  assert.equal(dayOf(NOON + 11 * 3600 * 1000, -60), day + 1); // but midnight in Paris (UTC+1)
  assert.equal(dayOf(NOON - 13 * 3600 * 1000, 0), day - 1); // 23:00 the evening before
  assert.equal(dayOf(Date.UTC(2025, 2, 1, 3), 300), day - 1); // 03:00 UTC is 22:00 in New York (UTC-5)
  assert.equal(dayOf(NOON + DAY_MS, 0), day + 1);
});

test("a missed position comes back in the session, then after 1, 3, 7 and 21 days, then is learnt", () => {
  assert.deepEqual(INTERVALS, [1, 3, 7, 21]);
  const today = 20000;
  let review = missed("kbn-net", "fen", 5, today);
  assert.deepEqual(review, { lesson: "kbn-net", fen: "fen", stage: 0, after: 6, day: today, misses: 1 });
  assert.equal(isDue(review, today, 5), false); // one other position first
  assert.equal(isDue(review, today, 6), true);
  assert.equal(isDue(review, today + 1, 5), true); // left for tomorrow: due at once
  assert.equal(whenDue(review, today), "in this session");
  let day = today;
  for (const interval of INTERVALS) {
    review = cleared(review, day);
    assert.ok(review);
    assert.equal(review.day, day + interval);
    assert.equal(isDue(review, day + interval - 1, 99), false);
    assert.equal(isDue(review, day + interval, 0), true);
    assert.equal(whenDue(review, day), interval === 1 ? "tomorrow" : `in ${interval} days`);
    day += interval;
  }
  assert.equal(review.stage, 4);
  assert.equal(cleared(review, day), null); // learnt
});

test("a miss at any stage starts again in the session, counting the misses", () => {
  const first = missed("l", "fen", 0, 100);
  const later = cleared(cleared(first, 100), 101);
  const again = missed("l", "fen", 9, 104, later);
  assert.equal(again.stage, 0);
  assert.equal(again.after, 10);
  assert.equal(again.misses, 2);
});

test("today's queue holds the session's misses and the reviews whose day has come", () => {
  const inSession = missed("l", "a", 3, 50);
  const tomorrow = cleared(inSession, 50);
  assert.equal(dueToday(inSession, 50), true);
  assert.equal(dueToday(tomorrow, 50), false);
  assert.equal(dueToday(tomorrow, 51), true);
  assert.equal(dueToday(tomorrow, 60), true); // overdue stays due
  assert.equal(whenDue(tomorrow, 60), "today");
});

test("the streak counts the days in a row up to today, or yesterday while today is not played", () => {
  assert.deepEqual(streak([], 10), { current: 0, best: 0, playedToday: false });
  assert.deepEqual(streak([8, 9, 10], 10), { current: 3, best: 3, playedToday: true });
  assert.deepEqual(streak([8, 9], 10), { current: 2, best: 2, playedToday: false }); // still alive today
  assert.deepEqual(streak([8, 9], 11), { current: 0, best: 2, playedToday: false }); // broken
  assert.deepEqual(streak([1, 2, 3, 4, 9, 10, 10], 10), { current: 2, best: 4, playedToday: true });
});
