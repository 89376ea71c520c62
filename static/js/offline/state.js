// The offline client's state on one score page, read from its box (#offline), and the
// decisions the wiring takes on it: pure (no document, no window, no navigator), so both are
// unit-tested (tests/js/state.test.js). The browser-side modules (typing.js, saving.js,
// logout.js, swaps.js, box.js, life.js) share the one state ``create`` returns.
(function (root, make) {
  var mod = make();
  if (typeof module === "object" && module.exports) module.exports = mod;
  else (root.cmOffline = root.cmOffline || {}).state = mod;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  // ``parts``: drafts.js and outbox.js (window.cmOffline in the browser, required in a test);
  // ``box``: the page's #offline (its data-* attributes); ``storage``: localStorage.
  function create(parts, box, storage) {
    var D = parts.drafts, O = parts.outbox;
    var table = box.getAttribute("data-table"), identity = box.getAttribute("data-identity") || "";
    var c = {
      box: box, storage: storage, table: table, identity: identity,
      queueKey: D.queueKey(identity, table), pattern: box.getAttribute("data-entry-pattern") || "",
      urls: box.hasAttribute("data-url-add") ? {
        add: box.getAttribute("data-url-add"), edit: box.getAttribute("data-url-edit"),
        delete: box.getAttribute("data-url-delete"), marker: box.getAttribute("data-url-marker") }
        : null,
      fromCache: box.getAttribute("data-served") === "cache",  // a copy kept on this phone
      results: [],       // the lines the box shows of saves from the outbox that came back
      leaving: null,     // the log-out question, while it is asked: {form, n, send}
      synced: false,     // the drafts were put back in the page's forms
      background: null,  // the outcome of a save from the outbox, until its answer is settled
      swapping: 0,       // when #match began to be swapped (its forms' events are not typing)
      sender: null,      // sender.js's, made once the state is
      render: function () {}, actions: null  // box.js's
    };
    c.store = {
      queue: function () { return D.read(storage, c.queueKey) || []; },
      setQueue: function (items) { D.write(storage, c.queueKey, items.length ? items : null); }
    };
    // Every waiting list on this phone: [[name, items]].
    c.queues = function () {
      return D.keys(storage).filter(function (k) { return /:queue$/.test(k); }).map(function (k) {
        return [k, D.read(storage, k) || []];
      });
    };
    c.strays = function () { return O.strays(c.queues(), table, c.queueKey, c.urls); };
    // Not sent yet under this login or code, on every table of this phone.
    c.unsent = function () {
      return c.queues().reduce(function (n, q) {
        var who = D.owner(q[0]);
        return n + (who && who.identity === identity ? q[1].length : 0);
      }, 0);
    };
    return c;
  }

  // A form's event is typing unless #match is being swapped (for 3 s at most) or the form is
  // off the page (a field blurred as it went).
  function typing(swapping, now, connected) { return now - swapping >= 3000 && !!connected; }
  // htmx sends a save itself when nothing live waits, the browser is online and this login (or
  // code) may send from this phone (answers.maySend: "ok"); else it joins the outbox.
  function sendsNow(queue, onLine, may) {
    var live = queue.some(function (i) { return !i.void; });
    return !live && !!onLine && may === "ok";
  }
  // Whether a submitted form is the log-out (its action's path is the box's data-logout-url).
  function isLogout(action, here, logout) {
    return !!action && !!logout && new URL(action, here).pathname === logout;
  }
  // The box's lines of answers to saves from the outbox: the last ten.
  function note(results, line) { return results.concat([line]).slice(-10); }
  // After an answer to a save from the outbox was swapped in: the focus goes to the form (the
  // next deal's first box, or the refused field) unless the save was stored and the
  // scorekeeper types in the add form meanwhile.
  function movesFocus(was, typingInAdd) { return was !== "saved" || !typingInAdd; }

  return { create: create, typing: typing, sendsNow: sendsNow, isLogout: isLogout, note: note,
           movesFocus: movesFocus };
});
