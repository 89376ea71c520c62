"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const press = require("../../static/js/scores/press.js");

// A document and a window that only keep their listeners, to fire them by hand.
function fakeTarget() {
  let listeners = {};
  return {
    addEventListener: (name, fn) => { (listeners[name] = listeners[name] || []).push(fn); },
    removeEventListener: (name, fn) => {
      listeners[name] = (listeners[name] || []).filter((f) => f !== fn);
    },
    fire: (name) => (listeners[name] || []).slice().forEach((fn) => fn({ type: name })),
  };
}
function fakeDocument() { return Object.assign(fakeTarget(), { defaultView: fakeTarget() }); }

// The timeouts are kept with their delays and run by hand: ``run(ms)`` runs those of that delay.
function tracked() {
  const doc = fakeDocument(), settled = [], timers = [];
  const pointer = press.create(doc, (a) => settled.push(a), (fn, ms) => timers.push({ fn, ms }));
  const run = (ms) => timers.splice(0).forEach((t) => (t.ms === ms ? t.fn() : timers.push(t)));
  return { doc, pointer, settled, run, timers };
}

test("an answer with no pointer pressed is not held: it is swapped in at once", () => {
  const { pointer, settled } = tracked();
  assert.equal(pointer.hold({ n: 1 }), false);
  assert.deepEqual(settled, []);
});

test("an answer during a press waits for the click the release makes, and comes after it", () => {
  const { doc, pointer, settled, run } = tracked();
  doc.fire("pointerdown");
  assert.equal(pointer.hold({ n: 1 }), true);
  doc.fire("pointerup");
  run(0);
  assert.deepEqual(settled, [], "the release alone does not settle it: its click comes first");
  doc.fire("click");
  assert.deepEqual(settled, [], "not in the click's own task: the save it sends comes first");
  run(0);
  assert.deepEqual(settled, [{ n: 1 }]);
  run(press.NO_CLICK_MS);
  assert.deepEqual(settled, [{ n: 1 }], "settled once");
});

test("a release that makes no click settles the answer after a moment", () => {
  const { doc, pointer, settled, run } = tracked();
  doc.fire("pointerdown");
  pointer.hold({ n: 1 });
  doc.fire("pointerup");
  run(press.NO_CLICK_MS);
  assert.deepEqual(settled, [{ n: 1 }]);
  doc.fire("click");
  run(0);
  assert.deepEqual(settled, [{ n: 1 }], "a later click does not settle it again");
});

test("only the newest answer of one press is settled", () => {
  const { doc, pointer, settled, run } = tracked();
  doc.fire("pointerdown");
  pointer.hold({ n: 1 });
  pointer.hold({ n: 2 });
  doc.fire("pointerup");
  doc.fire("click");
  run(0);
  assert.deepEqual(settled, [{ n: 2 }]);
});

test("a cancelled press, or the window left while pressed, lets the answer through", () => {
  for (const [target, name] of [["doc", "pointercancel"], ["view", "blur"]]) {
    const { doc, pointer, settled, run } = tracked();
    doc.fire("pointerdown");
    pointer.hold({ n: 1 });
    (target === "doc" ? doc : doc.defaultView).fire(name);
    run(press.NO_CLICK_MS);
    assert.deepEqual(settled, [{ n: 1 }], name);
    assert.equal(pointer.hold({ n: 2 }), false, `after ${name} nothing is pressed`);
  }
});

test("a release with nothing held settles nothing and waits for nothing", () => {
  const { doc, settled, timers } = tracked();
  doc.fire("pointerdown");
  doc.fire("pointerup");
  assert.deepEqual(timers, []);
  assert.deepEqual(settled, []);
});

test("after the press: dropped when a save is under way or the fields are gone", () => {
  assert.equal(press.next({ connected: false, saving: false, stale: false }), "drop");
  assert.equal(press.next({ connected: true, saving: true, stale: true }), "drop");
  assert.equal(press.next({ connected: true, saving: true, stale: false }), "drop");
});

test("after the press: asked again when the values changed, else swapped in", () => {
  assert.equal(press.next({ connected: true, saving: false, stale: true }), "recheck");
  assert.equal(press.next({ connected: true, saving: false, stale: false }), "swap");
});
