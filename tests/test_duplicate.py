"""Duplicate: the reference is the same deal with the Expert in seat 0, and your
duplicate score is your score minus the reference's."""
import pytest

from tarot.actions import action_from_json
from tarot.bots import make_bot
from tarot.teaching.duplicate import (SEAT, Budget, as_dealt, decision_seed, duplicate_score, expert_choices,
                                      field_deal, places, play_reference, reference, same_decision, seat_score)
from tarot.rules import Rules
from tarot.state import Deal
from web.match.botstep import bot_seed, decide
from web.duplicate.step import advice_step, field_step, reference_step

from .helpers import deal_with, to_play

CHEAP = Budget(samples=2, setup_samples=3)  # a quick Expert: the tests check agreement, not strength


def _by_hand(rules, number, level, budget):
    """The same deal played out with a plain loop: the Expert in seat 0, bots of ``level``
    elsewhere, every decision seeded by (deal number, seat, step)."""
    deal = Deal.new(rules, dealer=number % rules.players, seed=number)
    while not deal.is_over:
        seat = deal.to_act
        seed = decision_seed(number, seat, len(deal.history))
        bot = make_bot("expert", seed, samples=budget.samples, setup_samples=budget.setup_samples) \
            if seat == SEAT else make_bot(level, seed)
        deal.apply(bot.choose(deal.view(seat)), seat=seat)
    return deal


def _through_worker(rules, number, level, budget):
    """The reference as the page's worker computes it: plain JSON, one step per request."""
    start = Deal.new(rules, dealer=number % rules.players, seed=number)
    request = {"record": as_dealt(start.to_record()), "level": level, "deal_number": number,
               "budget": budget.to_json()}
    steps = 0
    while True:
        answer = reference_step(request)
        steps += 1
        if answer["done"]:
            return answer, steps
        request = {**request, "record": answer["record"]}


def test_the_page_and_the_reference_seed_decisions_alike():
    assert [bot_seed(77, s, k) for s in range(5) for k in range(3)] == \
        [decision_seed(77, s, k) for s in range(5) for k in range(3)]


@pytest.mark.parametrize("players, number", [(3, 11), (4, 5), (5, 3)])
def test_the_reference_is_the_deal_played_by_the_expert_in_seat_0(players, number):
    rules = Rules(players=players)
    ref = reference(rules, number, "standard", CHEAP)
    by_hand = _by_hand(rules, number, "standard", CHEAP)
    assert ref.to_record() == by_hand.to_record()
    assert ref.result == by_hand.result


@pytest.mark.parametrize("players, number", [(4, 5), (4, 8), (3, 2)])
def test_the_workers_reference_equals_cpythons(players, number):
    rules = Rules(players=players)
    answer, steps = _through_worker(rules, number, "standard", CHEAP)
    ref = reference(rules, number, "standard", CHEAP)
    assert answer["record"] == ref.to_record()
    assert answer["score"] == ref.result.scores[0]
    assert steps >= 1


def test_the_reference_uses_the_same_cards_and_dealer():
    rules = Rules(players=4)
    ref = reference(rules, 6, "debutant", CHEAP)
    dealt = Deal.new(rules, dealer=6 % 4, seed=6)
    assert ref.dealt_hands == dealt.dealt_hands and ref.dealt_chien == dealt.dealt_chien
    assert ref.dealer == 2


def test_the_other_seats_decide_as_the_page_s_bots_do():
    """Wherever a bot acts in the reference, the page's bot step picks the same action."""
    ref = reference(Rules(players=4), 9, "standard", CHEAP)
    replay = Deal.from_record(as_dealt(ref.to_record()))
    for seat, action in ref.history:
        if seat != SEAT:
            assert decide(replay, "standard", 9) == action
        replay.apply(action, seat=seat)


def test_a_duplicate_score_is_your_score_minus_the_reference_s():
    rules = Rules(players=4)
    number = 5
    ref = reference(rules, number, "standard", CHEAP)
    own = Deal.new(rules, dealer=number % 4, seed=number)
    play_reference(own, "standard", number, None)  # no budget: a Standard bot in seat 0 too
    assert duplicate_score(own.result, ref.result) == own.result.scores[0] - ref.result.scores[0]
    assert duplicate_score(ref.result, ref.result) == 0
    assert seat_score(ref.result) == ref.result.scores[0]


def test_the_expert_agrees_with_its_own_reference():
    ref = reference(Rules(players=4), 5, "standard", CHEAP)
    differences, after = expert_choices(ref.to_record(), "standard", 5, CHEAP)
    assert differences == [] and after is None


def test_the_expert_s_other_choices_are_legal_where_they_are_offered():
    rules = Rules(players=4)
    own = Deal.new(rules, dealer=1, seed=5)
    play_reference(own, "random", 5, None)  # a random player in seat 0
    record = own.to_record()
    differences, _ = expert_choices(record, "random", 5, CHEAP)
    assert differences  # a random player and the Expert part ways somewhere
    replay = Deal.from_record(as_dealt(record))
    wanted = dict(differences)
    for index, item in enumerate(record["actions"]):
        if index in wanted:
            seat, choice = action_from_json(wanted[index])
            assert seat == SEAT and replay.why_not(choice, SEAT) is None
            assert not same_decision(wanted[index], item)
        replay.apply(*reversed(action_from_json(item)))


def test_the_expert_s_other_choices_follow_a_record_that_leaves_out_a_declined_call():
    # 4 players with a partner for a prise: seat 0 takes a prise and calls nobody, which
    # its record does not write down; the Expert's choices are looked for all the same.
    deal = to_play(deal_with(prise_partner=True), taker=0, contract="prise")
    assert deal.called is None and deal.phase.value == "play"
    play_reference(deal, "random", 5, None)
    record = deal.to_record()
    assert not any(a["type"] == "call" for a in record["actions"])
    differences, after = expert_choices(record, "random", 5, CHEAP)
    ecart = next(i for i, a in enumerate(record["actions"]) if a["type"] == "ecart")
    assert after is None and any(index > ecart for index, _ in differences)  # its cards were looked at


def test_advice_in_steps_adds_up_to_the_whole():
    rules = Rules(players=4)
    own = Deal.new(rules, dealer=1, seed=5)
    play_reference(own, "random", 5, None)
    record = own.to_record()
    whole, _ = expert_choices(record, "random", 5, CHEAP)
    found, start = [], 0
    while start is not None:
        answer = advice_step({"record": record, "level": "random", "deal_number": 5,
                              "budget": CHEAP.to_json(), "from": start})
        found += [tuple(pair) for pair in answer["advice"]]
        start = answer["next"]
    assert found == whole


def test_an_ecart_in_another_order_is_the_same_decision():
    a = {"seat": 0, "type": "ecart", "cards": ["KH", "7H"]}
    assert same_decision(a, {"seat": 0, "type": "ecart", "cards": ["7H", "KH"]})
    assert not same_decision(a, {"seat": 0, "type": "ecart", "cards": ["7H", "6H"]})


@pytest.mark.parametrize("budget, word", [({"samples": 0}, "samples"), ({"setup_samples": "x"}, "setup_samples"),
                                          ([], "object")])
def test_a_bad_budget_is_refused_by_name(budget, word):
    with pytest.raises(ValueError, match=word):
        Budget.from_json(budget)


def test_a_bad_reference_request_is_refused():
    with pytest.raises(ValueError, match="deal_number"):
        reference_step({"record": {}, "level": "standard", "deal_number": "x"})


def test_places_share_a_place_on_equal_scores_and_skip_the_next():
    assert places({"you": 40, "expert": 20, "standard": 20, "debutant": -10}) == \
        {"you": 1, "expert": 2, "standard": 2, "debutant": 4}
    assert places({"you": 0, "expert": 0}) == {"you": 1, "expert": 1}


@pytest.mark.parametrize("players, number", [(3, 4), (4, 5), (5, 3)])
def test_the_field_is_the_deal_with_the_field_level_in_seat_0_and_the_same_bots_elsewhere(players, number):
    rules = Rules(players=players)
    deal = field_deal(Deal.new(rules, dealer=number % players, seed=number), "standard", number, "debutant")
    replay = Deal.new(rules, dealer=number % players, seed=number)
    for seat, action in deal.history:
        level = "debutant" if seat == SEAT else "standard"
        bot = make_bot(level, decision_seed(number, seat, len(replay.history)))
        assert bot.choose(replay.view(seat)) == action
        replay.apply(action, seat=seat)
    assert replay.result == deal.result


def test_the_workers_field_equals_cpythons():
    rules = Rules(players=4)
    start = Deal.new(rules, dealer=1, seed=5)
    request = {"record": as_dealt(start.to_record()), "level": "standard", "deal_number": 5, "seat_level": "standard"}
    while not (answer := field_step(request))["done"]:
        request = {**request, "record": answer["record"]}
    same = play_reference(Deal.new(rules, dealer=1, seed=5), "standard", 5, None)
    assert answer["record"] == same.to_record() and answer["score"] == same.result.scores[0]


def test_a_field_request_for_a_level_outside_the_field_is_refused():
    start = Deal.new(Rules(players=4), dealer=1, seed=5)
    with pytest.raises(ValueError, match="seat_level"):
        field_step({"record": as_dealt(start.to_record()), "level": "standard", "deal_number": 5, "seat_level": "expert"})
