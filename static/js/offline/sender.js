// One sender for every save, through htmx: a save typed while nothing waits goes as htmx sends
// its form; a save from the outbox goes by htmx.ajax from the box (#offline). Every answer of
// both, whatever it is (saved, refused, code-void, the login page, another login's refusal, a
// 5xx, no answer, a timeout), comes to ``answered`` and nowhere else: answers.js says what it
// means, the outbox is updated, and htmx puts it on the page only when it is the save's own.
// One tab at a time sends a table's saves (navigator.locks), the first waiting one first.
(function (root) {
  "use strict";
  var cm = root.cmOffline = root.cmOffline || {};

  function create(options) {
    var box = options.box, store = options.store;
    var lock = "cm-offline-send:" + options.table;
    var sending = false, locking = false, failures = 0, timer = null;
    var api = { status: "ok", failures: 0, sending: false };

    function now() { return Date.now(); }
    function csrf() {
      var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
      return input ? input.value : "";
    }
    // The server said this page's login is gone (its login page, or another login's refusal):
    // nothing more is sent from this page; the same login, back, sends it.
    var stopped = null;
    function mayGo() {
      api.status = stopped || cm.answers.maySend(options.identity, document.cookie);
      return api.status === "ok";
    }
    function publish() {
      api.failures = failures;
      api.sending = sending;
      options.changed();
    }
    function later() {
      clearTimeout(timer);
      failures += 1;
      timer = setTimeout(pump, cm.outbox.backoff(failures, Math.random()));
    }
    // The form's own htmx timeout (hx-request), so a save sent by htmx and one from the outbox
    // wait alike: 20 s as the template gives it.
    function timeout() {
      var form = document.querySelector("form.hand-form[hx-request]");
      return (form && form.getAttribute("hx-request")) || '{"timeout": 20000}';
    }

    function pump() {
      clearTimeout(timer);
      if (sending || locking || !mayGo()) { publish(); return; }
      if (!navigator.locks || !navigator.locks.request) { sendFirst(function () {}); return; }
      locking = true;
      navigator.locks.request(lock, function () {
        locking = false;
        return new Promise(sendFirst);
      });
    }
    function sendFirst(done) {
      var items = store.queue();
      if (cm.outbox.busy(items, now())) timer = setTimeout(pump, 1000);
      var item = cm.outbox.next(items, now());
      if (!item || sending || !mayGo() || !root.htmx) { publish(); done(); return; }
      sending = true;
      store.setQueue(cm.outbox.sending(items, item.key, now()));
      box.dataset.sentKey = item.key;
      box.setAttribute("hx-request", timeout());
      publish();
      root.htmx.ajax("POST", item.url, {
        source: box, target: "#match", swap: "outerHTML", values: cm.outbox.values(item, csrf())
      }).then(done, done);
    }

    // A form htmx is about to send (the save typed while nothing waits): into the outbox first,
    // so it is never lost whatever becomes of the answer.
    function track(form) {
      var item = cm.form.snapshot(form), items = cm.outbox.add(store.queue(), item);
      // Its key is another deal's, still waiting: not sent under it (the caller queues it anew).
      if (!items.some(function (i) { return i.key === item.key && i.at === item.at; })) return null;
      store.setQueue(cm.outbox.sending(items, item.key, now()));
      form.dataset.sentKey = item.key;
      sending = true;
      return item;
    }

    // The form's save stays in the outbox: the form is the next deal's, with a key of its own
    // (another deal under this one's would replace it there) and no draft of the one waiting.
    function queued(form) {
      cm.form.renewKey(form);
      options.queued(form);
      cm.form.empty(form);
    }

    function answered(e) {
      var elt = e.detail && e.detail.elt, key = elt && elt.dataset && elt.dataset.sentKey;
      if (!key) return;
      delete elt.dataset.sentKey;
      sending = false;
      var xhr = e.detail.xhr, loaded = e.type === "htmx:beforeOnLoad";
      var answer = loaded ? { status: xhr.status, url: xhr.responseURL,
                              outcome: xhr.getResponseHeader("X-Entry-Outcome") }
                          : { error: e.type };
      var kind = cm.answers.classify(answer, box.getAttribute("data-login-url"));
      if (loaded && !cm.answers.swaps(kind)) e.preventDefault();
      var item = store.queue().filter(function (i) { return i.key === key; })[0];
      var form = elt === box ? null : elt;
      if (cm.answers.swaps(kind)) {
        failures = 0;
        api.status = "ok";
        var message = decodeURIComponent(xhr.getResponseHeader("X-Entry-Message") || "");
        store.setQueue(cm.outbox.settle(store.queue(), key, kind));
        options.answered(kind, item, message, !form, form);
        setTimeout(pump, 0);
      } else if (kind === "void") {
        store.setQueue(cm.outbox.voided(store.queue(), key));
        if (form) queued(form);
        setTimeout(pump, 0);
      } else {  // not answered here: it waits (and is sent again, or under its own login)
        store.setQueue(cm.outbox.waited(store.queue()));
        if (form) queued(form);
        if (kind === "retry") later(); else api.status = stopped = kind;
      }
      publish();
    }
    ["htmx:beforeOnLoad", "htmx:sendError", "htmx:timeout", "htmx:sendAbort"].forEach(function (name) {
      document.addEventListener(name, answered);
    });
    // The page goes (a reload, another page, the tab closed) while its save is on its way: the
    // answer will never come here. It waits, so the next page sends it at once instead of
    // leaving it 25 s to a tab that is gone (the server stores it once, by its key).
    window.addEventListener("pagehide", function () {
      if (sending) store.setQueue(cm.outbox.waited(store.queue()));
    });

    api.pump = pump;
    api.track = track;
    api.online = function () { failures = 0; pump(); };
    api.offline = function () { failures = Math.max(failures, 1); store.setQueue(cm.outbox.waited(store.queue())); };
    return api;
  }
  cm.sender = { create: create };
})(typeof self !== "undefined" ? self : this);
