import assert from "node:assert/strict";
import { test } from "node:test";

import { cellFigures, figuresTitle } from "../../static/js/cube/endgames_overview.js";

const FIGURES = { won: 1234, positions: 5000, longest: 9 };

test("a cell shows its table's own figures when ready, else the results file's", () => {
  const ready = { state: "ready", material: "KQK", n: 3, ...FIGURES, result: { won: 1 } };
  assert.equal(cellFigures(ready), ready);
  assert.deepEqual(cellFigures({ state: "missing", result: FIGURES }), FIGURES);
  assert.equal(cellFigures({ state: "unavailable" }), null);
});

test("a ready cell's title says which table and its counts", () => {
  const title = figuresTitle({ state: "ready", material: "KQK", n: 3 }, FIGURES, "3×3×3", "cost");
  assert.equal(title, "KQK on 3×3×3: White wins 1,234 of 5,000 positions; longest mate in 9. Click for its detail.");
});

test("a verified result not built here says so, and what building it costs", () => {
  const far = figuresTitle({ state: "missing", material: "KRK", n: 4 }, FIGURES, "4×4×4", "Building it costs a lot.");
  assert.match(far, /^KRK on 4×4×4: White wins .*A verified result; this server has not built its table\. Building it costs a lot\. Click/);
  const busy = figuresTitle({ state: "building", material: "KRK", n: 4 }, FIGURES, "4×4×4", "Building it costs a lot.");
  assert.match(busy, /its table is being built here\. Click for its detail\.$/);
  const none = figuresTitle({ state: "missing", material: "KNK", n: 4 }, { won: 0, positions: 80, longest: null }, "4×4×4", "");
  assert.equal(none, "KNK on 4×4×4: no position is won (80 positions). A verified result; this server has not built its table. Click for its detail.");
});
