"""Bidding: one round from the dealer's right, each seat once, only overbids (option rebid: round and round)."""
from tarot.actions import BIDS, PASS, Bid
from tarot.rules import Contract
from tarot.state import Deal, Phase

from .helpers import bid_until, deal_with, refused


def test_each_seat_bids_once_in_turn_from_the_dealers_right():
    deal = deal_with(dealer=1)
    order = []
    while deal.phase is Phase.BIDDING:
        order.append(deal.to_act)
        deal.apply(PASS if len(order) != 3 else BIDS["prise"])
    assert order == [2, 3, 0, 1]
    assert deal.taker == 0 and deal.contract is Contract.PRISE


def test_contracts_rank_prise_garde_garde_sans_garde_contre():
    assert Contract.PRISE < Contract.GARDE < Contract.GARDE_SANS < Contract.GARDE_CONTRE
    assert [c.multiplier for c in Contract] == [1, 2, 4, 6]
    assert [c.code for c in Contract] == ["prise", "garde", "garde_sans", "garde_contre"]


def test_a_bid_must_be_higher_than_the_one_before():
    deal = deal_with()
    deal.apply(BIDS["garde"])
    assert refused(deal, BIDS["prise"]) == "bid_too_low"
    assert refused(deal, BIDS["garde"]) == "bid_too_low"
    deal.apply(BIDS["garde_sans"])
    assert deal.highest_bid is Contract.GARDE_SANS


def test_a_pass_is_always_allowed():
    deal = deal_with()
    deal.apply(BIDS["garde_contre"])
    assert deal.can(PASS)
    assert deal.legal_actions() == [PASS]


def test_legal_bids_are_pass_and_the_contracts_above_the_highest():
    deal = deal_with()
    assert deal.legal_actions() == [PASS, BIDS["prise"], BIDS["garde"], BIDS["garde_sans"],
                                    BIDS["garde_contre"]]
    deal.apply(BIDS["garde"])
    assert deal.legal_actions() == [PASS, BIDS["garde_sans"], BIDS["garde_contre"]]


def test_the_highest_bidder_takes_after_one_round():
    deal = deal_with()
    for b in ("prise", "pass", "garde", "pass"):
        deal.apply(BIDS[b])
    assert deal.taker == 2 and deal.contract is Contract.GARDE
    assert deal.phase is Phase.ECART and deal.to_act == 2


def test_no_second_round_of_bidding():
    deal = deal_with()
    for b in ("prise", "pass", "pass", "pass"):
        deal.apply(BIDS[b])
    assert deal.phase is not Phase.BIDDING
    assert refused(deal, BIDS["garde"]) == "wrong_phase"


def test_garde_sans_and_garde_contre_skip_the_ecart():
    for contract in ("garde_sans", "garde_contre"):
        deal = bid_until(deal_with(), 1, contract)
        while deal.phase is Phase.BIDDING:
            deal.apply(PASS)
        assert deal.phase is Phase.CHELEM and deal.to_act == 1


def test_a_bid_that_is_not_a_contract_is_refused():
    deal = deal_with()
    assert refused(deal, Bid(7)) == "not_an_action"
    assert refused(deal, Bid("garde")) == "not_an_action"


# Option rebid (older rules): "chaque joueur qui n'a pas passé peut monter l'enchère".
def _bids(deal, *codes: str) -> list[int]:
    """Apply the bids in turn; the seats that made them."""
    seats = []
    for code in codes:
        seats.append(deal.to_act)
        deal.apply(BIDS[code])
    return seats


def test_with_rebid_a_seat_outbid_may_bid_again_higher():
    deal = deal_with(rebid=True)
    assert _bids(deal, "prise", "garde", "pass", "pass") == [0, 1, 2, 3]
    assert deal.phase is Phase.BIDDING and deal.to_act == 0  # outbid, it has not passed
    assert deal.legal_actions() == [PASS, BIDS["garde_sans"], BIDS["garde_contre"]]
    deal.apply(BIDS["garde_sans"])
    assert deal.to_act == 1  # the garde may go higher in turn
    deal.apply(PASS)
    assert deal.taker == 0 and deal.contract is Contract.GARDE_SANS


def test_with_rebid_a_seat_that_passed_does_not_speak_again():
    deal = deal_with(rebid=True)
    assert _bids(deal, "pass", "prise", "pass", "garde") == [0, 1, 2, 3]
    assert deal.to_act == 1  # seats 0 and 2 passed: only the prise is asked again
    deal.apply(PASS)
    assert deal.taker == 3 and deal.contract is Contract.GARDE


def test_with_rebid_the_bidding_ends_when_every_seat_but_the_highest_bidder_has_passed():
    deal = deal_with(rebid=True)
    _bids(deal, "prise", "pass", "pass", "pass")
    assert deal.taker == 0 and deal.phase is Phase.ECART  # as in one round: nobody outbid it


def test_with_rebid_four_passes_still_deal_again():
    deal = deal_with(rebid=True)
    _bids(deal, "pass", "pass", "pass", "pass")
    assert deal.result is not None and deal.result.redeal == "all_passed"


def test_with_rebid_a_record_of_several_rounds_reads_back():
    deal = deal_with(rebid=True, players=3)
    assert _bids(deal, "prise", "garde", "garde_sans", "garde_contre", "pass") == [0, 1, 2, 0, 1]
    assert deal.to_act == 2
    deal.apply(PASS)
    assert deal.taker == 0 and deal.contract is Contract.GARDE_CONTRE
    record = deal.to_record()
    assert record["rules"] == {"players": 3, "rebid": True}
    assert [a["seat"] for a in record["actions"] if a["type"] == "bid"] == [0, 1, 2, 0, 1, 2]
    assert Deal.from_record(record).contract is Contract.GARDE_CONTRE
