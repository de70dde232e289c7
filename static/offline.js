// Offline at the table: what every signed-in page loads (2 KB). It registers
// the service worker (static/sw.js) and, once the page has loaded (never part
// of its first load), brings in the outbox (idb-keyval, static/outbox.js) and
// what the page does with it (static/outbox-page.js): on an entry form and the
// offline page always, elsewhere only when the phone keeps something
// (localStorage "sk-outbox", kept by outbox.js). An undo, the end of a game
// or Sign out tapped before then loads them first.
(function () {
  "use strict";
  var SCRIPTS = ["/static/vendor/idb-keyval/umd.js", "/static/outbox.js", "/static/outbox-page.js"];
  var loading = null;
  // Whose the phone's outbox and drafts are: the account, or on a keeper link's page that link's identity.
  var account = document.body && (document.body.dataset.keeper || document.body.dataset.account);
  var controlledAtLoad = "serviceWorker" in navigator && Boolean(navigator.serviceWorker.controller);
  var sheet = /^\/games\/\d+$/.test(location.pathname) && document.getElementById("sheet");

  function load() {
    if (!loading) {
      loading = SCRIPTS.reduce(function (chain, src) {
        return chain.then(function () {
          return new Promise(function (done, fail) {
            var script = document.createElement("script");
            script.src = src;
            script.onload = done;
            script.onerror = fail;
            document.head.appendChild(script);
          });
        });
      }, Promise.resolve());
    }
    return loading;
  }

  window.ScorekeeperLoadOutbox = load;

  function kept() {
    try {
      // Something kept, or something to say about it ("2 changes ... were sent and recorded").
      return parseInt(localStorage.getItem("sk-outbox") || "0", 10) > 0 || Boolean(sessionStorage.getItem("sk-kept"));
    } catch (e) { return true; }
  }

  window.addEventListener("load", function () {
    var worker = "serviceWorker" in navigator;
    if (worker) {
      // Refused on plain http (a phone on the table's Wi-Fi): the pages work as before, online.
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { return null; });
    }
    if (document.getElementById("entry") || document.body.hasAttribute("data-offline-page") ||
        document.body.hasAttribute("data-link-off") || kept()) {
      load().catch(function () { return null; });
    }
    if (!sheet || !account) return;
    try {
      // The offline page names the games this phone has copies of.
      var titles = JSON.parse(localStorage.getItem("sk-games:" + account) || "{}");
      var h1 = document.querySelector("main h1");
      titles[location.pathname.split("/")[2]] = h1 ? h1.textContent.trim() : "";
      localStorage.setItem("sk-games:" + account, JSON.stringify(titles));
      // After the first game the browser is asked to keep this phone's data (it may say no).
      if (!localStorage.getItem("sk-persist-asked") && navigator.storage && navigator.storage.persist) {
        localStorage.setItem("sk-persist-asked", "1");
        navigator.storage.persist();
      }
    } catch (e) { /* storage off */ }
    // The form for the next hand, kept by the worker, so "Record hand" opens offline too; and this
    // page itself when it loaded before the worker took control (a phone's first game page).
    var record = document.querySelector(".next a.button");
    if (!navigator.onLine || !worker) return;
    if (controlledAtLoad) {
      if (record) fetch(record.getAttribute("href"), { credentials: "same-origin" }).catch(function () { return null; });
      return;
    }
    navigator.serviceWorker.ready.then(function (registration) {
      var urls = [location.pathname].concat(record ? [record.getAttribute("href")] : []);
      if (registration.active) registration.active.postMessage({ type: "keep", urls: urls });
    }).catch(function () { return null; });
  });

  // Undo and end, confirmed (static/sheet.js asks first), go through the outbox too.
  window.addEventListener("submit", function (event) {
    var form = event.target;
    var kind = sheet && form.matches && (form.matches("form[action$='/undo']") ? "undo"
      : form.matches("form[action$='/end']") ? "end" : null);
    if (!kind || event.defaultPrevented || window.ScorekeeperChange) return;
    event.preventDefault();
    load().then(function () { return window.ScorekeeperChange(form, kind); }, function () { form.submit(); });
  });

  document.querySelectorAll("form[data-sign-out]").forEach(function (signOut) {
    signOut.addEventListener("submit", function (event) {
      if (signOut.dataset.cleared) return;
      event.preventDefault();
      var go = function () { signOut.dataset.cleared = "1"; signOut.submit(); };
      load().then(function () { return window.ScorekeeperSignOut(signOut); })
        .then(function (leave) { if (leave) go(); }, go);
    });
  });
})();
