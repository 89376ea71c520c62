// Where the focus goes in the entry form. After a save the first field of the next hand has the
// focus, keyboard up; after a refused save the first field the rules engine refused has it. A
// correction (✎) opens in the hand's own row with the focus in its first field; once saved, its
// message there has the focus. The hooks of the offline client (static/js/offline/): it asks
// for this with the ``entry:focus`` event after a save it kept or sent, and a save it sends in
// the background comes from an element marked ``data-keeps-focus``, whose swap leaves the focus.
(function (root) {
  "use strict";
  var cm = root.cmScores = root.cmScores || {};
  function shown(el) { return !el.disabled && !el.closest("[hidden]") && el.offsetParent !== null; }
  // A choice's chosen button, or the one given.
  function chosenOf(form, el) {
    if (!el || el.type !== "radio") return el;
    return form.querySelector('input[name="' + el.name + '"]:checked') || el;
  }
  // The entry's first field, whatever its kind (a choice's chosen button, or its first).
  function first(form) {
    var controls = Array.prototype.filter.call(
      form.querySelectorAll("input:not([type=hidden]), select, textarea"), function (el) {
        return shown(el) && !el.closest(".adjust");
      });
    return chosenOf(form, controls[0]);
  }
  // The field the rules engine refused first, in the order of the form, and its message: a
  // field's own message (aria-invalid, aria-describedby), or a message over a group of fields
  // (the group's first field), or one over the whole hand (the hand's first field).
  function refusal(form) {
    var found = form.querySelector(
      '#hand-fields [aria-invalid="true"], #hand-fields .field-error, #hand-fields .errorlist');
    if (!found) return null;
    var control = found, message = null;
    if (found.matches("[aria-invalid]")) {
      message = document.getElementById(found.getAttribute("aria-describedby") || "");
    } else {
      message = found;
      var group = found.closest("fieldset.block");
      var inGroup = group && Array.prototype.filter.call(
        group.querySelectorAll("input:not([type=hidden]), select"), shown)[0];
      control = inGroup || first(form);
    }
    if (!control) return null;
    control = chosenOf(form, control);
    var box = control.closest(".radios, label, .side-input") || control;
    return {control: control, box: box, message: message};
  }
  function focusEntry() {
    // A correction saved: its result is at its own row; keep the eye there.
    var changed = document.querySelector("#match .row-message .message");
    if (changed) {
      changed.scrollIntoView({block: "center"});
      changed.focus();
      return;
    }
    var form = document.querySelector("form.hand-form");
    if (!form) return;
    var row = form.closest(".editing-row");
    if (row) row.scrollIntoView({block: "start"});
    cm.keys.hint(form);
    var fault = refusal(form);
    if (fault) {
      fault.control.focus({preventScroll: true});
      cm.view.keepInView([fault.box, fault.message]);
      return;
    }
    var target = first(form);
    if (target) target.focus();
  }
  // A refused save without JavaScript's help (the page itself came back): the same.
  function focusRefusal() {
    var form = document.querySelector("form.hand-form");
    var fault = form && refusal(form);
    if (fault && form.querySelector("#hand-fields .field-error, #hand-fields .errorlist")) {
      fault.control.focus({preventScroll: true});
      cm.view.keepInView([fault.box, fault.message]);
    }
  }
  // The focus moves once the new match has settled (htmx waits a moment before that), and only
  // when the swap itself left it where it is (walk.leftBySwap). A field chosen in between, a
  // quick tap or a slow phone, keeps it: what is typed next goes where the scorekeeper looks,
  // never into the first field of the hand. Decided from what was focused before the swap, so
  // no other script's afterSwap handler, running before or after this one, changes the outcome.
  var focusBefore = null;
  function noteFocus(e) {
    var target = e.detail.target;
    if (target && target.id === "match") {
      var active = document.activeElement;
      focusBefore = active && active.id ? active.id : "";
    }
  }
  function afterMatch(e) {
    var target = e.detail.target, config = e.detail.requestConfig, elt = config && config.elt;
    if (!target || target.id !== "match" || !config) return;
    // A save sent in the background (offline.js's outbox) places the focus itself.
    if (elt && elt.hasAttribute && elt.hasAttribute("data-keeps-focus")) return;
    var active = document.activeElement;
    var none = !active || active === document.body || active === document.documentElement;
    if (cm.walk.leftBySwap(none ? null : active.id, focusBefore)) focusEntry();
    focusBefore = null;
  }
  function wire() {
    document.addEventListener("DOMContentLoaded", focusRefusal);
    document.addEventListener("entry:focus", focusEntry);
    document.addEventListener("htmx:beforeSwap", noteFocus);
    document.addEventListener("htmx:afterSettle", afterMatch);
  }

  cm.focus = {first: first, refusal: refusal, focusEntry: focusEntry, wire: wire};
})(window);
