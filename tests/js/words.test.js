import assert from "node:assert/strict";
import { test } from "node:test";

import { buildingText } from "../../static/js/shared/api.js";
import { describeProbe } from "../../static/js/shared/status_words.js";
import { colorName, moveCount, pieceCount, pieceWords, solutionCount, takenWords } from "../../static/js/shared/words.js";
import { probe } from "./helpers.js";

test("counts, pieces and colours in words (English: no catalogue)", () => {
  assert.deepEqual([moveCount(1), moveCount(0), pieceCount(3), solutionCount(1)], ["1 move", "0 moves", "3 pieces", "1 solution"]);
  assert.deepEqual([pieceWords("bK"), takenWords("R")], ["Black king", "rook"]);
  assert.deepEqual([colorName("w"), colorName("b")], ["White", "Black"]);
});

test("a table being built, in words", () => {
  assert.equal(buildingText({ material: "KRNK", size: "5x5x5", fraction: 0.4 }), "Building the table KRNK on 5×5×5 on the server: 40%…");
  assert.equal(buildingText({ state: "queued" }), "Building the tables on the server (queued)…");
});

test("a position's status from its probe", () => {
  const words = { draw: () => "drawn", resists: (side) => `${side} resists` };
  assert.equal(describeProbe(null, "w", words).status, "pending");
  assert.deepEqual(describeProbe(probe({ mate: 3 }), "w", words),
                   { status: "win", label: "White to move", title: "White mates in 3", detail: "With best play on both sides.", moves: 3 });
  const lost = describeProbe(probe({ mate: -2 }), "b", { ...words, lossStatus: "win" });
  assert.deepEqual([lost.status, lost.title, lost.detail], ["win", "White mates in 2", "Black resists"]);
  assert.equal(describeProbe(probe({ checkmate: true }), "b", words).detail, "White has won.");
  assert.equal(describeProbe(probe({ draw: true }), "w", words).detail, "drawn");
});
