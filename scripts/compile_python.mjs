#!/usr/bin/env node
// Compile Python source to bytecode with the vendored Pyodide itself, under Node.js,
// so that the bytecode is exactly what the page's Python (its version, its magic
// number) reads. Run by scripts/bytecode.py during the build; not by hand.
//
//   node scripts/compile_python.mjs JOB.json
//
// JOB.json: {"stdlib": [IN_ZIP, OUT_ZIP] (optional), "modules": [[SOURCE, PYC, FILENAME], ...]}
// (host paths; FILENAME is the path the module has in the page's file system). The work
// itself is scripts/compile_python.py, run inside Pyodide with the host's / mounted.
import { readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = path.dirname(fileURLToPath(import.meta.url));
const HOST = "/host";

const writer = (fd) => ({ write(buffer) { writeSync(fd, buffer); return buffer.length; } });
const pyodide = await loadPyodide();
pyodide.setStdout(writer(1));
pyodide.setStderr(writer(2));
pyodide.FS.mkdirTree(HOST);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, HOST);

const globals = pyodide.toPy({ HOST, JOB: path.resolve(process.argv[2]) });
let code = 1;
try {
  pyodide.runPython(readFileSync(path.join(here, "compile_python.py"), "utf8"), { globals });
  code = 0;
} catch (error) {
  console.error(String(error));
} finally {
  globals.destroy();
}
process.exit(code);
