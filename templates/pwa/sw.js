{% autoescape off %}// The table page survives the hall (clubmanager/pwa.py; docs/architecture.md). Network first:
// every table page and static file is fetched as always and the answer kept; only when the
// network fails is the kept copy used. A kept table page is marked data-served="cache", so
// offline.js says the page came from this phone and gives its forms fresh save keys (a key
// kept in the copy was already used). Nothing but table pages and static files is touched.
"use strict";
var CACHE = {{ cache_name }};
var STATIC_URL = {{ static_url }};
var TABLE_PAGE = /^\/(clubs\/[^/]+\/competitions\/tables\/\d+|t\/[^/]+)\/$/;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("cm-table-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var page = request.mode === "navigate" && TABLE_PAGE.test(url.pathname);
  if (!page && url.pathname.indexOf(STATIC_URL) !== 0) return;
  event.respondWith(networkFirst(request, page ? url.origin + url.pathname : request.url, page));
});

// The page that registered the worker was loaded before it: offline.js sends its address and
// its static files once, to be kept as if they had come through the worker.
self.addEventListener("message", function (event) {
  var urls = event.data && event.data.keep;
  if (Array.isArray(urls)) event.waitUntil(keep(urls.slice(0, 50)));
});

function keep(urls) {
  return caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (address) {
      var url = new URL(String(address), self.location.origin);
      if (url.origin !== self.location.origin) return null;
      var page = TABLE_PAGE.test(url.pathname);
      if (!page && url.pathname.indexOf(STATIC_URL) !== 0) return null;
      return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
        if (response.ok && !response.redirected) {
          return cache.put(page ? url.origin + url.pathname : url.href, response);
        }
        return null;
      }, function () { return null; });
    }));
  });
}

function networkFirst(request, key, page) {
  return caches.open(CACHE).then(function (cache) {
    return fetch(request).then(function (response) {
      // Only the page itself: not a redirect (to the login page) nor an error page.
      if (response.ok && !response.redirected && response.type === "basic") {
        cache.put(key, response.clone());
      }
      return response;
    }, function (failure) {
      return cache.match(key).then(function (kept) {
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
