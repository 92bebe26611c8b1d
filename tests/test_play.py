"""Card play: follow suit, trump when void, overtrump, sous-couper, the Excuse, who wins a trick."""
from tarot.actions import Play
from tarot.cards import cards_of

from .helpers import card, deal_with, play, refused, to_play


def _playing(hands, voids=None, players=4, contract="garde_sans", taker=0, **options):
    """Seat 0 leads the first trick (the dealer is the last seat)."""
    deal = deal_with(hands, voids=voids, players=players, **options)
    return to_play(deal, taker=taker, contract=contract)


def _legal(deal):
    """The cards the seat to act may play, in notation."""
    return {str(c) for c in cards_of(deal.legal_cards_mask())}


def test_the_leader_may_lead_any_card():
    deal = _playing({0: "7H T3 EX KS"})
    assert {"7H", "T3", "EX", "KS"} <= _legal(deal)
    assert _legal(deal) == {str(c) for c in deal.hand(0)}


def test_a_player_must_follow_suit():
    deal = _playing({0: "7H", 1: "8H T5"})
    play(deal, "7H")
    assert refused(deal, Play(card("T5"))) == "must_follow_suit"
    assert deal.why_not(Play(card("T5"))).params == {"suit": 1}
    deal.apply(Play(card("8H")))


def test_following_suit_any_card_of_the_suit_will_do():
    deal = _playing({0: "7H", 1: "8H KH"})
    play(deal, "7H")
    assert {"8H", "KH"} <= _legal(deal)
    assert all(c.endswith("H") or c == "EX" for c in _legal(deal))


def test_a_player_void_in_the_suit_led_must_trump():
    deal = _playing({0: "7H", 1: "T5 2S"}, voids={1: "H"})
    play(deal, "7H")
    assert refused(deal, Play(card("2S"))) == "must_trump"
    deal.apply(Play(card("T5")))


def test_a_player_must_overtrump_a_trump_already_in_the_trick():
    deal = _playing({0: "7H", 1: "T10", 2: "T5 T12"}, voids={1: "H", 2: "H"})
    play(deal, "7H T10")
    assert refused(deal, Play(card("T5"))) == "must_overtrump"
    assert deal.why_not(Play(card("T5"))).params == {"card": card("T10")}
    deal.apply(Play(card("T12")))


def test_a_player_who_cannot_overtrump_must_still_trump_sous_couper():
    deal = _playing({0: "7H", 1: "T10", 2: "T5 2S", 3: "10H"}, voids={1: "H", 2: "HT"})
    play(deal, "7H T10")
    assert _legal(deal) == {"T5"}
    assert refused(deal, Play(card("2S"))) == "must_trump"
    play(deal, "T5 10H")
    assert deal.tricks[0].winner == 1


def test_on_a_trump_lead_a_higher_trump_must_be_played_if_possible():
    deal = _playing({0: "T10", 1: "T5 T12"})
    play(deal, "T10")
    assert refused(deal, Play(card("T5"))) == "must_overtrump"
    deal.apply(Play(card("T12")))


def test_on_a_trump_lead_a_lower_trump_when_no_higher_one_is_held():
    deal = _playing({0: "T10", 1: "T5 2S"}, voids={1: "T"})
    play(deal, "T10")
    assert _legal(deal) == {"T5"}
    assert refused(deal, Play(card("2S"))) == "must_play_trump"


def test_on_a_trump_lead_a_player_without_trumps_plays_any_card():
    deal = _playing({0: "T10", 1: "2S 3H"}, voids={1: "T"})
    play(deal, "T10")
    assert _legal(deal) == {str(c) for c in deal.hand(1)}


def test_a_player_with_neither_the_suit_nor_a_trump_plays_any_card():
    deal = _playing({0: "7H", 1: "2S 3D"}, voids={1: "HT"})
    play(deal, "7H")
    assert _legal(deal) == {str(c) for c in deal.hand(1)}


def test_the_excuse_may_be_played_instead_of_following_suit():
    deal = _playing({0: "7H", 1: "8H EX"})
    play(deal, "7H")
    assert "EX" in _legal(deal)
    deal.apply(Play(card("EX")))


def test_the_excuse_may_be_played_instead_of_overtrumping():
    deal = _playing({0: "7H", 1: "T10", 2: "T12 EX"}, voids={1: "H", 2: "H"})
    play(deal, "7H T10")
    assert "EX" in _legal(deal)


def test_when_the_excuse_is_led_the_next_card_sets_the_suit():
    deal = _playing({0: "EX", 1: "7H", 2: "8H T4", 3: "9H"})
    play(deal, "EX")
    assert {str(c) for c in deal.hand(1)} == _legal(deal)  # free after a lone Excuse
    play(deal, "7H")
    assert refused(deal, Play(card("T4"))) == "must_follow_suit"
    play(deal, "8H 9H")
    trick = deal.tricks[0]
    assert trick.winner == 3  # the 9 of hearts: the Excuse never wins


def test_the_highest_card_of_the_suit_led_wins():
    deal = _playing({0: "7H", 1: "KH", 2: "QH", 3: "1H"})
    play(deal, "7H KH QH 1H")
    assert deal.tricks[0].winner == 1


def test_a_discard_never_wins_the_trick():
    deal = _playing({0: "7H", 1: "8H", 2: "9H", 3: "KS"}, voids={3: "HT"})
    play(deal, "7H 8H 9H KS")
    assert deal.tricks[0].winner == 2


def test_the_highest_trump_wins():
    deal = _playing({0: "KH", 1: "T2", 2: "T21", 3: "T20"}, voids={1: "H", 2: "H", 3: "H"})
    play(deal, "KH T2 T21 T20")
    assert deal.tricks[0].winner == 2


def test_the_winner_of_a_trick_leads_the_next():
    deal = _playing({0: "7H", 1: "KH", 2: "8H", 3: "9H"})
    play(deal, "7H KH 8H 9H")
    assert deal.tricks[0].winner == 1 and deal.to_act == 1 and deal.leader == 1


def test_a_card_not_in_hand_is_refused():
    deal = _playing({1: "7H"})
    assert refused(deal, Play(card("7H"))) == "card_not_in_hand"
    assert refused(deal, Play(7)) == "not_an_action"
