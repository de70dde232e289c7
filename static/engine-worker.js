// The engine's worker (a module worker, started by engine.js): Pyodide from
// the app's hashed /engine/pyodide/<digest>/ (scorekeeper/web/engine_files.py),
// the engine bundle unpacked into /engine, and scorekeeper.engine.in_browser.replay_all
// answering each page's request.  Logs go in and outcomes come out as JSON
// text, written by Python's json module as the server writes them.
//
// A browser that gets no Brotli over HTTP (a page on plain http: browsers ask
// for it only in secure contexts) is told so by the page (rawBrotli): the big
// files then come as their raw Brotli (<name>.br, no Content-Encoding) with a
// Brotli decoder (brotli-dec-wasm), are decoded here, and Pyodide's own fetch
// of them is answered from memory.
//
// Messages in:  {type: "start", pyodide: "<folder URL>/", bundle: "<zip URL>", rawBrotli}
//               {type: "replay", id, logs: "<JSON list of logs>"}
//               {type: "waiting", id, log: "<JSON log>", items: "<JSON list of kept hands>"}
// Messages out: {type: "progress", loaded} (bytes of the engine's files read so far)
//               {type: "ready", python} or {type: "failed", reason}
//               {type: "replayed", id, outcomes: "<JSON list>"} or {type: "replayed", id, reason}
"use strict";

// What Pyodide loads from its folder (the lock file goes to it as read here).
const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"];
// Those downloaded as their raw Brotli where the browser gets no Brotli over HTTP, with their media type,
// and the decoder's files (scorekeeper/web/engine_files.py: RAW, DECODER).
const RAW = {"pyodide-lock.json": "application/json", "pyodide.asm.wasm": "application/wasm",
  "python_stdlib.zip": "application/zip"};
const DECODER = ["brotli_dec_wasm.js", "brotli_dec_wasm_bg.wasm"];

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

// The raw Brotli files (downloaded with the decoder's), decoded: the lock file returned, and
// Pyodide's fetch of the others (indexURL + name) answered from memory, once; every other
// request goes to the network as before.
async function decodeRaw(folder, found) {
  const decoder = await import(folder + DECODER[0]);
  await decoder.default({module_or_path: found.get(DECODER[1])});
  const decoded = new Map();
  let lock = null;
  for (const [name, type] of Object.entries(RAW)) {
    const bytes = decoder.decompress(new Uint8Array(found.get(`${name}.br`)));
    if (name === "pyodide-lock.json") lock = bytes;
    else decoded.set(new URL(folder + name, self.location).href, {bytes, type});
  }
  const network = self.fetch;
  self.fetch = (resource, options) => {
    const url = new URL(resource instanceof Request ? resource.url : String(resource), self.location).href;
    const kept = decoded.get(url);
    if (!kept) return network.call(self, resource, options);
    decoded.delete(url);
    return Promise.resolve(new Response(kept.bytes, {headers: {"Content-Type": kept.type}}));
  };
  return lock;
}

async function start(folder, bundleURL, rawBrotli) {
  let bytes, lock;
  if (rawBrotli) {
    // pyodide.mjs and pyodide.asm.mjs (small, imported by the browser) still come over HTTP.
    const names = [...Object.keys(RAW).map((name) => `${name}.br`), ...DECODER,
      ...PYODIDE_FILES.filter((name) => !(name in RAW))];
    const [zip, ...found] = await download([bundleURL, ...names.map((name) => folder + name)]);
    bytes = zip;
    lock = await decodeRaw(folder, new Map(names.map((name, index) => [name, found[index]])));
  } else {
    const urls = [bundleURL, `${folder}pyodide-lock.json`, ...PYODIDE_FILES.map((name) => folder + name)];
    [bytes, lock] = await download(urls);
  }
  const pyodide = await loadPython(folder, JSON.parse(new TextDecoder().decode(lock)));
  pyodide.unpackArchive(bytes, "zip", {extractDir: "/engine"});
  pyodide.runPython("import sys\nsys.path.insert(0, '/engine')");
  const entry = pyodide.pyimport("scorekeeper.engine.in_browser");
  replayAll = entry.replay_all;
  scoreWaiting = entry.score_waiting;
  return pyodide.runPython("import sys\nsys.version.split()[0]");
}

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "start" && !starting) {
    starting = start(message.pyodide, message.bundle, Boolean(message.rawBrotli)).then(
      (python) => self.postMessage({type: "ready", python}),
      (error) => self.postMessage({type: "failed", reason: String((error && error.message) || error)}),
    );
  } else if (message.type === "waiting") {
    // The hands kept on the phone, scored after the game's log (in_browser.score_waiting).
    try {
      if (!scoreWaiting) throw new Error("the engine is not loaded");
      self.postMessage({type: "replayed", id: message.id, outcomes: scoreWaiting(message.log, message.items, message.words || "")});
    } catch (error) {
      self.postMessage({type: "replayed", id: message.id, reason: String((error && error.message) || error)});
    }
  } else if (message.type === "replay") {
    if (!replayAll) {
      self.postMessage({type: "replayed", id: message.id, reason: "the engine is not loaded"});
      return;
    }
    try {
      self.postMessage({type: "replayed", id: message.id, outcomes: replayAll(message.logs, message.words || "")});
    } catch (error) {
      self.postMessage({type: "replayed", id: message.id, reason: String((error && error.message) || error)});
    }
  }
});
