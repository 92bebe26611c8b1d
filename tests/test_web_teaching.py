"""Teaching at the table (web.teaching): URL situations, steps, exercises, hints, "why?", in plain Python."""
from __future__ import annotations

import base64
import itertools
import os
import re
from html import unescape

import pytest

from tarot.actions import BIDS, Chelem, Play, Purchase, action_from_json
from tarot.cards import parse_card
from tarot.i18n import card_name
from tarot.bots import make_bot
from tarot.match import play_out
from tarot.rules import Rules
from tarot.situation import encode, fragment
from tarot.state import Deal
from web import teaching
from web.draw import render
from web.draw.labels import seat_name
from web.browser.params import parse_params
from web.match.session import Session, Settings, TableMatch
from web.teaching.extras import Extras
from web.teaching.misses import flaw
from tarot.bot import Reason
from web.teaching.moves import move_words, same_move, told
from tarot.words import t
from web.match.page import screen_of
from web.teaching.situations import TeachingSession
from web.teaching.teacher import Teacher


def _finished(players: int = 4, seed: int = 5) -> Deal:
    while True:
        deal = Deal.new(Rules(players=players), dealer=players - 1, seed=seed)
        play_out(deal, [make_bot("standard", s) for s in range(players)])
        if not deal.result.redeal:
            return deal
        seed += 1


def _open(query: str, hash_text: str) -> tuple[Teacher, Session]:
    params = parse_params(query, hash_text)
    teacher = Teacher(params)
    session = teacher.open_session(params.settings(Settings(first_deal=1))) or Session(Settings(first_deal=1))
    session.notices = tuple(params.notices()) + teacher.notices()
    return teacher, session


def _notice(session: Session) -> str:
    return unescape(render.render(session.screen())["notice"])


def test_a_situation_opens_the_table_on_the_recorded_deal_at_its_end():
    deal = _finished()
    teacher, session = _open("?embed=1", fragment(deal.to_record()))
    assert isinstance(session, TeachingSession)
    assert session.deal.history == deal.history and session.deal.is_over
    assert session.notices == ()


def test_a_situation_is_named_as_such_not_by_a_deal_number_its_cards_do_not_have():
    deal = _finished()
    teacher, session = _open("?embed=1", fragment(deal.to_record()))
    topbar = unescape(render.render(session.screen())["topbar"])
    assert ">Situation<" in topbar and "Donne n°" not in topbar
    session.next_deal()  # the match's own next deal has its number again
    topbar = unescape(render.render(session.screen())["topbar"])
    assert f"Donne n°\u00a0{session.deal_number}" in topbar and ">Situation<" not in topbar


# Deal numbers whose match deal is a petit sec, dealt again at once (1 deal in about 5,000 at
# 3 players, 540 at 4, 150 at 5).
PETIT_SEC_NUMBERS = {3: (7296, 11160), 4: (643, 1274, 2666), 5: (170, 201, 308)}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_situation_is_the_first_deal_of_its_match_and_no_redeal_comes_before_it(players):
    """The match is never dealt a deal of its own first, not even one dealt again at once
    (a petit sec) that would write a Redonne on the score sheet."""
    numbers = list(PETIT_SEC_NUMBERS[players]) + list(range(1, 25))
    assert all(TableMatch(Rules(players=players), first_deal=n).new_deal().result.redeal == "petit_sec"
               for n in PETIT_SEC_NUMBERS[players])
    records = [_finished(players, seed).to_record() for seed in (5, 60)]
    for record, query in itertools.product(records, ("?embed=1", "?at=0", "?at=9&steps=1")):
        teacher = Teacher(parse_params(query, fragment(record)))
        for number in numbers:
            session = teacher.open_session(Settings(first_deal=number))
            assert session is not None and session.deal_number == number
            assert session.match.records == ([session.deal.to_record()] if session.deal.is_over else [])
            assert all(result.redeal is None for _, result in session.screen().sheet)


def test_at_opens_the_situation_part_way_and_the_bots_play_on():
    deal = _finished()
    teacher, session = _open("?at=10", fragment(deal.to_record()))
    assert session.deal.to_record()["actions"] == deal.to_record()["actions"][:10]
    assert session.bot_to_act() in (None, session.deal.to_act)  # no steps: the game goes on as usual


def test_seat_shows_that_seats_view_at_the_bottom():
    deal = _finished(players=5)
    teacher, session = _open("?seat=3&at=0", fragment(deal.to_record()))
    assert session.deal.dealt_hands[0] == deal.dealt_hands[3]
    assert session.settings.players == 5


def test_open_shows_every_hand():
    deal = _finished(players=3)
    teacher, session = _open("?open=1&at=0", fragment(deal.to_record()))
    html = teacher.render(session)
    assert 'data-testid="open-hands"' in html
    for seat in (1, 2):
        for c in deal.dealt_hands[seat]:
            assert f'data-card="{c}"' in html
    closed_teacher, closed = _open("?at=0", fragment(deal.to_record()))
    assert 'data-testid="open-hands"' not in closed_teacher.render(closed)


def test_steps_go_forward_and_back_through_the_record():
    deal = _finished()
    teacher, session = _open("?steps=1&at=4", fragment(deal.to_record()))
    start = len(session.deal.history)
    assert session.bot_to_act() is None  # the bots wait: the record's moves are shown step by step
    assert teacher.on_action("step-next", session)
    assert len(session.deal.history) == start + 1
    assert session.deal.history == deal.history[:start + 1]
    assert teacher.on_action("step-prev", session)
    assert len(session.deal.history) == start
    assert not teacher.on_action("step-prev", session)  # not before the situation's start
    while teacher.on_action("step-next", session):
        pass
    assert session.deal.is_over and session.deal.result == deal.result
    assert len(session.match.records) == 1
    assert 'data-action="step-start"' in teacher.render(session)  # at the end: back to the start in one click
    assert teacher.on_action("step-prev", session)
    assert not session.deal.is_over and session.match.records == []
    html = teacher.render(session)
    assert 'data-action="step-next"' in html and 'data-action="step-prev"' in html
    while teacher.on_action("step-next", session):
        pass
    assert teacher.on_action("step-start", session)
    assert len(session.deal.history) == start and session.match.records == []
    assert not teacher.on_action("step-start", session)


def test_a_recorded_seat_waiting_for_the_next_step_is_not_said_to_be_thinking():
    deal = _finished()
    teacher, session = _open("?steps=1&at=4", fragment(deal.to_record()))
    while session.deal.to_act in (None, 0):
        assert teacher.on_action("step-next", session)
    panel = unescape(render.render(session.screen())["panel"])
    assert "Au tour de " in panel and "réfléchit" not in panel
    playing = Session(Settings(first_deal=1))
    while playing.deal.to_act in (None, 0):
        playing.act(0, next(a for a in playing.deal.legal_actions() if a.contract is None))
    assert "réfléchit…" in unescape(render.render(playing.screen())["panel"])  # a bot at play thinks


def _human_turn_index(record: dict, kind: str) -> int:
    return next(i for i, a in enumerate(record["actions"]) if a["seat"] == 0 and a["type"] == kind)


def test_an_exercise_says_whether_the_answer_is_the_records_move():
    deal = _finished()
    record = deal.to_record()
    i = _human_turn_index(record, "play")
    teacher, session = _open(f"?exercise=1&at={i}", fragment(record))
    assert session.deal.to_act == 0
    expected = action_from_json(record["actions"][i])[1]
    wrong = next(a for a in session.deal.legal_actions() if not same_move(a, expected))
    before = len(session.deal.history)
    assert session.act(0, wrong) is None
    assert len(session.deal.history) == before  # a wrong answer is not played
    html = teacher.render(session)
    assert 'data-testid="exercise-verdict"' in html and 'data-correct="false"' in html
    assert session.act(0, expected) is None
    assert session.deal.history[before] == (0, expected)
    assert 'data-correct="true"' in teacher.render(session)
    while session.bot_to_act() is not None:  # the other seats play the record's moves, one timer at a time
        session.bot_step()
    assert session.deal.history == deal.history[:len(session.deal.history)]
    assert session.deal.to_act in (0, None)


def _missed(lang: str = "en") -> tuple[Teacher, Session, object, object]:
    """An exercise at seat 0's first card with two legal cards or more: (teacher, session, expected, a miss)."""
    record = _finished().to_record()
    i = next(i for i, a in enumerate(record["actions"]) if a["seat"] == 0 and a["type"] == "play"
             and len(Deal.from_record({**record, "actions": record["actions"][:i]}).legal_actions()) > 1)
    teacher, session = _open(f"?exercise=1&lang={lang}&at={i}", fragment(record))
    expected = action_from_json(record["actions"][i])[1]
    wrong = next(a for a in session.deal.legal_actions() if not same_move(a, expected))
    return teacher, session, expected, wrong


def test_a_first_miss_lets_the_learner_try_again_without_the_answer():
    teacher, session, expected, wrong = _missed()
    session.act(0, wrong)
    html = unescape(teacher.render(session))
    assert "Try again." in html
    assert move_words(expected, "en") not in html and "The decision expected" not in html
    assert 'data-action="exercise-answer"' in html


def _miss_where(flawed: bool, query: str = "") -> tuple[Teacher, Session, Play]:
    """An exercise at one of seat 0's cards, and a legal card other than the record's that has a
    flaw certain from seat 0's view (``flawed``), or none."""
    for seed in itertools.count(5):
        record = _finished(seed=seed).to_record()
        for i, a in enumerate(record["actions"]):
            if a["seat"] != 0 or a["type"] != "play":
                continue
            before = Deal.from_record({**record, "actions": record["actions"][:i]})
            expected = action_from_json(a)[1]
            view = before.view(0)
            for wrong in before.legal_actions():
                if isinstance(wrong, Play) and wrong != expected and (flaw(view, wrong) is not None) == flawed:
                    teacher, session = _open(f"?exercise=1&lang=en&at={i}{query}", fragment(record))
                    return teacher, session, wrong
    raise AssertionError("unreachable")


def test_a_first_miss_says_the_cards_flaw_when_it_is_certain():
    teacher, session, wrong = _miss_where(flawed=True)
    name = flaw(session.deal.view(0), wrong)
    session.act(0, wrong)
    html = unescape(teacher.render(session))
    assert f'data-flaw="{name}"' in html
    why = Reason(name, {"card": str(wrong.card)}).explain("en")
    assert "An allowed card, but not the best: " + why + " Try again." in html


def test_a_first_miss_without_a_flaw_names_the_lessons_subject_else_only_the_miss():
    teacher, session, wrong = _miss_where(flawed=False, query="&lesson=petit-en-danger")
    session.act(0, wrong)
    html = unescape(teacher.render(session))
    assert "not this exercise's answer: the exercise is about the Petit in danger. Try again." in html
    assert "data-flaw" not in html
    teacher, session, wrong = _miss_where(flawed=False)
    session.act(0, wrong)
    assert "This move is allowed, but it is not the decision expected. Try again." in unescape(teacher.render(session))


def test_a_lesson_not_among_the_lessons_is_named_in_a_notice():
    teacher, session = _open("?exercise=1&lang=en&lesson=nowhere", fragment(_finished().to_record()))
    assert "lesson=nowhere (expected: a lesson's name" in _notice(session)
    assert teacher.lesson is None and teacher.lesson_next("en") is None


def test_a_lessons_table_offers_its_next_table_then_a_normal_deal_with_every_hand_hidden():
    deal = _finished()
    last = len(deal.to_record()["actions"]) - 4  # the last trick to come: one card in each hand
    teacher, session = _open(f"?embed=1&lang=en&steps=1&open=1&lesson=petit-en-danger&next=2&at={last}",
                             fragment(deal.to_record(), {last: "The last card."}))
    assert 'data-testid="open-hands"' in teacher.render(session) and "The last card." in teacher.render(session)
    assert isinstance(session, TeachingSession)
    while session.step_next():
        pass
    assert session.deal.is_over
    assert 'data-testid="open-hands"' not in teacher.render(session)  # every hand played out
    screen = session.screen()
    assert screen.lesson_next == "lessons/en/petit-en-danger.html#table-2"
    panel = unescape(render.render(screen)["panel"])
    assert 'href="lessons/en/petit-en-danger.html#table-2" target="_top"' in panel
    assert "The lesson's next table" in panel and "A normal deal" in panel and "Next deal" not in panel
    session.next_deal()
    while session.deal.to_act != 0:  # the step of the comment, in the new deal
        session.bot_step()
    html = teacher.render(session)
    assert not session.screen().situation and session.screen().lesson_next is None
    assert 'data-testid="open-hands"' not in html and t("record_left", "en") not in html
    assert session.deal.dealt_hands != deal.dealt_hands and not teacher.notes  # the situation's comments left with it


def test_the_answer_comes_at_the_second_miss():
    teacher, session, expected, wrong = _missed()
    session.act(0, wrong)
    session.act(0, wrong)
    html = unescape(teacher.render(session))
    assert f"The decision expected: {move_words(expected, 'en')}." in html
    assert 'data-action="exercise-answer"' not in html


def test_the_answer_comes_on_request_after_a_miss():
    teacher, session, expected, wrong = _missed("fr")
    session.act(0, wrong)
    teacher.on_action("exercise-answer", session)
    html = unescape(teacher.render(session))
    assert f"La décision attendue\xa0: {move_words(expected, 'fr')}." in html


def test_the_previous_verdict_is_cleared_at_the_next_question():
    teacher, session, expected, wrong = _missed()
    session.act(0, expected)
    assert 'data-correct="true"' in teacher.render(session)
    while session.bot_to_act() is not None:
        session.bot_step()
    assert session.deal.to_act == 0
    assert "exercise-verdict" not in teacher.render(session)


def test_an_exercise_plays_a_lone_legal_card_instead_of_asking():
    deal = _finished()
    record = deal.to_record()
    i = next(i for i, a in enumerate(record["actions"]) if a["seat"] == 0 and a["type"] == "play"
             and len(Deal.from_record({**record, "actions": record["actions"][:i]}).legal_actions()) == 1)
    teacher, session = _open(f"?exercise=1&at={i}", fragment(record))
    assert len(session.deal.history) > i  # the lone card is played on opening
    assert session.deal.history[i] == deal.history[i]
    assert teacher.verdict is None  # and not judged


def test_an_exercise_past_the_records_end_asks_for_the_recommenders_move():
    deal = _finished()
    record = deal.to_record()
    i = _human_turn_index(record, "play")
    part = {k: v for k, v in record.items() if k != "result"}
    part["actions"] = record["actions"][:i]
    teacher, session = _open("?exercise=1", fragment(part))
    expected = teacher.expected(session)
    assert session.act(0, expected) is None
    assert teacher.verdict is not None and teacher.verdict.correct


def test_bad_situations_give_a_notice_in_the_pages_language_and_the_normal_table():
    record = _finished().to_record()
    bad_format = dict(record, format="tarot-deal/9")
    illegal = dict(record, actions=[dict(record["actions"][0], seat=2)] + record["actions"][1:])
    packer = __import__("zlib").compressobj(9, 8, -15)
    not_json = base64.urlsafe_b64encode(packer.compress(b"[[[") + packer.flush()).decode().rstrip("=")
    junk = base64.urlsafe_b64encode(os.urandom(75_000)).decode().rstrip("=")
    for text, words in ((encode(bad_format), "n'est pas valide"), (encode(illegal), "n'est pas valide"),
                        (not_json, "n'est pas un enregistrement"), (junk, "trop longue"),
                        (encode(record)[:50], "coupée")):
        teacher, session = _open("?lang=fr", "#record=" + text)
        assert teacher.situation is None and not isinstance(session, TeachingSession)
        assert words in _notice(session), (words, _notice(session))
        session.settings.lang = "en"
        assert "situation in the address" in _notice(session)


def test_teaching_parameters_are_not_unknown_and_bad_values_are_named():
    teacher, session = _open("?seat=9&steps=maybe&open=1", "")
    notice = _notice(session)
    assert "steps=maybe" in notice and "inconnu" not in notice
    teacher, session = _open("?open=1&exercise=0", fragment(_finished(players=4).to_record()))
    assert _notice(session) == ""
    teacher, session = _open("?seat=4&lang=en", fragment(_finished(players=4).to_record()))
    assert "seat=4 (expected: a seat of the deal, from 0)" in _notice(session)
    assert teacher.situation is not None  # the situation opens, from seat 0


def test_teaching_parameters_without_a_situation_are_named_as_having_no_effect():
    teacher, session = _open("?embed=1&exercise=1&seat=2&at=10&open=0", "")
    assert "Paramètre d'adresse sans effet\xa0: exercise=1, seat=2, at=10 (pour une situation" in _notice(session)
    session.settings.lang = "en"
    assert "no effect: exercise=1, seat=2, at=10 (for a situation, #record=…" in _notice(session)
    teacher, session = _open("?embed=1&steps", "#record=" + "A" * 40)  # an unreadable one says so instead
    assert "sans effet" not in _notice(session) and "situation" in _notice(session)
    teacher, session = _open("?embed=1&open=0", "")
    assert _notice(session) == ""


def test_a_hint_names_the_card_and_its_reason_and_marks_the_deal():
    session = Session(Settings(first_deal=42))
    teacher = Teacher(parse_params(""))
    while session.deal.to_act != 0:
        session.bot_step()
    teacher.on_action("hint", session)
    html = teacher.render(session)
    hint = re.search(r'<div class="hint" data-testid="hint"[^>]*>', html).group()
    assert 'data-reason="' in hint and ('data-bid="' in hint or 'data-card="' in hint)
    assert teacher.hinted == {42}
    while not session.deal.is_over:
        if session.deal.to_act == 0:
            teacher.on_action("hint", session)
            action = teacher.hint_shown.action
            assert session.act(0, action) is None  # the hint is always legal
        else:
            session.bot_step()
    side = render.render(screen_of(session, Extras(), teacher))["side"]
    assert '<tr data-deal="42" data-hinted="true"' in side
    again = Teacher(parse_params(""))
    again.restore_hints(teacher.hints_text(), session)
    assert again.hinted == {42}


def test_why_explains_the_last_bot_decision_from_its_own_view():
    session = Session(Settings(first_deal=7))
    teacher = Teacher(parse_params(""))
    if session.deal.to_act == 0:
        session.bid("pass")
    session.bot_step()
    assert session.deal.history[-1][0] != 0
    teacher.on_action("why", session)
    html = teacher.render(session)
    assert 'data-testid="why"' in html and 'data-reason="' in html
    # The reason, which speaks to the seat deciding, is quoted as the book's words to that seat.
    seat = session.deal.history[-1][0]
    said = unescape(re.search(r'data-testid="why"[^>]*>([^<]*)</p>', html).group(1))
    assert said.startswith(f"Le livre, à la place de {seat_name(seat, 'fr')}\u00a0: «\u00a0") and said.endswith("\u00a0»")


def _five_players_at_the_person_s_card(earlier_cards: int) -> Session:
    """A 5-player deal, the person passing and playing the first card allowed, stopped at their
    first card to play with at least ``earlier_cards`` bots' cards played before it in this trick and the last."""
    from web.teaching.teachview import recent_bot_cards

    for number in range(1, 60):
        session = Session(Settings(players=5, first_deal=number))
        while not session.deal.is_over:
            deal = session.deal
            if deal.to_act != 0:
                session.bot_step()
            elif deal.phase.value == "play" and len(recent_bot_cards(deal)) >= earlier_cards:
                return session
            else:
                assert session.act(0, deal.legal_actions()[0]) is None
    raise AssertionError("no such deal")


def test_why_explains_any_bot_card_of_this_trick_and_the_one_before():
    from web.teaching.teachview import recent_bot_cards

    session = _five_players_at_the_person_s_card(4)
    teacher = Teacher(parse_params(""))
    deal = session.deal
    cards = recent_bot_cards(deal)
    assert all(deal.history[i] == (seat, Play(card)) for i, seat, card in cards)
    assert 'data-at="' not in teacher.render(session)  # the table keeps its height until "why?" is asked
    teacher.on_action("why", session)
    html = teacher.render(session)
    assert all(f'data-action="why" data-at="{i}"' in html for i, _, _ in cards)
    at, seat, card = cards[0]  # the oldest of them: several bots have played since
    assert at < len(deal.history) - 1
    teacher.on_action("why", session, lambda name: str(at) if name == "data-at" else None)
    assert teacher.why_shown is not None and (teacher.why_shown.at, teacher.why_shown.seat) == (at, seat)
    html = teacher.render(session)
    said = unescape(re.search(r'data-testid="why"[^>]*>([^<]*)</p>', html).group(1))
    assert said.startswith(teaching.t("why_is_card", "fr", name=seat_name(seat, "fr"), card=card_name(card, "fr"),
                                      reason="").split("«")[0])


def test_why_refuses_a_place_that_is_not_a_bot_s_decision():
    session = _five_players_at_the_person_s_card(1)
    teacher = Teacher(parse_params(""))
    mine = next(i for i, (seat, _) in enumerate(session.deal.history) if seat == 0)
    for at in (str(mine), "999", "-1", "x"):
        teacher.on_action("why", session, lambda name, at=at: at if name == "data-at" else None)
        assert teacher.why_shown is None or teacher.why_shown.seat != 0


def test_why_elides_de_before_a_seat_name_with_a_vowel():
    said = teaching.t("why_is", "fr", name=seat_name(4, "fr"), reason="Jouez petit.")
    assert said == "Le livre, à la place d'Élise\u00a0: «\u00a0Jouez petit.\u00a0»"
    assert teaching.t("why_is", "en", name=seat_name(4, "en"), reason="Play low.") == \
        "The book, in Élise's seat: \u201cPlay low.\u201d"


def test_the_bidding_aid_closes_at_the_next_deal():
    session = Session(Settings(first_deal=3))
    teacher = Teacher(parse_params(""))
    while session.deal.to_act != 0:
        session.bot_step()
    teacher.on_action("bidding-aid", session)
    assert 'data-testid="bidding-aid"' in teacher.render(session)
    while not session.finished:
        if session.bot_to_act() is None:
            session.act(0, session.deal.legal_actions()[0])
        else:
            session.bot_step()
    session.next_deal()
    while session.deal.to_act != 0:
        session.bot_step()
    assert session.deal.phase.value == "bidding"
    assert 'data-testid="bidding-aid"' not in teacher.render(session)
    teacher.on_action("bidding-aid", session)  # opened again on this deal
    assert 'data-testid="bidding-aid"' in teacher.render(session)


def test_the_bidding_aid_lists_the_scale_items_and_a_contract():
    session = Session(Settings(first_deal=3))
    teacher = Teacher(parse_params(""))
    while session.deal.to_act != 0:
        session.bot_step()
    assert session.deal.phase.value == "bidding"
    teacher.on_action("bidding-aid", session)
    html = teacher.render(session)
    assert 'data-testid="bidding-aid"' in html and "data-item=" in html


def test_the_share_links_open_the_same_situation():
    session = Session(Settings(first_deal=11))
    teacher = Teacher(parse_params(""), base="https://example.org/tarot/")
    while session.deal.to_act != 0:
        session.bot_step()
    teacher.on_action("share-situation", session)
    html = teacher.render(session)
    assert 'data-testid="situation-link"' in html and 'data-link="iframe"' in html
    links = dict(teacher.share_links(session))
    assert set(links) == {"plain", "exercise"}
    for url in links.values():
        assert url.startswith("https://example.org/tarot/?")
        query, _, hash_text = url.partition("#")
        params = parse_params(query.partition("?")[2], "#" + hash_text)
        again = Teacher(params)
        opened = again.open_session(params.settings(Settings(first_deal=1)))
        assert opened is not None and opened.deal.history == session.deal.history


def test_why_on_a_bots_ecart_tells_nothing_of_its_cards():
    record = _finished().to_record()
    i = next(k for k, a in enumerate(record["actions"]) if a["type"] == "ecart")
    viewer = (record["actions"][i]["seat"] + 1) % 4  # a defender watches the taker's écart
    teacher, session = _open(f"?seat={viewer}&at={i + 1}", fragment(record))
    assert session.deal.history[-1][0] != 0 and session.deal.phase.value in ("chelem", "play")
    said = re.search(r'<p class="last-decision">(.*?)</p>', teacher.render(session)).group(1)
    assert said.endswith(" fait son écart.")
    teacher.on_action("why", session)
    assert teacher.why_shown is not None and teacher.why_shown.reason.code == "ecart_hidden"


def test_the_last_bot_decision_is_told_as_the_table_sees_it_with_the_cards_article():
    assert told(Play(parse_card("QS")), "Chloé", "fr") == "Chloé joue la Dame de pique."
    assert told(Play(parse_card("JH")), "Chloé", "fr") == "Chloé joue le Valet de cœur."
    assert told(Play(parse_card("EX")), "Chloé", "fr") == "Chloé joue l'Excuse."
    assert told(Play(parse_card("T21")), "Basile", "en") == "Basile plays trump 21."
    assert told(Play(parse_card("KD")), "Basile", "en") == "Basile plays the King of diamonds."
    assert told(BIDS["garde"], "Damien", "fr") == "Damien annonce une garde."
    assert told(BIDS["garde_sans"], "Damien", "en") == "Damien bids a garde sans."
    assert told(BIDS["pass"], "Élise", "fr") == "Élise passe."
    assert told(Chelem(False), "Damien", "fr") == "Damien n'annonce pas de chelem."


def test_a_bots_purchase_names_the_card_given_only_to_a_seat_that_saw_it():
    bought = Purchase(parse_card("KH"), parse_card("7S"))
    assert told(bought, "Chloé", "fr") == "Chloé achète le Roi de cœur et donne une carte en échange."
    assert told(bought, "Chloé", "fr", gift_seen=True) == "Chloé achète le Roi de cœur et donne le 7 de pique."


def test_a_hint_names_its_card_with_the_article():
    assert move_words(Play(parse_card("QS")), "fr") == "jouer la Dame de pique"
    assert move_words(Play(parse_card("T1")), "en") == "play the Petit"
    assert move_words(BIDS["pass"], "fr") == "Passe"


def test_the_editor_deals_the_chosen_cards_and_opens_them_as_a_situation():
    session = Session(Settings(players=3, first_deal=5))
    teacher = Teacher(parse_params(""))
    teacher.on_action("editor-open", session)
    chosen = ["T21", "T20", "EX", "KH", "KS"]
    for notation in chosen:
        teacher.on_action("editor-card", session, {"data-card": notation}.get)
    teacher.on_action("editor-target", session, {"data-seat": "3"}.get)  # the chien, at 3 players
    teacher.on_action("editor-card", session, {"data-card": "T1"}.get)
    assert 'data-testid="editor"' in teacher.render(session)
    teacher.on_action("editor-start", session)
    assert teacher.navigate is None and teacher.editor.message == "editor_incomplete"
    teacher.on_action("editor-fill", session)
    teacher.on_action("editor-start", session)
    assert teacher.navigate is not None and teacher.navigate.startswith("record=")
    again = Teacher(parse_params("", "#" + teacher.navigate))
    opened = again.open_session(Settings(first_deal=1))
    assert opened is not None and opened.settings.players == 3
    assert {str(c) for c in opened.deal.dealt_hands[0]} >= set(chosen)
    assert "T1" in {str(c) for c in opened.deal.dealt_chien}
    assert opened.deal.to_act == 0 and opened.deal.history == []


def test_the_editor_refuses_a_card_too_many():
    session = Session(Settings(players=5, first_deal=5))
    teacher = Teacher(parse_params(""))
    teacher.on_action("editor-open", session)
    teacher.on_action("editor-target", session, {"data-seat": "5"}.get)  # the chien: 3 cards at 5 players
    for notation in ("2S", "3S", "4S", "5S"):
        teacher.on_action("editor-card", session, {"data-card": notation}.get)
    assert len(teacher.editor.held(5)) == 3
    assert teacher.editor.message == "editor_full"
    teacher.on_action("editor-card", session, {"data-card": "2S"}.get)  # a second click takes it back
    assert len(teacher.editor.held(5)) == 2


def test_the_shared_iframe_has_the_size_the_readme_gives_for_embedding():
    session = Session(Settings(first_deal=11))
    teacher = Teacher(parse_params(""), base="https://example.org/tarot/")
    teacher.on_action("share-situation", session)
    snippet = unescape(re.search(r'data-link="iframe">([^<]*)<', teacher.render(session)).group(1))
    assert 'width="900" height="640"' in snippet  # README, "Embedding and teaching"


def test_a_comment_written_for_a_moment_is_shown_at_that_step_of_the_shared_situation():
    session = Session(Settings(first_deal=11))
    teacher = Teacher(parse_params(""), base="https://example.org/")
    while session.deal.to_act != 0:
        session.bot_step()
    teacher.on_action("share-situation", session)
    assert 'id="teach-note"' in teacher.render(session)
    teacher.on_action("note-save", session, {"value:teach-note": "  Regardez l'entame.  "}.get)
    assert 'data-testid="step-note"' in teacher.render(session)
    url = dict(teacher.share_links(session))["plain"]
    query, _, hash_text = url.partition("#")
    again = Teacher(parse_params("", "#" + hash_text))
    opened = again.open_session(Settings(first_deal=1))
    assert again.notes == {len(session.deal.history): "Regardez l'entame."}
    assert "Regardez l&#x27;entame." in again.render(opened)


def test_unreadable_comments_give_a_notice_and_the_situation_still_opens():
    record = _finished().to_record()
    teacher, session = _open("?lang=en", fragment(record) + "&notes=%%%")
    assert teacher.situation is not None
    assert "comments in the address are unreadable" in _notice(session)


def test_a_seat_or_step_written_in_other_digits_or_thousands_of_them_is_refused_with_a_notice():
    record = _finished().to_record()
    for query, shown in (("?seat=²", "seat=²"), ("?at=①", "at=①"), ("?seat=２", "seat=２"), ("?at=1_0", "at=1_0"),
                         ("?seat=" + "1" * 5001, "seat=" + "1" * 40 + "…")):
        teacher, session = _open(query + "&lang=en", fragment(record))
        assert teacher.situation is not None and isinstance(session, TeachingSession), query
        assert f"Address parameter ignored: {shown} (expected:" in _notice(session), query


def test_a_comment_on_a_step_written_in_other_digits_gives_a_notice_and_the_situation_still_opens():
    record = _finished().to_record()
    teacher, session = _open("?lang=en", fragment(record) + "&notes=" + encode({"²": "Regardez."}))
    assert teacher.situation is not None and teacher.notes == {}
    assert "comments in the address are unreadable" in _notice(session)


def test_a_situation_nested_deeper_than_any_record_is_refused_before_it_is_parsed():
    for depth in (65, 8000):
        packer = __import__("zlib").compressobj(9, 8, -15)
        deep = base64.urlsafe_b64encode(packer.compress(b"[" * depth + b"]" * depth) + packer.flush()).decode()
        teacher, session = _open("", "#record=" + deep.rstrip("="))
        assert teacher.situation is None and not isinstance(session, TeachingSession)
        assert "La situation de l'adresse n'est pas un enregistrement de donne." in _notice(session), depth


def test_hints_kept_in_the_browser_nested_deeply_are_dropped_unread():
    session = Session(Settings(first_deal=3))
    teacher = Teacher(parse_params(""))
    assert teacher.restore_hints('{"first_deal": 3, "deals": [1]}', session) is True
    assert teacher.hinted == {1}
    assert teacher.restore_hints('{"first_deal": 3, "deals": ' + "[" * 8000, session) is False
    assert teacher.restore_hints("{" * 70 + "}" * 70, session) is False
    assert teacher.hinted == {1}  # as it was
    assert teacher.restore_hints('{"first_deal": 4, "deals": [2]}', session) is True  # another match's: kept unread


def test_a_lessons_name_and_next_table_are_read_from_the_address_and_bad_ones_named():
    params = parse_params("?lesson=petit-en-danger&next=2")
    assert (params.teaching.lesson, params.teaching.next) == ("petit-en-danger", 2)
    teacher, session = _open("?lang=en&lesson=../x&next=0", fragment(_finished().to_record()))
    notice = _notice(session)
    assert "lesson=../x (expected: a lesson's name" in notice and "next=0 (expected: a table's number, from 1)" in notice
    assert teacher.lesson_next("en") is None
