// Show or hide hand-form fields whose condition depends on other fields (conditions.js). Only
// presentation: every input is posted and the server decides what applies; except an input
// marked data-unsent (a number that applies only after a choice, SiteGame.choice_flag), which
// is not sent while it is hidden (disabled): what was typed in it comes back when it is shown
// again. A side chosen in one select of a data-exclude-by group is not offered in the others.
(function (root) {
  "use strict";
  var cm = root.cmScores = root.cmScores || {};
  function update(root) {
    var C = cm.conditions, form = root.closest ? (root.closest("form") || root) : root;
    function valueOf(name) { return C.value(form.querySelectorAll('[name="' + name + '"]')); }
    form.querySelectorAll("[data-condition]").forEach(function (block) {
      block.hidden = !C.shows(JSON.parse(block.getAttribute("data-condition")), valueOf);
      if (block.hasAttribute("data-unsent")) {
        block.querySelectorAll("input").forEach(function (el) { el.disabled = block.hidden; });
      }
    });
    form.querySelectorAll("[data-exclude-by]").forEach(function (block) {
      var name = block.getAttribute("data-exclude-by");
      var chosen = Array.prototype.map.call(
        form.querySelectorAll('[name^="' + name + '-"]'), function (s) { return s.value; });
      block.querySelectorAll("[data-side]").forEach(function (el) {
        el.hidden = C.excluded(el.getAttribute("data-side"), chosen);
      });
    });
  }
  function updateAll() { document.querySelectorAll("form.hand-form").forEach(update); }
  // After a choice; on the page as it came; after every swap (the live check's answer, a new
  // match) and once the live check has moved its answer's fields in (check.js).
  function wire() {
    document.addEventListener("change", function (e) { if (e.target.form) update(e.target.form); });
    document.addEventListener("DOMContentLoaded", updateAll);
    document.addEventListener("htmx:afterSettle", updateAll);
    document.addEventListener("hand-fields:updated", updateAll);
  }

  cm.fields = {update: update, updateAll: updateAll, wire: wire};
})(window);
