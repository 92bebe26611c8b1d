"""The dataclasses' generated methods, compiled ahead of the page: a cold start runs them.

A dataclass writes its ``__init__``, ``__eq__``, ``__repr__``… as Python source and compiles
that source as the class is created: some fifty classes as the game's modules are imported,
a sizeable share of a cold start in WebAssembly.  The build imports the page's modules once
under the page's own Python (the vendored Pyodide, ``scripts/compile_python.py``), keeps
each source :mod:`dataclasses` compiled (:func:`record`) with its code object, and puts the
table in the bundle (:data:`FILE`, written by :func:`dump`).  Before a fresh Python imports
the game, the loader (``web/pyodide-loader.mjs``) calls :func:`use_file`: :mod:`dataclasses`
then runs the code object of a source it knows and compiles any other as it always does.
A table of another Python, or a damaged one, is not used.
"""
from __future__ import annotations

import builtins
import dataclasses
import importlib.util
import marshal
from collections.abc import Iterable, Mapping
from types import CodeType
from typing import Any

FILE = "web/dataclass-code.bin"  # in the bundle, beside the modules
FILENAME = "<string>"  # what dataclasses' own exec() of a source names its code


def compiled(source: str) -> CodeType:
    """``source`` compiled as :mod:`dataclasses` compiles it."""
    return compile(source, FILENAME, "exec")


def dump(sources: Iterable[str]) -> bytes:
    """The table of ``sources`` and their code objects, for this Python only."""
    return importlib.util.MAGIC_NUMBER + marshal.dumps({source: compiled(source) for source in sources})


def load(data: bytes) -> dict[str, CodeType]:
    """The table :func:`dump` wrote; empty for another Python's or a damaged one."""
    magic = importlib.util.MAGIC_NUMBER
    if not data.startswith(magic):
        return {}
    try:
        table = marshal.loads(data[len(magic):])
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {k: v for k, v in table.items() if isinstance(k, str) and isinstance(v, CodeType)}


def use(table: Mapping[str, CodeType]) -> None:
    """From now on :mod:`dataclasses` runs the code object of a source ``table`` knows."""
    def run(source: Any, globals: dict[str, Any] | None = None, locals: Mapping[str, object] | None = None) -> None:
        builtins.exec(table.get(source, source) if isinstance(source, str) else source, globals, locals)

    vars(dataclasses)["exec"] = run  # a name of its module, found before the builtin


def use_file(path: str) -> int:
    """:func:`use` the table in the file at ``path`` (none where it cannot be read); how many sources it knows."""
    try:
        with open(path, "rb") as f:
            table = load(f.read())
    except OSError:
        return 0
    if table:
        use(table)
    return len(table)


def record() -> list[str]:
    """From now on, each source :mod:`dataclasses` compiles is added to the list returned (for the build)."""
    sources: list[str] = []

    def run(source: Any, globals: dict[str, Any] | None = None, locals: Mapping[str, object] | None = None) -> None:
        if isinstance(source, str):
            sources.append(source)
        builtins.exec(source, globals, locals)

    vars(dataclasses)["exec"] = run
    return sources
