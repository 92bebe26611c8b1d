"""Embedding: another site shows the table in an iframe, set up by URL parameters;
what a person types (a name) is shown as text, never as markup."""
from __future__ import annotations

import re
from collections import Counter
from urllib.parse import urlsplit

import pytest
from conftest import SiteServer
from table_driver import HUMAN_TURN, act, start_game

# The delivery of the runtime is the test: every page here starts Python as a first visit does.
pytestmark = pytest.mark.cold_start

READY = "() => document.getElementById('table').dataset.phase !== 'loading'"
NAME = "<img src=x onerror=alert(1)>"


def _frame(page, selector):
    frame = page.wait_for_selector(selector).content_frame()
    frame.wait_for_function(READY)
    return frame


def _table(frame) -> dict:
    return frame.evaluate("() => ({...document.getElementById('table').dataset})")


def _preloads(site_dir) -> list[str]:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    return re.findall(r'<link rel="(?:module)?preload" href="\./([^"]+)"', html)


def _count_by_frame(page) -> dict[str, Counter]:
    """Paths the page's documents request, by the URL of the frame asking."""
    counts: dict[str, Counter] = {}

    def record(request):
        try:
            frame = request.frame
        except Exception:  # a worker's request: no frame, and no preload of the page's
            return
        counts.setdefault(frame.url, Counter())[urlsplit(request.url).path.lstrip("/")] += 1

    page.on("request", record)
    return counts


# Two tables on one page share the page's main thread: the second one's Python waits
# while the first one starts, so its preloads may be used late (never twice).
@pytest.mark.preloads_may_be_late
def test_another_site_embeds_a_deal_set_by_the_url_and_bad_values_are_named(page, site_server, site_dir, tmp_path):
    other = SiteServer(tmp_path, "127.0.0.1", 0, "/").start()  # another origin: another port
    try:
        game = site_server.url
        other.add_file("rules.html", f"""<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Les règles</title><link rel="icon" href="data:,"></head>
<body><h1>Une donne à 3 joueurs</h1>
<iframe id="good" title="Tarot" width="900" height="640"
  src="{game}?embed=1&amp;players=3&amp;level=standard&amp;lang=en&amp;misere=1&amp;deal=42&amp;pause=0"></iframe>
<iframe id="bad" title="Tarot" width="900" height="640"
  src="{game}?embed=1&amp;players=7&amp;level=genius&amp;deal=12x&amp;misere=peut-etre&amp;couleur=rouge&amp;pause=0"></iframe>
</body></html>""")
        assert other.url != game and other.port != site_server.port
        requests = _count_by_frame(page)
        page.goto(other.url + "rules.html")
        good = _frame(page, "#good")
        bad = _frame(page, "#bad")

        # Each table downloads each file it preloads once: the preload is what Python uses.
        preloads = _preloads(site_dir)
        assert "vendor/pyodide/pyodide.asm.wasm" in preloads, preloads
        for frame in (good, bad):
            fetched = requests[frame.url]
            assert {path: fetched[path] for path in preloads} == dict.fromkeys(preloads, 1), fetched

        # The URL's game starts at once: no new-game form, no menus, no score sheet.
        table = _table(good)
        assert table["phase"] not in ("setup", "loading")
        assert (table["players"], table["level"], table["options"], table["deal"], table["lang"]) == \
            ("3", "standard", "misere", "42", "en")
        assert good.is_hidden("[data-action=new-game]") and good.is_hidden("[data-testid=score-sheet]")
        assert good.is_hidden("#btn-lessons")  # an embedded table keeps the reader on the teacher's page
        assert good.query_selector("[data-testid=setup]") is None
        assert good.query_selector("[data-testid=url-notice]") is None
        good.wait_for_function(HUMAN_TURN)
        if _table(good)["phase"] == "bidding":
            act(good, "[data-bid=pass]")
        else:
            act(good, "#hand button[data-card]:not([aria-disabled='true'])")
        assert good.evaluate("() => localStorage.getItem('tarot.table')") is None  # nothing saved

        # Bad values: the defaults, and a notice in the page's language naming each one.
        table = _table(bad)
        assert (table["players"], table["options"], table["lang"]) == ("4", "", "fr")
        assert table["phase"] not in ("setup", "loading") and table["deal"] != "12"
        notice = bad.inner_text("[data-testid=url-notice]")
        for shown in ("players=7", "level=genius", "deal=12x", "misere=peut-etre", "couleur"):
            assert shown in notice, notice
        assert notice.startswith("Paramètre d'adresse ignoré")
        bad.click("[data-action=dismiss-notice]")
        bad.wait_for_selector("[data-testid=url-notice]", state="detached")
    finally:
        other.stop()


def test_a_link_fills_in_the_new_game_form_and_keeps_the_saved_game(page, site_url):
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    start_game(page, 4, 3)
    page.goto(site_url + "?players=5&deal=77&red_pips_reversed=1&pause=0")
    page.wait_for_function(READY)
    assert page.get_attribute("#table", "data-phase") == "setup"
    assert page.is_checked("input[name=players][value='5']")
    assert page.is_checked("input[name=option][value=red_pips_reversed]")
    assert page.input_value("input[name=deal]") == "77"
    page.click("[data-action=cancel-setup]")  # the saved game is still there
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'")
    assert (page.get_attribute("#table", "data-deal"), page.get_attribute("#table", "data-players")) == ("3", "4")


def test_a_typed_name_is_shown_as_text_never_as_markup(page, site_url):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    page.fill("input[name=name]", NAME)
    start_game(page, 4, 3)
    for _ in range(2):  # as typed, then as saved with the match and read back after a reload
        assert page.text_content("[data-seat='0'] .name") == NAME
        assert page.text_content("[data-testid=score-sheet] th[data-seat='0']") == NAME  # (shown in capitals)
        assert page.evaluate("() => document.querySelectorAll('img').length") == 0
        page.reload()
        page.wait_for_function(READY)
    assert page.evaluate("() => JSON.parse(localStorage.getItem('tarot.table')).settings.name") == NAME
    assert dialogs == []
