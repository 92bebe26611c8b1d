// The Python runtime for the page and the bots' worker: the vendored Pyodide with
// its standard library as bytecode (vendor/pyodide/python_stdlib.pyc.zip) and the
// game's Python modules with theirs (web/python-modules.tar.gz, unpacked by the browser
// while the runtime loads), both written by scripts/build.py, the bytecode compiled by
// this same Pyodide: Python compiles no module of its own or of the game when it starts.
//
// PyScript loads it as its interpreter (pyscript.toml: interpreter =
// "./web/pyodide-loader.mjs") and calls loadPyodide() (which spares PyScript's start the
// writing of its own package: see afterPyScriptWrites); web/boot.js calls start()
// first, as the page opens, so that Python starts while PyScript itself is still
// loading, and the modules arrive in one download alongside the runtime.
//
// Returning visits skip Python's own start-up: makeSnapshot(), run once in a worker
// of its own (web/snapshot-worker.js, started by web/boot.js after a first visit),
// saves the memory of a freshly started Python that has imported the game's modules
// in the browser's Cache Storage, and later starts restore it (mark
// "tarot:python-from-snapshot"). A snapshot that cannot
// be read, stored or restored only means a normal start.
import { loadPyodide as loadVendored } from "../vendor/pyodide/pyodide.mjs";

// WebAssembly stack switching (JSPI) hidden from Pyodide, which looks for it as it starts:
// Python then runs as in a browser without it (the game never waits on JavaScript synchronously).
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name];

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const BUNDLE_URL = new URL("./python-modules.tar.gz", import.meta.url).href;
const STDLIB_URL = new URL("python_stdlib.pyc.zip", INDEX_URL).href;
const HOME = "/home/pyodide";
const SNAPSHOT_CACHE = "tarot python snapshots";
// The snapshot's name: Pyodide's version and a hash of web/python-modules.tar.gz (a snapshot
// holds the game's modules imported, so a new version of either makes a new snapshot).
const SNAPSHOT_NAME = "dev"; // written by scripts/build.py, here and in web/boot.js
const SNAPSHOT_KEY = new URL(SNAPSHOT_NAME, INDEX_URL).href; // a cache key, never fetched
// What the snapshot holds imported: the game's modules (pure Python: none touches the
// browser) and the standard library's modules the page imports; never a module that
// holds a JavaScript object (PyScript's), which a snapshot cannot keep.
const SNAPSHOT_IMPORTS = [
  "import ast, asyncio, base64, codeop, html, inspect, json, pathlib, shutil, tempfile, textwrap, traceback, zipfile",
  "import pyodide._package_loader, pyodide.code",  // unpackArchive's, PyScript's
  // Every module of the game that web/browser/table.py imports, at its start or later, as the text
  // mode, the hands editor and the bots are (tests/test_web_files.py checks it).
  "import web.match.botstep, web.match.clicks, web.duplicate.tournament, web.teaching.extras, web.browser.focus, web.match.forms, web.match.history, web.browser.keys, "
    + "web.draw.labels, web.browser.lease, web.match.page, web.browser.params, web.draw.render, web.teaching.review, web.match.session, web.match.settings, "
    + "web.browser.storage, web.browser.tabs, web.teaching.teacher, web.teaching, web.browser.transfer, web.browser.host, web.text.commands, web.text.transcript, web.teaching.editor, web.browser.patch, web.worker",
  // What a cold start imports when first needed: the bots' levels and the graded analysis.
  "import tarot.bots.levels, tarot.teaching.analysis",
  // The catalogues of the languages offered, read once (tarot/locale/*.json).
  "import tarot.words\nfor lang in tarot.words.LANGS: tarot.words.catalogue(lang)",
].join("\n");
// A restored Python's random numbers would be the same on every visit: seeded afresh.
const AFTER_RESTORE = "import sys\nif 'random' in sys.modules: sys.modules['random'].seed()";

// Python's output goes to the console until PyScript hands its own writers over.
const output = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };
let started = null;

async function fetchBundle() {
  const response = await fetch(BUNDLE_URL);
  if (!response.ok) throw new Error(`${BUNDLE_URL}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// A server that declares the archive's gzip as its Content-Encoding hands over the tar itself.
const isGzip = (bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b;

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The files of a tar (ustar, as scripts/delivery.py writes it: regular files only): [[path, bytes]].
function untar(bytes) {
  const text = new TextDecoder();
  const field = (at, length) => {
    const raw = bytes.subarray(at, at + length);
    const end = raw.indexOf(0);
    return text.decode(end < 0 ? raw : raw.subarray(0, end));
  };
  const files = [];
  for (let at = 0; at + 512 <= bytes.length && bytes[at] !== 0;) {
    const size = parseInt(field(at + 124, 12).trim(), 8);
    if (!(size >= 0) || field(at + 257, 6) !== "ustar") throw new Error("not a ustar archive");
    const prefix = field(at + 345, 155);
    const name = (prefix ? `${prefix}/` : "") + field(at, 100);
    if ((field(at + 156, 1) || "0") === "0") files.push([name, bytes.subarray(at + 512, at + 512 + size)]);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

// The bundle's files, unpacked by the browser (DecompressionStream, one stream for the whole
// archive) while the runtime loads, so that Python has only to find them written (its own
// unpacking, in WebAssembly, took a tenth of a second and more, after the runtime); where the
// browser cannot, the archive itself, for Python to unpack.
async function readBundle() {
  const bytes = await fetchBundle();
  try {
    if (!isGzip(bytes)) return untar(bytes);
    if (typeof DecompressionStream === "function") return untar(await gunzip(bytes));
  } catch (error) {
    console.warn("Python modules unpacked by Python:", error);
  }
  return bytes;
}

// The game's modules in Python's file system, under HOME (on its sys.path).
function install(pyodide, bundle) {
  if (bundle instanceof Uint8Array) {
    pyodide.unpackArchive(bundle, isGzip(bundle) ? "gztar" : "tar", { extractDir: HOME });
    return;
  }
  const folders = new Set();
  for (const [name, data] of bundle) {
    const path = `${HOME}/${name}`;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!folders.has(folder)) pyodide.FS.mkdirTree(folder);
    folders.add(folder);
    pyodide.FS.writeFile(path, data);
  }
  pyodide.runPython(FORGET_LISTINGS);
}

// The import system's finders forget the folders' listings they hold, so that they see the
// files just written: what importlib.invalidate_caches() does for them, without its import of
// importlib.metadata (six modules, 60 to 110 ms of a start) for caches the page never has.
const FORGET_LISTINGS = `def _forget_listings():
    import sys
    for name, finder in list(sys.path_importer_cache.items()):
        if finder is None or not name.startswith("/"):
            del sys.path_importer_cache[name]
        elif hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()
_forget_listings()
del _forget_listings`;

// The saved snapshot's entry (its body is read later, while Pyodide loads), or null.
async function savedSnapshot() {
  try {
    return (await caches.match(SNAPSHOT_KEY, { cacheName: SNAPSHOT_CACHE })) || null;
  } catch {
    return null; // no Cache Storage here (an insecure context, a blocked frame)
  }
}

async function saveSnapshot(snapshot) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    for (const request of await cache.keys()) {
      if (request.url.startsWith(INDEX_URL)) await cache.delete(request); // this site's, of an older Pyodide
    }
    await cache.put(SNAPSHOT_KEY, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {
    console.warn("Python snapshot not saved:", error);
  }
}

const pythonOptions = () => ({
  indexURL: INDEX_URL,
  stdLibURL: STDLIB_URL,
  stdout: (text) => output.stdout(text),
  stderr: (text) => output.stderr(text),
});

let restored = false; // this Python is a snapshot's: it has imported the game already

// The dataclasses' generated methods come compiled in the bundle (web/browser/classcode.py): a
// fresh Python runs them rather than compiling them as the game's classes are created.
function useDataclassCode(pyodide) {
  const known = pyodide.runPython(`from web.browser.classcode import FILE, use_file\nuse_file("${HOME}/" + FILE)`);
  performance.mark("tarot:dataclass-code", { detail: known });
}

// The saved snapshot, { bytes } (a promise, which Pyodide awaits once its own script is
// loaded), or null. The page's is the one web/boot.js looked up as the page opened; a worker
// looks its own up.
async function snapshotRead() {
  if ("tarotSnapshot" in globalThis) {
    const early = await globalThis.tarotSnapshot;
    return early?.key === SNAPSHOT_KEY ? early : null;
  }
  const snapshot = await savedSnapshot();
  if (!snapshot) return null;
  const bytes = snapshot.arrayBuffer();
  bytes.catch(() => {}); // a body that cannot be read fails loadVendored, handled there
  return { bytes };
}

async function startPython() {
  const { bytes } = (await snapshotRead()) || {};
  if (bytes) {
    try {
      const pyodide = await loadVendored({ ...pythonOptions(), _loadSnapshot: bytes });
      pyodide.runPython(AFTER_RESTORE);
      restored = true;
      performance.mark("tarot:python-from-snapshot");
      return pyodide;
    } catch (error) {
      console.warn("Python snapshot not usable, starting afresh:", error);
      caches.open(SNAPSHOT_CACHE).then((cache) => cache.delete(SNAPSHOT_KEY)).catch(() => {}); // made anew later
    }
  }
  return loadVendored(pythonOptions());
}

// A Python started for this only: in snapshot mode its `js` module is not usable.
export async function makeSnapshot() {
  if (await savedSnapshot()) return false;
  const bundle = readBundle();
  const pyodide = await loadVendored({ ...pythonOptions(), _makeSnapshot: true });
  install(pyodide, await bundle);
  pyodide.runPython(SNAPSHOT_IMPORTS);
  await saveSnapshot(pyodide.makeMemorySnapshot());
  return true;
}

export async function hasSnapshot() {
  return (await savedSnapshot()) !== null;
}

export function start() {
  if (!started) {
    const bundle = readBundle();
    started = startPython().then(async (pyodide) => {
      install(pyodide, await bundle);
      if (!restored) useDataclassCode(pyodide);
      performance.mark("tarot:python-loaded");
      return pyodide;
    });
  }
  return started;
}

// Before the page's script, PyScript runs Python code of its own that writes its package's
// sources (pyscript/*.py, 33 kB of Python to compile and run) and imports the package. The
// bundle holds those very sources, already written (scripts/delivery.py takes them from the
// vendored PyScript, whose build checks them), with their bytecode: that code is run as the
// import alone, which spares 0.1 to 0.25 s of a warm start. Code of any other shape runs as it is.
const PYSCRIPT_WRITES = "import os as _os\nfrom pathlib import Path as _Path\n_path = None\n";
const PYSCRIPT_IMPORT = "import pyscript as _pyscript\ndel _Path\ndel _path\ndel _os\ndel _pyscript\n";

// What remains of PyScript's code once its package is imported, or null for any other code.
export function afterPyScriptWrites(code) {
  if (typeof code !== "string" || !code.startsWith(PYSCRIPT_WRITES)) return null;
  const end = code.indexOf(PYSCRIPT_IMPORT);
  return end < 0 ? null : code.slice(end + PYSCRIPT_IMPORT.length);
}

function spareWrites(pyodide) {
  for (const name of ["runPython", "runPythonAsync"]) {
    const run = pyodide[name].bind(pyodide);
    pyodide[name] = (code, ...args) => {
      const rest = afterPyScriptWrites(code);
      if (rest === null) return run(code, ...args);
      pyodide.pyimport("pyscript").destroy();
      return run(rest, ...args);
    };
  }
  return pyodide;
}

let forPyScript = null;

// PyScript's call: its options name the index next to this file, which is not
// where the runtime is, so only its output writers are taken.
export function loadPyodide({ stdout, stderr } = {}) {
  if (stdout) output.stdout = stdout;
  if (stderr) output.stderr = stderr;
  forPyScript ||= start().then(spareWrites);
  return forPyScript;
}
