// Typed work survives the connection (score page only); without JavaScript the page works as
// before. Why and how, and what a scorekeeper sees: docs/architecture.md ("Offline, and a save
// that cannot be lost or doubled"), docs/scorekeeper-guide.md, docs/security.md ("Table codes
// and shared phones"). In short: drafts and waiting saves live in localStorage under the page's
// data-identity (a login or table code) and table; waiting saves go one at a time, in order,
// with back-off, each with its entry_key, so the server stores it once. The add form goes
// through htmx when nothing waits and the browser is online; otherwise, and for every retry,
// this script sends it (fetch, as htmx would: HX-Request, X-CSRFToken) and swaps the answer
// into #match as htmx does.
(function () {
  "use strict";
  var box = document.getElementById("offline");
  if (!box || !window.localStorage) return;
  var table = box.getAttribute("data-table");
  var identity = box.getAttribute("data-identity") || "";
  var PREFIX = "cm-offline:" + identity + ":" + table + ":";
  var QUEUE = PREFIX + "queue";
  var DRAFT = PREFIX + "draft:";
  var KEPT_OUT = ["csrfmiddlewaretoken", "version", "entry_key", "hand"];
  var sending = false, failures = 0, timer = null, results = [], loggedOut = false;
  // The page came from this phone's copy (the service worker, no connection: pwa.py).
  var fromCache = box.getAttribute("data-served") === "cache";
  var LOCK = "cm-offline-send:" + table, locking = false;
  var INFLIGHT_MS = 25000;  // a save htmx is sending (in some tab) is left to it this long

  function text(name, values) {
    var t = box.getAttribute("data-" + name) || "";
    Object.keys(values || {}).forEach(function (k) { t = t.split("{" + k + "}").join(values[k]); });
    return t;
  }
  function newKey() {  // 128 random bits; crypto.getRandomValues also works without HTTPS
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function load(key, fallback) {
    try { return JSON.parse(localStorage.getItem(key)) || fallback; } catch (e) { return fallback; }
  }
  function store(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
    } catch (e) { /* storage full or refused: the page still works as without this script */ }
  }
  function queue() { return load(QUEUE, []); }
  function setQueue(items) { store(QUEUE, items.length ? items : null); }

  // -- drafts: what is typed, per form (its action) ---------------------------------------------
  function entryForms() { return document.querySelectorAll("form.hand-form, form.delete-form"); }
  function draftKey(form) { return DRAFT + new URL(form.action, location.href).pathname; }
  // Read from the fields themselves, as they show: FormData leaves out a field that is disabled
  // or, on a slow phone leaving the page, one it no longer counts as the form's, and a draft
  // kept then would be empty.
  function typed(form) {
    var pairs = [];
    form.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (el) {
      if (el.type === "hidden" || KEPT_OUT.indexOf(el.name) !== -1) return;
      if ((el.type === "checkbox" || el.type === "radio") && !el.checked) return;
      if (el.tagName === "SELECT" && el.multiple) {
        Array.prototype.forEach.call(el.selectedOptions, function (o) {
          pairs.push([el.name, o.value]);
        });
      } else if (["file", "submit", "button", "reset"].indexOf(el.type) === -1) {
        pairs.push([el.name, el.value]);
      }
    });
    return pairs;
  }
  // Anything filled in or chosen other than the form came with.
  function hasTyped(form) {
    return Array.prototype.some.call(
      form.querySelectorAll("input[name], select[name], textarea[name]"), function (el) {
        if (el.type === "hidden" || KEPT_OUT.indexOf(el.name) !== -1) return false;
        if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
        if (el.tagName === "SELECT") return el.selectedIndex > 0;
        return el.value !== "";
      });
  }
  function saveDraft(form) {
    store(draftKey(form), hasTyped(form) ? typed(form) : null);
  }
  function restoreDraft(form) {
    var pairs = load(draftKey(form), null);
    if (!pairs) return;
    var values = {};
    pairs.forEach(function (p) { (values[p[0]] = values[p[0]] || []).push(p[1]); });
    form.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (el) {
      if (KEPT_OUT.indexOf(el.name) !== -1 || el.type === "hidden") return;
      var v = values[el.name] || [];
      if (el.type === "checkbox" || el.type === "radio") el.checked = v.indexOf(el.value) !== -1;
      else el.value = v.length ? v[0] : "";
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));  // conditions, live check
  }
  // A form the server filled (a refused save kept for correction) is the draft; an empty one
  // gets the draft back.
  function syncDrafts() {
    entryForms().forEach(function (form) {
      if (hasTyped(form)) saveDraft(form); else restoreDraft(form);
    });
  }
  // A page left (reload, closed tab, another app on the phone) keeps what is on screen, once
  // its drafts were put back (before that the form is empty only because it was not yet). A
  // form whose save is under way is locked and already waits in the queue: its draft stays.
  var synced = false, loggingOut = false;
  function keepDrafts() {
    if (!synced || loggingOut) return;
    // Only ever adds: typing already kept every change as it came, so leaving never blanks one.
    entryForms().forEach(function (form) {
      if (!form.classList.contains("htmx-request") && hasTyped(form)) saveDraft(form);
    });
  }
  window.addEventListener("pagehide", keepDrafts);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") keepDrafts();
  });
  document.addEventListener("input", function (e) {
    var form = e.target.form;
    if (form && form.matches("form.hand-form, form.delete-form")) saveDraft(form);
  });
  document.addEventListener("change", function (e) {
    var form = e.target.form;
    if (form && form.matches("form.hand-form, form.delete-form") && e.isTrusted) saveDraft(form);
  });

  // -- the waiting list ---------------------------------------------------------------------------
  function show() {
    var items = queue(), moveable = strays();
    box.textContent = "";
    waitingNotes(items);
    if (fromCache) box.appendChild(line("from-cache", "offline-cached"));
    if (!items.length && !results.length && !moveable.length && !fromCache) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    box.classList.toggle("warning", items.length + moveable.length > 0);  // green once none wait
    box.classList.toggle("success", items.length + moveable.length === 0);
    var waiting = items.filter(function (i) { return !i.held && !i.void; }).length;
    if (waiting && !loggedOut) {  // logged out: the line below says what waits for what
      var head = document.createElement("p");
      head.className = "offline-state";
      head.textContent = text(sending && !failures ? "sending" : "waiting", { n: waiting });
      box.appendChild(head);
    }
    if (loggedOut) box.appendChild(logInAgain());
    var list = document.createElement("ul");
    results.forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      list.appendChild(li);
    });
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = text(item.void ? "item-void" : "item-waiting", { label: item.label }) + " ";
      li.setAttribute("data-key", item.key);
      if (item.held || item.void) li.appendChild(discardButton(item, QUEUE));
      list.appendChild(li);
    });
    moveable.forEach(function (stray) {
      var li = document.createElement("li");
      li.textContent = text("item-moveable", { label: stray.item.label }) + " ";
      li.setAttribute("data-key", stray.item.key);
      var move = document.createElement("button");
      move.type = "button";
      move.textContent = text("move");
      move.addEventListener("click", function () {
        if (!window.confirm(text("move-question", { label: stray.item.label }))) return;
        adopt(stray);
      });
      li.appendChild(move);
      li.appendChild(discardButton(stray.item, stray.from));
      list.appendChild(li);
    });
    if (list.children.length) box.appendChild(list);
  }
  function line(name, className, values) {
    var p = document.createElement("p");
    p.className = className;
    p.textContent = text(name, values);
    return p;
  }
  // While hands wait, the line above the form (who deals, what is played) and the totals are
  // those of the hands the server has: said so, instead of showing the wrong dealer.
  function waitingNotes(items) {
    var match = document.getElementById("match");
    if (!match) return;
    var adds = items.filter(function (i) { return i.adds && !i.void; }).length;
    match.querySelectorAll(".waiting-note").forEach(function (el) { el.remove(); });
    match.querySelectorAll(".next, .hf-state, .next + ul.inline").forEach(function (el) {
      el.hidden = adds > 0;
    });
    if (!adds) return;
    var entry = match.querySelector("section.entry");
    if (entry) entry.parentNode.insertBefore(nextAfter(match, adds), entry);
    var totals = match.querySelector("details.totals");
    if (totals) totals.parentNode.insertBefore(line("waiting-totals", "muted waiting-note"),
                                               totals.nextSibling);
  }
  // The hand in the form, after ``adds`` waiting ones: where the game's rules fix who deals and
  // what is played (the page's data-schedule, from the engine), that line; else say it follows.
  function nextAfter(match, adds) {
    var scheduled = match.querySelector(".next[data-schedule]"), plan = [];
    try { plan = JSON.parse(scheduled.getAttribute("data-schedule")); } catch (e) { plan = []; }
    var planned = Array.isArray(plan) && plan[adds];
    if (!planned) return line("waiting-next", "next waiting-note", { n: adds });
    var p = document.createElement("p");
    p.className = "next waiting-note";
    p.textContent = planned[0] + " · ";
    var what = document.createElement("strong");
    what.textContent = planned[1];
    p.appendChild(what);
    return p;
  }
  // The session ended (another login on this phone, or it expired): the server answers a save
  // with its login page. Nothing is sent or swapped in; what waits stays until the login.
  function logInAgain() {
    var line = document.createElement("p");
    line.className = "offline-login";
    line.textContent = text("logged-out") + " ";
    var link = document.createElement("a");
    link.className = "button";
    link.textContent = text("log-in");
    link.href = box.getAttribute("data-login-url") + "?next=" +
      encodeURIComponent(box.getAttribute("data-login-next") || location.pathname);
    line.appendChild(link);
    return line;
  }
  function isLoginPage(url) {
    var login = box.getAttribute("data-login-url");
    try { return !!login && new URL(url, location.href).pathname === login; } catch (e) { return false; }
  }
  function discardButton(item, from) {
    var drop = document.createElement("button");
    drop.type = "button";
    drop.className = "secondary";
    drop.textContent = text("discard");
    drop.addEventListener("click", function () {
      if (!window.confirm(text("discard-question", { label: item.label }))) return;
      var rest = load(from, []).filter(function (i) { return i.key !== item.key; });
      store(from, rest.length ? rest : null);
      show();
    });
    return drop;
  }

  // -- saves on a table code that no longer works ------------------------------------------------
  // Saves of this table (this phone) that a table code made and the server answered with
  // "code-void": another code of the table (its new one) or a login may send them here. Never
  // those of another table, nor a code's saves still waiting, nor any login's.
  function strays() {
    if (!box.hasAttribute("data-url-add")) return [];  // this page may not enter: nothing to move to
    var found = [];
    var pattern = /^cm-offline:(c[^:]*):([^:]+):queue$/;
    for (var n = 0; n < localStorage.length; n++) {
      var name = localStorage.key(n), m = name && name.match(pattern);
      if (!m || m[2] !== table || name === QUEUE) continue;
      load(name, []).forEach(function (item) {
        if (item.void && moved(item.url)) found.push({ item: item, from: name });
      });
    }
    return found;
  }
  // The same save's URL on this page (the hand's number stays; the table is this page's).
  function moved(url) {
    var path = new URL(url, location.href).pathname;
    var m = path.match(/\/hands\/(?:add|(\d+)\/(edit|delete))\/$/);
    if (!m) return null;
    if (!m[1]) return box.getAttribute("data-url-add");
    var pattern = box.getAttribute("data-url-" + m[2]) || "";
    var marker = box.getAttribute("data-url-marker");
    return pattern && marker ? pattern.split(marker).join(m[1]) : null;
  }
  function adopt(stray) {
    var url = moved(stray.item.url);
    if (!url) return;
    var rest = load(stray.from, []).filter(function (i) { return i.key !== stray.item.key; });
    store(stray.from, rest.length ? rest : null);
    var item = stray.item;
    item.url = url;
    item.void = false;
    item.held = false;
    item.waited = true;
    var items = queue().filter(function (i) { return i.key !== item.key; });
    items.push(item);
    setQueue(items);
    failures = 0;
    pump();
  }
  // The server answered that this page's code no longer works: the save waits, not sent again.
  function voided(item) {
    var items = queue();
    items.forEach(function (i) { if (i.key === item.key) i.void = true; });
    setQueue(items);
  }

  // -- queueing a save ----------------------------------------------------------------------------
  function labelOf(form) {
    if (form.classList.contains("delete-form")) {
      var button = form.querySelector('button[type="submit"]');
      return button ? button.textContent.trim() : "";
    }
    var heading = document.getElementById("entry-h");
    return heading ? heading.textContent.trim() : "";
  }
  function enqueue(form) {
    var keyField = form.querySelector('input[name="entry_key"]');
    var data = new FormData(form);
    var key = data.get("entry_key") || newKey();
    data.set("entry_key", key);
    var items = queue().filter(function (i) { return i.key !== key; });
    var item = {
      key: key, url: form.action, label: labelOf(form), version: data.get("version"),
      body: Array.from(data.entries()).filter(function (p) {
        return typeof p[1] === "string";
      }),
      adds: !form.querySelector('input[name="hand"]') && form.classList.contains("hand-form")
    };
    // A correction of a held save goes before the saves typed after it.
    var at = items.findIndex(function (i) { return i.held; });
    if (at === -1) items.push(item); else items.splice(at, 0, item);
    items.forEach(function (i) { i.held = false; });
    setQueue(items);
    if (keyField) keyField.value = newKey();  // the form now belongs to the next save
    store(draftKey(form), null);  // what was typed is in the queue now
    return item;
  }
  // The add form, emptied for the next hand while this one waits (numbered on).
  function nextHand(form) {
    var pattern = box.getAttribute("data-entry-pattern") || "";
    var heading = document.getElementById("entry-h");
    form.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (el) {
      if (el.type === "hidden" || KEPT_OUT.indexOf(el.name) !== -1) return;
      if (el.type === "checkbox" || el.type === "radio") el.checked = el.defaultChecked;
      else if (el.tagName === "SELECT") el.selectedIndex = 0;
      else el.value = "";
    });
    form.querySelectorAll(".field-error, .field-ok, .errorlist").forEach(function (el) {
      el.remove();
    });
    if (heading && pattern.indexOf("{n}") !== -1) {
      var parts = pattern.split("{n}");
      var found = heading.textContent.trim().slice(parts[0].length).match(/^\d+/);
      if (found) heading.textContent = parts.join(String(parseInt(found[0], 10) + 1));
    }
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // -- sending ------------------------------------------------------------------------------------
  function csrfToken() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }
  function later() {
    clearTimeout(timer);
    waited();
    failures += 1;
    var wait = Math.min(30000, 1000 * Math.pow(2, Math.min(failures - 1, 5)));
    timer = setTimeout(pump, wait * (0.75 + Math.random() / 2));
    show();
  }
  // The server's answer to a save: it leaves the queue. Only a save that had to wait gets a
  // line of its own (an answer at once speaks for itself in #match).
  function settled(item, outcome, message) {
    var items = queue().filter(function (i) { return i.key !== item.key; });
    if (outcome === "saved") {
      // Saves typed behind this one were typed at its version: they follow its change.
      items.forEach(function (i) {
        if (+i.version <= +item.version) i.version = String(+item.version + 1);
      });
      if (item.waited) results.push(message || item.label);
    } else {
      if (item.waited) results.push(text("item-refused", { label: item.label }));
      items.forEach(function (i) { i.held = true; });  // the correction goes first
    }
    results = results.slice(-10);
    setQueue(items);
  }
  function waited() {
    var items = queue();
    items.forEach(function (i) { i.waited = true; delete i.inflight; });
    setQueue(items);
  }
  function swapMatch(html) {
    var target = document.getElementById("match");
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#match");
    if (!target || !fresh) return;
    // Replaced as it comes (no settling of old attributes onto the new elements).
    target.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    syncDrafts();
    document.dispatchEvent(new CustomEvent("hand-fields:updated"));
  }
  // How long a save's answer is waited for before it counts as lost: the form's own htmx
  // timeout (hx-request), so a save sent by htmx and one sent from here wait alike.
  // 20 s as the template gives it, also when no entry form is on the page (a delete waits).
  function answerTimeout() {
    var form = document.querySelector("form.hand-form[hx-request]");
    return (form && JSON.parse(form.getAttribute("hx-request")).timeout) || 20000;
  }
  // One tab at a time sends this table's saves (navigator.locks, where the browser has it):
  // two tabs on one table send each save once, in order. The first save still waiting goes;
  // one that htmx is sending (in this tab or another) is left to it for a while.
  function pump() {
    clearTimeout(timer);
    if (sending || locking) { show(); return; }
    if (!navigator.locks || !navigator.locks.request) { sendFirst(function () {}); return; }
    locking = true;
    navigator.locks.request(LOCK, function () {
      locking = false;
      return new Promise(sendFirst);
    });
  }
  function sendFirst(done) {
    var first = queue().filter(function (i) { return !i.held && !i.void; })[0];
    var busy = first && first.inflight && Date.now() - first.inflight < INFLIGHT_MS;
    if (busy) { timer = setTimeout(pump, 1000); }
    var item = busy ? null : first;
    if (!item || sending) { show(); done(); return; }
    sending = true;
    show();
    var body = new URLSearchParams();
    item.body.forEach(function (p) {
      if (p[0] === "version") body.append(p[0], item.version);
      else if (p[0] === "csrfmiddlewaretoken") body.append(p[0], csrfToken());
      else body.append(p[0], p[1]);
    });
    // An answer that does not come in time is given up (the connection hangs): sent again later.
    var control = new AbortController();
    var giveUp = setTimeout(function () { control.abort(); }, answerTimeout());
    fetch(item.url, {
      method: "POST", body: body, credentials: "same-origin", signal: control.signal,
      headers: { "HX-Request": "true", "HX-Current-URL": location.href,
                 "X-CSRFToken": csrfToken() }
    }).then(function (response) {
      return response.text().then(function (html) { return [response, html]; });
    }).then(function (answer) {
      clearTimeout(giveUp);
      var response = answer[0], html = answer[1];
      var outcome = response.headers.get("X-Entry-Outcome");
      var message = decodeURIComponent(response.headers.get("X-Entry-Message") || "");
      sending = false;
      loggedOut = isLoginPage(response.url);
      if (response.status >= 500 || !outcome) { done(); later(); return; }  // not its answer
      failures = 0;
      fromCache = false;
      if (outcome === "code-void") { voided(item); done(); show(); pump(); return; }
      settled(item, outcome, message);
      done();
      var redirect = response.headers.get("HX-Redirect");
      if (redirect) { location.href = redirect; return; }
      swapMatch(html);
      show();
      pump();
    }, function () {
      clearTimeout(giveUp);
      sending = false;
      done();
      later();
    });
  }

  // -- hooks ---------------------------------------------------------------------------------------
  // Before htmx or the browser sends a form: queue it when saves wait or the browser knows it is
  // offline; otherwise let it go (the add form through htmx, which this script watches).
  window.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.matches || !form.matches("form.hand-form, form.delete-form")) return;
    if (!queue().some(function (i) { return !i.void; }) && navigator.onLine) return;
    e.preventDefault();
    e.stopPropagation();  // neither htmx nor site.js's confirm sees it: asked here
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) return;
    var item = enqueue(form);
    if (item.adds) nextHand(form);
    if (!navigator.onLine) { failures = Math.max(failures, 1); waited(); }
    pump();
  }, true);
  // Logging out takes this login's drafts and waiting saves with it (the logout clears them:
  // site.js, Clear-Site-Data): asked first when saves still wait; nothing kept as the page goes.
  window.addEventListener("submit", function (e) {
    var form = e.target, logout = box.getAttribute("data-logout-url");
    if (!form.action || !logout || new URL(form.action, location.href).pathname !== logout) return;
    var waiting = queue().length;
    if (waiting && !window.confirm(text("logout-question", { n: waiting }))) {
      e.preventDefault();
      return;
    }
    loggingOut = true;
  }, true);
  // The form htmx sends (the events of its answer fire on #match, the target).
  function saveForm(detail) {
    var config = detail.requestConfig, elt = config && config.elt;
    return elt && elt.matches && elt.matches("form.hand-form") && config.verb === "post"
      ? elt : null;
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    var form = saveForm(e.detail);
    if (!form) return;
    var item = enqueue(form);
    form.dataset.sentKey = item.key;
    var items = queue();
    items.forEach(function (i) { if (i.key === item.key) i.inflight = Date.now(); });
    setQueue(items);
    sending = true;
  });
  // The answer, before htmx swaps it in (the form is still on the page; after the swap htmx's
  // events on it no longer reach the document).
  function answered(e) {
    var form = saveForm(e.detail);
    if (!form) return;
    var key = form.dataset.sentKey;
    var item = queue().filter(function (i) { return i.key === key; })[0];
    var xhr = e.detail.xhr;
    sending = false;
    if (!item) return;
    var outcome = xhr && xhr.status && xhr.status < 500 && xhr.getResponseHeader("X-Entry-Outcome");
    loggedOut = !!(xhr && isLoginPage(xhr.responseURL));
    if (outcome === "code-void") {  // htmx does not swap the refusal: the form empties
      voided(item);
      nextHand(form);
      show();
      setTimeout(pump, 0);
    } else if (outcome) {
      fromCache = false;
      settled(item, outcome, decodeURIComponent(xhr.getResponseHeader("X-Entry-Message") || ""));
      show();
      setTimeout(pump, 0);
    } else {  // no answer (connection gone, or the answer lost): it waits and is sent again
      // Not the save's answer (a login page, a hall's Wi-Fi sign-in page): never swapped in.
      if (e.type === "htmx:beforeSwap") e.detail.shouldSwap = false;
      nextHand(form);
      later();
    }
  }
  document.addEventListener("htmx:beforeSwap", answered);
  document.addEventListener("htmx:sendError", answered);
  document.addEventListener("htmx:timeout", answered);
  document.addEventListener("htmx:afterSettle", function (e) {
    if (e.detail.target && e.detail.target.id === "match") syncDrafts();
  });
  window.addEventListener("online", function () { failures = 0; pump(); });
  // A phone woken up (the page shown again, or thawed): its timers may have slept; send now.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") pump();
  });
  document.addEventListener("resume", pump);
  window.addEventListener("pageshow", function (e) { if (e.persisted) pump(); });
  window.addEventListener("offline", show);
  document.addEventListener("DOMContentLoaded", function () {
    // Saves still waiting from an earlier visit are sent now (those held back behind a refused
    // one stay held until its correction is saved, or they are discarded).
    // A copy kept on this phone: its save keys were the page's then (maybe used since).
    if (fromCache) {
      document.querySelectorAll('#match input[name="entry_key"]').forEach(function (el) {
        el.value = newKey();
      });
    }
    syncDrafts();
    synced = true;
    show();
    pump();
    var worker = box.getAttribute("data-sw-url");
    if (worker && navigator.serviceWorker) {
      // Loaded through the worker (it kept this page as it went by), or before it was there.
      var through = !!navigator.serviceWorker.controller;
      navigator.serviceWorker.register(worker, { scope: "/" }).then(function () {
        return navigator.serviceWorker.ready;
      }).then(function (registration) {
        // First visit: this page and its files came before the worker; it keeps them now.
        if (through || !registration.active) return;
        var files = Array.prototype.map.call(
          document.querySelectorAll("script[src], link[rel=stylesheet][href]"),
          function (el) { return el.src || el.href; });
        registration.active.postMessage({ keep: [location.pathname].concat(files) });
      }).catch(function () { /* no worker: the page works as before */ });
    }
  });
})();
