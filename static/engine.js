// The scoring engine in the browser (README, "The engine in the browser"):
// after the load event, on game pages only, a worker runs scorekeeper.engine
// in Pyodide.  window.scorekeeperEngine: ready, replay(log), replayMany(logs),
// state; the document's "scorekeeper:engine" event says ready or unavailable.
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
    readyAt: null,  // and when the engine answered ready
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
      api.readyAt = performance.now();
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

  // After the load event, never part of the first load, and once the page has
  // been open a moment (a page tapped through is not worth starting Python
  // for), when the browser is idle or within 2 s of that.
  var SETTLE_MS = 1500;
  function later() {
    setTimeout(function () {
      if (window.requestIdleCallback) window.requestIdleCallback(start, {timeout: 2000});
      else start();
    }, SETTLE_MS);
  }
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, {once: true});
})();
