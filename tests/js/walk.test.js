"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const walk = require("../../static/js/scores/walk.js");

test("Enter goes to the next field still empty after this one", () => {
  assert.equal(walk.next(["9", "", ""], 0), 1);
  assert.equal(walk.next(["9", "17", ""], 1), 2);
  assert.equal(walk.next(["9", "3", "", ""], 0), 2);  // a filled one is stepped over
});

test("after the last field, Enter goes back to an empty one before it", () => {
  assert.equal(walk.next(["", "17", "0"], 2), 0);
  assert.equal(walk.next(["9", "", "0"], 2), 1);
});

test("with every field filled Enter saves (no field to go to)", () => {
  assert.equal(walk.next(["9", "17", "0"], 2), -1);
  assert.equal(walk.next(["9", "17", "0"], 0), -1);  // a corrected field saves at once
  assert.equal(walk.next(["5"], 0), -1);
});

test("the keyboard's Enter key says next, and done on the last field", () => {
  assert.deepEqual(walk.hints(3), ["next", "next", "done"]);
  assert.deepEqual(walk.hints(1), ["done"]);
  assert.deepEqual(walk.hints(0), []);
});

test("after a swap the focus moves only if the swap left it where it was", () => {
  assert.ok(walk.leftBySwap(null, "id-h-0"));  // the tapped button went with the old match
  assert.ok(walk.leftBySwap(null, null));
  assert.ok(walk.leftBySwap("id-h-0", "id-h-0"));  // htmx put it back on the same field
  assert.ok(!walk.leftBySwap("id-reason", "id-h-0"));  // a field tapped in between keeps it
  assert.ok(!walk.leftBySwap("id-reason", ""));  // focused before: something without an id
  assert.ok(!walk.leftBySwap("id-reason", null));  // no swap of the match seen
});
