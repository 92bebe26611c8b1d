"""The whole hand fits the screen, from a 1024×600 laptop to a phone, the taker's écart included;
an embedded 900×640 table needs no scrolling in any phase."""
from __future__ import annotations

import pytest
from table_driver import (
    HUMAN_TURN,
    PLAYABLE,
    act,
    click,
    corner_steps,
    first_number,
    open_table,
    out_of_view,
    phase,
    start_game,
)


def TAKE(legal: list[str]) -> str:
    return "garde" if "garde" in legal else "pass"


CHIEN = {3: 6, 4: 6, 5: 3}


def _taker_at_ecart(players: int) -> int:
    return first_number(players, lambda s: s.deal.phase.value == "ecart" and s.deal.taker == 0, bid=TAKE)


def _fits(page, where: str) -> None:
    seen = out_of_view(page)
    assert seen["cards"] == [], f"{where}: cards out of view {seen}"
    assert seen["pageWidth"] <= 0, f"{where}: the page scrolls sideways"
    assert seen["playBottom"] <= 1, f"{where}: the play area runs {seen['playBottom']} px below the screen"
    steps = corner_steps(page)
    assert steps and min(steps) >= 24, f"{where}: a card shows less than its corner ({min(steps)} px)"
    rows = page.evaluate(ROW_SIZES)
    assert rows == sorted(rows, reverse=True) and rows[0] - rows[-1] <= 1, f"{where}: rows of {rows} cards"


# The number of cards in each row of the hand, top row first (by their place in the layout,
# a raised card in its row): balanced rows differ by a card at most.
ROW_SIZES = ("() => { const rows = new Map();"
             " for (const b of document.querySelectorAll('#hand button[data-card]')) {"
             " rows.set(b.offsetTop, (rows.get(b.offsetTop) || 0) + 1); }"
             " return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(e => e[1]); }")


# The hand's rows, the share of the hand's width its cards use, and the steps between cards in a row.
HAND_ROWS = ("() => { const hand = document.getElementById('hand').getBoundingClientRect();"
             " const rs = [...document.querySelectorAll('#hand button[data-card]')].map(b => b.getBoundingClientRect());"
             " const tops = new Set(rs.map(r => Math.round(r.top)));"
             " const steps = rs.slice(1).map((r, i) => r.left - rs[i].left).filter(d => d > 0);"
             " return [tops.size, (Math.max(...rs.map(r => r.right)) - Math.min(...rs.map(r => r.left))) / hand.width,"
             " steps]; }")


def _bid_to_ecart(page) -> None:
    while True:
        page.wait_for_function(HUMAN_TURN)
        if phase(page) == "calling":
            _fits_every_size(page, "the call", [*SIZES, SMALL])
            act(page, "[data-action=call]")
            continue
        if phase(page) != "bidding":
            return
        act(page, "[data-bid=garde]" if page.query_selector("[data-bid=garde]") else "[data-bid=pass]")


def _make_ecart(page, players: int) -> None:
    cards = page.eval_on_selector_all(PLAYABLE, "els => els.map(e => e.dataset.card)")[:CHIEN[players]]
    for card in cards:
        page.dispatch_event(f"#hand button[data-card='{card}']", "click")
    act(page, "[data-action=confirm-ecart]")


# A phone held sideways: the felt, the panel's controls and the hand all on screen at once.
SIDEWAYS = [(844, 390), (740, 360), (667, 375)]
SIZES = [(1024, 600), (1280, 800), (1366, 768), (375, 667), (360, 640), *SIDEWAYS]
# An old small phone (320 × 568): the hand fits while a decision is asked, the first card included.
SMALL = (320, 568)

# The felt, the panel, its buttons and the hand's cards lying above the top bar's bottom or
# below the screen, without scrolling.
HIDDEN_PARTS = ("() => { const top = document.getElementById('topbar').getBoundingClientRect().bottom;"
                " const parts = [...document.querySelectorAll('#felt, #panel, #panel button, #hand button[data-card]')];"
                " return parts.map(e => [e.id || e.textContent.trim() || e.dataset.card, e.getBoundingClientRect()])"
                ".filter(([, r]) => r.height > 0 && (r.top < top - 1 || r.bottom > innerHeight + 0.5)).map(([n]) => n); }")


def _fits_every_size(page, where: str, sizes=SIZES) -> None:
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"() => innerWidth === {width} && innerHeight === {height}")
        _fits(page, f"{where} at {width}×{height}")
        if (width, height) in SIDEWAYS:
            hidden = page.evaluate(HIDDEN_PARTS)
            assert hidden == [], f"{where} at {width}×{height}: off screen {hidden}"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_whole_hand_fits_the_screen_during_bidding_and_the_ecart(page, site_url, players):
    number = _taker_at_ecart(players)
    open_table(page, site_url)
    start_game(page, players, number)
    page.wait_for_function(HUMAN_TURN)
    _fits_every_size(page, "bidding", [*SIZES, SMALL])
    # The hand's strength, asked for, keeps the hand on screen.
    page.dispatch_event("[data-action=bidding-aid]", "click")
    page.wait_for_selector("[data-testid=bidding-aid]")
    _fits_every_size(page, "the hand's strength", SIZES)
    page.dispatch_event("[data-action=bidding-aid]", "click")
    page.wait_for_selector("[data-testid=bidding-aid]", state="detached")
    _bid_to_ecart(page)
    assert phase(page) == "ecart"
    assert len(page.query_selector_all("#hand button[data-card]")) == {3: 24, 4: 18, 5: 15}[players] + CHIEN[players]
    _fits_every_size(page, "écart", [*SIZES, SMALL])
    if players == 3:  # 30 cards: two rows on a laptop, each spread across the width, not at the least step
        page.set_viewport_size({"width": 1280, "height": 800})
        page.wait_for_function("() => innerWidth === 1280")
        rows, used, steps = page.evaluate(HAND_ROWS)
        assert rows == 2 and used > 0.9, f"{rows} rows using {used:.0%} of the width"
        assert min(steps) >= 40, f"a card shows {min(steps)} px"
    _make_ecart(page, players)
    page.wait_for_function(HUMAN_TURN)
    _fits_every_size(page, phase(page), [*SIZES, SMALL])
    if phase(page) == "chelem":
        act(page, "[data-action=no-chelem]")
        page.wait_for_function(HUMAN_TURN)
    assert phase(page) == "play"  # the taker leads the first trick: the felt keeps room for the trick
    _fits_every_size(page, "the first card", [*SIZES, SMALL])
    # A hint asked for keeps the hand on screen too.
    page.dispatch_event("[data-action=hint]", "click")  # a click that does not scroll first
    page.wait_for_selector("[data-testid=hint]")
    _fits_every_size(page, "a hint")


@pytest.mark.parametrize("players", [3, 5])
def test_an_embedded_900_by_640_table_fits_in_every_phase(page, site_url, players):
    page.set_viewport_size({"width": 900, "height": 640})
    number = _taker_at_ecart(players)
    open_table(page, site_url, f"?embed=1&players={players}&deal={number}&pause=0")
    seen = set()

    def no_scroll() -> None:
        current = phase(page)
        seen.add(current)
        extra = page.evaluate("() => { const l = document.querySelector('.layout');"
                              " return [document.documentElement.scrollHeight - innerHeight,"
                              " l.scrollHeight - l.clientHeight]; }")
        assert max(extra) <= 1, f"{current}: the embedded table scrolls by {extra} px"
        if current != "done":
            assert out_of_view(page)["cards"] == []

    while True:
        page.wait_for_function(HUMAN_TURN)
        no_scroll()
        current = phase(page)
        if current == "done":
            break
        if current == "bidding":
            act(page, "[data-bid=garde]" if page.query_selector("[data-bid=garde]") else "[data-bid=pass]")
        elif current == "calling":
            act(page, "[data-action=call]")
        elif current == "ecart":
            _make_ecart(page, players)
        elif current == "chelem":
            act(page, "[data-action=no-chelem]")
        else:
            if page.query_selector("[data-action=no-poignee]"):
                click(page, "[data-action=no-poignee]")
                no_scroll()
            before = page.get_attribute("#table", "data-step")
            page.dispatch_event(PLAYABLE, "click")
            page.wait_for_function(f"() => document.getElementById('table').dataset.step !== '{before}'")
    assert {"bidding", "ecart", "play", "done"} <= seen


def test_on_a_phone_held_sideways_the_menu_opens_over_the_table_and_closes_beside_it(page, site_url):
    page.set_viewport_size({"width": 740, "height": 360})
    open_table(page, site_url)
    start_game(page, 4, 4)
    page.wait_for_function(HUMAN_TURN)
    felt_top = page.evaluate("document.getElementById('felt').getBoundingClientRect().top")
    page.click("#btn-menu")
    page.wait_for_selector("[data-action=settings]", state="visible")
    box = page.eval_on_selector("[data-action=settings]", "e => e.getBoundingClientRect().toJSON()")
    assert box["top"] >= 0 and box["bottom"] <= 360 and box["right"] <= 740
    # The tools lie over the table, which does not move.
    assert page.evaluate("document.getElementById('felt').getBoundingClientRect().top") == felt_top
    bare = page.evaluate("() => { const r = document.getElementById('felt').getBoundingClientRect();"
                         " for (let y = r.top + 20; y < r.bottom; y += 10) for (let x = r.left + 20; x < r.right; x += 10)"
                         " if (document.elementFromPoint(x, y).id === 'felt') return [x, y]; }")
    page.mouse.click(*bare)  # on the felt, beside the menu
    page.wait_for_selector("[data-action=settings]", state="hidden")
    assert page.get_attribute("#btn-menu", "aria-expanded") == "false"
    page.click("#btn-menu")
    page.wait_for_selector("[data-action=settings]", state="visible")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-action=settings]", state="hidden")
