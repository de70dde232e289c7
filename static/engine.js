// The engine in the browser (README, "The engine in the browser"): Pyodide in a
// worker, after the load event, on game pages, on a phone that wants it.
(() => {
  "use strict";
  const data = document.currentScript.dataset;
  // The page's words (static/words.js); a page kept from before they came: the English.
  const words = window.words || ((key, values, english) =>
    english.replace(/%\((\w+)\)s|%%/g, (all, name) => (name ? String(values[name]) : "%")));
  const pending = new Map();
  let worker = null, next = 1, settle;
  const ready = new Promise((resolve, reject) => { settle = {resolve, reject}; });
  ready.catch(() => {});  // a page that never asks is not told of it
  const failure = (code, message, refusal) => Object.assign(new Error(message), {code, refusal});
  const unavailable = (reason) => failure("engine_unavailable", "The scoring engine cannot run here: " + reason);
  const ask = (message) => ready.then(() => new Promise((resolve, reject) => {
    if (!worker) throw unavailable("the engine stopped");
    const id = next++;
    pending.set(id, {resolve, reject});
    worker.postMessage({...message, id});
  }));
  // The page's language's notes' words (templates/_engine.html), none on an English page: the
  // engine writes its notes and refusals in them.
  const noteWords = () => (document.getElementById("note-words") || {}).textContent || "";
  const api = window.scorekeeperEngine = {
    state: "waiting", ready, startedAt: null, readyAt: null,
    replayMany: (logs) => ask({type: "replay", logs: JSON.stringify(logs), words: noteWords()}),
    // Hands kept on the phone ({id, number, fields}), scored after the log: [{id, scores, totals, notes} | {id, error}].
    scoreWaiting: (log, items) => ask({type: "waiting", log: JSON.stringify(log), items: JSON.stringify(items),
                                       words: noteWords()}),
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
    // rawBrotli: this browser gets no Brotli over HTTP (plain http), so the worker decodes it itself.
    worker.postMessage({type: "start", pyodide: data.pyodide, bundle: data.bundle, rawBrotli: "rawBrotli" in data});
  };

  // The switch's choice ("on", "off"); unset: only unmetered without Save-Data, or kept.
  const CHOICE = "scorekeeper-engine";
  const choose = (value) => { try { localStorage.setItem(CHOICE, value); } catch (error) { /* private mode */ } };
  const wanted = () => {
    let choice = null;
    try { choice = localStorage.getItem(CHOICE); } catch (error) { /* private mode */ }
    const net = navigator.connection;
    if (choice || (net && !net.saveData && /^(wifi|ethernet)$/.test(net.type))) return Promise.resolve(choice !== "off");
    const raw = "rawBrotli" in data ? ".br" : "";
    return window.caches ? Promise.all([data.pyodide + "pyodide.asm.wasm" + raw, data.pyodide + "python_stdlib.zip" + raw,
      data.bundle].map((url) => caches.match(url, {cacheName: CHOICE, ignoreVary: true})))
      .then((kept) => kept.every(Boolean), () => false) : Promise.resolve(false);
  };

  // The switch on the sheet (templates/games/_engine_switch.html).
  const shown = (() => {
    const box = document.getElementById("engine-switch");
    if (!box) return {progress() {}, state() {}};
    const [toggle, bar, status] = ["wanted", "progress", "status"].map((id) => document.getElementById("engine-" + id));
    const total = Number(data.bytes) || 0;
    const say = (text, showBar) => { status.textContent = text; bar.hidden = !showBar; };
    toggle.addEventListener("change", () => {
      choose(toggle.checked ? "on" : "off");
      if (toggle.checked) return start();
      if (window.caches) caches.delete(CHOICE).catch(() => {});
      say(words("engine.off", null,
        "The scoring engine is off: hands kept offline show what was typed and are scored when sent."));
    });
    box.hidden = false;
    return {
      progress(loaded) {
        bar.value = Math.min(loaded, total);
        say(total && loaded >= total ? words("engine.downloaded", null, "Downloaded: starting the scoring engine.")
          : words("engine.downloading_percent", {percent: total ? Math.floor(100 * loaded / total) : 0},
            "Downloading the scoring engine: %(percent)s%%."), true);
      },
      state(state) {
        if (state === "loading" || state === "ready") toggle.checked = true;
        if (state === "loading") say(words("engine.downloading", null, "Downloading the scoring engine."), true);
        if (state === "ready") {
          say(words("engine.ready", null, "The scoring engine is on this phone: hands kept offline are scored exactly."));
        }
        if (state === "unavailable") {
          say(words("engine.unavailable", null,
            "The scoring engine could not start on this phone: hands kept offline are scored when sent."));
        }
      },
    };
  })();

  // Only once the page has been open 1.5 s (not a page tapped through), when idle.
  const later = () => setTimeout(() => (window.requestIdleCallback || ((run) => run()))(() => {
    wanted().then((yes) => {
      if (yes) start();
      else if (api.state === "waiting") announce("off");
    });
  }, {timeout: 2000}), 1500);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, {once: true});
})();
