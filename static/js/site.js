// A form with data-confirm asks before it is sent (closing an evening, drawing the next round
// while tables still play, redrawing, deleting a hand). Without JavaScript the form is sent as
// is; every one of these can be undone or is refused when it would lose scores.
document.addEventListener("submit", function (e) {
  var message = e.target.getAttribute && e.target.getAttribute("data-confirm");
  if (message && !window.confirm(message)) e.preventDefault();
});

// Logging out ends the login on this phone, also without a connection. The table pages the
// service worker kept for that login go (clubmanager/core/pwa.py), and so does the cm-who cookie that
// names the login to the worker and the score page. What a scorekeeper typed and did not send
// stays for that login only (static/js/offline.js; docs/privacy.md "A shared phone"). Offline,
// the page says so and the logout is sent to the server as soon as a page is opened online.
(function () {
  var PENDING = "cm-logout-pending";
  function forget() {
    document.cookie = "cm-who=; Max-Age=0; path=/; SameSite=Lax";
    if (!window.caches) return;
    caches.keys().then(function (names) {
      names.filter(function (n) { return n.indexOf("cm-table-") === 0; }).forEach(function (name) {
        caches.open(name).then(function (cache) {
          cache.keys().then(function (requests) {
            requests.forEach(function (request) {
              if (new URL(request.url).searchParams.has("cm-who")) cache.delete(request);
            });
          });
        });
      });
    }, function () { /* refused: nothing kept */ });
  }
  function remember(value) {
    try {
      if (value) localStorage.setItem(PENDING, "1"); else localStorage.removeItem(PENDING);
    } catch (e) { /* storage refused */ }
  }
  function pending() {
    try { return localStorage.getItem(PENDING) === "1"; } catch (e) { return false; }
  }
  function logoutForm() { return document.querySelector("form[data-logout]"); }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (e.defaultPrevented || !form.hasAttribute || !form.hasAttribute("data-logout")) return;
    forget();
    if (navigator.onLine) return;
    e.preventDefault();  // no connection: logged out here, the server hears it later
    remember(true);
    var main = document.getElementById("main");
    if (main) {
      main.textContent = "";
      var h = document.createElement("h1");
      h.textContent = form.getAttribute("data-logout-title");
      main.appendChild(h);
      var p = document.createElement("p");
      p.className = "message success";
      p.setAttribute("role", "status");
      p.textContent = form.getAttribute("data-logout-offline");
      main.appendChild(p);
      main.focus();
    }
    form.closest("li").hidden = true;
  });
  document.addEventListener("DOMContentLoaded", function () {
    if (!pending()) return;
    var form = logoutForm();
    if (!form) { remember(false); return; }  // the session is gone already
    if (!navigator.onLine) { forget(); return; }
    remember(false);
    form.submit();  // the logout tapped without a connection
  });
  if (document.cookie.split("; ").indexOf("cm-logged-out=1") !== -1) {
    forget();
    document.cookie = "cm-logged-out=; Max-Age=0; path=/; SameSite=Lax";
  }
})();
