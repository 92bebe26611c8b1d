"""The lessons: five short lessons in French and English, each embedding the table on situations."""
from __future__ import annotations

import importlib.util
import re
import sys
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tarot.situation import decode, load, rotate

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"


def test_the_generator_writes_five_lessons_in_both_languages():
    """``scripts/lessons.py --check`` says whether lessons/ matches the bots of today; this
    checks only what it writes, so that a change of the bots' play does not fail it."""
    spec = importlib.util.spec_from_file_location("tarot_lessons", ROOT / "scripts" / "lessons.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    names = set(module.files())
    assert {"index.html", "lessons.css"} <= names
    assert len([n for n in names if n.startswith("fr/")]) == len([n for n in names if n.startswith("en/")]) >= 5
    assert {p.relative_to(LESSONS).as_posix() for p in LESSONS.rglob("*") if p.is_file()} == names


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_five_lessons_each_embed_tables_on_valid_situations(lang):
    pages = sorted((LESSONS / lang).glob("*.html"))
    assert len(pages) >= 5
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in html
        sources = [unescape(s) for s in re.findall(r'<iframe[^>]* src="([^"]+)"', html)]
        assert len(sources) >= 2, page.name
        for src in sources:
            url = urlsplit(src)
            assert url.path == "../../index.html"
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            assert query["embed"] == "1" and query["lang"] == lang
            assert "exercise" in query or "steps" in query
            assert url.fragment.startswith("record=")
            record = rotate(decode(url.fragment.removeprefix("record=")), int(query["seat"]))
            deal = load(record)
            assert int(query["at"]) <= len(record["actions"])
            assert deal.is_over  # the whole deal is there, to step through or to check answers
