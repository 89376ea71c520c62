// A form with data-confirm asks before it is sent (closing an evening, drawing the next round
// while tables still play, redrawing, deleting a hand). Without JavaScript the form is sent as
// is; every one of these can be undone or is refused when it would lose scores.
document.addEventListener("submit", function (e) {
  var message = e.target.getAttribute && e.target.getAttribute("data-confirm");
  if (message && !window.confirm(message)) e.preventDefault();
});

// Just logged out (the logout's cookie): what the score pages kept in this browser for that
// login (drafts, saves waiting for a connection: offline.js; the table pages kept for a reload
// without Wi-Fi) goes, so the next person on a
// shared phone neither sees nor sends it. The logout's Clear-Site-Data header does the same
// where the browser applies it (https, or the loopback).
(function () {
  if (document.cookie.split("; ").indexOf("cm-logged-out=1") === -1) return;
  try {
    for (var n = localStorage.length - 1; n >= 0; n--) {
      var name = localStorage.key(n);
      if (name && name.indexOf("cm-offline:") === 0) localStorage.removeItem(name);
    }
  } catch (e) { /* storage refused: nothing kept */ }
  // The table pages the service worker kept for a reload without Wi-Fi (clubmanager/pwa.py).
  if (window.caches) {
    caches.keys().then(function (names) {
      names.forEach(function (name) { if (name.indexOf("cm-table-") === 0) caches.delete(name); });
    }, function () { /* refused: nothing kept */ });
  }
  document.cookie = "cm-logged-out=; Max-Age=0; path=/; SameSite=Lax";
})();
