// The complement of a typed number (sums.js): the other side of a pair that adds up to a total.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const {complement} = require("../../static/js/scores/sums.js");

test("the other team's points are 162 minus the typed ones", () => {
  assert.equal(complement("90", 162), "72");
  assert.equal(complement("0", 162), "162");
  assert.equal(complement(" 162 ", 162), "0");
});

test("nothing is filled for a number that cannot be split", () => {
  assert.equal(complement("", 162), "");
  assert.equal(complement("9a", 162), "");
  assert.equal(complement("-4", 162), "");
  assert.equal(complement("170", 162), "");
});
