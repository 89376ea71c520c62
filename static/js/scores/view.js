// What the scorekeeper must see is in the visible part of the screen: above the phone's
// keyboard (window.visualViewport: the part of the page not under the keyboard), not only in
// the window. Scrolls as little as needed (scroll.js); once more when the keyboard opens a
// moment later.
(function (root) {
  "use strict";
  var cm = root.cmScores = root.cmScores || {};
  // ``below``: room kept free under the elements (px).
  function keepInView(elements, below) {
    function place() {
      var vv = window.visualViewport;
      var height = vv ? vv.height : window.innerHeight, offset = vv ? vv.offsetTop : 0;
      var boxes = [];
      elements.forEach(function (el) {
        if (!el || !el.isConnected) return;
        var r = el.getBoundingClientRect();
        boxes.push({top: r.top - offset, bottom: r.bottom - offset});
      });
      var by = cm.scroll.by(boxes, height, below);
      if (by) window.scrollTo({top: window.scrollY + by, behavior: "instant"});
    }
    place();
    var vv = window.visualViewport;
    if (vv) {
      var again = function () { place(); };
      vv.addEventListener("resize", again);
      setTimeout(function () { vv.removeEventListener("resize", again); }, 1500);
    }
  }

  cm.view = {keepInView: keepInView};
})(window);
