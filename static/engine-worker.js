// The engine's worker (a module worker, started by engine.js): Pyodide from
// the app's own static/vendor/pyodide/, the engine bundle unpacked into
// /engine, and scorekeeper.in_browser.replay_all answering each page's
// request.  Logs go in and outcomes come out as JSON text, written by
// Python's json module as the server writes them.
//
// Messages in:  {type: "start", pyodide: "<folder URL>/", bundle: "<zip URL>"}
//               {type: "replay", id, logs: "<JSON list of logs>"}
//               {type: "waiting", id, log: "<JSON log>", items: "<JSON list of kept hands>"}
// Messages out: {type: "ready", python} or {type: "failed", reason}
//               {type: "replayed", id, outcomes: "<JSON list>"} or {type: "replayed", id, reason}
"use strict";

let replayAll = null;
let scoreWaiting = null;
let starting = null;

async function bundleBytes(url) {
  const response = await fetch(url, {credentials: "same-origin"});
  if (!response.ok) throw new Error(`the engine bundle answered ${response.status}`);
  return response.arrayBuffer();
}

async function loadPython(folder) {
  const {loadPyodide} = await import(`${folder}pyodide.mjs`);
  return loadPyodide({indexURL: folder, stdout: () => {}, stderr: () => {}});
}

async function start(folder, bundleURL) {
  // Both at once; either failing fails the start at once.
  const [pyodide, bytes] = await Promise.all([loadPython(folder), bundleBytes(bundleURL)]);
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
