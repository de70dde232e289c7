// Offline at the table: what every signed-in page loads. It registers the
// service worker (static/sw.js) and, once the page has loaded (so never part
// of its first load), brings in the outbox (idb-keyval, static/outbox.js) and
// what the page does with it (static/outbox-page.js). Sign out waits for them:
// it warns about unsent hands, then forgets the account's copies.
(function () {
  "use strict";
  var SCRIPTS = ["/static/vendor/idb-keyval/umd.js", "/static/outbox.js", "/static/outbox-page.js"];
  var loading = null;

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

  window.addEventListener("load", function () {
    if ("serviceWorker" in navigator) {
      // Refused on plain http (a phone on the table's Wi-Fi): the pages work as before, online.
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { return null; });
    }
    load().catch(function () { return null; });
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
