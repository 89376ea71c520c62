// The score page's client, wired together (the page works without it: the server checks every
// save, and a refused one comes back with its messages). The parts, in static/js/scores/, each
// by concern (docs/architecture.md, "The score page's client"):
// - conditions.js, walk.js, scroll.js: pure decisions (unit-tested in tests/js/);
// - view.js: keeping what must be seen above the phone's keyboard;
// - fields.js: fields shown or hidden by what is chosen;
// - check.js: the live check's answer, moved in without touching what is typed;
// - focus.js: where the focus goes after a save, a refusal or a correction; the offline
//   client's hooks (the ``entry:focus`` event, ``data-keeps-focus``);
// - keys.js: the Enter walk and the keyboard's Enter key;
// - filled.js: values the form filled in follow what they came from;
// - sums.js: a complement pair and adder buttons (numbers that follow from others).
// The listeners are added here, all at once, in this order: those of one event run in it (a
// stale live-check answer is dropped before its fields would be moved in; the fields are shown
// or hidden before the keyboard hints and the focus are placed).
(function () {
  "use strict";
  var cm = window.cmScores;
  if (!cm) return;
  cm.fields.wire();
  cm.check.wire();
  cm.focus.wire();
  cm.keys.wire();
  cm.filled.wire();
  cm.sums.wire();
})();
