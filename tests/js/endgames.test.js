import assert from "node:assert/strict";
import { test } from "node:test";

import { bytes, costText, duration, sourceText } from "../../static/js/cube/endgames_format.js";
import { useCatalogue } from "../../static/js/shared/i18n.js";
import { useUnits } from "../../static/js/shared/units.js";
import { percent } from "../../static/js/cube/endgames_overview.js";
import { gameQuery, recordRows, recordText, urlMoves } from "../../static/js/cube/endgames_record.js";

// The table of units the endgames page gets in its data (tablebase/core/units.py UNITS;
// tests/cube/test_cube_units.py holds the page's copy equal to it).
useUnits({
  bytes: [{ from: 1e9, per: 1e9, places: 1, least: 0, unit: "%(num)s GB" }, { from: 0, per: 1e6, places: 0, least: 1, unit: "%(num)s MB" }],
  seconds: [{ from: 5400, per: 3600, places: 1, least: 0, unit: "%(num)s h" }, { from: 90, per: 60, places: 0, least: 0, unit: "%(num)s min" },
    { from: 0, per: 1, places: 0, least: 1, unit: "%(num)s s" }],
});

/** A game's line as table_game.js keeps it: entries of a position and the move that led there. */
function line(first, notations) {
  const entries = [{ position: { turn: first }, move: null }];
  let turn = first;
  for (const notation of notations) {
    turn = turn === "w" ? "b" : "w";
    entries.push({ position: { turn }, move: { notation } });
  }
  return { entries, ply: entries.length - 1 };
}

test("the record numbers the server's moves in pairs, from White's", () => {
  const rows = recordRows(/** @type {any} */ (line("w", ["Qa3(I)-a3(II)+", "Kc3(II)-c2(III)", "Qa3(II)-b2(II)#"])));
  assert.deepEqual(rows, [
    { number: 1, white: { ply: 1, text: "Qa3(I)-a3(II)+" }, black: { ply: 2, text: "Kc3(II)-c2(III)" } },
    { number: 2, white: { ply: 3, text: "Qa3(II)-b2(II)#" }, black: null },
  ]);
  assert.equal(recordText(rows), "1. Qa3(I)-a3(II)+ Kc3(II)-c2(III) 2. Qa3(II)-b2(II)#");
  assert.deepEqual(recordRows(null), []);
});

test("a line that starts with Black to move begins 1...", () => {
  const rows = recordRows(/** @type {any} */ (line("b", ["Kc3(II)-c2(III)", "Qa3(I)-b2(II)#"])));
  assert.equal(recordText(rows), "1... Kc3(II)-c2(III) 2. Qa3(I)-b2(II)#");
  assert.equal(rows[0].white, null);
});

test("the address keeps the moves without check signs, and the ply only when an earlier move is shown", () => {
  const rows = recordRows(/** @type {any} */ (line("w", ["Qa3(I)-a3(II)+", "Kc3(II)xc2(III)", "Qa3(II)-b2(II)#"])));
  const moves = urlMoves(rows);
  assert.equal(moves, "Qa3(I)-a3(II),Kc3(II)xc2(III),Qa3(II)-b2(II)");
  assert.match(moves, /^[A-Za-z0-9(),-]+$/); // nothing to escape in a query
  assert.equal(gameQuery({ board: "3,3,3/Q1k,3,3/3,K2,3", turn: "w", moves, ply: 3, last: 3 }),
               `?board=3,3,3/Q1k,3,3/3,K2,3&turn=w&moves=${moves}`);
  assert.equal(gameQuery({ board: "b", turn: "w", moves, ply: 1, last: 3 }), `?board=b&turn=w&moves=${moves}&ply=1`);
  assert.equal(gameQuery({ board: "b", turn: "b", moves: "", ply: 0, last: 0 }), "?board=b&turn=b");
});

test("shares are written as the results file's table writes them", () => {
  assert.equal(percent(1), "100%");
  assert.equal(percent(0), "0%");
  assert.equal(percent(0.994), "99.4%");
  assert.equal(percent(0.07), "7.0%");
  assert.equal(percent(0.00996), "1.0%"); // rounds up to 1.0, not "1%"
  assert.equal(percent(0.00058), "0.058%");
  assert.equal(percent(0.00396), "0.40%"); // its second digit kept, as the results file's table writes it
  assert.equal(percent(0.0000062), "0.00062%");
  assert.equal(percent(0.99999), ">99.9%");
});

test("a table that is not here says what its build costs, and whether this server builds it", () => {
  const cost = { entries: 8e8, memory_bytes: 1.62e9, cpu_seconds: 252, file_bytes: 8.1e8, measured: true, basis: "measured" };
  const table = { material: "KQRK", n: 7, state: "missing", buildable: true, cost };
  assert.equal(costText(table), "Building it takes about 1.6 GB of memory and 4 min of CPU, and its file 810 MB of disk (measured).");
  assert.match(sourceText(table), /^A verified result .* has not built the KQRK table on 7×7×7\. Building it takes/);
  assert.match(sourceText({ ...table, buildable: false, state: "unavailable" }), /does not build tables this large.*build KQRK --n 7/);
  assert.match(sourceText({ ...table, state: "building", stage: "depth 3" }), /being built now \(depth 3\)/);
  assert.equal(costText({ material: "KQK", n: 3, state: "missing" }), "");
});

test("a build's cost in French: its units and its decimal comma", () => {
  useCatalogue({ lang: "fr", plurals: 2, messages: { "%(num)s GB": "%(num)s Go", "%(num)s MB": "%(num)s Mo", "%(num)s h": "%(num)s h" } });
  try {
    assert.equal(bytes(5.4e9), "5,4 Go");
    assert.equal(bytes(2.5e8), "250 Mo");
    assert.equal(duration(9000), "2,5 h");
  } finally {
    useCatalogue({ lang: "en", plurals: 2, messages: {} });
  }
  assert.equal(bytes(5.4e9), "5.4 GB");
});

test("a published claim beside the table's figures: confirmed, refuted or partly", async () => {
  const { judgeClaim } = await import("../../static/js/cube/endgames_claims.js");
  const never = { kind: /** @type {"no-forced-mate"} */ ("no-forced-mate") };
  const queen = judgeClaim(never, { positions: 1217768, won: 1217768, longest: 8 });
  assert.equal(queen.verdict, "refuted");
  assert.match(queen.text, /100% .* in 8\./);
  const partly = judgeClaim(never, { positions: 10000, won: 58, longest: 13 });
  assert.equal(partly.verdict, "partly");
  assert.match(partly.text, /0\.58% .* in 13\./);
  assert.equal(judgeClaim(never, { positions: 500, won: 0, longest: null }).text, "Confirmed. Our table: no position is won.");
  const fourteen = { kind: /** @type {"mates-in"} */ ("mates-in"), moves: 14 };
  assert.equal(judgeClaim(fourteen, { positions: 9, won: 5, longest: 14 }).verdict, "confirmed");
  assert.equal(judgeClaim(fourteen, { positions: 9, won: 5, longest: 15 }).verdict, "refuted");
  assert.equal(judgeClaim(fourteen, { positions: 9, won: 0, longest: null }).verdict, "refuted");
});

test("the address keeps a game's custom men's pieces, the server's texts as they are", async () => {
  const { piecesQuery } = await import("../../static/js/cube/endgames_record.js");
  assert.equal(piecesQuery(undefined), "");
  assert.equal(piecesQuery({}), "");
  assert.equal(piecesQuery({ U: "011*", V: "111*,012" }), "&pieces=U=011*;V=111*,012");
  assert.equal(gameQuery({ board: "b", turn: "w", moves: "", ply: 0, last: 0, custom: { U: "011*" } }),
               "?board=b&turn=w&pieces=U=011*");
});
