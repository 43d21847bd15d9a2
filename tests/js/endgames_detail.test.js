import assert from "node:assert/strict";
import { test } from "node:test";

import { isHere, longestLink } from "../../static/js/cube/endgames_detail_render.js";

const URLS = { page: "/3d/endgames", lab: "/3d" };
const entry = (fields) => ({ material: "KQK", example: "K2/3/q1k", source: "table", ...fields });

test("a longest mate whose table is here is opened on the page's own board", () => {
  const link = longestLink(entry({}), URLS);
  assert.deepEqual(link, { hidden: false, playable: true, to: "play", text: "Open a longest mate on the board",
                           href: "/3d/endgames?board=K2%2F3%2Fq1k&turn=w" });
});

test("one from the results file is played where its table can be built, else seen in the lab", () => {
  const buildable = longestLink(entry({ source: "results", table: { state: "absent", buildable: true } }), URLS);
  assert.equal(buildable.to, "play");
  const far = longestLink(entry({ source: "results", table: { state: "absent", buildable: false } }), URLS);
  assert.equal(far.to, "lab");
  assert.equal(far.playable, false);
  assert.equal(far.href, "/3d?board=K2%2F3%2Fq1k");
  assert.equal(far.text, "See a longest mate's position in the 3D lab");
});

test("a cell without a longest mate hides its link", () => {
  const none = longestLink(entry({ example: null }), URLS);
  assert.equal(none.hidden, true);
  assert.equal(none.href, null);
});

test("a table is here from its file, or once its build is done", () => {
  assert.equal(isHere(entry({})), true);
  assert.equal(isHere(entry({ source: "results", table: { state: "ready" } })), true);
  assert.equal(isHere(entry({ source: "results", table: { state: "building" } })), false);
  assert.equal(isHere(entry({ source: "results" })), false);
});
