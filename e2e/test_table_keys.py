"""The keyboard alone: the focus lands on each decision's first legal choice, the arrows go from one
playable card to the next, "p" lists every trick of the deal; a whole deal in a few key presses."""
from __future__ import annotations

from table_driver import HUMAN_TURN, TAKEN, first_number, open_table, phase, simulate, start_game, step

FOCUSED = "() => { const a = document.activeElement; return a ? (a.id || a.tagName) : ''; }"


def test_a_whole_deal_at_four_players_with_the_keyboard_alone_in_english(page, site_url):
    number = first_number(4, lambda s: s.finished and s.deal.result.score is not None)
    finished = simulate(4, number)
    open_table(page, site_url, "?pause=0&lang=en")
    start_game(page, 4, number)
    assert page.get_attribute("#side", "aria-label") == "Score sheet"  # the page's landmarks speak English too
    presses = 0
    arrows_checked = False
    while True:
        page.wait_for_function(HUMAN_TURN)
        # The focus is on the decision's first legal choice (the deal's end: "next deal").
        page.wait_for_function("() => document.activeElement && document.activeElement.hasAttribute('data-autofocus')")
        if phase(page) == "done":
            break
        focused = page.evaluate(FOCUSED)
        if focused.startswith("card-") and not arrows_checked:
            playable = page.eval_on_selector_all("#hand button[data-card]:not([aria-disabled='true'])",
                                                 "els => els.map(e => e.id)")
            if 1 < len(playable) < len(page.query_selector_all("#hand button[data-card]")):
                page.keyboard.press("ArrowRight")  # to the next playable card, over those that may not be played
                assert page.evaluate(FOCUSED) == playable[1]
                page.keyboard.press("ArrowLeft")
                assert page.evaluate(FOCUSED) == playable[0]
                arrows_checked = True
        before = step(page)
        page.keyboard.press("Enter")
        presses += 1
        if not focused.startswith("btn-no-poignee"):
            page.wait_for_function(f"() => document.getElementById('table').dataset.step !== '{before}'")
        else:
            page.evaluate(TAKEN)
    assert presses < 60, presses
    assert arrows_checked
    # "p": every trick of the deal, each with who led it and who won it.
    page.keyboard.press("p")
    page.wait_for_selector("[data-testid=tricks]")
    rows = page.eval_on_selector_all("[data-testid=tricks] [data-trick]",
                                     "rs => rs.map(r => [+r.dataset.trick, +r.dataset.leader, +r.dataset.winner])")
    expected = [[i + 1, t.leader, t.winner] for i, t in enumerate(finished.deal.tricks)]
    assert sorted(rows) == expected
    assert page.text_content("#tricks-title") == "The tricks of the deal"
    assert page.text_content("[data-trick='1'] p").startswith("Trick 1: led by ")
    page.keyboard.press("Escape")
    assert page.query_selector("[data-testid=tricks]") is None
    assert page.text_content(".calc li:first-child").startswith(("Made by", "Failed by"))
    print(f"key presses for the deal: {presses}")
