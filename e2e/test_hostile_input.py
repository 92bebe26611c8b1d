"""Hostile input in the browser: numbers in other digits in the address, JSON nested thousands
deep (a link, a stored value, an imported file), numbers of thousands of digits and a file too
large to read.  Each is refused with a note in the player's language and the page plays on."""
from __future__ import annotations

import base64
import json
import sys
import time
import zlib
from pathlib import Path

from table_driver import HUMAN_TURN, READY, open_table, start_game

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tarot.situation import encode, fragment  # noqa: E402
from tarot.state import Deal  # noqa: E402
from tarot.rules import Rules  # noqa: E402

DEEP = "[" * 8000  # JSON nested 8,000 deep: CPython refuses it, Pyodide's stack does not survive it
COUNT_FILE_READS = ("() => { window.__fileReads = 0; for (const kind of [Blob, File]) for (const name of"
                    " ['text', 'arrayBuffer']) { const read = kind.prototype[name]; kind.prototype[name] ="
                    " function () { window.__fileReads += 1; return read.call(this); }; } }")


def _packed(text: str) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(text.encode()) + packer.flush()).decode().rstrip("=")


def _notice(page) -> str:
    return page.wait_for_selector("[data-testid=url-notice]").inner_text()


def test_numbers_in_other_digits_in_the_address_are_refused_with_a_notice(page, site_url):
    page.goto(site_url + "?pause=0&seat=²&at=①&refsamples=²&players=４&seat=" + "7" * 5001)
    page.wait_for_function(READY)
    notice = _notice(page)
    for shown in ("seat=²", "at=①", "refsamples=²", "players=４", "seat=" + "7" * 40 + "…"):
        assert shown in notice, shown
    assert "7" * 41 not in notice
    start_game(page, 4, 5)  # and the table plays
    page.wait_for_function(HUMAN_TURN)


def test_a_comment_on_a_step_in_other_digits_is_refused_and_the_situation_opens(page, site_url):
    record = Deal.new(Rules(players=4), dealer=3, seed=5).to_record()
    page.goto(site_url + "?pause=0&embed=1" + fragment(record) + "&notes=" + encode({"²": "Regardez."}))
    page.wait_for_function(READY)
    assert "Les commentaires de l'adresse sont illisibles" in _notice(page)
    assert page.get_attribute("#table", "data-phase") == "bidding"


def test_a_link_nested_thousands_deep_is_refused_with_a_notice(page, site_url):
    link = "#record=" + _packed(DEEP + "]" * 8000)
    assert len(link) < 60  # a short link
    page.goto(site_url + "?pause=0&embed=1" + link)
    page.wait_for_function(READY)
    assert "La situation de l'adresse n'est pas un enregistrement de donne." in _notice(page)
    assert page.get_attribute("#table", "data-phase") == "bidding"  # the normal table


def test_values_kept_in_the_browser_nested_thousands_deep_are_dropped_with_a_notice(page, site_url):
    page.goto(site_url + "manifest.webmanifest")  # the site's origin, without the game
    page.evaluate("(deep) => { for (const key of ['tarot.table', 'tarot.history', 'tarot.table.hints'])"
                  " localStorage.setItem(key, deep); }", DEEP)
    open_table(page, site_url, "?pause=0")
    setup = page.wait_for_selector("[data-testid=setup]").inner_text()
    assert "La partie enregistrée n'a pas pu être reprise (sauvegarde illisible)" in setup
    notice = _notice(page)
    assert "L'historique des parties gardé dans ce navigateur était illisible" in notice
    assert "La liste des donnes où un conseil a servi était illisible" in notice
    stored = page.evaluate("() => ['tarot.table', 'tarot.history', 'tarot.table.hints']"
                           ".map(key => localStorage.getItem(key))")
    assert DEEP not in stored
    start_game(page, 4, 5)
    page.wait_for_function(HUMAN_TURN)
    page.reload()  # and the next visit starts clean: no note, the game resumed
    page.wait_for_function(READY)
    assert not page.query_selector("[data-testid=url-notice]")
    assert page.get_attribute("#table", "data-deal") == "5"


def _import(page, name: str, data: bytes) -> str:
    page.click("[data-action=import-records]")
    page.set_input_files("#import-file", files=[{"name": name, "mimeType": "application/json", "buffer": data}])
    page.wait_for_selector("[data-testid=import-message].shown")
    message = page.text_content("[data-testid=import-message]")
    page.keyboard.press("Escape")
    return message


def test_an_import_nested_deeply_or_with_numbers_too_long_is_refused_in_its_dialog(page, site_url):
    open_table(page, site_url)
    start_game(page, 4, 5)
    record = Deal.new(Rules(players=4), dealer=0, seed=5).to_record()
    line = json.dumps(record)
    deep = _import(page, "deep.jsonl", (line + "\n" + DEEP + "\n").encode())
    assert "(ligne 2)" in deep and "des crochets imbriqués sur plus de 64 niveaux" in deep, deep
    digits = _import(page, "digits.jsonl", (line + "\n" + line.replace('"dealer":', '"dealer":' + "1" * 5000 + ",")
                                           + "\n").encode())
    assert "(ligne 2)" in digits and "un nombre a trop de chiffres" in digits and "sys." not in digits
    format_ = _import(page, "format.json", json.dumps(dict(record, format="x" * 1_900_000)).encode())
    assert "x" * 40 + "…" in format_ and len(format_) < 300
    assert not page.query_selector("[data-testid=review]")
    assert "Erreur inattendue" not in page.inner_text("body")


def test_a_file_too_large_is_refused_by_its_size_without_being_read(page, site_url):
    open_table(page, site_url)
    start_game(page, 4, 5)
    page.evaluate(COUNT_FILE_READS)
    started = time.monotonic()
    message = _import(page, "big.jsonl", b"x" * 9_000_000)
    assert "le fichier est trop gros (plus de 2\u202f000\u202f000 caractères)" in message
    assert page.evaluate("() => window.__fileReads") == 0
    assert time.monotonic() - started < 10
