"""*Mes erreurs*: a mistake of the person's graded deal becomes an exercise at that moment; a wrong
answer says the points it costs, a right one solves it (kept at a reload), and the answer is
played out face up, the match coming back as it was."""
from __future__ import annotations

from table_driver import CORNER, TESTS_QUERY, WORLDS, in_background, open_table, play_to_end, simulate, start_game, wait_analysed

from tarot.teaching.analysis import analyse_record

MISTAKE_DEAL = 1  # played as the driver plays: one blunder of the person's at the tests' budget, the 14 of trumps played where the knight of clubs was best


def _the_mistake() -> dict:
    record = simulate(4, MISTAKE_DEAL).match.records[-1]
    found = [d for d in analyse_record(record, 0, WORLDS, 0)["decisions"] if d["class"] in ("mistake", "blunder")]
    assert len(found) == 1 and found[0]["phase"] == "play"
    return found[0]


def _practise_from_the_review(page) -> None:
    page.click(".review-open [data-action=review-deal]")
    page.wait_for_selector("[data-testid=practise-mistakes]")
    page.click("[data-testid=practise-mistakes]")
    page.wait_for_selector("[data-testid=mistake-question]")


def _answer(page, card: str) -> str:
    page.click(f"#hand button[data-card='{card}']", position=CORNER)
    page.wait_for_selector("[data-testid=mistake-verdict]")
    return page.get_attribute("[data-testid=mistake-verdict]", "data-correct")


def test_a_mistake_is_practised_wrong_then_right_kept_at_reload_and_its_answer_played_out(page, site_url):
    found = in_background(_the_mistake)
    open_table(page, site_url, TESTS_QUERY)
    start_game(page, 4, MISTAKE_DEAL)
    play_to_end(page)
    wait_analysed(page)
    mistake = found.result()
    best = mistake["options"][0]
    wrong = next(o for o in mistake["options"] if o["ev"] < best["ev"] - 2)
    _practise_from_the_review(page)
    assert page.get_attribute("#table", "data-step") == str(mistake["step"])  # the table at that moment
    assert page.text_content("[data-testid=mistake-question]").startswith("Trouvez mieux que")
    assert page.query_selector("[data-testid=replay-banner]")
    # Wrong: the points it costs and why; nothing was played.
    assert _answer(page, wrong["action"]["card"]) == "false"
    said = page.text_content("[data-testid=mistake-verdict]")
    cost = round(best["ev"] - wrong["ev"], 1)
    assert said.startswith(f"−{str(cost).replace('.', ',').removesuffix(',0')} points")
    assert page.get_attribute("#table", "data-step") == str(mistake["step"])
    page.click("[data-action=mistake-retry]")
    page.wait_for_selector("[data-testid=mistake-verdict]", state="detached")
    assert _answer(page, best["action"]["card"]) == "true"
    assert page.text_content("[data-testid=mistake-verdict]").startswith("Juste")
    page.click("[data-action=end-replay]")  # back to the match, as it was
    page.wait_for_selector("[data-testid=mistakes][data-solved='1'][data-todo='0']")
    assert page.query_selector(".review-open [data-action=review-deal]")
    # A reload keeps the match and the progress.
    page.reload()
    page.wait_for_selector("[data-testid=mistakes][data-solved='1'][data-todo='0']")
    wait_analysed(page)
    _practise_from_the_review(page)
    assert _answer(page, wrong["action"]["card"]) == "false"
    page.click("[data-action=mistake-answer]")
    page.wait_for_selector("[data-testid=mistake-answer]")
    assert page.query_selector("[data-testid=open-hands]")  # every hand face up
    assert page.get_attribute("#table", "data-step") == str(mistake["step"] + 1)  # the best card played
    while page.get_attribute("[data-action=mistake-step][data-to=next]", "aria-disabled") != "true":
        before = page.get_attribute("#table", "data-step")
        page.click("[data-action=mistake-step][data-to=next]")
        page.wait_for_function(f"() => document.getElementById('table').dataset.step !== '{before}'")
    assert page.query_selector("[data-testid=replay-against]")  # the deal over: its score beside the one played
    page.click("[data-testid=replay-banner] [data-action=end-replay]")
    page.wait_for_selector("[data-testid=mistakes][data-solved='1']")
    assert page.get_attribute("#table", "data-deal") == str(MISTAKE_DEAL)
