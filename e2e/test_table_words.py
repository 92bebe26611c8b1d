"""The person's name everywhere the table names seat 0, and the count written as a player says it."""
from __future__ import annotations

import re

from table_driver import HUMAN_TURN, PLAYABLE, act, click, first_number, open_table, phase, simulate, start_game


def GARDE_SANS(legal: list[str]) -> str:
    return "garde_sans" if "garde_sans" in legal else "pass"


def _play(page, bid: str) -> None:
    """Bid ``bid`` when allowed (else pass), decline poignées, play the first playable card."""
    while True:
        page.wait_for_function(HUMAN_TURN)
        current = phase(page)
        if current == "done":
            return
        if current == "bidding":
            act(page, f"[data-bid={bid}]" if page.query_selector(f"[data-bid={bid}]") else "[data-bid=pass]")
        elif current == "calling":
            act(page, "[data-action=call]")
        elif current == "chelem":
            act(page, "[data-action=no-chelem]")
        else:
            if page.query_selector("[data-action=no-poignee]"):
                click(page, "[data-action=no-poignee]")
            before = page.get_attribute("#table", "data-step")
            page.dispatch_event(PLAYABLE, "click")
            page.wait_for_function(f"() => document.getElementById('table').dataset.step !== '{before}'")


def test_a_name_set_at_the_start_replaces_vous_everywhere(page, site_url):
    number = first_number(4, lambda s: s.finished and s.deal.taker == 0, bid=GARDE_SANS)
    score = simulate(4, number, bid=GARDE_SANS).deal.result.score
    open_table(page, site_url)
    page.fill("input[name=name]", "Anne")
    start_game(page, 4, number)
    page.wait_for_function(HUMAN_TURN)
    assert "Anne" in page.inner_text("#felt")
    _play(page, "garde_sans")
    for region in ("#topbar", "#panel", "#side"):
        text = page.inner_text(region)
        assert not re.search(r"\bVous\b", text), f"{region}: {text}"
        assert "Anne" in text, region
    assert page.inner_text("#topbar").count("Preneur\u00a0: Anne") == 1
    assert page.inner_text(".result-line.big").startswith("Anne (Garde sans) ")
    assert f"Le preneur (Anne) {'reçoit' if score.made else 'paie'}" in page.inner_text(".calc")
    assert page.inner_text("[data-testid=score-sheet] thead th[data-seat='0']").lower() == "anne"
    assert page.inner_text(".deal-scores li:first-child span") == "Anne"


def test_a_failed_contract_is_counted_without_a_sign_from_nowhere(page, site_url):
    number = first_number(4, lambda s: s.finished and s.deal.result.score is not None and not s.deal.result.score.made)
    deal = simulate(4, number).deal
    score = deal.result.score
    open_table(page, site_url)
    start_game(page, 4, number)
    _play(page, "pass")
    first = page.inner_text(".calc li:first-child")
    assert first == (f"Chute de {score.difference}\u00a0: (25 + {score.difference}) × {deal.contract.multiplier} = "
                     f"{score.base} pour chaque défenseur")
    assert page.inner_text(".calc li:last-child") == f"Chaque défenseur reçoit {-score.per_defender}"
