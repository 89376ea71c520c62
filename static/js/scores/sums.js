// Numbers that follow from other numbers (a game's Entry.complements and Entry.adders):
// - a complement pair (data-complement: the other input's name, data-total): typing one side's
//   value fills the other with the total minus it, marked data-filled; it is never typed. The
//   side typed last is the scorekeeper's own, the other follows it. The server fills it too.
// - adder buttons (data-adds, data-for: the input's name): each tap adds its amount to the
//   number (20 + 20 + 50 = 90 roem); the number can be typed as well.
// Both ask the live check again, as typing does.
(function (root) {
  "use strict";
  var cm = root.cmScores = root.cmScores || {};
  function complement(value, total) {
    var text = String(value).trim();
    if (!/^[0-9]+$/.test(text)) return "";
    var n = parseInt(text, 10);
    return n <= total ? String(total - n) : "";
  }
  function typed(e) {
    var el = e.target;
    if (!el.matches || !el.matches("#hand-fields input[data-complement]")) return;
    var other = el.form && el.form.querySelector('[name="' + el.getAttribute("data-complement") + '"]');
    if (!other) return;
    el.removeAttribute("data-filled");
    other.value = complement(el.value, parseInt(el.getAttribute("data-total"), 10));
    if (other.value === "") other.removeAttribute("data-filled");
    else other.setAttribute("data-filled", "");
  }
  function added(e) {
    var button = e.target.closest && e.target.closest("button[data-adds]");
    if (!button || !button.form) return;
    var input = button.form.querySelector('[name="' + button.getAttribute("data-for") + '"]');
    if (!input) return;
    var now = parseInt(input.value, 10) || 0;
    input.value = String(now + parseInt(button.getAttribute("data-adds"), 10));
    input.dispatchEvent(new Event("input", {bubbles: true}));
  }
  function wire() {
    document.addEventListener("input", typed, true);
    document.addEventListener("click", added);
  }

  cm.sums = {complement: complement, wire: wire};
  if (typeof module === "object" && module.exports) module.exports = {complement: complement};
})(typeof window !== "undefined" ? window : this);
