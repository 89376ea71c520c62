// A live-check answer that arrives while a button is being pressed waits for its release.
// Pressing Save right after typing the last box takes the focus from that box, so its check is
// sent at the press; with a mouse the release comes about 100 ms later, and an answer landing in
// between changes the messages above the button and moves it. The release then lands beside the
// button: no click, no save, not a word. So nothing under a pressed pointer moves: the answer is
// held (check.js) and, once the click has had its effect, swapped in, checked again or dropped.
// ``next`` is pure (tests/js/press.test.js); ``create`` tracks the pointer.
(function (root, make) {
  var mod = make();
  if (typeof module === "object" && module.exports) module.exports = mod;
  else (root.cmScores = root.cmScores || {}).press = mod;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // What becomes of a held answer after the release:
  // - "drop": its fields are no longer on the page (a save's answer replaced them), or a save is
  //   under way (its answer shows the deal as the server has it);
  // - "recheck": something was typed or chosen since it was asked: the values now are checked;
  // - "swap": it is still the answer to what the form holds.
  function next(held) {
    if (!held.connected || held.saving) return "drop";
    return held.stale ? "recheck" : "swap";
  }

  // The pointer's state on a document; ``settle(answer)`` is called once per held answer, after
  // the release and the click it makes: a timeout from the click (the click's own effect, a
  // save sent, comes first), or from the release when no click follows (a touch's tap is
  // dispatched after its release; a press dragged away makes none). Only the newest held
  // answer counts: an older one was asked for older values.
  var NO_CLICK_MS = 400;
  function create(doc, settle, later) {
    var pressed = false, waiting = null;
    later = later || function (fn, ms) { setTimeout(fn, ms); };
    function press() { pressed = true; }
    function release() {
      if (!pressed) return;
      pressed = false;
      var answer = waiting, done = false;
      waiting = null;
      if (!answer) return;
      function go() {
        if (done) return;
        done = true;
        doc.removeEventListener("click", clicked, true);
        settle(answer);
      }
      function clicked() { later(go, 0); }
      doc.addEventListener("click", clicked, true);
      later(go, NO_CLICK_MS);
    }
    doc.addEventListener("pointerdown", press, true);
    ["pointerup", "pointercancel"].forEach(function (name) {
      doc.addEventListener(name, release, true);
    });
    // A release the page never hears (the window left while pressed) lets the answer through.
    if (doc.defaultView) doc.defaultView.addEventListener("blur", release);
    return {
      // True when the answer is held (the pointer is down): the caller does not swap it now.
      hold: function (answer) {
        if (!pressed) return false;
        waiting = answer;
        return true;
      }
    };
  }

  return {NO_CLICK_MS: NO_CLICK_MS, next: next, create: create};
});
