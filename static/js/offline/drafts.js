// Drafts: what is typed in a score form and not yet saved, one per form (its address), kept in
// the phone's storage under the login or table code that typed it and the table. Pure: the
// storage is passed in (localStorage in the browser, a Map-backed stand-in in the unit tests).
// Another login's drafts are never read, shown or removed here; only their age ends them.
// States and transitions: docs/architecture.md ("The offline client").
(function (root, make) {
  var mod = make();
  if (typeof module === "object" && module.exports) module.exports = mod;
  else (root.cmOffline = root.cmOffline || {}).drafts = mod;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  var ROOT = "cm-offline:";
  // Kept this long after the last keystroke or save, then removed on the next visit of a score
  // page (docs/privacy.md "A shared phone").
  var KEEP_MS = 14 * 24 * 3600 * 1000;

  function prefix(identity, table) { return ROOT + identity + ":" + table + ":"; }
  function draftKey(identity, table, path) { return prefix(identity, table) + "draft:" + path; }
  function queueKey(identity, table) { return prefix(identity, table) + "queue"; }

  function read(storage, key) {
    try { return JSON.parse(storage.getItem(key)); } catch (e) { return null; }
  }
  function write(storage, key, value) {
    try {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(value));
      return true;
    } catch (e) { return false; }  // storage full or refused: the page works as without it
  }

  // A draft: the typed pairs [[name, value], ...] and when they were typed. An older shape (a
  // bare list of pairs) is read as typed now.
  function get(storage, key, now) {
    var value = read(storage, key);
    if (Array.isArray(value)) return { pairs: value, at: now };
    if (!value || !Array.isArray(value.pairs)) return null;
    return now - (+value.at || 0) > KEEP_MS ? null : value;
  }
  function put(storage, key, pairs, now) {
    return write(storage, key, pairs && pairs.length ? { pairs: pairs, at: now } : null);
  }
  function drop(storage, key) { return write(storage, key, null); }

  // A draft moved aside while the form shows something else (a refused save come back for
  // correction), and put back once that is saved: the half-typed next deal is never lost.
  function park(storage, key, now) {
    var draft = get(storage, key, now);
    if (!draft) return false;
    write(storage, key + ":parked", draft);
    return drop(storage, key);
  }
  function unpark(storage, key, now) {
    var parked = get(storage, key + ":parked", now);
    if (!parked) return null;
    write(storage, key + ":parked", null);
    if (get(storage, key, now)) return null;  // typed again meanwhile: that one stays
    write(storage, key, parked);
    return parked;
  }

  // A save answered. ``answer``: {outcome, sent: the draft name of the form that sent it (null
  // for a save from the outbox: its draft went when it was queued), add: the add form's draft
  // name, parks: the answer puts a refused new deal into the add form}. Saved: the sending
  // form's draft goes (it is stored now), and a draft moved aside comes back. Refused: the
  // sending form keeps its draft (it shows it, to correct); the add form's own half deal is
  // moved aside while it shows a refused save from the outbox.
  function settle(storage, answer, now) {
    if (answer.outcome === "saved") {
      if (answer.sent) drop(storage, answer.sent);
      if (answer.add) unpark(storage, answer.add, now);
    } else if (answer.parks && !answer.sent && answer.add) {
      park(storage, answer.add, now);
    }
  }

  function keys(storage) {
    var found = [];
    for (var n = 0; n < storage.length; n++) {
      var name = storage.key(n);
      if (name && name.indexOf(ROOT) === 0) found.push(name);
    }
    return found;
  }
  // Whose a stored name is: [identity, table, rest], or null for another site's key.
  function owner(name) {
    var m = /^cm-offline:([^:]*):([^:]+):(.+)$/.exec(name);
    return m ? { identity: m[1], table: m[2], rest: m[3] } : null;
  }
  // What has not been touched for KEEP_MS goes, whoever's it is: drafts and waiting saves alike
  // (a waiting save's age is that of the newest save in its queue).
  function expire(storage, now) {
    var gone = [];
    keys(storage).forEach(function (name) {
      var value = read(storage, name), at = 0;
      if (Array.isArray(value)) {
        value.forEach(function (item) { at = Math.max(at, +(item && item.at) || 0); });
        if (value.length && !at) return;  // saved before ages were kept: left alone
      } else if (value && typeof value === "object") {
        at = +value.at || 0;
      }
      if (now - at > KEEP_MS) { drop(storage, name); gone.push(name); }
    });
    return gone;
  }

  return {
    KEEP_MS: KEEP_MS, ROOT: ROOT, prefix: prefix, draftKey: draftKey, queueKey: queueKey,
    read: read, write: write, get: get, put: put, drop: drop, park: park, unpark: unpark,
    settle: settle, keys: keys, owner: owner, expire: expire
  };
});
