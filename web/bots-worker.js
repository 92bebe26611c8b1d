// The bots' worker: slow bot levels decide here, away from the page's main thread.
//
// A module worker running its own Pyodide (the vendored one) with the game's
// Python modules from web/python-modules.zip (written by scripts/build.py); it
// answers web/worker.py's decide() for each request. web/boot.js starts it and
// hands it the requests: {id, request} in, {id, answer} or {id, error} out, plain JSON.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const ready = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href });
  const response = await fetch(new URL("python-modules.zip", import.meta.url));
  if (!response.ok) throw new Error(`python-modules.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide" });
  return pyodide.pyimport("web.worker").decide;
})();

addEventListener("message", async ({ data: { id, request } }) => {
  try {
    const decide = await ready;
    postMessage({ id, answer: decide(request) });
  } catch (error) {
    postMessage({ id, error: String((error && error.message) || error) });
  }
});
