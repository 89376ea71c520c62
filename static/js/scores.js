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
  function holds(c, v) {
    var want = c.value;
    if (want === false && (v === "" || v === null)) v = false;
    if (c.op === "==") return v === want;
    if (c.op === "!=") return v !== want;
    return true;
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
      htmx.trigger(elt, "change");
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll("form.hand-form").forEach(update);
  });
})();

// The live check re-renders the fields with its messages. Whatever was typed while the check
// was on its way is kept: values are carried over to the new fields and checked again.
(function () {
  var typed = null;
  function values(root) {
    var out = {};
    root.querySelectorAll("input, select, textarea").forEach(function (el) {
      if (!el.name) return;
      if (el.type === "checkbox" || el.type === "radio") {
        out[el.name + "\u0000" + el.value] = el.checked;
      } else {
        out[el.name] = el.value;
      }
    });
    return out;
  }
  document.addEventListener("htmx:beforeSwap", function (e) {
    typed = e.detail.target && e.detail.target.id === "hand-fields" ? values(e.detail.target) : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var fields = document.getElementById("hand-fields");
    if (!typed || !fields) return;
    var now = values(fields), changed = false;
    fields.querySelectorAll("input, select, textarea").forEach(function (el) {
      if (!el.name) return;
      if (el.type === "checkbox" || el.type === "radio") {
        var key = el.name + "\u0000" + el.value;
        if (key in typed && typed[key] !== el.checked) { el.checked = typed[key]; changed = true; }
      } else if (el.name in typed && typed[el.name] !== now[el.name]) {
        el.value = typed[el.name]; changed = true;
      }
    });
    typed = null;
    if (changed) htmx.trigger(fields, "change");
  });
})();
