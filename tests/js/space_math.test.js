import assert from "node:assert/strict";
import { test } from "node:test";

import {
  allowed, boundedCamera, cameraText, clamp, crowdedBoxes, cubeSide, facing, framingZoom, MIN_FACING, PLANE_TURN,
  planeTransform, presetCamera, readCamera, SPREAD,
  uprightMatrix, wrapDegrees,
} from "../../static/js/board/space_math.js";

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

test("the camera's bounds: no layer turns edge-on, whichever way the cube is sliced", () => {
  assert.equal(facing({ spin: 0, tilt: 0 }, "z"), 1); // the levels seen from straight above
  close(facing({ spin: 30, tilt: 90 }, "z"), 0); // edge-on
  close(facing({ spin: 0, tilt: 90 }, "y"), 1); // the ranks face the front
  close(facing({ spin: 90, tilt: 90 }, "x"), 1); // the files face the side
  assert.ok(facing({ spin: 0, tilt: 0 }, "y") < MIN_FACING); // ranks seen from above: edge-on
  assert.equal(allowed({ spin: 0, tilt: 75, zoom: 1 }, "z"), false);
  assert.equal(allowed({ spin: 0, tilt: 65, zoom: 1 }, "z"), true);
  // Lowering the eye past the bound stops at it; raising it to the top is allowed for the levels.
  const low = boundedCamera({ spin: -24, tilt: 56, zoom: 1 }, { spin: -24, tilt: 120, zoom: 1 }, "z");
  assert.ok(low.tilt > 65 && low.tilt <= 70.2 && allowed(low, "z"));
  // Raising it stops short of straight above, where the levels would hide each other's pieces.
  assert.deepEqual(boundedCamera({ spin: -24, tilt: 56, zoom: 1 }, { spin: -24, tilt: 0, zoom: 1 }, "z"),
                   { spin: -24, tilt: 10, zoom: 1 });
  assert.deepEqual(presetCamera("above", "z"), { spin: 0, tilt: 15, zoom: 1 });
  // The ranks from above stop where they still show.
  const above = presetCamera("above", "y");
  assert.ok(allowed(above, "y") && above.tilt > 15 && above.tilt < 30);
  assert.deepEqual(presetCamera("front", "z", 1.5), { spin: 0, tilt: 64, zoom: 1.5 });
  assert.ok(allowed(presetCamera("side", "y"), "y"));
});

test("a camera is written for the address and read back within its bounds", () => {
  assert.equal(cameraText({ spin: -23.6, tilt: 56.2, zoom: 1.234 }), "-24,56,1.23");
  assert.deepEqual(readCamera("-24,56,1.23", "z"), { spin: -24, tilt: 56, zoom: 1.23 });
  assert.equal(readCamera("nonsense", "z"), null);
  assert.ok(allowed(readCamera("68,64,1", "y") ?? { spin: 0, tilt: 0, zoom: 0 }, "y")); // rounded past its bound by a hair
});

test("the cube's framing: every camera fits the cube, one camera's framing zooms in", () => {
  const side = cubeSide(350, 480, 5, "z");
  assert.ok(side > 12 && side < 84);
  const zoom = framingZoom(350, 480, 5, "z", { spin: -24, tilt: 56 }, side);
  assert.ok(zoom >= 1 && zoom <= 3);
});

test("the planes are pulled apart about the cube's centre along the slicing axis", () => {
  const [first, middle, last] = [0, 1, 2].map((layer) => planeTransform(layer, 3, 40, "z"));
  assert.equal(middle, "translate3d(0, 0, 0px)  translate(-60px, -60px)");
  assert.equal(first, `translate3d(0, 0, ${40 * SPREAD}px)  translate(-60px, -60px)`);
  assert.equal(last, `translate3d(0, 0, ${-40 * SPREAD}px)  translate(-60px, -60px)`);
  assert.equal(planeTransform(0, 2, 10, "x"), `translate3d(${-5 * SPREAD}px, 0, 0) ${PLANE_TURN.x} translate(-10px, -10px)`);
  assert.equal(planeTransform(1, 2, 10, "y"), `translate3d(0, ${5 * SPREAD}px, 0) ${PLANE_TURN.y} translate(-10px, -10px)`);
});

test("a plane's name that overlaps one shown before it is crowded out, one beside it is not", () => {
  const box = (left, top) => ({ left, top, right: left + 30, bottom: top + 10 });
  assert.deepEqual(crowdedBoxes([box(0, 0), box(20, 5), box(40, 0), box(0, 10)]), [false, true, false, false]);
  // a crowded box does not crowd out the next: only shown ones count
  assert.deepEqual(crowdedBoxes([box(0, 0), box(25, 0), box(50, 0)]), [false, true, false]);
  assert.deepEqual(crowdedBoxes([]), []);
});
