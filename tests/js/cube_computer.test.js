import assert from "node:assert/strict";
import { test } from "node:test";

import {
  computerGame, computerToMove, engineRequest, movesToTakeBack, opponentQuery, readOpponent,
} from "../../static/js/cube/computer_rules.js";

/** A game record as the server answers it, with only what the code reads. */
function game(turn, moves, ply = moves.length) {
  const played = moves.map((mover, index) => ({
    from: [0, 0, index], to: [1, 0, index], board: `after${index}`, turn: mover === "w" ? "b" : "w",
    checkmate: false, stalemate: false,
  }));
  return { record: { board: "start", turn, moves: played, url: "" }, ply };
}

const playing = (g, turn, fields = {}) => ({ mode: "play", pending: false, turn, game: g, ...fields });

test("the address turns the computer on and sets its level (2 unless 1 to 4)", () => {
  assert.deepEqual(readOpponent("?board=x&vs=computer&level=3"), { on: true, level: 3, side: null });
  assert.deepEqual(readOpponent("?vs=computer&level=9"), { on: true, level: 2, side: null });
  assert.deepEqual(readOpponent("?level=4"), { on: false, level: 4, side: null });
  assert.equal(opponentQuery({ on: true, level: 4, side: null }), "&vs=computer&level=4");
  assert.equal(opponentQuery({ on: false, level: 4, side: null }), "");
});

test("the computer moves for the side not to move at the start, at the last step only", () => {
  const on = { on: true, level: 2, side: null };
  assert.equal(computerToMove(on, playing(game("w", []), "w")), false); // the user's turn
  assert.equal(computerToMove(on, playing(game("w", ["w"]), "b")), true);
  assert.equal(computerToMove(on, playing(game("w", ["w", "b"], 1), "b")), false); // an earlier step shown
  assert.equal(computerToMove(on, playing(game("w", ["w"]), "b", { pending: true })), false);
  assert.equal(computerToMove({ ...on, on: false }, playing(game("w", ["w"]), "b")), false);
  assert.equal(computerToMove({ ...on, side: "w" }, playing(game("w", []), "w")), true); // switched on mid-game
  const mated = game("w", ["w"]);
  mated.record.moves[0].checkmate = true;
  assert.equal(computerToMove(on, playing(mated, "b")), false);
});

test("the engine is asked about the position after the last move, at the level chosen", () => {
  const on = { on: true, level: 3, side: null };
  assert.deepEqual(engineRequest(game("b", []), on, { U: "011*" }), { board: "start", turn: "b", pieces: { U: "011*" }, level: 3 });
  assert.deepEqual(engineRequest(game("w", ["w"]), on, {}), { board: "after0", turn: "b", pieces: {}, level: 3 });
});

test("taking back takes the computer's answer with the user's move", () => {
  const on = { on: true, level: 2, side: null };
  assert.equal(movesToTakeBack(game("w", ["w", "b"]), on), 2);
  assert.equal(movesToTakeBack(game("w", ["w"]), on), 1); // not answered yet
  assert.equal(movesToTakeBack(game("w", []), on), 0);
});

test("a position no table holds opens in the lab against the computer", () => {
  assert.equal(computerGame("/3d", "k2,3,3/3,3,3/1Q1,3,2r", "b", { U: "011*", V: "012" }),
    "/3d?board=k2,3,3/3,3,3/1Q1,3,2r&pieces=U=011*;V=012&turn=b&vs=computer&level=2");
  assert.equal(computerGame("/3d", "K2,3,3/3,3,3/3,3,2k", "w", {}, 3), "/3d?board=K2,3,3/3,3,3/3,3,2k&vs=computer&level=3");
});
