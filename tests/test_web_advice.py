"""*Conseil* in the page: the bots' worker gives the graded analysis's best action at the
person's decision (same position and budget as the analysis, same figures); the hint says it
with the leading options' expected points, or the Standard bot's hint when the worker fails."""
from __future__ import annotations

import re
from html import unescape

import pytest

from tarot.actions import BIDS, Bid, action_from_json
from tarot.replay import from_record_at
from tarot.teaching.analysis import DEFAULT_WORLDS, advise, grade
from tarot.words import t
from web.browser.params import parse_params
from web.draw import render
from web.match.page import screen_of
from web.match.session import Session, Settings
from web.teaching.extras import Extras
from web.teaching.grading import advise_step
from web.teaching.teacher import Teacher
from web.teaching.teachview import evs_text, signed_ev


def _at_the_person(first_deal: int = 42) -> Session:
    """A session at the person's first decision."""
    session = Session(Settings(first_deal=first_deal))
    while session.deal.to_act != 0:
        session.bot_step()
    return session


def _analysis_teacher() -> Teacher:
    teacher = Teacher(parse_params(""))
    teacher.analysis_hints = True  # as in the page, which has the worker
    return teacher


def _best(answer: dict) -> object:
    return action_from_json({**answer["best"], "seat": 0})[1]


# ----------------------------------------------------------------- the worker
def test_the_worker_answers_the_analysis_s_best_for_the_deal_so_far():
    record = _at_the_person().deal.to_record()
    answer = advise_step({"record": record, "seat": 0})
    deal = from_record_at(record, None)[1]
    step = len(record["actions"])
    assert answer == advise(deal.view(0), step, DEFAULT_WORLDS, 0).to_json()
    graded = grade(deal.view(0), _best(answer), step, DEFAULT_WORLDS, 0)
    assert answer["options"] == graded.to_json()["options"] and graded.loss == 0.0


def test_a_request_the_worker_cannot_answer_is_refused_in_words():
    record = _at_the_person().deal.to_record()
    with pytest.raises(ValueError, match="record"):
        advise_step({"seat": 0})
    with pytest.raises(ValueError, match="seat"):
        advise_step({"record": record, "seat": 1})
    with pytest.raises(ValueError, match="replay"):
        advise_step({"record": dict(record, actions=[{"seat": 3, "type": "bid", "bid": "garde"}] * 2), "seat": 0})
    session = _at_the_person()
    session.act(0, Bid(None))
    with pytest.raises(ValueError, match="not to act"):
        advise_step({"record": session.deal.to_record(), "seat": 0})


# ------------------------------------------------------------------- the page
def test_a_hint_asked_thinks_then_shows_the_worker_s_best_with_the_options_points():
    session, teacher = _at_the_person(), _analysis_teacher()
    teacher.on_action("hint", session)
    html = teacher.render(session)
    assert 'data-testid="hint-thinking" role="status" aria-busy="true"' in html
    assert t("hint_thinking", "fr") in unescape(html) and 'data-testid="hint"' not in html
    asked = teacher.hint_to_send(session)
    assert asked is not None and teacher.hint_to_send(session) is None  # sent once
    answer = advise_step(asked.request())
    assert teacher.take_advice(session, asked, answer)
    html = unescape(teacher.render(session))
    hint = re.search(r'<div class="hint" data-testid="hint"[^>]*>', html).group()
    assert f'data-bid="{_best(answer).code}"' in hint and f'data-reason="{answer["reason"]["code"]}"' in hint
    assert "hint-thinking" not in html and " en moyenne" in html
    side = render.render(screen_of(session, Extras(), teacher))["side"]
    assert teacher.hinted == {42} and 'data-hinted="true"' not in side  # marked once the deal is over


def test_an_answer_for_a_table_that_moved_on_is_dropped():
    session, teacher = _at_the_person(), _analysis_teacher()
    teacher.on_action("hint", session)
    asked = teacher.hint_to_send(session)
    answer = advise_step(asked.request())
    session.act(0, Bid(None))
    assert not teacher.take_advice(session, asked, answer)
    assert teacher.hint_shown is None and teacher.hint_asked is None


def test_when_the_worker_fails_the_standard_bot_s_hint_is_given():
    session, teacher = _at_the_person(), _analysis_teacher()
    teacher.on_action("hint", session)
    asked = teacher.hint_to_send(session)
    teacher.advice_failed(session, asked)
    standard = Teacher(parse_params(""))
    standard.on_action("hint", session)
    assert teacher.hint_shown == standard.hint_shown and teacher.hint_shown.options == ()
    assert "en moyenne" not in unescape(teacher.render(session))


def test_the_options_points_are_signed_with_one_decimal_the_language_s_way():
    assert [signed_ev(v, "fr") for v in (11.26, -4.0, 0.04, 0.0)] == ["+11,3", "−4,0", "0", "0"]
    assert signed_ev(11.26, "en") == "+11.3"


def test_at_most_three_options_are_given_best_first():
    options = ((BIDS["garde"], 11.3), (BIDS["prise"], 4.0), (BIDS["pass"], 0.0), (BIDS["garde_sans"], -20.0))
    assert evs_text(options, "fr").replace("\u00a0", " ") == "Garde : +11,3 en moyenne ; Prise : +4,0 ; Passe : 0"
    assert evs_text(options, "en") == "Garde: +11.3 on average; Prise: +4.0; Pass: 0"


def test_a_forced_card_is_hinted_at_once_without_the_worker():
    session, teacher = _at_the_person(), _analysis_teacher()
    while not (session.deal.to_act == 0 and session.deal.phase.value == "play" and len(session.deal.legal_actions()) == 1):
        if session.deal.to_act == 0:
            session.act(0, session.deal.legal_actions()[0])
        else:
            session.bot_step()
    teacher.on_action("hint", session)
    assert teacher.hint_asked is None and teacher.hint_shown.action == session.deal.legal_actions()[0]
    assert teacher.hint_shown.reason.code == "only_card" and teacher.hint_shown.options == ()
