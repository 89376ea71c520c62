{% autoescape off %}// The table page survives the hall (clubmanager/core/pwa.py; docs/architecture.md). Network first:
// every table page, the texts of the page's scripts and every static file are fetched as always
// and the answer kept; only when the network fails is the kept copy used. A kept table page is
// marked data-served="cache", so the page says it came from this phone and gives its forms
// fresh save keys. Nothing but these is touched.
//
// A kept page belongs to one login: the server names it (the X-CM-Who header: the login and a
// token of its session) and the page is kept under that name. Offline it is served only while
// the cm-who cookie (set beside the session, removed at log-out) names the same session: a
// session that ended, a log-out or a new login never sees it. A table code's page (/t/<code>/)
// belongs to the code in its address. docs/privacy.md ("A shared phone").
"use strict";
var CACHE = {{ cache_name }};
var STATIC_URL = {{ static_url }};
var CATALOG_URL = {{ catalog_url }};
var TABLE_PAGE = /^\/(clubs\/[^/]+\/competitions\/tables\/\d+|t\/[^/]+)\/$/;
var CODE_PAGE = /^\/t\/[^/]+\/$/;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("cm-table-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function kind(url) {
  if (url.origin !== self.location.origin) return null;
  if (TABLE_PAGE.test(url.pathname)) return "page";
  if (url.pathname.indexOf(STATIC_URL) === 0 || url.pathname === CATALOG_URL) return "file";
  return null;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url), what = kind(url);
  if (!what || (what === "page" && request.mode !== "navigate")) return;
  event.respondWith(networkFirst(request, url, what === "page"));
});

// Pages send their own address after a save (so the copy has the deal just saved) and, the
// first time, their files; a log-out offline asks to forget the logins' pages.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (Array.isArray(data.keep)) event.waitUntil(keep(data.keep.slice(0, 50)));
  if (data.forget) event.waitUntil(forgetLogins(""));
});

// The session a page was kept for: "" for a code's page; the token of the cm-who cookie now.
function who(response) {
  var value = response.headers.get("X-CM-Who") || "";
  return value.slice(value.indexOf(".") + 1);
}
function current() {
  if (!self.cookieStore) return Promise.resolve(null);  // cannot tell: a login's copy is not shown
  return self.cookieStore.get("cm-who").then(function (cookie) {
    var value = cookie ? decodeURIComponent(cookie.value) : "";
    return value.indexOf(".") > 0 ? value.slice(value.indexOf(".") + 1) : null;
  }, function () { return null; });
}
function pageKey(url, token) {
  var base = url.origin + url.pathname;
  return CODE_PAGE.test(url.pathname) ? base : base + "?cm-who=" + encodeURIComponent(token);
}
// Every kept login page but those of ``token``.
function forgetLogins(token) {
  return caches.open(CACHE).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (request) {
        var found = new URL(request.url).searchParams.get("cm-who");
        return found !== null && found !== token;
      }).map(function (request) { return cache.delete(request); }));
    });
  });
}
function store(cache, url, page, response) {
  if (!response.ok || response.redirected || response.type !== "basic") return null;
  if (!page) return cache.put(url.href, response);
  var token = who(response);
  if (!CODE_PAGE.test(url.pathname) && !token) return null;  // nobody's: not kept
  return cache.put(pageKey(url, token), response).then(function () {
    return CODE_PAGE.test(url.pathname) ? null : forgetLogins(token);
  });
}

function keep(urls) {
  return caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (address) {
      var url = new URL(String(address), self.location.origin), what = kind(url);
      if (!what) return null;
      return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
        return store(cache, url, what === "page", response);
      }, function () { return null; });
    }));
  });
}

function networkFirst(request, url, page) {
  return caches.open(CACHE).then(function (cache) {
    return fetch(request).then(function (response) {
      Promise.resolve(store(cache, url, page, response.clone())).catch(function () { /* not kept */ });
      return response;
    }, function (failure) {
      var key = page ? (CODE_PAGE.test(url.pathname) ? Promise.resolve(pageKey(url, ""))
        : current().then(function (token) { return token ? pageKey(url, token) : null; }))
        : Promise.resolve(request.url);
      return key.then(function (found) { return found ? cache.match(found) : null; }).then(function (kept) {
        if (!kept) throw failure;
        return page ? marked(kept) : kept;
      });
    });
  });
}

function marked(kept) {
  return kept.text().then(function (html) {
    return new Response(html.replace('data-served="network"', 'data-served="cache"'), {
      status: 200, headers: kept.headers
    });
  });
}
{% endautoescape %}
