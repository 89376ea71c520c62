// What is typed, kept as it comes (drafts.js, per login or table code and table): each input
// and change of an entry form, and what is on screen when the page is left; put back in an
// empty form when the page is read or #match was swapped.
(function (root) {
  "use strict";
  var cm = root.cmOffline = root.cmOffline || {};

  function draftKey(c, form) { return cm.drafts.draftKey(c.identity, c.table, cm.form.path(form)); }
  function addForm() { return document.querySelector("#entry form.hand-form"); }
  function save(c, form) {
    if (!cm.state.typing(c.swapping, Date.now(), form.isConnected)) return;
    cm.drafts.put(c.storage, draftKey(c, form),
                  cm.form.hasTyped(form) ? cm.form.typed(form) : null, Date.now());
  }
  // A form the server filled (a refused save kept for correction) is the draft; an empty one
  // gets its draft back.
  function sync(c) {
    cm.form.forms().forEach(function (form) {
      if (cm.form.hasTyped(form)) { save(c, form); return; }
      var draft = cm.drafts.get(c.storage, draftKey(c, form), Date.now());
      if (draft) cm.form.fill(form, draft.pairs);
    });
  }
  // A page left (reload, closed tab, another app) keeps what is on screen once its drafts were
  // put back; only ever adds (typing kept every change as it came), never blanks one.
  function keep(c) {
    if (!c.synced) return;
    cm.form.forms().forEach(function (form) {
      if (!form.classList.contains("htmx-request") && cm.form.hasTyped(form)) save(c, form);
    });
  }
  function wire(c) {
    document.addEventListener("input", function (e) {
      if (cm.form.isEntry(e.target.form)) save(c, e.target.form);
    });
    document.addEventListener("change", function (e) {  // also a blur while the live check moves
      var form = e.target.form;  // the fields (half of them out of the form): read once it is done
      if (cm.form.isEntry(form) && e.isTrusted) setTimeout(function () { save(c, form); }, 0);
    });
    window.addEventListener("pagehide", function () { keep(c); });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") keep(c); else c.sender.pump();
    });
  }
  cm.typing = { draftKey: draftKey, addForm: addForm, save: save, sync: sync, keep: keep,
                wire: wire };
})(typeof self !== "undefined" ? self : this);
