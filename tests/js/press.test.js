"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const press = require("../../static/js/scores/press.js");

// A document and a window that only keep their listeners, to fire them by hand.
function fakeTarget() {
  const listeners = {};
  return {
    addEventListener: (name, fn) => { (listeners[name] = listeners[name] || []).push(fn); },
    fire: (name) => (listeners[name] || []).forEach((fn) => fn({ type: name })),
  };
}
function fakeDocument() { return Object.assign(fakeTarget(), { defaultView: fakeTarget() }); }

function tracked() {
  const doc = fakeDocument(), settled = [], queued = [];
  const pointer = press.create(doc, (a) => settled.push(a), (fn) => queued.push(fn));
  const runLater = () => queued.splice(0).forEach((fn) => fn());
  return { doc, pointer, settled, runLater };
}

test("an answer with no pointer pressed is not held: it is swapped in at once", () => {
  const { pointer, settled } = tracked();
  assert.equal(pointer.hold({ n: 1 }), false);
  assert.deepEqual(settled, []);
});

test("an answer during a press waits, and is settled after the release's click", () => {
  const { doc, pointer, settled, runLater } = tracked();
  doc.fire("pointerdown");
  assert.equal(pointer.hold({ n: 1 }), true);
  assert.deepEqual(settled, []);
  doc.fire("pointerup");
  assert.deepEqual(settled, [], "not in the release's own task: its click comes first");
  runLater();
  assert.deepEqual(settled, [{ n: 1 }]);
});

test("only the newest answer of one press is settled", () => {
  const { doc, pointer, settled, runLater } = tracked();
  doc.fire("pointerdown");
  pointer.hold({ n: 1 });
  pointer.hold({ n: 2 });
  doc.fire("pointerup");
  runLater();
  assert.deepEqual(settled, [{ n: 2 }]);
});

test("a cancelled press, or the window left while pressed, lets the answer through", () => {
  for (const [target, name] of [["doc", "pointercancel"], ["view", "blur"]]) {
    const { doc, pointer, settled, runLater } = tracked();
    doc.fire("pointerdown");
    pointer.hold({ n: 1 });
    (target === "doc" ? doc : doc.defaultView).fire(name);
    runLater();
    assert.deepEqual(settled, [{ n: 1 }], name);
    assert.equal(pointer.hold({ n: 2 }), false, `after ${name} nothing is pressed`);
  }
});

test("a release with nothing held settles nothing", () => {
  const { doc, settled, runLater } = tracked();
  doc.fire("pointerdown");
  doc.fire("pointerup");
  runLater();
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
