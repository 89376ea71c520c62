"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const drafts = require("../../static/js/offline/drafts.js");
const { storage } = require("./fake_storage.js");

const DAY = 24 * 3600 * 1000;

test("a draft is kept per login or code and table, and read back", () => {
  const s = storage();
  const a = drafts.draftKey("u1", "5", "/x/hands/add/");
  const b = drafts.draftKey("u2", "5", "/x/hands/add/");
  drafts.put(s, a, [["h-0", "9"]], 1000);
  assert.deepEqual(drafts.get(s, a, 2000).pairs, [["h-0", "9"]]);
  assert.equal(drafts.get(s, b, 2000), null);  // another login reads nothing of it
  assert.notEqual(a, b);
  assert.ok(a.startsWith("cm-offline:u1:5:draft:"));
});

test("an empty draft is no draft", () => {
  const s = storage();
  const k = drafts.draftKey("u1", "5", "/p/");
  drafts.put(s, k, [["h-0", "9"]], 0);
  drafts.put(s, k, [], 0);
  assert.equal(s.length, 0);
});

test("a draft older than the keeping time is gone", () => {
  const s = storage();
  const k = drafts.draftKey("u1", "5", "/p/");
  drafts.put(s, k, [["h-0", "9"]], 0);
  assert.ok(drafts.get(s, k, drafts.KEEP_MS - 1));
  assert.equal(drafts.get(s, k, drafts.KEEP_MS + 1), null);
});

test("a draft of the old shape (a bare list) is still read", () => {
  const s = storage();
  s.setItem("cm-offline:u1:5:draft:/p/", JSON.stringify([["h-0", "3"]]));
  assert.deepEqual(drafts.get(s, "cm-offline:u1:5:draft:/p/", 5).pairs, [["h-0", "3"]]);
});

test("a parked draft comes back once, unless typed again meanwhile", () => {
  const s = storage();
  const k = drafts.draftKey("u1", "5", "/p/");
  drafts.put(s, k, [["h-0", "1"]], 0);
  assert.ok(drafts.park(s, k, 0));
  assert.equal(drafts.get(s, k, 0), null);
  assert.deepEqual(drafts.unpark(s, k, 0).pairs, [["h-0", "1"]]);
  assert.deepEqual(drafts.get(s, k, 0).pairs, [["h-0", "1"]]);
  assert.equal(drafts.unpark(s, k, 0), null);
  drafts.put(s, k, [["h-0", "2"]], 0);
  drafts.park(s, k, 0);
  drafts.put(s, k, [["h-0", "3"]], 0);
  assert.equal(drafts.unpark(s, k, 0), null);
  assert.deepEqual(drafts.get(s, k, 0).pairs, [["h-0", "3"]]);
});

test("expiry removes what is old, of any login, and leaves the rest and other keys", () => {
  const s = storage();
  drafts.put(s, drafts.draftKey("u1", "5", "/p/"), [["a", "1"]], 0);
  drafts.put(s, drafts.draftKey("u2", "5", "/p/"), [["a", "1"]], 20 * DAY);
  drafts.write(s, drafts.queueKey("c3", "5"), [{ key: "k", at: 1 }]);
  drafts.write(s, drafts.queueKey("u4", "5"), [{ key: "k", at: 20 * DAY }]);
  s.setItem("other-site-key", "x");
  const gone = drafts.expire(s, 21 * DAY);
  assert.deepEqual(gone.sort(), ["cm-offline:c3:5:queue", "cm-offline:u1:5:draft:/p/"]);
  assert.equal(s.length, 3);
});

test("a stored name says whose it is", () => {
  assert.deepEqual(drafts.owner("cm-offline:u1:5:draft:/x/"),
                   { identity: "u1", table: "5", rest: "draft:/x/" });
  assert.equal(drafts.owner("something-else"), null);
});

test("a save acknowledged takes its form's draft away; a refused one keeps it", () => {
  const s = storage();
  const add = drafts.draftKey("u1", "5", "/x/hands/add/");
  drafts.put(s, add, [["h-0", "9"]], 0);
  drafts.settle(s, { outcome: "refused", sent: add, add, parks: true }, 0);
  assert.deepEqual(drafts.get(s, add, 0).pairs, [["h-0", "9"]]);  // shown again, to correct
  drafts.settle(s, { outcome: "saved", sent: add, add, parks: false }, 0);
  assert.equal(drafts.get(s, add, 0), null);  // stored: the next deal's form starts empty
});

test("a refused save from the outbox moves the half deal aside until it is saved", () => {
  const s = storage();
  const add = drafts.draftKey("u1", "5", "/x/hands/add/");
  drafts.put(s, add, [["h-0", "4"]], 0);  // the next deal, half typed
  drafts.settle(s, { outcome: "refused", sent: null, add, parks: true }, 0);
  assert.equal(drafts.get(s, add, 0), null);
  drafts.put(s, add, [["h-0", "7"]], 0);  // the refused deal, corrected in the form
  drafts.settle(s, { outcome: "saved", sent: add, add, parks: false }, 0);
  assert.deepEqual(drafts.get(s, add, 0).pairs, [["h-0", "4"]]);  // the half deal is back
});
