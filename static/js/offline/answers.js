// What an answer to a save means, and whether this page may send at all: pure, so both are
// unit-tested (tests/js/). The sender (sender.js) asks these and nothing else.
(function (root, make) {
  var mod = make();
  if (typeof module === "object" && module.exports) module.exports = mod;
  else (root.cmOffline = root.cmOffline || {}).answers = mod;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  var OUTCOMES = ["saved", "refused", "warned", "changed", "locked"];

  function pathOf(url) {
    var m = /^[a-z]+:\/\/[^/]+(\/[^?#]*)/i.exec(url || "");
    return m ? m[1] : (url || "").replace(/[?#].*$/, "");
  }

  // An answer: {status, outcome (X-Entry-Outcome), url (where it came from after redirects)}
  // or {error: "network" | "timeout" | "abort"}. Returns one of
  //   saved, refused, warned, changed, locked  the server's word: the save leaves the outbox
  //   void        this table code no longer works: kept, never sent again here
  //   logged-out  the login page answered: the session ended; kept until the same login is back
  //   other-login refused for the login now on this phone: kept for its own login
  //   retry       no answer, or not the save's (5xx, a hall's Wi-Fi page): sent again later
  function classify(answer, loginPath) {
    if (!answer || answer.error) return "retry";
    if (loginPath && pathOf(answer.url) === loginPath) return "logged-out";
    var outcome = answer.outcome || "";
    if (outcome === "code-void") return "void";
    if (answer.status >= 500) return "retry";
    if (OUTCOMES.indexOf(outcome) !== -1) return outcome;
    if (answer.status === 403) return "other-login";
    return "retry";
  }
  // Whether htmx may put the answer on the page: only the save's own answer (the table with its
  // message, or the form with the rule's), never a login page, an error or a Wi-Fi sign-in page.
  function swaps(kind) { return OUTCOMES.indexOf(kind) !== -1; }

  // Who is logged in on this phone now, from the cookie the site sets beside the session
  // (clubmanager/core/pwa.py): {identity: "u12", token} or null.
  function loggedIn(cookies) {
    var found = null;
    String(cookies || "").split(/;\s*/).forEach(function (part) {
      var at = part.indexOf("=");
      if (at !== -1 && part.slice(0, at) === "cm-who") {
        var value = decodeURIComponent(part.slice(at + 1)), dot = value.indexOf(".");
        if (dot > 0) found = { identity: value.slice(0, dot), token: value.slice(dot + 1) };
      }
    });
    return found;
  }
  // May a save typed under ``identity`` be sent from this phone now? A table code's saves go to
  // the code's own address, whoever is logged in: "ok". A login's go only while that login is
  // the one on this phone: else "logged-out" (nobody) or "other-login" (someone else).
  function maysend(identity, cookies) {
    if (!identity || identity.charAt(0) !== "u") return "ok";
    var now = loggedIn(cookies);
    if (!now) return "logged-out";
    return now.identity === identity ? "ok" : "other-login";
  }

  return { classify: classify, swaps: swaps, loggedIn: loggedIn, maySend: maysend,
           pathOf: pathOf };
});
