"""A bot says why: its decision is the action it chooses and the reason of the rule that chose it."""
import hashlib
import json

import pytest

from tarot.actions import Play
from tarot.bot import Decision, Reason
from tarot.bots import make_bot
from tarot.bots.levels import LEVELS
from tarot.teaching.hints import REASON_CODES, hint
from tarot.match import deal_seed
from tarot.rules import Rules
from tarot.state import Deal
from web.match.botstep import bot_seed
from web.browser.params import parse_params
from web.match.session import Session, Settings
from web.teaching.teacher import Teacher

from .helpers import card, deal_with, play, to_play
from .test_bots_standard import position


def _decide(level: str, deal: Deal, seat: int) -> Decision:
    return make_bot(level).decide(deal.view(seat))


# ------------------------------------------------------------------ the rules' reasons
def test_a_defender_leads_its_master_king_and_says_it_cashes_it():
    deal = to_play(deal_with({0: "KS 2S 3S 4H 5H 6H 7D 8D 9D 2C 3C 4C"}), taker=1, contract="garde_sans")
    assert _decide("standard", deal, 0) == Decision(Play(card("KS")), Reason("cash_master_king", {"card": "KS"}))


def test_a_defender_with_no_pip_to_lead_leads_its_cheapest_suit_card_to_keep_its_trumps():
    deal = position({0: "T14 T10 T5 JC", 1: "4H 5H 6H 7H", 2: "2D 3D 4D 5D", 3: "6D 7D 8D 9D"}, taker=1, leader=0)
    assert _decide("standard", deal, 0) == Decision(Play(card("JC")), Reason("lead_suit_keep_trumps", {"card": "JC"}))


def test_the_cheapest_card_that_leads_the_trick_by_chance_is_said_to_cost_least():
    deal = to_play(deal_with({0: "1C", 1: "2C 9C", 2: "3C", 3: "4C"}), taker=3, contract="garde_sans")
    play(deal, "1C")  # the taker plays last: the 2 wins for now, but it is the card that costs least
    assert _decide("standard", deal, 1) == Decision(Play(card("2C")), Reason("follow_low_unsure", {"card": "2C"}))


def test_the_debutant_leads_its_kings_first_and_says_so():
    deal = to_play(deal_with({0: "KS 2S 3S 4H 5H 6H 7D 8D 9D 2C 3C 4C"}), taker=1, contract="garde_sans")
    assert _decide("debutant", deal, 0) == Decision(Play(card("KS")), Reason("debutant_lead_king", {"card": "KS"}))


def test_the_debutant_bids_on_its_count_of_trumps_and_bouts():
    deal = deal_with({0: "T21 T2 T3 T4 T5 T6 T7 2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 7H"})  # 7 trumps, 1 bout
    decision = _decide("debutant", deal, 0)
    assert decision.reason == Reason("debutant_bid", {"points": 9, "contract": "prise", "threshold": 8})
    assert decision.reason.explain("en") == "Your trumps, with 2 per bout, count 9: Prise (from 8)."


def test_the_random_bot_says_its_choice_is_random():
    deal = to_play(deal_with({0: "KS 2S 3S"}), taker=1, contract="garde_sans")
    assert _decide("random", deal, 0).reason == Reason("random_choice")


# ------------------------------------------------------------------ decide is choose
@pytest.mark.parametrize("level", ["random", "debutant", "standard"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_decision_is_the_bots_choice_with_a_reason_in_words(level, players):
    deal = Deal.new(Rules(players=players), dealer=0, seed=31 + players)
    while deal.to_act is not None:
        seat = deal.to_act
        view = deal.view(seat)
        decision = make_bot(level, len(deal.history)).decide(view)
        assert decision.action == make_bot(level, len(deal.history)).choose(view)
        assert decision.reason.code in REASON_CODES
        assert decision.reason.explain("fr") and "{" not in decision.reason.explain("en")
        deal.apply(decision.action, seat=seat)


def test_the_experts_card_is_its_choice_with_a_reason():
    deal = to_play(deal_with({0: "KS 2S 3S 4H 5H 6H 7D 8D 9D 2C 3C 4C"}), taker=1, contract="garde_sans")
    decision = make_bot("expert", 3, samples=2).decide(deal.view(0))
    assert decision.action == make_bot("expert", 3, samples=2).choose(deal.view(0))
    assert decision.reason.code in REASON_CODES


def test_the_levels_all_decide():
    assert all(callable(getattr(factory(0), "decide", None)) for factory in LEVELS.values())


# ------------------------------------------------------------------ hints and "why?"
def test_the_hint_is_the_recommenders_decision():
    deal = position({0: "T14 T10 T5 JC", 1: "4H 5H 6H 7H", 2: "2D 3D 4D 5D", 3: "6D 7D 8D 9D"}, taker=1, leader=0)
    assert hint(deal.view(0)) == (Play(card("JC")), Reason("lead_suit_keep_trumps", {"card": "JC"}))


def test_why_answers_with_the_reason_the_tables_bot_gives():
    session = Session(Settings(first_deal=7, level="debutant"))
    teacher = Teacher(parse_params(""))
    if session.deal.to_act == 0:
        session.bid("pass")
    session.bot_step()
    seat, action = session.deal.history[-1]
    before = session.deal.replayed(len(session.deal.history) - 1)
    teacher.on_action("why", session)
    bot = make_bot("debutant", bot_seed(session.deal_number, seat, len(before.history)))
    assert teacher.why_shown is not None
    assert teacher.why_shown.reason == bot.decide(before.view(seat)).reason
    assert teacher.why_shown.reason.code.startswith("debutant_")  # the Débutant's own reasons, not the book's


# ------------------------------------------------------------------ the deal's fast questions
def test_the_deal_tells_the_bots_the_trick_in_bit_masks():
    deal = to_play(deal_with({0: "2H", 1: "T5 3S", 2: "T8 T3 4S", 3: "5H"}, voids={1: "H", 2: "H"}), taker=0,
                   contract="garde_sans")
    assert (deal.led_suit, deal.best_seat, deal.high_trump) == (-1, -1, -1)
    play(deal, "2H T5")
    assert (deal.led_suit, deal.best_seat, deal.high_trump) == (card("2H").suit, 1, card("T5"))
    legal = deal.legal_mask(2)
    assert legal == deal.legal_cards_mask(2) and legal >> card("T8") & 1 and not legal >> card("T3") & 1  # over the 5
    deal.play_unchecked(2, card("T8"))
    assert (deal.best_seat, deal.high_trump, deal.to_act) == (2, card("T8"), 3)


# ------------------------------------------------------------------ the bots play as they did
PINNED = {("debutant", 3): "54ba4e1fed188159", ("debutant", 4): "ccf589c4b60bc6bd", ("debutant", 5): "291b1ac6fc3c026e",
          ("standard", 3): "2367554fa9d1dbaf", ("standard", 4): "f2769712789832bd", ("standard", 5): "cce2cd887735b3aa"}


@pytest.mark.parametrize("level, players", sorted(PINNED))
def test_the_fast_levels_play_the_same_seeded_deals_as_before(level, players):
    """Four seeded deals per level and player count, their actions hashed: a change to a bot's play
    shows here (update the figure only for a change meant to alter the play)."""
    digest = hashlib.sha256()
    for k in range(4):
        seed = deal_seed(2027, k)
        deal = Deal.new(Rules(players=players), dealer=k % players, seed=seed)
        bots = [make_bot(level, deal_seed(seed, s + 1)) for s in range(players)]
        while deal.to_act is not None:
            seat = deal.to_act
            deal.apply(bots[seat].choose(deal.view(seat)), seat=seat)
        digest.update(json.dumps(deal.to_record()["actions"], separators=(",", ":")).encode())
    assert digest.hexdigest()[:16] == PINNED[level, players]
