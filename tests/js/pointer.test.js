import assert from "node:assert/strict";
import { test } from "node:test";

import { autoScrollStep, newGesture, passedThreshold } from "../../static/js/board/pointer.js";

const press = (type, x = 100, y = 100) => newGesture({ pointerId: 7, pointerType: type, clientX: x, clientY: y }, { key: "e2" });

test("a press starts where it was made, holding nothing yet", () => {
  const g = press("mouse", 10, 20);
  assert.deepEqual([g.id, g.type, g.x0, g.y0, g.x, g.y, g.key], [7, "mouse", 10, 20, 10, 20, "e2"]);
  assert.equal(g.dragging || g.panning || g.handled, false);
  assert.equal(g.ghost, null);
});

test("a finger must travel further than a mouse before a press is a drag", () => {
  assert.equal(passedThreshold(press("mouse"), 104, 100), true);
  assert.equal(passedThreshold(press("mouse"), 103, 100), false);
  assert.equal(passedThreshold(press("touch"), 105, 100), false);
  assert.equal(passedThreshold(press("touch"), 100, 108), true);
  assert.equal(passedThreshold(press("pen"), 103, 104), true);
  assert.equal(passedThreshold(press("unknown"), 104, 100), true);
});

test("a drag scrolls near the window's top and bottom edges only", () => {
  assert.equal(autoScrollStep(400, 800), 0);
  assert.equal(autoScrollStep(40, 800), 0);
  assert.equal(autoScrollStep(10, 800), -10);
  assert.equal(autoScrollStep(0, 800), -14);
  assert.equal(autoScrollStep(790, 800), 10);
  assert.equal(autoScrollStep(760, 800), 0);
});
