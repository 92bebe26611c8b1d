"""Offline: after one visit the game loads and plays with no server (Python restored
from the snapshot the first visit saved), the Expert's worker included; a new version
of the site is offered, and taken on reload."""
from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import SNAPSHOT_CACHE, SNAPSHOT_NAME_KEY, SiteServer, give_snapshot
from table_driver import COUNT_WORKER_CALLS, HUMAN_TURN, act, human_turn, start_game

# The first visit and its snapshot are the test: every page here starts Python afresh.
pytestmark = pytest.mark.cold_start

ROOT = Path(__file__).resolve().parent.parent
READY = "() => document.getElementById('table').dataset.phase !== 'loading'"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
SNAPSHOT_SAVED = "() => performance.getEntriesByName('tarot:snapshot-saved').length > 0"
ROUTED_FROM = "(url) => performance.getEntriesByName(url)[0].workerFinalSourceType"
OFFLINE_CACHES = "() => caches.keys().then(names => names.filter(n => n.startsWith('tarot /')))"


def _delivery():
    spec = importlib.util.spec_from_file_location("tarot_delivery", ROOT / "scripts" / "delivery.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_after_one_visit_the_game_plays_with_the_server_stopped(page, site_dir):
    server = SiteServer(site_dir, "127.0.0.1", 0, "/tarot/").start()
    url = server.url
    try:
        page.goto(url + "?pause=0")
        page.wait_for_function(READY)
        page.wait_for_function(CONTROLLED)  # installed: every file is in the cache
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == url  # the worker's scope is the site's directory, sub-path included
        assert page.evaluate("performance.getEntriesByName('tarot:python-from-snapshot').length") == 0
        # After a while the page saves a started Python for the next visits.
        page.wait_for_function(SNAPSHOT_SAVED, timeout=120_000)
    finally:
        server.stop()
    page.reload()  # any request reaching the network now fails, and fails the test
    page.wait_for_function(READY)
    assert page.evaluate("performance.getEntriesByName('tarot:python-from-snapshot').length") == 1
    # The files came from the cache by the worker's static routes, without its fetch handler; the
    # page, whose address carries a query, through the handler.
    assert page.evaluate(ROUTED_FROM, url + "vendor/pyodide/pyodide.asm.wasm") == "cache"
    assert page.evaluate(ROUTED_FROM, url + "web/python-modules.tar.gz") == "cache"
    navigation = page.evaluate("(({workerStart, workerMatchedSourceType}) => ({workerStart, workerMatchedSourceType}))"
                               "(performance.getEntriesByType('navigation')[0])")
    assert navigation["workerStart"] > 0 and navigation["workerMatchedSourceType"] == ""  # no route: the handler
    start_game(page, 4, 3)  # deal 3: the person bids first
    assert human_turn(page) == "bidding"
    act(page, "[data-bid=pass]")
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "sw.js"
    # The Expert thinks in its own worker, which starts its Python from the cache too.
    page.click("[data-action=new-game]")
    page.wait_for_selector("[data-testid=setup]")
    page.select_option("select[name=level]", "expert")
    page.evaluate(COUNT_WORKER_CALLS)
    start_game(page, 4, 4)  # deal 4: three bots bid before the person
    page.wait_for_function(HUMAN_TURN, timeout=120_000)
    assert page.get_attribute("#table", "data-phase") == "bidding"
    assert page.get_attribute("#table", "data-step") == "3"
    assert page.evaluate("window.__workerCalls") == 3  # each bid came from the worker
    assert page.get_attribute("#table", "data-level") == "expert"


def test_a_new_version_is_offered_and_a_reload_takes_it(page, site_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    server = SiteServer(site, "127.0.0.1", 0, "/").start()
    try:
        page.goto(server.url + "?pause=0")
        page.wait_for_function(READY)
        page.wait_for_function(CONTROLLED)
        first = page.evaluate(OFFLINE_CACHES)
        assert len(first) == 1

        # A new version is published: one file changes, the build lists it again.
        index = site / "index.html"
        index.write_text(index.read_text(encoding="utf-8").replace("<title>Tarot</title>", "<title>Tarot 2</title>"),
                         encoding="utf-8")
        _delivery().write_service_worker(site)

        page.reload()  # still the old version, from the cache; the browser finds the new worker
        page.wait_for_function(READY)
        assert page.title() == "Tarot"
        banner = page.locator("#update")
        banner.wait_for(state="visible")
        assert banner.inner_text().startswith("Nouvelle version disponible")
        with page.expect_navigation():
            page.click("[data-action=reload-update]")
        page.wait_for_function(READY)
        assert page.title() == "Tarot 2"
        assert page.is_hidden("#update")
        caches = page.evaluate(OFFLINE_CACHES)
        assert len(caches) == 1 and caches != first  # the old version's cache is gone
    finally:
        server.stop()


def _snapshot_name(site_dir: Path) -> str:
    """The snapshot's name, as the build writes it into the loader and boot.js."""
    names = {re.search(r'^const SNAPSHOT_NAME = "([\w.-]+)";', (site_dir / "web" / script).read_text(encoding="utf-8"),
                       re.M).group(1) for script in ("pyodide-loader.mjs", "boot.js")}
    assert len(names) == 1, names
    return names.pop()


def test_a_snapshot_that_cannot_be_restored_only_means_a_normal_start(page, site_url, site_dir):
    name = _snapshot_name(site_dir)
    version = json.loads((site_dir / "vendor" / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
    assert name.startswith(f"python-snapshot-{version}-")  # a new Pyodide makes a new snapshot
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    key = f"{site_url}vendor/pyodide/{name}"
    page.evaluate("([cache, key, said, name]) => caches.open(cache)"
                  ".then(c => c.put(key, new Response(new Uint8Array(4096).fill(7))))"
                  ".then(() => localStorage.setItem(said, name))", [SNAPSHOT_CACHE, key, SNAPSHOT_NAME_KEY, name])
    page.reload()
    page.wait_for_function(READY)
    assert page.evaluate("performance.getEntriesByName('tarot:python-from-snapshot').length") == 0
    page.wait_for_function("([cache, key]) => caches.open(cache).then(c => c.match(key))"
                           ".then(found => !found)", arg=[SNAPSHOT_CACHE, key])  # thrown away, to be made anew
    start_game(page, 4, 3)
    assert human_turn(page) == "bidding"
    act(page, "[data-bid=pass]")


def test_a_snapshot_is_restored_only_where_the_page_said_it_saved_it(page, site_url, python_snapshot):
    """A first visit does not wait on a look in the Cache Storage: boot.js looks there only for
    the snapshot whose name a page of this browser wrote down once it was saved."""
    if python_snapshot is None:
        pytest.skip("TAROT_E2E_COLD=1: no snapshot made")
    from_snapshot = "performance.getEntriesByName('tarot:python-from-snapshot').length"
    give_snapshot(page, site_url, python_snapshot, said=False)
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    assert page.evaluate(from_snapshot) == 0
    give_snapshot(page, site_url, python_snapshot)  # and its name, as every other test's context has it
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    assert page.evaluate(from_snapshot) == 1
    page.evaluate("(said) => localStorage.setItem(said, 'python-snapshot-of-another-version.bin')", SNAPSHOT_NAME_KEY)
    page.reload()
    page.wait_for_function(READY)
    assert page.evaluate(from_snapshot) == 0
