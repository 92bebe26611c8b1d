"""Browser tests: fixtures for Playwright (sync API) in real, headless Chromium.

The built site (_site/, rebuilt once per session by scripts/build.py) is served
on 127.0.0.1 by an in-process threaded server (scripts/serve.py's SiteServer).

Fixtures:
  site_dir      Path of the built site.
  site_server   SiteServer for the site at "/" (session); .add_file(path, text)
                serves an extra in-memory file without touching _site/.
  site_url      Base URL of the site, with a trailing slash, e.g. http://127.0.0.1:PORT/
  serve_site    Factory: serve_site("/tarot/") -> SiteServer serving the site under
                that sub-path (one per prefix, for the session); use .url.
  browser       Chromium (session).
  browser_context_args  Options for browser.new_context(); override to change.
  stored_state  Factory (module): stored_state(play) -> the site's storage (localStorage)
                once play(page, site_url) has run in a fresh context; a test marked
                @pytest.mark.starts_from("play") (play: a function of its module)
                starts from it, in its own fresh context.
  python_snapshot  (session) The page's own snapshot of a started Python, made once by
                web/snapshot-worker.js as after a first visit: every test's fresh context
                gets it in its Cache Storage (the page fixture puts it there from a blank page
                of the site's origin, where the page starts), so the game's page (and its
                bots' worker) restores Python from it as on a returning visit instead of
                starting it (the game is the same from there on). A test marked cold_start
                (the delivery tests), or every test with TAROT_E2E_COLD=1, starts Python afresh.
  context, page A fresh context and page per test. The page:
                  - lets requests reach 127.0.0.1 / localhost only; any other host
                    is aborted, counted, and fails the test at teardown;
                  - collects console errors and uncaught page errors, which fail
                    the test at teardown (unless marked allow_console_errors);
                    a Content-Security-Policy violation is a console error, and a
                    preload the page does not use counts as one (unless marked
                    preloads_may_be_late);
                  - on failure saves e2e/artifacts/<test>.png (+ .log).
A test whose page's renderer process dies ("Target crashed") is run again, on a fresh
page, up to twice (pytest-rerunfailures; the summary counts each rerun); Chromium's own
log of the session is e2e/artifacts/chromium.log (chromium-gw0.log, ... under pytest-xdist),
and its standard error chromium-stderr.log (chromium-gw0-stderr.log, ...): what it wrote
while a page crashed is shown in the test's report.
Wait in tests with page.wait_for_* / expect(...), never time.sleep.
"""

from __future__ import annotations

import base64
import gzip
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE_DIR = ROOT / "_site"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
DEFAULT_TIMEOUT_MS = 60_000

# Playwright's message when the page's renderer process dies under a test.
RENDERER_CRASH = "Target crashed"
_XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER")  # gw0, gw1, ... under pytest-xdist: one log per process
CHROMIUM_LOG = ARTIFACTS / (f"chromium-{_XDIST_WORKER}.log" if _XDIST_WORKER else "chromium.log")
# Chromium's standard error, where a renderer that dies writes why (a signal, V8's fatal error).
CHROMIUM_STDERR = CHROMIUM_LOG.with_name(CHROMIUM_LOG.stem + "-stderr.log")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Shared memory in containers is often a few MB: a page that outgrows it
    # crashes the renderer ("Target crashed"); /tmp has room.
    "--disable-dev-shm-usage",
    # Belt and braces: no name other than loopback resolves, even for requests
    # Playwright's routing does not see.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
# Parts of Chromium's own window that no page sees. Headless Chromium opens a window for each
# new page, and each window loaded the address bar's popup (chrome://omnibox-popup.top-chrome,
# a page of Chromium's own in a renderer of its own): 0.4 to 0.7 s of one CPU and more on
# background threads, in a trace, while the page under test loaded beside it.
CHROMIUM_FEATURES_OFF = [
    "PreloadTopChromeWebUI",
    "WebUIOmniboxPopup",
    "WebUIOmniboxAimPopup",
    "WebUIOmniboxFullPopup",
    "OmniboxEverywhere",
    "WebUILocationBar",
]
# Chromium keeps only the last --disable-features it is given, and Playwright gives its own: the
# launcher merges them into one, then runs EXECUTABLE.
LAUNCHER = ARTIFACTS / "chromium.sh"
LAUNCHER_SCRIPT = """#!/bin/sh
features=""
for arg do
  shift
  case "$arg" in
    --disable-features=*) features="${features:+$features,}${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "EXECUTABLE" ${features:+"--disable-features=$features"} "$@"
"""


def write_launcher(executable: str, script: Path, stderr: Path | None = None) -> Path:
    """A script that runs ``executable`` with every ``--disable-features=LIST`` it is given merged
    into one and, with ``stderr``, its standard error (and its processes') added to that file."""
    script.parent.mkdir(parents=True, exist_ok=True)
    text = LAUNCHER_SCRIPT.replace("EXECUTABLE", executable)
    if stderr:
        text = text.rstrip("\n") + f' 2>>"{stderr}"\n'
    written = script.with_name(f"{script.name}.{os.getpid()}")  # then renamed: never run half written
    written.write_text(text, encoding="utf-8")
    written.chmod(0o755)
    written.replace(script)
    return script


def launch_options(*extra_args: str, stderr: Path | None = None) -> dict:
    """Playwright's launch options for headless Chromium, as every browser run here uses it:
    the system's Chromium where it is installed, through a launcher (LAUNCHER; with ``stderr``,
    one beside that file that adds Chromium's standard error to it), with CHROMIUM_ARGS, the
    features CHROMIUM_FEATURES_OFF turned off, and any extra arguments."""
    options: dict = {"headless": True, "args": [*CHROMIUM_ARGS, *extra_args]}
    if Path(CHROMIUM).exists():
        script = stderr.with_suffix(".sh") if stderr else LAUNCHER
        options["executable_path"] = str(write_launcher(CHROMIUM, script, stderr))
        options["args"].insert(len(CHROMIUM_ARGS), "--disable-features=" + ",".join(CHROMIUM_FEATURES_OFF))
    return options


def _load_serve_module():
    spec = importlib.util.spec_from_file_location("tarot_site_serve", ROOT / "scripts" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


_serve = _load_serve_module()
SiteServer = _serve.SiteServer


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "allow_console_errors: do not fail the test on console errors or page errors",
    )
    config.addinivalue_line(
        "markers",
        "preloads_may_be_late: the page holds several tables, which share one main thread: "
        "one table's start-up can hold another's past the few seconds after the load event "
        "that Chromium waits before it calls a preload unused (e2e/test_delivery_embed.py checks "
        "instead that each table fetches each preloaded file once)",
    )
    config.addinivalue_line(
        "markers",
        "cold_start: the test's context gets no snapshot of a started Python (python_snapshot): "
        "its page starts Python afresh, as on a first visit",
    )
    config.addinivalue_line(
        "markers",
        "starts_from(name): the test's fresh context starts with the site's storage as its module's "
        "function name(page, site_url) left it, played once per module (the stored_state fixture)",
    )


def pytest_collection_modifyitems(config, items):
    """Each browser test may run again, up to twice, and only when its page's renderer
    process died ("Target crashed"): on a loaded machine Chromium's renderer has crashed
    now and then while Python starts, in a different test each time (one run had 16 such
    crashes among its 162 tests, two tests crashing twice), and the test passed on a
    fresh page. A failed assertion or a page error never runs again; the summary line
    counts each rerun."""
    here = Path(__file__).resolve().parent
    for item in items:
        if item.path.resolve().is_relative_to(here):
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=[RENDERER_CRASH]))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


# --------------------------------------------------------------------- site


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site, rebuilt once per session so it matches the sources."""
    if os.environ.get("TAROT_E2E_SKIP_BUILD") != "1":
        result = subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "build.py")],
            cwd=ROOT, capture_output=True, text=True,
        )
        if result.returncode != 0:
            pytest.fail(f"scripts/build.py failed:\n{result.stdout}{result.stderr}", pytrace=False)
    if not (SITE_DIR / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("_site/ is not built: run `npm ci && python3 scripts/build.py`", pytrace=False)
    return SITE_DIR


@pytest.fixture(scope="session")
def serve_site(site_dir):
    """Factory: serve_site(prefix="/") -> a started SiteServer (one per prefix)."""
    servers: dict[str, SiteServer] = {}

    def serve(prefix: str = "/") -> SiteServer:
        prefix = _serve.normalize_prefix(prefix)
        if prefix not in servers:
            servers[prefix] = SiteServer(site_dir, "127.0.0.1", 0, prefix).start()
        return servers[prefix]

    yield serve
    for server in servers.values():
        server.stop()


@pytest.fixture(scope="session")
def site_server(serve_site) -> SiteServer:
    return serve_site("/")


@pytest.fixture(scope="session")
def site_url(site_server) -> str:
    return site_server.url


# ------------------------------------------------------------------ browser


@pytest.fixture(scope="session")
def browser():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # Chromium's standard error kept in CHROMIUM_STDERR, emptied first: Playwright reads only its
    # pipe, and shows the browser's output to no one.
    CHROMIUM_STDERR.write_text("", encoding="utf-8")
    options = launch_options("--enable-logging", f"--log-file={CHROMIUM_LOG}", stderr=CHROMIUM_STDERR)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**options)
        yield browser
        browser.close()


@pytest.fixture
def browser_context_args(request) -> dict:
    """A desktop screen; with a test's ``starts_from("play")`` mark, the site's storage as
    its module's function ``play`` left it (``stored_state``)."""
    args: dict = {"viewport": {"width": 1280, "height": 800}}
    marker = request.node.get_closest_marker("starts_from")
    if marker is not None:
        args["storage_state"] = request.getfixturevalue("stored_state")(getattr(request.module, marker.args[0]))
    return args


# Served by the test server only, beside the site (SiteServer.add_file): a blank page of the
# site's origin, and the bytes of the session's Python snapshot.
BLANK_PAGE = "__e2e__/blank.html"
SNAPSHOT_FILE = "__e2e__/python-snapshot.bin.gz"  # gzip: a third of the bytes to copy per test
SNAPSHOT_CACHE = "tarot python snapshots"  # web/pyodide-loader.mjs's Cache Storage
SNAPSHOT_NAME_KEY = "tarot.python-snapshot"  # web/boot.js's localStorage: the name of the snapshot saved
MAKE_SNAPSHOT = """() => new Promise((resolve, reject) => {
  const worker = new Worker(new URL('web/snapshot-worker.js', location.origin + '/'), {type: 'module'});
  worker.onmessage = ({data}) => { worker.terminate(); data.saved ? resolve() : reject(new Error(data.error || 'not saved')); };
  worker.onerror = (event) => reject(new Error(event.message));
})"""
READ_SNAPSHOT = """async (name) => {
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return [request.url, btoa(text)];
}"""
GIVE_SNAPSHOT = """async ([name, key, file, said]) => {
  const response = await fetch(file);
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  const bytes = response.body.pipeThrough(new DecompressionStream('gzip'));
  await (await caches.open(name)).put(key, new Response(bytes, {headers: {'Content-Type': 'application/octet-stream'}}));
  if (said) localStorage.setItem(said, key.split('/').pop());
}"""


@pytest.fixture(scope="session")
def python_snapshot(browser, site_server) -> str | None:
    """The Cache Storage key of the site's Python snapshot, made once by the page's own
    web/snapshot-worker.js in a throwaway context (a freshly started Python that has imported
    the game's modules: no game in it); its bytes are served at SNAPSHOT_FILE. None with
    TAROT_E2E_COLD=1."""
    if os.environ.get("TAROT_E2E_COLD") == "1":
        return None
    site_server.add_file(BLANK_PAGE, "<!doctype html><title>e2e</title>")
    context = browser.new_context()
    context.set_default_timeout(120_000)
    try:
        page = context.new_page()
        page.goto(site_server.url + BLANK_PAGE)
        page.evaluate(MAKE_SNAPSHOT)
        key, data = page.evaluate(READ_SNAPSHOT, SNAPSHOT_CACHE)
    finally:
        context.close()
    site_server.add_file(SNAPSHOT_FILE, gzip.compress(base64.b64decode(data), compresslevel=1, mtime=0))
    return key


def give_snapshot(page, site_url: str, key: str, *, said: bool = True) -> None:
    """Put the session's Python snapshot in the Cache Storage of ``page``'s context, from a blank
    page of the site's origin, and (``said``) its name in localStorage, as web/boot.js writes it
    once the snapshot is saved: every page of the context then restores it."""
    page.goto(site_url + BLANK_PAGE)
    page.evaluate(GIVE_SNAPSHOT, [SNAPSHOT_CACHE, key, site_url + SNAPSHOT_FILE, SNAPSHOT_NAME_KEY if said else ""])


@pytest.fixture
def context(browser, browser_context_args):
    context = browser.new_context(**browser_context_args)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    yield context
    context.close()


# A string that Playwright takes for a function (it compiles those through the
# DevTools protocol, which the page's Content-Security-Policy does not govern).
_FUNCTION_SOURCE = re.compile(r"^\s*(async\s+)?(function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")


def _csp_safe_waits(page) -> None:
    """The game's Content-Security-Policy forbids eval (no 'unsafe-eval'), and
    Playwright polls a bare string expression with eval inside the page: hand it
    a function instead, so wait_for_function("document...") keeps working."""
    original = page.wait_for_function

    def wait_for_function(expression, *args, **kwargs):
        if isinstance(expression, str) and not _FUNCTION_SOURCE.match(expression):
            expression = f"() => ({expression})"
        return original(expression, *args, **kwargs)

    page.wait_for_function = wait_for_function


def _artifact_name(nodeid: str) -> str:
    name = nodeid.split("::", 1)[-1] if "::" in nodeid else nodeid
    module = Path(nodeid.split("::", 1)[0]).stem
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{module}__{name}").strip("_")[:150]


class _Watch:
    """What a page did that fails a test: requests to other hosts, console errors (an unused
    preload among them, unless ``late_preloads_expected``), uncaught page errors; and its log."""

    def __init__(self, context, page, late_preloads_expected: bool = False) -> None:
        self.blocked: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.log: list[str] = []
        self.late_preloads_expected = late_preloads_expected
        self.stderr_from = CHROMIUM_STDERR.stat().st_size if CHROMIUM_STDERR.exists() else 0
        context.route("**/*", self._guard)
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)
        page.on("websocket", self._on_websocket)
        page.on("crash", self._on_crash)

    def _guard(self, route):
        url = route.request.url
        host = urlsplit(url).hostname
        if urlsplit(url).scheme in ("http", "https", "ws", "wss") and host not in LOCAL_HOSTS:
            self.blocked.append(url)
            route.abort("blockedbyclient")
        else:
            route.continue_()

    def _on_console(self, message):
        where = (message.location or {}).get("url", "")
        self.log.append(f"console.{message.type}: {message.text} ({where})")
        unused_preload = "preloaded using link preload but not used" in message.text
        if message.type == "warning" and unused_preload and not self.late_preloads_expected:
            self.console_errors.append(message.text)  # a preload that is wasted (or fetched twice)
        if message.type != "error":
            return
        # Chromium asks for /favicon.ico by itself when a page declares no icon.
        if urlsplit(where).path.endswith("/favicon.ico"):
            return
        self.console_errors.append(f"{message.text} ({where})" if where else message.text)

    def _on_page_error(self, error):
        self.log.append(f"pageerror: {error}")
        self.page_errors.append(str(error))

    def _on_crash(self, _page):
        """The renderer died: what Chromium wrote on its standard error since the page opened
        goes to the test's log and to its captured output, which a failure report shows."""
        said = ""
        if CHROMIUM_STDERR.exists():
            with CHROMIUM_STDERR.open("rb") as stderr:
                stderr.seek(self.stderr_from)
                said = "\n".join(stderr.read().decode("utf-8", "replace").splitlines()[-60:])
        self.log.append(f"renderer crashed (Chromium's log: {CHROMIUM_LOG.relative_to(ROOT)}); its standard error:\n{said}")
        print(f"renderer crashed; Chromium's standard error since the page opened:\n{said}", file=sys.stderr)

    def _on_websocket(self, ws):
        host = urlsplit(ws.url).hostname
        if host not in LOCAL_HOSTS:
            self.blocked.append(ws.url)

    def problems(self, console_errors_allowed: bool = False) -> list[str]:
        problems = []
        if self.blocked:
            problems.append(f"{len(self.blocked)} request(s) to non-local hosts were blocked:\n  "
                            + "\n  ".join(self.blocked))
        if not console_errors_allowed:
            if self.console_errors:
                problems.append("console errors:\n  " + "\n  ".join(self.console_errors))
            if self.page_errors:
                problems.append("page errors:\n  " + "\n  ".join(self.page_errors))
        return problems


def watched_page(context, late_preloads_expected: bool = False):
    """A new page of ``context``, CSP-safe waits, watched: (page, _Watch)."""
    page = context.new_page()
    watch = _Watch(context, page, late_preloads_expected)
    _csp_safe_waits(page)
    return page, watch


# The tab's lease of the table (web/browser/lease.py): a closed tab's is not kept in a stored state.
LEASE_KEYS = ("tarot.table.owner", "tarot.table.takeover")


@pytest.fixture(scope="module")
def stored_state(browser, site_url, python_snapshot):
    """Factory: stored_state(play) -> what the site stored in a fresh context (Playwright's
    storage_state: its localStorage, the closing tab's lease left out) after
    ``play(page, site_url)`` ran there, once per module and ``play``; a test marked
    ``starts_from(play)`` starts from it in its own fresh context. The page is watched as
    ``page`` is (local requests only, console and page errors fail)."""
    states: dict = {}

    def stored(play):
        if play not in states:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.set_default_timeout(DEFAULT_TIMEOUT_MS)
            try:
                page, watch = watched_page(context)
                if python_snapshot is not None:
                    give_snapshot(page, site_url, python_snapshot)
                play(page, site_url)
                state = context.storage_state()
                problems = watch.problems()
            finally:
                context.close()
            if problems:
                pytest.fail(f"while playing {play.__name__}:\n" + "\n".join(problems), pytrace=False)
            for origin in state["origins"]:
                origin["localStorage"] = [item for item in origin["localStorage"] if item["name"] not in LEASE_KEYS]
            states[play] = state
        return states[play]

    return stored


@pytest.fixture
def page(context, request):
    late_preloads_expected = request.node.get_closest_marker("preloads_may_be_late") is not None
    page, watch = watched_page(context, late_preloads_expected)
    log = watch.log
    if request.node.get_closest_marker("cold_start") is None:
        key = request.getfixturevalue("python_snapshot")
        if key is not None:
            give_snapshot(page, request.getfixturevalue("site_url"), key)
    yield page

    failed = any(
        getattr(request.node, f"rep_{when}", None) is not None
        and getattr(request.node, f"rep_{when}").failed
        for when in ("setup", "call")
    )
    if failed and not page.is_closed():
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        stem = ARTIFACTS / _artifact_name(request.node.nodeid)
        try:
            page.screenshot(path=str(stem.with_suffix(".png")), full_page=True)
        except Exception as err:  # a crashed page cannot be captured
            log.append(f"screenshot failed: {err}")
        if log:
            stem.with_suffix(".log").write_text("\n".join(log) + "\n", encoding="utf-8")

    problems = watch.problems(request.node.get_closest_marker("allow_console_errors") is not None)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
