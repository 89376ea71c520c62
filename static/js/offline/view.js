// The view: the table as the server last sent it plus this phone's outbox. The box above the
// totals says what waits and why; the deals waiting are numbered on from the last one stored,
// listed under the stored ones and marked; the totals are marked provisional; the line of the
// deal in the form (who deals, what is played) comes from the schedule the server sent with
// the page (data-schedule), where the game's rules fix it. Texts: Django's JavaScriptCatalog.
(function (root) {
  "use strict";
  var cm = root.cmOffline = root.cmOffline || {};
  function t(text, values) { return root.interpolate ? root.interpolate(text, values || {}, true) : text; }
  function _(text) { return root.gettext ? root.gettext(text) : text; }
  function ngettext(one, many, n) { return root.ngettext ? root.ngettext(one, many, n) : (n === 1 ? one : many); }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function button(text, className, action) {
    var b = el("button", className, text);
    b.type = "button";
    b.addEventListener("click", action);
    return b;
  }
  function loginLine(state, box) {
    var text = state.status === "other-login"
      ? _("Someone else is logged in on this phone now. What you typed was not sent: it stays on this phone for you. Log in again to send it.")
      : _("You are logged out: log in again to send what waits. It stays on this phone until then.");
    var line = el("p", "offline-login", text + " ");
    var link = el("a", "button", state.status === "other-login" ? _("Log in again") : _("Log in"));
    link.href = box.getAttribute("data-login-url") + "?next=" +
      encodeURIComponent(box.getAttribute("data-login-next") || location.pathname) +
      (state.status === "other-login" ? "&switch=1" : "");
    line.appendChild(link);
    return line;
  }
  function logoutPanel(state, actions) {
    var panel = el("div", "offline-logout");
    var n = state.logout.n;
    panel.appendChild(el("p", "", t(ngettext(
      "%(n)s save was not sent yet. It stays on this phone for this login only and is sent when you log in here again.",
      "%(n)s saves were not sent yet. They stay on this phone for this login only and are sent when you log in here again.",
      n), { n: n })));
    var row = el("div", "actions");
    row.appendChild(button(_("Send now"), "", actions.sendNow));
    row.appendChild(button(_("Log out anyway"), "secondary", actions.logOut));
    row.appendChild(button(_("Cancel"), "secondary", actions.stay));
    panel.appendChild(row);
    return panel;
  }
  function itemLine(item, name, actions, from) {
    var li = el("li", "", name + " ");
    li.setAttribute("data-key", item.key);
    if (item.held || item.void) li.appendChild(button(_("Discard"), "secondary", function () {
      if (root.confirm(t(_("Discard %(label)s? It was never saved."), { label: item.label }))) {
        actions.discard(item, from);
      }
    }));
    return li;
  }

  // The box: what waits, what was answered, and what to do about it.
  function box(node, state, actions) {
    var live = cm.outbox.waiting(state.items);
    node.textContent = "";
    if (state.logout) node.appendChild(logoutPanel(state, actions));
    if (state.fromCache) node.appendChild(el("p", "offline-cached", _("No connection: this is the table as this phone kept it, and the totals may be behind. What you enter waits on this phone and is sent as soon as there is a connection.")));
    var shown = state.items.length || state.results.length || state.strays.length ||
      state.fromCache || state.logout || (state.status !== "ok" && state.items.length);
    node.hidden = !shown;
    if (!shown) return;
    node.classList.toggle("warning", state.items.length + state.strays.length > 0);
    node.classList.toggle("success", state.items.length + state.strays.length === 0);
    if (state.status !== "ok" && state.items.length) node.appendChild(loginLine(state, node));
    else if (live) {
      node.appendChild(el("p", "offline-state", t(state.sending && !state.failures
        ? ngettext("Sending… (%(n)s waiting)", "Sending… (%(n)s waiting)", live)
        : ngettext("Not sent — will be sent as soon as there is a connection again (%(n)s waiting).",
             "Not sent — will be sent as soon as there is a connection again (%(n)s waiting).", live),
        { n: live })));
    }
    var list = el("ul");
    state.results.forEach(function (line) { list.appendChild(el("li", "", line)); });
    state.items.forEach(function (item) {
      var text = item.void
        ? _("%(label)s: not sent — this table code no longer works (it was renewed). Scan the table's new code, or log in, to send it there; or discard it.")
        : item.held ? _("%(label)s: waits until the save before it is corrected.")
        : _("%(label)s: not sent yet");
      list.appendChild(itemLine(item, t(text, { label: item.label }), actions, null));
    });
    state.strays.forEach(function (stray) {
      var li = itemLine(stray.item, t(_("%(label)s: typed on this phone through this table's old code, never sent."),
                                      { label: stray.item.label }), actions, stray.from);
      li.insertBefore(button(_("Send it here"), "", function () {
        var q = _("Send %(label)s to this table now? It was typed through the table's old code; it is saved as if entered here.");
        if (root.confirm(t(q, { label: stray.item.label }))) actions.adopt(stray);
      }), li.lastChild);
      list.appendChild(li);
    });
    if (list.children.length) node.appendChild(list);
  }
  cm.view = { box: box, el: el, t: t, gettext: _ };
})(typeof self !== "undefined" ? self : this);
