#!/usr/bin/env python3
"""Build the static site into _site/ (standard library only).

Layout of _site/:
  index.html, pyscript.toml, web/...   the page (copied as they are, if present)
  tarot/**/*.py, tarot/locale/*.json   the rules engine (no tests, no caches) and its words
  vendor/pyodide/                      the Pyodide runtime from node_modules/pyodide
  vendor/pyscript/                     @pyscript/core's dist/ (core.js, core.css, chunks)
  manifest.webmanifest, sw.js          the web app manifest and the offline service worker
                                       (scripts/delivery.py; sw.js lists every file the
                                       game needs with its content hash)
  tarot-deal.js                        the <tarot-deal> tag for other pages (scripts/delivery.py)
  oembed.json, daily.html, daily.oembed.json, lessons/*/*.oembed.json
                                       the oEmbed files (scripts/oembed.py)

Everything is referenced with relative URLs, so the site works from any
sub-path and never needs a CDN. Run `npm ci` first (node_modules/ must exist):
the page's Python bytecode (vendor/pyodide/python_stdlib.pyc.zip, the modules'
.pyc in web/python-modules.tar.gz) is compiled by the vendored Pyodide under
Node.js (scripts/bytecode.py, cached in .cache/python-bytecode/).

Usage: python3 scripts/build.py [--out DIR]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import delivery  # noqa: E402  (scripts/delivery.py: preloads, manifest, service worker)
import oembed  # noqa: E402  (scripts/oembed.py: the pages' oEmbed files)

NODE_MODULES = ROOT / "node_modules"

PAGE_FILES = ["index.html", "pyscript.toml"]
PAGE_DIRS = ["web", "lessons"]  # lessons/: static lesson pages embedding the table (scripts/lessons.py)
PACKAGE = "tarot"
PACKAGE_SUFFIXES = {".py", ".json"}  # the engine's modules and its catalogues of words (tarot/locale/)

# What pyodide.mjs fetches or imports when it loads (relative to indexURL), as
# seen in Chromium: pyodide-lock.json, python_stdlib.zip, pyodide.asm.wasm and
# pyodide.asm.mjs (the Emscripten module). package.json is not loaded; it is
# kept to record the version. No package wheels are vendored, so
# pyodide.loadPackage() / PyScript `packages = [...]` cannot work offline.
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
]
PYSCRIPT_SUFFIXES = {".js", ".css"}


def fail(message: str) -> None:
    sys.exit(f"build: {message}")


def is_test_path(rel: Path) -> bool:
    if any(part in {"tests", "test", "__pycache__"} for part in rel.parts[:-1]):
        return True
    name = rel.name
    return name == "conftest.py" or name.startswith("test_") or name.endswith("_test.py")


def copy_file(src: Path, dst: Path) -> int:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)
    return src.stat().st_size


def copy_page(out: Path) -> list[str]:
    copied = []
    for name in PAGE_FILES:
        src = ROOT / name
        if src.is_file():
            copy_file(src, out / name)
            copied.append(name)
    for name in PAGE_DIRS:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(
                src, out / name,
                ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".DS_Store"),
            )
            copied.append(name + "/")
    return copied


def refresh_page_files(out: Path) -> None:
    """Rewrite the built pyscript.toml's [files] with every module the page imports
    (web/browser/files.py), so a new engine module is never missing from the page, and the
    built boot.js's words shared with Python (web/browser/bootwords.py)."""
    tool = ROOT / "web" / "browser" / "files.py"
    if tool.is_file() and (out / "pyscript.toml").is_file():
        subprocess.run([sys.executable, "-m", "web.browser.files", "--write", str(out / "pyscript.toml")],
                       cwd=ROOT, check=True)
    if (ROOT / "web" / "browser" / "bootwords.py").is_file() and (out / "web" / "boot.js").is_file():
        subprocess.run([sys.executable, "-m", "web.browser.bootwords", "--write", str(out / "web" / "boot.js")],
                       cwd=ROOT, check=True)


def copy_package(out: Path) -> int:
    src = ROOT / PACKAGE
    if not src.is_dir():
        return 0
    count = 0
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if path.is_file() and path.suffix in PACKAGE_SUFFIXES and not is_test_path(rel):
            copy_file(path, out / PACKAGE / rel)
            count += 1
    return count


def copy_pyodide(out: Path) -> int:
    src = NODE_MODULES / "pyodide"
    if not src.is_dir():
        fail("node_modules/pyodide is missing: run `npm ci` first")
    size = 0
    for name in PYODIDE_FILES:
        if not (src / name).is_file():
            fail(f"node_modules/pyodide/{name} is missing (unexpected pyodide version?)")
        size += copy_file(src / name, out / "vendor" / "pyodide" / name)
    return size


def copy_pyscript(out: Path) -> int:
    src = NODE_MODULES / "@pyscript" / "core" / "dist"
    if not (src / "core.js").is_file():
        fail("node_modules/@pyscript/core/dist/core.js is missing: run `npm ci` first")
    size = 0
    for path in sorted(src.iterdir()):
        if path.is_file() and path.suffix in PYSCRIPT_SUFFIXES:
            size += copy_file(path, out / "vendor" / "pyscript" / path.name)
    # Keep the licence next to the vendored code.
    for name in ("LICENSE",):
        if (src.parent / name).is_file():
            copy_file(src.parent / name, out / "vendor" / "pyscript" / name)
    return size


def warn_absolute_urls(out: Path) -> None:
    for name in PAGE_FILES:
        path = out / name
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            for marker in ("http://", "https://"):
                if marker in text:
                    print(f"build: warning: {name} contains '{marker}' (the site must work offline)",
                          file=sys.stderr)


def build(out: Path, site_url: str = oembed.LOCAL_SITE) -> None:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    page = copy_page(out)
    refresh_page_files(out)
    modules = copy_package(out)
    pyodide = copy_pyodide(out)
    pyscript = copy_pyscript(out)
    embeds = oembed.write(out, site_url, "fr")
    offline = delivery.finish(out)
    # Served as-is by static hosts that would otherwise run Jekyll on it.
    (out / ".nojekyll").write_text("")
    warn_absolute_urls(out)
    rel = out.relative_to(ROOT) if out.is_relative_to(ROOT) else out
    print(
        f"build: {rel}/ <- {', '.join(page) or 'no page files yet'}; "
        f"{modules} {PACKAGE}/ module(s); "
        f"vendor/pyodide {pyodide / 1e6:.1f} MB; vendor/pyscript {pyscript / 1e6:.1f} MB; {offline}; {embeds}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site",
                        help="output directory (default: _site)")
    parser.add_argument("--site-url", default=os.environ.get("TAROT_SITE_URL") or oembed.LOCAL_SITE,
                        help="the site's address, for its oEmbed files (default: $TAROT_SITE_URL, "
                             f"else {oembed.LOCAL_SITE})")
    args = parser.parse_args()
    build(args.out.resolve(), args.site_url)


if __name__ == "__main__":
    main()
