"""The Expert's exact search of the last tricks (every hand seen in an imagined deal)."""
import pytest

from tarot.actions import PLAYS
from tarot.bots import make_bot
from tarot.bots.endgame import OverBudget, deal_score, solve
from tarot.cards import cards_of
from tarot.rules import Rules
from tarot.state import Deal


def _endings(players, cards_left, seeds):
    """Real deals played by Standard bots until each hand holds ``cards_left`` cards."""
    out = []
    for seed in seeds:
        deal = Deal.new(Rules(players=players), dealer=seed % players, seed=seed)
        bots = [make_bot("standard", s) for s in range(players)]
        while not deal.is_over and not (deal.phase.value == "play" and not deal.trick
                                        and len(deal.hand(deal.to_act)) == cards_left):
            deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)), seat=deal.to_act)
        if not deal.is_over:
            out.append(deal)
    return out


def _minimax(d, seat):
    """Every card of every seat tried, no cut-off: the reference value."""
    if d.to_act is None:
        return deal_score(d, seat)
    mine = (d.attack >> d.to_act & 1) == (d.attack >> seat & 1)
    values = []
    for c in cards_of(d.legal_cards_mask()):
        child = d.copy()
        child.apply(PLAYS[c])
        values.append(_minimax(child, seat))
    return max(values) if mine else min(values)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_exact_search_finds_the_value_of_the_last_tricks(players):
    for deal in _endings(players, 2, range(40, 44)):
        for seat in range(players):
            assert solve(deal.copy(), seat) == _minimax(deal.copy(), seat)


def test_the_exact_search_of_three_tricks_matches_the_full_tree():
    for deal in _endings(4, 3, range(50, 52)):
        assert solve(deal.copy(), deal.to_act) == _minimax(deal.copy(), deal.to_act)


def test_the_exact_search_gives_up_past_its_budget():
    deal = _endings(4, 6, range(40, 46))[0]
    with pytest.raises(OverBudget):
        solve(deal, 0, nodes=50)
