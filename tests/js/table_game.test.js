import assert from "node:assert/strict";
import { test } from "node:test";

import { createTableGame, FIFTY, fiftyMovesAt, hangingVerdict } from "../../static/js/shared/table_game.js";
import { move, probe } from "./helpers.js";

// A 1-D "board": the white king walks a1 -> a2 -> a3 and mates; the black king replies h8 <-> h7.
const ANSWERS = {
  "w:a1": probe({ mate: 2, moves: [move("a1", "a2", { mate: -1 }), move("a1", "b1", { mate: -2 })] }),
  "b:a2": probe({ mate: -1, moves: [move("h8", "h7", { mate: 1 })] }),
  "w:a2": probe({ mate: 1, moves: [move("a2", "a3", { checkmate: true, mate: null })] }),
  "b:a3": probe({ checkmate: true, mate: null }),
  "b:b1": probe({ mate: -2, moves: [move("h8", "h7", { mate: 2 })] }),
};
const white = (pieces) => Object.keys(pieces).find((key) => pieces[key] === "wK");

function setUp() {
  const state = { game: null, selected: null, hint: null, error: null };
  const changes = [];
  const table = createTableGame(state, {
    probe: async ({ position }) => ({ ok: true, data: ANSWERS[`${position.turn}:${white(position.pieces)}`] }),
    play: (before, m) => {
      const pieces = { ...before.position.pieces };
      const piece = pieces[m.from];
      delete pieces[m.from];
      pieces[m.to] = piece;
      return { position: { pieces, turn: before.position.turn === "w" ? "b" : "w" } };
    },
    name: (m) => `K${m.to}`,
    keys: (m) => ({ from: m.from, to: m.to }),
    pause: () => -1, // the computer waits to be asked (playBest)
    onChange: (kind) => changes.push(kind),
  });
  table.start({ position: { pieces: { a1: "wK", h8: "bK" }, turn: "w" } }, ANSWERS["w:a1"]);
  return { state, table, changes };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("the user's move is judged, then the computer replies, until the mate", async () => {
  const { state, table, changes } = setUp();
  assert.deepEqual(table.destsOf("a1"), ["a2", "b1"]);
  assert.deepEqual(table.destsOf("h8"), []);
  table.boardMove("a1", "a2");
  assert.equal(table.current()?.verdict?.kind, "optimal");
  await settle();
  assert.equal(table.userToMove(), false);
  table.playBest(); // the computer's reply
  await settle();
  assert.equal(table.current()?.move?.by, "computer");
  table.playBest(); // the user's best move: the mate
  await settle();
  assert.equal(table.over(), true);
  assert.deepEqual(table.counts(), { played: 2, optimal: 2, remaining: null });
  assert.equal(state.game?.entries.length, 4);
  assert.deepEqual(changes.slice(0, 3), ["start", "move", "probe"]);
});

test("a slower move, undo and redo", async () => {
  const { table } = setUp();
  table.boardMove("a1", "b1");
  assert.deepEqual([table.current()?.verdict?.kind, table.current()?.verdict?.by], ["slower", 1]);
  await settle();
  table.playBest();
  await settle();
  table.undo();
  assert.equal(table.game?.ply, 0);
  table.redo();
  assert.equal(table.game?.ply, 2);
  table.boardMove("b1", "c1"); // not a move of the probe: nothing happens
  assert.equal(table.game?.ply, 2);
  table.restart();
  assert.deepEqual([table.game?.ply, table.game?.entries.length], [0, 1]);
});

test("a failed probe is kept as the state's error", async () => {
  const state = { game: null, selected: null, hint: null, error: null };
  const table = createTableGame(state, {
    probe: async () => ({ ok: false, status: 500, error: "internal_error", message: "down" }),
    play: (before) => ({ position: { ...before.position, turn: "b" } }),
    name: () => "",
    keys: (m) => ({ from: m.from, to: m.to }),
    pause: () => -1,
  });
  table.start({ position: { pieces: { a1: "wK" }, turn: "w" } }, ANSWERS["w:a1"]);
  table.boardMove("a1", "a2");
  await settle();
  assert.equal(state.error?.message, "down");
});

test("a lost move's verdict names the man the king takes, once the probe after it is known", () => {
  const keys = (m) => ({ from: m.from, to: m.to });
  const entry = {
    position: { pieces: { c3: "wR", d4: "bK", a1: "wK" }, turn: "b" },
    probe: probe({ mate: null, draw: true, moves: [move("d4", "c3", { draw: true, zeroing: true }), move("d4", "e5", { mate: 3 })] }),
    move: { name: "Rc3" },
    verdict: { kind: "lost", text: "lost" },
  };
  const verdict = hangingVerdict(entry, keys);
  assert.equal(verdict?.kind, "lost");
  assert.equal(verdict?.text, "Rc3 leaves the rook on c3 unprotected: the king takes it.");
  assert.equal(hangingVerdict({ ...entry, verdict: { kind: "good", text: "" } }, keys), null);
  assert.equal(hangingVerdict({ ...entry, probe: probe({ moves: [move("d4", "e5")] }) }, keys), null);
  assert.equal(hangingVerdict({ ...entry, probe: null }, keys), null);
});

test("the fifty-move count is the latest known probe's at or before the entry", () => {
  const known = { ...probe({ mate: 3 }), fifty_move_count: 12, fifty_move_moves_left: 38, fifty_move_draws_first: true };
  const entries = [{ probe: probe({ mate: 4 }) }, { probe: known }, { probe: null }];
  assert.deepEqual(fiftyMovesAt(entries, entries[2]), { used: 12, left: 38, first: true });
  assert.deepEqual(fiftyMovesAt(entries, entries[0]), { used: 0, left: FIFTY, first: false });
  assert.deepEqual(fiftyMovesAt(entries, null), { used: 0, left: FIFTY, first: false });
  assert.deepEqual(fiftyMovesAt([{ probe: { ...known, checkmate: true } }], null), { used: 0, left: FIFTY, first: false });
  const mated = [{ probe: { ...known, checkmate: true } }];
  assert.equal(fiftyMovesAt(mated, mated[0]).first, false);
});
