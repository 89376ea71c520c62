// A save: htmx sends it when nothing waits, the browser is online and this login is the one on
// the phone; otherwise it joins the outbox (outbox.js), and the add form is free for the next
// deal. What an answer leaves behind: the box's line, the drafts settled (drafts.settle), a
// kept copy of the page after a save (the service worker, worker.js).
(function (root) {
  "use strict";
  var cm = root.cmOffline = root.cmOffline || {};

  function enqueue(c, form) {
    var item = Object.assign(cm.form.snapshot(form), { waited: true });  // its answer: a line
    c.store.setQueue(cm.outbox.add(c.store.queue(), item, cm.form.newKey()));
    cm.form.renewKey(form);  // the form now belongs to the next save
    cm.drafts.drop(c.storage, cm.typing.draftKey(c, form));  // what was typed is in the outbox now
    if (item.kind === "add") cm.form.empty(form);
    if (!navigator.onLine) c.sender.offline();
    c.sender.pump();
  }
  // Sent by the sender (htmx took it): what was typed in the form is no draft any more.
  function queued(c, form) { cm.drafts.drop(c.storage, cm.typing.draftKey(c, form)); }
  // After the page came back from the server: a kept copy of it for a reload without Wi-Fi.
  function keepPage() {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ keep: [location.pathname] });
  }
  function answered(c, kind, item, message, fromOutbox, form) {
    c.fromCache = false;
    var stored = +document.getElementById("match").getAttribute("data-stored") || 0;
    var label = item ? (cm.table.labelled([item], stored, c.pattern)[0] || item).label : "";
    if (item && item.waited) {
      c.results = cm.state.note(c.results, kind === "saved" ? message || label : cm.view.t(
        cm.view.gettext("%(label)s: not saved — see the message below, correct it and save again"),
        { label: label }));
    }
    var add = cm.typing.addForm();
    if (kind === "saved") keepPage();
    cm.drafts.settle(c.storage, {
      outcome: kind, sent: form ? cm.typing.draftKey(c, form) : null,
      add: add ? cm.typing.draftKey(c, add) : null, parks: !!(item && item.kind === "add") },
      Date.now());
    c.background = fromOutbox ? kind : null;
  }
  function wire(c) {
    window.addEventListener("submit", function (e) {
      var form = e.target;
      if (!cm.form.isEntry(form)) return;
      if (cm.state.sendsNow(c.store.queue(), navigator.onLine,
                            cm.answers.maySend(c.identity, document.cookie))) return;
      e.preventDefault();
      e.stopPropagation();  // neither htmx nor site.js's confirm sees it: asked here
      var question = form.getAttribute("data-confirm");
      if (question && !window.confirm(question)) return;
      enqueue(c, form);
    }, true);
  }
  // htmx is about to send a save: the sender keeps it in the outbox while it is sent, or (its
  // key is another deal's, still waiting) it joins the outbox anew under a key of its own.
  function wireRequests(c) {
    document.addEventListener("htmx:beforeRequest", function (e) {
      var elt = e.detail.elt, config = e.detail.requestConfig;
      if (elt && elt.matches && elt.matches("form.hand-form") && config && config.verb === "post") {
        c.background = null;
        if (!c.sender.track(elt)) { e.preventDefault(); enqueue(c, elt); }
      }
    });
  }
  cm.saving = { enqueue: enqueue, queued: queued, answered: answered, wire: wire,
                wireRequests: wireRequests };
})(typeof self !== "undefined" ? self : this);
