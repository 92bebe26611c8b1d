"""The live count on the table equals the engine's (tarot.teaching.livecount from seat 0's view) at every
trick of a whole deal; a setting hides it, and the settings are saved with the match."""
from __future__ import annotations

import re

import pytest
from table_driver import HUMAN_TURN, first_number, open_table, phase, play_one, simulate, start_game, step

from tarot.cards import NOTATION
from tarot.teaching.livecount import live_count  # importable once table_driver has put the repository on the path

PILES = ("() => [...document.querySelectorAll('[data-testid=live-count] [data-pile]')].map(e =>"
         " [e.dataset.pile, +e.dataset.tricks, +e.dataset.halfPoints, e.dataset.bouts])")


def _expected(players: int, number: int, at: int) -> tuple[list, int]:
    s = simulate(players, number, stop=lambda s: len(s.deal.history) >= at)
    count = live_count(s.view())
    keys = ["attack", "defence"] if count.sides else [f"seat-{p.seats[0]}" for p in count.piles]
    piles = [[k, p.tricks, p.half_points, " ".join(NOTATION[c] for c in p.bouts)] for k, p in zip(keys, count.piles)]
    return piles, count.trumps_played


@pytest.mark.parametrize("players", [4, 5])
def test_the_live_count_is_the_engines_at_every_trick_of_a_whole_deal(page, site_url, players):
    def partner_late(s) -> bool:
        return s.finished and s.deal.result.score is not None and (players < 5 or 0 not in (s.deal.partner, s.deal.taker))

    number = first_number(players, partner_late)
    open_table(page, site_url)
    start_game(page, players, number)
    checked, kinds = 0, set()
    while True:
        page.wait_for_function(HUMAN_TURN)
        current = phase(page)
        if current == "play":
            piles, trumps = _expected(players, number, int(step(page)))
            assert page.evaluate(PILES) == piles, f"step {step(page)}"
            assert int(page.get_attribute("[data-trumps-played]", "data-trumps-played")) == trumps
            kinds.add(piles[0][0])
            if piles[0][0] == "seat-0":  # each player's count in words, not bare figures
                row = page.text_content("[data-testid=live-count] [data-pile=seat-0]")
                assert re.fullmatch(r"Vous\s:\s\d+ plis?( · [\d,]+ pts( · bouts\s:\s[^;]+)?)?", row), row
            checked += 1
        if current == "done":
            # The deal's end gives the real count (the écart or chien included): no live count then.
            assert page.query_selector("[data-testid=live-count]") is None
            break
        play_one(page)
    assert checked >= {4: 18, 5: 15}[players] - 1
    if players == 5:
        assert {"seat-0", "attack"} <= kinds  # per seat until the called king fell, then by side


def test_a_setting_hides_the_live_count_and_the_settings_are_saved_with_the_match(page, site_url):
    number = first_number(4, lambda s: s.finished)
    open_table(page, site_url)
    start_game(page, 4, number)
    while play_one(page) != "play":
        pass
    page.wait_for_selector("[data-testid=live-count]")
    page.click("[data-action=settings]")
    page.wait_for_selector("[data-testid=settings]")
    page.uncheck("input[name=live_count]")
    page.uncheck("input[name=animations]")
    page.click("label.choice:has(input[name=pace][value=fast])")
    page.select_option("select[name=next_level]", "debutant")
    page.click("[data-action=save-settings]")
    page.wait_for_function("() => document.getElementById('table').dataset.liveCount === 'off'")
    assert page.query_selector("[data-testid=live-count]") is None
    assert page.get_attribute("#table", "data-animations") == "off"
    assert page.get_attribute("#table", "data-level") == "standard"  # the new level waits for the next deal
    page.reload()
    page.wait_for_function(HUMAN_TURN)
    assert page.get_attribute("#table", "data-live-count") == "off"
    assert page.get_attribute("#table", "data-animations") == "off"
    page.click("[data-action=settings]")
    assert page.is_checked("input[name=pace][value=fast]")
    assert page.eval_on_selector("select[name=next_level]", "s => s.value") == "debutant"
    page.keyboard.press("Escape")
    while play_one(page) != "done":
        pass
    page.click("[data-action=next-deal]")
    page.wait_for_function("() => document.getElementById('table').dataset.level === 'debutant'")
