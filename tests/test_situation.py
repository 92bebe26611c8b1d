"""Situations in a URL: a record written as ``#record=...`` text and read back, bad texts refused."""
import base64
import json
import os
import zlib

import pytest

from tarot.bots import make_bot
from tarot.match import play_out
from tarot.rules import Rules
from tarot.situation import (CODES, MAX_TEXT_CHARS, SituationError, decode, decode_notes, encode,
                             fragment, load, record_from_fragment, rotate)
from tarot.state import Deal
from tarot.words import catalogue


def _finished(players: int, seed: int = 3) -> Deal:
    """A deal played out by the Standard bots (the first one from ``seed`` that is not dealt again)."""
    while True:
        deal = Deal.new(Rules(players=players), dealer=0, seed=seed)
        play_out(deal, [make_bot("standard", s) for s in range(players)])
        if deal.result is not None and not deal.result.redeal:
            return deal
        seed += 1


def _pack(data: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(data) + packer.flush()).decode().rstrip("=")


def _code(text: str) -> str:
    with pytest.raises(SituationError) as caught:
        decode(text)
    for lang in ("fr", "en"):
        words = caught.value.explain(lang)
        assert words and "{" not in words
    return caught.value.code


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_finished_record_goes_to_a_url_and_back(players):
    record = _finished(players).to_record()
    text = encode(record)
    assert set(text) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(text) < 2000  # short enough for any browser's address bar
    assert decode(text) == record
    assert load(decode(text)).result == Deal.from_record(record).result


def test_a_record_stopped_part_way_goes_to_a_url_and_back():
    record = _finished(4).to_record()
    part = {k: v for k, v in record.items() if k != "result"}
    part["actions"] = record["actions"][:20]
    again = load(decode(encode(part)))
    assert len(again.to_record()["actions"]) == 20 and not again.is_over


def test_the_fragment_holds_the_record_and_nothing_else_is_read():
    record = _finished(3).to_record()
    hash_text = fragment(record)
    assert hash_text.startswith("#record=")
    assert record_from_fragment(hash_text) == encode(record)
    assert record_from_fragment("#other=1&record=abc") == "abc"
    assert record_from_fragment("") is None and record_from_fragment("#record") is None


def test_the_encoding_is_raw_deflate_in_base64url_without_padding():
    record = {"format": "tarot-deal/1"}
    text = encode(record)
    assert "=" not in text
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    assert json.loads(zlib.decompress(data, -15)) == record


def test_text_that_is_not_json_is_refused():
    assert _code(_pack(b"{not json")) == "not_json"


def test_an_illegal_action_is_refused_with_the_rule():
    record = _finished(4).to_record()
    first_play = next(i for i, a in enumerate(record["actions"]) if a["type"] == "play")
    record["actions"][first_play] = {**record["actions"][first_play],
                                     "seat": (record["actions"][first_play]["seat"] + 1) % 4}
    with pytest.raises(SituationError) as caught:
        decode(encode(record))
    assert caught.value.code == "bad_record" and "action" in caught.value.detail


def test_a_wrong_format_version_is_refused():
    record = _finished(4).to_record()
    record["format"] = "tarot-deal/2"
    assert _code(encode(record)) == "bad_record"


def test_100_kb_of_junk_is_refused_as_too_long():
    junk = base64.urlsafe_b64encode(os.urandom(75_000)).decode().rstrip("=")
    assert len(junk) >= 100_000
    assert _code(junk) == "too_long"


def test_a_compressed_bomb_is_refused_before_it_is_unpacked():
    bomb = _pack(b" " * 10_000_000)
    assert len(bomb) <= MAX_TEXT_CHARS
    assert _code(bomb) == "too_long"


def test_a_cut_link_is_refused():
    text = encode(_finished(5).to_record())
    assert _code(text[: len(text) // 2]) in ("cut", "not_deflate")
    assert _code(text[:-8]) in ("cut", "not_deflate")


def test_characters_outside_base64url_are_refused():
    assert _code("abc+/def") == "not_base64"
    assert _code("") == "not_base64"
    assert _code("abcde") == "not_base64"  # a length no base64 text has


def test_random_bytes_are_refused_cleanly():
    for n in (1, 10, 100, 1000):
        text = base64.urlsafe_b64encode(os.urandom(n)).decode().rstrip("=")
        with pytest.raises(SituationError):
            decode(text)


def test_every_refusal_has_both_languages():
    for code in CODES:
        fr, en = (catalogue(lang)[f"situation_{code}"] for lang in ("fr", "en"))
        assert fr and en and fr != en, code


@pytest.mark.parametrize("players", [3, 4, 5])
def test_rotating_a_record_puts_the_chosen_seat_at_the_bottom(players):
    deal = _finished(players)
    record = deal.to_record()
    for seat in range(players):
        turned = Deal.from_record(rotate(record, seat))
        assert turned.dealt_hands[0] == deal.dealt_hands[seat]
        assert turned.result.scores == deal.result.scores[seat:] + deal.result.scores[:seat]


def test_comments_by_step_go_to_the_fragment_and_back():
    record = _finished(3).to_record()
    notes = {0: "Le donneur distribue.", 12: "Ici, la défense signale\u00a0: «\u00a0petite\u00a0» à cœur."}
    hash_text = fragment(record, notes)
    assert decode(record_from_fragment(hash_text)) == record
    assert decode_notes(record_from_fragment(hash_text, "notes")) == notes


def test_unreadable_comments_are_refused():
    for data in ({"x": "not a step"}, {"3": 4}, {"1": "é" * 501}, ["a list"]):
        with pytest.raises(SituationError) as caught:
            decode_notes(encode(data))
        assert caught.value.code == "bad_notes"
    with pytest.raises(SituationError):
        decode_notes("***")


def test_a_comment_on_a_step_written_in_other_digits_is_refused():
    for key in ("²", "①", "٣", "1_0", "9" * 5001):
        with pytest.raises(SituationError) as caught:
            decode_notes(encode({key: "Regardez."}))
        assert caught.value.code == "bad_notes", key


def test_a_record_nested_deeper_than_any_record_is_refused_as_not_json_before_it_is_parsed():
    assert _code(_pack(b'{"format":' + b"[" * 65 + b"]" * 65 + b"}")) == "not_json"
    assert _code(_pack(b"[" * 8000)) == "not_json"
