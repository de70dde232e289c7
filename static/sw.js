// The service worker, served at /sw.js (scope /) by scorekeeper/web/offline.py,
// which puts SHELL (the app shell's URLs, each with a hash of its content) and
// VERSION (a hash of those) in front of this file.
//
// - The shell is precached (Workbox) under "scorekeeper-shell-<VERSION>"; a
//   new version's worker takes over at once and drops the older shells.
// - The account's game pages (the games list, a sheet, the entry and
//   correction forms, the review) are network-first: the network's answer
//   is kept, and is what the phone shows when the network is gone or slow.
// - Any other page that cannot be fetched gets the offline page.
// - Background Sync ("outbox") sends what the outbox keeps (static/outbox.js).
/* global SHELL, VERSION, workbox, Outbox */
"use strict";
importScripts("/static/vendor/workbox/workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "/static/vendor/workbox/", debug: false });
importScripts("/static/vendor/idb-keyval/umd.js", "/static/outbox.js");

var PAGES = "scorekeeper-pages";
var GAME_PAGE = /^\/games(\/\d+(\/review|\/log\.json|\/hands\/new|\/hands\/\d+\/edit)?)?$/;
// The engine in the browser: Pyodide's files and the engine bundle (hashed URLs: a new engine is a new
// URL), kept once fetched, so a phone that asked for the engine scores kept hands with no network.
var ENGINE = "scorekeeper-engine";
var ENGINE_FILE = /^\/engine\/(pyodide\/\w+\/[^/]+|bundle\.zip)$/;

workbox.core.setCacheNameDetails({ prefix: "scorekeeper", precache: "shell", suffix: VERSION });
workbox.precaching.precacheAndRoute(SHELL);

// A page is kept only as the account's own answer: never a redirect to the
// sign-in page (signed out) or an error.
var onlyTheirOwn = {
  cacheWillUpdate: function (args) {
    var response = args.response;
    return Promise.resolve(response && response.status === 200 && !response.redirected ? response : null);
  }
};

// A kept copy, when it is shown, is a page from the past: its messages ("Hand 3
// saved") are dropped, and so is its entry form's one-time token, so the
// phone makes an id of its own for each hand typed into the copy (a token the
// server made once must never stand for two hands).
var asAKeptCopy = {
  cachedResponseWillBeUsed: function (args) {
    var cached = args.cachedResponse;
    if (!cached || (cached.headers.get("Content-Type") || "").indexOf("text/html") !== 0) return Promise.resolve(cached);
    return cached.text().then(function (page) {
      page = page.replace(/<div class="flashes" role="status">[\s\S]*?<\/div>/, "")
        .replace(/(<input type="hidden" name="token" value=")[^"]*"/, '$1"');
      return new Response(page, { status: cached.status, statusText: cached.statusText, headers: cached.headers });
    });
  }
};

workbox.routing.registerRoute(function (options) {
  return options.url.origin === self.location.origin && GAME_PAGE.test(options.url.pathname);
}, new workbox.strategies.NetworkFirst({
  cacheName: PAGES, networkTimeoutSeconds: 6, plugins: [onlyTheirOwn, asAKeptCopy]
}));

workbox.routing.registerRoute(function (options) {
  return options.url.origin === self.location.origin && ENGINE_FILE.test(options.url.pathname);
}, new workbox.strategies.CacheFirst({
  cacheName: ENGINE,
  plugins: [onlyTheirOwn, new workbox.expiration.ExpirationPlugin({ maxEntries: 12 })]
}));

workbox.routing.setDefaultHandler(new workbox.strategies.NetworkOnly());

workbox.routing.setCatchHandler(function (options) {
  if (options.request.mode === "navigate") return workbox.precaching.matchPrecache("/offline");
  return Promise.resolve(Response.error());
});

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  var current = workbox.core.cacheNames.precache;
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== PAGES && name !== ENGINE && name !== current &&
        (name.indexOf("scorekeeper-") === 0 || name.indexOf("workbox-") === 0);
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function tellPages(result) {
  return self.clients.matchAll({ type: "window" }).then(function (pages) {
    pages.forEach(function (page) {
      page.postMessage({ type: "outbox", recorded: result.recorded.length, held: result.held.length });
    });
  });
}

self.addEventListener("sync", function (event) {
  if (event.tag === "outbox") event.waitUntil(Outbox.flush().then(tellPages));
});
