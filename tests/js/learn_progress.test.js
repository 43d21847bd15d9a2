import assert from "node:assert/strict";
import { test } from "node:test";

import { createProgress, MAX_STARS } from "../../static/js/mates/learn_progress.js";

/** localStorage's interface over a Map. */
function memoryStorage() {
  const items = new Map();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, String(value)), items };
}

const LESSON = { number: 1, round_size: 2, slack_by_stars: [4, 2, 1, 0] };

test("a round of cleared positions earns a star, up to the most", () => {
  const progress = createProgress(memoryStorage(), "k");
  assert.equal(progress.slack(LESSON), 4);
  assert.equal(progress.passed(LESSON), false);
  assert.equal(progress.passed(LESSON), true);
  assert.equal(progress.lesson(1).stars, 1);
  assert.equal(progress.slack(LESSON), 2);
  for (let i = 0; i < 2 * MAX_STARS; i++) progress.passed(LESSON);
  assert.equal(progress.lesson(1).stars, MAX_STARS);
  assert.equal(progress.slack(LESSON), 0);
});

test("a failed position comes back after another, then after twice as many", () => {
  const progress = createProgress(memoryStorage(), "k");
  progress.served(1);
  progress.failed(1, "fen-a");
  assert.equal(progress.takeDue(1), null); // not yet: one other position first
  progress.served(1);
  assert.equal(progress.takeDue(1), "fen-a");
  progress.served(1);
  progress.passed(LESSON, "fen-a"); // cleared on its return: back after 2 others
  assert.deepEqual(progress.lesson(1).retry.map((item) => item.interval), [2]);
  assert.equal(progress.takeDue(1), null);
  progress.served(1);
  progress.served(1);
  assert.equal(progress.takeDue(1), "fen-a");
});

test("progress is kept in the storage and survives a reload; reset forgets it", () => {
  const storage = memoryStorage();
  createProgress(storage, "k").passed({ ...LESSON, round_size: 1 });
  assert.equal(createProgress(storage, "k").lesson(1).stars, 1);
  assert.equal(createProgress(storage, "other").lesson(1).stars, 0);
  createProgress(storage, "k").reset();
  assert.equal(createProgress(storage, "k").lesson(1).stars, 0);
  storage.setItem("k", "not json");
  assert.equal(createProgress(storage, "k").lesson(1).stars, 0);
});
