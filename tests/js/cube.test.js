import assert from "node:assert/strict";
import { test } from "node:test";

import { describe } from "../../static/js/cube/endgames_panels.js";
import { afterMove, moveKeys } from "../../static/js/cube/endgames_game.js";
import { canStart, isOver } from "../../static/js/cube/game.js";
import { countByLayer, layerLabel } from "../../static/js/cube/layers.js";
import { describeStatus } from "../../static/js/cube/status.js";
import { probe } from "./helpers.js";

/** A lab report with only what the code reads. */
function report(fields = {}) {
  return {
    problems: [], check: false, checkmate: false, stalemate: false, kings_touch: false,
    moves: new Map([["0,0,0", ["1,0,0"]]]), kingKeys: { w: "2,2,2", b: "0,2,0" }, checkerKeys: [],
    ...fields,
  };
}

const label = (key) => `<${key}>`;

test("a game starts only where the report allows, and ends on mate or stalemate", () => {
  assert.equal(canStart(report()), true);
  assert.equal(canStart(report({ problems: ["no black king"] })), false);
  assert.equal(canStart(null), false);
  assert.equal(isOver(report({ stalemate: true })), true);
  assert.equal(isOver(report()), false);
});

test("the lab's status in words", () => {
  const pieces = { "1,1,1": "bQ" };
  const view = { turn: "w", playing: false, pieces, label };
  assert.equal(describeStatus({ report: null, error: "" }, view).status, "pending");
  assert.equal(describeStatus({ report: null, error: "two kings" }, view).detail, "Two kings.");
  assert.equal(describeStatus({ report: report({ kingKeys: { w: null, b: "0,0,0" } }), error: "" }, view).status, "no-king");
  const mate = describeStatus({ report: report({ checkmate: true, check: true, checkerKeys: ["1,1,1"] }), error: "" },
                              { ...view, playing: true });
  assert.deepEqual([mate.title, mate.detail, mate.label],
                   ["Checkmate", "White is checkmated by the queen on <1,1,1>. Black wins.", "Game · White to move"]);
  assert.equal(describeStatus({ report: report(), error: "" }, view).label, "Is White checkmated?");
});

test("the 3D endgames' moves and status", () => {
  const m = { from: [0, 1, 2], to: [1, 1, 2], pieces: { "1,1,2": "wQ" } };
  assert.deepEqual(moveKeys(m), { from: "0,1,2", to: "1,1,2" });
  assert.deepEqual(afterMove({ n: 3, pieces: {}, turn: "w" }, m), { n: 3, pieces: { "1,1,2": "wQ" }, turn: "b" });
  assert.equal(describe(probe({ mate: -3 }), "b", null).status, "win");
  assert.equal(describe(null, "w", { status: 404, message: "no table" }).status, "unsupported");
  assert.equal(describe(null, "w", { status: 400, message: "bad" }).title, "Not a legal position");
});

test("the layer strip's counts and spoken names", () => {
  const layerOf = (key) => Number(key.split(",")[2]);
  assert.deepEqual(countByLayer(["0,0,0", "1,0,0", "1,1,2"], layerOf, 3), [2, 0, 1]);
  assert.deepEqual(countByLayer(["0,0,5"], layerOf, 3), [0, 0, 0]);
  assert.equal(layerLabel("III", { pieces: 1, dests: 2, check: true }),
               "Layer III: 1 piece, 2 moves of the selected piece, a king in check");
  assert.equal(layerLabel("I", { pieces: 0, dests: 0, check: false }), "Layer I: no pieces");
});
