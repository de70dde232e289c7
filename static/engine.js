// The engine in the browser (README, "The engine in the browser"): after the
// load event, on game pages only, a worker runs scorekeeper.engine in Pyodide.
(() => {
  "use strict";
  const data = document.currentScript.dataset;
  const pending = new Map();
  let worker = null, next = 1, settle;
  const ready = new Promise((resolve, reject) => { settle = {resolve, reject}; });
  ready.catch(() => {});  // a page that never asks is not told of it
  const failure = (code, message, refusal) => Object.assign(new Error(message), {code, refusal});
  const unavailable = (reason) => failure("engine_unavailable", "The scoring engine cannot run here: " + reason);
  const api = window.scorekeeperEngine = {
    state: "waiting", ready, startedAt: null, readyAt: null,
    replayMany: (logs) => ready.then(() => new Promise((resolve, reject) => {
      if (!worker) throw unavailable("the engine stopped");
      const id = next++;
      pending.set(id, {resolve, reject});
      worker.postMessage({type: "replay", id, logs: JSON.stringify(logs)});
    })),
    // Hands kept on the phone ({id, number, fields}), scored after the log: [{id, scores, totals, notes} | {id, error}].
    scoreWaiting: (log, items) => ready.then(() => new Promise((resolve, reject) => {
      if (!worker) throw unavailable("the engine stopped");
      const id = next++;
      pending.set(id, {resolve, reject});
      worker.postMessage({type: "waiting", id, log: JSON.stringify(log), items: JSON.stringify(items)});
    })),
    replay: (log) => api.replayMany([log]).then(([found]) => {
      if (found.error) throw failure(found.error.code, found.error.message, found.error);
      return found.sheet;
    }),
  };
  const announce = (state, reason) => {
    api.state = state;
    document.dispatchEvent(new CustomEvent("scorekeeper:engine", {detail: reason ? {state, reason} : {state}}));
  };
  const fail = (reason) => {
    if (api.state === "unavailable") return;
    const error = unavailable(reason);
    pending.forEach((waiting) => waiting.reject(error));
    pending.clear();
    if (worker) worker.terminate();
    worker = null;
    settle.reject(error);
    announce("unavailable", reason);
  };
  const answered = ({data: message}) => {
    const waiting = pending.get(message.id);
    if (message.type === "ready") {
      api.readyAt = performance.now();
      settle.resolve({python: message.python, bundle: data.bundle});
      announce("ready");
    } else if (message.type === "failed") {
      fail(message.reason);
    } else if (waiting) {
      pending.delete(message.id);
      if (message.outcomes) waiting.resolve(JSON.parse(message.outcomes));
      else waiting.reject(unavailable(message.reason));
    }
  };
  const start = () => {
    if (!window.Worker || !window.WebAssembly) return fail("no Web Worker or WebAssembly");
    api.state = "loading";
    api.startedAt = performance.now();
    try {
      worker = new Worker(data.worker, {type: "module", name: "scorekeeper-engine"});
    } catch (error) {
      return fail(String(error.message || error));
    }
    worker.onmessage = answered;
    worker.onerror = (event) => {
      event.preventDefault();
      fail("the engine's worker failed" + (event.message ? ": " + event.message : ""));
    };
    worker.postMessage({type: "start", pyodide: data.pyodide, bundle: data.bundle});
  };
  // Never part of the first load, and only once the page has been open 1.5 s
  // (a page tapped through is not worth starting Python for), when idle.
  const later = () => setTimeout(() => (window.requestIdleCallback || ((run) => run()))(start, {timeout: 2000}), 1500);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, {once: true});
})();
