"""The graded analysis of a finished deal in the page: the bots' worker grades the person's
decisions as the deal ends, and the review, the score sheet and the statistics show the
figures ``python -m tarot analyse`` gives for the same record."""
from __future__ import annotations

from table_driver import TESTS_QUERY, WORLDS, in_background, open_table, play_to_end, simulate, start_game, wait_analysed

from tarot.teaching.analysis import analyse_record

MISTAKE_DEAL = 1  # played as the driver plays: 19 decisions of the person's, one of them a blunder at the tests' budget


def test_the_review_shows_the_command_s_grades_the_graph_and_the_accuracy_on_the_sheet(page, site_url):
    analysed = in_background(analyse_record, simulate(4, MISTAKE_DEAL).match.records[-1], 0, WORLDS, 0)
    open_table(page, site_url, TESTS_QUERY)
    start_game(page, 4, MISTAKE_DEAL)
    play_to_end(page)
    page.wait_for_selector("[data-testid=analysis-progress]")  # the deal's end says how far it has gone
    wait_analysed(page)
    expected = analysed.result()
    total = len(expected["decisions"])
    assert page.get_attribute("[data-testid=analysis-progress]", "data-total") == str(total)
    value = expected["accuracy"]["deal"]
    assert page.get_attribute("[data-testid=score-sheet] [data-testid=sheet-accuracy]", "data-value") == str(value)
    assert page.get_attribute("[data-testid=match-accuracy]", "data-value") == str(value)
    page.click(".review-open [data-action=review-deal]")
    page.wait_for_selector("[data-testid=review]")
    hooks = page.eval_on_selector_all("[data-testid=review] [data-testid=analysis]",
                                      "els => els.map(e => [+e.dataset.step, +e.dataset.loss, e.dataset.class])")
    assert hooks == [[d["step"], d["loss"], d["class"]] for d in expected["decisions"]]
    assert page.get_attribute("[data-testid=review] [data-testid=accuracy]", "data-value") == str(value)
    assert page.text_content("[data-testid=analysis-graph] title")
    # Erreur suivante: to the step that shows the mistake, which says what was better.
    wrong = next(d for d in expected["decisions"] if d["class"] in ("mistake", "blunder"))
    page.click("[data-action=review-next-mark][data-mark=error]")
    page.wait_for_selector(f"[data-testid=review] .dialog[data-position='{wrong['step'] + 1}']")
    assert page.get_attribute("[data-testid=review-grade]", "data-class") == wrong["class"]
