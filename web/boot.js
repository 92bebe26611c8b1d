// The page before Python: the loading stages, the new-game form, the offline service
// worker and its "new version" banner. Plain JavaScript, no dependency; it runs before
// PyScript.
//
// Loading stages (#loading li[data-stage], data-state pending → active → done),
// each driven by a real signal:
//   download  the Python runtime: resource timing entries of pyodide.asm.wasm and
//             python_stdlib.pyc.zip (downloaded, or read from the offline cache);
//   start     Python starting: PyScript's py:progress events "Loading interpreter"
//             and "Loaded interpreter";
//   game      the game's modules loading, until Python's first render (the
//             performance mark "tarot:ready" set by web/browser/table.py).
// Marks "tarot:downloaded" and "tarot:python-started" record the first two.
//
// The service worker (./sw.js, written by scripts/build.py) is registered once the
// game is ready, so that its downloads never slow the first load down.
//
// window.tarotBots runs slow bots' decisions in a worker (web/bots-worker.js), for
// web/browser/table.py: start(), then decide(requestJson) → Promise of the answer's JSON
// (ask(kind, requestJson) for the worker's other requests: reference, field, advice, analyse,
// advise).

// Python starts as soon as the first frame is painted, then PyScript (which then
// takes this interpreter: see web/pyodide-loader.mjs) runs web/main.py. A page the
// browser does not paint yet (a background tab, an iframe of another site scrolled
// out of view) gets no animation frame: it starts after FIRST_FRAME_WAIT_MS anyway.
const FIRST_FRAME_WAIT_MS = 250;
let pythonStarting = false;

function startPython() {
  if (pythonStarting) return;
  pythonStarting = true;
  import("./pyodide-loader.mjs").then((loader) => loader.start());
  import("../vendor/pyscript/core.js").then(({ hooks }) => {
    // PyScript's own workers are not used (the bots' worker below runs Pyodide
    // directly). Their default hook is compiled from a string (new Function), which
    // the Content-Security-Policy forbids: take it out before PyScript reads it.
    hooks.worker.onBeforeRunAsync.clear();
  });
}

// A returning visit's Python starts from a snapshot (web/pyodide-loader.mjs), 31 MB in the
// browser's Cache Storage: looking it up and reading it take a few tenths of a second and
// need nothing else, so they start now: globalThis.tarotSnapshot, for the loader. Only where
// this browser has said it saved one (SNAPSHOT_SAVED, below): a first visit does not wait on
// a lookup (opening the Cache Storage alone took up to 0.14 s of a first visit, measured).
const SNAPSHOT_CACHE = "tarot python snapshots";
const SNAPSHOT_NAME = "dev"; // written by scripts/build.py, here and in web/pyodide-loader.mjs
const SNAPSHOT_SAVED = "tarot.python-snapshot"; // localStorage: the name of the snapshot saved

function snapshotSaid() {
  try {
    return localStorage.getItem(SNAPSHOT_SAVED) === SNAPSHOT_NAME;
  } catch {
    return false; // no storage here: no snapshot either
  }
}

globalThis.tarotSnapshot = (async () => {
  if (!snapshotSaid()) return null;
  const key = new URL(`../vendor/pyodide/${SNAPSHOT_NAME}`, import.meta.url).href;
  const response = await caches.match(key, { cacheName: SNAPSHOT_CACHE });
  if (!response) return null;
  const bytes = response.arrayBuffer();
  bytes.catch(() => {}); // the loader's restore then fails, and Python starts afresh
  return { key, bytes };
})().catch(() => null); // no Cache Storage here (an insecure context, a blocked frame)

requestAnimationFrame(() => setTimeout(startPython));
setTimeout(startPython, FIRST_FRAME_WAIT_MS);

// The words shown before Python, in every language: the build writes them into index.html
// from the catalogues (tarot/locale/LANG.json), as JSON in <template id="boot-words">.
const WORDS = JSON.parse(document.getElementById("boot-words")?.content.textContent || "{}");
const wordsOf = (lang) => WORDS[lang] || WORDS[DEFAULT_LANG] || {};

// Shared with Python (web/browser/params.py, web/match/session.py): written by `python3 -m web.browser.bootwords --write`.
const URL_YES = ["", "1", "true", "yes", "on", "oui"];
const URL_NO = ["0", "false", "no", "off", "non"];
const URL_LANGS = ["fr", "en", "xx"];
const DEFAULT_LANG = "fr";
const SAVE_KEY = "tarot.table";
// End of the words shared with Python.

const params = new URLSearchParams(location.search);

// A parameter read as web/browser/params.py reads it: its words trimmed and in lower case,
// the last one that `read` accepts (undefined: not accepted) wins.
function param(name, read) {
  let found;
  for (const [key, value] of params) {
    const got = key.trim() === name ? read(value.trim().toLowerCase()) : undefined;
    if (got !== undefined) found = got;
  }
  return found;
}
// A bare `?embed` means yes, as in Python; no value that Python refuses embeds.
const yesNo = (word) => (URL_YES.includes(word) ? true : URL_NO.includes(word) ? false : undefined);
const embedded = param("embed", yesNo) ?? false;

function startLang() {
  const asked = param("lang", (word) => (URL_LANGS.includes(word) ? word : undefined));
  if (asked) return asked;
  if (!embedded) {
    try {
      const saved = JSON.parse(localStorage.getItem(SAVE_KEY) || "null");
      const kept = saved && saved.settings && saved.settings.lang;
      if (URL_LANGS.includes(kept)) return kept;
    } catch {
      // no storage (blocked in this frame) or a damaged save: French
    }
  }
  return DEFAULT_LANG;
}

const table = document.getElementById("table");
const loading = document.getElementById("loading");
if (embedded) table.classList.add("embed");

// ------------------------------------------------------------------ stages
const lang = startLang();
if (loading) {
  for (const el of loading.querySelectorAll("[data-text]")) el.textContent = wordsOf(lang)[el.dataset.text];
  loading.lang = lang;
}

function stage(name, state) {
  const item = loading && loading.querySelector(`[data-stage="${name}"]`);
  if (!item || item.dataset.state === "done" || item.dataset.state === state) return;
  item.dataset.state = state;
  const active = loading.querySelector("[data-state=active]");
  loading.dataset.stage = active ? active.dataset.stage : name;
}

const RUNTIME = ["pyodide.asm.wasm", "python_stdlib.pyc.zip"];
const arrived = new Set();
let downloaded = false;

// The runtime is in: the download ends and Python's start begins (in that order, always).
function runtimeDownloaded() {
  if (downloaded) return;
  downloaded = true;
  resources.disconnect();
  performance.mark("tarot:downloaded");
  stage("download", "done");
  stage("start", "active");
}

function note(entries) {
  for (const entry of entries) {
    const file = entry.name.split("?")[0].split("/").pop();
    if (RUNTIME.includes(file)) arrived.add(file);
  }
  if (arrived.size === RUNTIME.length) runtimeDownloaded();
}
const resources = new PerformanceObserver((list) => note(list.getEntries()));
resources.observe({ type: "resource", buffered: true });

addEventListener("py:progress", ({ detail }) => {
  if (detail === "Loading interpreter") {
    // The observer's call can come late while Python starts on this thread: look now.
    note(performance.getEntriesByType("resource"));
  } else if (detail === "Loaded interpreter") {
    performance.mark("tarot:python-started");
    runtimeDownloaded(); // a started Python had its runtime
    stage("start", "done");
    stage("game", "active");
  }
});

const marks = new PerformanceObserver((list) => {
  if (list.getEntries().some((entry) => entry.name === "tarot:ready")) {
    marks.disconnect();
    stage("game", "done");
    registerServiceWorker();
    setTimeout(prepareNextVisit, SNAPSHOT_DELAY_MS);
  }
});
marks.observe({ type: "mark", buffered: true });

// ------------------------------------------------------ new game before Python
// A new visitor (no saved game, no game set by the URL, not embedded) gets the new-game
// form at once, before Python is ready: web/draw/render.py's own form for the language,
// which the build writes into index.html (<template id="setup-fr">, "setup-en").
// Python's first render draws the same form into #overlay; at that moment (a
// MutationObserver, before anything else runs) the choices made so far are copied
// into it, and a *Commencer* (or *Annuler*) asked early is taken by Python's form. After
// an early *Commencer* the loading stages show until the deal starts.
const PARAMS_KEEPING_THE_FORM = new Set(["lang", "pause"]);

function hasSavedGame() {
  try {
    return Boolean(localStorage.getItem(SAVE_KEY));
  } catch {
    return false; // no storage: Python opens the new-game form too
  }
}

function copyChoices(from, to) {
  for (const field of from.elements) {
    if (!field.name) continue;
    if (field.type === "radio" || field.type === "checkbox") {
      for (const twin of to.querySelectorAll(`[name="${field.name}"]`)) {
        if (twin.value === field.value) twin.checked = field.checked;
      }
    } else if (to.elements[field.name] && !(to.elements[field.name] instanceof RadioNodeList)) {
      to.elements[field.name].value = field.value;
    }
  }
}

function twinOf(field, form) {
  if (field.name) {
    return field.type === "radio" || field.type === "checkbox"
      ? form.querySelector(`[name="${field.name}"][value="${field.value}"]`)
      : form.elements[field.name];
  }
  return field.dataset.action ? form.querySelector(`[data-action="${field.dataset.action}"]`) : null;
}

function openEarlySetup() {
  const overlay = document.getElementById("overlay");
  const template = document.getElementById(`setup-${lang}`);
  if (embedded || !overlay || !template || hasSavedGame()) return;
  if ([...params.keys()].some((key) => !PARAMS_KEEPING_THE_FORM.has(key))) return;
  overlay.replaceChildren(template.content.cloneNode(true));
  const early = overlay.querySelector("form");
  overlay.firstElementChild.dataset.early = "";
  if (loading) loading.style.display = "none"; // the form first; the stages after Commencer
  let asked = null; // "start" or "cancel-setup", asked before Python was ready
  let focused = null;
  early.addEventListener("focusin", ({ target }) => { focused = target; });
  const wait = (action) => {
    asked = action;
    overlay.style.display = "none";
    if (loading) loading.style.display = "";
  };
  early.addEventListener("submit", (event) => {
    event.preventDefault();
    wait("start");
  });
  early.addEventListener("click", (event) => {
    if (event.target.closest("[data-action=cancel-setup]")) wait("cancel-setup");
  });
  new MutationObserver((changes, observer) => {
    if (early.isConnected) return;
    observer.disconnect(); // Python has drawn the overlay
    overlay.style.display = "";
    const form = document.getElementById("setup-form");
    if (!form) return;
    copyChoices(early, form);
    const button = asked && form.querySelector(`[data-action="${asked}"]`);
    if (asked === "start" && button) form.requestSubmit(button);
    else if (button) button.click();
    else if (focused && early.contains(focused)) {
      const twin = twinOf(focused, form);
      if (twin) twin.focus();
    }
  }).observe(overlay, { childList: true });
  performance.mark("tarot:setup-early");
}

openEarlySetup();

// ------------------------------------------------------------- next visit
// Once the game has been open a while, a worker saves a snapshot of a freshly
// started Python (web/snapshot-worker.js), which later visits restore instead of
// starting Python again. It runs once per browser and version of the game.
const SNAPSHOT_DELAY_MS = 20_000;

function sayThatSnapshotIsSaved() {
  try {
    localStorage.setItem(SNAPSHOT_SAVED, SNAPSHOT_NAME);
  } catch {
    // no storage here: the next visit starts Python afresh
  }
}

async function prepareNextVisit() {
  try {
    const loader = await import("./pyodide-loader.mjs");
    if (!("caches" in window)) return;
    if (await loader.hasSnapshot()) {
      sayThatSnapshotIsSaved();
      return;
    }
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
    worker.addEventListener("message", ({ data }) => {
      worker.terminate();
      if (data.error) {
        console.warn("Tarot: Python snapshot not made:", data.error);
        return;
      }
      sayThatSnapshotIsSaved();
      performance.mark("tarot:snapshot-saved");
    });
  } catch (error) {
    console.warn("Tarot: Python snapshot not made:", error);
  }
}

// ---------------------------------------------------------- offline, updates
let reloadAsked = false;

function offerUpdate(waiting) {
  const banner = document.getElementById("update");
  if (!banner) return;
  const words = wordsOf(table.dataset.lang);
  for (const el of banner.querySelectorAll("[data-text]")) el.textContent = words[el.dataset.text];
  banner.lang = table.dataset.lang || DEFAULT_LANG;
  const button = banner.querySelector("[data-action=reload-update]");
  button.onclick = () => {
    reloadAsked = true;
    button.disabled = true;
    waiting.postMessage({ type: "skip-waiting" });
  };
  banner.hidden = false;
}

function watch(registration) {
  const track = (worker) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
    };
    worker.addEventListener("statechange", check);
    check();
  };
  track(registration.waiting);
  track(registration.installing);
  registration.addEventListener("updatefound", () => track(registration.installing));
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloadAsked) location.reload();
  });
  navigator.serviceWorker
    .register("./sw.js", { updateViaCache: "none" })
    .then(watch)
    .catch((error) => console.warn("Tarot: no offline play in this browser:", error));
}

// ---------------------------------------------------------------- bots' worker
let botsWorker = null;
let nextRequest = 0;
const waiting = new Map();

function settle(id, outcome) {
  const request = waiting.get(id);
  waiting.delete(id);
  if (request) outcome(request);
}

window.tarotBots = {
  start() {
    if (botsWorker) return;
    botsWorker = new Worker(new URL("./bots-worker.js", import.meta.url), { type: "module" });
    botsWorker.addEventListener("message", ({ data }) => settle(data.id, (request) =>
      data.error === undefined ? request.resolve(data.answer) : request.reject(new Error(data.error))));
    botsWorker.addEventListener("error", (event) => {
      for (const id of [...waiting.keys()]) {
        settle(id, (request) => request.reject(new Error(event.message || "the bots' worker failed")));
      }
    });
  },
  decide(requestJson) {
    return this.ask("decide", requestJson);
  },
  // kind: a function of web/worker.py (decide; reference, field and advice for duplicate tournaments;
  // analyse for the graded analysis of a finished deal; advise for the hint's best action).
  ask(kind, requestJson) {
    this.start();
    return new Promise((resolve, reject) => {
      const id = nextRequest++;
      waiting.set(id, { resolve, reject });
      botsWorker.postMessage({ id, kind, request: requestJson });
    });
  },
};
