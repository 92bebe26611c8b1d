"""The page before Python (web/boot.js) reads the URL as web/browser/params.py does."""
from __future__ import annotations

import pytest

# The page before Python is the test: every page here starts Python as a first visit does.
pytestmark = pytest.mark.cold_start

READY = "() => document.getElementById('table').dataset.phase !== 'loading'"
BEFORE_PYTHON = "() => [document.getElementById('table').classList.contains('embed'), document.getElementById('loading').lang]"
AFTER_PYTHON = "() => [document.getElementById('table').classList.contains('embed'), document.getElementById('table').dataset.lang]"


def test_the_page_reads_embed_and_lang_the_same_before_and_after_python(page, site_url):
    cases = [
        ("?embed&pause=0", [True, "fr"]),  # a bare embed means yes
        ("?embed=1&lang=EN&embed=peut-etre&embed=off&pause=0", [False, "en"]),  # the last valid value wins
    ]
    for query, expected in cases:
        page.goto(site_url + query, wait_until="domcontentloaded")
        before = page.evaluate(BEFORE_PYTHON)
        page.wait_for_function(READY)
        after = page.evaluate(AFTER_PYTHON)
        assert (query, before, after) == (query, expected, expected)
