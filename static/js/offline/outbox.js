// The outbox: saves typed on this phone and not yet answered, in the order they were typed,
// per table, owned by the login or table code that typed them. Each keeps its idempotency key
// (entry_key): sent again, the server stores it once. Pure functions on a list of items; the
// caller reads and writes the list (drafts.js read/write, under drafts.queueKey).
// States and transitions: docs/architecture.md ("The offline client").
//
// An item: {key, url, kind: "add" | "edit" | "delete", label, version, body: [[name, value]],
//           at, waited, held, void, inflight}
(function (root, make) {
  var mod = make();
  if (typeof module === "object" && module.exports) module.exports = mod;
  else (root.cmOffline = root.cmOffline || {}).outbox = mod;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  var INFLIGHT_MS = 25000;  // a save htmx is sending (in some tab) is left to it this long
  var ANSWERS = ["saved", "refused", "warned", "changed", "locked"];

  function copy(items) { return (items || []).map(function (i) { return Object.assign({}, i); }); }
  function without(items, key) { return copy(items).filter(function (i) { return i.key !== key; }); }

  // What a save stores, whatever page or moment it was posted from.
  function content(item) {
    return JSON.stringify((item.body || []).filter(function (p) {
      return ["csrfmiddlewaretoken", "version", "entry_key"].indexOf(p[0]) === -1;
    }));
  }
  // A new save joins at the end; a correction of a held (refused) save goes before the saves
  // typed after it, and releases them. The same save again (same key, same deal) replaces
  // itself; another deal under a key already waiting never replaces that one: it joins under
  // ``fresh`` (a new key), or is refused (the list as it was) when none is given.
  function add(items, item, fresh) {
    var clash = (items || []).filter(function (i) { return i.key === item.key; })[0];
    if (clash && content(clash) !== content(item)) {
      if (!fresh) return copy(items);
      item = Object.assign({}, item, { key: fresh, body: (item.body || []).map(function (p) {
        return p[0] === "entry_key" ? [p[0], fresh] : p;
      }) });
    }
    var rest = without(items, item.key);
    var at = rest.findIndex(function (i) { return i.held; });
    if (at === -1) rest.push(Object.assign({}, item));
    else rest.splice(at, 0, Object.assign({}, item));
    rest.forEach(function (i) { i.held = false; });
    return rest;
  }

  // The server's answer to the save ``key``. Saved: it leaves, and the saves typed behind it
  // (at its version) follow its change. Refused, warned, changed by someone else, or locked:
  // it leaves too (the form shows it again, to correct), and the others wait for that.
  function settle(items, key, outcome) {
    var item = (items || []).filter(function (i) { return i.key === key; })[0];
    var rest = without(items, key);
    if (!item || ANSWERS.indexOf(outcome) === -1) return copy(items);
    if (outcome === "saved") {
      rest.forEach(function (i) {
        if (+i.version <= +item.version) i.version = String(+item.version + 1);
      });
    } else {
      rest.forEach(function (i) { i.held = true; });
    }
    return rest;
  }

  function change(items, key, fields) {
    return copy(items).map(function (i) { return i.key === key ? Object.assign(i, fields) : i; });
  }
  // This code no longer works: the save is kept, never sent again here (moved or discarded).
  function voided(items, key) { return change(items, key, { void: true, inflight: 0 }); }
  function sending(items, key, now) { return change(items, key, { inflight: now }); }
  // Not answered: every save now counts as one that had to wait (its outcome gets a line).
  function waited(items) {
    return copy(items).map(function (i) { i.waited = true; i.inflight = 0; return i; });
  }
  function discard(items, key) { return without(items, key); }

  function live(items) { return (items || []).filter(function (i) { return !i.held && !i.void; }); }
  function waiting(items) { return live(items).length; }
  // The first save to send, or null: none, or the first is being sent (by htmx, in some tab).
  function next(items, now) {
    var first = live(items)[0];
    if (!first) return null;
    if (first.inflight && now - first.inflight < INFLIGHT_MS) return null;
    return first;
  }
  function busy(items, now) {
    var first = live(items)[0];
    return !!(first && first.inflight && now - first.inflight < INFLIGHT_MS);
  }
  // The new deals waiting (not corrections or deletes), also one a renewed code left void (it
  // waits to be moved or discarded): the form's deal comes after them.
  function adds(items) {
    return (items || []).filter(function (i) { return i.kind === "add"; });
  }
  // A waiting new deal's number: on from the last one stored, in the order typed.
  function numbers(items, stored) {
    var n = +stored || 0, found = {};
    adds(items).forEach(function (i) { n += 1; found[i.key] = n; });
    return found;
  }

  // The body to post: the version it follows now and this page's CSRF token; repeated names
  // (a multiple choice) as a list.
  function values(item, csrf) {
    var out = {};
    (item.body || []).forEach(function (pair) {
      var name = pair[0], value = pair[1];
      if (name === "version") value = item.version;
      else if (name === "csrfmiddlewaretoken") value = csrf;
      if (!(name in out)) out[name] = value;
      else out[name] = [].concat(out[name], value);
    });
    return out;
  }

  // Waiting before the next try: 1, 2, 4 … 30 s, spread by ``random`` (0..1) so phones in a
  // hall whose Wi-Fi comes back do not all send at once.
  function backoff(failures, random) {
    var wait = Math.min(30000, 1000 * Math.pow(2, Math.min(Math.max(failures, 1) - 1, 5)));
    return Math.round(wait * (0.75 + random / 2));
  }

  // A save of this table that a table code made and the server answered "code-void", as it
  // is posted here: its hand's number and what it does stay, the address is this page's.
  // ``urls``: {add, edit, delete, marker}; null when it cannot be moved here.
  function movedUrl(url, urls) {
    var m = /\/hands\/(?:add|(\d+)\/(edit|delete))\/$/.exec(url.replace(/[?#].*$/, ""));
    if (!m || !urls) return null;
    if (!m[1]) return urls.add || null;
    var pattern = urls[m[2]] || "";
    return pattern && urls.marker ? pattern.split(urls.marker).join(m[1]) : null;
  }
  // Saves another (old) code of this table left void: [{item, from}], never a login's, never
  // another table's, never this queue's. ``queues``: [[storage name, items]].
  function strays(queues, table, own, urls) {
    var found = [];
    (queues || []).forEach(function (entry) {
      var m = /^cm-offline:(c[^:]*):([^:]+):queue$/.exec(entry[0]);
      if (!m || m[2] !== String(table) || entry[0] === own) return;
      (entry[1] || []).forEach(function (item) {
        if (item.void && movedUrl(item.url, urls)) found.push({ item: item, from: entry[0] });
      });
    });
    return found;
  }
  function adopt(item, urls) {
    return Object.assign({}, item, { url: movedUrl(item.url, urls), void: false, held: false,
                                     waited: true, inflight: 0 });
  }

  return {
    INFLIGHT_MS: INFLIGHT_MS, add: add, settle: settle, voided: voided, sending: sending,
    waited: waited, discard: discard, waiting: waiting, next: next, busy: busy, adds: adds,
    numbers: numbers, values: values, backoff: backoff, movedUrl: movedUrl, strays: strays,
    adopt: adopt
  };
});
