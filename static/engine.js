// The scoring engine in the browser: the project's own scorekeeper.engine,
// run by Pyodide in a Web Worker (engine-worker.js), so a hand kept on the
// phone shows the score the server will give it, notes included.
//
// Loaded on game pages only (the sheet, the entry form, the review), and
// nothing of the engine is fetched before the page's load event: after it,
// when the browser is idle, the worker starts and fetches Pyodide
// (static/vendor/pyodide/, about 13 MB, cached by the browser and the
// service worker) and the engine bundle (/engine/<digest>.zip, built by the
// app from its package).  The page is never held up by it.
//
// What a page's own script uses:
//
//   scorekeeperEngine.ready            a Promise of {python, bundle}, rejected
//                                      (an Error, code "engine_unavailable")
//                                      where the engine cannot run here
//   scorekeeperEngine.replay(log)      a Promise of the log's sheet, as the
//                                      server's scorekeeper.engine.replay gives
//                                      it; rejected with an Error whose .code
//                                      is the engine's refusal code (and whose
//                                      .refusal holds code, message, hand,
//                                      player, where, field), or
//                                      "engine_unavailable"
//   scorekeeperEngine.replayMany(logs) a Promise of [{sheet} or {error}], one
//                                      per log, in one trip to the worker
//   scorekeeperEngine.state            "waiting", "loading", "ready" or
//                                      "unavailable"
//
// and the document's "scorekeeper:engine" event, whose detail is
// {state: "ready"} or {state: "unavailable", reason}, fired once.  A caller
// shows "scored when sent" while ready is pending or after it rejected.
(function () {
  "use strict";
  var script = document.currentScript;
  var UNAVAILABLE = "engine_unavailable";
  var worker = null;
  var pending = new Map();
  var nextId = 1;
  var settle = {};
  var ready = new Promise(function (resolve, reject) {
    settle.resolve = resolve;
    settle.reject = reject;
  });
  ready.catch(function () {});  // a page that never asks is not told of it

  var api = {
    state: "waiting",
    ready: ready,
    startedAt: null,  // performance.now() when the worker was made
    replay: function (log) {
      return api.replayMany([log]).then(function (outcomes) {
        var found = outcomes[0];
        if (found.error) throw refused(found.error);
        return found.sheet;
      });
    },
    replayMany: function (logs) {
      return ready.then(function () { return ask(logs); });
    },
  };
  window.scorekeeperEngine = api;

  function unavailable(reason) {
    var error = new Error("The scoring engine cannot run in this browser: " + reason);
    error.code = UNAVAILABLE;
    return error;
  }

  function refused(refusal) {
    var error = new Error(refusal.message);
    error.code = refusal.code;
    error.refusal = refusal;
    return error;
  }

  function announce(state, reason) {
    api.state = state;
    var detail = reason ? {state: state, reason: reason} : {state: state};
    document.dispatchEvent(new CustomEvent("scorekeeper:engine", {detail: detail}));
  }

  function fail(reason) {
    if (api.state === "unavailable") return;
    var error = unavailable(reason);
    pending.forEach(function (waiting) { waiting.reject(error); });
    pending.clear();
    if (worker) worker.terminate();
    worker = null;
    settle.reject(error);
    announce("unavailable", reason);
  }

  function ask(logs) {
    if (!worker) return Promise.reject(unavailable("the engine stopped"));
    var id = nextId++;
    return new Promise(function (resolve, reject) {
      pending.set(id, {resolve: resolve, reject: reject});
      worker.postMessage({type: "replay", id: id, logs: JSON.stringify(logs)});
    });
  }

  function answered(event) {
    var message = event.data || {};
    if (message.type === "ready") {
      settle.resolve({python: message.python, bundle: script.dataset.bundle});
      announce("ready");
    } else if (message.type === "failed") {
      fail(message.reason);
    } else if (message.type === "replayed" && pending.has(message.id)) {
      var waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.outcomes !== undefined) waiting.resolve(JSON.parse(message.outcomes));
      else waiting.reject(unavailable(message.reason));
    }
  }

  function start() {
    if (typeof Worker === "undefined" || typeof WebAssembly === "undefined") {
      fail("no Web Worker or WebAssembly");
      return;
    }
    api.state = "loading";
    api.startedAt = performance.now();
    try {
      worker = new Worker(script.dataset.worker, {type: "module", name: "scorekeeper-engine"});
    } catch (error) {
      fail(String(error && error.message || error));
      return;
    }
    worker.addEventListener("message", answered);
    worker.addEventListener("error", function (event) {
      event.preventDefault();
      fail("the engine's worker failed" + (event.message ? ": " + event.message : ""));
    });
    worker.postMessage({type: "start", pyodide: script.dataset.pyodide, bundle: script.dataset.bundle});
  }

  // After the load event (so nothing of it is part of the first load), then
  // when the main thread is idle, or within two seconds.
  function later() {
    setTimeout(function () {
      if (window.requestIdleCallback) window.requestIdleCallback(start, {timeout: 2000});
      else start();
    }, 0);
  }
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, {once: true});
})();
