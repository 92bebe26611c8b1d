"""The build's delivery steps: preloads, web app manifest, offline service worker.

Called by scripts/build.py on the freshly built site (standard library only):

- ``inject_preloads``: the PyScript modules the page always loads get a
  ``<link rel="modulepreload">`` in the built index.html (their names carry a
  content hash, so they are found in the vendored package, not written by hand);
- ``inline_styles``: the stylesheets go into the built index.html, so the first
  paint waits for no other download; the Content-Security-Policy allows exactly
  these style elements, by their SHA-256;
- ``inline_setup_form``: the new-game form, as web/draw/render.py draws it for a new
  visitor (in each language, the pseudo-locale included), goes into the built index.html
  as ``<template>`` elements, so that web/boot.js shows it before Python is ready;
- ``inline_words``: the words of the page before Python come from the catalogues
  (tarot/locale/LANG.json): index.html's and the manifest's ``{{key}}`` get the default
  language's, and index.html boot.js's words in every language (web/browser/bootwords.py), as
  JSON in ``<template id="boot-words">``, which boot.js shows for the page's language;
- ``install_web_app``: ``manifest.webmanifest`` goes to the site's root next to
  index.html, the service worker too (``sw.js``; its scope is the directory it is
  served from, so the site works under any sub-path);
- ``bundle_python``: web/python-modules.tar.gz, the Python modules of pyscript.toml's
  [files] in one download, each as its bytecode in place of its source (``x.pyc`` for
  ``x.py``, compiled by the vendored Pyodide: scripts/bytecode.py), and PyScript's own Python
  package, its sources exactly as PyScript would write them and their bytecode
  (``__pycache__/*.pyc``; so that the loader spares PyScript's start the writing of them),
  which web/pyodide-loader.mjs unpacks
  for the page and for the bots' worker; the built pyscript.toml loses its [files]
  (PyScript would fetch them one by one); ``name_snapshot`` then writes the name of the
  Python snapshot, which changes with the bundle and the loader, into the loader and web/boot.js;
- ``precompile_stdlib``: vendor/pyodide/python_stdlib.pyc.zip, Pyodide's standard
  library as bytecode (scripts/bytecode.py), which the loader gives Pyodide instead
  of the stock python_stdlib.zip (kept, unused by the page: the vendored Pyodide
  stays complete as published);
- ``write_service_worker``: fills ``sw.js`` with the files the game needs, each
  with a hash of its content, and a version made from those hashes. Any change of
  a file gives a new version: browsers that have the old one install the new one
  and the page offers to reload.

``python3 scripts/delivery.py DIR`` rewrites DIR/sw.js for the files in DIR as
they are (for a site edited after the build).
"""
from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import tomllib
from collections.abc import Callable
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bytecode

PRELOAD_MARKER = "<!-- build: preloads -->"
SETUP_MARKER = "<!-- build: new-game form -->"
WORDS_MARKER = "<!-- build: words -->"
PLACEHOLDER = re.compile(r"\{\{([a-z_0-9]+)\}\}")  # {{key}}: a catalogue's word, written by the build
# Run in the built site (its own web/ and tarot/): the new-game form a new visitor sees, in every
# language the URL may ask for; the words boot.js shows; the default language's catalogue.
_RENDER_SETUP = """
import json
from tarot.words import ALL_LANGS, LANGS, catalogue, t
from web.browser.bootwords import boot_words
from web.browser.params import FRAGMENT, parameter_names
from web.draw.render import render_overlay
from web.match.session import Session, Settings
forms = {}
for lang in ALL_LANGS:
    session = Session(Settings(first_deal=1, lang=lang))
    session.ui.setup_open = True
    forms[lang] = render_overlay(session.screen())
print(json.dumps({"forms": forms, "boot": boot_words(), "words": catalogue(ALL_LANGS[0]),
                  "parameters": list(parameter_names()), "fragment": list(FRAGMENT),
                  "titles": {lang: t("title", lang) for lang in LANGS}}))
"""
SW_SOURCE = "web/sw.js"
MANIFEST_SOURCE = "web/manifest.webmanifest"
SW_NAME = "sw.js"
TAG_SOURCE = "web/tarot-deal.js"
TAG_NAME = "tarot-deal.js"  # the <tarot-deal> tag, at the site's root (pages elsewhere load it)
TAG_MAX_BYTES = 5_000
MANIFEST_NAME = "manifest.webmanifest"
PYTHON_BUNDLE = "web/python-modules.tar.gz"
DATACLASS_CODE = "web/dataclass-code.bin"  # in the bundle: web/browser/classcode.py's FILE
STDLIB = "python_stdlib.pyc.zip"  # in vendor/pyodide/: the standard library as bytecode
HASH_CHARS = 16  # of the SHA-256, in hex

PYODIDE_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, "pyodide-lock.json"]
# PyScript's optional features the page does not use: their modules are neither
# preloaded nor cached (editor, terminal, package graph, zip archives in [files]).
PYSCRIPT_UNUSED = ("codemirror", "index-", "xterm", "pyodide_graph", "zip-", "mpy-", "storage",
                   "service-worker")
PAGE_ASSETS = (".css", ".js", ".mjs", ".svg", ".png")
PAGE_SCRIPT = "web/main.py"  # PyScript fetches it (index.html); the rest is in the bundle
PUZZLES = "web/puzzles/collection.jsonl"  # the puzzle trainer's collection, read when the trainer opens


def _pyscript_imports(path: Path) -> tuple[set[str], set[str]]:
    """The static and dynamic ``./x.js`` imports of one bundled module."""
    text = path.read_text(encoding="utf-8", errors="replace")
    static = set(re.findall(r'(?:from|import)\s*"\./([\w.-]+\.js)"', text))
    dynamic = set(re.findall(r'import\(\s*"\./([\w.-]+\.js)"\s*\)', text))
    return static, dynamic


def pyscript_modules(out: Path) -> list[str]:
    """The vendored PyScript modules the page loads: core.js, what it imports and
    the plugins its core starts, minus the features listed in PYSCRIPT_UNUSED."""
    base = out / "vendor" / "pyscript"
    wanted: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in wanted or not (base / name).is_file():
            continue
        wanted.add(name)
        static, dynamic = _pyscript_imports(base / name)
        todo.extend(static)
        if name.startswith("core-"):  # the plugins PyScript starts; theirs load on demand
            todo.extend(d for d in dynamic if not d.startswith(PYSCRIPT_UNUSED))
    return sorted(wanted)


def inject_preloads(out: Path) -> int:
    index = out / "index.html"
    text = index.read_text(encoding="utf-8")
    if PRELOAD_MARKER not in text:
        return 0
    links = [f'<link rel="modulepreload" href="./vendor/pyscript/{name}">'
             for name in pyscript_modules(out) if name != "core.js"]
    index.write_text(text.replace(PRELOAD_MARKER, "\n".join(links)), encoding="utf-8")
    return len(links)


def inline_styles(out: Path) -> int:
    """Replace each ``<link rel="stylesheet" href="./...">`` of index.html by the sheet itself,
    and allow those ``<style>`` elements in the page's style-src by their hash."""
    index = out / "index.html"
    html = index.read_text(encoding="utf-8")
    hashes = []

    def inline(match: re.Match) -> str:
        css = (out / match.group(1)).read_text(encoding="utf-8")
        if "url(" in css or "@import" in css:  # would resolve against index.html, not the sheet
            raise SystemExit(f"build: {match.group(1)} refers to other files: it cannot be inlined")
        body = "\n" + css.strip() + "\n"
        hashes.append(base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode())
        return f"<style>{body}</style>"

    html = re.sub(r'<link rel="stylesheet" href="\./([^"]+)">', inline, html)
    if hashes:
        allowed = " ".join(f"'sha256-{h}'" for h in hashes)
        html, n = re.subn(r"style-src 'self'", lambda _: f"style-src 'self' {allowed}", html, count=1)
        if n != 1:
            raise SystemExit("build: index.html has no \"style-src 'self'\" to allow its inlined styles")
    index.write_text(html, encoding="utf-8")
    return len(hashes)


def page_words(out: Path) -> dict:
    """What the built site's Python draws and says before it runs in the page: ``forms`` (the
    new-game form by language), ``boot`` (boot.js's words by language), ``words`` (the default
    language's catalogue)."""
    result = subprocess.run([sys.executable, "-c", _RENDER_SETUP], cwd=out, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"build: the new-game form could not be drawn:\n{result.stderr}")
    return json.loads(result.stdout)


def inline_setup_form(out: Path, forms: dict[str, str]) -> int:
    """Put the new-game form (drawn by the built site's web/draw/render.py under this Python) into
    index.html, one ``<template id="setup-LANG">`` per language; returns their number."""
    index = out / "index.html"
    html = index.read_text(encoding="utf-8")
    if SETUP_MARKER not in html:
        return 0
    if any("<script" in form or " style=" in form for form in forms.values()):
        raise SystemExit("build: the new-game form holds a script or a style attribute (refused by the policy)")
    templates = "\n".join(f'<template id="setup-{lang}">{form}</template>' for lang, form in forms.items())
    index.write_text(html.replace(SETUP_MARKER, templates), encoding="utf-8")
    return len(forms)


def _fill(text: str, words: dict[str, str], quote: Callable[[str], str], name: str) -> str:
    def word(match: re.Match) -> str:
        if match[1] not in words:
            raise SystemExit(f"build: {name} names {{{{{match[1]}}}}}, which the catalogues lack")
        return quote(words[match[1]])
    return PLACEHOLDER.sub(word, text)


def inline_words(out: Path, boot: dict[str, dict[str, str]], words: dict[str, str]) -> None:
    """index.html's and the manifest's ``{{key}}`` in the default language; boot.js's words
    in every language, as JSON in index.html's ``<template id="boot-words">`` (text, never run)."""
    index = out / "index.html"
    html = _fill(index.read_text(encoding="utf-8"), words, lambda w: escape(w), "index.html")
    block = escape(json.dumps(boot, ensure_ascii=False, separators=(",", ":")), quote=False)
    html = html.replace(WORDS_MARKER, f'<template id="boot-words">{block}</template>')  # data, never run
    index.write_text(html, encoding="utf-8")
    manifest = out / MANIFEST_SOURCE
    text = _fill(manifest.read_text(encoding="utf-8"), words, lambda w: json.dumps(w, ensure_ascii=False)[1:-1],
                 MANIFEST_SOURCE)
    manifest.write_text(text, encoding="utf-8")


def install_web_app(out: Path) -> None:
    """Move the manifest and the service worker from web/ to the site's root."""
    for source, name in ((MANIFEST_SOURCE, MANIFEST_NAME), (SW_SOURCE, SW_NAME)):
        src = out / source
        if not src.is_file():
            raise SystemExit(f"build: {source} is missing")
        src.replace(out / name)


def install_tag(out: Path, parameters: list[str], fragment: list[str], titles: dict[str, str]) -> int:
    """Move the ``<tarot-deal>`` tag's script from web/ to the site's root, its attributes
    written in: the page's URL parameters and those of them that go in the fragment
    (web/browser/params.py), one list read by both, and its frame's title in each language
    (the catalogues' ``title``, the default language's first).  Returns its size in bytes."""
    src = out / TAG_SOURCE
    if not src.is_file():
        raise SystemExit(f"build: {TAG_SOURCE} is missing")
    text = src.read_text(encoding="utf-8")
    for name, names in (("PARAMETERS", parameters), ("FRAGMENT", fragment), ("TITLES", titles)):
        line = re.compile(rf"^  const {name} = .*;.*$", re.M)
        if len(line.findall(text)) != 1:
            raise SystemExit(f"build: {TAG_SOURCE} has no single 'const {name} = ...;' line")
        written = f"  const {name} = {json.dumps(names, separators=(',', ':'))};  // written by scripts/build.py"
        text = line.sub(lambda _, written=written: written, text)
    data = text.encode("utf-8")
    if len(data) > TAG_MAX_BYTES:
        raise SystemExit(f"build: {TAG_NAME} is {len(data)} bytes, over {TAG_MAX_BYTES}")
    (out / TAG_NAME).write_bytes(data)
    src.unlink()
    return len(data)


def python_files(out: Path) -> list[str]:
    """The Python modules the page and the bots' worker import: pyscript.toml's [files]
    (web/browser/files.py writes them) and the worker's script."""
    config = tomllib.loads((out / "pyscript.toml").read_text(encoding="utf-8"))
    files = [source for source in config.get("files", {})] + ["./web/worker.py"]
    return sorted({f.removeprefix("./") for f in files})


def tar_gz(entries: list[tuple[str, bytes]]) -> bytes:
    """A ustar archive of these files, gzipped as one stream (the browser inflates it in one
    go: one stream per file, as a zip has, cost ten times as long), with no dates, owners or
    modes of this machine in it."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name, data in entries:
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            archive.addfile(info, io.BytesIO(data))
    return gzip.compress(raw.getvalue(), compresslevel=9, mtime=0)


def bundle_python(out: Path) -> int:
    """Pack the [files] (as built) into web/python-modules.tar.gz, each module as its bytecode in
    place of its source (``tarot/state.pyc``: half the files to write, a quarter less to download),
    and take them out of the built pyscript.toml. Same files, same bytes (fixed dates and order)."""
    names = python_files(out)
    sources = {name: (out / name).read_bytes() for name in names}
    modules = [name for name in names if name.endswith(".py")]  # the others are data (the catalogues)
    pyscript = bytecode.pyscript_sources(out / "vendor" / "pyscript")  # PyScript writes their source
    compiled = bytecode.modules({**{name: sources[name] for name in modules}, **pyscript})
    entries = [(bytecode.sourceless_name(name), compiled[name]) for name in modules]
    entries += [(name, sources[name]) for name in names if name not in modules]
    entries += [(name, pyscript[name]) for name in sorted(pyscript)]  # as PyScript writes them: see the loader
    entries += [(bytecode.pycache_name(name), compiled[name]) for name in sorted(pyscript)]
    entries.append((DATACLASS_CODE, bytecode.dataclass_code(out, names)))
    (out / PYTHON_BUNDLE).write_bytes(tar_gz(entries))
    name_snapshot(out)
    toml = out / "pyscript.toml"
    text = toml.read_text(encoding="utf-8")
    section = re.compile(r"^\[files\]\n.*?(?=^\[|\Z)", re.M | re.S)
    note = f"# [files]: in {PYTHON_BUNDLE}, unpacked by web/pyodide-loader.mjs ({len(names)} modules)\n"
    toml.write_text(section.sub(lambda _: note, text), encoding="utf-8")
    return len(names)


SNAPSHOT_NAME = re.compile(r'^const SNAPSHOT_NAME = ".*";', re.M)


def name_snapshot(out: Path) -> None:
    """Write the Python snapshot's name into the loader, which makes and restores it, and into
    boot.js, which looks it up as the page opens: Pyodide's version and a hash of the game's
    modules and of the loader (which says how Python starts: what it imports, whether it has
    WebAssembly's stack switching), so that a new version of any makes a new snapshot."""
    version = json.loads((out / "vendor" / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
    made_by = (out / PYTHON_BUNDLE).read_bytes() + (out / "web" / "pyodide-loader.mjs").read_bytes()
    name = f"python-snapshot-{version}-{short_hash(made_by)}.bin"
    for script in ("pyodide-loader.mjs", "boot.js"):
        path = out / "web" / script
        text, n = SNAPSHOT_NAME.subn(lambda _: f'const SNAPSHOT_NAME = "{name}";', path.read_text(encoding="utf-8"), count=1)
        if n != 1:
            raise SystemExit(f"build: web/{script} has no 'const SNAPSHOT_NAME = \"...\";' line")
        path.write_text(text, encoding="utf-8")


def precompile_stdlib(out: Path) -> int:
    """Write vendor/pyodide/python_stdlib.pyc.zip; returns its size."""
    return bytecode.stdlib(out / "vendor" / "pyodide" / STDLIB).stat().st_size


def precache_list(out: Path) -> list[str]:
    """Every file the game needs, relative to the site's root."""
    html = (out / "index.html").read_text(encoding="utf-8")
    linked_css = set(re.findall(r'<link rel="stylesheet" href="\./([^"]+)"', html))  # others are inlined
    files = ["index.html", "pyscript.toml", MANIFEST_NAME]
    files += sorted(p.relative_to(out).as_posix() for p in (out / "web").iterdir()
                    if p.is_file() and p.suffix in PAGE_ASSETS and p.suffix != ".css")
    files += [PAGE_SCRIPT, PYTHON_BUNDLE]
    files += [PUZZLES] if (out / PUZZLES).is_file() else []
    files += [f"vendor/pyodide/{name}" for name in PYODIDE_RUNTIME]
    files += [f"vendor/pyscript/{name}" for name in pyscript_modules(out)]
    files += sorted(linked_css)
    # The lessons (scripts/lessons.py) work offline like the game, their tables drawn by the tag;
    # their oEmbed files are for content systems, which fetch them from the site.
    files += [TAG_NAME]
    files += sorted(p.relative_to(out).as_posix() for p in (out / "lessons").rglob("*")
                    if p.is_file() and not p.name.endswith(".oembed.json"))
    missing = [f for f in files if not (out / f).is_file()]
    if missing:
        raise SystemExit(f"build: files the game needs are missing: {', '.join(missing)}")
    return files


def short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_CHARS]


def file_hash(path: Path) -> str:
    return short_hash(path.read_bytes())


def write_service_worker(out: Path) -> dict:
    """Write the precache list and its version into out/sw.js; returns them."""
    files = [[name, file_hash(out / name), (out / name).stat().st_size] for name in precache_list(out)]
    version = short_hash(json.dumps(files).encode())
    precache = {"version": version, "files": files}
    sw = out / SW_NAME
    text = sw.read_text(encoding="utf-8")
    line = re.compile(r"^const PRECACHE = .*;.*$", re.M)
    if len(line.findall(text)) != 1:
        raise SystemExit(f"build: {SW_NAME} has no single 'const PRECACHE = ...;' line")
    body = json.dumps(precache, separators=(",", ":"))
    sw.write_text(line.sub(lambda _: f"const PRECACHE = {body};  // written by scripts/build.py", text),
                  encoding="utf-8")
    return precache


def finish(out: Path) -> str:
    """All delivery steps on a built site; returns a one-line summary."""
    preloads = inject_preloads(out)
    styles = inline_styles(out)
    drawn = page_words(out)
    forms = inline_setup_form(out, drawn["forms"])
    inline_words(out, drawn["boot"], drawn["words"])
    install_web_app(out)
    tag = install_tag(out, drawn["parameters"], drawn["fragment"], drawn["titles"])
    modules = bundle_python(out)
    stdlib = precompile_stdlib(out)
    precache = write_service_worker(out)
    size = sum(f[2] for f in precache["files"])
    return (f"{modules} Python modules with their bytecode in {PYTHON_BUNDLE}; standard library as "
            f"bytecode ({stdlib / 1e6:.1f} MB); offline: {len(precache['files'])} files "
            f"({size / 1e6:.1f} MB), version {precache['version']}; {preloads} module preloads; "
            f"{styles} stylesheets inlined; new-game form in {forms} languages; {TAG_NAME} {tag} bytes")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python3 scripts/delivery.py SITE_DIR")
    result = write_service_worker(Path(sys.argv[1]))
    print(f"{sys.argv[1]}/{SW_NAME}: version {result['version']}, {len(result['files'])} files")
