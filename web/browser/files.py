"""The Python files the page loads: the import closure of ``web/main.py`` (and its worker),
and the data files its modules read (the catalogues of words, ``tarot/locale/*.json``).

PyScript copies the files listed in ``pyscript.toml``'s ``[files]`` into the
browser's file system.  This module finds every module of ``tarot`` and ``web``
that the page imports (directly or not, imports inside functions included) so
the list stays complete when the engine grows:

    python3 -m web.browser.files            # print the [files] section
    python3 -m web.browser.files --write    # rewrite it in pyscript.toml
    python3 -m web.browser.files --check    # exit 1 if pyscript.toml is out of date
    python3 -m web.browser.files --write _site/pyscript.toml  # the build refreshes its copy
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("tarot", "web")
ENTRIES = ("web/main.py", "web/worker.py")  # run as scripts by PyScript (page, bots' worker)
LOADED = ("web/browser/classcode.py",)  # imported by web/pyodide-loader.mjs before the game's modules
DATA = {"tarot/words.py": "tarot/locale/*.json"}  # a module, and the files it reads beside it


def _module_path(name: str) -> Path | None:
    parts = name.split(".")
    if parts[0] not in PACKAGES:
        return None
    base = ROOT.joinpath(*parts)
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    return None


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = _module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)  # submodules
    return found


def needed_files() -> list[str]:
    """Paths (relative to the repository) of every module the page imports, and of the data they read."""
    todo = [ROOT / e for e in ENTRIES + LOADED]
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in _imports(path):
            parts = name.split(".")
            for i in range(1, len(parts) + 1):  # a package's __init__ runs before its modules
                found = _module_path(".".join(parts[:i]))
                if found is not None and found not in seen:
                    todo.append(found)
    for entry in ENTRIES:
        seen.discard(ROOT / entry)
    data = {p for module, pattern in DATA.items() if ROOT / module in seen for p in ROOT.glob(pattern)}
    return sorted(p.relative_to(ROOT).as_posix() for p in seen | data)


def files_section() -> str:
    lines = ["[files]", "# The rules engine, unchanged, and the page's Python modules (relative URLs).",
             "# Written by `python3 -m web.browser.files --write`: the import closure of web/main.py and web/worker.py."]
    lines += [f'"./{f}" = "./{f}"' for f in needed_files()]
    return "\n".join(lines) + "\n"


def _split(text: str) -> tuple[str, str]:
    match = re.search(r"^\[files\]\n", text, re.M)
    if match is None:
        return text.rstrip("\n") + "\n\n", ""
    head = text[: match.start()]
    rest = text[match.end():]
    nxt = re.search(r"^\[", rest, re.M)
    return head, rest[nxt.start():] if nxt else ""


def main(argv: list[str]) -> int:
    paths = [a for a in argv if not a.startswith("--")]
    toml = Path(paths[0]) if paths else ROOT / "pyscript.toml"
    text = toml.read_text(encoding="utf-8")
    head, tail = _split(text)
    wanted = head + files_section() + (("\n" + tail) if tail else "")
    if "--write" in argv:
        toml.write_text(wanted, encoding="utf-8")
        return 0
    if "--check" in argv:
        if text != wanted:
            print("pyscript.toml [files] is out of date: run python3 -m web.browser.files --write", file=sys.stderr)
            return 1
        return 0
    print(files_section(), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
