// The score forms on the page: what is typed in them, putting a draft back, and emptying the
// add form for the next deal with the focus in its first box. DOM only; no storage, no sending.
(function (root) {
  "use strict";
  var cm = root.cmOffline = root.cmOffline || {};
  var ENTRY = "form.hand-form, form.delete-form";
  var KEPT_OUT = ["csrfmiddlewaretoken", "version", "entry_key", "hand"];

  function fields(form) { return form.querySelectorAll("input[name], select[name], textarea[name]"); }
  function skipped(el) { return el.type === "hidden" || KEPT_OUT.indexOf(el.name) !== -1; }

  // Read from the fields themselves, as they show: FormData leaves out a field that is disabled
  // or, on a slow phone leaving the page, one it no longer counts as the form's.
  function typed(form) {
    var pairs = [];
    fields(form).forEach(function (el) {
      if (skipped(el)) return;
      if ((el.type === "checkbox" || el.type === "radio") && !el.checked) return;
      if (el.tagName === "SELECT" && el.multiple) {
        Array.prototype.forEach.call(el.selectedOptions, function (o) { pairs.push([el.name, o.value]); });
      } else if (["file", "submit", "button", "reset"].indexOf(el.type) === -1) {
        pairs.push([el.name, el.value]);
      }
    });
    return pairs;
  }
  // Anything filled in or chosen other than the form came with.
  function hasTyped(form) {
    return Array.prototype.some.call(fields(form), function (el) {
      if (skipped(el)) return false;
      if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
      if (el.tagName === "SELECT") return el.selectedIndex > 0;
      return el.value !== "";
    });
  }
  function fill(form, pairs) {
    var values = {};
    pairs.forEach(function (p) { (values[p[0]] = values[p[0]] || []).push(p[1]); });
    fields(form).forEach(function (el) {
      if (skipped(el)) return;
      var v = values[el.name] || [];
      if (el.type === "checkbox" || el.type === "radio") el.checked = v.indexOf(el.value) !== -1;
      else el.value = v.length ? v[0] : "";
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));  // conditions, live check
  }
  function path(form) { return new URL(form.action, location.href).pathname; }
  function forms() { return document.querySelectorAll(ENTRY); }
  function isEntry(form) { return !!(form && form.matches && form.matches(ENTRY)); }
  function kind(form) {
    if (form.classList.contains("delete-form")) return "delete";
    return form.querySelector('input[name="hand"]') ? "edit" : "add";
  }
  // A change or a delete is named by its button ("Delete deal 1") or heading ("Change deal 1").
  function label(form) {
    if (form.classList.contains("delete-form")) {
      var button = form.querySelector('button[type="submit"]');
      return button ? button.textContent.trim() : "";
    }
    var heading = document.getElementById("entry-h");
    return heading ? heading.textContent.trim() : "";
  }
  function newKey() {  // 128 random bits; crypto.getRandomValues also works without HTTPS
    var bytes = new Uint8Array(16);
    root.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  // The save as it is posted: its fields, with its key (a fresh one into the form after).
  function snapshot(form) {
    var data = new FormData(form);
    var key = data.get("entry_key") || newKey();
    data.set("entry_key", key);
    return {
      key: key, url: form.action.replace(/#.*$/, ""), kind: kind(form), label: label(form),
      version: data.get("version"), at: Date.now(),
      body: Array.from(data.entries()).filter(function (p) { return typeof p[1] === "string"; })
    };
  }
  function renewKey(form) {
    var field = form.querySelector('input[name="entry_key"]');
    if (field) field.value = newKey();
  }
  // The add form, emptied for the next deal, its first box focused (scores/focus.js finds it: a
  // choice's chosen button, or the first box to type in), so what is typed next is the next
  // deal's, for the player it is typed for.
  function empty(form) {
    fields(form).forEach(function (el) {
      if (skipped(el)) return;
      if (el.type === "checkbox" || el.type === "radio") el.checked = el.defaultChecked;
      else if (el.tagName === "SELECT") el.selectedIndex = 0;
      else el.value = "";
      el.removeAttribute("aria-invalid");
    });
    form.querySelectorAll(".field-error, .field-ok, .errorlist, .field-warning").forEach(function (el) {
      el.remove();
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
    focusEntry();
  }
  function focusEntry() { document.dispatchEvent(new CustomEvent("entry:focus")); }

  cm.form = {
    ENTRY: ENTRY, typed: typed, hasTyped: hasTyped, fill: fill, path: path, forms: forms,
    isEntry: isEntry, kind: kind, snapshot: snapshot, renewKey: renewKey, empty: empty,
    focusEntry: focusEntry, newKey: newKey
  };
})(typeof self !== "undefined" ? self : this);
