// #match swapped by htmx (an answer put on the page): while it is, its forms' events are not
// typing; a save from the outbox that came back while a deal is typed leaves that deal as the
// new form's draft; once settled, the drafts are put back, the box drawn again and the focus
// placed (where the scorekeeper types, else the next deal's first box or the refused field).
(function (root) {
  "use strict";
  var cm = root.cmOffline = root.cmOffline || {};

  function ofMatch(e) { return e.detail.target && e.detail.target.id === "match"; }
  function beforeSwap(c, e) {
    if (!ofMatch(e) || !e.detail.shouldSwap) return;
    var add = cm.typing.addForm();
    if (c.background === "saved" && add && cm.form.hasTyped(add)) cm.typing.save(c, add);
    c.swapping = Date.now();
  }
  function afterSettle(c, e) {
    if (!ofMatch(e)) return;
    c.swapping = 0;
    cm.typing.sync(c);
    c.render();
    var was = c.background, form = cm.typing.addForm();
    c.background = null;
    if (!was) return;
    var active = document.activeElement;
    if (cm.state.movesFocus(was, !!(form && active && form.contains(active)))) {
      cm.form.focusEntry();
    }
  }
  function wire(c) {
    document.addEventListener("htmx:beforeSwap", function (e) { beforeSwap(c, e); });
    document.addEventListener("htmx:afterSettle", function (e) { afterSettle(c, e); });
  }
  cm.swaps = { beforeSwap: beforeSwap, afterSettle: afterSettle, wire: wire };
})(typeof self !== "undefined" ? self : this);
