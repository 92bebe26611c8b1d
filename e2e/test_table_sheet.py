"""The score sheet's chart of running totals (its points are the sheet's totals) and the match's
statistics per player."""
from __future__ import annotations

from table_driver import click, first_number, open_table, play_to_end, sheet_rows, simulate, start_game


def test_the_chart_draws_the_sheets_running_totals_and_the_statistics_count_the_deals(page, site_url):
    def counted(s) -> bool:
        return s.finished and s.deal.result.score is not None

    number = first_number(4, lambda s: counted(s) and counted(simulate(4, s.deal_number + 1)))
    open_table(page, site_url)
    start_game(page, 4, number)
    play_to_end(page)
    click(page, "[data-action=next-deal]")
    play_to_end(page)
    rows = sheet_rows(page)
    assert len(rows) == 2
    running = [[sum(r[s] for r in rows[:k]) for s in range(4)] for k in (1, 2)]
    points = page.eval_on_selector_all("[data-testid=chart] circle",
                                       "cs => cs.map(c => [+c.dataset.seat, +c.dataset.deal, +c.dataset.total, +c.getAttribute('cy')])")
    for seat, deal, total, _ in points:
        assert total == running[deal - 1][seat]
    assert len(points) == 8
    # Higher totals are drawn higher up.
    ordered = sorted(points, key=lambda p: p[2])
    assert all(a[3] >= b[3] for a, b in zip(ordered, ordered[1:]))
    # The text alternative says the totals.
    desc = page.text_content("[data-testid=chart] desc")
    assert "2 donne" in desc
    deals = [simulate(4, number).deal, simulate(4, number + 1).deal]
    for seat in range(4):
        taken = sum(1 for d in deals if d.taker == seat)
        made = sum(1 for d in deals if d.taker == seat and d.result.score.made)
        row = f"[data-testid=stats] tr[data-seat='{seat}']"
        assert int(page.text_content(f"{row} [data-stat=taken]")) == taken
        assert int(page.text_content(f"{row} [data-stat=made]")) == made
