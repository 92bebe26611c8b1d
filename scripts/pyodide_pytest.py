"""Run pytest inside Pyodide. Executed by scripts/pyodide_tests.mjs, not by CPython.

The JavaScript side mounts the repository (NODEFS) and sets these globals:
  REPO_ROOT   path of the repository inside the Pyodide file system
  PYTEST_ARGS list of command-line arguments for pytest
The pinned wheels from scripts/pyodide-test-requirements.txt (downloaded into
.cache/pyodide-wheels/ by scripts/pyodide_wheels.py) are unpacked into an
in-memory folder that is put on sys.path. Nothing is fetched over the network.
"""

import os
import re
import sys
import zipfile
from pathlib import Path

SITE = Path("/tmp/pyodide-test-site-packages")


def _canonical(name):
    return re.sub(r"[-_.]+", "_", name).lower()


def _install_wheels(root):
    requirements = root / "scripts" / "pyodide-test-requirements.txt"
    cache = root / ".cache" / "pyodide-wheels"
    wheels = list(cache.glob("*.whl")) if cache.is_dir() else []
    SITE.mkdir(parents=True, exist_ok=True)
    for line in requirements.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, version = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)", line).groups()
        for wheel in wheels:
            parts = wheel.name.split("-")
            if _canonical(parts[0]) == _canonical(name) and parts[1] == version:
                with zipfile.ZipFile(wheel) as zf:
                    zf.extractall(SITE)
                break
        else:
            raise SystemExit(
                f"wheel for {name}=={version} not found in {cache}; "
                "run: python3 scripts/pyodide_wheels.py"
            )
    sys.path.insert(0, str(SITE))


def run(root, args):
    root = Path(root)
    # The repository is mounted read-write: keep CPython-3.14 bytecode and the
    # hypothesis example database out of it.
    sys.dont_write_bytecode = True
    os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", "/tmp/hypothesis")
    _install_wheels(root)
    # Same as `python -m pytest` from the repository root: the root is importable.
    sys.path.insert(0, str(root))
    os.chdir(root)
    import pytest

    print(f"pytest {pytest.__version__} on Python {sys.version.split()[0]} "
          f"({sys.platform}) in Pyodide", flush=True)
    return int(pytest.main(list(args)))


EXIT_CODE = run(REPO_ROOT, PYTEST_ARGS)  # noqa: F821 (set by the JavaScript side)
