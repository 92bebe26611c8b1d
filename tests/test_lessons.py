"""The lessons: eleven short lessons in French and English, each embedding the table on situations."""
from __future__ import annotations

import importlib.util
import re
import sys
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tarot.cards import PETIT_BIT, RANK_OF, mask_of, parse_card
from tarot.situation import decode, load, rotate

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
sys.path.insert(0, str(ROOT / "scripts"))
from oembed import table_sources  # noqa: E402  (scripts/oembed.py: a lesson's tables, as the tag draws them)


def _record(fragment: str) -> str:
    """The ``record=`` text of a table's fragment (``record=...&notes=...``)."""
    return fragment.removeprefix("record=").partition("&")[0]


@pytest.mark.skipif(sys.platform == "emscripten", reason="a build script, not the page: run under CPython only")
def test_the_generator_writes_eleven_lessons_in_both_languages():
    """``scripts/lessons.py --check`` says whether lessons/ matches the bots of today; this
    checks only what it writes, so that a change of the bots' play does not fail it."""
    spec = importlib.util.spec_from_file_location("tarot_lessons", ROOT / "scripts" / "lessons.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    names = set(module.files())
    assert {"index.html", "lessons.css"} <= names
    assert len([n for n in names if n.startswith("fr/")]) == len([n for n in names if n.startswith("en/")]) == 11
    assert {p.relative_to(LESSONS).as_posix() for p in LESSONS.rglob("*") if p.is_file()} == names


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_lesson_embeds_tables_on_valid_situations(lang):
    pages = sorted((LESSONS / lang).glob("*.html"))
    assert len(pages) == 11
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in html
        sources = table_sources(html)
        assert len(sources) >= 2, page.name
        for src in sources:
            url = urlsplit(src)
            assert url.path == "../../index.html"
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            assert query["embed"] == "1" and query["lang"] == lang
            assert "exercise" in query or "steps" in query
            assert url.fragment.startswith("record=")
            record = rotate(decode(_record(url.fragment)), int(query["seat"]))
            deal = load(record)
            assert int(query["at"]) <= len(record["actions"])
            assert deal.is_over  # the whole deal is there, to step through or to check answers


def _tables(name: str) -> list[tuple[dict[str, str], dict]]:
    """(query, record as the embedded seat sees it) of each table of a French lesson."""
    html = (LESSONS / "fr" / f"{name}.html").read_text(encoding="utf-8")
    out = []
    for src in table_sources(html):
        url = urlsplit(src)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        out.append((query, rotate(decode(_record(url.fragment)), int(query["seat"]))))
    return out


def test_the_count_lesson_steps_from_the_last_trick_of_a_garde_made_and_a_prise_failed():
    tables = _tables("decompte")
    outcomes = []
    for query, record in tables:
        result = load(record).result
        actions = record["actions"]
        assert query["steps"] == "1" and query["open"] == "1"
        assert int(query["at"]) == len(actions) - 4  # the last trick's four cards are left to step through
        assert all(a["type"] == "play" for a in actions[int(query["at"]):])
        assert result.taker == 0  # the seat shown at the bottom took
        outcomes.append((result.contract.code, result.score.made))
    assert outcomes == [("garde", True), ("prise", False)]


def test_the_poignee_lesson_asks_for_a_poignee_the_book_shows():
    (query, record), (steps_query, steps_record) = _tables("poignee")
    assert query["exercise"] == "1"
    asked = record["actions"][int(query["at"])]
    assert asked == {**asked, "seat": 0, "type": "declare", "kind": "poignee"}
    assert steps_query["steps"] == "1" and steps_record["rules"]["players"] == 5
    assert steps_record["actions"][int(steps_query["at"])]["type"] == "declare"


def test_the_bidding_lesson_asks_the_first_bid_of_a_garde_hand_and_of_a_weak_one():
    asked = []
    for query, record in _tables("encheres"):
        assert query["exercise"] == "1"
        at = int(query["at"])
        assert all(a["type"] == "bid" and a["bid"] == "pass" for a in record["actions"][:at])
        assert record["actions"][at]["seat"] == 0 and record["actions"][at]["type"] == "bid"
        asked.append(record["actions"][at]["bid"])
    assert asked == ["garde", "pass"]


def test_the_five_player_lesson_asks_the_takers_call_then_steps_to_the_called_king():
    (query, record), (steps_query, steps_record) = _tables("appel-au-roi")
    assert query["exercise"] == "1" and record["rules"]["players"] == 5
    asked = record["actions"][int(query["at"])]
    assert asked["seat"] == 0 and asked["type"] == "call"
    assert asked["card"].startswith("K") and asked["card"] not in {str(c) for c in load(record).dealt_hands[0]}
    assert steps_query["steps"] == "1" and steps_query["open"] == "1" and steps_record["rules"]["players"] == 5
    deal = load(steps_record)
    assert deal.result.taker == 0  # the taker sits at the bottom
    trick = steps_record["actions"][int(steps_query["at"]):][:5]
    assert [a["type"] for a in trick] == ["play"] * 5
    called = next(a["card"] for a in steps_record["actions"] if a["type"] == "call")
    assert any(a["card"] == called and a["seat"] != 0 for a in trick)  # the partner shows up in this trick



def _trump(card: str) -> int:
    """A trump's number in the record's notation ("T18" -> 18); 0 for any other card."""
    return int(card[1:]) if card.startswith("T") else 0


def test_the_petit_lesson_saves_the_petit_on_a_partners_sure_trick():
    (query, record), _, _ = _tables("petit-en-danger")
    at = int(query["at"])
    actions = record["actions"]
    assert query["exercise"] == "1" and actions[at] == {"seat": 0, "type": "play", "card": "T1"}
    plays = [a for a in actions[:at] if a["type"] == "play"]
    trick = plays[len(plays) - len(plays) % 4:]  # the cards already in the trick
    deal = load(record)
    taker = deal.result.taker
    best = max(trick, key=lambda a: _trump(a["card"]))
    assert taker != 0 and taker in {a["seat"] for a in trick}  # a defender, after the taker
    assert best["seat"] != taker and _trump(best["card"]) > 1  # a partner's trump leads the trick
    assert all(_trump(str(c)) < _trump(best["card"]) for c in deal.dealt_hands[0])  # no trump to overtrump it
    assert deal.result.piles[0] & PETIT_BIT  # the Petit stays with the defence


def test_the_petit_lesson_steps_through_a_hunt_that_catches_the_petit():
    _, (query, record), _ = _tables("petit-en-danger")
    at = int(query["at"])
    actions = record["actions"]
    assert query["steps"] == "1" and query["open"] == "1"
    assert actions[at]["seat"] == 0 and actions[at]["type"] == "play" and actions[at]["card"].startswith("T")
    deal = load(record)
    assert deal.result.taker == 0 and not mask_of(deal.dealt_hands[0]) & PETIT_BIT
    assert next(i for i, a in enumerate(actions) if a.get("card") == "T1") > at  # the hunt starts before it falls
    assert deal.result.piles[1] & PETIT_BIT  # and the attack catches it


def test_the_petit_lesson_asks_a_master_trump_after_a_partners_high_then_low_trump():
    *_, (query, record) = _tables("petit-en-danger")
    at = int(query["at"])
    actions = record["actions"]
    asked = actions[at]
    assert query["exercise"] == "1" and asked["seat"] == 0 and asked["type"] == "play"
    deal = load(record)
    signaller = next(s for s in range(1, 4) if PETIT_BIT & mask_of(deal.dealt_hands[s]))
    assert deal.result.taker not in (0, signaller)
    before = [a for a in actions[:at] if a["type"] == "play"]
    tricks = [before[i:i + 4] for i in range(0, len(before) - len(before) % 4, 4)]
    # The book's signal: following to trump leads, a high trump then a low one.
    followed = [_trump(a["card"]) for t in tricks if _trump(next(a["card"] for a in t if a["card"] != "EX")) > 0
                for a in t[1:] if a["seat"] == signaller and _trump(a["card"]) > 1]
    assert any(high > low for high, low in zip(followed, followed[1:]))
    gone = {_trump(a["card"]) for a in before}
    assert set(range(_trump(asked["card"]) + 1, 22)) <= gone  # the trump asked for is the master
    assert deal.result.piles[0] & PETIT_BIT


def _trick_so_far(actions: list[dict], at: int, players: int = 4) -> list[dict]:
    plays = [a for a in actions[:at] if a["type"] == "play"]
    return plays[len(plays) - len(plays) % players:]


def _rank(card: str) -> str:
    return card[:-1]


def _defence_exercise(index: int) -> tuple[dict, dict, int, list[dict]]:
    """(record, the card asked, the taker, the trick so far) of the defence lesson's exercise ``index``."""
    query, record = _tables("defense")[index]
    at = int(query["at"])
    asked = record["actions"][at]
    taker = load(record).result.taker
    assert query["exercise"] == "1" and asked["seat"] == 0 and taker != 0
    return record, asked, taker, _trick_so_far(record["actions"], at)


def test_the_defence_lesson_loads_a_partners_sure_trick_with_an_honour():
    record, asked, taker, trick = _defence_exercise(0)
    assert len(trick) == 3 and taker in {a["seat"] for a in trick}  # the learner plays last, after the taker
    suit = trick[0]["card"][-1]
    assert _rank(asked["card"]) in ("K", "Q") and asked["card"][-1] == suit
    assert all(not a["card"].startswith("T") for a in trick)  # nobody trumped: the highest of the suit wins
    best = max((a for a in trick if a["card"][-1] == suit), key=lambda a: RANK_OF[parse_card(a["card"])])
    assert best["seat"] != taker and RANK_OF[parse_card(best["card"])] > RANK_OF[parse_card(asked["card"])]
    own = {str(c) for c in load(record).dealt_hands[0]}
    assert any(c.endswith(suit) and _rank(c).isdigit() for c in own)  # a low card too


def test_the_defence_lesson_keeps_an_honour_from_the_takers_trick():
    record, asked, taker, trick = _defence_exercise(1)
    assert trick[0]["seat"] == taker and _rank(trick[0]["card"]) == "K"  # the taker's king leads
    suit = trick[0]["card"][-1]
    assert asked["card"][-1] == suit and _rank(asked["card"]).isdigit()
    own = {str(c) for c in load(record).dealt_hands[0]}
    assert any(c.endswith(suit) and _rank(c) in ("Q", "K") for c in own)  # the honour it keeps


def test_the_defence_lesson_steps_through_a_lead_the_taker_must_trump():
    *_, (query, record) = _tables("defense")
    at = int(query["at"])
    actions = record["actions"]
    lead = actions[at]
    taker = load(record).result.taker
    assert query["steps"] == "1" and query["open"] == "1"
    assert lead["seat"] == 0 and lead["type"] == "play" and taker != 0 and not lead["card"].startswith("T")
    taker_card = next(a["card"] for a in actions[at + 1:] if a["type"] == "play" and a["seat"] == taker)
    assert taker_card.startswith("T")  # the taker has none of the suit: he trumps


def test_the_signals_lesson_returns_a_low_lead_made_from_five_cards_or_more():
    # The book: a card from the ace to the 5 led "signale le Roi ou la Dame (au moins dans 5 cartes)".
    (query, record), _ = _tables("signalisations")
    at = int(query["at"])
    actions = record["actions"]
    asked = actions[at]
    assert query["exercise"] == "1" and asked["seat"] == 0 and asked["type"] == "play"
    suit = asked["card"][-1]
    plays = [a for a in actions[:at] if a["type"] == "play"]
    leads = [next(a for a in plays[i:i + 4] if a["card"] != "EX") for i in range(0, len(plays) - len(plays) % 4, 4)]
    lead = next(a for a in leads if not a["card"].startswith("T") and a["card"][-1] == suit)
    deal = load(record)
    assert lead["seat"] not in (0, deal.result.taker)  # a partner's lead
    assert RANK_OF[parse_card(lead["card"])] <= 5
    assert sum(1 for c in deal.dealt_hands[lead["seat"]] if str(c)[-1] == suit and not str(c).startswith("T")) >= 5


def _text(name: str, lang: str) -> str:
    """A lesson's words (its paragraphs, without markup)."""
    html = (LESSONS / lang / f"{name}.html").read_text(encoding="utf-8")
    return unescape(" ".join(re.findall(r"<p>(.*?)</p>", html))).replace("\xa0", " ")


def test_the_excuse_played_to_the_last_trick_goes_to_the_side_that_wins_it():
    # FFT: "ne joue jamais l'Excuse au dernier pli, sinon elle change de camp" (when the other side wins it).
    assert "l'Excuse va au camp qui remporte ce pli (sauf au chelem) : si c'est l'adversaire, elle change de camp" \
        in _text("excuse", "fr")
    assert "the Excuse goes to the side that wins that trick (except in a chelem)" in _text("excuse", "en")


def test_the_bidding_thresholds_are_said_to_be_this_programs_scale_not_a_rule():
    assert "Sur le barème de ce programme" in _text("encheres", "fr") and "pas une règle" in _text("encheres", "fr")
    assert "On this program's own scale" in _text("encheres", "en") and "not a rule" in _text("encheres", "en")


def test_the_trump_lead_signal_is_said_to_be_one_convention_among_several():
    assert "conventions d'un livre parmi d'autres" in _text("signalisations", "fr")
    assert "one book's conventions among several" in _text("signalisations", "en")


def test_the_garde_hand_of_the_bidding_lesson_is_well_above_the_threshold():
    from tarot.bots.evaluation import THRESHOLDS, hand_points
    from tarot.rules import Contract

    (query, record), _ = _tables("encheres")
    hand = mask_of(load(record).dealt_hands[0])
    assert hand_points(hand) >= THRESHOLDS[4][Contract.GARDE] + 4


def test_a_legal_card_in_the_overtrump_exercise_is_not_called_wrong():
    from tarot.actions import action_from_json
    from web.browser.params import parse_params
    from web.match.settings import Settings
    from web.teaching.moves import same_move
    from web.teaching.teacher import Teacher

    html = (LESSONS / "fr" / "fournir-couper.html").read_text(encoding="utf-8")
    url = urlsplit(table_sources(html)[0])
    params = parse_params("?" + url.query, "#" + url.fragment)
    teacher = Teacher(params)
    session = teacher.open_session(params.settings(Settings(first_deal=1)))
    record = rotate(decode(_record(url.fragment)), int(parse_qs(url.query)["seat"][0]))
    expected = action_from_json(record["actions"][len(session.deal.history)])[1]
    other = next(a for a in session.deal.legal_actions() if not same_move(a, expected))
    assert session.act(0, other) is None
    verdict = unescape(teacher.render(session))
    assert ("Carte permise, mais" in verdict or "Cette carte est permise" in verdict) and "Pas tout à fait" not in verdict


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_step_by_step_table_comments_its_key_step(lang):
    from tarot.situation import decode_notes

    for page in sorted((LESSONS / lang).glob("*.html")):
        html = page.read_text(encoding="utf-8")
        for src in table_sources(html):
            url = urlsplit(src)
            if "steps=1" not in url.query:
                continue
            parts = dict(p.split("=", 1) for p in url.fragment.split("&"))
            record = decode(parts["record"])
            notes = decode_notes(parts["notes"])
            assert len(notes) == 1 and all(notes.values()), page.name
            step = next(iter(notes))
            assert int(parse_qs(url.query)["at"][0]) < step <= len(record["actions"]), page.name


def test_the_undertrump_table_says_pisser_when_the_lower_trump_is_played():
    from tarot.situation import decode_notes

    html = (LESSONS / "fr" / "fournir-couper.html").read_text(encoding="utf-8")
    src = table_sources(html)[1]
    parts = dict(p.split("=", 1) for p in urlsplit(src).fragment.split("&"))
    record = decode(parts["record"])
    (step, note), = decode_notes(parts["notes"]).items()
    assert "il doit pisser" in note
    played = record["actions"][step - 1]
    assert played["type"] == "play" and played["card"].startswith("T")
