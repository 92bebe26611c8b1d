"""Five players: the taker calls a king (a queen with four kings, …) before the chien is shown."""
from tarot.actions import PASS, Call, Play
from tarot.state import Phase

from .helpers import bid_until, card, cards, deal_with, play, refused, to_play


def _calling(hands, chien=None, contract="prise", voids=None, taker=0):
    deal = bid_until(deal_with(hands, players=5, chien=chien, voids=voids), taker, contract)
    while deal.phase is Phase.BIDDING:
        deal.apply(PASS)
    assert deal.phase is Phase.CALLING and deal.to_act == taker
    return deal


def test_the_taker_calls_a_king():
    deal = _calling({0: "KH", 2: "KS"}, voids={0: "SDC"})
    assert set(deal.callable_cards()) == set(cards("KS KH KD KC"))
    deal.apply(Call(card("KS")))
    assert deal.called == card("KS") and deal.partner == 2
    assert deal.phase is Phase.ECART


def test_a_queen_may_not_be_called_without_four_kings():
    deal = _calling({0: "KS KH KD"}, voids={0: "C"})
    assert refused(deal, Call(card("QC"))) == "call_not_allowed"


def test_with_four_kings_the_taker_calls_a_queen():
    deal = _calling({0: "KS KH KD KC", 3: "QD"})
    assert card("QD") in deal.callable_cards()
    assert card("NS") not in deal.callable_cards()
    assert refused(deal, Call(card("ND"))) == "call_not_allowed"
    deal.apply(Call(card("QD")))
    assert deal.partner == 3


def test_with_four_kings_and_four_queens_the_taker_calls_a_cavalier():
    deal = _calling({0: "KS KH KD KC QS QH QD QC", 4: "NH"})
    assert card("NH") in deal.callable_cards()
    assert card("JH") not in deal.callable_cards()
    deal.apply(Call(card("NH")))
    assert deal.partner == 4


def test_a_trump_or_the_excuse_cannot_be_called():
    deal = _calling({})
    assert refused(deal, Call(card("T21"))) == "call_not_a_face"
    assert refused(deal, Call(card("EX"))) == "call_not_a_face"


def test_the_call_comes_before_the_chien_is_shown():
    deal = _calling({}, chien="KH 2S 3S")
    assert deal.view(1).chien == ()
    assert deal.view(0).chien == ()
    assert card("KH") not in deal.view(0).hand
    deal.apply(Call(card("KS") if card("KS") not in deal.hand(0) else card("KD")))
    assert all(deal.view(s).chien == tuple(cards("2S 3S KH")) for s in range(5))
    assert card("KH") in deal.view(0).hand


def test_calling_ones_own_king_means_playing_alone():
    deal = _calling({0: "KH"})
    deal.apply(Call(card("KH")))
    assert deal.partner is None
    assert deal.view(0).partner_known  # the taker knows
    assert not deal.view(1).partner_known  # the others do not


def test_a_called_king_in_the_chien_means_playing_alone():
    deal = _calling({}, chien="KH 2S 3S")
    deal.apply(Call(card("KH")))
    assert deal.partner is None
    # The chien is shown (prise): everybody sees the taker is alone.
    assert all(deal.view(s).partner_known and deal.view(s).partner is None for s in range(5))


def test_a_called_king_in_an_unseen_chien_stays_unknown():
    deal = _calling({}, chien="KH 2S 3S", contract="garde_sans")
    deal.apply(Call(card("KH")))
    assert deal.partner is None
    assert not any(deal.view(s).partner_known for s in range(5))


def test_the_partner_is_known_only_when_the_called_card_is_played():
    deal = deal_with({0: "KS 7H", 1: "1S 8H", 2: "2S KH", 3: "3S 9H", 4: "4S 10H"}, players=5)
    to_play(deal, taker=0, contract="garde_sans", call="KH")
    assert deal.partner == 2
    assert deal.view(2).partner == 2  # the partner knows
    play(deal, "KS 1S 2S 3S 4S")
    for seat in (0, 1, 3, 4):
        assert not deal.view(seat).partner_known and deal.view(seat).partner is None
    play(deal, "7H 8H")
    assert not deal.view(1).partner_known
    play(deal, "KH")
    assert deal.partner_revealed
    assert all(deal.view(s).partner == 2 and deal.view(s).partner_known for s in range(5))


def test_the_first_trick_may_not_be_led_in_the_called_suit():
    deal = to_play(deal_with({0: "7H 8S"}, players=5), taker=1, call="KH")
    assert deal.to_act == 0
    assert refused(deal, Play(card("7H"))) == "called_suit_first_trick"
    deal.apply(Play(card("8S")))


def test_the_first_trick_may_be_led_with_the_called_king_itself():
    deal = deal_with({0: "KH 7H 8S"}, players=5)
    to_play(deal, taker=1, call="KH")
    assert deal.partner == 0
    deal.apply(Play(card("KH")))
    assert deal.partner_revealed
    assert all(deal.view(s).partner == 0 for s in range(5))


def test_the_called_kings_holder_may_not_lead_a_small_card_of_its_suit_to_the_first_trick():
    # "sauf avec le Roi appelé lui-même": only the king opens its suit on the first trick.
    deal = deal_with({0: "KH 7H 8S"}, players=5)
    to_play(deal, taker=1, call="KH")
    assert refused(deal, Play(card("7H"))) == "called_suit_first_trick"
    assert deal.can(Play(card("KH")))


def test_a_taker_who_called_his_own_king_may_lead_it_but_no_other_card_of_its_suit():
    deal = deal_with({1: "KH 7H 8S"}, players=5)
    to_play(deal, taker=1, contract="garde_sans", call="KH", chelem=True)  # he leads
    assert deal.partner is None and deal.to_act == 1
    assert deal.can(Play(card("KH")))
    assert refused(deal, Play(card("7H"))) == "called_suit_first_trick"


def test_the_refusal_names_the_called_card_as_the_one_exception():
    deal = deal_with({0: "KH 7H 8S"}, players=5)
    to_play(deal, taker=1, call="KH")
    refusal = deal.why_not(Play(card("7H")))
    assert refusal is not None
    assert "sauf avec le Roi de cœur lui-même" in refusal.explain("fr")
    assert "except with the King of hearts itself" in refusal.explain("en")


def test_the_first_lead_may_be_another_suit_a_trump_or_the_excuse():
    deal = deal_with({0: "7H 8S T3 EX"}, players=5)
    to_play(deal, taker=1, call="KH")
    for ok in ("8S", "T3", "EX"):
        assert deal.can(Play(card(ok)))
    assert refused(deal, Play(card("7H"))) == "called_suit_first_trick"


def test_after_the_excuse_is_led_the_first_trick_still_may_not_be_set_in_the_called_suit():
    # The card after a led Excuse sets the suit: it is the real opening of the trick.
    deal = deal_with({0: "EX", 1: "7H 8S"}, players=5)
    to_play(deal, taker=2, call="KH")
    play(deal, "EX")
    assert refused(deal, Play(card("7H"))) == "called_suit_first_trick"
    assert deal.can(Play(card("8S")))


def test_the_called_suit_is_free_from_the_second_trick():
    deal = deal_with({0: "8S", 1: "10S", 2: "JS", 3: "NS", 4: "QS 2H"}, players=5,
                     voids={0: "S", 1: "S", 2: "S", 3: "S"})
    to_play(deal, taker=1, contract="garde_sans", call="KH")
    play(deal, "8S 10S JS NS QS")
    assert deal.tricks[0].winner == 4 and deal.to_act == 4
    deal.apply(Play(card("2H")))


def test_a_refused_call_says_what_may_be_called_in_each_language():
    deal = _calling({0: "KS KH KD KC", 3: "QD"})
    err = deal.why_not(Call(card("JD")))
    assert err.code == "call_not_allowed"
    assert err.explain("fr") == "Vous ne pouvez pas appeler le Valet de carreau\u00a0: appelez un roi ou une dame."
    assert err.explain("en") == "You cannot call the Jack of diamonds: call a king or a queen."
    plain = _calling({0: "KS"})
    assert plain.why_not(Call(card("QD"))).explain("en") == "You cannot call the Queen of diamonds: call a king."


def test_with_four_kings_calling_one_of_them_is_calling_oneself():
    deal = _calling({0: "KS KH KD KC"})
    deal.apply(Call(card("KH")))
    assert deal.partner is None and deal.view(0).partner_known


def test_moving_the_unplayed_called_king_moves_the_partner():
    deal = _calling({0: "KH", 2: "KS"}, voids={0: "SDC"})
    deal.apply(Call(card("KS")))
    hands = list(deal.hands)
    swap = (1 << card("KS")) | (hands[3] & -hands[3])  # the king for one of seat 3's cards
    hands[2] ^= swap
    hands[3] ^= swap
    moved = deal.with_cards_moved(hands)
    assert moved.partner == 3 and deal.partner == 2
