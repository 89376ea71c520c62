// Keyboard flow at the table. The phone keyboard's Enter/Go moves to the next field still empty
// and saves once every field is filled (walk.js; a number entered by buttons, data-walk="skip",
// is passed by), so a half-typed hand is never sent by accident
// and a corrected field saves at once; the keyboard's Enter key says which it will do. A field
// taken to type in keeps room under it for the message the live check may add there.
(function (root) {
  "use strict";
  var cm = root.cmScores = root.cmScores || {};
  var TYPED = 'input[type="text"], input[type="number"], input:not([type])';
  // The fields typed in, as the scorekeeper sees them: shown, enabled, not a correction's extra.
  function fields(form) {
    return Array.prototype.filter.call(form.querySelectorAll(TYPED), function (el) {
      return !el.disabled && !el.closest("[hidden]") && !el.closest(".adjust") &&
        el.getAttribute("data-walk") !== "skip" && el.offsetParent !== null;
    });
  }
  function hint(form) {
    var list = fields(form), hints = cm.walk.hints(list.length);
    list.forEach(function (el, i) { el.setAttribute("enterkeyhint", hints[i]); });
  }
  function hintEntry() {
    var form = document.querySelector("form.hand-form");
    if (form) hint(form);
  }
  // A field taken to type in keeps room under it, above the keyboard, for the message the
  // live check may add there: the message then comes into view without moving the field.
  var ROOM_FOR_A_MESSAGE = 96;
  function roomForMessage(e) {
    var el = e.target;
    if (!el.matches || !el.matches(TYPED) || !el.closest("#hand-fields")) return;
    cm.view.keepInView([el.closest("label") || el], ROOM_FOR_A_MESSAGE);
  }
  function enter(e) {
    var el = e.target;
    if (e.key !== "Enter" || !el.matches || !el.matches(TYPED)) return;
    var form = el.closest("form.hand-form");
    if (!form) return;
    var list = fields(form), at = list.indexOf(el);
    if (at === -1) return;
    var next = cm.walk.next(list.map(function (f) { return f.value; }), at);
    if (next !== -1) {
      e.preventDefault();
      list[next].focus();
    }
  }
  function wire() {
    document.addEventListener("focusin", roomForMessage);
    document.addEventListener("keydown", enter);
    document.addEventListener("DOMContentLoaded", hintEntry);
    document.addEventListener("hand-fields:updated", hintEntry);
  }

  cm.keys = {hint: hint, wire: wire};
})(window);
