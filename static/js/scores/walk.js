// The entry form's keyboard flow, as decisions on plain values (pure; the DOM side: keys.js and
// focus.js). Enter moves to the next field still empty and saves once every field is filled;
// the keyboard's Enter key says which it will do; after #match is swapped, the focus goes to
// the entry only if the swap itself left it where it was.
(function (root, make) {
  var mod = make();
  if (typeof module === "object" && module.exports) module.exports = mod;
  else (root.cmScores = root.cmScores || {}).walk = mod;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  // The field Enter goes to from field ``at``: the next one still empty after it, or else before
  // it. -1 when every field is filled (the last one typed, or a refused field corrected): Enter
  // saves, as the browser does.
  function next(values, at) {
    var i;
    for (i = at + 1; i < values.length; i++) if (values[i] === "") return i;
    for (i = 0; i < at && i < values.length; i++) if (values[i] === "") return i;
    return -1;
  }
  // The phone keyboard's Enter key of each of ``count`` fields: "next", and "done" on the last.
  function hints(count) {
    var list = [];
    for (var i = 0; i < count; i++) list.push(i === count - 1 ? "done" : "next");
    return list;
  }
  // Whether the focus after a swap of #match is where the swap left it: on nothing (``active``
  // null: the tapped link or button went with the old match), or on the field htmx put it back
  // on (the same id as the one focused before the swap, ``before``; "" when that one had none,
  // null when no swap was seen). A field chosen in between keeps the focus.
  function leftBySwap(active, before) {
    if (active === null) return true;
    return before !== "" && before !== null && active === before;
  }

  return {next: next, hints: hints, leftBySwap: leftBySwap};
});
