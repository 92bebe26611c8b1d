"""The built site's oEmbed files: a page that a CMS reads shows the table.

oEmbed (https://oembed.com) lets a content system turn a link into a widget: the page
names a JSON file in ``<link rel="alternate" type="application/json+oembed">``, the JSON's
``html`` is what the system puts in its page. A static site cannot answer queries, so each
page that can be embedded has its own static file, written by the build:

- each lesson (``lessons/LANG/NAME.html`` → ``lessons/LANG/NAME.oembed.json``): its first
  table, as the lesson's ``<tarot-deal>`` sets it up;
- the game (``index.html`` → ``oembed.json``): a table dealing a new deal;
- the daily puzzle (``daily.html``, a page of its own holding the daily puzzle's table
  → ``daily.oembed.json``), 400×500.

Each ``html`` is an ``<iframe>`` of the site (content systems drop scripts from oEmbed), and
oEmbed wants absolute addresses: the build takes the site's address (``--site-url``,
``TAROT_SITE_URL``; the local server's by default), and the pages' ``<link>`` are written
with it too.
"""
from __future__ import annotations

import json
import sys
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tarot.words import t  # noqa: E402
from web.browser.params import FRAGMENT, parameter_names  # noqa: E402

LOCAL_SITE = "http://127.0.0.1:8000/"  # scripts/serve.py's address
SUFFIX = ".oembed.json"
LINK = '<link rel="alternate" type="application/json+oembed" href="{href}" title="{title}">'
TABLE_SIZE = (940, 780)  # a lesson's or the game's table (lessons.css)
DAILY_SIZE = (400, 500)  # the daily puzzle's table
DAILY_PAGE = "daily.html"
DAILY_QUERY = (("mode", "puzzles"), ("daily", "1"))
GAME_LINK_MARKER = "<!-- build: oembed -->"


class TableTags(HTMLParser):
    """The page's ``<title>`` and its ``<tarot-deal>`` elements' attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.tables: list[list[tuple[str, str]]] = []
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tarot-deal":
            self.tables.append([(name, value or "") for name, value in attrs])
        self._in_title = tag == "title"

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data


def table_address(site: str, attributes: list[tuple[str, str]]) -> str:
    """The address of the table a ``<tarot-deal>`` with these attributes draws (as the tag does)."""
    names = set(parameter_names())
    query = [("embed", "1")] + [(n, v or "1") for n, v in attributes if n in names and n not in FRAGMENT]
    fragment = "&".join(f"{n}={v}" for n, v in attributes if n in FRAGMENT)
    return f"{site}index.html?{urlencode(query)}" + (f"#{fragment}" if fragment else "")


def table_sources(html: str, base: str = "../../") -> list[str]:
    """The address of each table a page's ``<tarot-deal>`` elements draw, from ``base`` (a
    lesson's: ``../../``, the site's root seen from ``lessons/LANG/``)."""
    parser = TableTags()
    parser.feed(html)
    return [table_address(base, attributes) for attributes in parser.tables]


def embed(site: str, title: str, address: str, size: tuple[int, int]) -> dict[str, object]:
    """An oEmbed ``rich`` answer: the table in an iframe."""
    width, height = size
    html = (f'<iframe src="{escape(address)}" title="{escape(title)}" width="{width}" height="{height}" '
            f'style="border:0;max-width:100%" loading="lazy"></iframe>')
    return {"version": "1.0", "type": "rich", "provider_name": "Tarot", "provider_url": site,
            "title": title, "width": width, "height": height, "html": html}


def _write(path: Path, answer: dict[str, object]) -> None:
    path.write_text(json.dumps(answer, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _link_absolute(page: Path, relative: str, absolute: str) -> None:
    """The page's oEmbed ``<link>`` at the site's address (oEmbed wants it absolute)."""
    html = page.read_text(encoding="utf-8")
    page.write_text(html.replace(f'href="{relative}"', f'href="{escape(absolute)}"', 1), encoding="utf-8")


def lessons(out: Path, site: str) -> int:
    """Each lesson page's oEmbed file (its first table); returns how many."""
    count = 0
    for page in sorted((out / "lessons").glob("*/*.html")):
        parser = TableTags()
        parser.feed(page.read_text(encoding="utf-8"))
        if not parser.tables:
            continue
        rel = page.relative_to(out).as_posix()
        target = page.with_name(page.stem + SUFFIX)
        attributes = parser.tables[0]
        title = dict(attributes).get("title") or parser.title
        _write(target, embed(site, parser.title.strip() or title, table_address(site, attributes), TABLE_SIZE))
        _link_absolute(page, target.name, site + rel.rsplit("/", 1)[0] + "/" + target.name)
        count += 1
    return count


def game(out: Path, site: str, lang: str) -> None:
    """The game's oEmbed file and its ``<link>`` in index.html (at :data:`GAME_LINK_MARKER`)."""
    title = t("title", lang)
    _write(out / ("oembed" + ".json"), embed(site, title, table_address(site, []), TABLE_SIZE))
    index = out / "index.html"
    html = index.read_text(encoding="utf-8")
    link = LINK.format(href=escape(site + "oembed.json"), title=escape(title))
    index.write_text(html.replace(GAME_LINK_MARKER, link), encoding="utf-8")


def daily(out: Path, site: str, lang: str) -> None:
    """The daily puzzle's page (its table alone, with the tag) and its oEmbed file."""
    title = t("daily_puzzle", lang)
    width, height = DAILY_SIZE
    attributes = [("lang", lang), *DAILY_QUERY]
    address = table_address(site, attributes)
    _write(out / ("daily" + SUFFIX), embed(site, title, address, DAILY_SIZE))
    tag = " ".join(f'{n}="{escape(v)}"' for n, v in attributes)
    page = (f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{escape(title)}</title>\n'
            f'{LINK.format(href=escape(site + "daily" + SUFFIX), title=escape(title))}\n'
            f'<link rel="icon" href="web/icon.svg" type="image/svg+xml">\n'
            f'<script src="tarot-deal.js" defer></script>\n'
            f'<style>.mode-link{{position:absolute;left:.5rem;top:-3rem;padding:.3rem .6rem;background:#fff}}'
            f'.mode-link:focus{{top:.5rem}}</style>\n</head>\n'
            f'<body style="margin:0">\n<a class="mode-link" href="?mode=texte">{escape(t("text_mode_link", lang))}</a>\n<tarot-deal {tag} title="{escape(title)}" width="{width}" height="{height}">'
            f'</tarot-deal>\n</body>\n</html>\n')
    (out / DAILY_PAGE).write_text(page, encoding="utf-8")


def write(out: Path, site: str, lang: str) -> str:
    """Every oEmbed file of the built site at ``out``, for the site at ``site`` (ends with ``/``)."""
    site = site if site.endswith("/") else site + "/"
    count = lessons(out, site)
    game(out, site, lang)
    daily(out, site, lang)
    return f"oEmbed: {count} lessons, the game and the daily puzzle, for {site}"
