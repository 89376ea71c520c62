// The log-out question: logging out with saves not sent says how many and offers to send them
// now; what stays waits for this login on this phone (nobody else sees, sends or wipes it).
// The drafts on screen are kept first (typing.js). The box (box.js) shows the question.
(function (root) {
  "use strict";
  var cm = root.cmOffline = root.cmOffline || {};

  // The box's answers to the question.
  function actions(c) {
    return {
      sendNow: function () { c.leaving.send = true; c.sender.online(); },
      logOut: function () {
        var f = c.leaving.form;
        c.leaving = null;
        f.dataset.asked = "1";
        f.requestSubmit();
      },
      stay: function () { c.leaving = null; c.render(); }
    };
  }
  function ask(c, e) {
    var form = e.target;
    if (!cm.state.isLogout(form.action, location.href, c.box.getAttribute("data-logout-url"))) return;
    cm.typing.keep(c);
    if (form.dataset.asked || !c.unsent()) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    c.leaving = { form: form, n: c.unsent() };
    var menu = form.closest("details");
    if (menu) menu.open = false;  // the question in view, not under the menu
    c.render();
    c.box.scrollIntoView({ block: "start" });
    c.box.querySelector(".offline-logout button").focus();
  }
  function wire(c) { window.addEventListener("submit", function (e) { ask(c, e); }, true); }
  cm.logout = { actions: actions, ask: ask, wire: wire };
})(typeof self !== "undefined" ? self : this);
