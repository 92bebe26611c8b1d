"""Python bytecode for the page, compiled by the vendored Pyodide (standard library only).

Python in the page starts faster from bytecode than from source: it does not compile
the standard library and the game's modules on every visit. The bytecode must be
what the page's own Python reads (its version's magic number and format), so it is
compiled by that Python: ``scripts/compile_python.mjs`` runs the vendored Pyodide
(``node_modules/pyodide``) under Node.js.

- :func:`stdlib` gives Pyodide's ``python_stdlib.zip`` with every module as an
  unchecked hash-based ``.pyc`` (PEP 552) in place of its ``.py`` (zipimport reads
  them as they are; no timestamp, so the same input always gives the same bytes);
- :func:`modules` gives the ``.pyc`` of the game's modules, which the bundle puts in
  place of their source (PyScript's package: in ``__pycache__/`` next to its source);
- :func:`dataclass_code` gives the table of the dataclasses' generated methods of the page's
  modules, compiled (:mod:`web.browser.classcode`);
- :func:`pyscript_sources` gives PyScript's own Python package (``pyscript/*.py``, which
  PyScript writes into Python's home directory when it starts) as the vendored
  PyScript holds it, so that the bundle can carry its bytecode too.

Both are cached in ``.cache/python-bytecode/`` under a hash of what they are made
from (the source, its path in the page, the compiler, Pyodide's version), so a build
only starts Node.js for what changed.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
CACHE = ROOT / ".cache" / "python-bytecode"
COMPILER = [ROOT / "scripts" / "compile_python.mjs", ROOT / "scripts" / "compile_python.py"]
HOME = "/home/pyodide"  # where web/pyodide-loader.mjs unpacks the game's modules
TIMEOUT_S = 600


def _compiler_key() -> str:
    digest = hashlib.sha256()
    for path in COMPILER + [PYODIDE / "package.json", PYODIDE / "pyodide.asm.wasm"]:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def cache_tag() -> str:
    """The page's Python's cache tag (``cpython-314``), from the vendored Pyodide's version."""
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    major, minor = lock["info"]["python"].split(".")[:2]
    return f"cpython-{major}{minor}"


def _run(job: dict) -> None:
    if shutil.which("node") is None:
        raise SystemExit("build: Node.js (node) is needed to compile the page's Python to bytecode")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "job.json"
        path.write_text(json.dumps(job), encoding="utf-8")
        result = subprocess.run(["node", str(COMPILER[0]), str(path)], cwd=ROOT, capture_output=True,
                                text=True, timeout=TIMEOUT_S)
    if result.returncode != 0:
        raise SystemExit(f"build: compiling Python with Pyodide failed:\n{result.stdout}{result.stderr}")


def _write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f".{path.name}.{os.getpid()}")
    part.write_bytes(data)
    part.replace(path)


def stdlib(out: Path) -> Path:
    """Write Pyodide's standard library compiled to bytecode to ``out``; returns ``out``."""
    stock = (PYODIDE / "python_stdlib.zip").resolve()
    key = hashlib.sha256((_compiler_key() + hashlib.sha256(stock.read_bytes()).hexdigest()).encode())
    cached = CACHE / f"python_stdlib-{key.hexdigest()[:24]}.zip"
    if not cached.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            made = Path(tmp).resolve() / "stdlib.zip"
            _run({"stdlib": [str(stock), str(made)]})
            _write_atomically(cached, made.read_bytes())
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(cached, out)
    return out


def modules(sources: dict[str, bytes]) -> dict[str, bytes]:
    """The bytecode of each module (``{"tarot/state.py": source}`` → ``{"tarot/state.py": pyc}``),
    compiled for its place in the page (under Pyodide's home directory)."""
    compiler = _compiler_key()
    keys = {name: hashlib.sha256(f"{compiler}\0{name}\0".encode() + source).hexdigest()[:32]
            for name, source in sources.items()}
    missing = {name: source for name, source in sources.items()
               if not (CACHE / "modules" / f"{keys[name]}.pyc").is_file()}
    if missing:
        (CACHE / "modules").mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            base = Path(tmp).resolve()
            work = []
            for i, (name, source) in enumerate(sorted(missing.items())):
                (base / f"{i}.py").write_bytes(source)
                work.append([str(base / f"{i}.py"), str(base / f"{i}.pyc"), f"{HOME}/{name}"])
            _run({"modules": work})
            for (name, _), (_, pyc, _) in zip(sorted(missing.items()), work):
                _write_atomically(CACHE / "modules" / f"{keys[name]}.pyc", Path(pyc).read_bytes())
    return {name: (CACHE / "modules" / f"{keys[name]}.pyc").read_bytes() for name in sources}


def dataclass_code(site: Path, names: list[str]) -> bytes:
    """The table of :mod:`web.browser.classcode` for the modules ``names`` (``tarot/state.py``…) of the
    built ``site``: each source the dataclasses compile as the modules are imported, with its code."""
    modules = sorted(name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for name in names
                     if name.endswith(".py") and name != "web/main.py")  # the page's script would start the table
    digest = hashlib.sha256(_compiler_key().encode())
    for name in sorted(names):
        digest.update(f"\0{name}\0".encode() + (site / name).read_bytes())
    cached = CACHE / f"dataclasses-{digest.hexdigest()[:24]}.bin"
    if not cached.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            made = Path(tmp).resolve() / "dataclasses.bin"
            _run({"dataclasses": {"root": str(site.resolve()), "modules": modules, "out": str(made)}})
            _write_atomically(cached, made.read_bytes())
    return cached.read_bytes()


PYSCRIPT_STDLIB = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"


def pyscript_sources(vendored: Path) -> dict[str, bytes]:
    """PyScript's Python modules (``{"pyscript/web.py": source}``), read from @pyscript/core's
    build artifact and checked against the vendored PyScript (``vendored``: its dist/ files),
    which holds each source verbatim: the bytecode is of the very source PyScript writes."""
    text = PYSCRIPT_STDLIB.read_text(encoding="utf-8")
    tree = json.loads(text[text.index("export default") + len("export default"):].strip().rstrip(";"))
    dist = "".join(p.read_text(encoding="utf-8", errors="replace") for p in sorted(vendored.glob("*.js")))
    sources: dict[str, bytes] = {}

    def walk(node: dict, prefix: str) -> None:
        for name, value in node.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{name}/")
            elif name.endswith(".py"):
                if json.dumps(value, ensure_ascii=False)[1:-1] not in dist:
                    raise SystemExit(f"build: {prefix}{name} of @pyscript/core differs from the vendored PyScript")
                sources[prefix + name] = value.encode("utf-8")

    walk(tree, "")
    return sources


def pycache_name(name: str) -> str:
    """Where the import system looks for the bytecode of ``name`` (``tarot/state.py`` →
    ``tarot/__pycache__/state.cpython-314.pyc``)."""
    folder, _, file = name.rpartition("/")
    stem = file.removesuffix(".py")
    return f"{folder + '/' if folder else ''}__pycache__/{stem}.{cache_tag()}.pyc"


def sourceless_name(name: str) -> str:
    """The bytecode of ``name`` in place of its source (``tarot/state.py`` → ``tarot/state.pyc``),
    which the import system reads as it is, as zipimport reads the standard library's."""
    return name.removesuffix(".py") + ".pyc"
