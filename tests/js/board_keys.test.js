import assert from "node:assert/strict";
import { test } from "node:test";

import { createKeying, cubeKey, parseCubeKey, toRoman } from "../../static/js/board/keys.js";
import { isPieceCode, pieceName, pieceSvg } from "../../static/js/board/pieces.js";
import { raysOf } from "../../static/js/board/rays.js";
import { asList, lookup } from "../../static/js/board/squares.js";

test("Roman numerals and cube keys", () => {
  assert.deepEqual([1, 4, 9, 14, 39].map(toRoman), ["I", "IV", "IX", "XIV", "XXXIX"]);
  assert.equal(cubeKey(1, 2, 3), "1,2,3");
  assert.deepEqual(parseCubeKey("1,2,3"), [1, 2, 3]);
  assert.equal(parseCubeKey("e4"), null);
  assert.equal(parseCubeKey("1,2"), null);
});

test("a 2D keying names squares from White's side", () => {
  const keying = createKeying({ layers: 1, files: 8, ranks: 8 });
  assert.equal(keying.style, "square");
  assert.equal(keying.cells.length, 64);
  assert.equal(keying.keyOf({ col: 0, row: 7, layer: 0 }), "a1");
  assert.equal(keying.cellOf("h8")?.row, 0);
  assert.equal(keying.cellOf("a1")?.dark, true);
  assert.equal(keying.label("e4"), "e4");
});

test("a cube keying labels levels from the bottom and slices along an axis", () => {
  const keying = createKeying({ layers: 3, files: 3, ranks: 3 });
  assert.equal(keying.attribute, "data-cube");
  assert.equal(keying.label("0,2,2"), "a1(I)");
  assert.equal(keying.label("2,0,0"), "c3(III)");
  assert.equal(keying.names.layer(0), "III");
  const ranks = createKeying({ layers: 3, files: 3, ranks: 3, axis: "y" });
  assert.equal(ranks.keyOf({ col: 1, row: 2, layer: 0 }), "1,0,2");
  assert.equal(ranks.names.layerLong(0), "rank 3");
});

test("pieces by code", () => {
  assert.equal(isPieceCode("wK"), true);
  assert.equal(isPieceCode("xK"), false);
  assert.equal(pieceName("bN"), "black knight");
  assert.equal(pieceName("??"), "");
  assert.match(pieceSvg("wQ"), /^<svg class="piece-svg"/);
  assert.equal(pieceSvg("nope"), "");
});

test("rays end at each direction's farthest destination", () => {
  const rays = raysOf("0,0,0", ["1,0,0", "2,0,0", "1,1,1", "1,2,0"], { n: 3, slides: true });
  const byEnd = Object.fromEntries(rays.map((ray) => [ray.to, ray]));
  assert.deepEqual(Object.keys(byEnd).sort(), ["1,1,1", "1,2,0", "2,0,0"]);
  assert.equal(byEnd["2,0,0"].blocked, false); // reaches the edge
  assert.equal(byEnd["1,1,1"].blocked, true); // stops before it
  assert.equal(byEnd["1,2,0"].leap, true);
  assert.deepEqual(raysOf("0,0,0", [], { n: 3, slides: true }), []);
});

test("render fields given as one value, a list or a map", () => {
  assert.deepEqual(asList(null), []);
  assert.deepEqual(asList("e4"), ["e4"]);
  assert.deepEqual(asList(["a", "b"]), ["a", "b"]);
  assert.equal(lookup(new Map([["e4", 1]]), "e4"), 1);
  assert.equal(lookup({ e4: 2 }, "e4"), 2);
  assert.equal(lookup(null, "e4"), undefined);
});
