import assert from "node:assert/strict";
import { test } from "node:test";

import { arrowLine, originRing, rayShape } from "../../static/js/board/overlay_geometry.js";

test("an arrow stops short of the target's centre by a third of a square at most", () => {
  const line = arrowLine({ x: 0, y: 0, size: 60 }, { x: 300, y: 0, size: 60 });
  assert.deepEqual(line.start, { x: 0, y: 0 });
  assert.equal(line.end.y, 0);
  assert.ok(Math.abs(line.end.x - (300 - 60 * 0.35)) < 1e-9);
  assert.ok(Math.abs(line.width - 60 * 0.16) < 1e-9);
});

test("a short arrow stops a third of the way back, and a thin one is 3 px wide", () => {
  const line = arrowLine({ x: 0, y: 0, size: 10 }, { x: 0, y: 30, size: 12 });
  assert.ok(Math.abs(line.end.y - (30 - 10 * 0.35)) < 1e-9); // the smaller square's
  assert.equal(line.width, 3);
  const close = arrowLine({ x: 0, y: 0, size: 90 }, { x: 0, y: 30, size: 90 });
  assert.ok(Math.abs(close.end.y - 20) < 1e-9);
});

test("a ray starts at the rim of the piece's square and ends on the last one", () => {
  const shape = rayShape({ x: 0, y: 0, size: 50 }, { x: 0, y: 200, size: 50 }, false);
  assert.ok(Math.abs(shape.start.y - 50 * 0.42) < 1e-9);
  assert.equal(shape.start.x, 0);
  assert.deepEqual(shape.end, { x: 0, y: 200 });
  assert.equal(shape.bar, null);
  assert.ok(Math.abs(shape.dot - shape.width * 1.4) < 1e-9);
});

test("a blocked ray ends in a bar across it, centred on its end", () => {
  const shape = rayShape({ x: 0, y: 0, size: 50 }, { x: 100, y: 0, size: 50 }, true);
  assert.ok(shape.bar);
  const [one, two] = shape.bar;
  assert.equal(one.x, 100);
  assert.equal(two.x, 100);
  assert.ok(Math.abs(one.y + two.y) < 1e-9);
  assert.ok(Math.abs(Math.abs(one.y) - 15) < 1e-9); // the larger of 2.5 widths and 0.3 of a square
});

test("a ray of no length starts half-way, never beyond its end", () => {
  const shape = rayShape({ x: 5, y: 5, size: 40 }, { x: 5, y: 5, size: 40 }, false);
  assert.deepEqual(shape.start, { x: 5, y: 5 });
});

test("the origin's ring surrounds the piece", () => {
  assert.deepEqual(originRing({ x: 10, y: 20, size: 100 }), { x: 10, y: 20, r: 42, width: 6 });
  assert.equal(originRing({ x: 0, y: 0, size: 10 }).width, 2);
});
