"""Reading outside input (tarot.inputs): whole numbers in ASCII digits, JSON nesting checked
before parsing, short excerpts of bad input."""
from __future__ import annotations

import json

import pytest

from tarot.inputs import MAX_JSON_DEPTH, InputError, excerpt, load_json, nesting_depth, too_deep, whole_number


def test_a_whole_number_is_ascii_digits_within_its_range():
    assert whole_number("12", 0, 99) == 12
    assert whole_number(" 7 ", 0, 99) == 7
    assert whole_number("007", 0, 99) == 7
    assert whole_number("100", 0, 99) is None
    assert whole_number("3", 4, 99) is None


@pytest.mark.parametrize("text", ["²", "①", "４", "٣", "4_9", "+4", "-4", "4.0", "4 9", "", " ", "0x10", "1e3"])
def test_anything_but_ascii_digits_is_no_whole_number(text):
    assert whole_number(text, 0, 10**12) is None


def test_a_number_of_thousands_of_digits_is_refused_without_converting_it():
    assert whole_number("9" * 5001, 0, 10**12) is None
    assert whole_number("0" * 19, 0, 10**12) is None  # more digits than any value needs


def test_an_excerpt_keeps_40_characters_and_says_it_was_cut():
    assert excerpt("short") == "short"
    assert excerpt("x" * 40) == "x" * 40
    assert excerpt("x" * 100_000) == "x" * 40 + "…"


@pytest.mark.parametrize("value", [
    [], {}, 1, "[[[{", [[1, [2]], {"a": [{"b": "]]]"}]}], {"a\\": ["\\\"[[", [[["x"]]]]}, ["\u00e9", ["\u2028"]],
])
def test_the_nesting_depth_is_read_without_parsing_and_skips_strings(value):
    def depth(v: object) -> int:
        if isinstance(v, list):
            return 1 + max(map(depth, v), default=0)
        if isinstance(v, dict):
            return 1 + max(map(depth, v.values()), default=0)
        return 0

    for ascii_only in (True, False):
        assert nesting_depth(json.dumps(value, ensure_ascii=ascii_only)) == depth(value)


def test_json_nested_deeper_than_any_record_is_refused_before_it_is_parsed(monkeypatch):
    deep = "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1)
    assert too_deep(deep) and not too_deep("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH)
    monkeypatch.setattr(json, "loads", lambda *a, **k: pytest.fail("parsed"))
    for text in (deep, "[" * 8000, '{"a":' * 8000):
        with pytest.raises(InputError) as refused:
            load_json(text)
        assert refused.value.code == "too_deep"


def test_a_number_too_long_for_python_is_refused_without_pythons_advice():
    with pytest.raises(InputError) as refused:
        load_json('{"seat": ' + "1" * 5000 + "}")
    assert refused.value.code == "number_too_long" and "sys." not in str(refused.value)


def test_text_that_is_not_json_raises_the_parsers_error():
    with pytest.raises(json.JSONDecodeError):
        load_json("{")
    assert load_json('{"a": [1, "]"]}') == {"a": [1, "]"]}
