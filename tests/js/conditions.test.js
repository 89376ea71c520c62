"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const conditions = require("../../static/js/scores/conditions.js");

// Inputs as the form has them: a box, a choice's buttons, a typed number.
const box = (checked) => ({ type: "checkbox", checked, value: "on" });
const radio = (value, checked = false) => ({ type: "radio", value, checked });
const number = (value) => ({ type: "number", value });

test("a field's value: a box ticked or not, the chosen button, what is typed", () => {
  assert.equal(conditions.value([box(true)]), true);
  assert.equal(conditions.value([box(false)]), false);
  assert.equal(conditions.value([radio("a"), radio("b", true)]), "b");
  assert.equal(conditions.value([radio("a"), radio("b")]), null);  // nothing chosen yet
  assert.equal(conditions.value([number("17")]), "17");
  assert.equal(conditions.value([]), "");  // no such field in this form
});

test("a block shows when its field has one of the values named", () => {
  const won = { field: "won", among: ["yes"] };
  assert.ok(conditions.holds(won, "yes"));
  assert.ok(!conditions.holds(won, "no"));
  assert.ok(!conditions.holds(won, null));
});

test("an unticked box and no choice count as false; a ticked box as true", () => {
  const off = { field: "doubled", among: [false] };
  assert.ok(conditions.holds(off, false));
  assert.ok(conditions.holds(off, null));
  assert.ok(conditions.holds(off, ""));
  assert.ok(!conditions.holds(off, true));
  assert.ok(conditions.holds({ field: "doubled", among: [true] }, true));
  assert.ok(!conditions.holds({ field: "doubled", among: [true] }, ""));
});

test("'filled': any value chosen or typed, 0 too", () => {
  const filled = { field: "bid", filled: true };
  assert.ok(conditions.holds(filled, "0"));
  assert.ok(conditions.holds(filled, "hearts"));
  assert.ok(!conditions.holds(filled, ""));
  assert.ok(!conditions.holds(filled, null));
});

test("every condition of a block must hold", () => {
  const form = { won: "yes", bid: "" };
  const read = (name) => form[name];
  const won = { field: "won", among: ["yes"] };
  assert.ok(conditions.shows([won], read));
  assert.ok(!conditions.shows([won, { field: "bid", filled: true }], read));
  form.bid = "7";
  assert.ok(conditions.shows([won, { field: "bid", filled: true }], read));
  assert.ok(conditions.shows([], read));
});

test("a side already chosen is not offered again", () => {
  assert.ok(conditions.excluded("north", ["north", ""]));
  assert.ok(!conditions.excluded("east", ["north", ""]));
});
