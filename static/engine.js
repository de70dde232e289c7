// The engine in the browser (README, "The engine in the browser"): after the
// load event, on game pages only, a worker runs scorekeeper.engine in Pyodide,
// and only on a phone that asked for it (the switch on the sheet, kept in
// localStorage), that is on an unmetered connection with Save-Data off, or
// that already keeps the engine's files (the service worker's cache).
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
    shown.state(state);
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
    if (message.type === "progress") {
      const total = Number(data.bytes) || 0;
      shown.progress(message.loaded);
      document.dispatchEvent(new CustomEvent("scorekeeper:engine", {detail: {state: "loading", loaded: message.loaded, total}}));
    } else if (message.type === "ready") {
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
    if (api.state !== "waiting" && api.state !== "off") return;
    api.state = "loading";
    shown.state("loading");
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

  // Whether this phone downloads the engine: "on" or "off" as its user set the
  // switch; unset, only on a connection the browser calls unmetered (Wi-Fi or
  // Ethernet) with Save-Data off, or with the engine's files already kept.
  const CHOICE = "scorekeeper-engine";
  const chosen = () => { try { return localStorage.getItem(CHOICE); } catch (error) { return null; } };
  const choose = (value) => { try { localStorage.setItem(CHOICE, value); } catch (error) { /* private mode */ } };
  const unmetered = () => {
    const connection = navigator.connection;
    return Boolean(connection && !connection.saveData && (connection.type === "wifi" || connection.type === "ethernet"));
  };
  const kept = () => (window.caches ? Promise.all(
    [data.pyodide + "pyodide.asm.wasm", data.pyodide + "python_stdlib.zip", data.bundle].map(
      (url) => caches.match(url, {cacheName: "scorekeeper-engine", ignoreVary: true}))
  ).then((found) => found.every(Boolean), () => false) : Promise.resolve(false));
  const wanted = () => {
    const choice = chosen();
    if (choice) return Promise.resolve(choice === "on");
    return unmetered() ? Promise.resolve(true) : kept();
  };

  // The switch on the sheet (templates/games/_engine_switch.html), where the page has it.
  const shown = (() => {
    const box = document.getElementById("engine-switch");
    if (!box) return {progress() {}, state() {}};
    const toggle = document.getElementById("engine-wanted");
    const bar = document.getElementById("engine-progress");
    const status = document.getElementById("engine-status");
    const total = Number(data.bytes) || 0;
    const say = (text) => { status.textContent = text; };
    const view = {
      progress(loaded) {
        bar.hidden = false;
        bar.value = Math.min(loaded, total);
        if (total && loaded >= total) say("Downloaded: starting the scoring engine.");
        else say("Downloading the scoring engine: " + (total ? Math.floor(100 * loaded / total) : 0) + "%.");
      },
      state(state) {
        if (state === "loading") {
          toggle.checked = true;
          bar.hidden = false;
          say("Downloading the scoring engine.");
        } else if (state === "ready") {
          toggle.checked = true;
          bar.value = total;
          bar.hidden = true;
          say("The scoring engine is on this phone: hands kept offline are scored exactly.");
        } else if (state === "unavailable") {
          bar.hidden = true;
          say("The scoring engine could not start on this phone: hands kept offline are scored when sent.");
        }
      },
    };
    toggle.addEventListener("change", () => {
      if (toggle.checked) {
        choose("on");
        start();
        return;
      }
      choose("off");
      if (window.caches) caches.delete("scorekeeper-engine").catch(() => {});
      say("The scoring engine is off: hands kept offline show what was typed and are scored when sent.");
    });
    box.hidden = false;
    return view;
  })();

  // Never part of the first load, and only once the page has been open 1.5 s
  // (a page tapped through is not worth starting Python for), when idle.
  const later = () => setTimeout(() => (window.requestIdleCallback || ((run) => run()))(() => {
    wanted().then((yes) => {
      if (yes) start();
      else if (api.state === "waiting") announce("off");  // (unless the switch started it meanwhile)
    });
  }, {timeout: 2000}), 1500);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, {once: true});
})();
