"""Properties of every deal: random deals at 3, 4 and 5 players under every rule option,
played to the end by random legal choices, checked at every step.

Hypothesis runs derandomized (see conftest.py): the same deals on every run.
"""
from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarot.actions import Bid, Call, Chelem, Ecart, Misere, Play, Poignee, Purchase
from tarot.bots import random_ecart
from tarot.cards import ALL_CARDS, CARDS, EXCUSE, TRUMPS, cards_of, mask_of
from tarot.errors import IllegalAction
from tarot.rng import Rng
from tarot.rules import MISERE_KINDS, Contract, Rules
from tarot.state import Deal, Phase

from . import reference

OPTIONS = Rules.options()
PLAY_REFUSALS = {"card_not_in_hand", "must_follow_suit", "must_trump", "must_overtrump",
                 "must_play_trump", "called_suit_first_trick"}


@st.composite
def setups(draw, players=None):
    """Rules (any options), dealer, deal seed and the seed of the random choices."""
    n = players or draw(st.sampled_from([3, 4, 5]))
    options = {name: draw(st.booleans()) for name in Rules.options_for(n)}
    return (Rules(players=n, **options), draw(st.integers(0, n - 1)),
            draw(st.integers(0, 2**64 - 1)), draw(st.integers(0, 2**32 - 1)))


def choose(deal: Deal, rng: Rng):
    """A random legal action for the seat to act (any legal écart, not only the listed one)."""
    seat = deal.to_act
    if deal.phase is Phase.ECART:
        return random_ecart(deal.view(seat), rng)
    if deal.phase is Phase.PURCHASE:
        return random_purchase(deal, rng)
    actions = deal.legal_actions()
    if deal.phase is Phase.BIDDING and rng.below(3) == 0:
        return actions[0]  # pass more often, so that every contract comes up
    return rng.choice(actions)


def random_purchase(deal: Deal, rng: Rng) -> Purchase:
    """Any suit card held by another seat, for any card of the taker's."""
    hand = deal.hands[deal.to_act]
    elsewhere = [c for c in CARDS if not c.is_trump and c != EXCUSE and not hand >> c & 1
                 and not deal.ecart >> c & 1]
    return Purchase(rng.choice(elsewhere), rng.choice(cards_of(hand)))


def play_random(rules: Rules, dealer: int, seed: int, choices: int, check=None) -> Deal:
    """Deal from ``seed`` and play to the end; ``check(deal)`` runs before every action."""
    deal = Deal.new(rules, dealer=dealer, seed=seed)
    rng = Rng(choices)
    while not deal.is_over:
        if check is not None:
            check(deal)
        seat = deal.to_act
        deal.apply(choose(deal, rng), seat=seat)
    if check is not None:
        check(deal)
    return deal


# --- the checks --------------------------------------------------------------------------

def played_mask(deal: Deal) -> int:
    m = mask_of(deal.trick)
    for t in deal.tricks:
        m |= mask_of(t.cards)
    return m


def check_cards_conserved(deal: Deal) -> None:
    """Every card is in exactly one place: a hand, the chien set aside, the écart, or played."""
    places = list(deal.hands) + [played_mask(deal), deal.ecart]
    chien_taken = deal.contract is not None and deal.contract.chien_shown and \
        deal.phase not in (Phase.BIDDING, Phase.CALLING)
    if not chien_taken:
        places.append(deal.chien)
    union = 0
    for m in places:
        assert not union & m, "a card is in two places"
        union |= m
    assert union == ALL_CARDS


def check_legal(deal: Deal) -> None:
    """The seat to act has something to do, and every listed action is accepted."""
    if deal.is_over:
        assert deal.to_act is None and deal.legal_actions() == []
        return
    actions = deal.legal_actions()
    assert actions, f"no legal action in phase {deal.phase}"
    for a in actions:
        assert deal.why_not(a) is None, (a, deal.why_not(a))
        assert deal.why_not(a, seat=deal.to_act) is None
    other = (deal.to_act + 1) % deal.players
    assert deal.why_not(actions[0], seat=other).code == "not_your_turn"


def check_play_rules(deal: Deal) -> None:
    """In card play, the engine's playable cards are those the plain rules allow."""
    if deal.phase is not Phase.PLAY:
        return
    seat = deal.to_act
    hand = deal.hand(seat)
    expected = reference.legal_cards(hand, deal.trick, not deal.tricks, deal.called)
    assert set(cards_of(deal.legal_cards_mask())) == expected
    for c in CARDS:
        refusal = deal.why_not(Play(c))
        if c in expected:
            assert refusal is None
        else:
            assert refusal is not None and refusal.code in PLAY_REFUSALS, (c, refusal)
            assert (refusal.code == "card_not_in_hand") == (c not in hand)


def check_views(deal: Deal) -> None:
    """No seat's view shows a card it may not know, nor a partner it may not know."""
    done = deal.is_over
    for seat in range(deal.players):
        view = deal.view(seat)
        assert view.hand == tuple(sorted(view.hand, key=view.hand.index))
        assert mask_of(view.hand) == deal.hands[seat]
        assert view.hand_sizes == tuple(bin(h).count("1") for h in deal.hands)
        assert view.legal == (tuple(deal.legal_actions()) if seat == deal.to_act else ())
        if done:
            continue
        public = played_mask(deal) | (deal.ecart & TRUMPS)
        for _, _, shown in deal.poignees:
            public |= mask_of(shown)
        if deal.called is not None:
            public |= 1 << deal.called  # its name was said aloud, not where it is
        if deal.contract is not None and deal.contract.chien_shown and deal.phase not in (
                Phase.BIDDING, Phase.CALLING):
            public |= deal.chien
        own = deal.hands[seat] | (deal.ecart if seat == deal.taker else 0)
        if deal.purchase is not None:
            public |= 1 << deal.purchase.card  # asked for aloud
            if seat == deal.taker:
                own |= 1 << deal.purchase.give  # the taker knows the card he gave
        leak = view.visible_cards() & ~(public | own)
        assert not leak, f"seat {seat} sees {cards_of(leak)}"
        if view.partner is not None:
            assert seat == deal.partner or deal.partner_revealed
        if deal.players == 5 and deal.partner is not None and view.partner_known:
            assert seat == deal.partner or deal.partner_revealed


ONE_PART = (Bid(None), *(Bid(c) for c in Contract), Call(None), *(Call(c) for c in CARDS), Chelem(True),
            Chelem(False), *(Play(c) for c in CARDS), *(Misere(k) for k in MISERE_KINDS))


def check_listed(deal: Deal) -> None:
    """legal_actions() keeps the promise of tarot.actions in every phase: a decision of one
    part is listed exactly when the rules allow it."""
    listed = deal.legal_actions()
    for action in ONE_PART:
        assert (deal.why_not(action) is None) == (action in listed), (deal.phase, action)


def check_card_by_card(deal: Deal, rng: Rng) -> None:
    """A choice of several cards made a card at a time as the engine allows (in any order)
    ends on a decision it accepts; a card to buy is allowed when some card may be given for it."""
    hand = deal.hand(deal.to_act) if deal.to_act is not None else []
    order = [hand[i] for i in sorted(range(len(hand)), key=lambda _: rng.below(1000))]
    if deal.phase is Phase.ECART:
        chosen: list = []
        for c in order:
            if deal.why_not_discard(c, chosen) is None:
                chosen.append(c)
        assert deal.why_not(Ecart(tuple(chosen))) is None, [str(c) for c in chosen]
    for offer in (a for a in deal.legal_actions() if isinstance(a, Poignee)):
        chosen = []
        for c in order:
            if deal.why_not_show(c, chosen, len(offer.cards)) is None:
                chosen.append(c)
        assert deal.why_not(Poignee(tuple(chosen))) is None, [str(c) for c in chosen]
    if deal.phase is Phase.PURCHASE:
        for c in CARDS:
            givable = [g for g in hand if deal.why_not_give(g, c) is None]
            assert (deal.why_not_buy(c) is None) == any(deal.why_not(Purchase(c, g)) is None for g in givable)


def check_everything(deal: Deal) -> None:
    check_cards_conserved(deal)
    check_legal(deal)
    check_play_rules(deal)
    check_views(deal)


def check_count(deal: Deal) -> None:
    """The end: piles, points and scores, compared with the plain reading of the rules."""
    result = deal.result.to_json()
    if deal.rules.traditional_scoring:  # tokens won plus tokens put in the pots: nothing made or lost
        assert sum(result["tokens"]) + sum(result["pots"]) - sum(deal.pots) == 0
        assert all(p > 0 for p in result["pots"])
    else:
        assert "tokens" not in result and "pots" not in result
    if "redeal" in result:
        assert result["redeal"] in ("all_passed", "petit_sec")
        assert set(result) <= {"redeal", "tokens", "pots"}
        return
    defence, attack = deal.result.piles
    assert not defence & attack and defence | attack == ALL_CARDS
    assert sum(deal.result.card_points) == 182
    assert result["points"] * 2 == deal.result.card_points[1]
    assert sum(result["scores"]) == 0
    expected = reference.count(deal)
    assert deal.partner == expected["partner"]
    assert [t.leader for t in deal.tricks] == expected["leaders"]
    assert [t.winner for t in deal.tricks] == expected["winners"]
    for key in ("points", "bouts", "target", "made", "petit_au_bout", "chelem", "scores"):
        assert result[key] == expected[key], (key, result[key], expected[key])


# --- the properties ------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
@settings(max_examples=8)
@given(data=st.data())
def test_every_step_of_a_random_deal_follows_the_rules(players, data):
    rules, dealer, seed, choices = data.draw(setups(players))
    deal = play_random(rules, dealer, seed, choices, check=check_everything)
    check_count(deal)


def option_sets(players: int) -> list[dict[str, bool]]:
    """No option, each option alone, every pair of options, and all of them."""
    names = Rules.options_for(players)
    sets = [set(c) for k in (0, 1, 2) for c in itertools.combinations(names, k)] + [set(names)]
    return [{name: name in chosen for name in names} for chosen in sets]


@pytest.mark.parametrize("players, options", [
    (n, options) for n in (3, 4, 5) for options in option_sets(n)])
def test_every_option_combination_plays_and_counts_by_the_rules(players, options):
    rules = Rules(players=players, **options)
    played = 0
    for k in range(6):
        deal = play_random(rules, k % players, 1000 * players + k, k, check=check_cards_conserved)
        check_count(deal)
        played += deal.result.redeal is None
    assert played >= 3  # most deals are played, not dealt again


@settings(max_examples=40)
@given(setups())
def test_each_card_is_dealt_once(setup):
    rules, dealer, seed, _ = setup
    deal = Deal.new(rules, dealer=dealer, seed=seed)
    dealt = [c for h in deal.dealt_hands for c in h] + list(deal.dealt_chien)
    assert sorted(dealt) == list(CARDS)
    assert [len(h) for h in deal.dealt_hands] == [rules.hand_size] * rules.players
    assert len(deal.dealt_chien) == rules.chien_size


@settings(max_examples=30)
@given(setups())
def test_91_points_in_all_and_scores_sum_to_zero(setup):
    deal = play_random(*setup)
    check_count(deal)


@settings(max_examples=25)
@given(setups())
def test_a_seat_to_act_always_has_a_legal_action(setup):
    play_random(*setup, check=check_legal)


@settings(max_examples=25)
@given(setups())
def test_legal_actions_lists_every_decision_of_one_part_the_rules_allow(setup):
    play_random(*setup, check=check_listed)


@settings(max_examples=25)
@given(setups())
def test_a_choice_made_card_by_card_as_the_engine_allows_is_a_decision_it_accepts(setup):
    rng = Rng(setup[3])
    play_random(*setup, check=lambda deal: check_card_by_card(deal, rng))


@settings(max_examples=20)
@given(setups())
def test_a_view_never_holds_hidden_cards(setup):
    play_random(*setup, check=check_views)


@settings(max_examples=12)
@given(setups())
def test_record_to_state_to_record_from_every_prefix(setup):
    prefixes = []
    deal = play_random(*setup, check=lambda d: prefixes.append((d.to_record(), list(d.hands))))
    final = deal.to_record()
    assert Deal.from_record(json.loads(json.dumps(final))).to_record() == final
    for record, hands in prefixes:
        through_json = json.loads(json.dumps(record))
        again = Deal.from_record(through_json)
        assert again.to_record() == record
        assert again.hands == hands


@settings(max_examples=20)
@given(setups())
def test_a_deal_is_reproducible_from_its_seed_and_choices(setup):
    first = play_random(*setup).to_record()
    second = play_random(*setup).to_record()
    assert first == second


@settings(max_examples=20)
@given(setups(), st.integers(0, 2**32 - 1))
def test_a_refused_action_leaves_the_state_unchanged(setup, junk_seed):
    rules, dealer, seed, choices = setup
    deal = Deal.new(rules, dealer=dealer, seed=seed)
    rng, junk = Rng(choices), Rng(junk_seed)
    while not deal.is_over:
        before = (deal.to_record(), list(deal.hands), deal.phase, deal.to_act, list(deal.trick))
        attempt = Play(junk.choice(CARDS)) if junk.below(2) else Ecart(tuple(junk.sample(list(CARDS), 6)))
        refusal = deal.why_not(attempt)
        if refusal is not None:
            with pytest.raises(IllegalAction):
                deal.apply(attempt)
            assert (deal.to_record(), list(deal.hands), deal.phase, deal.to_act, list(deal.trick)) == before
        deal.apply(choose(deal, rng), seat=deal.to_act)


junk_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 100), st.text(max_size=3),
                        st.sampled_from(list(CARDS)), st.lists(st.sampled_from(list(CARDS)), max_size=7))
junk_actions = st.one_of(
    st.builds(Play, junk_values), st.builds(Ecart, junk_values), st.builds(Poignee, junk_values),
    st.builds(Bid, junk_values), st.builds(Call, junk_values), st.builds(Chelem, junk_values),
    st.builds(Misere, junk_values), junk_values)


@settings(max_examples=20)
@given(setups(), st.lists(junk_actions, min_size=1, max_size=5), st.lists(st.integers(-1, 5), min_size=1, max_size=5))
def test_bad_input_never_crashes_and_never_changes_the_deal(setup, attempts, seats):
    """Whatever is thrown at it, the engine answers with a refusal or accepts a legal action."""
    rules, dealer, seed, choices = setup
    deal = Deal.new(rules, dealer=dealer, seed=seed)
    rng = Rng(choices)
    step = 0
    while not deal.is_over:
        attempt, seat = attempts[step % len(attempts)], seats[step % len(seats)]
        step += 1
        before = (list(deal.history), list(deal.hands), deal.phase, deal.to_act, list(deal.trick))
        refusal = deal.why_not(attempt, seat=seat)
        if refusal is None:
            deal.apply(attempt, seat=seat)
            continue
        assert isinstance(refusal, IllegalAction)
        assert refusal.explain("fr") and refusal.explain("en")
        with pytest.raises(IllegalAction):
            deal.apply(attempt, seat=seat)
        assert (list(deal.history), list(deal.hands), deal.phase, deal.to_act, list(deal.trick)) == before
        deal.apply(choose(deal, rng), seat=deal.to_act)
