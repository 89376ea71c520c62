// node --test tests/js/ (make test): the offline client's pure parts.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const outbox = require("../../static/js/offline/outbox.js");

function item(key, extra) {
  return Object.assign({ key, kind: "add", version: "3", url: "/t/x/hands/add/", body: [] },
                       extra || {});
}

test("saves wait in the order they were typed", () => {
  let items = [];
  items = outbox.add(items, item("a"));
  items = outbox.add(items, item("b"));
  assert.deepEqual(items.map((i) => i.key), ["a", "b"]);
  assert.equal(outbox.waiting(items), 2);
  assert.equal(outbox.next(items, 0).key, "a");
});

test("the same key twice is one save, in its new place", () => {
  let items = [item("a"), item("b")];
  items = outbox.add(items, item("a", { version: "9" }));
  assert.deepEqual(items.map((i) => [i.key, i.version]), [["b", "3"], ["a", "9"]]);
});

test("another deal under a key already waiting never replaces it", () => {
  const four = item("k", { body: [["entry_key", "k"], ["h-0", "9"]] });
  const five = item("k", { body: [["entry_key", "k"], ["h-0", "27"]] });
  let items = outbox.add([], four);
  assert.deepEqual(outbox.add(items, five), items);  // no new key given: refused
  items = outbox.add(items, five, "fresh");
  assert.deepEqual(items.map((i) => [i.key, i.body]), [
    ["k", [["entry_key", "k"], ["h-0", "9"]]],
    ["fresh", [["entry_key", "fresh"], ["h-0", "27"]]],
  ]);
  // The same deal again (another page's token and version) is still one save.
  const again = item("k", { version: "4", body: [["entry_key", "k"], ["h-0", "9"],
                                                 ["csrfmiddlewaretoken", "t2"]] });
  assert.deepEqual(outbox.add(items, again, "other").map((i) => i.key), ["fresh", "k"]);
});

test("a saved one leaves and those typed behind it follow its version", () => {
  const items = outbox.settle([item("a"), item("b"), item("c", { version: "5" })], "a", "saved");
  assert.deepEqual(items.map((i) => [i.key, i.version]), [["b", "4"], ["c", "5"]]);
});

test("a refused one leaves; the rest are held until its correction, which goes first", () => {
  let items = outbox.settle([item("a"), item("b"), item("c")], "a", "refused");
  assert.equal(outbox.waiting(items), 0);
  assert.equal(outbox.next(items, 0), null);
  items = outbox.add(items, item("a2"));
  assert.deepEqual(items.map((i) => i.key), ["a2", "b", "c"]);
  assert.equal(outbox.waiting(items), 3);
});

test("an unknown answer changes nothing", () => {
  const before = [item("a")];
  assert.deepEqual(outbox.settle(before, "a", "retry"), before);
  assert.deepEqual(outbox.settle(before, "zz", "saved"), before);
});

test("a save being sent is left to its sender for a while, then sent again", () => {
  const items = outbox.sending([item("a"), item("b")], "a", 1000);
  assert.equal(outbox.next(items, 2000), null);
  assert.ok(outbox.busy(items, 2000));
  assert.equal(outbox.next(items, 1000 + outbox.INFLIGHT_MS + 1).key, "a");
  assert.equal(outbox.next(outbox.waited(items), 2000).key, "a");
  assert.ok(outbox.waited(items).every((i) => i.waited && !i.inflight));
});

test("a void save stays, is not sent, and can be discarded", () => {
  let items = outbox.voided([item("a"), item("b")], "a");
  assert.equal(outbox.next(items, 0).key, "b");
  assert.equal(outbox.waiting(items), 1);
  items = outbox.discard(items, "a");
  assert.deepEqual(items.map((i) => i.key), ["b"]);
});

test("waiting new deals are numbered on from the last one stored", () => {
  const items = [item("a"), item("e", { kind: "edit" }), item("b"), item("v", { void: true })];
  assert.deepEqual(outbox.numbers(items, 3), { a: 4, b: 5, v: 6 });
  assert.equal(outbox.adds(items).length, 3);
});

test("the body follows the version and this page's token, repeated names as a list", () => {
  const saved = item("a", { version: "7", body: [["csrfmiddlewaretoken", "old"],
    ["version", "3"], ["entry_key", "a"], ["x", "1"], ["x", "2"]] });
  assert.deepEqual(outbox.values(saved, "new"),
                   { csrfmiddlewaretoken: "new", version: "7", entry_key: "a", x: ["1", "2"] });
});

test("the back-off grows to 30 s and is spread", () => {
  assert.equal(outbox.backoff(1, 0.5), 1000);
  assert.equal(outbox.backoff(3, 0.5), 4000);
  assert.equal(outbox.backoff(40, 0.5), 30000);
  assert.equal(outbox.backoff(1, 0), 750);
  assert.equal(outbox.backoff(1, 1), 1250);
});

const URLS = { add: "/t/new/hands/add/", edit: "/t/new/hands/999/edit/",
               delete: "/t/new/hands/999/delete/", marker: "999" };

test("a void save of an old code moves to this table's address", () => {
  assert.equal(outbox.movedUrl("/t/old/hands/add/", URLS), "/t/new/hands/add/");
  assert.equal(outbox.movedUrl("/t/old/hands/12/edit/", URLS), "/t/new/hands/12/edit/");
  assert.equal(outbox.movedUrl("/t/old/hands/12/delete/", URLS), "/t/new/hands/12/delete/");
  assert.equal(outbox.movedUrl("/t/old/", URLS), null);
  assert.equal(outbox.movedUrl("/t/old/hands/add/", null), null);
});

test("only a code's void saves of this table are offered, never a login's or another table's", () => {
  const queues = [
    ["cm-offline:c1:5:queue", [item("a", { void: true }), item("b")]],
    ["cm-offline:u7:5:queue", [item("c", { void: true })]],
    ["cm-offline:c2:6:queue", [item("d", { void: true })]],
    ["cm-offline:c3:5:queue", [item("e", { void: true })]],
  ];
  const found = outbox.strays(queues, 5, "cm-offline:c3:5:queue", URLS);
  assert.deepEqual(found.map((s) => [s.item.key, s.from]), [["a", "cm-offline:c1:5:queue"]]);
  const moved = outbox.adopt(found[0].item, URLS);
  assert.equal(moved.url, "/t/new/hands/add/");
  assert.ok(!moved.void && moved.waited);
});
