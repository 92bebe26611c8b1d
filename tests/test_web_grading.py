"""The page's graded analysis of a finished deal: one decision per worker request, the same
figures as ``python -m tarot analyse``, and where the review, the sheet and the statistics show them."""
import re
from html import unescape

import pytest

from tarot.replay import from_record_at
from tarot.teaching.analysis import DEFAULT_WORLDS, advise, analyse_record, seat_steps
from tarot.words import t
from web.draw.panel import render_panel
from web.draw.sheet import render_sheet, render_stats
from web.match.page import screen_of
from web.match.session import Session
from web.teaching.extras import Extras, open_review
from web.teaching import grading
from web.teaching.grading import Analyses, advise_step, analyse_step
from web.teaching.review import grade_comment, render_review

from .test_web_duplicate import _first_allowed_played

MISTAKE_DEAL = 1  # the person taking the first action allowed: two mistakes, at steps 47 and 66
BLUNDER_DEAL = 4  # the person's only decision, a pass, is a blunder


_played = _first_allowed_played  # the person taking the first action allowed, bots elsewhere


def _analysed(session: Session, extras: Extras) -> int:
    """Grade every finished deal as the page does, one worker request at a time; the requests made."""
    match, requests = session.match, 0
    while (request := extras.analyses.request(match.first_deal, match.records)) is not None:
        answer = analyse_step({"record": request["record"], "at": request["at"]})
        assert extras.analyses.take(request, answer)
        requests += 1
    return requests


@pytest.fixture(scope="module")
def mistake() -> tuple[Session, Extras]:
    session, extras = _played(MISTAKE_DEAL), Extras()
    _analysed(session, extras)
    return session, extras


def test_the_page_grades_one_decision_per_request_with_the_command_s_figures(mistake):
    session, extras = mistake
    record = session.match.records[-1]
    analysis = extras.analyses.deals[MISTAKE_DEAL]
    expected = analyse_record(record, 0, DEFAULT_WORLDS, 0)
    assert analysis.done and analysis.total == len(expected["decisions"])
    assert analysis.to_json() == expected  # each step, loss, class, reason, option; and the accuracies
    assert analysis.accuracy() == expected["accuracy"]["deal"]


def test_a_deal_s_analysis_takes_as_many_requests_as_the_person_s_decisions():
    session, extras = _played(BLUNDER_DEAL), Extras()
    assert _analysed(session, extras) == len(analyse_record(session.match.records[-1], 0)["decisions"]) == 1


def test_an_answer_for_a_record_no_longer_on_show_changes_nothing():
    session, analyses = _played(BLUNDER_DEAL), Analyses()
    match = session.match
    request = analyses.request(match.first_deal, match.records)
    answer = analyse_step({"record": request["record"], "at": request["at"]})
    other = dict(request["record"], actions=[])  # a new deal of the same number: its analysis starts again
    assert analyses.request(match.first_deal, [other])["at"] == 0
    assert not analyses.take(request, answer)
    assert analyses.deals[BLUNDER_DEAL].graded == []


def _sliced(request: dict, slice_ms: int = 1) -> tuple[dict, int]:
    """The answer to ``request`` asked again in slices of ``slice_ms`` until it is no longer
    pending, and how many answers were pending."""
    pending = 0
    while (answer := analyse_step({**request, "slice_ms": slice_ms})).get("pending"):
        assert answer["decision"] is None and answer["next"] == request["at"]
        pending += 1
    return answer, pending


def test_a_decision_graded_in_slices_is_graded_as_in_one_request():
    record = _played(MISTAKE_DEAL).match.records[-1]
    request = {"record": record, "at": 2}
    answer, pending = _sliced(request)
    assert pending > 0 and answer == analyse_step(request)


def test_another_request_between_two_slices_drops_the_decision_under_way_and_it_starts_again():
    record = _played(MISTAKE_DEAL).match.records[-1]
    first = {"record": record, "at": 2}
    assert analyse_step({**first, "slice_ms": 1})["pending"]
    other, _ = _sliced({"record": record, "at": 3})
    assert other == analyse_step({"record": record, "at": 3})
    answer, pending = _sliced(first)
    assert pending > 0 and answer == analyse_step(first)


def test_a_hint_between_two_slices_leaves_the_decision_under_way_where_it_stopped():
    record = _played(MISTAKE_DEAL).match.records[-1]
    request = {"record": record, "at": 2, "slice_ms": 1}
    assert analyse_step(request)["pending"]
    kept = grading._under_way
    asked = {"record": dict(record, actions=record["actions"][:seat_steps(record, 0)[3]]), "seat": 0}
    assert advise_step(asked)["best"]
    assert grading._under_way is kept  # the hint weighed its own deals; the analysis goes on from there


def test_a_pending_answer_changes_nothing_and_the_same_request_goes_again():
    session, analyses = _played(MISTAKE_DEAL), Analyses()
    match = session.match
    request = analyses.request(match.first_deal, match.records)
    answer = analyse_step({"record": request["record"], "at": request["at"], "slice_ms": 1})
    if not answer.get("pending"):  # a decision quicker than a slice: the next one
        request = analyses.request(match.first_deal, match.records)
        assert analyses.take(request, answer)
        request = analyses.request(match.first_deal, match.records)
        answer = analyse_step({"record": request["record"], "at": request["at"], "slice_ms": 1})
    assert answer["pending"] and not analyses.take(request, answer)
    assert analyses.request(match.first_deal, match.records) == request


@pytest.mark.parametrize("slice_ms", [0, 60_001, "100", 1.5, True])
def test_a_slice_that_is_not_a_whole_number_of_milliseconds_is_refused(slice_ms):
    record = _played(MISTAKE_DEAL).match.records[-1]
    with pytest.raises(ValueError, match="slice_ms must be a whole number from 1 to 60000"):
        analyse_step({"record": record, "at": 0, "slice_ms": slice_ms})


def test_a_request_s_budget_gives_the_command_s_figures_at_that_budget():
    session, extras = _played(MISTAKE_DEAL), Extras()
    match = session.match
    while (request := extras.analyses.request(match.first_deal, match.records)) is not None:
        answer = analyse_step({"record": request["record"], "at": request["at"], "worlds": 6})
        assert answer["worlds"] == 6 and extras.analyses.take(request, answer)
    analysis = extras.analyses.deals[MISTAKE_DEAL]
    assert analysis.to_json() == analyse_record(match.records[-1], 0, 6, 0)  # "worlds": 6, and its figures
    assert analysis.to_json() != analyse_record(match.records[-1], 0, DEFAULT_WORLDS, 0)


def test_a_hint_s_budget_gives_the_analysis_s_advice_at_that_budget():
    record = _played(MISTAKE_DEAL).match.records[-1]
    step = seat_steps(record, 0)[-1]
    so_far = dict(record, actions=record["actions"][:step])
    deal = from_record_at(so_far, None)[1]
    assert advise_step({"record": so_far, "seat": 0, "worlds": 6}) == advise(deal.view(0), step, 6, 0).to_json()


@pytest.mark.parametrize("worlds", [0, 961, "24", 2.0, True])
def test_a_budget_that_is_not_a_whole_number_from_1_to_960_is_refused_in_words(worlds):
    record = _played(BLUNDER_DEAL).match.records[-1]
    with pytest.raises(ValueError, match="worlds must be a whole number from 1 to 960"):
        analyse_step({"record": record, "at": 0, "worlds": worlds})
    with pytest.raises(ValueError, match="worlds must be a whole number from 1 to 960"):
        advise_step({"record": dict(record, actions=[]), "seat": 0, "worlds": worlds})


def test_a_request_without_a_record_is_refused_in_words():
    with pytest.raises(ValueError, match="record"):
        analyse_step({"at": 0})
    with pytest.raises(ValueError, match="at"):
        analyse_step({"record": _played(BLUNDER_DEAL).match.records[-1], "at": -1})


def test_the_review_marks_each_graded_decision_with_the_command_s_class_and_loss(mistake):
    session, extras = mistake
    expected = analyse_record(session.match.records[-1], 0, DEFAULT_WORLDS, 0)
    assert open_review(session, extras, MISTAKE_DEAL)
    shown = render_review(extras.review, "fr")
    hooks = re.findall(r'data-testid="analysis" data-step="(\d+)" data-loss="([^"]+)" data-class="(\w+)"', shown)
    assert [(int(s), float(loss), c) for s, loss, c in hooks] == \
        [(d["step"], d["loss"], d["class"]) for d in expected["decisions"]]
    assert f'data-testid="accuracy" data-value="{expected["accuracy"]["deal"]}"' in shown
    assert 'data-testid="analysis-graph"' in shown and "<title" in shown


def test_erreur_suivante_goes_to_the_step_that_shows_the_mistake_and_says_what_was_better(mistake):
    session, extras = mistake
    expected = analyse_record(session.match.records[-1], 0, DEFAULT_WORLDS, 0)
    wrong, later = [d for d in expected["decisions"] if d["class"] in ("mistake", "blunder")]
    assert open_review(session, extras, MISTAKE_DEAL)
    panel = extras.review
    assert 'data-action="review-next-mark" data-mark="error"' in render_review(panel, "fr")
    assert panel.next_marked("error") == wrong["step"] + 1
    panel.go(later["step"] + 1)
    assert panel.next_marked("error") is None
    panel.go(wrong["step"] + 1)
    assert panel.next_marked("error") == later["step"] + 1
    said = unescape(re.search(r'data-testid="review-grade" data-class="mistake">(.*?)</p>',
                              render_review(panel, "fr")).group(1))
    assert said == grade_comment(wrong, "fr")
    assert t("grade_mistake", "fr") in said and f"−{str(round(wrong['loss'], 1)).replace('.', ',').removesuffix(',0')} points" in said


def test_the_score_sheet_and_the_statistics_show_the_deal_s_accuracy_and_the_match_s_mean(mistake):
    session, extras = mistake
    value = analyse_record(session.match.records[-1], 0)["accuracy"]["deal"]
    screen = screen_of(session, extras)
    assert f'data-testid="sheet-accuracy" data-value="{value}"' in render_sheet(screen)
    assert f'data-testid="match-accuracy" data-value="{value}"' in render_stats(screen)  # one deal: its mean
    assert f'data-testid="analysis-progress" data-done="{len(extras.analyses.deals[MISTAKE_DEAL].graded)}"' \
        in render_panel(screen)


def test_the_deal_just_over_says_how_far_its_analysis_has_gone():
    session, extras = _played(BLUNDER_DEAL), Extras()
    shown = unescape(render_panel(screen_of(session, extras)))
    assert t("analysis_progress", "fr", k=0, n="…") in shown
    _analysed(session, extras)
    assert t("analysis_progress", "fr", k=1, n=1) in unescape(render_panel(screen_of(session, extras)))


def test_the_match_s_accuracy_is_the_mean_of_its_analysed_deals_accuracies(mistake):
    session, _ = mistake
    records = [session.match.records[-1], _played(BLUNDER_DEAL).match.records[-1]]
    analyses = Analyses()
    assert analyses.match_accuracy(MISTAKE_DEAL, records) is None  # nothing analysed yet
    while (request := analyses.request(MISTAKE_DEAL, records)) is not None:
        analyses.take(request, analyse_step({"record": request["record"], "at": request["at"]}))
    each = [analyse_record(r, 0)["accuracy"]["deal"] for r in records]
    assert analyses.match_accuracy(MISTAKE_DEAL, records) == round(sum(each) / 2, 1)


def test_an_analysis_that_failed_says_so_in_words_at_the_deal_s_end():
    session, extras = _played(BLUNDER_DEAL), Extras()
    extras.analysis_error = "the bots' worker failed"
    shown = unescape(render_panel(screen_of(session, extras)))
    assert t("analysis_failed", "fr", error="the bots' worker failed") in shown
