import assert from "node:assert/strict";
import { test } from "node:test";

import {
  clickOutcome, dropOutcome, layoutSignature, pickable, pieceAt, resolveConfig, targetAllowed,
} from "../../static/js/board/board_state.js";

const CONFIG = { movable: true, movableColor: null, freeMoves: false, files: 8, layers: 1 };

test("the state's fields win over the options', the options' over the defaults", () => {
  const config = resolveConfig({ files: 8, ranks: 8, label: "Board" }, { files: 5, label: undefined, onMove: () => {} },
                               { ranks: 3, pieces: {} });
  assert.deepEqual(config, { files: 5, ranks: 3, label: "Board" });
});

test("the layout's signature changes with a layout field only", () => {
  const one = { layers: 1, files: 8, ranks: 8, keys: null, view: "layers", axis: "z", orientation: "white", coordinates: true };
  assert.equal(layoutSignature({ ...one, rays: true }), layoutSignature(one));
  assert.notEqual(layoutSignature({ ...one, orientation: "black" }), layoutSignature(one));
});

test("pieces are read from an object or a Map", () => {
  assert.equal(pieceAt({ e1: "wK" }, "e1"), "wK");
  assert.equal(pieceAt(new Map([["e1", "wK"]]), "e1"), "wK");
  assert.equal(pieceAt(undefined, "e1"), null);
  assert.equal(pieceAt({}, "e2"), null);
});

test("only the movable colour's pieces are picked, and none on a fixed board", () => {
  assert.equal(pickable({ ...CONFIG, movableColor: "w" }, "wQ"), true);
  assert.equal(pickable({ ...CONFIG, movableColor: "w" }, "bK"), false);
  assert.equal(pickable({ ...CONFIG, movable: false }, "wQ"), false);
  assert.equal(pickable(CONFIG, null), false);
});

test("a click places the armed spare piece before anything else", () => {
  const outcome = clickOutcome({ config: CONFIG, key: "a1", piece: "wK", selected: "e1", spare: "bQ", dests: ["a1"],
                                 canPickSelected: true, canPickKey: true });
  assert.deepEqual(outcome, { kind: "place", piece: "bQ" });
});

test("a click on a destination moves the selected piece, elsewhere it selects or lets go", () => {
  const base = { config: CONFIG, piece: null, selected: "e1", spare: null, dests: ["e2", "d1"], canPickSelected: true };
  assert.deepEqual(clickOutcome({ ...base, key: "e2", canPickKey: false }), { kind: "move" });
  assert.deepEqual(clickOutcome({ ...base, key: "h8", canPickKey: false }), { kind: "select", key: null });
  assert.deepEqual(clickOutcome({ ...base, key: "a1", piece: "wQ", canPickKey: true }), { kind: "select", key: "a1" });
  assert.deepEqual(clickOutcome({ ...base, key: "e1", piece: "wK", canPickKey: true }), { kind: "select", key: null });
  assert.deepEqual(clickOutcome({ ...base, selected: null, key: "h8", canPickKey: false }), { kind: "none" });
});

test("free moves take a selected piece to any empty square, never onto a piece not listed", () => {
  const free = { config: { ...CONFIG, freeMoves: true }, selected: "e1", spare: null, dests: [], canPickSelected: true };
  assert.deepEqual(clickOutcome({ ...free, key: "h5", piece: null, canPickKey: false }), { kind: "move" });
  assert.deepEqual(clickOutcome({ ...free, key: "h5", piece: "bK", canPickKey: false }), { kind: "select", key: null });
});

test("a drop moves to an allowed square, refuses another, removes off an editable board", () => {
  assert.equal(dropOutcome({ target: "e2", from: "e1", editable: false, canTarget: true }), "move");
  assert.equal(dropOutcome({ target: "e3", from: "e1", editable: false, canTarget: false }), "refuse");
  assert.equal(dropOutcome({ target: "e1", from: "e1", editable: false, canTarget: true }), "none");
  assert.equal(dropOutcome({ target: "inside", from: "e1", editable: true, canTarget: true }), "none");
  assert.equal(dropOutcome({ target: null, from: "e1", editable: true, canTarget: false }), "remove");
  assert.equal(dropOutcome({ target: null, from: "e1", editable: false, canTarget: false }), "none");
});

test("a target is allowed by free moves, by no list, or by the list", () => {
  assert.equal(targetAllowed(CONFIG, null, "e4"), true);
  assert.equal(targetAllowed(CONFIG, ["e4"], "e4"), true);
  assert.equal(targetAllowed(CONFIG, "e4", "e4"), true);
  assert.equal(targetAllowed(CONFIG, ["e5"], "e4"), false);
  assert.equal(targetAllowed({ ...CONFIG, freeMoves: true }, ["e5"], "e4"), true);
});
