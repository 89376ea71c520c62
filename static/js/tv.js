// The club-room TV (templates/tournaments/standings/tv.html): the standings fit the screen.
// The server sends every row in one table; this deals them into as many columns as the width
// takes (a name keeps at least NAME_EM of room) and, when they still do not all fit, into pages
// that turn by themselves every ``data-seconds`` seconds, the legend saying which page is shown
// and how many there are. The page shown follows the clock, so a poll that swaps the screen
// (htmx, every few seconds) or a full reload keeps the turning steady. A prize list too tall for
// its panel is made smaller until it fits. The arithmetic (``plan``, ``pageAt``) is pure and
// unit-tested (tests/js/tv.test.js); docs/secretary-guide.md explains the screen.
(function (root, make) {
  var mod = make();
  if (typeof module === "object" && module.exports) module.exports = mod;
  else root.cmTv = mod;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  var NAME_EM = 6;  // the least room a name column gets, in the table's own font size
  var MAX_COLUMNS = 3;

  // ``count`` rows, ``perColumn`` of them fit one column, ``maxColumns`` columns fit the width:
  // as few columns as show everything, else pages with the rows shared out evenly over them
  // (no last page with two rows on it). Returns the number of rows of every column of every
  // page: [[column sizes of page 1], ...].
  function plan(count, perColumn, maxColumns) {
    perColumn = Math.max(1, perColumn);
    maxColumns = Math.max(1, Math.min(maxColumns, MAX_COLUMNS));
    if (count <= 0) return [];
    var columns = Math.min(maxColumns, Math.ceil(count / perColumn));
    var pages = Math.ceil(count / (perColumn * columns));
    var pageSizes = share(count, pages);
    return pageSizes.map(function (size) {
      return share(size, Math.min(columns, Math.ceil(size / perColumn)));
    });
  }

  // ``total`` split into ``parts`` as evenly as can be, the larger parts first.
  function share(total, parts) {
    var out = [];
    for (var i = 0; i < parts; i++) out.push(Math.floor(total / parts) + (i < total % parts));
    return out;
  }

  // The page shown at ``now`` (ms since the epoch) with pages of ``seconds`` each.
  function pageAt(now, pages, seconds) {
    return pages > 1 ? Math.floor(now / (seconds * 1000)) % pages : 0;
  }

  function layOut(area) {
    var source = area.querySelector("table.tv-standings");
    if (!area.cmRows) {  // the server's table: keep its rows for every later layout
      area.cmHead = source.tHead;
      area.cmRows = Array.prototype.slice.call(source.tBodies[0].rows);
    }
    // Measure in one table holding every row, at the area's full width.
    area.replaceChildren(wrap(table(area.cmHead, area.cmRows)));
    var measured = area.querySelector("table");
    var font = parseFloat(getComputedStyle(measured).fontSize);
    var head = measured.tHead.getBoundingClientRect().height;
    var row = 0;
    area.cmRows.forEach(function (tr) { row = Math.max(row, tr.getBoundingClientRect().height); });
    var fixed = 0;
    Array.prototype.forEach.call(measured.tHead.rows[0].cells, function (th, i) {
      if (i !== 1) fixed += th.getBoundingClientRect().width;
    });
    var gap = parseFloat(getComputedStyle(area).columnGap) || 0;
    var perColumn = Math.floor((area.clientHeight - head) / Math.max(row, 1));
    var maxColumns = Math.floor((area.clientWidth + gap) / (fixed + NAME_EM * font + gap));
    var pages = plan(area.cmRows.length, perColumn, maxColumns);
    var at = 0;
    var built = pages.map(function (columns, number) {
      var page = document.createElement("div");
      page.className = "tv-page";
      page.style.setProperty("--tv-columns", String(columns.length));
      page.dataset.from = String(at + 1);
      columns.forEach(function (size) {
        page.appendChild(wrap(table(area.cmHead, area.cmRows.slice(at, at + size))));
        at += size;
      });
      page.dataset.to = String(at);
      page.hidden = number > 0;
      return page;
    });
    area.replaceChildren.apply(area, built);
    show(area);
  }

  function wrap(tableEl) {
    var div = document.createElement("div");
    div.className = "table-wrap";
    div.appendChild(tableEl);
    return div;
  }

  function table(head, rows) {
    var el = document.createElement("table");
    el.className = "standings tv-standings";
    el.appendChild(head.cloneNode(true));
    var body = document.createElement("tbody");
    rows.forEach(function (tr) { body.appendChild(tr); });
    el.appendChild(body);
    return el;
  }

  // Show the page the clock says, and say so in the legend.
  function show(area) {
    var pages = area.querySelectorAll(".tv-page");
    var seconds = Number(area.dataset.seconds) || 15;
    var current = pageAt(Date.now(), pages.length, seconds);
    Array.prototype.forEach.call(pages, function (page, i) { page.hidden = i !== current; });
    var legend = area.ownerDocument.querySelector(".tv-paging");
    if (!legend) return;
    legend.hidden = pages.length < 2;
    if (pages.length < 2) return;
    var set = function (cls, text) { legend.querySelector(cls).textContent = text; };
    set(".tv-page-no", String(current + 1));
    set(".tv-page-count", String(pages.length));
    set(".tv-from", pages[current].dataset.from);
    set(".tv-to", pages[current].dataset.to);
  }

  // A prize list taller than its panel: a smaller font, down to half (never under 16 px),
  // until it fits.
  function fitPrizes(panel) {
    panel.style.fontSize = "";
    for (var scale = 0.95; scale >= 0.5 && panel.scrollHeight > panel.clientHeight + 1;
      scale -= 0.05) {
      panel.style.fontSize = "max(1rem, " + (0.85 * scale).toFixed(3) + "em)";
    }
  }

  function layOutScreen() {
    var screen = document.getElementById("screen");
    if (!screen) return;
    var prizes = screen.querySelector(".tv-prizes");
    var area = screen.querySelector(".tv-standings");
    if (prizes) fitPrizes(prizes);
    if (area) layOut(area);
  }

  function tick() {
    var area = document.querySelector("#screen .tv-standings");
    if (area) show(area);
    var seconds = (area && Number(area.dataset.seconds)) || 15;
    setTimeout(tick, seconds * 1000 - (Date.now() % (seconds * 1000)) + 20);
  }

  if (typeof document !== "undefined") {
    var resized = null;
    document.addEventListener("DOMContentLoaded", function () { layOutScreen(); tick(); });
    document.addEventListener("htmx:afterSettle", layOutScreen);
    window.addEventListener("resize", function () {
      clearTimeout(resized);
      resized = setTimeout(layOutScreen, 200);
    });
  }

  return { plan: plan, pageAt: pageAt };
});
