"""Delivery: one build served anywhere (under a sub-path too), the runtime downloaded
once and early, the loading stages, the Content-Security-Policy, the web app manifest."""
from __future__ import annotations

import base64
import hashlib
import json
import gzip
import re
import struct
import tarfile
import urllib.request
from urllib.parse import urlsplit

import pytest
from table_driver import COUNT_WORKER_CALLS, act, human_turn, start_game, step

# The delivery of the runtime is the test: every page here starts Python as a first visit does.
pytestmark = pytest.mark.cold_start

READY = "() => document.getElementById('table').dataset.phase !== 'loading'"
RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.pyc.zip", "pyodide-lock.json"]
NOT_FOR_THE_PAGE = ["tarot/tools/cli.py", "tarot/tools/bench.py", "tarot/tools/tournament.py", "tarot/__main__.py"]

# Every change of a loading stage (data-state of #loading li) and PyScript's progress
# events, with their time, from before the page's own scripts run.
RECORD_STAGES = """
window.__stages = [];
window.__progress = [];
addEventListener('py:progress', e => __progress.push([e.detail, performance.now()]));
new MutationObserver(changes => {
  // Each change's new value: the next change's old value of the same element, else the current one
  // (several changes can come in one batch, when a stage ends and the next begins at once).
  changes = changes.filter(c => c.target.tagName === 'LI' && c.target.dataset && c.target.dataset.stage);
  changes.forEach((c, i) => {
    const next = changes.slice(i + 1).find(d => d.target === c.target);
    __stages.push([c.target.dataset.stage, next ? next.oldValue : c.target.dataset.state, performance.now()]);
  });
}).observe(document, {subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-state']});
"""


class HeldRuntime:
    """Holds the runtime's download back, to look at the page before Python (released at exit)."""

    def __init__(self, page) -> None:
        self.page = page
        self.routes = []

    def __enter__(self):
        self.page.route("**/pyodide.asm.wasm", lambda route: self.routes.append(route))
        return self

    def __exit__(self, *exc) -> None:
        self.page.goto("about:blank")
        for route in self.routes:
            try:
                route.abort()
            except Exception:  # the request went away with the page
                pass


def precache(site_dir) -> dict:
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"^const PRECACHE = (\{.*\});", text, re.M).group(1))


def test_the_game_loads_and_plays_under_a_sub_path_fetching_the_runtime_once(page, serve_site, site_dir):
    server = serve_site("/tarot/")
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.add_init_script(RECORD_STAGES)
    page.goto(server.url + "?pause=0")
    page.wait_for_function(READY)

    # Everything comes from the site's own directory, relative URLs only.
    assert requests and all(url.startswith(server.url) for url in requests), requests
    names = [urlsplit(url).path.removeprefix("/tarot/") for url in requests]
    # The preloads are the downloads Pyodide uses: each runtime file is fetched once.
    for name in RUNTIME:
        assert names.count(f"vendor/pyodide/{name}") == 1, (name, names)
    # Only the Python the game imports is loaded.
    for name in NOT_FOR_THE_PAGE:
        assert name not in names
    # Every file the page fetched is in the service worker's list (so it works offline).
    cached = {f[0] for f in precache(site_dir)["files"]} | {""}
    assert set(names) - cached == set()

    # The stages went by in order, and the table's frame was painted before Python started.
    # (the last one ends with the game's first render, which takes the loading screen away).
    stages = page.evaluate("window.__stages")
    active = {name: t for name, state, t in stages if state == "active"}
    done = {name: t for name, state, t in stages if state == "done"}
    assert list(active) == ["start", "game"] and list(done) == ["download", "start"], stages
    progress = dict(page.evaluate("window.__progress"))
    ready = page.evaluate("performance.getEntriesByName('tarot:ready')[0].startTime")
    assert done["download"] <= active["start"] <= done["start"] <= active["game"] <= ready
    assert done["start"] >= progress["Loaded interpreter"]
    paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    assert paint < progress["Loaded interpreter"]
    assert page.query_selector("#loading") is None

    # And the game plays: a new game from the form, a bid.
    start_game(page, 4, 3)  # deal 3: the person bids first
    assert human_turn(page) == "bidding"
    act(page, "[data-bid=pass]")


def test_a_fresh_python_runs_the_bundle_as_compiled(page, site_url, site_dir):
    # web/browser/classcode.py: the build keeps each source the game's dataclasses compile, with its code.
    with tarfile.open(site_dir / "web" / "python-modules.tar.gz") as bundle:
        table = bundle.extractfile("web/dataclass-code.bin").read()
    assert len(table) > 10_000
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    known = page.evaluate("performance.getEntriesByName('tarot:dataclass-code').map((e) => e.detail)")
    assert len(known) == 1 and known[0] >= 50  # the game's dataclasses, and the table read in the page
    # The game's modules are read from their bytecode alone, and the loader's forgetting of the
    # folders' listings imported no importlib.metadata (importlib.invalidate_caches() would).
    imported = page.evaluate("""async () => {
        const python = await (await import("./web/pyodide-loader.mjs")).start();
        return python.runPython(`import sys, json
json.dumps([type(sys.modules["tarot.state"].__loader__).__name__, sys.modules["tarot.state"].__file__,
            "importlib.metadata" in sys.modules])`); }""")
    assert json.loads(imported) == ["SourcelessFileLoader", "/home/pyodide/tarot/state.pyc", False]


def test_python_runs_without_webassembly_stack_switching(page, site_url):
    # web/pyodide-loader.mjs hides JSPI from Pyodide, in the page as in the workers that import it:
    # the game never waits on JavaScript synchronously, and Python runs as in a browser without it.
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    page.evaluate(COUNT_WORKER_CALLS)
    assert page.evaluate("typeof WebAssembly.Suspending") == "undefined"
    assert page.evaluate("""async () => (await (await import("./web/pyodide-loader.mjs")).start())
        ._module.jspiSupported""") is False
    page.select_option("select[name=level]", "expert")  # whose bots decide in their worker, which
    start_game(page, 4, 3)  # the table awaits in Python's asyncio: the person passes, the worker bids
    assert human_turn(page) == "bidding"
    before = int(step(page))
    act(page, "[data-bid=pass]")
    page.wait_for_function(f"() => Number(document.getElementById('table').dataset.step) > {before + 1}")
    assert page.evaluate("window.__workerCalls") >= 1  # a bid came from the worker


def test_a_browser_without_decompression_streams_has_python_unpack_the_modules(page, site_url):
    # The loader inflates web/python-modules.tar.gz with DecompressionStream; without it, Python's unpacking.
    page.add_init_script("delete globalThis.DecompressionStream")
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    assert page.evaluate("typeof DecompressionStream") == "undefined"
    assert page.get_attribute("#table", "data-phase") == "setup"  # a first visit: the new-game form


def test_a_host_that_inflates_the_modules_on_the_way_still_serves_them(page, site_url, site_dir):
    # A server that declares the archive's gzip as its Content-Encoding hands over the tar itself.
    tar = gzip.decompress((site_dir / "web" / "python-modules.tar.gz").read_bytes())
    page.route("**/web/python-modules.tar.gz",
               lambda route: route.fulfill(body=tar, content_type="application/x-tar"))
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    assert page.get_attribute("#table", "data-phase") == "setup"


def test_pyscript_starts_on_its_package_as_the_bundle_holds_it(page, site_url, site_dir):
    # PyScript's own start code writes its package and imports it; the loader runs the import
    # alone, the bundle holding the very sources that code writes.
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    written = page.evaluate("""async () => {
      const { stdlib } = await import('./vendor/pyscript/core.js');
      const { afterPyScriptWrites } = await import('./web/pyodide-loader.mjs');
      const files = {};
      for (const [, path, text] of stdlib.matchAll(/_path = _Path\\("\\.\\/(pyscript\\/[\\w/]+\\.py)"\\)\\n_path\\.write_text\\(("(?:[^"\\\\]|\\\\.)*")/g)) {
        files[path] = JSON.parse(text);
      }
      return { rest: afterPyScriptWrites(stdlib), other: afterPyScriptWrites('import os as _os'), files };
    }""")
    assert written["rest"] is not None and written["rest"].strip() == "" and written["other"] is None
    with tarfile.open(site_dir / "web" / "python-modules.tar.gz") as bundle:
        held = {m.name: bundle.extractfile(m).read().decode() for m in bundle.getmembers()
                if m.name.startswith("pyscript/") and m.name.endswith(".py")}
    assert len(held) > 10 and held == written["files"]


def test_the_first_screen_shows_the_table_and_the_stages_before_python(page, site_url):
    with HeldRuntime(page):  # the runtime does not arrive: what shows is the page before Python
        page.goto(site_url + "?pause=0", wait_until="domcontentloaded")
        assert page.is_visible("#topbar .brand")
        assert page.is_visible("#felt")
        assert page.text_content("#loading [data-stage=download]") == "Téléchargement de Python"
        assert page.get_attribute("#loading [data-stage=download]", "data-state") == "active"
        assert page.get_attribute("#loading [data-stage=game]", "data-state") == "pending"
        assert page.get_attribute("#table", "data-phase") == "loading"


def test_the_stages_speak_english_when_asked(page, site_url):
    with HeldRuntime(page):
        page.goto(site_url + "?lang=en&pause=0", wait_until="domcontentloaded")
        page.wait_for_function("() => document.querySelector('#loading [data-stage=start]').textContent"
                               " === 'Starting Python'")


def test_the_security_policy_allows_only_the_sites_own_files(site_dir):
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html).group(1)
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert directives["connect-src"] == "'self'"
    assert "unsafe-inline" not in policy and "'unsafe-eval'" not in policy
    # The stylesheets are inlined by the build: allowed one by one, by their hash.
    styles = re.findall(r"<style>(.*?)</style>", html, re.S)
    hashes = [f"'sha256-{base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()}'" for css in styles]
    assert styles and directives["style-src"] == " ".join(["'self'"] + hashes)
    assert "http" not in policy and "*" not in policy
    # The policy comes first, before any script or style.
    assert html.index("Content-Security-Policy") < html.index("<script") < html.index("</head>")
    assert html.index("Content-Security-Policy") < html.index("<link")
    # No inline script nor event handler attribute: every script is a file of the site.
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts and all('src="./' in tag for tag in scripts), scripts
    assert not re.search(r"<[^>]+\son[a-z]+=", html)


@pytest.mark.allow_console_errors
def test_a_script_the_site_does_not_serve_is_refused(page, site_url):
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    with HeldRuntime(page):
        page.goto(site_url + "?pause=0", wait_until="domcontentloaded")
        with pytest.raises(Exception, match="Content Security Policy"):
            page.add_script_tag(content="window.injected = true")  # an inline script, as injected
        page.evaluate("() => { const i = document.createElement('img'); i.src = 'data:,x';"
                      " i.setAttribute('onerror', 'window.injected = true'); document.body.append(i); }")
        page.wait_for_function("() => document.querySelector('img').complete")
        assert page.evaluate("window.injected") is None
        assert any("Content Security Policy" in e for e in errors), errors


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_web_app_manifest_makes_it_installable(site_url, site_dir):
    with urllib.request.urlopen(site_url + "manifest.webmanifest") as response:
        assert response.headers["Content-Type"].startswith("application/manifest+json")
        manifest = json.load(response)
    assert manifest["lang"] == "fr" and "tarot" in manifest["name"].lower()
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    sizes = {}
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http"))
        if icon["type"] == "image/png":
            with urllib.request.urlopen(site_url + icon["src"]) as response:
                sizes[icon["sizes"]] = _png_size(response.read())
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./manifest.webmanifest">' in html


def test_the_service_worker_lists_every_file_with_its_content_hash(site_dir):
    listed = precache(site_dir)
    names = [f[0] for f in listed["files"]]
    for name, digest, size in listed["files"]:
        data = (site_dir / name).read_bytes()
        assert hashlib.sha256(data).hexdigest().startswith(digest) and len(data) == size, name
    for name in ["index.html", "pyscript.toml", "web/main.py", "web/boot.js", "web/pyodide-loader.mjs",
                 "web/bots-worker.js", "web/python-modules.tar.gz", "web/puzzles/collection.jsonl"] + [f"vendor/pyodide/{n}" for n in RUNTIME]:
        assert name in names
    for name in NOT_FOR_THE_PAGE + ["sw.js", "vendor/pyodide/package.json"]:
        assert name not in names
    assert not any("codemirror" in n or "xterm" in n for n in names)  # PyScript features not used


def test_the_new_game_form_is_usable_before_python_and_commencer_waits_for_it(page, site_url):
    held: list = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # Python cannot start yet
    page.goto(site_url + "?pause=0", wait_until="domcontentloaded")
    page.wait_for_selector("#overlay [data-testid=setup][data-early]")
    assert page.get_attribute("#table", "data-phase") == "loading"
    assert page.evaluate("performance.getEntriesByName('tarot:ready').length") == 0
    # The person chooses the game while Python starts.
    page.click("label.choice:has(input[name=players][value='3'])")
    page.select_option("select[name=level]", "debutant")
    page.fill("input[name=deal]", "42")
    page.fill("input[name=name]", "Léa")
    page.click("[data-action=start]")
    # Commencer: the form gives way to the loading stages until Python can deal.
    page.wait_for_selector("#loading", state="visible")
    assert page.is_hidden("#overlay")
    assert page.get_attribute("#loading [data-stage=download]", "data-state") == "active"
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    page.wait_for_function("() => !['loading', 'setup'].includes(document.getElementById('table').dataset.phase)")
    assert page.get_attribute("#table", "data-deal") == "42"
    assert page.get_attribute("#table", "data-players") == "3"
    assert page.get_attribute("#table", "data-level") == "debutant"
    assert "Léa" in page.text_content("#table")
    assert page.query_selector("[data-early]") is None


def test_the_early_form_shows_the_tournament_fields_only_with_the_tournament(page, site_url):
    held: list = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # Python cannot start yet
    page.goto(site_url + "?pause=0", wait_until="domcontentloaded")
    page.wait_for_selector("#overlay [data-testid=setup][data-early]")
    assert page.evaluate("() => document.querySelector('#setup-form fieldset').classList.contains('mode')")
    assert page.is_hidden("select[name=duplicate]")
    page.click("label.choice:has(input[name=mode][value=duplicate])")
    assert page.is_visible("select[name=duplicate]")
    page.click("label.choice:has(input[name=mode][value=match])")
    assert page.is_hidden("select[name=duplicate]")
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")


def test_choices_made_before_python_stay_in_its_form(page, site_url):
    page.goto(site_url + "?lang=en&pause=0", wait_until="domcontentloaded")
    page.wait_for_selector("#overlay [data-testid=setup][data-early]")
    assert page.text_content("#setup-title") == "New game"
    page.click("label.choice:has(input[name=players][value='5'])")
    page.fill("input[name=deal]", "777")
    page.wait_for_function("() => performance.getEntriesByName('tarot:ready').length > 0")
    # Python's own form now, with the same choices; nothing started without the person.
    assert page.query_selector("[data-early]") is None
    assert page.get_attribute("#table", "data-phase") == "setup"
    assert page.is_checked("input[name=players][value='5']")
    assert page.input_value("input[name=deal]") == "777"
    page.click("[data-action=start]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'")
    assert page.get_attribute("#table", "data-deal") == "777"
    assert page.get_attribute("#table", "data-players") == "5"


def test_python_comes_as_bytecode_and_the_build_repeats_byte_for_byte(site_dir, tmp_path):
    import subprocess
    import sys
    import tarfile
    import zipfile

    def pyc_header(data: bytes) -> tuple[bytes, int]:
        return data[:4], struct.unpack("<I", data[4:8])[0]  # magic number, flags (PEP 552)

    with zipfile.ZipFile(site_dir / "vendor" / "pyodide" / "python_stdlib.pyc.zip") as stdlib:
        names = stdlib.namelist()
        assert not [n for n in names if n.endswith(".py")] and len([n for n in names if n.endswith(".pyc")]) > 500
        headers = {pyc_header(stdlib.read(n)) for n in names if n.endswith(".pyc")}
    with tarfile.open(site_dir / "web" / "python-modules.tar.gz") as bundle:
        members = {m.name: m for m in bundle.getmembers()}
        names = list(members)
        assert all(m.isfile() and m.mtime == 0 and m.uid == 0 and not m.uname for m in members.values())
        # The game's modules as bytecode in place of their source; PyScript's package as PyScript
        # writes it, its bytecode in __pycache__.
        assert "tarot/state.pyc" in names and "web/browser/table.pyc" in names and "tarot/locale/fr.json" in names
        assert [n for n in names if n.endswith(".py") and not n.startswith("pyscript/")] == []
        assert [n for n in names if "__pycache__" in n and not n.startswith("pyscript/")] == []
        pyscript = [n for n in names if n.startswith("pyscript/") and n.endswith(".py")]
        assert pyscript and {n.rsplit("/", 1)[0] + "/__pycache__/" + n.rsplit("/", 1)[1][:-3] for n in pyscript} \
            == {n.split(".cpython-")[0] for n in names if n.startswith("pyscript/__pycache__/")}
        headers |= {pyc_header(bundle.extractfile(members[n]).read()) for n in names if n.endswith(".pyc")}
    assert len({magic for magic, _ in headers}) == 1  # one Python's bytecode: the vendored Pyodide's
    assert {flags for _, flags in headers} == {0b01}  # hash-based, never checked against a source: no dates

    again = tmp_path / "site"
    subprocess.run([sys.executable, str(site_dir.parent / "scripts" / "build.py"), "--out", str(again)],
                   check=True, capture_output=True)
    built = {p.relative_to(site_dir).as_posix(): p.read_bytes() for p in site_dir.rglob("*") if p.is_file()}
    rebuilt = {p.relative_to(again).as_posix(): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert built.keys() == rebuilt.keys()
    assert [name for name in built if built[name] != rebuilt[name]] == []
