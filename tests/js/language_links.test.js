import assert from "node:assert/strict";
import { test } from "node:test";

import { addressIn } from "../../static/js/shared/language_links.js";

test("the address in another language keeps every other parameter as the page wrote it", () => {
  const address = { pathname: "/kbn", search: "?pause=0&fen=8/8/3k4/8/8/8/8/KBN5_w_-_-_0_1&lang=ko", hash: "" };
  assert.equal(addressIn("fr", address), "/kbn?pause=0&fen=8/8/3k4/8/8/8/8/KBN5_w_-_-_0_1&lang=fr");
});

test("an address without a query or with an empty lang gets the language alone", () => {
  assert.equal(addressIn("ko", { pathname: "/moves", search: "" }), "/moves?lang=ko");
  assert.equal(addressIn("en", { pathname: "/3d", search: "?lang&board=3,3,3", hash: "#lab" }), "/3d?board=3,3,3&lang=en#lab");
  // A parameter whose name only starts with "lang" is not the language.
  assert.equal(addressIn("fr", { pathname: "/x", search: "?language=1&lang=en" }), "/x?language=1&lang=fr");
});
