// The live check: while a hand is typed, htmx posts the form's fields (#hand-fields, on each
// change) and the server answers with the fields and their rule messages. Two things here keep
// what the scorekeeper types:
// - An answer to values typed over since (a phone on a slow network) would overwrite the typing:
//   it is dropped and the current values are checked instead.
// - The inputs being typed in are never replaced: each field of the answer is swapped for the
//   element already on the page (same name, so its value, focus and cursor stay), taking over
//   only the answer's error attributes. So nothing typed while a check is on its way is lost, on
//   any network speed. The one exception is a field the server filled in (data-filled, e.g. the
//   combination of the tiles tapped).
// - An answer that comes while a button is pressed waits for the release (press.js): the Save
//   button pressed right after the last box must not move from under the pointer.
(function (root) {
  "use strict";
  var cm = root.cmScores = root.cmScores || {};
  var CARRIED = ["aria-invalid", "aria-describedby"];
  function values(form) { return new URLSearchParams(new FormData(form)).toString(); }
  function key(el) {
    return el.type === "radio" || el.type === "checkbox" ? el.name + "\u0000" + el.value : el.name;
  }
  function noteSent(e) {
    var elt = e.detail.elt;
    if (elt && elt.id === "hand-fields" && elt.closest("form")) {
      elt.dataset.sent = values(elt.closest("form"));
    }
  }
  // The form's values now are not those this check was asked for.
  function stale(elt) { return elt.dataset.sent !== values(elt.closest("form")); }
  function dropStale(e) {
    var elt = e.detail.elt;
    if (!elt || elt.id !== "hand-fields" || !elt.closest("form")) return;
    if (stale(elt)) {
      e.detail.shouldSwap = false;
      // After this answer's request has ended: htmx drops a request triggered while one of the
      // same element is still under way, and this answer's still is here.
      setTimeout(function () { htmx.trigger(elt, "change"); }, 0);
    }
  }
  function keepFields(e) {
    var old = e.detail.target;
    if (!old || old.id !== "hand-fields" || e.detail.shouldSwap === false) return;
    if (!e.detail.xhr || e.detail.xhr.status !== 200) return;
    e.detail.shouldSwap = false;  // moved in here, now or after a press (press.js)
    var answer = {old: old, html: e.detail.serverResponse};
    if (!pointer.hold(answer)) swapIn(answer);
  }
  // A held answer, after the press: swapped in, asked again for the values now, or dropped.
  function settle(answer) {
    var form = answer.old.closest("form");
    var what = cm.press.next({
      connected: answer.old.isConnected && !!form,
      saving: !!form && form.classList.contains("htmx-request"),
      stale: !!form && stale(answer.old)
    });
    if (what === "swap") swapIn(answer);
    else if (what === "recheck") htmx.trigger(answer.old, "change");
  }
  function swapIn(answer) {
    var old = answer.old;
    var holder = document.createElement("div");
    holder.innerHTML = answer.html;
    var fresh = holder.querySelector("#hand-fields");
    // Not the live check's answer (the session ended and the login page came back, or a hall's
    // Wi-Fi sign-in page): the fields stay as typed, nothing of that page comes into the form.
    if (!fresh) return;
    // Moving the focused input out of the page blurs it: note focus and cursor first.
    var active = document.activeElement, start = null, end = null;
    try { start = active.selectionStart; end = active.selectionEnd; } catch (err) { /* n/a */ }
    // Where the field being typed in is on the screen: it stays there (what the answer adds or
    // takes away above it is made up for by scrolling), so the cursor never jumps away from
    // under the scorekeeper's thumb. The scroll is instant, not smooth.
    var held = active && old.contains(active) ? active.getBoundingClientRect().top : null;
    var scrolled = window.scrollY;
    var current = {};
    old.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (el) {
      current[key(el)] = el;
    });
    fresh.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (el) {
      var kept = current[key(el)];
      // A value the server filled in from what was entered (data-filled) is the answer's own.
      if (!kept || el.hasAttribute("data-filled")) return;
      CARRIED.forEach(function (attr) {
        if (el.hasAttribute(attr)) kept.setAttribute(attr, el.getAttribute(attr));
        else kept.removeAttribute(attr);
      });
      el.replaceWith(kept);
    });
    old.replaceWith(fresh);
    htmx.process(fresh);
    // The fields shown or hidden by what is chosen, the keyboard hints (first: the move may
    // have hidden and disabled the field for a moment, when its change event saw the choices
    // half moved); then the focus and the place are kept.
    document.dispatchEvent(new CustomEvent("hand-fields:updated"));
    if (active && fresh.contains(active)) {
      active.focus({preventScroll: true});
      try { if (start !== null) active.setSelectionRange(start, end); } catch (err) { /* n/a */ }
    }
    if (held !== null && fresh.contains(active)) {
      // Its place in the page now, less where it was on the screen (moving the field into the
      // answer may have scrolled the page already).
      var wanted = active.getBoundingClientRect().top + window.scrollY - held;
      if (wanted !== scrolled || window.scrollY !== scrolled) {
        window.scrollTo({top: wanted, behavior: "instant"});
      }
      showMessage(active);
    }
  }
  // The field's own message, just below it, is shown above the keyboard. A message further
  // down (under a grid of numbers: one game's score list) is not scrolled to while the
  // scorekeeper types: that would move the field being typed in (a pause in the middle of a
  // number answers with a message); a refused save brings it into view.
  function showMessage(active) {
    var message = document.getElementById(active.getAttribute("aria-describedby") || "");
    var box = active.closest(".radios, label") || active;
    if (active.getAttribute("aria-invalid") === "true" && message) {
      var below = box.getBoundingClientRect();
      var gap = message.getBoundingClientRect().top - below.bottom;
      if (gap < below.height) cm.view.keepInView([box, message]);
    }
  }
  // In this order: a stale answer is dropped before its fields would be moved in.
  var pointer = null;
  function wire() {
    pointer = cm.press.create(document, settle);
    document.addEventListener("htmx:beforeRequest", noteSent);
    document.addEventListener("htmx:beforeSwap", dropStale);
    document.addEventListener("htmx:beforeSwap", keepFields);
  }

  cm.check = {wire: wire};
})(window);
