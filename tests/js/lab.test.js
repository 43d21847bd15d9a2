import assert from "node:assert/strict";
import { test } from "node:test";

import { readAddress, writeAddress } from "../../static/js/cube/address.js";
import { changed, emptyHistory, kindsFor, moved, placed, remember, removed, travel } from "../../static/js/cube/edits.js";
import { allows, moveTexts, movesWith, movesWithoutLast, positionAt, stepTo } from "../../static/js/cube/game.js";

/** A record as POST /api/3d/game answers it: 1. Qb3(I)-a3(I)+ Ka3(III)-a2(III). */
const RECORD = {
  n: 3, board: "k1K,3,3/3,3,3/1Q1,3,3", turn: /** @type {"w"} */ ("w"),
  pieces: { "0,0,0": "bK", "2,0,0": "wK", "1,0,2": "wQ" },
  moves: [
    { from: [1, 0, 2], to: [0, 0, 2], notation: "Qb3(I)-a3(I)+", turn: "b", pieces: { "0,0,0": "bK", "2,0,0": "wK", "0,0,2": "wQ" } },
    { from: [0, 0, 0], to: [0, 1, 0], notation: "Ka3(III)-a2(III)", turn: "w", pieces: { "0,1,0": "bK", "2,0,0": "wK", "0,0,2": "wQ" } },
  ],
  result: null, record: "", url: "Qb3(I)-a3(I),Ka3(III)-a2(III)",
};

test("a game's positions, steps and the moves sent for a new one", () => {
  assert.deepEqual(positionAt(RECORD, 0), { pieces: RECORD.pieces, turn: "w", lastMove: null });
  assert.deepEqual(positionAt(RECORD, 2), { pieces: RECORD.moves[1].pieces, turn: "w", lastMove: ["0,0,0", "0,1,0"] });
  const game = { record: /** @type {any} */ (RECORD), ply: 1 };
  assert.equal(stepTo(game, "back"), 0);
  assert.equal(stepTo(game, "forward"), 2);
  assert.equal(stepTo({ ...game, ply: 2 }, "forward"), 2);
  assert.equal(stepTo(game, "start"), 0);
  assert.equal(stepTo(game, "end"), 2);
  assert.equal(stepTo(game, "2"), 2);
  assert.equal(stepTo(game, "9"), 2);
  // A move at step 1 drops the moves after it.
  assert.deepEqual(movesWith(game, "0,0,0", "1,0,0"), [[[1, 0, 2], [0, 0, 2]], [[0, 0, 0], [1, 0, 0]]]);
  assert.deepEqual(movesWithoutLast({ ...game, ply: 2 }), [[[1, 0, 2], [0, 0, 2]]]);
  assert.deepEqual(moveTexts(/** @type {any} */ (RECORD)), ["1. Qb3(I)-a3(I)+", "1... Ka3(III)-a2(III)"]);
  assert.deepEqual(moveTexts(/** @type {any} */ ({ ...RECORD, turn: "b" })), ["1... Qb3(I)-a3(I)+", "2. Ka3(III)-a2(III)"]);
  assert.deepEqual(moveTexts(null), []);
});

test("only a move the report lists for the side to move is sent", () => {
  const report = /** @type {any} */ ({ moves: new Map([["1,0,2", ["0,0,2"]]]), checkmate: false, stalemate: false });
  const pieces = RECORD.pieces;
  assert.equal(allows(report, pieces, "w", "1,0,2", "0,0,2"), true);
  assert.equal(allows(report, pieces, "w", "1,0,2", "2,2,2"), false);
  assert.equal(allows(report, pieces, "b", "1,0,2", "0,0,2"), false);
  assert.equal(allows({ ...report, checkmate: true }, pieces, "w", "1,0,2", "0,0,2"), false);
  assert.equal(allows(null, pieces, "w", "1,0,2", "0,0,2"), false);
});

test("edits: placing (one king a side), moving, removing, changing, undo and redo", () => {
  const pieces = { "0,0,0": "wK", "1,1,1": "wQ" };
  assert.deepEqual(placed(pieces, "wK", "2,2,2"), { "1,1,1": "wQ", "2,2,2": "wK" });
  assert.deepEqual(placed(pieces, "bK", "2,2,2"), { ...pieces, "2,2,2": "bK" });
  assert.deepEqual(moved(pieces, "1,1,1", "0,0,0"), { "0,0,0": "wQ" });
  assert.equal(moved(pieces, "2,2,2", "0,0,0"), pieces);
  assert.deepEqual(removed(pieces, "1,1,1"), { "0,0,0": "wK" });
  assert.deepEqual(kindsFor(pieces, "1,1,1"), ["Q", "R", "B", "N"]); // White's king stands elsewhere
  assert.deepEqual(kindsFor(pieces, "0,0,0"), ["K", "Q", "R", "B", "N"]);
  assert.deepEqual(changed(pieces, "1,1,1", "R"), { "0,0,0": "wK", "1,1,1": "wR" });
  const first = { n: 3, pieces, turn: /** @type {"w"} */ ("w") };
  const second = { ...first, pieces: changed(pieces, "1,1,1", "R") };
  const history = remember(emptyHistory(), first);
  const back = travel(history, second, true);
  assert.deepEqual(back?.snapshot, first);
  const again = back && travel(back.history, first, false);
  assert.deepEqual(again?.snapshot, second);
  assert.equal(travel(emptyHistory(), first, true), null);
  assert.deepEqual(remember(again?.history ?? emptyHistory(), second).future, []);
});

test("the address keeps the position, the game and the view", () => {
  assert.deepEqual(readAddress("?board=3,3,3/3,3,3/3,3,K2&view=space&axis=y&layer=2&cam=-24,56,1.2&moves=Qb3(I)-a3(I)&ply=1"), {
    view: "space", axis: "y", layer: 2, camera: "-24,56,1.2", moves: "Qb3(I)-a3(I)", ply: 1, names: {},
  });
  assert.deepEqual(readAddress("?view=bogus&axis=w&layer=all"), {
    view: null, axis: "z", layer: "all", camera: null, moves: null, ply: null, names: {},
  });
  const page = { board: "k1K,3,3/3,3,3/1Q1,3,3", turn: /** @type {"w"} */ ("w"), view: "layers", axis: "z", only: null,
                 oneLayerFirst: false, camera: "-24,56,1", moves: null, ply: 0, plies: 0 };
  assert.equal(writeAddress(page), "?board=k1K,3,3/3,3,3/1Q1,3,3");
  assert.equal(writeAddress({ ...page, turn: "b", view: "space", axis: "x", only: 1 }),
               "?board=k1K,3,3/3,3,3/1Q1,3,3&turn=b&view=space&axis=x&layer=1&cam=-24,56,1");
  assert.equal(writeAddress({ ...page, oneLayerFirst: true }), "?board=k1K,3,3/3,3,3/1Q1,3,3&layer=all");
  assert.equal(writeAddress({ ...page, moves: "Qb3(I)-a3(I),Ka3(III)-a2(III)", ply: 1, plies: 2 }),
               "?board=k1K,3,3/3,3,3/1Q1,3,3&moves=Qb3(I)-a3(I),Ka3(III)-a2(III)&ply=1");
  const written = writeAddress({ ...page, moves: "Qb3(I)-a3(I)", ply: 1, plies: 1 });
  assert.equal(readAddress(written).moves, "Qb3(I)-a3(I)");
});

test("the address keeps the pieces the user defined and their names, which read back", () => {
  const page = { board: "K1U,3,2k/3,3,3/3,3,3", turn: /** @type {"w"} */ ("w"), view: "layers", axis: "z", only: null,
                 oneLayerFirst: false, camera: null, moves: null, ply: 0, plies: 0 };
  assert.equal(writeAddress({ ...page, custom: {}, names: {} }), "?board=K1U,3,2k/3,3,3/3,3,3");
  const written = writeAddress({ ...page, custom: { U: "011*", A: "111*,012" }, names: { U: "Raumschach bishop; old" } });
  assert.equal(written, "?board=K1U,3,2k/3,3,3/3,3,3&pieces=U=011*;A=111*,012&names=U=Raumschach%20bishop%3B%20old");
  assert.equal(new URLSearchParams(written).get("pieces"), "U=011*;A=111*,012");
  // A name with ";" is cut there (the address separates names by it); others read back whole.
  assert.deepEqual(readAddress(written).names, { U: "Raumschach bishop" });
  const named = writeAddress({ ...page, custom: { A: "111*,012" }, names: { A: "Archbishop = cardinal" } });
  assert.deepEqual(readAddress(named).names, { A: "Archbishop = cardinal" });
  assert.deepEqual(readAddress("?names=u=low;UV=two;=x;Z=").names, { Z: "" });
});
