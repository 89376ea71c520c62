// The offline client's state, read from the page's box, and the decisions its wiring takes
// (static/js/offline/state.js).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const drafts = require("../../static/js/offline/drafts.js");
const { storage } = require("./fake_storage.js");
const outbox = require("../../static/js/offline/outbox.js");
const state = require("../../static/js/offline/state.js");

function box(attrs) {
  return { getAttribute: (n) => (n in attrs ? attrs[n] : null), hasAttribute: (n) => n in attrs };
}
const PARTS = { drafts, outbox };
const TABLE = { "data-table": "5", "data-identity": "u1", "data-entry-pattern": "Spel {n}" };

test("the page's box gives the table, the login and where a code's saves go", () => {
  const s = storage();
  const c = state.create(PARTS, box(Object.assign({ "data-served": "cache",
    "data-url-add": "/c/new/add/", "data-url-edit": "/c/new/e/", "data-url-delete": "/c/new/d/",
    "data-url-marker": "/c/new/m/" }, TABLE)), s);
  assert.equal(c.queueKey, drafts.queueKey("u1", "5"));
  assert.equal(c.pattern, "Spel {n}");
  assert.ok(c.fromCache);
  assert.deepEqual(c.urls, { add: "/c/new/add/", edit: "/c/new/e/", delete: "/c/new/d/",
                             marker: "/c/new/m/" });
  const plain = state.create(PARTS, box({ "data-table": "5" }), s);
  assert.equal(plain.identity, "");
  assert.equal(plain.urls, null);
  assert.ok(!plain.fromCache);
  assert.deepEqual([c.results, c.leaving, c.synced, c.background, c.swapping],
                   [[], null, false, null, 0]);
});

test("the waiting saves are kept under the page's queue, and gone when none wait", () => {
  const s = storage();
  const c = state.create(PARTS, box(TABLE), s);
  assert.deepEqual(c.store.queue(), []);
  c.store.setQueue([{ key: "k1" }]);
  assert.deepEqual(drafts.read(s, c.queueKey), [{ key: "k1" }]);
  c.store.setQueue([]);
  assert.equal(s.getItem(c.queueKey), null);
});

test("unsent counts this login's saves on every table of the phone, nobody else's", () => {
  const s = storage();
  drafts.write(s, drafts.queueKey("u1", "5"), [{ key: "a" }, { key: "b" }]);
  drafts.write(s, drafts.queueKey("u1", "6"), [{ key: "c" }]);
  drafts.write(s, drafts.queueKey("u2", "5"), [{ key: "d" }]);
  drafts.write(s, drafts.draftKey("u1", "5", "/x/add/"), { pairs: [], at: 1 });
  s.setItem("other-site", "1");
  const c = state.create(PARTS, box(TABLE), s);
  assert.equal(c.queues().length, 3);
  assert.equal(c.unsent(), 3);
  assert.equal(state.create(PARTS, box({ "data-table": "5", "data-identity": "u2" }), s).unsent(), 1);
  assert.equal(state.create(PARTS, box({ "data-table": "5", "data-identity": "u3" }), s).unsent(), 0);
});

test("a form's events are typing unless #match is swapped (3 s at most) or it left the page", () => {
  assert.ok(state.typing(0, 10000, true));
  assert.ok(!state.typing(9000, 10000, true));
  assert.ok(state.typing(7000, 10000, true));
  assert.ok(!state.typing(0, 10000, false));
});

test("htmx sends a save itself only online, with nothing live waiting, when this login may", () => {
  assert.ok(state.sendsNow([], true, "ok"));
  assert.ok(state.sendsNow([{ key: "v", void: true }], true, "ok"));  // a void one never goes
  assert.ok(!state.sendsNow([{ key: "w" }], true, "ok"));
  assert.ok(!state.sendsNow([], false, "ok"));
  assert.ok(!state.sendsNow([], true, "logged-out"));
  assert.ok(!state.sendsNow([], true, "other-login"));
});

test("the log-out form is known by its action's path", () => {
  const here = "http://h/t/1/tables/5/";
  assert.ok(state.isLogout("http://h/accounts/logout/", here, "/accounts/logout/"));
  assert.ok(state.isLogout("/accounts/logout/", here, "/accounts/logout/"));
  assert.ok(!state.isLogout("http://h/t/1/tables/5/add/", here, "/accounts/logout/"));
  assert.ok(!state.isLogout("", here, "/accounts/logout/"));
  assert.ok(!state.isLogout("http://h/accounts/logout/", here, null));
});

test("the box keeps the last ten answers' lines", () => {
  let lines = [];
  for (let n = 1; n <= 12; n++) lines = state.note(lines, `Spel ${n}`);
  assert.equal(lines.length, 10);
  assert.equal(lines[0], "Spel 3");
  assert.equal(lines[9], "Spel 12");
});

test("after a save from the outbox the focus stays only where the next deal is typed", () => {
  assert.ok(!state.movesFocus("saved", true));
  assert.ok(state.movesFocus("saved", false));
  assert.ok(state.movesFocus("refused", true));
  assert.ok(state.movesFocus("warned", false));
});
