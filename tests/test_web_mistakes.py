"""*Mes erreurs*: each mistake or blunder of the person's graded deals becomes an exercise at that
moment; an answer within 2 deal units of the best is right; the exercises are kept in the browser."""
from __future__ import annotations

import json
from html import unescape

import pytest

from tarot.teaching.analysis import analyse_record
from web.browser.params import parse_params
from web.browser.storage import Store
from web.match.clicks import CLICKS, NOTHING, click
from web.draw.render import render
from web.match.page import PageState
from web.teaching.drill import MistakeSession
from web.teaching.extras import open_review
from web.teaching.mistakes import (EXERCISES_FORMAT, EXERCISES_KEY, EXERCISES_VERSION, MAX_EXERCISES, Exercise,
                                   Exercises, deal_id, exercises_of, load_exercises)
from tarot.actions import BIDS, Ecart, Play
from tarot.cards import parse_card

from .test_web_duplicate import _first_allowed_played
from .test_web_page import MemoryStorage

BLUNDER_DEAL = 4  # the person passes, the only decision: a blunder (a garde was best)
RECORD = {"format": "tarot-deal/1", "hands": "a tiny stand-in: judging needs no replay"}


def _entry(step: int = 5, grade: str = "mistake", options: tuple[tuple[str, float], ...] = (
        ("8S", 43.67), ("3D", 42.0), ("T14", 17.17)), played: str = "T14") -> dict:
    """A graded card decision: the options best first, as the analysis writes them."""
    return {"step": step, "phase": "play", "played": {"type": "play", "card": played},
            "best": {"type": "play", "card": options[0][0]}, "loss": 26.5, "se": 1.0, "class": grade,
            "reason": {"code": "lead_no_honour", "params": {"suit": 0}},
            "options": [{"action": {"type": "play", "card": c}, "ev": ev} for c, ev in options]}


def _exercise(step: int = 5, record: dict = RECORD, **entry: object) -> Exercise:
    return Exercise(deal_id(record), record, step, _entry(step, **entry))  # type: ignore[arg-type]


def _play(card: str) -> Play:
    return Play(parse_card(card))


# --------------------------------------------------------------- judging
def test_an_answer_within_2_deal_units_of_the_best_is_right():
    answer = _exercise().judge(_play("3D"))  # 42.0 against 43.67
    assert answer.right and answer.ev == 42.0 and answer.best == _play("8S") and answer.cost == 0


def test_an_answer_further_from_the_best_is_wrong_and_costs_the_difference():
    answer = _exercise().judge(_play("T14"))
    assert not answer.right and answer.cost == 26.5 and answer.reason.code == "lead_no_honour"


def test_an_ecart_the_analysis_did_not_weigh_is_said_so_not_judged():
    ecart = {"type": "ecart", "cards": ["1C", "2C", "3C"]}
    entry = {**_entry(), "phase": "ecart", "played": ecart, "best": ecart,
             "options": [{"action": ecart, "ev": 10.0}]}
    x = Exercise("d", RECORD, 5, entry)
    answer = x.judge(Ecart(tuple(parse_card(c) for c in ("4C", "5C", "6C"))))
    assert not answer.right and not answer.weighed and answer.cost == 0
    assert x.judge(Ecart(tuple(parse_card(c) for c in ("3C", "1C", "2C")))).right  # in any order


def test_only_mistakes_and_blunders_become_exercises():
    entries = [_entry(1, "good"), _entry(2, "inaccuracy"), _entry(3, "mistake"), _entry(4, "blunder")]
    assert [x.step for x in exercises_of(RECORD, entries)] == [3, 4]


# --------------------------------------------------------------- the book
def test_the_same_decision_of_the_same_deal_is_listed_once():
    book = Exercises()
    assert book.add([_exercise(5), _exercise(7)]) == 2
    book.solve((deal_id(RECORD), 5))
    assert book.add([_exercise(5)]) == 0 and book.counts() == (1, 1)  # kept as it was: solved


def test_a_solved_exercise_is_no_more_to_do():
    book = Exercises([_exercise(5), _exercise(7)])
    assert book.next_to_do().step == 7  # the newest first
    assert book.solve((deal_id(RECORD), 7)) and not book.solve((deal_id(RECORD), 7))
    assert book.next_to_do().step == 5 and book.counts() == (1, 1)
    book.solve((deal_id(RECORD), 5))
    assert book.next_to_do() is None


def test_past_the_cap_the_oldest_solved_exercise_goes_first():
    book = Exercises()
    book.add([_exercise(k) for k in range(MAX_EXERCISES)])
    book.solve((deal_id(RECORD), 3))
    book.add([_exercise(1000)])
    steps = [x.step for x in book.items]
    assert len(steps) == MAX_EXERCISES and 3 not in steps and steps[0] == 0 and steps[-1] == 1000


def test_the_exercises_come_back_from_the_browser_as_they_were_kept():
    book = Exercises([_exercise(5), _exercise(7)])
    book.solve((deal_id(RECORD), 7))
    book.mark_scanned(deal_id(RECORD))
    again = load_exercises(book.to_text())
    assert [(x.step, x.solved, x.entry) for x in again.items] == [(x.step, x.solved, x.entry) for x in book.items]
    assert again.scanned == [deal_id(RECORD)]
    assert len(json.loads(book.to_text())["deals"]) == 1  # the deal's record once


def _kept(**change: object) -> str:
    data = {"format": EXERCISES_FORMAT, "version": EXERCISES_VERSION, "deals": {deal_id(RECORD): RECORD},
            "exercises": [_exercise(5).to_json()], "scanned": []}
    return json.dumps({**data, **change})


@pytest.mark.parametrize("text", [
    "not json", "[" * 5000, json.dumps([1, 2]), _kept(format="tarot-history"), _kept(version=2),
    _kept(deals={"0000000000000000": RECORD}),  # a record under another deal's name
    _kept(exercises=[{**_exercise(5).to_json(), "step": "5"}]),
    _kept(exercises=[{**_exercise(5).to_json(), "decision": {**_entry(5), "class": "good"}}]),
    _kept(exercises=[{**_exercise(5).to_json(), "decision": {**_entry(5), "options": [{"ev": 1}]}}]),
    _kept(exercises=[{**_exercise(5).to_json(), "solved": "yes"}]),
])
def test_damaged_or_foreign_storage_is_dropped_never_an_error(text):
    book = load_exercises(text)
    assert book.items == [] and book.counts() == (0, 0)


def test_a_damaged_exercise_is_left_out_and_the_others_kept():
    text = _kept(exercises=[{"deal": "?", "step": 1}, _exercise(5).to_json(), 7])
    assert [x.step for x in load_exercises(text).items] == [5]


# ----------------------------------------------------------- at the table
@pytest.fixture(scope="module")
def blunder() -> tuple[dict, dict]:
    record = _first_allowed_played(BLUNDER_DEAL).match.records[-1]
    return record, analyse_record(record, 0)


def _page_with(record: dict, analysis: dict, storage: MemoryStorage) -> PageState:
    """The page, its match at the blunder deal's end, the deal graded and its exercises added."""
    state = PageState(parse_params("", ""), Store(storage, lambda text: None))
    state.session = _first_allowed_played(BLUNDER_DEAL)
    state.book.add_deal(record, analysis["decisions"], BLUNDER_DEAL)
    state.save_exercises()
    return state


def _bid(code: str):
    return lambda name: code if name == "data-bid" else None


def _teaching(state: PageState) -> str:
    from web.teaching.teachview import render_teaching
    return unescape(render_teaching(state.screen().teaching))


def test_a_wrong_answer_says_the_points_and_a_right_one_solves_the_exercise_kept_at_reload(blunder):
    storage = MemoryStorage()
    state = _page_with(*blunder, storage)
    match = state.session
    assert state.screen().mistakes == (1, 0)
    assert click(state, "mistakes-next", lambda name: None).save
    s = state.session
    assert isinstance(s, MistakeSession) and state.extras.saved is match and len(s.deal.history) == 3
    assert "Trouvez mieux que « Passe »" in _teaching(state).replace("\u00a0", " ")
    click(state, "bid", _bid("pass"))  # the blunder again: judged, not played
    assert len(s.deal.history) == 3 and not s.answer.right and s.answer.cost == 77.17
    assert "−77,2 points" in _teaching(state)
    assert click(state, "mistake-retry", lambda name: None).save and s.answer is None
    click(state, "bid", _bid("garde"))
    assert s.answer.right and state.screen().mistakes == (0, 1)
    state.save_exercises()
    again = PageState(parse_params("", ""), Store(storage, lambda text: None))
    assert again.book.counts() == (0, 1) and storage.items[EXERCISES_KEY]


def test_the_answer_is_played_out_to_the_end_every_hand_face_up_and_the_match_comes_back(blunder):
    state = _page_with(*blunder, MemoryStorage())
    match = state.session
    click(state, "mistakes-next", lambda name: None)
    s = state.session
    click(state, "bid", _bid("pass"))
    click(state, "mistake-answer", lambda name: None)
    assert s.deal.history[3] == (0, BIDS["garde"]) and len(s.deal.history) == 4
    assert 'data-testid="open-hands"' in _teaching(state) and 'data-testid="mistake-answer"' in _teaching(state)
    while click(state, "mistake-step", lambda name: "next" if name == "data-to" else None).save:
        pass
    assert s.deal.is_over and s.finished and len(s.deal.history) == len(s.shown.history)
    click(state, "end-replay", lambda name: None)
    assert state.session is match


def test_the_review_of_a_deal_with_a_blunder_offers_its_exercises(blunder):
    record, analysis = blunder
    state = _page_with(record, analysis, MemoryStorage())
    state.book = Exercises()  # none yet: the review's button adds them
    from web.teaching.grading import Analyses, analyse_step
    state.extras.analyses = Analyses()
    request = state.extras.analyses.request(BLUNDER_DEAL, state.session.match.records)
    state.extras.analyses.take(request, analyse_step({"record": request["record"], "at": 0}))
    assert open_review(state.session, state.extras, BLUNDER_DEAL)
    from web.teaching.review import render_review
    assert 'data-action="mistakes-review"' in render_review(state.extras.review, "fr")
    assert click(state, "mistakes-review", lambda name: None).save
    assert isinstance(state.session, MistakeSession) and state.book.counts() == (1, 0)


def test_a_kept_exercise_whose_record_does_not_replay_is_dropped_silently(blunder):
    record, analysis = blunder
    broken = {**record, "actions": record["actions"][:1]}  # the step is past its actions
    state = _page_with(record, analysis, MemoryStorage())
    state.book = Exercises(exercises_of(broken, analysis["decisions"]))
    assert click(state, "mistakes-next", lambda name: None) == NOTHING
    assert state.book.items == [] and not isinstance(state.session, MistakeSession)


def test_a_click_on_a_stale_exercise_button_does_nothing():
    state = PageState(parse_params("", ""), Store(MemoryStorage(), lambda text: None))
    before = state.session
    for key in ("mistake-retry", "mistake-answer", "mistake-step", "mistakes-review", "mistakes-next"):
        assert key in CLICKS and click(state, key, lambda name: None) == NOTHING
    assert state.session is before


def test_the_kept_matches_deals_are_graded_after_the_match_s_and_once(blunder):
    record, analysis = blunder
    state = PageState(parse_params("", ""), Store(MemoryStorage(), lambda text: None))
    state.history = [type("Kept", (), {"settings": {"first_deal": 9}, "records": (record,)})()]  # type: ignore[list-item]
    kept = state.kept_to_grade()
    assert kept == [(deal_id(record), 9, record)]
    from web.teaching.grading import analyse_step
    analyses = state.extras.analyses
    match = state.session.match  # no finished deal: the kept one is next
    played = _first_allowed_played(2).match.records  # the match's own finished deal is graded first
    assert "kept" not in analyses.request(2, played, kept)
    while (request := analyses.request(match.first_deal, match.records, kept)) is not None:
        analyses.take(request, analyse_step({"record": request["record"], "at": request["at"]}))
        state.graded(request)
        kept = state.kept_to_grade()
    assert state.kept_to_grade() == [] and state.book.counts() == (1, 0) and state.book.items[0].number == 9


def test_an_exercise_started_from_the_kept_matches_dialog_closes_it_for_the_match_s_return(blunder):
    state = _page_with(*blunder, MemoryStorage())
    match = state.session
    click(state, "history", lambda name: None)
    assert 'data-testid="mistakes"' in render(state.screen())["overlay"]
    click(state, "mistakes-next", lambda name: None)
    assert isinstance(state.session, MistakeSession)
    click(state, "end-replay", lambda name: None)
    assert state.session is match and not match.ui.history_open
