// The live pages' swap keeps a table where the reader swiped it (static/js/live.js).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const live = require("../../static/js/live.js");

function region(lefts) {
  const wraps = lefts.map((left) => ({ scrollLeft: left }));
  return { wraps, querySelectorAll: (sel) => (sel === ".table-wrap" ? wraps : []) };
}

test("each wide table's swipe is read in page order", () => {
  assert.deepEqual(live.swipes(region([0, 412, 37])), [0, 412, 37]);
});

test("the tables swapped in are put back where they were swiped", () => {
  const after = region([0, 0, 0]);
  live.putBack(after, live.swipes(region([0, 412, 37])));
  assert.deepEqual(after.wraps.map((w) => w.scrollLeft), [0, 412, 37]);
});

test("a table the poll added starts at its left edge", () => {
  const after = region([0, 0]);
  live.putBack(after, [250]);
  assert.deepEqual(after.wraps.map((w) => w.scrollLeft), [250, 0]);
});
