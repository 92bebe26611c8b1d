"""``tarot-deal/1`` records: written at any point, read back to the same deal, bad ones refused."""
import copy
import json

import pytest

from tarot.actions import BIDS, Misere, Poignee, action_from_json, action_to_json
from tarot.errors import RecordError
from tarot.state import Deal, Phase

from .helpers import bid_until, card, cards, deal_with, play, play_keeping, to_play


def _finished():
    deal = deal_with({0: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"}, voids={0: "T"})
    to_play(deal, taker=1, contract="garde")
    deal.apply(Poignee(tuple(cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"))))
    play_keeping(deal)
    return deal


def test_a_record_has_the_documented_shape():
    record = _finished().to_record()
    assert list(record) == ["format", "rules", "dealer", "hands", "chien", "actions", "result"]
    assert record["format"] == "tarot-deal/1"
    assert record["rules"] == {"players": 4}
    assert record["actions"][0] == {"seat": 0, "type": "bid", "bid": "pass"}
    assert {"seat": 1, "type": "bid", "bid": "garde"} in record["actions"]
    ecart = next(a for a in record["actions"] if a["type"] == "ecart")
    assert ecart["seat"] == 1 and len(ecart["cards"]) == 6
    declare = next(a for a in record["actions"] if a["type"] == "declare")
    assert declare == {"seat": 0, "type": "declare", "kind": "poignee",
                       "cards": ["T11", "T10", "T9", "T8", "T7", "T6", "T5", "T4", "T3", "T2"]}
    # The declaration comes right before that seat's first card.
    i = record["actions"].index(declare)
    assert record["actions"][i + 1]["seat"] == 0 and record["actions"][i + 1]["type"] == "play"
    # The chelem declined is written down.
    assert {"seat": 1, "type": "chelem", "announce": False} in record["actions"]
    result = record["result"]
    assert set(result) == {"taker", "partner", "contract", "points", "bouts", "target", "made",
                           "petit_au_bout", "chelem", "poignees", "scores"}
    assert result["poignees"] == [{"seat": 0, "size": "simple"}]
    assert sum(result["scores"]) == 0


def test_a_record_reads_back_to_the_same_deal():
    deal = _finished()
    again = Deal.from_record(json.loads(json.dumps(deal.to_record())))
    assert again.to_record() == deal.to_record()
    assert again.result == deal.result and again.phase is Phase.DONE


def test_an_announced_chelem_is_written_down():
    deal = to_play(deal_with(), taker=2, contract="garde_sans", chelem=True)
    record = deal.to_record()
    assert record["actions"][-1] == {"seat": 2, "type": "chelem"}
    assert Deal.from_record(record).chelem_announced


def test_a_record_may_stop_part_way():
    deal = to_play(deal_with({0: "7H"}), taker=1, contract="prise")
    play(deal, "7H")
    record = deal.to_record()
    assert "result" not in record
    again = Deal.from_record(record)
    assert again.phase is Phase.PLAY and again.to_act == 1 and again.trick == [card("7H")]
    assert again.to_record() == record


def test_a_record_cut_after_the_ecart_reads_back_at_the_chelem_announcement():
    deal = bid_until(deal_with(), taker=1, contract="prise")
    while deal.phase is Phase.BIDDING:
        deal.apply(BIDS["pass"])
    deal.apply(deal.legal_actions()[0])  # the écart
    record = deal.to_record()
    again = Deal.from_record(record)
    assert again.phase is Phase.CHELEM and again.to_act == 1
    assert again.to_record() == record


def test_a_declined_chelem_is_written_and_a_record_without_it_still_loads():
    deal = to_play(deal_with(), taker=1, contract="prise", chelem=False)
    record = deal.to_record()
    assert record["actions"][-1] == {"seat": 1, "type": "chelem", "announce": False}
    assert Deal.from_record(record).phase is Phase.PLAY
    older = dict(record, actions=record["actions"][:-1] + [
        {"seat": deal.to_act, "type": "play", "card": str(deal.legal_actions()[0].card)}])
    assert Deal.from_record(older).chelem_announced is False  # declined implicitly at the first card
    announced = dict(record, actions=record["actions"][:-1] + [{"seat": 1, "type": "chelem"}])
    assert Deal.from_record(announced).chelem_announced is True


def test_a_card_nested_a_thousand_levels_deep_is_a_malformed_record():
    deal = to_play(deal_with(), taker=1, contract="prise", chelem=False)
    record = deal.to_record()
    deep: object = "KH"
    for _ in range(1000):
        deep = [deep]
    record["actions"].append({"seat": 1, "type": "play", "card": deep})
    with pytest.raises(RecordError) as refusal:
        Deal.from_record(record)
    assert len(str(refusal.value)) < 200


def test_a_huge_token_is_cut_short_in_the_message():
    deal = to_play(deal_with(), taker=1, contract="prise", chelem=False)
    record = deal.to_record()
    record["actions"].append({"seat": 1, "type": "play", "card": "T" + "2" * 50_000_000})
    with pytest.raises(RecordError) as refusal:
        Deal.from_record(record)
    assert "not a card" in str(refusal.value) and len(str(refusal.value)) < 200


def test_the_result_of_a_record_is_ignored_on_input():
    deal = _finished()
    record = deal.to_record()
    record["result"] = {"scores": [1000, 0, 0, -1000]}
    assert Deal.from_record(record).result == deal.result


def test_a_misere_is_written_as_a_declaration():
    deal = to_play(deal_with({}, voids={0: "T"}, misere=True), taker=1, contract="garde_sans")
    deal.apply(Misere("atout"))
    record = deal.to_record()
    assert record["rules"] == {"players": 4, "misere": True}
    assert record["actions"][-1] == {"seat": 0, "type": "declare", "kind": "misere", "misere": "atout"}
    assert Deal.from_record(record).miseres == [(0, "atout")]


def test_a_misere_written_without_saying_which_is_the_one_the_hand_allows():
    no_face = "T5 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H"  # a trump, no king to valet, no bout
    for hand, voids, kind in ((no_face, {}, "tetes"), ({}, {0: "T"}, "atout")):
        deal = to_play(deal_with({0: hand} if hand else {}, voids=voids, misere=True), taker=1,
                       contract="garde_sans")
        record = deal.to_record()
        record["actions"].append({"seat": 0, "type": "declare", "kind": "misere"})
        assert Deal.from_record(record).miseres == [(0, kind)]


def test_a_misere_written_without_saying_which_is_refused_when_the_hand_allows_none():
    deal = to_play(deal_with({}, voids={}, misere=True), taker=1, contract="garde_sans")
    record = deal.to_record()
    record["actions"].append({"seat": 0, "type": "declare", "kind": "misere"})
    with pytest.raises(RecordError) as refusal:
        Deal.from_record(record)
    assert refusal.value.index == len(record["actions"]) - 1
    assert refusal.value.refusal.code == "misere_atout_held"


def test_an_ecart_in_a_garde_contre_is_refused_at_the_chelem_announcement():
    deal = bid_until(deal_with(), taker=1, contract="garde_contre")
    while deal.phase is Phase.BIDDING:
        deal.apply(BIDS["pass"])
    record = deal.to_record()
    record["actions"].append({"seat": 1, "type": "ecart", "cards": ["1S", "2S", "3S", "4S", "5S", "6S"]})
    with pytest.raises(RecordError) as refusal:
        Deal.from_record(record)
    assert refusal.value.refusal.code == "wrong_phase"  # not "not your turn": nobody declined the chelem


@pytest.mark.parametrize("entry", [
    {"seat": 1, "type": "bid", "bid": "garde_sans"},
    {"seat": 2, "type": "call", "card": "KH"},
    {"seat": 3, "type": "ecart", "cards": ["1S", "2S", "3S", "4S", "5S", "6S"]},
    {"seat": 0, "type": "chelem"},
    {"seat": 0, "type": "declare", "kind": "poignee", "cards": ["T21", "EX"]},
    {"seat": 1, "type": "declare", "kind": "misere", "misere": "tetes"},
    {"seat": 4, "type": "play", "card": "EX"},
])
def test_every_action_type_writes_back_the_same(entry):
    seat, action = action_from_json(entry)
    assert action_to_json(seat, action) == entry


# --- refused records ---------------------------------------------------------------------------

def _good():
    deal = to_play(deal_with({0: "7H"}), taker=1, contract="prise")
    play(deal, "7H")
    return deal.to_record()


def _broken(change):
    record = copy.deepcopy(_good())
    change(record)
    return record


def _error(record) -> RecordError:
    with pytest.raises(RecordError) as err:
        Deal.from_record(record)
    return err.value


@pytest.mark.parametrize("record, words", [
    ([], "JSON object"),
    ("tarot", "JSON object"),
    (None, "JSON object"),
])
def test_a_record_must_be_an_object(record, words):
    assert words in str(_error(record))


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(format="tarot-deal/2"), "format"),
    (lambda r: r.pop("format"), "format"),
    (lambda r: r.update(rules={"players": 6}), "players"),
    (lambda r: r.update(rules={"players": 4, "jokers": True}), "jokers"),
    (lambda r: r.update(rules="4"), "rules"),
    (lambda r: r.pop("rules"), "rules"),
    (lambda r: r.update(dealer=4), "dealer"),
    (lambda r: r.update(dealer="0"), "dealer"),
    (lambda r: r.update(dealer=True), "dealer"),
    (lambda r: r.update(hands=r["hands"][:3]), "hands"),
    (lambda r: r.update(hands="KH"), "hands"),
    (lambda r: r["hands"][2].pop(), "hand 2"),
    (lambda r: r["hands"].__setitem__(1, "KH QH"), "hand 1"),
    (lambda r: r.update(chien=r["chien"][:5]), "chien"),
    (lambda r: r.pop("chien"), "chien"),
    (lambda r: r.update(actions={"seat": 0}), "actions"),
])
def test_a_malformed_record_is_refused_saying_why(change, words):
    err = _error(_broken(change))
    assert words in str(err)
    assert err.index is None


@pytest.mark.parametrize("token", ["kh", "K♥", "T22", "", 5, None])
def test_a_bad_card_token_in_a_hand_is_named(token):
    err = _error(_broken(lambda r: r["hands"][3].__setitem__(0, token)))
    assert repr(token) in str(err)


def test_a_bad_card_token_in_the_chien_is_named():
    err = _error(_broken(lambda r: r["chien"].__setitem__(0, "XX")))
    assert "'XX'" in str(err)


def test_a_card_dealt_twice_is_named():
    def twice(r):
        r["hands"][1][0] = r["hands"][0][0]
    record = _broken(twice)
    err = _error(record)
    assert "twice" in str(err) and record["hands"][0][0] in str(err)


def test_a_card_in_a_hand_and_the_chien_is_dealt_twice():
    def twice(r):
        r["chien"][0] = r["hands"][2][5]
    err = _error(_broken(twice))
    assert "twice" in str(err)


@pytest.mark.parametrize("entry, words", [
    ("pass", "object"),
    ({"type": "bid", "bid": "pass"}, "seat"),
    ({"seat": "0", "type": "bid", "bid": "pass"}, "seat"),
    ({"seat": 0, "type": "bet", "bid": "pass"}, "'bet'"),
    ({"seat": 0, "type": "bid", "bid": "Garde"}, "'Garde'"),
    ({"seat": 0, "type": "bid"}, "bid"),
    ({"seat": 0, "type": "play", "card": "7h"}, "'7h'"),
    ({"seat": 0, "type": "play"}, "a play action needs a 'card'"),
    ({"seat": 0, "type": "purchase", "card": "KH"}, "a purchase action needs a 'give'"),
    ({"seat": 0, "type": "ecart", "cards": "1S 2S"}, "cards"),
    ({"seat": 0, "type": "declare", "kind": "poignee", "cards": ["T1", "T99"]}, "'T99'"),
    ({"seat": 0, "type": "declare", "kind": "chelem"}, "'chelem'"),
    ({"seat": 0, "type": "declare", "kind": "misere", "misere": "rois"}, "'rois'"),
])
def test_a_malformed_action_is_refused_with_its_index(entry, words):
    record = _good()
    record["actions"][2] = entry
    err = _error(record)
    assert err.index == 2 and words in str(err)
    assert str(err).startswith("action 2: ")


def test_an_illegal_action_is_refused_with_its_index_and_the_refusal():
    record = _good()
    record["actions"][1] = {"seat": 1, "type": "bid", "bid": "prise"}
    record["actions"].insert(2, {"seat": 2, "type": "bid", "bid": "prise"})  # not an overbid
    err = _error(record)
    assert err.index == 2
    assert err.refusal is not None and err.refusal.code == "bid_too_low"
    assert "action 2" in str(err)


def test_an_action_by_the_wrong_seat_is_refused():
    record = _good()
    record["actions"][0]["seat"] = 3
    err = _error(record)
    assert err.index == 0 and err.refusal.code == "not_your_turn"


def test_an_illegal_card_is_refused_with_the_rule_broken():
    deal = to_play(deal_with({0: "7H", 1: "8H T5"}), taker=1, contract="garde_sans")
    play(deal, "7H")
    record = deal.to_record()
    record["actions"].append({"seat": 1, "type": "play", "card": "T5"})
    err = _error(record)
    assert err.index == len(record["actions"]) - 1
    assert err.refusal.code == "must_follow_suit"


def test_an_action_after_the_end_of_the_deal_is_refused():
    record = _finished().to_record()
    record["actions"].append({"seat": 0, "type": "play", "card": "KH"})
    err = _error(record)
    assert err.refusal.code == "deal_over" and err.index == len(record["actions"]) - 1


def test_a_card_not_held_is_refused():
    record = _good()
    seat_holding_nothing = {"seat": 1, "type": "play", "card": "7H"}
    record["actions"].append(seat_holding_nothing)
    err = _error(record)
    assert err.refusal.code == "card_not_in_hand"
