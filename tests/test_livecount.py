"""The live count a player keeps: from one seat's view, tricks and points by side, bouts, trumps."""
import pytest

from tarot.bots import make_bot
from tarot.cards import EXCUSE, HALF_POINTS, half_points_of
from tarot.teaching.livecount import live_count
from tarot.rules import Rules
from tarot.state import Deal, Phase

from .helpers import card, deal_with, play, to_play


def test_a_trick_and_its_points_go_to_the_side_that_won_it():
    deal = deal_with({0: "KH", 1: "7H", 2: "QH", 3: "2H"}, dealer=3)
    to_play(deal, taker=0, contract="garde")
    play(deal, "KH 7H QH 2H")
    count = live_count(deal.view(1))
    assert count.sides and count.attack.seats == (0,) and count.defence.seats == (1, 2, 3)
    assert (count.attack.tricks, count.attack.half_points) == (1, 9 + 1 + 7 + 1)
    assert (count.defence.tricks, count.defence.half_points) == (0, 0)


def test_the_excuse_stays_with_its_side_which_gives_half_a_point():
    deal = deal_with({0: "KH 8H", 1: "EX 7H", 2: "QH 6H", 3: "2H 3H"}, dealer=3)
    to_play(deal, taker=0, contract="garde")
    play(deal, "8H 7H QH 2H")  # seat 2 wins: the defence has a trick
    play(deal, "6H 3H KH EX")  # the taker wins the trick where seat 1 (defence) plays the Excuse
    count = live_count(deal.view(0))
    assert count.defence.half_points == (1 + 1 + 7 + 1) + HALF_POINTS[EXCUSE] - 1
    assert count.attack.half_points == (1 + 1 + 9) + 1
    assert count.defence.bouts == (EXCUSE,) and count.attack.bouts == ()
    assert count.bouts_fallen == ((EXCUSE, 1),)


def test_a_bout_that_falls_is_named_with_the_seat_that_won_it_and_trumps_are_counted():
    deal = deal_with({0: "T21", 1: "T1", 2: "T5", 3: "T6"}, dealer=3)
    to_play(deal, taker=0, contract="garde")
    play(deal, "T21 T1 T5 T6")
    count = live_count(deal.view(2))
    assert [(str(c), s) for c, s in count.bouts_fallen] == [("T21", 0), ("T1", 0)]
    assert count.attack.bouts == (card("T21"), card("T1"))
    assert count.trumps_played == 4
    assert count.target is None  # the Excuse has not fallen: the table cannot know the target yet


def test_at_five_players_the_count_is_per_seat_until_the_called_king_is_played():
    deal = deal_with({0: "KS 4H", 1: "7H", 2: "KH 5H", 3: "8H", 4: "9H"}, players=5, dealer=1)
    to_play(deal, taker=0, contract="garde", call="KH")
    count = live_count(deal.view(1))
    assert not count.sides and [p.seats for p in count.piles] == [(0,), (1,), (2,), (3,), (4,)]
    assert count.attack is None and count.target is None
    play(deal, "KH 8H 9H 4H 7H")  # seat 2 leads the called king: the partner is known to all
    count = live_count(deal.view(1))
    assert count.sides and count.attack.seats == (0, 2) and count.attack.tricks == 1


def _bots_play(players: int, seed: int, check) -> Deal:
    deal = Deal.new(Rules(players=players), dealer=seed % players, seed=seed)
    bots = [make_bot("debutant", seed * 10 + s) for s in range(players)]
    while not deal.is_over:
        check(deal)
        deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)), seat=deal.to_act)
    check(deal)
    return deal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_over_whole_deals_the_live_count_adds_up_to_the_engines_count(players):
    def check(deal: Deal) -> None:
        for seat in range(players):
            count = live_count(deal.view(seat))
            won = sum(half_points_of(t.mask) for t in deal.tricks)
            assert sum(p.half_points for p in count.piles) == won
            assert sum(p.tricks for p in count.piles) == len(deal.tricks)
            if deal.phase is Phase.PLAY and players == 5 and not deal.partner_revealed \
                    and seat not in (deal.partner, deal.taker):
                assert not count.sides  # a defender cannot tell the partner before the king falls

    done = 0
    for seed in range(1, 40):
        deal = _bots_play(players, seed, check)
        if deal.result.score is None:  # dealt again
            continue
        count = live_count(deal.view(0))
        goes = deal.rules.chien_goes(deal.contract)
        extra = [0, 0]  # the écart or the chien joins a side's cards at the end
        if goes == "hand":
            extra[0] = half_points_of(deal.ecart)
        else:
            extra[0 if goes == "attack" else 1] = half_points_of(deal.chien)
        assert count.attack.half_points + extra[0] == deal.result.card_points[1]
        assert count.defence.half_points + extra[1] == deal.result.card_points[0]
        if len(count.bouts_fallen) == 3:
            assert count.target == deal.result.score.target
        done += 1
        if done == 4:
            break
    assert done == 4


def test_a_side_with_no_trick_keeps_its_excuse_in_the_live_count_as_in_the_engine():
    # The taker wins every trick; seat 1 plays the Excuse at once, its side having no trick.
    deal = deal_with({0: "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21", 1: "EX"})
    to_play(deal, taker=0, contract="garde_sans")
    play(deal, "T21 EX")
    while deal.phase is Phase.PLAY:
        deal.apply(deal.legal_actions()[0])
    count = live_count(deal.view(2))
    assert count.defence is not None and count.defence.half_points == 8  # the Excuse, 4 points
    assert deal.result is not None and deal.result.card_points[0] == 8  # as the engine counts it
