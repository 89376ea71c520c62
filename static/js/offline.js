// The score page's offline client, wired together (the page works as before without it). The
// parts, in static/js/offline/: drafts.js (what is typed, per login or table code and table),
// outbox.js (the saves waiting, in order, with their keys), answers.js (what an answer means,
// who may send), form.js, sender.js (one sender, through htmx), view.js, table.js (the box, the
// table with the waiting saves on top). States: docs/architecture.md; kept: docs/privacy.md.
(function () {
  "use strict";
  var cm = window.cmOffline, box = document.getElementById("offline");
  if (!cm || !box || !window.localStorage) return;
  var storage = window.localStorage, D = cm.drafts, O = cm.outbox;
  var table = box.getAttribute("data-table"), identity = box.getAttribute("data-identity") || "";
  var QUEUE = D.queueKey(identity, table), pattern = box.getAttribute("data-entry-pattern") || "";
  var urls = box.hasAttribute("data-url-add") ? {
    add: box.getAttribute("data-url-add"), edit: box.getAttribute("data-url-edit"),
    delete: box.getAttribute("data-url-delete"), marker: box.getAttribute("data-url-marker") } : null;
  var fromCache = box.getAttribute("data-served") === "cache";
  var results = [], leaving = null, synced = false, background = null;
  var store = {
    queue: function () { return D.read(storage, QUEUE) || []; },
    setQueue: function (items) { D.write(storage, QUEUE, items.length ? items : null); }
  };
  function draftKey(form) { return D.draftKey(identity, table, cm.form.path(form)); }
  function addForm() { return document.querySelector("#entry form.hand-form"); }
  // While #match is swapped, or off the page, a form's events are not typing (a field blurred).
  var swapping = 0;
  function saveDraft(form) {
    if (Date.now() - swapping < 3000 || !form.isConnected) return;
    D.put(storage, draftKey(form), cm.form.hasTyped(form) ? cm.form.typed(form) : null, Date.now());
  }
  // A form the server filled (a refused save kept for correction) is the draft; an empty one
  // gets its draft back.
  function syncDrafts() {
    cm.form.forms().forEach(function (form) {
      if (cm.form.hasTyped(form)) { saveDraft(form); return; }
      var draft = D.get(storage, draftKey(form), Date.now());
      if (draft) cm.form.fill(form, draft.pairs);
    });
  }
  function queues() {
    return D.keys(storage).filter(function (k) { return /:queue$/.test(k); }).map(function (k) {
      return [k, D.read(storage, k) || []];
    });
  }
  function strays() { return O.strays(queues(), table, QUEUE, urls); }
  // Not sent yet under this login or code, on every table of this phone.
  function unsent() {
    return queues().reduce(function (n, q) {
      var who = D.owner(q[0]);
      return n + (who && who.identity === identity ? q[1].length : 0);
    }, 0);
  }
  var actions = {
    discard: function (item, from) {
      var name = from || QUEUE;
      var rest = O.discard(D.read(storage, name) || [], item.key);
      D.write(storage, name, rest.length ? rest : null);
      render();
    },
    adopt: function (stray) {
      var rest = O.discard(D.read(storage, stray.from) || [], stray.item.key);
      D.write(storage, stray.from, rest.length ? rest : null);
      store.setQueue(O.add(store.queue(), O.adopt(stray.item, urls)));
      sender.online();
    },
    sendNow: function () { leaving.send = true; sender.online(); },
    logOut: function () { var f = leaving.form; leaving = null; f.dataset.asked = "1"; f.requestSubmit(); },
    stay: function () { leaving = null; render(); }
  };
  function render() {
    if (leaving && leaving.send && !unsent()) { actions.logOut(); return; }
    if (leaving) leaving.n = unsent();
    var items = cm.table.apply(store.queue(), pattern);
    cm.view.box(box, { items: items, strays: strays(), results: results, fromCache: fromCache,
                       status: sender.status, sending: sender.sending, failures: sender.failures,
                       logout: leaving }, actions);
  }
  // After the page came back from the server: a kept copy of it for a reload without Wi-Fi.
  function keepPage() {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ keep: [location.pathname] });
  }
  var sender = cm.sender.create({
    box: box, store: store, table: table, identity: identity, changed: render,
    queued: function (form) { D.drop(storage, draftKey(form)); },
    answered: function (kind, item, message, fromOutbox, form) {
      fromCache = false;
      var label = item ? (cm.table.labelled([item], +document.getElementById("match").getAttribute("data-stored") || 0, pattern)[0] || item).label : "";
      if (item && item.waited) {
        results.push(kind === "saved" ? message || label : cm.view.t(cm.view.gettext(
          "%(label)s: not saved — see the message below, correct it and save again"), { label: label }));
        results = results.slice(-10);
      }
      var add = addForm();
      if (kind === "saved") keepPage();
      D.settle(storage, { outcome: kind, sent: form ? draftKey(form) : null,
                          add: add ? draftKey(add) : null, parks: !!(item && item.kind === "add") },
               Date.now());
      background = fromOutbox ? kind : null;
    }
  });
  document.addEventListener("input", function (e) {
    if (cm.form.isEntry(e.target.form)) saveDraft(e.target.form);
  });
  document.addEventListener("change", function (e) {  // also a blur while the live check moves
    var form = e.target.form;  // the fields (half of them out of the form): read once it is done
    if (cm.form.isEntry(form) && e.isTrusted) setTimeout(function () { saveDraft(form); }, 0);
  });
  // A page left (reload, closed tab, another app) keeps what is on screen once its drafts were
  // put back; only ever adds (typing kept every change as it came), never blanks one.
  function keepDrafts() {
    if (!synced) return;
    cm.form.forms().forEach(function (form) {
      if (!form.classList.contains("htmx-request") && cm.form.hasTyped(form)) saveDraft(form);
    });
  }
  window.addEventListener("pagehide", keepDrafts);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") keepDrafts(); else sender.pump();
  });
  // A save: htmx sends it when nothing waits, the browser is online and this login is the one
  // on the phone; otherwise it joins the outbox, and the add form is free for the next deal.
  window.addEventListener("submit", function (e) {
    var form = e.target;
    if (!cm.form.isEntry(form)) return;
    var live = store.queue().some(function (i) { return !i.void; });
    if (!live && navigator.onLine && cm.answers.maySend(identity, document.cookie) === "ok") return;
    e.preventDefault();
    e.stopPropagation();  // neither htmx nor site.js's confirm sees it: asked here
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) return;
    enqueue(form);
  }, true);
  function enqueue(form) {
    var item = Object.assign(cm.form.snapshot(form), { waited: true });  // its answer: a line
    store.setQueue(O.add(store.queue(), item, cm.form.newKey()));
    cm.form.renewKey(form);  // the form now belongs to the next save
    D.drop(storage, draftKey(form));  // what was typed is in the outbox now
    if (item.kind === "add") cm.form.empty(form);
    if (!navigator.onLine) sender.offline();
    sender.pump();
  }
  // Logging out with saves not sent: say how many, offer to send them now; what stays waits
  // for this login on this phone (nobody else sees, sends or wipes it).
  window.addEventListener("submit", function (e) {
    var form = e.target, logout = box.getAttribute("data-logout-url");
    if (!form.action || !logout || new URL(form.action, location.href).pathname !== logout) return;
    keepDrafts();
    if (form.dataset.asked || !unsent()) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    leaving = { form: form, n: unsent() };
    var menu = form.closest("details");
    if (menu) menu.open = false;  // the question in view, not under the menu
    render();
    box.scrollIntoView({ block: "start" });
    box.querySelector(".offline-logout button").focus();
  }, true);
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail.elt, config = e.detail.requestConfig;
    if (elt && elt.matches && elt.matches("form.hand-form") && config && config.verb === "post") {
      background = null;
      if (!sender.track(elt)) { e.preventDefault(); enqueue(elt); }
    }
  });
  // A save from the outbox came back while a deal is typed: that is the new form's draft.
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (!e.detail.target || e.detail.target.id !== "match" || !e.detail.shouldSwap) return;
    var add = addForm();
    if (background === "saved" && add && cm.form.hasTyped(add)) saveDraft(add);
    swapping = Date.now();
  });
  document.addEventListener("htmx:afterSettle", function (e) {
    if (!e.detail.target || e.detail.target.id !== "match") return;
    swapping = 0;
    syncDrafts();
    render();
    var was = background, form = addForm();
    background = null;
    if (!was) return;
    // A save sent from the outbox came back: the focus stays where the scorekeeper types;
    // else it goes to the first box of the next deal (or to the refused field).
    var active = document.activeElement;
    if (was !== "saved" || !form || !active || !form.contains(active)) cm.form.focusEntry();
  });
  window.addEventListener("online", function () { sender.online(); });
  window.addEventListener("offline", render);
  document.addEventListener("resume", sender.pump);
  window.addEventListener("pageshow", function (e) { if (e.persisted) sender.pump(); });
  document.addEventListener("DOMContentLoaded", function () {
    D.expire(storage, Date.now());
    // A copy kept on this phone: its save keys were the page's then (maybe used since).
    if (fromCache) cm.form.forms().forEach(cm.form.renewKey);
    syncDrafts();
    synced = true;
    render();
    sender.pump();
    cm.worker && cm.worker.register(box);
  });
})();
