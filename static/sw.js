// The service worker, served at /sw.js (scope /) by scorekeeper/web/offline.py,
// which puts SHELL (the app shell's URLs, each with a hash of its content) and
// VERSION (a hash of those) in front of this file.
//
// - The shell is precached (Workbox) under "scorekeeper-shell-<VERSION>"; a
//   new version's worker takes over at once and drops the older shells.
// - The account's game pages (the games list, a sheet, the entry and
//   correction forms, the review), and a keeper phone's pages of its game,
//   are network-first: the network's answer is kept, and is what the phone
//   shows when the network is gone or slow, only to whom it was drawn for
//   (X-Scorekeeper-For, among the X-Scorekeeper-Viewer the server last named).
// - A page asks for itself to be kept ("keep") when the worker took control
//   after it loaded: the first game page a phone opens is kept too.
// - Any other page that cannot be fetched gets the offline page; the live view's held asks are
//   left to the browser (a new version takes over only when no ask is in flight through it).
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

// Whose the phone is now: the accounts and keeper links the server last said this browser's
// session holds (X-Scorekeeper-Viewer, on its pages). Kept with the pages (a worker is stopped
// and started again while offline); a kept copy is shown only if it was drawn for one of them
// (X-Scorekeeper-For), so a copy never reaches another account, or a phone whose session left it.
var VIEWER_KEY = "/offline/viewer";
var viewer = null;

function currentViewer() {
  if (viewer !== null) return Promise.resolve(viewer);
  return caches.open(PAGES).then(function (cache) { return cache.match(VIEWER_KEY); })
    .then(function (kept) { return kept ? kept.text() : ""; })
    .then(function (text) { if (viewer === null) viewer = text; return viewer; });
}

var notesTheViewer = {
  fetchDidSucceed: function (args) {
    var said = args.response.headers.get("X-Scorekeeper-Viewer");
    if (said !== null && said !== viewer) {
      viewer = said;
      return caches.open(PAGES).then(function (cache) {
        return cache.put(VIEWER_KEY, new Response(said, { headers: { "Content-Type": "text/plain" } }));
      }).then(function () { return args.response; }, function () { return args.response; });
    }
    return Promise.resolve(args.response);
  }
};

var onlyForTheirOwner = {
  cachedResponseWillBeUsed: function (args) {
    var cached = args.cachedResponse;
    if (!cached) return Promise.resolve(cached);
    var drawnFor = cached.headers.get("X-Scorekeeper-For");
    return currentViewer().then(function (now) {
      return drawnFor && now.split(" ").indexOf(drawnFor) >= 0 ? cached : null;
    });
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

var gamePages = new workbox.strategies.NetworkFirst({
  cacheName: PAGES, networkTimeoutSeconds: 6, plugins: [notesTheViewer, onlyTheirOwn, onlyForTheirOwner, asAKeptCopy]
});

function isGamePage(url) {
  return url.origin === self.location.origin && GAME_PAGE.test(url.pathname);
}

workbox.routing.registerRoute(function (options) { return isGamePage(options.url); }, gamePages);

workbox.routing.registerRoute(function (options) {
  return options.url.origin === self.location.origin && ENGINE_FILE.test(options.url.pathname);
}, new workbox.strategies.CacheFirst({
  cacheName: ENGINE,
  plugins: [onlyTheirOwn, new workbox.expiration.ExpirationPlugin({ maxEntries: 12 })]
}));

// Everything else goes to the network, but for a held ask (the live view's "Prefer: wait", up to
// 25 s), which the worker leaves to the browser: taken through the worker it would be an event in
// flight the whole time, and a new version of the worker takes over only once none is in flight
// (the spec's "Try Activate"), so a phone sitting on a sheet would keep the old version all evening.
workbox.routing.registerRoute(function (options) {
  return !options.request.headers.has("Prefer");
}, new workbox.strategies.NetworkOnly({ plugins: [notesTheViewer] }));

// A page loaded before this worker took control (a phone's first game page) asks to be kept:
// its own address and its "Record hand" form are fetched here, and kept as any game page is.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  var asked = data.urls.slice(0, 4).map(function (url) { return new URL(url, self.location.origin); })
    .filter(isGamePage);
  event.waitUntil(Promise.all(asked.map(function (url) {
    return gamePages.handle({ request: new Request(url.href, { credentials: "same-origin" }), event: event })
      .catch(function () { return null; });
  })));
});

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
