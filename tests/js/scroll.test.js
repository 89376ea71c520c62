"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const scroll = require("../../static/js/scores/scroll.js");

// A phone with its keyboard up: 844 px high, 300 px of keyboard, 544 px visible.
const VISIBLE = 544;
const M = scroll.MARGIN;

test("what is in view already does not move", () => {
  assert.equal(scroll.by([{ top: 100, bottom: 140 }], VISIBLE), 0);
  assert.equal(scroll.by([], VISIBLE), 0);  // nothing to show
});

test("a field under the keyboard comes up just above it, no further", () => {
  assert.equal(scroll.by([{ top: 600, bottom: 640 }], VISIBLE), 640 - (VISIBLE - M));
});

test("room kept under the field for a message that may come", () => {
  assert.equal(scroll.by([{ top: 400, bottom: 440 }], VISIBLE, 96), 440 + 96 - (VISIBLE - M));
  assert.equal(scroll.by([{ top: 100, bottom: 140 }], VISIBLE, 96), 0);
});

test("a field above the screen comes down to its top", () => {
  assert.equal(scroll.by([{ top: -50, bottom: -10 }], VISIBLE), -50 - M);
});

test("a field and its message are shown together; too tall, from their top", () => {
  const field = { top: 300, bottom: 340 }, message = { top: 560, bottom: 600 };
  assert.equal(scroll.by([field, message], VISIBLE), 600 - (VISIBLE - M));
  const far = { top: 1000, bottom: 1040 };
  assert.equal(scroll.by([field, far], VISIBLE), 300 - M);
});
