import assert from "node:assert/strict";
import { test } from "node:test";

import { BRUSHES, createArrowLayer, markerIds } from "../../static/js/board/arrows.js";

// Just enough of the DOM for the arrow layer: elements with attributes, children and a dataset.
class FakeElement {
  constructor(tag) {
    this.tag = tag;
    this.attributes = new Map();
    this.children = [];
    this.dataset = {};
    this.id = "";
    this.clientWidth = 400;
    this.clientHeight = 400;
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name) {
    return this.attributes.get(name) ?? null;
  }
  append(...nodes) {
    this.children.push(...nodes);
  }
  replaceChildren(...nodes) {
    this.children = nodes;
  }
  *walk() {
    yield this;
    for (const child of this.children) yield* child.walk();
  }
}

globalThis.document = /** @type {any} */ ({ createElementNS: (_ns, tag) => new FakeElement(tag) });

const SQUARES = { a1: { x: 25, y: 375, size: 50 }, c3: { x: 125, y: 275, size: 50 } };
const pointOf = (key) => SQUARES[key] ?? null;

/** Every marker-end's id, and every marker's id, under a root. */
function heads(root) {
  const all = [...root.walk()];
  const named = all.map((e) => e.getAttribute("marker-end")).filter(Boolean)
    .map((url) => /^url\(#(.+)\)$/.exec(url)?.[1]);
  const markers = all.filter((e) => e.tag === "marker").map((e) => e.getAttribute("id"));
  return { named, markers };
}

test("an arrow names its layer's marker even after the board's id changed", () => {
  const root = new FakeElement("div");
  root.id = "board-1";
  const layer = createArrowLayer(root);
  root.id = "trainer-board-keys"; // what the trainer page does after making the board
  layer.draw({ arrows: BRUSHES.map((brush) => ({ from: "a1", to: "c3", brush })), rays: [] }, pointOf);
  const { named, markers } = heads(root);
  assert.equal(named.length, BRUSHES.length);
  for (const id of named) assert.ok(markers.includes(id), `${id} is not one of ${markers.join(", ")}`);
});

test("two layers' markers have ids of their own", () => {
  const first = new FakeElement("div");
  const second = new FakeElement("div");
  first.id = second.id = "same-id";
  createArrowLayer(first);
  createArrowLayer(second);
  const ids = [...heads(first).markers, ...heads(second).markers];
  assert.equal(new Set(ids).size, 2 * BRUSHES.length);
});

test("an unknown brush draws the green head", () => {
  const root = new FakeElement("div");
  const layer = createArrowLayer(root);
  layer.draw({ arrows: [{ from: "a1", to: "c3", brush: "purple" }] }, pointOf);
  const { named, markers } = heads(root);
  assert.equal(named.length, 1);
  assert.ok(markers.includes(named[0]) && named[0].endsWith("-green"));
  assert.deepEqual(Object.keys(markerIds(7)), BRUSHES);
});
