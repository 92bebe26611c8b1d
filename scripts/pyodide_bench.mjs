#!/usr/bin/env node
// Run `python -m tarot bench` inside real Pyodide under Node.js.
//
//   node scripts/pyodide_bench.mjs [bench arguments...]   (e.g. --only bots)
//
// The repository is mounted into Pyodide's file system with NODEFS and the
// command line runs unchanged; it prints the same JSON object as under CPython
// (its "python" field names the interpreter). No network request is made.

import { writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MOUNT = "/repo";

const writer = (fd) => ({ write(buffer) { writeSync(fd, buffer); return buffer.length; } });

const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide" } });
pyodide.setStdout(writer(1));
pyodide.setStderr(writer(2));
pyodide.FS.mkdirTree(MOUNT);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, MOUNT);

const globals = pyodide.toPy({ REPO: MOUNT, ARGS: ["bench", ...process.argv.slice(2)] });
let code = 1;
try {
  pyodide.runPython(
    `import sys\nsys.path.insert(0, REPO)\nfrom tarot.tools.cli import main\nEXIT_CODE = main(list(ARGS))`,
    { globals },
  );
  code = globals.get("EXIT_CODE") ?? 0;
} catch (err) {
  console.error(String(err));
} finally {
  globals.destroy();
}
process.exit(code);
