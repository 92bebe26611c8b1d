"""Duplicate tournaments against the Expert in the page, the review of a deal, replay,
export and import.  The reference uses a cheap Expert (``refsamples``) and the analysis a small
budget (``worlds``) to stay fast; their figures are checked against CPython's for the same deal."""
from __future__ import annotations

import json
from typing import Callable

import pytest
from table_driver import (HUMAN_TURN, TESTS_QUERY, WORLDS, click, first_number, human_turn, in_background, next_deal, open_table,
                          play_one, play_to_end, sheet_rows, simulate, start_game, wait_analysed)

from tarot.teaching.duplicate import FIELD, Budget, field_deal, places, reference  # importable once table_driver has put the repository on the path
from tarot.teaching.analysis import grade_record, phase_losses
from tarot.teaching.review import review
from web.teaching.review import hint_choices
from web.draw.labels import signed
from tarot.rules import Rules
from tarot.state import Deal

REF_SAMPLES = 4
BUDGET = Budget(REF_SAMPLES, REF_SAMPLES)
DONE_REFERENCE = "() => document.querySelector('[data-testid=reference-result][data-value]') !== null"


def start_tournament(page, site_url, players: int, number: int, size: int = 4) -> None:
    open_table(page, site_url, f"{TESTS_QUERY}&refsamples={REF_SAMPLES}&mode=duplicate&duplicate={size}"
                               f"&players={players}&deal={number}")
    page.wait_for_selector("[data-testid=setup]")
    assert page.is_checked("input[name=mode][value=duplicate]")
    page.click("[data-action=start]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'")


def finish_deal(page) -> int:
    """Play the deal as table_driver does, wait for its reference; returns its data-value."""
    play_to_end(page)
    page.wait_for_function(DONE_REFERENCE, timeout=120_000)
    return int(page.get_attribute("[data-testid=reference-result]", "data-value"))


def expected(players: int, number: int) -> tuple[int, int]:
    """CPython: the person's score (table_driver's choices) and the reference's, seat 0."""
    own = simulate(players, number).deal.result.scores[0]
    ref = reference(Rules(players=players), number, "standard", BUDGET).result.scores[0]
    return own, ref


def made_deal() -> int:
    """A deal the taker plays out (not dealt again), as table_driver plays it."""
    return first_number(4, lambda s: s.finished and s.deal.result.redeal is None, start=20)


def a_game_s_made_deal_played(page, site_url) -> None:
    """A match's first deal, made_deal(), played to its end as table_driver plays it."""
    open_table(page, site_url, TESTS_QUERY)
    start_game(page, 4, made_deal())
    play_to_end(page)


def a_tournament_s_made_deal_played(page, site_url) -> None:
    """A tournament's first deal, made_deal(), played to its end beside the Expert's reference."""
    start_tournament(page, site_url, 4, made_deal())
    finish_deal(page)


def resume_finished(page, site_url, number: int) -> None:
    """The page opened on the stored match (starts_from): deal ``number`` over, on show."""
    open_table(page, site_url, TESTS_QUERY)
    assert page.get_attribute("#table", "data-deal") == str(number)
    assert page.get_attribute("#table", "data-phase") == "done"


def resume_tournament_deal(page, site_url, number: int) -> int:
    """The page opened on the stored tournament, its first deal ``number`` over: the reference's
    data-value, CPython's."""
    resume_finished(page, site_url, number)
    page.wait_for_function(DONE_REFERENCE)
    ref = int(page.get_attribute("[data-testid=reference-result]", "data-value"))
    assert ref == expected(4, number)[1]
    return ref


def test_a_four_deal_tournament_against_the_expert(page, site_url):
    number = 40
    losses = in_background(lambda: [phase_losses(list(grade_record(simulate(4, number + k).match.records[-1], 0, WORLDS)))
                                    for k in range(4)])
    start_tournament(page, site_url, 4, number)
    total, diffs = 0, []
    for k in range(4):
        own, ref = expected(4, number + k)
        assert page.get_attribute("#table", "data-deal") == str(number + k)
        assert finish_deal(page) == ref  # the worker's reference is CPython's
        total += own - ref
        diffs.append(own - ref)
        sentence = page.text_content("[data-testid=reference-result]")
        assert sentence.startswith("À votre place, l'Expert") and "Duplicate\u00a0:" in sentence
        if k < 3:
            page.click("[data-action=next-deal]")
            page.wait_for_function(f"() => document.getElementById('table').dataset.deal === '{number + k + 1}'")
    page.wait_for_selector("[data-testid=duplicate-total][data-complete=true]")
    assert int(page.get_attribute("[data-testid=duplicate-total]", "data-value")) == total
    assert len(page.query_selector_all("[data-testid=duplicate-table] tbody tr")) == 4
    # The summary: deals won, lost and tied against the Expert, the best deal and the worst.
    summary = page.inner_text("[data-testid=tournament-summary]")
    assert f"{sum(d > 0 for d in diffs)} donne(s) gagnée(s), {sum(d < 0 for d in diffs)} perdue(s)" in summary
    if max(diffs) != min(diffs):
        assert page.get_attribute("[data-testid=tournament-summary] [data-best]", "data-best") == \
            str(number + diffs.index(max(diffs)))
        assert page.get_attribute("[data-testid=tournament-summary] [data-worst]", "data-worst") == \
            str(number + diffs.index(min(diffs)))
    # Where the points went: the analysis's losses of each deal, by phase, as CPython finds them.
    page.wait_for_selector("[data-testid=tournament-losses] tr.total", timeout=120_000)
    lost = losses.result()
    for phase in ("bidding", "ecart", "play"):
        shown = page.get_attribute(f"[data-testid=tournament-losses] tr.total [data-phase={phase}]", "data-total")
        assert float(shown) == round(sum(d[phase] for d in lost), 1)


@pytest.mark.parametrize("players", [3, 5])
def test_one_duplicate_deal_at_3_and_5_players(page, site_url, players):
    number = 12
    start_tournament(page, site_url, players, number)
    own, ref = expected(players, number)
    assert finish_deal(page) == ref
    assert page.get_attribute("[data-testid=duplicate-total]", "data-value") == str(own - ref)
    # The field: the same deal played in your seat by the Standard and the Débutant bots.
    rules = Rules(players=players)
    field = {level: field_deal(Deal.new(rules, dealer=number % players, seed=number), "standard", number, level)
             .result.scores[0] for level in FIELD}
    place = places({"you": own, "expert": ref, **field})["you"]
    page.wait_for_selector("[data-testid=field-result]", timeout=60_000)
    assert page.get_attribute("[data-testid=field-result]", "data-place") == str(place)
    assert f"{signed(field['debutant'])}" in page.text_content("[data-testid=field-result]")
    assert page.text_content(f"[data-testid=duplicate-table] tr[data-deal='{number}'] [data-place]") == f"{place}/4"


def test_a_tournament_resumes_after_a_reload(page, site_url):
    number = next(n for n in range(60, 100) if simulate(4, n + 1).deal.result.redeal is None)
    start_tournament(page, site_url, 4, number)
    first = finish_deal(page)
    next_deal(page)
    play_one(page)
    human_turn(page)  # the bots have played up to the person again: the save is still
    before = page.get_attribute("#table", "data-step")
    table = page.inner_html("[data-testid=duplicate-table]")
    open_table(page, site_url, TESTS_QUERY)  # the page again, as a bookmark opens it: the save resumes
    assert page.get_attribute("#table", "data-deal") == str(number + 1)
    assert page.get_attribute("#table", "data-step") == before
    assert page.inner_html("[data-testid=duplicate-table]") == table  # the first deal and its reference
    assert first == expected(4, number)[1]
    assert finish_deal(page) == expected(4, number + 1)[1]


def review_counts(page, at_step: Callable[[int], None] = lambda k: None) -> list[tuple[int, int]]:
    """Step through the open review with the arrow key; each step's count (defence, attack).
    ``at_step(k)`` looks at step ``k`` once it is on show."""
    page.keyboard.press("Home")
    last = int(page.get_attribute("[data-testid=review] .dialog", "data-last"))
    counts = []
    for k in range(last + 1):
        page.wait_for_selector(f"[data-testid=review] .dialog[data-position='{k}']")
        el = page.query_selector("[data-testid=review-count]")
        counts.append((int(el.get_attribute("data-defence")), int(el.get_attribute("data-attack"))))
        at_step(k)
        page.keyboard.press("ArrowRight")
    return counts


@pytest.mark.starts_from("a_game_s_made_deal_played")
def test_the_review_steps_through_the_deal_with_the_engine_s_count(page, site_url):
    number = made_deal()
    session = simulate(4, number)
    steps = review(session.match.records[-1])
    resume_finished(page, site_url, number)
    page.click(".review-open [data-action=review-deal]")
    page.wait_for_selector("[data-testid=review]")
    # Where the person's card was not the hint's, the review says what the hint proposed and why:
    # read on the way, at the step that shows the person's first such decision.
    hints = hint_choices(session.match.records[-1], number, "standard")
    assert hints  # the person played the first card allowed, not always the hint's
    index, (_, reason) = min(hints.items())
    said: dict[int, str] = {}

    def read_hint(k: int) -> None:
        if k == index + 1:
            said[k] = page.inner_text("[data-testid=review-hint]")

    assert review_counts(page, read_hint) == [s.half_points for s in steps]
    assert steps[-1].half_points == session.deal.result.card_points
    assert reason.explain("fr") in said[index + 1]
    page.keyboard.press("End")
    click(page, "[data-action=review-prev]")
    assert page.get_attribute("[data-testid=review] .dialog", "data-position") == str(len(steps) - 2)
    page.screenshot(path="e2e/artifacts/review-desktop.png")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=review]", state="detached")


@pytest.mark.starts_from("a_game_s_made_deal_played")
def test_export_then_import_gives_the_same_review(page, site_url, tmp_path):
    number = made_deal()
    resume_finished(page, site_url, number)
    click(page, ".review-open [data-action=review-deal]")
    original = review_counts(page)
    page.keyboard.press("Escape")
    with page.expect_download() as download:
        page.click("[data-action=export-match]")
    path = tmp_path / "deals.jsonl"
    download.value.save_as(path)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == 1 and records[0]["result"] == simulate(4, number).match.records[-1]["result"]
    page.click("[data-action=import-records]")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("[data-testid=review]")
    assert review_counts(page) == original


def test_a_damaged_file_is_refused_and_changes_nothing(page, site_url, tmp_path):
    number = made_deal()
    record = simulate(4, number).match.records[-1]
    broken = json.loads(json.dumps(record))
    broken["actions"][-1]["card"] = "T99"
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record) + "\n" + json.dumps(broken) + "\n")
    open_table(page, site_url, TESTS_QUERY)
    start_game(page, 4, number)
    page.wait_for_function(HUMAN_TURN)
    saved = page.evaluate("localStorage.getItem('tarot.table')")
    step_before = page.get_attribute("#table", "data-step")
    page.click("[data-action=import-records]")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("[data-testid=import-message].shown")
    message = page.text_content("[data-testid=import-message]")
    assert "ligne 2" in message and "ce n'est pas une carte\u00a0: 'T99'" in message  # the engine's refusal, in French
    assert not page.query_selector("[data-testid=review]")
    page.keyboard.press("Escape")
    assert page.get_attribute("#table", "data-step") == step_before
    assert page.evaluate("localStorage.getItem('tarot.table')") == saved


@pytest.mark.starts_from("a_game_s_made_deal_played")
def test_replay_from_a_decision_is_outside_the_match(page, site_url):
    number = made_deal()
    resume_finished(page, site_url, number)
    rows = sheet_rows(page)
    saved = page.evaluate("localStorage.getItem('tarot.table')")
    click(page, ".review-open [data-action=review-deal]")
    page.keyboard.press("Home")
    while not page.query_selector("[data-action=replay-from-here]"):
        page.keyboard.press("ArrowRight")
    position = page.get_attribute("[data-testid=review] .dialog", "data-position")
    page.click("[data-action=replay-from-here]")
    page.wait_for_selector("[data-testid=replay-banner]")
    assert page.get_attribute("#table", "data-step") == position
    play_to_end(page)
    assert page.evaluate("localStorage.getItem('tarot.table')") == saved  # the replay is not saved
    page.click("[data-action=end-replay]")
    page.wait_for_selector("[data-testid=replay-banner]", state="detached")
    assert sheet_rows(page) == rows


def replay_from_first_decision(page) -> None:
    """From the open review of a finished deal: *Rejouer d'ici* at the person's first decision."""
    page.keyboard.press("Home")
    while not page.query_selector("[data-action=replay-from-here]"):
        page.keyboard.press("ArrowRight")
    page.click("[data-action=replay-from-here]")
    page.wait_for_selector("[data-testid=replay-banner]")


@pytest.mark.starts_from("a_game_s_made_deal_played")
def test_next_deal_at_the_end_of_a_replay_goes_on_to_the_match_s_next_deal(page, site_url):
    number = made_deal()
    resume_finished(page, site_url, number)
    rows = sheet_rows(page)
    played = simulate(4, number).deal.result.scores[0]
    click(page, ".review-open [data-action=review-deal]")
    replay_from_first_decision(page)
    assert sheet_rows(page) == rows  # the match's sheet, not "Aucune donne terminée"
    assert page.text_content("[data-testid=replay-mark]") == "Donne rejouée — hors partie"
    play_to_end(page)
    against = page.text_content("[data-testid=replay-against]")
    assert against.startswith("Rejoué\u00a0:") and against.endswith(f"joué\u00a0: {signed(played)}.")
    page.click("[data-action=next-deal]")
    page.wait_for_function(f"() => document.getElementById('table').dataset.deal === '{number + 1}'")
    assert not page.query_selector("[data-testid=replay-banner]") and not page.query_selector("[data-testid=replay-mark]")
    assert sheet_rows(page) == rows


@pytest.mark.starts_from("a_tournament_s_made_deal_played")
def test_a_tournament_s_replay_keeps_its_table_and_ends_beside_the_expert_s_score(page, site_url):
    number = made_deal()
    page.set_viewport_size({"width": 1280, "height": 800})
    ref = resume_tournament_deal(page, site_url, number)
    progress = page.text_content(".tournament-progress")
    assert progress.startswith("Donne 1 sur ")
    click(page, "[data-testid=duplicate-table] [data-action=review-deal]")
    replay_from_first_decision(page)
    assert page.query_selector(f"[data-testid=duplicate-table] tr[data-deal='{number}']")
    assert page.text_content(".tournament-progress") == progress  # the match's deal, not the replay's
    play_to_end(page)
    against = page.text_content("[data-testid=replay-against]")
    assert against.endswith(f"l'Expert\u00a0: {signed(ref)}.")
    assert page.text_content(".tournament-progress") == progress
    page.screenshot(path="e2e/artifacts/replay-end-desktop.png")


@pytest.mark.starts_from("a_tournament_s_made_deal_played")
def test_an_exported_tournament_imports_with_the_expert_s_score_and_its_replay(page, site_url, tmp_path):
    number = made_deal()
    ref = resume_tournament_deal(page, site_url, number)
    with page.expect_download() as download:
        page.click("[data-action=export-match]")
    path = tmp_path / "tournament.jsonl"
    download.value.save_as(path)
    record = json.loads(path.read_text().splitlines()[0])
    assert record["duplicate"]["deal"] == number and record["duplicate"]["reference"]["result"]["scores"][0] == ref
    page.click("[data-action=import-records]")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("[data-testid=review]")
    page.keyboard.press("End")
    assert f"l'Expert\u00a0: {signed(ref)}" in page.text_content(
        "[data-testid=review-against]")
    replay_from_first_decision(page)
    assert page.text_content("[data-testid=replay-banner]").startswith(f"Donne n°\u00a0{number} rejouée")


DESKTOP = {"width": 1280, "height": 800}
STEP_BUTTONS = "[data-testid=review] .review-steps button"


def review_position(page) -> int:
    return int(page.get_attribute("[data-testid=review] .dialog", "data-position"))


def boxes(page, selector: str) -> list[list[float]]:
    return page.eval_on_selector_all(selector, "els => els.map(e => { const r = e.getBoundingClientRect();"
                                               " return [r.left, r.top, r.right, r.bottom]; })")


def open_finished_review(page, site_url, number: int) -> None:
    """The review of the stored match's deal ``number`` (starts_from), once graded."""
    resume_finished(page, site_url, number)
    wait_analysed(page)  # the review does not change under the measures
    page.click(".review-open [data-action=review-deal]")
    page.wait_for_selector("[data-testid=review]")


@pytest.mark.starts_from("a_game_s_made_deal_played")
def test_the_review_s_step_buttons_stay_in_place_from_step_to_step_on_a_desktop_screen(page, site_url):
    page.set_viewport_size(DESKTOP)
    open_finished_review(page, site_url, made_deal())
    page.keyboard.press("Home")
    first = boxes(page, STEP_BUTTONS)
    phases, trick_ends = set(), 0
    last = int(page.get_attribute("[data-testid=review] .dialog", "data-last"))
    for k in range(1, last + 1):
        page.click("[data-action=review-next]")
        page.wait_for_selector(f"[data-testid=review] .dialog[data-position='{k}']")
        phases.add(page.get_attribute("[data-testid=review] .dialog", "data-phase"))
        trick_ends += page.query_selector("[data-testid=review] .review-trick p") is not None
        for box, before in zip(boxes(page, STEP_BUTTONS), first, strict=True):
            assert all(abs(a - b) <= 1 for a, b in zip(box, before)), f"step {k}: the step buttons moved"
    assert last >= 10 and {"bidding", "play", "done"} <= phases and trick_ends >= 10


@pytest.mark.starts_from("a_game_s_made_deal_played")
def test_the_list_of_decisions_and_next_difference_go_to_their_step(page, site_url):
    from tarot.cards import parse_card
    from tarot.i18n import card_name
    from tarot.words import t

    number = made_deal()
    record = simulate(4, number).match.records[-1]
    hints = hint_choices(record, number, "standard")
    shown_at = sorted(k + 1 for k in hints)  # the steps that show the person's decision, just made
    page.set_viewport_size(DESKTOP)
    open_finished_review(page, site_url, number)
    page.keyboard.press("Home")
    # The list: one entry per decision of the person's, the marked ones where the hint proposed another.
    marked = page.eval_on_selector_all("[data-testid=review-decisions] li[data-mark=other] button",
                                       "els => els.map(e => Number(e.dataset.step))")
    assert marked == shown_at
    page.click(f"[data-testid=review-decisions] button[data-step='{shown_at[-1]}']")
    page.wait_for_selector(f"[data-testid=review] .dialog[data-position='{shown_at[-1]}']")
    assert page.get_attribute(f"[data-testid=review-decisions] button[data-step='{shown_at[-1]}']",
                              "aria-current") == "step"
    # Différence suivante: from the start, each marked decision in turn, then nothing further.
    page.keyboard.press("Home")
    page.wait_for_selector("[data-testid=review] .dialog[data-position='0']")
    for k in shown_at:
        page.click("[data-action=review-next-mark][data-mark=other]")
        page.wait_for_selector(f"[data-testid=review] .dialog[data-position='{k}']")
        assert page.inner_text("[data-testid=review] .review-step").split(" — ")[1].startswith("Vous")
        proposed, reason = hints[k - 1]
        assert reason.explain("fr") in page.inner_text("[data-testid=review-hint]")
        if proposed["type"] == "play":  # the proposed card is marked in the person's hand, and said
            label = t("advised_card", "fr", card=card_name(parse_card(proposed["card"]), "fr"))
            mine = "[data-testid=review] .review-hands.mine .card.advised"
            assert page.get_attribute(mine, "data-card") == proposed["card"]
            assert page.get_attribute(mine, "aria-label") == label
    assert page.get_attribute("[data-action=review-next-mark]", "aria-disabled") == "true"


def open_tournament_review(page, selector: str) -> None:
    page.click(selector)
    page.wait_for_selector("[data-testid=review]")


@pytest.mark.starts_from("a_tournament_s_made_deal_played")
def test_a_tournament_s_review_comments_a_decision_on_its_step_and_the_expert_s_deal_in_the_third_person(
        page, site_url):
    number = made_deal()
    page.set_viewport_size(DESKTOP)
    resume_tournament_deal(page, site_url, number)
    # The Expert's other choices come from the worker after the reference.
    page.wait_for_selector("[data-testid=duplicate-table][data-advising=false]", timeout=120_000)
    open_tournament_review(page, "[data-testid=duplicate-table] [data-action=review-deal]")
    page.click("[data-action=review-next-mark][data-mark=other]")
    page.wait_for_selector("[data-testid=review-advice]")
    said = page.inner_text("[data-testid=review] .review-step").split(" — ")[1].replace("\xa0", " ")
    advice = page.inner_text("[data-testid=review-advice]").replace("\xa0", " ")
    assert said.startswith("Vous : ")  # the step shows the person's own decision
    assert advice.startswith(said + ". ")  # and the comment names that very card
    page.keyboard.press("Escape")
    page.click("[data-action=review-reference]")
    page.wait_for_selector("[data-testid=review]")
    told = set()
    last = int(page.get_attribute("[data-testid=review] .dialog", "data-last"))
    for k in range(last + 1):
        page.wait_for_selector(f"[data-testid=review] .dialog[data-position='{k}']")
        text = page.inner_text("[data-testid=review] .dialog")
        assert "Vous" not in text and "Votre" not in text, f"step {k} of the Expert's deal speaks to the person"
        told.add(page.inner_text("[data-testid=review] .review-step").split(" — ")[-1].split(":")[0].strip())
        page.keyboard.press("ArrowRight")
    assert "L'Expert" in told
