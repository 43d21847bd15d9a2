import assert from "node:assert/strict";
import { test } from "node:test";

import {
  clearOne, emptyLesson, fail, lessonOf, MAX_STARS, pass, playedOn, queueOn, scheduleMiss, skipReview, slackOf, takeDue,
} from "../../static/js/mates/learn_record.js";
import { RETRY_AFTER } from "../../static/js/mates/review_days.js";

const record = () => ({ version: 2, lessons: {}, reviews: [], days: [], reviewing: null });
const LESSON = { id: "queen", number: 1, round_size: 2 };

test("a lesson's counts start empty and stay in the record", () => {
  const data = record();
  assert.deepEqual(lessonOf(data, "queen"), emptyLesson());
  lessonOf(data, "queen").served = 3;
  assert.equal(data.lessons.queen.served, 3);
});

test("a round cleared earns a star, never beyond the most", () => {
  const entry = emptyLesson();
  assert.equal(clearOne(entry, 2), false);
  assert.equal(clearOne(entry, 2), true);
  assert.deepEqual([entry.stars, entry.cleared], [1, 0]);
  entry.stars = MAX_STARS;
  clearOne(entry, 1);
  assert.equal(entry.stars, MAX_STARS);
  assert.equal(entry.cleared, 0);
});

test("the days played are kept once each, for the streak", () => {
  const data = record();
  playedOn(data, "queen", 10);
  playedOn(data, "queen", 10);
  playedOn(data, "queen", 11);
  assert.deepEqual(data.days, [10, 11]);
  assert.equal(data.lessons.queen.played, 3);
});

test("a miss comes back once, replacing an earlier review of the same position", () => {
  const data = record();
  scheduleMiss(data, "queen", "fen-a", 5);
  scheduleMiss(data, "queen", "fen-a", 6);
  assert.equal(data.reviews.length, 1);
  assert.equal(data.reviews[0].fen, "fen-a");
  assert.equal(data.reviews[0].stage, 0);
  assert.equal(data.reviews[0].misses, 2);
});

test("a review due is taken off the list while played; skipped, it waits again", () => {
  const data = record();
  scheduleMiss(data, "queen", "fen-a", 5);
  lessonOf(data, "queen").served = 10; // well past the session's wait
  const review = takeDue(data, "queen", 5);
  assert.equal(review?.fen, "fen-a");
  assert.equal(data.reviews.length, 0);
  assert.equal(data.reviewing, review);
  skipReview(data, "other");
  assert.equal(data.reviewing, review);
  skipReview(data, "queen");
  assert.equal(data.reviewing, null);
  assert.equal(data.reviews[0].after, 10 + RETRY_AFTER);
  assert.equal(takeDue(data, "queen", 5), null);
});

test("a pass counts toward the round; helped, it comes back like a miss", () => {
  const data = record();
  assert.deepEqual(pass(data, LESSON, "fen-a", false, 3), { star: false, review: null, learnt: false });
  assert.equal(pass(data, LESSON, "fen-b", false, 3).star, true);
  const helped = pass(data, LESSON, "fen-c", true, 3);
  assert.equal(helped.star, false);
  assert.equal(helped.review?.fen, "fen-c");
  assert.deepEqual([data.lessons.queen.passed, data.lessons.queen.helped, data.lessons.queen.stars], [2, 1, 1]);
});

test("a review passed comes back later, and today's queue counts what is due", () => {
  const data = record();
  scheduleMiss(data, "queen", "fen-a", 3);
  assert.deepEqual(queueOn(data, 3), { due: { queen: 1 }, total: 1, tomorrow: 0, waiting: 1 });
  lessonOf(data, "queen").served = 10;
  takeDue(data, "queen", 3);
  const passed = pass(data, LESSON, "fen-a", false, 3);
  assert.equal(passed.review?.stage, 1);
  assert.equal(passed.review?.day, 4);
  assert.deepEqual(queueOn(data, 3), { due: {}, total: 0, tomorrow: 1, waiting: 1 });
});

test("a failed position is played, counted and comes back", () => {
  const data = record();
  const review = fail(data, "queen", "fen-a", 8);
  assert.equal(review.fen, "fen-a");
  assert.deepEqual([data.lessons.queen.failed, data.lessons.queen.played], [1, 1]);
  assert.deepEqual(data.days, [8]);
});

test("the slack shrinks with the stars, the last figure held beyond the list", () => {
  const info = { ...LESSON, slack_by_stars: [4, 2, 1, 0] };
  assert.equal(slackOf({ ...emptyLesson(), stars: 0 }, info), 4);
  assert.equal(slackOf({ ...emptyLesson(), stars: 2 }, info), 1);
  assert.equal(slackOf({ ...emptyLesson(), stars: 9 }, info), 0);
  assert.equal(slackOf(emptyLesson(), LESSON), 0);
});
