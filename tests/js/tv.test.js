"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const tv = require("../../static/js/tv.js");

const total = (plan) => plan.flat().reduce((a, b) => a + b, 0);

test("everything on one page takes as few columns as it needs", () => {
  assert.deepEqual(tv.plan(10, 16, 2), [[10]]);
  assert.deepEqual(tv.plan(20, 16, 2), [[10, 10]]);
  assert.deepEqual(tv.plan(32, 16, 2), [[16, 16]]);
});

test("what does not fit is shared out evenly over pages", () => {
  const plan = tv.plan(60, 16, 2);  // 32 a page at most: two pages of 30, not 32 and 28
  assert.deepEqual(plan, [[15, 15], [15, 15]]);
  assert.equal(total(tv.plan(61, 16, 2)), 61);
  for (const [count, per, cols] of [[60, 15, 1], [61, 7, 3], [120, 16, 2], [5, 1, 1]]) {
    const p = tv.plan(count, per, cols);
    assert.equal(total(p), count);
    for (const page of p) for (const column of page) assert.ok(column <= per && column > 0);
  }
});

test("a screen too small for one row still shows one a column, no more than three columns", () => {
  assert.deepEqual(tv.plan(3, 0, 0), [[1], [1], [1]]);
  assert.equal(tv.plan(90, 10, 9)[0].length, 3);
  assert.deepEqual(tv.plan(0, 10, 2), []);
});

test("the page shown follows the clock", () => {
  assert.equal(tv.pageAt(0, 3, 15), 0);
  assert.equal(tv.pageAt(14999, 3, 15), 0);
  assert.equal(tv.pageAt(15000, 3, 15), 1);
  assert.equal(tv.pageAt(45000, 3, 15), 0);
  assert.equal(tv.pageAt(123456789, 1, 15), 0);
});
