// The score page's offline client, wired together (the page works as before without it). The
// parts, in static/js/offline/ (docs/architecture.md, "The offline client"; kept: docs/privacy.md):
// - drafts.js, outbox.js, answers.js, state.js: pure (unit-tested in tests/js/): what is typed,
//   the saves waiting, what an answer means, the page's state and the decisions on it;
// - form.js, view.js, table.js, sender.js, worker.js: the forms, the box, the table with the
//   waiting saves on top, the one sender (through htmx), the service worker;
// - box.js, typing.js, saving.js, logout.js, swaps.js, life.js: the box drawn and its buttons,
//   the drafts kept, a save queued, the log-out question, htmx's swaps, the page's life.
// The listeners are added here, all at once, in this order: of the two on submit, a save's is
// first (an entry form is never a log-out); nothing else shares an event.
(function () {
  "use strict";
  var cm = window.cmOffline, box = document.getElementById("offline");
  if (!cm || !box || !window.localStorage) return;
  var c = cm.state.create(cm, box, window.localStorage);
  cm.box.create(c);
  c.sender = cm.sender.create({
    box: box, store: c.store, table: c.table, identity: c.identity, changed: c.render,
    queued: function (form) { cm.saving.queued(c, form); },
    answered: function (kind, item, message, fromOutbox, form) {
      cm.saving.answered(c, kind, item, message, fromOutbox, form);
    }
  });
  cm.typing.wire(c);
  cm.saving.wire(c);
  cm.logout.wire(c);
  cm.saving.wireRequests(c);
  cm.swaps.wire(c);
  cm.life.wire(c);
})();
