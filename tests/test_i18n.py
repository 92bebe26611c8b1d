"""Every refusal has its sentence in French and in English."""
import inspect
import re
from pathlib import Path

import tarot.state
from tarot.errors import IllegalAction
from tarot.i18n import explain
from tarot.words import LANGS, catalogue, t


def _refusals() -> set[str]:
    """The codes that have a refusal's sentence in the catalogues."""
    return {key.removeprefix("refusal_") for key in catalogue("fr") if key.startswith("refusal_")}


def test_every_refusal_code_of_the_engine_has_both_sentences():
    codes = set(re.findall(r'IllegalAction\("([a-z_]+)"', inspect.getsource(tarot.state)))
    assert codes, "no refusal found"
    missing = codes - _refusals()
    assert not missing
    for code in codes:
        for lang in LANGS:
            assert catalogue(lang)[f"refusal_{code}"]


def test_every_sentence_belongs_to_a_refusal_the_engine_raises():
    package = Path(tarot.state.__file__).parent
    source = "".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py") if p.name != "i18n.py")
    raised = set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', source))
    assert not _refusals() - raised


def test_an_unknown_code_falls_back_to_the_code_itself():
    assert explain("no_such_rule", {}, "fr") == "no_such_rule"


def test_refusal_parameters_are_written_for_players():
    from tarot.cards import parse_card
    err = IllegalAction("must_overtrump", card=parse_card("T10"))
    assert err.explain("fr") == "Vous devez monter\u00a0: jouez un atout plus fort que le 10 d'atout."
    assert err.explain("en") == "You must overtrump: play a trump higher than trump 10."
    err = IllegalAction("must_follow_suit", suit=1)
    assert err.explain("fr") == "Vous devez fournir à cœur."
    err = IllegalAction("wrong_phase", action="play", phase="bidding")
    assert err.explain("fr") == "Ce n'est pas le moment de jouer une carte (phase\u00a0: enchères)."
    assert err.explain("en") == "Not the time for playing a card (phase: bidding)."
    assert err.to_json() == {"code": "wrong_phase", "params": {"action": "play", "phase": "bidding"}}
    assert IllegalAction("wrong_phase", action="bid", phase="play").explain("fr") == \
        "Ce n'est pas le moment d'enchérir (phase\u00a0: jeu de la carte)."


def test_a_card_named_in_a_sentence_takes_its_article():
    from tarot.cards import parse_card
    from tarot.i18n import card_with_article
    assert card_with_article(parse_card("QS"), "fr") == "la Dame de pique"
    assert card_with_article(parse_card("T13"), "fr") == "le 13 d'atout"
    assert card_with_article(parse_card("EX"), "fr") == "l'Excuse"
    assert card_with_article(parse_card("1S"), "fr") == "l'As de pique"
    assert card_with_article(parse_card("KH"), "en") == "the King of hearts"
    assert card_with_article(parse_card("T1"), "en") == "the Petit"
    err = IllegalAction("poignee_not_trump", card=parse_card("QS"))
    assert err.explain("fr") == "La Dame de pique n'est pas un atout."
    assert err.explain("en") == "The Queen of spades is not a trump."


def _filled(template: str) -> str:
    """A template with each of its ``{fields}`` replaced by a word."""
    return re.sub(r"\{[A-Za-z_]+\}", "mot", template)


def test_english_sentences_put_no_space_before_a_colon_or_question_mark():
    for key, en in catalogue("en").items():
        assert not re.search(r" [:;!?]", _filled(en)), f"{key}: {en!r}"


def test_each_way_to_french_text_keeps_a_colon_or_question_mark_on_its_line():
    import tarot.teaching.strength
    from tarot.cards import parse_card
    assert t("dealer", "fr", name="Basile") == "donneur\u00a0: Basile"
    assert t("dealer", "en", name="Basile") == "dealer: Basile"
    assert t("review_short", "fr") == catalogue("fr")["review_short"]  # nothing to change
    assert t("why", "fr") == "Pourquoi\u00a0?"
    assert explain("must_overtrump", {"card": parse_card("T10")}, "fr").startswith("Vous devez monter\u00a0:")
    item = tarot.teaching.strength.Item("long_suit", 1, {"suit": "♦", "n": 6})
    assert item.words("fr") == "Longue ♦\u00a0: 6 cartes" and item.words("en") == "Long suit ♦: 6 cards"
