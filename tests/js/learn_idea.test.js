import assert from "node:assert/strict";
import { test } from "node:test";

import { createIdeaPlayer, ideaBoard, ideaStatus } from "../../static/js/mates/learn_idea.js";

const frame = (i, extra = {}) => ({ fen: `f${i}`, turn: i % 2 ? "b" : "w", pieces: { a1: "wK" }, mate_in: 3 - i, move: null,
  next: null, marks: {}, arrows: [], check: null, caption: `caption ${i}`, ...extra });
const IDEA = { lesson: 2, id: "x", idea: "words", shows: "net", mate_in: 3, frames: [0, 1, 2, 3].map((i) => frame(i)) };

/** Timers the test runs by hand. */
function manualTimers() {
  const pending = new Map();
  let next = 1;
  return { set: (f) => (pending.set(next, f), next++), clear: (id) => pending.delete(id), run() {
    const [id, f] = [...pending][0] || [];
    if (id) { pending.delete(id); f(); }
  }, get size() { return pending.size; } };
}

test("the idea's line is stepped through, and played on a timer that stops at its end", () => {
  let changes = 0;
  const timers = manualTimers();
  const player = createIdeaPlayer({ onChange: () => (changes += 1), timers });
  player.load(IDEA);
  assert.equal(player.index, 0);
  player.back();
  assert.equal(player.index, 0); // not before the start
  player.next();
  assert.equal(player.frame()?.fen, "f1");
  player.toggle();
  assert.equal(player.playing, true);
  timers.run();
  timers.run();
  assert.equal(player.index, 3);
  assert.equal(player.atEnd(), true);
  assert.equal(player.playing, false);
  assert.equal(timers.size, 0);
  player.toggle(); // at the end, Play starts again from the first position
  assert.equal(player.index, 0);
  player.next(); // a step stops the timer
  assert.equal(player.playing, false);
  assert.ok(changes >= 7);
});

test("a frame on the board and in the status, as the server gave it", () => {
  const shown = frame(1, { move: { uci: "a1b2", san: "Kb2", from: "a1", to: "b2", by: "men" }, check: "h8",
    marks: { b1: ["free"] }, arrows: [{ from: "h8", to: "g8", brush: "red" }] });
  assert.deepEqual(ideaBoard(shown), { pieces: { a1: "wK" }, marks: { b1: ["free"] }, arrows: [{ from: "h8", to: "g8", brush: "red" }],
    check: "h8", lastMove: ["a1", "b2"], selected: null, dests: [] });
  assert.deepEqual(ideaStatus({ ...IDEA, frames: [frame(0), shown] }, 1),
    { status: "idea", label: "The idea · position 2 of 2", title: "Mate in 2", detail: "caption 1" });
  assert.equal(ideaStatus({ ...IDEA, frames: [frame(3)] }, 0).title, "Checkmate");
});
