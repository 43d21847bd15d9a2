import assert from "node:assert/strict";
import { test } from "node:test";

import { clamp, cubeSide, uprightMatrix, wrapDegrees } from "../../static/js/board/space_math.js";

const close = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

test("angles wrap into [-180, 180) and values are clamped", () => {
  assert.equal(wrapDegrees(190), -170);
  assert.equal(wrapDegrees(-190), 170);
  assert.equal(wrapDegrees(180), -180);
  assert.equal(wrapDegrees(45), 45);
  assert.equal(clamp(95, [0, 90]), 90);
  assert.equal(clamp(-1, [0, 90]), 0);
});

test("a cube's side fits the scene, within 12 to 84 px", () => {
  assert.equal(cubeSide(4000, 4000, 3), 84);
  assert.equal(cubeSide(100, 100, 10), 12);
  const side = cubeSide(600, 500, 4);
  assert.ok(side > 12 && side < 84);
  assert.ok(cubeSide(600, 500, 5) < side); // a larger cube, smaller cubes
});

test("the upright matrix undoes how a plane is seen", () => {
  assert.deepEqual(uprightMatrix({ x: 1, y: 0 }, { x: 0, y: 1 }).map((x) => x + 0), [1, 0, 0, 1]);
  const [a, b, c, d] = uprightMatrix({ x: 1, y: 0 }, { x: 0, y: 0.5 }); // squashed to half its height
  close(a, 1);
  close(d, 2);
  close(b, 0);
  close(c, 0);
});

test("a plane seen nearly edge-on stretches a piece at most three times", () => {
  const [a, b, c, d] = uprightMatrix({ x: 1, y: 0 }, { x: 0, y: 0.01 });
  close(a, 0.03);
  close(d, 3);
  close(b, 0);
  close(c, 0);
});
