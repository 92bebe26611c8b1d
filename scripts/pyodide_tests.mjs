#!/usr/bin/env node
// Run the engine's pytest suite inside real Pyodide under Node.js.
//
//   node scripts/pyodide_tests.mjs [pytest arguments...]   (default: tests)
//
// The repository is mounted into Pyodide's file system with NODEFS; pytest,
// hypothesis and their pure-Python dependencies come from the pinned wheels in
// .cache/pyodide-wheels/ (fetched by scripts/pyodide_wheels.py, which this
// script runs first when a wheel is missing). Pyodide itself makes no network
// requests. The exit status is pytest's.

import { spawnSync } from "node:child_process";
import { readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");

// Pyodide's own file system has /lib, /tmp, /home/pyodide, /dev, /proc:
// mount the repository somewhere that cannot clash with those.
const MOUNT = "/repo";

// -p no:cacheprovider: no .pytest_cache written into the mounted repository.
const BASE_ARGS = ["-q", "-p", "no:cacheprovider"];

function ensureWheels() {
  const python = process.env.PYTHON || "python3";
  const check = spawnSync(python, [path.join(here, "pyodide_wheels.py"), "--check"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (check.status === 0) return;
  const fetch = spawnSync(python, [path.join(here, "pyodide_wheels.py")], {
    cwd: root,
    stdio: "inherit",
  });
  if (fetch.status !== 0) {
    console.error("pyodide_tests: could not prepare the wheels (scripts/pyodide_wheels.py)");
    process.exit(fetch.status || 1);
  }
}

function writer(fd) {
  return {
    write(buffer) {
      writeSync(fd, buffer);
      return buffer.length;
    },
  };
}

async function main() {
  const userArgs = process.argv.slice(2);
  const args = [...BASE_ARGS, ...(userArgs.length ? userArgs : ["tests"])];
  ensureWheels();

  const started = Date.now();
  const pyodide = await loadPyodide({
    env: {
      HOME: "/home/pyodide",
      COLUMNS: String(process.stdout.columns || 100),
    },
  });
  pyodide.setStdout(writer(1));
  pyodide.setStderr(writer(2));

  pyodide.FS.mkdirTree(MOUNT);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, MOUNT);

  const glue = readFileSync(path.join(here, "pyodide_pytest.py"), "utf8");
  const globals = pyodide.toPy({ REPO_ROOT: MOUNT, PYTEST_ARGS: args });
  let code;
  try {
    pyodide.runPython(glue, { globals, filename: "scripts/pyodide_pytest.py" });
    code = globals.get("EXIT_CODE");
  } catch (err) {
    console.error(String(err));
    code = 1;
  } finally {
    globals.destroy();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.error(`pyodide_tests: pytest exited with ${code} (${seconds}s including Pyodide start-up)`);
  process.exit(code);
}

await main();
