#!/usr/bin/env python3
"""Download the pure-Python wheels the Pyodide test run needs.

Reads scripts/pyodide-test-requirements.txt and makes sure every pinned wheel
is in .cache/pyodide-wheels/ (hash-checked by pip). Does nothing when they are
all there already. Standard library only; uses the running interpreter's pip.

Usage: python3 scripts/pyodide_wheels.py [--check]
  --check  only report whether the cache is complete (exit 1 if not)
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "scripts" / "pyodide-test-requirements.txt"
CACHE = ROOT / ".cache" / "pyodide-wheels"
PYODIDE_LOCK = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def pinned() -> list[tuple[str, str]]:
    """(name, version) for every requirement line."""
    pins = []
    for line in REQUIREMENTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)", line)
        if not m:
            sys.exit(f"{REQUIREMENTS.name}: expected 'name==version', got: {line}")
        pins.append((m.group(1), m.group(2)))
    return pins


def wheel_for(name: str, version: str) -> Path | None:
    for path in CACHE.glob("*.whl"):
        parts = path.name.split("-")
        if len(parts) >= 5 and canonical(parts[0]) == canonical(name) and parts[1] == version:
            return path
    return None


def missing() -> list[str]:
    return [f"{n}=={v}" for n, v in pinned() if wheel_for(n, v) is None]


def pyodide_python_version() -> str:
    try:
        info = json.loads(PYODIDE_LOCK.read_text())["info"]
        major, minor = info["python"].split(".")[:2]
        return f"{major}.{minor}"
    except (OSError, KeyError, ValueError):
        return "3.14"


def main() -> int:
    todo = missing()
    if "--check" in sys.argv[1:]:
        for req in todo:
            print(f"missing: {req}")
        return 1 if todo else 0
    if not todo:
        print(f"pyodide wheels: all {len(pinned())} present in {CACHE.relative_to(ROOT)}/")
        return 0
    CACHE.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable, "-m", "pip", "download",
        "--disable-pip-version-check", "--quiet",
        "--no-deps", "--only-binary=:all:",
        "--platform", "any", "--implementation", "py", "--abi", "none",
        "--python-version", pyodide_python_version(),
        "--dest", str(CACHE),
        "--requirement", str(REQUIREMENTS),
    ]
    print("pyodide wheels: downloading", ", ".join(todo))
    subprocess.run(cmd, check=True)
    still = missing()
    if still:
        print("pyodide wheels: still missing after download:", ", ".join(still), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
