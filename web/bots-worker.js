// The bots' worker: slow bot levels decide here, away from the page's main thread.
//
// A module worker running its own Pyodide with the game's Python modules
// (web/pyodide-loader.mjs); it answers web/worker.py's decide() for each request
// (reference(), field() and advice() for duplicate tournaments, analyse() for the graded
// analysis of a finished deal, advise() for the hint's best action: {id, kind, request}).
// web/boot.js starts it and hands it the requests: {id, request} in, {id, answer}
// or {id, error} out, plain JSON.
import { start } from "./pyodide-loader.mjs";

const ready = start().then((pyodide) => pyodide.pyimport("web.worker"));
const KINDS = ["decide", "reference", "field", "advice", "analyse", "advise"];

addEventListener("message", async ({ data: { id, kind = "decide", request } }) => {
  try {
    if (!KINDS.includes(kind)) throw new Error(`unknown request ${kind}`);
    const worker = await ready;
    postMessage({ id, answer: worker[kind](request) });
  } catch (error) {
    postMessage({ id, error: String((error && error.message) || error) });
  }
});
