// The table under the box, with the waiting saves applied on top of what the server sent:
// the waiting deals listed after the stored ones and marked, the form's deal numbered on from
// them, the line of who deals and what is played taken from the page's schedule, the game's
// state (data-game-state: it shows the stored deals only) hidden and the totals marked
// provisional. Without waiting deals the page is as the server sent it.
(function (root) {
  "use strict";
  var cm = root.cmOffline = root.cmOffline || {};

  function numbered(pattern, n) { return pattern.split("{n}").join(String(n)); }
  // The items with their labels: a waiting new deal is named by its place after the stored ones.
  function labelled(items, stored, pattern) {
    var numbers = cm.outbox.numbers(items, stored);
    return items.map(function (item) {
      var n = numbers[item.key];
      return n && pattern.indexOf("{n}") !== -1
        ? Object.assign({}, item, { label: numbered(pattern, n), number: n }) : item;
    });
  }
  function stored(match) { return +(match && match.getAttribute("data-stored")) || 0; }

  function schedule(match) {
    var holder = match.querySelector("[data-schedule]");
    try { return holder ? JSON.parse(holder.getAttribute("data-schedule")) : []; } catch (e) { return []; }
  }
  // The deal in the form, after ``adds`` waiting ones: the schedule's line where it has one;
  // else a line saying it follows from the waiting deals.
  function nextLine(match, adds) {
    var plan = schedule(match), planned = Array.isArray(plan) && plan[adds];
    var p = cm.view.el("p", "next waiting-note");
    if (!planned) {
      p.textContent = cm.view.t(cm.view.gettext(
        "Who deals and what is played next: after the waiting saves (%(n)s)."), { n: adds });
      return p;
    }
    p.textContent = planned[0] + " · ";
    p.appendChild(cm.view.el("strong", "", planned[1]));
    return p;
  }
  function waitingRows(match, items) {
    var body = match.querySelector("table.hand-list tbody");
    var columns = match.querySelectorAll("table.hand-list thead th, table.hand-list thead td").length;
    var hands = match.querySelector("#hands");
    var list = body ? null : cm.view.el("ul", "waiting-note waiting-list");
    items.forEach(function (item) {
      var text = cm.view.t(cm.view.gettext("%(label)s: not sent yet"), { label: item.label });
      if (!body) { list.appendChild(cm.view.el("li", "", text)); return; }
      var row = cm.view.el("tr", "waiting-note waiting-row");
      row.setAttribute("data-key", item.key);
      row.appendChild(cm.view.el("td", "", String(item.number)));
      var cell = cm.view.el("td", "", cm.view.gettext("not sent yet"));
      cell.colSpan = Math.max(1, columns - 1);
      row.appendChild(cell);
      body.appendChild(row);
    });
    if (list && hands && items.length) hands.appendChild(list);
  }

  function apply(items, pattern) {
    var match = document.getElementById("match");
    if (!match) return items;
    var shown = labelled(items, stored(match), pattern);
    var adds = shown.filter(function (i) { return i.kind === "add"; });
    match.querySelectorAll(".waiting-note").forEach(function (node) { node.remove(); });
    match.querySelectorAll("[data-game-state], p.next, .next + ul.inline").forEach(function (node) {
      node.hidden = adds.length > 0;
    });
    var totals = match.querySelector("details.totals");
    if (totals) totals.classList.toggle("provisional", adds.length > 0);
    var heading = match.querySelector("#entry #entry-h");
    if (heading && pattern.indexOf("{n}") !== -1) {
      heading.textContent = numbered(pattern, stored(match) + adds.length + 1);
    }
    if (!adds.length) return shown;
    var entry = match.querySelector("section.entry");
    if (entry) entry.parentNode.insertBefore(nextLine(match, adds.length), entry);
    if (totals) {
      totals.parentNode.insertBefore(cm.view.el("p", "muted waiting-note", cm.view.gettext(
        "Provisional: the totals do not include the hands still waiting.")), totals.nextSibling);
    }
    waitingRows(match, adds);
    return shown;
  }
  cm.table = { apply: apply, labelled: labelled };
})(typeof self !== "undefined" ? self : this);
