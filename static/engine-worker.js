// The engine's worker (a module worker, started by engine.js): Pyodide from
// the app's hashed /engine/pyodide/<digest>/ (scorekeeper/web/engine_files.py),
// the engine bundle unpacked into /engine, and scorekeeper.in_browser.replay_all
// answering each page's request.  Logs go in and outcomes come out as JSON
// text, written by Python's json module as the server writes them.
//
// Messages in:  {type: "start", pyodide: "<folder URL>/", bundle: "<zip URL>"}
//               {type: "replay", id, logs: "<JSON list of logs>"}
//               {type: "waiting", id, log: "<JSON log>", items: "<JSON list of kept hands>"}
// Messages out: {type: "progress", loaded} (bytes of the engine's files read so far)
//               {type: "ready", python} or {type: "failed", reason}
//               {type: "replayed", id, outcomes: "<JSON list>"} or {type: "replayed", id, reason}
"use strict";

// What Pyodide loads from its folder (the lock file goes to it as read here).
const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"];

let replayAll = null;
let scoreWaiting = null;
let starting = null;

// Every file first, read here so the page can show the download's progress;
// Pyodide's own requests for them then come from the browser's cache (their
// URLs are hashed and immutable) or the service worker's.
async function download(urls) {
  let loaded = 0, told = 0;
  return Promise.all(urls.map(async (url) => {
    const response = await fetch(url, {credentials: "same-origin"});
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const reader = response.body.getReader();
    const parts = [];
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      parts.push(value);
      loaded += value.byteLength;
      if (loaded - told >= 65536) {
        told = loaded;
        self.postMessage({type: "progress", loaded});
      }
    }
    return new Blob(parts).arrayBuffer();
  })).then((found) => {
    self.postMessage({type: "progress", loaded});
    return found;
  });
}

async function loadPython(folder, lock) {
  const {loadPyodide} = await import(`${folder}pyodide.mjs`);
  return loadPyodide({indexURL: folder, lockFileContents: lock, stdout: () => {}, stderr: () => {}});
}

async function start(folder, bundleURL) {
  const urls = [bundleURL, `${folder}pyodide-lock.json`, ...PYODIDE_FILES.map((name) => folder + name)];
  const [bytes, lock] = await download(urls);
  const pyodide = await loadPython(folder, JSON.parse(new TextDecoder().decode(lock)));
  pyodide.unpackArchive(bytes, "zip", {extractDir: "/engine"});
  pyodide.runPython("import sys\nsys.path.insert(0, '/engine')");
  const entry = pyodide.pyimport("scorekeeper.in_browser");
  replayAll = entry.replay_all;
  scoreWaiting = entry.score_waiting;
  return pyodide.runPython("import sys\nsys.version.split()[0]");
}

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "start" && !starting) {
    starting = start(message.pyodide, message.bundle).then(
      (python) => self.postMessage({type: "ready", python}),
      (error) => self.postMessage({type: "failed", reason: String((error && error.message) || error)}),
    );
  } else if (message.type === "waiting") {
    // The hands kept on the phone, scored after the game's log (in_browser.score_waiting).
    try {
      if (!scoreWaiting) throw new Error("the engine is not loaded");
      self.postMessage({type: "replayed", id: message.id, outcomes: scoreWaiting(message.log, message.items)});
    } catch (error) {
      self.postMessage({type: "replayed", id: message.id, reason: String((error && error.message) || error)});
    }
  } else if (message.type === "replay") {
    if (!replayAll) {
      self.postMessage({type: "replayed", id: message.id, reason: "the engine is not loaded"});
      return;
    }
    try {
      self.postMessage({type: "replayed", id: message.id, outcomes: replayAll(message.logs)});
    } catch (error) {
      self.postMessage({type: "replayed", id: message.id, reason: String((error && error.message) || error)});
    }
  }
});
