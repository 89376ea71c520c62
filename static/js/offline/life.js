// The page's life: read (old drafts and saves expire, the drafts are put back, the box drawn,
// what waits sent, the service worker registered), back online, offline, and shown again
// (a tab brought back, a resumed or bfcache page): the sender tries what waits.
(function (root) {
  "use strict";
  var cm = root.cmOffline = root.cmOffline || {};

  function start(c) {
    cm.drafts.expire(c.storage, Date.now());
    // A copy kept on this phone: its save keys were the page's then (maybe used since).
    if (c.fromCache) cm.form.forms().forEach(cm.form.renewKey);
    cm.typing.sync(c);
    c.synced = true;
    c.render();
    c.sender.pump();
    cm.worker && cm.worker.register(c.box);
  }
  function wire(c) {
    window.addEventListener("online", function () { c.sender.online(); });
    window.addEventListener("offline", c.render);
    document.addEventListener("resume", c.sender.pump);
    window.addEventListener("pageshow", function (e) { if (e.persisted) c.sender.pump(); });
    document.addEventListener("DOMContentLoaded", function () { start(c); });
  }
  cm.life = { start: start, wire: wire };
})(typeof self !== "undefined" ? self : this);
