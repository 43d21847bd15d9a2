import assert from "node:assert/strict";
import { test } from "node:test";

import { pickedAtoms, presetName, withAtom, withName } from "../../static/js/cube/designer_atoms.js";

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

test("a preset's name is its option's text less the atoms in brackets", () => {
  assert.equal(presetName("Unicorn (111*)"), "Unicorn");
  assert.equal(presetName("  Camel  (013) "), "Camel");
  assert.equal(presetName("Wazir"), "Wazir");
  assert.equal(presetName(null), "");
});

test("a piece's name is set, replaced or forgotten, the others kept", () => {
  const names = { U: "Unicorn", C: "Camel" };
  assert.deepEqual(withName(names, "U", "Horn"), { U: "Horn", C: "Camel" });
  assert.deepEqual(withName(names, "U", ""), { C: "Camel" });
  assert.deepEqual(withName(names, "Z", "Zebra"), { U: "Unicorn", C: "Camel", Z: "Zebra" });
  assert.deepEqual(names, { U: "Unicorn", C: "Camel" });
});
