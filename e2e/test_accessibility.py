"""The page passes axe-core's accessibility checks (WCAG 2.x A and AA and best practice)
in every phase of a deal, on a desktop and on a phone, in its dialogs, in the duplicate
tournament and on the lessons' pages.

One exception, on the cards alone: a card's name ("Roi de cœur", "21 d'atout") spells out
what its corners abbreviate (a letter or a number and a drawn pip), which axe's
label-in-name rule reads as a mismatch."""
from __future__ import annotations

import pytest
from table_driver import (
    HUMAN_TURN,
    PLAYABLE,
    ROOT,
    act,
    first_number,
    open_table,
    phase,
    play_to_end,
    start_game,
)

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  const named = (n) => n.target.join(' ');
  return result.violations.flatMap(v => v.nodes
    .filter(n => !(v.id === 'label-content-name-mismatch' && /^#card-/.test(named(n))))
    .map(n => `${v.id} (${v.impact}) ${named(n)}: ${n.failureSummary.split('\\n').slice(1, 2).join('').trim()}`));
}"""


def violations(page) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    return page.evaluate(RUN)


def check(page, where: str, seen: dict[str, list[str]]) -> None:
    found = violations(page)
    if found:
        seen[where] = found


def _to_first_card(page, players: int, seen: dict[str, list[str]], size: str) -> None:
    page.wait_for_function(HUMAN_TURN)
    check(page, f"{size} bidding", seen)
    while True:
        page.wait_for_function(HUMAN_TURN)
        current = phase(page)
        if current == "bidding":
            act(page, "[data-bid=garde]" if page.query_selector("[data-bid=garde]") else "[data-bid=pass]")
        elif current == "calling":
            check(page, f"{size} calling", seen)
            act(page, "[data-action=call]")
        else:
            break
    assert phase(page) == "ecart"
    check(page, f"{size} écart", seen)
    cards = page.eval_on_selector_all(PLAYABLE, "els => els.map(e => e.dataset.card)")[:{3: 6, 4: 6, 5: 3}[players]]
    for card in cards:
        page.dispatch_event(f"#hand button[data-card='{card}']", "click")
    act(page, "[data-action=confirm-ecart]")
    page.wait_for_function(HUMAN_TURN)
    if phase(page) == "chelem":
        check(page, f"{size} chelem", seen)
        act(page, "[data-action=no-chelem]")
        page.wait_for_function(HUMAN_TURN)
    check(page, f"{size} play", seen)


@pytest.mark.parametrize("players, width, height", [(4, 1280, 800), (5, 390, 844), (3, 740, 360)])
def test_every_phase_of_a_deal_passes_the_accessibility_checks(page, site_url, players, width, height):
    page.set_viewport_size({"width": width, "height": height})
    size = f"{players} players at {width}×{height}"
    seen: dict[str, list[str]] = {}
    open_table(page, site_url)
    check(page, f"{size} new-game form", seen)
    number = first_number(players, lambda s: s.deal.phase.value == "ecart" and s.deal.taker == 0,
                          bid=lambda legal: "garde" if "garde" in legal else "pass")
    start_game(page, players, number)
    page.dispatch_event("[data-action=bidding-aid]", "click")
    page.wait_for_selector("[data-testid=bidding-aid]")
    check(page, f"{size} the hand's strength", seen)
    page.dispatch_event("[data-action=bidding-aid]", "click")
    _to_first_card(page, players, seen, size)
    page.dispatch_event("[data-action=hint]", "click")
    page.wait_for_selector("[data-testid=hint]")
    check(page, f"{size} a hint", seen)
    page.keyboard.press("p")
    page.wait_for_selector("[data-testid=tricks]")
    check(page, f"{size} the tricks", seen)
    page.keyboard.press("Escape")
    play_to_end(page)
    check(page, f"{size} the count", seen)
    page.dispatch_event("[data-action=settings]", "click")
    page.wait_for_selector("[data-action=save-settings]")
    check(page, f"{size} settings", seen)
    page.keyboard.press("Escape")
    assert seen == {}


def test_the_duplicate_table_and_the_review_pass_the_accessibility_checks(page, site_url):
    seen: dict[str, list[str]] = {}
    open_table(page, site_url, "?pause=0&refsamples=4&mode=duplicate&duplicate=4&players=4&deal=7")
    page.wait_for_selector("[data-testid=setup]")
    page.click("[data-action=start]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'")
    play_to_end(page)
    page.wait_for_selector("[data-testid=reference-result][data-value]", timeout=120_000)
    check(page, "duplicate table", seen)
    page.click(".review-open [data-action=review-deal]")
    page.wait_for_selector("[data-testid=review]")
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    check(page, "review", seen)
    assert seen == {}


def test_the_lessons_pages_pass_the_accessibility_checks(page, site_url):
    seen: dict[str, list[str]] = {}
    for name in ("index", "fr/excuse", "en/signalisations", "fr/appel-au-roi", "en/petit-en-danger", "fr/defense"):
        page.goto(site_url + f"lessons/{name}.html")
        page.wait_for_load_state("load")
        check(page, name, seen)
    assert seen == {}
