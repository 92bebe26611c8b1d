"""Smoke tests: the vendored runtime of the built site works offline in Chromium.

The probe pages are served from memory (SiteServer.add_file); they are not part
of the build.
"""

import json
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The probe pages start the vendored runtime themselves; they never read the game's snapshot.
pytestmark = pytest.mark.cold_start

PYODIDE_PROBE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Pyodide probe</title>
<link rel="icon" href="data:,"></head>
<body>
<pre id="out">loading</pre>
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const out = document.getElementById("out");
const py = await loadPyodide({ indexURL: "./vendor/pyodide/" });
const files = %(files)s;
for (const rel of files) {
  const response = await fetch("./" + rel);
  if (!response.ok) throw new Error(rel + ": HTTP " + response.status);
  const dir = rel.split("/").slice(0, -1).join("/");
  py.FS.mkdirTree("/home/pyodide/" + dir);
  py.FS.writeFile("/home/pyodide/" + rel, await response.text());
}
window.probeImport = (source) => String(py.runPython(source));
out.textContent = "result=" + py.runPython("1+1");
</script>
</body></html>
"""

PYSCRIPT_PROBE = """<!doctype html>
<html><head><meta charset="utf-8"><title>PyScript probe</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="./vendor/pyscript/core.css">
<script type="module" src="./vendor/pyscript/core.js"></script>
</head>
<body>
<p id="out">loading</p>
<script type="py" config='{"interpreter": "./vendor/pyodide/pyodide.mjs"}'>
import sys
from pyscript import document
document.getElementById("out").textContent = f"pyscript-ok {sys.version_info[0]}.{sys.version_info[1]}"
</script>
</body></html>
"""


def tarot_sources():
    """Engine modules the build ships: tarot/**/*.py without tests."""
    package = ROOT / "tarot"
    if not package.is_dir():
        return []
    return sorted(
        path.relative_to(ROOT).as_posix()
        for path in package.rglob("*.py")
        if "__pycache__" not in path.parts
        and "tests" not in path.parts
        and not path.name.startswith("test_")
        and path.name != "conftest.py"
    )


def open_probe(page, server, name, html):
    url = server.add_file(name, html)
    page.goto(url)
    return url


def test_vendored_pyodide_runs_python_under_a_sub_path(page, serve_site):
    # The site root is covered by the two tests below; each Pyodide start costs seconds.
    server = serve_site("/tarot/")
    open_probe(page, server, "e2e-pyodide-probe.html", PYODIDE_PROBE % {"files": "[]"})
    page.wait_for_function("document.getElementById('out').textContent !== 'loading'")
    assert page.text_content("#out") == "result=2"


def test_built_site_ships_the_engine(site_dir, site_url):
    sources = tarot_sources()
    if not sources:
        pytest.skip("no tarot/ package yet")
    for rel in sources:
        built = site_dir / rel
        assert built.is_file(), f"{rel} missing from the build"
        assert built.read_bytes() == (ROOT / rel).read_bytes()
        with urllib.request.urlopen(site_url + rel) as response:
            assert response.status == 200
    assert not list((site_dir / "tarot").rglob("__pycache__"))
    assert not list((site_dir / "tarot").rglob("test_*.py"))


def test_engine_imports_in_browser_pyodide(page, site_server):
    sources = tarot_sources()
    if not sources:
        pytest.skip("no tarot/ package yet")
    open_probe(page, site_server, "e2e-engine-probe.html",
               PYODIDE_PROBE % {"files": json.dumps(sources)})
    page.wait_for_function("document.getElementById('out').textContent !== 'loading'")
    assert page.text_content("#out") == "result=2"
    modules = [
        rel[:-3].replace("/", ".").removesuffix(".__init__")
        for rel in sources
        if not rel.endswith("/__main__.py")  # running it would start the program
    ]
    imported = page.evaluate(
        "(src) => window.probeImport(src)",
        "import importlib, sys\n"
        "sys.path.insert(0, '/home/pyodide')\n"
        f"mods = {modules!r}\n"
        "','.join(importlib.import_module(m).__name__ for m in mods)",
    )
    assert imported.split(",") == modules


def test_vendored_pyscript_runs_offline(page, site_server):
    open_probe(page, site_server, "e2e-pyscript-probe.html", PYSCRIPT_PROBE)
    page.wait_for_function("document.getElementById('out').textContent !== 'loading'")
    assert page.text_content("#out").startswith("pyscript-ok 3.")
