"""Pagat's partner at 4 players: after a prise the taker may call a king instead of the
purchase, before the chien is shown; its holder is his partner and each scores the value once."""
from tarot.actions import NO_CALL, Call
from tarot.state import Deal, Phase

from .helpers import bid_until, card, deal_with, play_keeping, to_play

STRONG = "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"


def _after_a_prise(**options):
    deal = deal_with({0: STRONG, 2: "KH"}, chien="1D 2D 3D 4D 5D 6D", prise_partner=True, **options)
    bid_until(deal, 0, "prise")
    while deal.phase is Phase.BIDDING:
        deal.apply(deal.legal_actions()[0])
    return deal


def test_after_a_prise_the_taker_may_call_a_king_or_go_on_alone():
    deal = _after_a_prise()
    assert deal.phase is Phase.CALLING and not deal.view(0).chien  # the chien not shown yet
    assert NO_CALL in deal.legal_actions() and Call(card("KH")) in deal.legal_actions()


def test_a_garde_calls_no_partner():
    deal = deal_with({0: "KS"}, prise_partner=True)
    bid_until(deal, 0, "garde")
    while deal.phase is Phase.BIDDING:
        deal.apply(deal.legal_actions()[0])
    assert deal.phase is Phase.ECART


def test_the_partner_and_the_taker_each_score_the_value_once():
    deal = _after_a_prise()
    to_play(deal, taker=0, contract="prise", call="KH", ecart="1D 2D 3D 4D 5D 6D")
    assert deal.partner == 2
    play_keeping(deal)
    r = deal.result
    d = r.score.per_defender
    assert r.partner == 2 and r.scores == (d, -d, d, -d) and r.shares == (1, 1, -1)


def test_without_a_call_the_taker_plays_alone_and_scores_three_times():
    deal = _after_a_prise()
    deal.apply(NO_CALL)
    assert deal.phase is Phase.ECART
    to_play(deal, taker=0, contract="prise", ecart="1D 2D 3D 4D 5D 6D")
    play_keeping(deal)
    d = deal.result.score.per_defender
    assert deal.result.scores == (3 * d, -d, -d, -d)


def test_the_call_is_written_and_going_on_alone_is_read_from_the_next_action():
    called = _after_a_prise()
    to_play(called, taker=0, contract="prise", call="KH", ecart="1D 2D 3D 4D 5D 6D")
    assert {"seat": 0, "type": "call", "card": "KH"} in called.to_record()["actions"]
    alone = _after_a_prise()
    to_play(alone, taker=0, contract="prise", ecart="1D 2D 3D 4D 5D 6D")
    record = alone.to_record()
    assert not any(a["type"] == "call" for a in record["actions"])
    again = Deal.from_record(record)
    assert again.partner is None and again.phase is Phase.PLAY and again.to_record() == record


def test_the_defenders_learn_the_partner_when_the_king_is_played():
    deal = _after_a_prise()
    to_play(deal, taker=0, contract="prise", call="KH", ecart="1D 2D 3D 4D 5D 6D")
    assert not deal.view(1).partner_known and deal.view(2).partner_known
