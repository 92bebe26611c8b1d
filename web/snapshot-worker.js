// Prepares quicker returning visits: starts a Python of its own and saves a
// snapshot of it (web/pyodide-loader.mjs), then tells web/boot.js and ends.
import { makeSnapshot } from "./pyodide-loader.mjs";

makeSnapshot().then(
  (saved) => postMessage({ saved }),
  (error) => postMessage({ error: String((error && error.message) || error) }),
);
