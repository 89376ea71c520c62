// Live pages: each htmx poll carries the ETag of what the page shows, so an
// unchanged poll is answered 304 and nothing is swapped; a changed one swaps as usual,
// and a table the reader has swiped sideways stays where it was swiped to.
// Without this file the pages still poll (the browser's own cache revalidates) or, without
// JavaScript, refresh themselves (a meta refresh and a link).
// The two decisions on the page (swipes, putBack) are unit-tested: tests/js/live.test.js.
(function (root, make) {
  var mod = make();
  if (typeof module === "object" && module.exports) module.exports = mod;
  else mod.wire(root.document);
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  var WRAPS = ".table-wrap";

  // How far each wide table in ``region`` is swiped (its scrollLeft), in page order.
  function swipes(region) {
    return Array.prototype.map.call(region.querySelectorAll(WRAPS), function (w) {
      return w.scrollLeft;
    });
  }

  // The swipes put back on the tables swapped in, so a poll never snaps a table back.
  function putBack(region, lefts) {
    Array.prototype.forEach.call(region.querySelectorAll(WRAPS), function (w, i) {
      if (lefts[i]) w.scrollLeft = lefts[i];
    });
  }

  function url(detail) {
    return (detail.requestConfig && detail.requestConfig.path) || detail.pathInfo.requestPath;
  }

  function wire(document) {
    var tags = new Map(); // poll URL -> the ETag of what is shown
    var swiped = new WeakMap(); // region being swapped -> its tables' swipes

    document.addEventListener("htmx:configRequest", function (event) {
      var tag = tags.get(event.detail.path);
      if (tag) event.detail.headers["If-None-Match"] = tag;
    });

    document.addEventListener("htmx:beforeSwap", function (event) {
      var xhr = event.detail.xhr;
      var path = url(event.detail);
      if (xhr.status === 304) {
        event.detail.shouldSwap = false;
        return;
      }
      var tag = xhr.getResponseHeader("ETag");
      if (tag && tags.get(path) === tag) {
        event.detail.shouldSwap = false; // the browser's cache answered the same page again
        return;
      }
      if (tag) tags.set(path, tag);
      if (event.detail.target) swiped.set(event.detail.target, swipes(event.detail.target));
    });

    document.addEventListener("htmx:afterSettle", function (event) {
      var lefts = event.detail.target && swiped.get(event.detail.target);
      if (lefts) putBack(event.detail.target, lefts);
    });
  }

  return { swipes: swipes, putBack: putBack, wire: wire };
});
