// What the scorekeeper must see is in the visible part of the screen: above the phone's
// keyboard (window.visualViewport: the part of the page not under the keyboard), not only in
// the window. Scrolls as little as needed; once more when the keyboard opens a moment later.
// ``below``: room kept free under the elements (px).
function keepInView(elements, below) {
  function place() {
    var vv = window.visualViewport;
    var height = vv ? vv.height : window.innerHeight, offset = vv ? vv.offsetTop : 0;
    var top = Infinity, bottom = -Infinity, margin = 12;
    elements.forEach(function (el) {
      if (!el || !el.isConnected) return;
      var r = el.getBoundingClientRect();
      top = Math.min(top, r.top - offset);
      bottom = Math.max(bottom, r.bottom - offset);
    });
    if (top === Infinity) return;
    bottom += below || 0;
    var by = 0;
    if (top < margin || bottom - top > height - 2 * margin) by = top - margin;
    else if (bottom > height - margin) by = bottom - (height - margin);
    if (by) window.scrollTo({top: window.scrollY + by, behavior: "instant"});
  }
  place();
  var vv = window.visualViewport;
  if (vv) {
    var again = function () { place(); };
    vv.addEventListener("resize", again);
    setTimeout(function () { vv.removeEventListener("resize", again); }, 1500);
  }
}
// Show or hide hand-form fields whose condition depends on other fields. Only presentation:
// every input is posted and the server decides what applies; except an input marked
// data-unsent (a number that applies only after a choice, Entry.choice_flag), which is not
// sent while it is hidden (disabled): what was typed in it comes back when it is shown again.
(function () {
  function value(form, name) {
    var inputs = form.querySelectorAll('[name="' + name + '"]');
    for (var i = 0; i < inputs.length; i++) {
      var el = inputs[i];
      if (el.type === "checkbox") return el.checked;
      if (el.type === "radio") { if (el.checked) return el.value; continue; }
      return el.value;
    }
    return inputs.length && inputs[0].type === "radio" ? null : "";
  }
  // c: {field, among} (scoring.spec.When): the field's value is one of ``among``; an unticked
  // box or no choice counts as false. {field, filled}: the field has a value.
  function holds(c, v) {
    if (c.filled) return v !== "" && v !== null;  // any value chosen or typed
    return c.among.some(function (want) {
      return (want === false && (v === "" || v === null) ? false : v) === want;
    });
  }
  function update(root) {
    var form = root.closest ? (root.closest("form") || root) : root;
    form.querySelectorAll("[data-condition]").forEach(function (block) {
      var conds = JSON.parse(block.getAttribute("data-condition"));
      block.hidden = !conds.every(function (c) { return holds(c, value(form, c.field)); });
      if (block.hasAttribute("data-unsent")) {
        block.querySelectorAll("input").forEach(function (el) { el.disabled = block.hidden; });
      }
    });
    form.querySelectorAll("[data-exclude-by]").forEach(function (block) {
      var name = block.getAttribute("data-exclude-by");
      var chosen = Array.prototype.map.call(
        form.querySelectorAll('[name^="' + name + '-"]'), function (s) { return s.value; });
      block.querySelectorAll("[data-side]").forEach(function (el) {
        el.hidden = chosen.indexOf(el.getAttribute("data-side")) !== -1;
      });
    });
  }
  document.addEventListener("change", function (e) { if (e.target.form) update(e.target.form); });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.hand-form").forEach(update);
  });
  // The live check answers for the values it was sent. When the scorekeeper typed on while it
  // was under way (a phone on a slow network), that answer would overwrite their typing: drop
  // it and check the current values instead.
  function values(form) { return new URLSearchParams(new FormData(form)).toString(); }
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail.elt;
    if (elt && elt.id === "hand-fields" && elt.closest("form")) {
      elt.dataset.sent = values(elt.closest("form"));
    }
  });
  document.addEventListener("htmx:beforeSwap", function (e) {
    var elt = e.detail.elt;
    if (!elt || elt.id !== "hand-fields" || !elt.closest("form")) return;
    if (elt.dataset.sent !== values(elt.closest("form"))) {
      e.detail.shouldSwap = false;
      // After this answer's request has ended: htmx drops a request triggered while one of the
      // same element is still under way, and this answer's still is here.
      setTimeout(function () { htmx.trigger(elt, "change"); }, 0);
    }
  });
  function updateAll() { document.querySelectorAll("form.hand-form").forEach(update); }
  document.addEventListener("htmx:afterSettle", updateAll);
  document.addEventListener("hand-fields:updated", updateAll);
})();

// The live check answers with the fields and their messages. The inputs a scorekeeper is typing
// in are never replaced: each field of the answer is swapped for the element already on the
// page (same name, so its value, focus and cursor stay), taking over only the answer's error
// attributes. So nothing typed while a check is on its way is lost, on any network speed. The
// one exception is a field the server filled in (e.g. the combination of the tiles tapped).
(function () {
  function key(el) {
    return el.type === "radio" || el.type === "checkbox" ? el.name + "\u0000" + el.value : el.name;
  }
  var CARRIED = ["aria-invalid", "aria-describedby"];
  document.addEventListener("htmx:beforeSwap", function (e) {
    var old = e.detail.target;
    if (!old || old.id !== "hand-fields" || e.detail.shouldSwap === false) return;
    if (!e.detail.xhr || e.detail.xhr.status !== 200) return;
    var holder = document.createElement("div");
    holder.innerHTML = e.detail.serverResponse;
    var fresh = holder.querySelector("#hand-fields");
    // Not the live check's answer (the session ended and the login page came back, or a hall's
    // Wi-Fi sign-in page): the fields stay as typed, nothing of that page comes into the form.
    if (!fresh) { e.detail.shouldSwap = false; return; }
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
    e.detail.shouldSwap = false;
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
      // The field's own message, just below it, is shown above the keyboard. A message further
      // down (under a grid of numbers: High Five 1959's score list) is not scrolled to while
      // the scorekeeper types: that would move the field being typed in (a pause in the middle
      // of a number answers with a message); a refused save brings it into view.
      var message = document.getElementById(active.getAttribute("aria-describedby") || "");
      var box = active.closest(".radios, label") || active;
      if (active.getAttribute("aria-invalid") === "true" && message) {
        var below = box.getBoundingClientRect(), gap = message.getBoundingClientRect().top - below.bottom;
        if (gap < below.height) keepInView([box, message]);
      }
    }
  });
})();

// Keyboard flow at the table. The phone keyboard's Enter/Go moves to the next field still empty
// and saves once every field is filled, so a half-typed hand is never sent by accident and a
// corrected field saves at once. After a save the first field of the next hand has the focus, keyboard up; after
// a refused save the first field the rules engine refused has it. A correction (✎) opens in the
// hand's own row with the focus in its first field; once saved, its message there has the focus.
(function () {
  var TYPED = 'input[type="text"], input[type="number"], input:not([type])';
  function fields(form) {
    return Array.prototype.filter.call(form.querySelectorAll(TYPED), function (el) {
      return !el.disabled && !el.closest("[hidden]") && !el.closest(".adjust") &&
        el.offsetParent !== null;
    });
  }
  // The entry's first field, whatever its kind (a choice's chosen button, or its first).
  function first(form) {
    var controls = Array.prototype.filter.call(
      form.querySelectorAll("input:not([type=hidden]), select, textarea"), function (el) {
        return !el.disabled && !el.closest("[hidden]") && !el.closest(".adjust") &&
          el.offsetParent !== null;
      });
    var el = controls[0];
    if (el && el.type === "radio") {
      var chosen = form.querySelector('input[name="' + el.name + '"]:checked');
      if (chosen) el = chosen;
    }
    return el;
  }
  function hint(form) {
    var list = fields(form);
    list.forEach(function (el, i) {
      el.setAttribute("enterkeyhint", i === list.length - 1 ? "done" : "next");
    });
  }
  // A field taken to type in keeps room under it, above the keyboard, for the message the
  // live check may add there: the message then comes into view without moving the field.
  var ROOM_FOR_A_MESSAGE = 96;
  document.addEventListener("focusin", function (e) {
    var el = e.target;
    if (!el.matches || !el.matches(TYPED) || !el.closest("#hand-fields")) return;
    keepInView([el.closest("label") || el], ROOM_FOR_A_MESSAGE);
  });
  document.addEventListener("keydown", function (e) {
    var el = e.target;
    if (e.key !== "Enter" || !el.matches || !el.matches(TYPED)) return;
    var form = el.closest("form.hand-form");
    if (!form) return;
    var list = fields(form), at = list.indexOf(el);
    if (at === -1) return;
    function empty(f) { return f.value === ""; }
    // The next field still empty, after this one or else before it; with every field filled
    // (the last one typed, or a refused field corrected) Enter saves, as the browser does.
    var next = list.slice(at + 1).filter(empty)[0] || list.slice(0, at).filter(empty)[0];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  });
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
    hint(form);
    var fault = refusal(form);
    if (fault) {
      fault.control.focus({preventScroll: true});
      keepInView([fault.box, fault.message]);
      return;
    }
    var target = first(form);
    if (target) target.focus();
  }
  // The field the rules engine refused first, in the order of the form, and its message: a
  // field's own message (aria-invalid, aria-describedby), or a message over a group of fields
  // (the group's first field), or one over the whole hand (the hand's first field).
  function refusal(form) {
    var found = form.querySelector('#hand-fields [aria-invalid="true"], #hand-fields .field-error, #hand-fields .errorlist');
    if (!found) return null;
    var control = found, message = null;
    if (found.matches("[aria-invalid]")) {
      message = document.getElementById(found.getAttribute("aria-describedby") || "");
    } else {
      message = found;
      var group = found.closest("fieldset.block");
      var inGroup = group && Array.prototype.filter.call(
        group.querySelectorAll("input:not([type=hidden]), select"), function (el) {
          return !el.disabled && !el.closest("[hidden]") && el.offsetParent !== null;
        })[0];
      control = inGroup || first(form);
    }
    if (!control) return null;
    if (control.type === "radio") {
      var chosen = form.querySelector('input[name="' + control.name + '"]:checked');
      if (chosen) control = chosen;
    }
    var box = control.closest(".radios, label, .side-input") || control;
    return {control: control, box: box, message: message};
  }
  document.addEventListener("DOMContentLoaded", function () {
    // A refused save without JavaScript's help (the page itself came back): the same.
    var form = document.querySelector("form.hand-form");
    var fault = form && refusal(form);
    if (fault && form.querySelector("#hand-fields .field-error, #hand-fields .errorlist")) {
      fault.control.focus({preventScroll: true});
      keepInView([fault.box, fault.message]);
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("form.hand-form");
    if (form) hint(form);
  });
  // offline.js asks for it after a save it kept or sent: the next deal's first box (or the
  // refused field).
  document.addEventListener("entry:focus", focusEntry);
  document.addEventListener("hand-fields:updated", function () {
    var form = document.querySelector("form.hand-form");
    if (form) hint(form);
  });
  // The focus moves once the new match has settled (htmx waits a moment before that), and only
  // when the swap itself left it where it is: on nothing (the tapped link or button went with
  // the old match) or on the field htmx put it back on (same id as before the swap). A field
  // chosen in between, a quick tap or a slow phone, keeps it: what is typed next goes where the
  // scorekeeper looks, never into the first field of the hand. Decided from what was focused
  // before the swap, so no other script's afterSwap handler, running before or after this one,
  // changes the outcome.
  var focusBefore = null;
  document.addEventListener("htmx:beforeSwap", function (e) {
    var target = e.detail.target;
    if (target && target.id === "match") {
      var active = document.activeElement;
      focusBefore = active && active.id ? active.id : "";
    }
  });
  function leftBySwap(active) {
    if (!active || active === document.body || active === document.documentElement) return true;
    return focusBefore !== "" && focusBefore !== null && active.id === focusBefore;
  }
  document.addEventListener("htmx:afterSettle", function (e) {
    var target = e.detail.target, config = e.detail.requestConfig, elt = config && config.elt;
    if (!target || target.id !== "match" || !config) return;
    // A save sent in the background (offline.js's outbox) places the focus itself.
    if (elt && elt.hasAttribute && elt.hasAttribute("data-keeps-focus")) return;
    if (leftBySwap(document.activeElement)) focusEntry();
    focusBefore = null;
  });
})();

// A value the form filled in (data-filled: the points of a combination scored before, the
// combination of the tiles, the one tile of a forced turn) follows what it was filled from:
// another choice clears it before the live check asks again, so a combination changed never
// keeps the points of the one before. A value the scorekeeper chose or typed is their own.
(function () {
  function own(el) {
    var group = el.type === "radio" ? el.form.querySelectorAll('[name="' + el.name + '"]') : [el];
    Array.prototype.forEach.call(group, function (e) { e.removeAttribute("data-filled"); });
  }
  document.addEventListener("input", function (e) {
    var el = e.target;
    if (el.matches && el.matches('#hand-fields input[data-filled]:not([type=radio])')) own(el);
  }, true);
  document.addEventListener("change", function (e) {  // before the live check reads the form
    var el = e.target, fields = el.closest && el.closest("#hand-fields");
    if (!fields || el.closest(".fold-toggle") || !/^(radio|checkbox)$/.test(el.type)) return;
    if (el.hasAttribute("data-filled")) own(el);
    fields.querySelectorAll("input[data-filled]").forEach(function (filled) {
      if (filled.type === "radio" || filled.type === "checkbox") filled.checked = false;
      else filled.value = "";
      filled.removeAttribute("data-filled");
    });
  }, true);
})();
