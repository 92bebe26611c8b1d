"""The ``<tarot-deal>`` tag (tarot-deal.js) in a teacher's page on another site, and the
oEmbed files that let a content system show a lesson's table or the daily puzzle."""
from __future__ import annotations

import json
import re
import sys
from html import unescape
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

from conftest import SiteServer
from table_driver import READY, play_to_end, table_frame

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from oembed import DAILY_SIZE, LOCAL_SITE, TABLE_SIZE, table_sources  # noqa: E402
from tarot.words import LANGS, t  # noqa: E402
from web.browser.params import FRAGMENT, parameter_names  # noqa: E402

HEARD = """<script>
window.heard = [];
for (const type of ["tarot-step", "tarot-done"]) {
  document.addEventListener(type, (event) => window.heard.push({ type: event.type, detail: event.detail }));
}
</script>"""


def _teacher_page(other: SiteServer, game: str, tag: str) -> str:
    return other.add_file("cours.html", f"""<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Mon cours</title><link rel="icon" href="data:,">
<script src="{game}tarot-deal.js" defer></script></head>
<body><h1>Une donne à 3 joueurs</h1>{tag}{HEARD}</body></html>""")


def _frame(page):
    return table_frame(page, "tarot-deal iframe")


def test_a_teacher_s_page_plays_a_deal_in_the_tag_and_hears_each_step_and_the_result(page, site_server, tmp_path):
    other = SiteServer(tmp_path, "127.0.0.1", 0, "/").start()  # another origin: another port
    try:
        page.goto(_teacher_page(other, site_server.url,
                                '<tarot-deal players="3" deal="12" lang="en" pause="0" width="900" height="640">'
                                "</tarot-deal>"))
        frame = _frame(page)
        box = page.query_selector("tarot-deal").bounding_box()
        assert (box["width"], box["height"]) == (900, 640)  # sized to its box, the frame with it
        assert page.query_selector("tarot-deal iframe").bounding_box()["height"] == 640
        assert page.get_attribute("tarot-deal iframe", "title") == t("title", "en")  # the catalogue's, in its language
        table = frame.evaluate("() => ({...document.getElementById('table').dataset})")
        assert (table["players"], table["deal"], table["lang"]) == ("3", "12", "en")
        assert frame.query_selector("[data-testid=setup]") is None  # embedded: the deal starts at once
        play_to_end(frame)
        page.wait_for_function("() => window.heard.some(m => m.type === 'tarot-done')")
        heard = page.evaluate("window.heard")
        steps = [m["detail"]["step"] for m in heard if m["type"] == "tarot-step"]
        assert steps == sorted(set(steps)) and len(steps) > 20  # every action of the deal, once each
        done = [m["detail"] for m in heard if m["type"] == "tarot-done"]
        assert len(done) == 1 and done[0]["deal"] == 12 and done[0]["players"] == 3
        assert len(done[0]["result"]["scores"]) == 3 and sum(done[0]["result"]["scores"]) == 0
        assert frame.query_selector("[data-testid=result]") is not None
    finally:
        other.stop()


def test_a_lesson_draws_its_tables_with_the_tag(page, site_url):
    page.goto(site_url + "lessons/en/excuse.html")
    frame = _frame(page)
    html = (ROOT / "lessons" / "en" / "excuse.html").read_text(encoding="utf-8")
    query = dict(parse_qsl(urlsplit(table_sources(html)[0]).query))
    table = frame.evaluate("() => ({...document.getElementById('table').dataset})")
    assert table["lang"] == "en" and table["players"] == "4" and query["exercise"] == "1"
    assert int(table["step"]) >= int(query["at"])  # the situation, from its moment on
    assert frame.query_selector("[data-testid=url-notice]") is None  # every attribute read


def _oembed(site_dir: Path, rel: str) -> dict:
    answer = json.loads((site_dir / rel).read_text(encoding="utf-8"))
    assert answer["version"] == "1.0" and answer["type"] == "rich" and answer["html"].startswith("<iframe ")
    return answer


def _iframe_src(answer: dict) -> str:
    return unescape(answer["html"].split(' src="', 1)[1].split('"', 1)[0])


def test_each_lesson_s_oembed_file_loads_its_first_table(page, site_dir, site_url):
    lessons = sorted((site_dir / "lessons").glob("*/*.html"))
    assert lessons
    for lesson in lessons:
        rel = lesson.relative_to(site_dir).with_suffix(".oembed.json").as_posix()
        answer = _oembed(site_dir, rel)
        assert (answer["width"], answer["height"]) == TABLE_SIZE
        html = lesson.read_text(encoding="utf-8")
        assert f'type="application/json+oembed" href="{LOCAL_SITE}{rel}"' in html  # discovered by its page
        first = table_sources(html, LOCAL_SITE)[0]
        assert _iframe_src(answer) == first  # the lesson's first table, as the tag draws it
    answer = _oembed(site_dir, "lessons/fr/petit-en-danger.oembed.json")
    src = _iframe_src(answer)
    page.goto(src.replace(LOCAL_SITE, site_url))
    page.wait_for_function(READY)
    assert int(page.get_attribute("#table", "data-step")) >= int(dict(parse_qsl(urlsplit(src).query))["at"])
    assert page.query_selector("[data-testid=url-notice]") is None


def test_the_tag_reads_the_page_s_own_list_of_parameters_and_stays_small(site_dir):
    script = (site_dir / "tarot-deal.js").read_text(encoding="utf-8")
    written = {name: json.loads(re.search(rf"const {name} = (\[.*?\]|\{{.*?\}});", script).group(1))
               for name in ("PARAMETERS", "FRAGMENT", "TITLES")}
    assert written == {"PARAMETERS": list(parameter_names()), "FRAGMENT": list(FRAGMENT),
                       "TITLES": {lang: t("title", lang) for lang in LANGS}}  # the frame's title: the catalogues' word
    assert len(script.encode("utf-8")) < 5_000


def test_the_daily_puzzle_s_page_shows_it_in_its_400_by_500_tag(page, site_url):
    page.set_viewport_size({"width": 400, "height": 500})
    page.goto(site_url + "daily.html")
    frame = _frame(page)
    frame.wait_for_selector("[data-testid=puzzle]")
    box = page.query_selector("tarot-deal").bounding_box()
    assert (box["width"], box["height"]) == DAILY_SIZE
    assert frame.evaluate("document.documentElement.scrollHeight <= innerHeight")  # no scrolling in the frame


def test_the_game_and_the_daily_puzzle_have_their_oembed_files(site_dir):
    game = _oembed(site_dir, "oembed.json")
    assert _iframe_src(game) == f"{LOCAL_SITE}index.html?embed=1"
    assert f'href="{LOCAL_SITE}oembed.json"' in (site_dir / "index.html").read_text(encoding="utf-8")
    daily = _oembed(site_dir, "daily.oembed.json")
    assert (daily["width"], daily["height"]) == DAILY_SIZE
    src = urlsplit(_iframe_src(daily))
    assert dict(parse_qsl(src.query)) == {"embed": "1", "lang": "fr", "mode": "puzzles", "daily": "1"}
    assert f'href="{LOCAL_SITE}daily.oembed.json"' in (site_dir / "daily.html").read_text(encoding="utf-8")
