// How far to scroll so what the scorekeeper must see is in the visible part of the screen,
// above the phone's keyboard. Pure: the boxes ({top, bottom}, px from the top of the visible
// part) and its height are passed in; view.js measures them and scrolls.
(function (root, make) {
  var mod = make();
  if (typeof module === "object" && module.exports) module.exports = mod;
  else (root.cmScores = root.cmScores || {}).scroll = mod;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  var MARGIN = 12;
  // The distance to scroll (px, down when positive; 0: it is in view, or there is nothing),
  // as little as needed. ``below``: room kept free under the boxes. Boxes taller together than
  // the visible part show their top.
  function by(boxes, height, below) {
    var top = Infinity, bottom = -Infinity;
    boxes.forEach(function (r) {
      top = Math.min(top, r.top);
      bottom = Math.max(bottom, r.bottom);
    });
    if (top === Infinity) return 0;
    bottom += below || 0;
    if (top < MARGIN || bottom - top > height - 2 * MARGIN) return top - MARGIN;
    if (bottom > height - MARGIN) return bottom - (height - MARGIN);
    return 0;
  }

  return {MARGIN: MARGIN, by: by};
});
