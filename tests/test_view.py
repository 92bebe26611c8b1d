"""A seat's view: its own hand and what the table has seen, never another seat's hidden card."""
from tarot.actions import PASS, Ecart
from tarot.cards import SUIT_MASKS, SUITS, mask_of
from tarot.state import Phase

from .helpers import bid_until, card, cards, deal_with, play, to_play


def test_a_seat_sees_its_own_hand_and_no_other():
    deal = deal_with({0: "KH", 1: "QH"})
    view = deal.view(0)
    assert card("KH") in view.hand and card("QH") not in view.hand
    assert view.visible_cards() == mask_of(deal.hand(0))
    assert view.hand_sizes == (18, 18, 18, 18)


def test_only_the_seat_to_act_is_offered_actions():
    deal = deal_with()
    assert deal.view(0).legal == tuple(deal.legal_actions())
    assert deal.view(1).legal == ()


def test_the_ecart_is_seen_by_the_taker_only_until_the_end():
    deal = bid_until(deal_with({1: "7H 8H 9H 10H"}, chien="1S 2S 3S 4S 5S 6S"), 1, "prise")
    while deal.phase is Phase.BIDDING:
        deal.apply(PASS)
    deal.apply(Ecart(tuple(cards("7H 8H 9H 10H 1S 2S"))))
    assert set(deal.view(1).ecart) == set(cards("7H 8H 9H 10H 1S 2S"))
    for seat in (0, 2, 3):
        view = deal.view(seat)
        assert view.ecart == ()
        assert not view.visible_cards() & mask_of(cards("7H 8H 9H 10H"))
        # The chien was shown to all: 1S and 2S were seen, the other four hearts were not.
        assert view.chien == tuple(cards("1S 2S 3S 4S 5S 6S"))


def test_the_chien_of_a_garde_contre_is_never_seen_before_the_end():
    deal = to_play(deal_with(chien="1S 2S 3S 4S 5S 6S"), taker=1, contract="garde_contre")
    for seat in range(4):
        assert not deal.view(seat).visible_cards() & mask_of(cards("1S 2S 3S 4S 5S 6S"))


def test_played_cards_are_seen_by_all():
    deal = to_play(deal_with({0: "7H", 1: "8H"}), taker=2, contract="garde_sans")
    play(deal, "7H 8H")
    for seat in range(4):
        view = deal.view(seat)
        assert view.trick == tuple(cards("7H 8H")) and view.leader == 0
        assert view.played == mask_of(cards("7H 8H"))


def test_the_cards_a_seat_may_play_follow_the_suit_led():
    deal = to_play(deal_with({0: "7H", 1: "8H 9H KS T5"}), taker=2, contract="garde_sans")
    play(deal, "7H")
    view = deal.view(1)
    hearts = mask_of(view.hand) & SUIT_MASKS[SUITS.index("H")]
    assert view.legal_cards == hearts and hearts & mask_of(cards("8H 9H KS T5")) == mask_of(cards("8H 9H"))
    assert deal.view(2).legal_cards == 0  # not its turn


def test_at_the_end_everything_is_shown():
    from .helpers import play_keeping
    deal = to_play(deal_with(chien="1S 2S 3S 4S 5S 6S"), taker=1, contract="garde_sans")
    play_keeping(deal)
    for seat in range(4):
        view = deal.view(seat)
        assert view.phase == "done" and view.result == deal.result
        assert view.chien == tuple(cards("1S 2S 3S 4S 5S 6S"))
        assert len(view.tricks) == 18


def _positions(players: int, deals: int, misere: bool, **options: bool) -> list:
    """Every decision point of ``deals`` deals at ``players`` players, the decisions drawn at
    random among the legal actions (so poignées, misères and a taker alone all occur)."""
    from tarot.bots import random_ecart
    from tarot.rng import Rng
    from tarot.rules import Rules
    from tarot.state import Deal

    rules = Rules(players=players, misere=misere, **options)
    rng = Rng(players)
    positions = []
    for index in range(deals):
        deal = Deal.new(rules, dealer=index % players, seed=1000 * players + index)
        while True:
            positions.append(deal)
            if deal.is_over:
                break
            deal = deal.copy()  # the next position; the one kept stays as it was
            if deal.phase is Phase.ECART:
                deal.apply(random_ecart(deal.view(deal.to_act), rng))
            else:
                actions = deal.legal_actions()
                deal.apply(actions[rng.below(len(actions))])
    return positions


def test_the_seat_view_is_the_one_built_field_by_field_at_3_4_and_5_players():
    from tarot.state import Deal

    from .reference import seat_view

    checked = 0
    for players, misere, options in ((3, False, {}), (4, True, {}), (5, False, {}), (5, True, {}),
                                     (4, False, {"purchase": True, "prise_partner": True})):
        for deal in _positions(players, 14, misere, **options):
            # The position as played (its earlier views made), a copy, and one read from its record.
            for position in (deal, deal.copy(), Deal.from_record(deal.to_record())):
                for seat in range(players):
                    view, expected = position.view(seat), seat_view(position, seat)
                    assert view == expected and repr(view) == repr(expected), (players, seat, deal)
                    assert view.legal_cards == expected.legal_cards, (players, seat, deal)
                    checked += 1
    assert checked > 10_000
