// Show or hide hand-form fields whose condition depends on other fields. Only presentation:
// every input is posted and the server decides what applies.
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
  // box or no choice counts as false.
  function holds(c, v) {
    return c.among.some(function (want) {
      return (want === false && (v === "" || v === null) ? false : v) === want;
    });
  }
  function update(root) {
    var form = root.closest ? (root.closest("form") || root) : root;
    form.querySelectorAll("[data-condition]").forEach(function (block) {
      var conds = JSON.parse(block.getAttribute("data-condition"));
      block.hidden = !conds.every(function (c) { return holds(c, value(form, c.field)); });
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
    if (!fresh) return;
    // Moving the focused input out of the page blurs it: note focus and cursor first.
    var active = document.activeElement, start = null, end = null;
    try { start = active.selectionStart; end = active.selectionEnd; } catch (err) { /* n/a */ }
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
    if (active && fresh.contains(active)) {
      active.focus();
      try { if (start !== null) active.setSelectionRange(start, end); } catch (err) { /* n/a */ }
    }
    document.dispatchEvent(new CustomEvent("hand-fields:updated"));
  });
})();

// Keyboard flow at the table. The phone keyboard's Enter/Go moves to the next field still empty
// (then the next field) and saves only from the last field, so a half-typed hand is never sent
// by accident. After a save the first field of the next hand has the focus, keyboard up; after
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
  document.addEventListener("keydown", function (e) {
    var el = e.target;
    if (e.key !== "Enter" || !el.matches || !el.matches(TYPED)) return;
    var form = el.closest("form.hand-form");
    if (!form) return;
    var list = fields(form), at = list.indexOf(el);
    if (at === -1) return;
    var after = list.slice(at + 1);
    var next = after.filter(function (f) { return f.value === ""; })[0] || after[0];
    if (next) {
      e.preventDefault();
      next.focus();
    }
    // the last field: Enter submits the form as the browser does
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
    var refused = form.querySelector('[aria-invalid="true"]');
    var target = refused || first(form);
    if (target) target.focus();
  }
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("form.hand-form");
    if (form) hint(form);
  });
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
    var target = e.detail.target;
    if (!target || target.id !== "match" || !e.detail.requestConfig) return;
    if (leftBySwap(document.activeElement)) focusEntry();
    focusBefore = null;
  });
})();
