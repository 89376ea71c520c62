// The box (#offline) drawn again from the state (view.js draws it, table.js puts the waiting
// saves on the table), and what its buttons do: a waiting save discarded, a stray one (typed
// under a table code since renewed) adopted, the log-out question answered (logout.js).
(function (root) {
  "use strict";
  var cm = root.cmOffline = root.cmOffline || {};

  function render(c) {
    if (c.leaving && c.leaving.send && !c.unsent()) { c.actions.logOut(); return; }
    if (c.leaving) c.leaving.n = c.unsent();
    var items = cm.table.apply(c.store.queue(), c.pattern), sender = c.sender;
    cm.view.box(c.box, { items: items, strays: c.strays(), results: c.results,
                         fromCache: c.fromCache, status: sender.status, sending: sender.sending,
                         failures: sender.failures, logout: c.leaving }, c.actions);
  }
  function actions(c) {
    var D = cm.drafts, O = cm.outbox;
    return Object.assign({
      discard: function (item, from) {
        var name = from || c.queueKey;
        var rest = O.discard(D.read(c.storage, name) || [], item.key);
        D.write(c.storage, name, rest.length ? rest : null);
        c.render();
      },
      adopt: function (stray) {
        var rest = O.discard(D.read(c.storage, stray.from) || [], stray.item.key);
        D.write(c.storage, stray.from, rest.length ? rest : null);
        c.store.setQueue(O.add(c.store.queue(), O.adopt(stray.item, c.urls)));
        c.sender.online();
      }
    }, cm.logout.actions(c));
  }
  // The state's render and actions: the sender (changed) and every module draw through them.
  function create(c) {
    c.actions = actions(c);
    c.render = function () { render(c); };
  }
  cm.box = { render: render, actions: actions, create: create };
})(typeof self !== "undefined" ? self : this);
