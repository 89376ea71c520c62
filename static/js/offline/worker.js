// The service worker (templates/pwa/sw.js, clubmanager/core/pwa.py) that keeps this table page for
// a reload without Wi-Fi. Registered from the score page; the page that registered it came
// before it, so its address and files are sent once to be kept as if they had come through it.
(function (root) {
  "use strict";
  var cm = root.cmOffline = root.cmOffline || {};
  function register(box) {
    var url = box.getAttribute("data-sw-url");
    if (!url || !navigator.serviceWorker) return;
    var through = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(url, { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (through || !registration.active) return;
      var files = Array.prototype.map.call(
        document.querySelectorAll("script[src], link[rel=stylesheet][href]"),
        function (el) { return el.src || el.href; });
      registration.active.postMessage({ keep: [location.pathname].concat(files) });
    }).catch(function () { /* no worker: the page works as before */ });
  }
  cm.worker = { register: register };
})(typeof self !== "undefined" ? self : this);
