// Computed fields. A value the form filled in (data-filled: the points of a combination scored
// before, the combination of the tiles, the one tile of a forced turn) follows what it was
// filled from: another choice clears it before the live check asks again, so a combination
// changed never keeps the points of the one before. A value the scorekeeper chose or typed is
// their own.
(function (root) {
  "use strict";
  var cm = root.cmScores = root.cmScores || {};
  function own(el) {
    var group = el.type === "radio" ? el.form.querySelectorAll('[name="' + el.name + '"]') : [el];
    Array.prototype.forEach.call(group, function (e) { e.removeAttribute("data-filled"); });
  }
  function typed(e) {
    var el = e.target;
    if (el.matches && el.matches('#hand-fields input[data-filled]:not([type=radio])')) own(el);
  }
  function chosen(e) {
    var el = e.target, fields = el.closest && el.closest("#hand-fields");
    if (!fields || el.closest(".fold-toggle") || !/^(radio|checkbox)$/.test(el.type)) return;
    if (el.hasAttribute("data-filled")) own(el);
    // A complement (sums.js) follows a typed number, not a choice: it stays.
    fields.querySelectorAll("input[data-filled]:not([data-complement])").forEach(function (filled) {
      if (filled.type === "radio" || filled.type === "checkbox") filled.checked = false;
      else filled.value = "";
      filled.removeAttribute("data-filled");
    });
  }
  // Captured: before the live check reads the form.
  function wire() {
    document.addEventListener("input", typed, true);
    document.addEventListener("change", chosen, true);
  }

  cm.filled = {wire: wire};
})(window);
