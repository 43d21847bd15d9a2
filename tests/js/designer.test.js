import assert from "node:assert/strict";
import { test } from "node:test";

import { pickedAtoms, withAtom } from "../../static/js/cube/designer_atoms.js";

const OFFERED = ["001", "011", "111", "012", "002", "112", "022"];

test("the picker sees the offered atoms the text holds, leaps and rides, and nothing else", () => {
  assert.deepEqual(pickedAtoms("", OFFERED), []);
  assert.deepEqual(pickedAtoms(" 001*, 011* ,111*,012", OFFERED), ["001*", "011*", "111*", "012"]);
  assert.deepEqual(pickedAtoms("013*,0112,01*,011**", OFFERED), []);
});

test("a picked atom is added, switched between leap and ride, or taken out; typed items stay", () => {
  let text = "";
  text = withAtom(text, "011", true, OFFERED);
  assert.equal(text, "011*");
  text = withAtom(text, "001", true, OFFERED);
  assert.equal(text, "001*,011*"); // in the picker's order
  text = withAtom(text, "011", false, OFFERED);
  assert.equal(text, "001*,011");
  text = withAtom(text, "011", false, OFFERED);
  assert.equal(text, "001*");
  assert.equal(withAtom("013*, 001*", "012", false, OFFERED), "013*,001*,012");
  assert.equal(withAtom("001*", "001", true, OFFERED), "");
});
