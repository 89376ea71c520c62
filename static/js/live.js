// Live pages: each htmx poll carries the ETag of what the page shows, so an
// unchanged poll is answered 304 and nothing is swapped; a changed one swaps as usual.
// Without this file the pages still poll (the browser's own cache revalidates) or, without
// JavaScript, refresh themselves (a meta refresh and a link).
(function () {
  "use strict";
  const tags = new Map(); // poll URL -> the ETag of what is shown

  function url(detail) {
    return (detail.requestConfig && detail.requestConfig.path) || detail.pathInfo.requestPath;
  }

  document.addEventListener("htmx:configRequest", function (event) {
    const tag = tags.get(event.detail.path);
    if (tag) event.detail.headers["If-None-Match"] = tag;
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    const xhr = event.detail.xhr;
    const path = url(event.detail);
    if (xhr.status === 304) {
      event.detail.shouldSwap = false;
      return;
    }
    const tag = xhr.getResponseHeader("ETag");
    if (!tag) return;
    if (tags.get(path) === tag) {
      event.detail.shouldSwap = false; // the browser's cache answered the same page again
    } else {
      tags.set(path, tag);
    }
  });
})();
