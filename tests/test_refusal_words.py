"""A record the engine refuses is refused with a stable code; the page says it by that code in the
player's language (the import dialog, the shared-situation notice, the unreadable-save notice),
never with the engine's English inside French."""
from __future__ import annotations

import json
from html import unescape

import pytest

from tarot.errors import IllegalAction, RecordError, refusal_words
from tarot.rules import Rules
from tarot.situation import SituationError, decode, encode
from tarot.state import Deal
from web.browser.params import parse_params
from web.browser.storage import Store
from web.browser.transfer import ImportProblem, import_message, import_records
from web.draw import render
from web.draw.parts import explain
from web.match.page import PageState
from web.match.session import SAVE_KEY, Session, Settings
from web.teaching.teacher import Teacher

from .test_words import english, french


def _record() -> dict:
    """A 4-player deal as dealt, its first bid made (seat 0, after dealer 3)."""
    record = Deal.new(Rules(players=4), dealer=3, seed=7).to_record()
    record["actions"] = [{"seat": 0, "type": "bid", "bid": "pass"}]
    return record


def _refused(record: object) -> RecordError:
    with pytest.raises(RecordError) as refused:
        Deal.from_record(record)
    return refused.value


def _bad_format(r: dict) -> None:
    r["format"] = "tarot-deal/2"


def _no_such_card(r: dict) -> None:
    r["hands"][0][0] = "Z99"


def _out_of_turn(r: dict) -> None:
    r["actions"][0]["seat"] = 2


def _no_dealer(r: dict) -> None:
    del r["dealer"]


def _six_players(r: dict) -> None:
    r["rules"] = {"players": 6}


def _three_hands(r: dict) -> None:
    r["hands"] = r["hands"][:3]


BAD = {  # what is wrong, the code it is refused with
    "a wrong format": (_bad_format, "format"),
    "a card that does not exist": (_no_such_card, "card"),
    "a missing dealer": (_no_dealer, "dealer"),
    "six players": (_six_players, "players"),
    "a hand too few": (_three_hands, "hands"),
}


@pytest.mark.parametrize("what", BAD)
def test_a_bad_record_is_refused_with_its_code_and_its_english_for_developers(what):
    spoil, code = BAD[what]
    record = _record()
    spoil(record)
    refused = _refused(record)
    assert refused.code == code and refused.index is None
    assert refused.explain("fr") != refused.explain("en")


def test_the_english_messages_for_developers_are_unchanged():
    record = _record()
    _bad_format(record)
    assert str(_refused(record)) == "format must be 'tarot-deal/1', not 'tarot-deal/2'"
    record = _record()
    _six_players(record)
    assert str(_refused(record)) == "bad rules: players must be 3, 4 or 5, not 6"


def test_a_card_that_does_not_exist_is_named_as_written_quoted_and_cut_short():
    record = _record()
    record["hands"][0][0] = "Z" * 500
    refused = _refused(record)
    value = refused.params["value"]
    assert refused.code == "card" and isinstance(value, str) and len(value) <= 40 and "..." in value
    assert value in refused.explain("fr") and len(refused.explain("fr")) < 80


def test_an_illegal_action_in_a_record_is_refused_with_its_index_and_the_rule():
    record = _record()
    _out_of_turn(record)
    refused = _refused(record)
    assert refused.index == 0 and isinstance(refused.refusal, IllegalAction)
    assert refused.refusal.code == "not_your_turn"
    assert refused.explain("fr").startswith("action n° 1\u00a0: Ce n'est pas")


def test_an_action_missing_its_card_is_refused_at_that_action():
    record = _record()
    record["actions"].append({"seat": 1, "type": "play"})
    refused = _refused(record)
    assert refused.index == 1 and refused.code == "action_field"
    assert refused.explain("fr") == "action n° 2\u00a0: une action 'play' doit avoir un champ «\u00a0card\u00a0»"


@pytest.mark.parametrize("what", [*BAD, "an action out of turn"])
def test_the_import_dialog_says_a_bad_record_in_french_without_english_words(what):
    spoil = BAD[what][0] if what in BAD else _out_of_turn
    record = _record()
    spoil(record)
    with pytest.raises(ImportProblem) as refused:
        import_records(json.dumps(_record()) + "\n" + json.dumps(record) + "\n")
    said = import_message(refused.value, "fr")
    assert said.startswith("Fichier refusé (ligne 2)\u00a0: ") and said.endswith("Rien n'a changé.")
    assert french(said) and not english(said), said
    assert ".." not in said and "{" not in said
    assert not french(import_message(refused.value, "en"))


def test_the_import_dialog_says_what_the_engine_has_no_words_for_as_a_record_not_valid():
    unworded = ImportProblem("something new went wrong", 3, cause=ValueError("something new went wrong"))
    assert import_message(unworded, "fr") == "Fichier refusé (ligne 3)\u00a0: la donne n'est pas valide. Rien n'a changé."
    assert refusal_words(RecordError("a new fault"), "en") == "the record is not valid"


def _bid(r: dict, bid: object) -> None:
    r["actions"][0]["bid"] = bid


def test_a_pasted_text_is_refused_as_a_pasted_text_not_a_file():
    for text, said in (("", "Texte collé refusé (contenu)\u00a0: le texte collé est vide. Rien n'a changé."),
                       ("hello", "Texte collé refusé (ligne 1)\u00a0: ce n'est pas du JSON (colonne 1). Rien n'a changé.")):
        with pytest.raises(ImportProblem) as refused:
            import_records(text)
        assert import_message(refused.value, "fr", pasted=True) == said
        assert import_message(refused.value, "en", pasted=True).startswith("Pasted text refused")


def test_a_bid_not_known_or_missing_is_said_in_french():
    record = _record()
    _bid(record, "xyz")
    with pytest.raises(ImportProblem) as refused:
        import_records(json.dumps(record))
    assert import_message(refused.value, "fr") == ("Fichier refusé (contenu)\u00a0: action n° 1\u00a0: "
                                                   "ce n'est pas une enchère\u00a0: 'xyz'. Rien n'a changé.")
    del record["actions"][0]["bid"]
    with pytest.raises(ImportProblem) as refused:
        import_records(json.dumps(record))
    said = import_message(refused.value, "fr")
    assert "None" not in said and "champ «\u00a0bid\u00a0»" in said, said


@pytest.mark.parametrize("text, said", [
    ("", "le fichier est vide"),
    ("[1, 2]", "une liste JSON de donnes n'est pas lue"),
    ("[1, 2", "(ligne 1)\u00a0: ce n'est pas du JSON (colonne 6)"),
    ("42", "une donne doit être un objet JSON"),
    ('{"format": "other"}', "le format doit être «\u00a0tarot-deal/1\u00a0», pas \"other\""),
])
def test_the_import_s_own_refusals_are_said_in_french(text, said):
    with pytest.raises(ImportProblem) as refused:
        import_records(text)
    assert said in import_message(refused.value, "fr")


def test_a_shared_situation_with_a_card_that_does_not_exist_is_said_in_the_page_s_language():
    record = _record()
    _no_such_card(record)
    with pytest.raises(SituationError) as refused:
        decode(encode(record))
    assert refused.value.detail == "not a card: 'Z99'"  # for developers, as before
    params = parse_params("", "#record=" + encode(record))
    session = Session(Settings(first_deal=1))
    session.notices = Teacher(params).notices()
    notice = unescape(render.render(session.screen())["notice"])
    assert "La situation de l'adresse n'est pas valide\u00a0: ce n'est pas une carte\u00a0: 'Z99'." in notice
    assert not english(notice)
    session.settings.lang = "en"
    assert "not valid: not a card: 'Z99'." in unescape(render.render(session.screen())["notice"])


class _Storage:
    def __init__(self, items: dict[str, str]) -> None:
        self.items = dict(items)

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def test_a_save_whose_deal_the_engine_refuses_is_set_aside_with_the_refusal_in_french():
    data = json.loads(Session(Settings(first_deal=3)).save_text())
    data["current"]["hands"][0][0] = "Z99"
    state = PageState(parse_params("", ""), Store(_Storage({SAVE_KEY: json.dumps(data)}), lambda text: None))
    said = explain(state.session.ui.setup_message, state.session.screen())
    assert said == ("La partie enregistrée n'a pas pu être reprise (sauvegarde illisible\u00a0: ce n'est pas une "
                    "carte\u00a0: 'Z99'). Une nouvelle partie commence.")
