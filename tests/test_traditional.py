"""Pagat's traditional scoring: pots and tokens, worked out by hand over a match of three deals."""
from tarot.actions import Poignee
from tarot.match import Match
from tarot.rules import Rules
from tarot.state import Deal

from .helpers import card, cards, layout, play_keeping, to_play

STRONG = "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21"
CHIEN = "1D 2D 3D 4D 5D 6D"
RULES = Rules(players=4, traditional_scoring=True)


def _deal(hands: dict[int, str], dealer: int, pots=(), doubled=(), voids=None) -> Deal:
    dealt, chien = layout(4, hands, CHIEN, voids)
    return Deal(RULES, dealer, dealt, chien, tuple(pots), tuple(doubled))


def test_a_match_of_three_deals_feeds_wins_and_doubles_the_pots():
    # Deal 1, dealt by seat 3, no pot on the table: seats 0-2 put in 10, the dealer 20: pot 50.
    # Seat 0 takes a garde with every high trump and wins every trick; seat 1's Excuse stays
    # with the defence: 87 points, 2 bouts, 46 beyond 41. The game: 46 + 10 (garde) + 200
    # (chelem) = 256 from each defender; the taker takes the pot.
    one = _deal({0: STRONG, 1: "EX"}, dealer=3)
    to_play(one, taker=0, contract="garde", ecart=CHIEN)
    play_keeping(one)
    r = one.result
    assert (r.points, r.bouts, r.chelem, r.petit_au_bout) == (87, 2, "unannounced_made", None)
    assert r.tokens == (-10 + 3 * 256 + 50, -10 - 256, -10 - 256, -20 - 256)
    assert r.pots == ()

    # Deal 2, dealt by seat 0, no pot: a new pot of 50. Seat 1 takes a prise with no trump;
    # seat 2 holds every high trump and wins every trick: the attack has its écart (3 points),
    # 53 short of 56. The game: 53 + 0 (prise) + 200 (the defence's chelem) = 253 to each
    # defender; the taker loses, so he doubles the pot (50 more).
    two = _deal({2: STRONG}, dealer=0, pots=r.pots, doubled=r.pots_doubled, voids={1: "T"})
    to_play(two, taker=1, contract="prise", ecart=CHIEN)
    play_keeping(two)
    r2 = two.result
    assert (r2.points, r2.bouts, r2.made, r2.chelem) == (3, 0, False, "defense")
    assert r2.tokens == (-20 + 253, -10 - 3 * 253 - 50, -10 + 253, -10 + 253)
    assert (r2.pots, r2.pots_doubled) == ((100,), (True,))

    # Deal 3, dealt by seat 1: the dealer adds 5 to the pot (105). The same count; the pot
    # was doubled already, so the losing taker puts a new pot of 105 beside it.
    three = _deal({2: STRONG}, dealer=1, pots=r2.pots, doubled=r2.pots_doubled, voids={1: "T"})
    to_play(three, taker=1, contract="prise", ecart=CHIEN)
    play_keeping(three)
    r3 = three.result
    assert r3.tokens == (253, -5 - 3 * 253 - 105, 253, 253)
    assert (r3.pots, r3.pots_doubled) == ((105, 105), (True, False))
    # Tokens won plus tokens on the table: nothing made or lost over the match.
    assert sum(r.tokens) + sum(r2.tokens) + sum(r3.tokens) + sum(r3.pots) == 0


def test_the_record_carries_the_pots_before_the_deal_and_the_result_the_tokens():
    deal = _deal({2: STRONG}, dealer=1, pots=(100,), doubled=(True,), voids={1: "T"})
    to_play(deal, taker=1, contract="prise", ecart=CHIEN)
    play_keeping(deal)
    record = deal.to_record()
    assert record["pots"] == [100] and record["pots_doubled"] == [True]
    assert record["result"]["pots"] == [105, 105] and sum(record["result"]["tokens"]) == -110
    assert Deal.from_record(record).result == deal.result


def test_the_purchase_is_paid_10_to_the_player_who_gives_the_card():
    rules = Rules(players=4, traditional_scoring=True, purchase=True)
    dealt, chien = layout(4, {0: STRONG, 2: "KD"}, CHIEN)
    deal = Deal(rules, 3, dealt, chien)
    to_play(deal, taker=0, contract="prise", ecart=CHIEN, purchase="KD T4")
    assert deal.purchase is not None and deal.purchase.holder == 2
    play_keeping(deal)
    # Seat 0 still wins every trick: 87 points, 46 beyond the target; a prise adds nothing,
    # the chelem 200: 246 from each defender. Pot 50 as in deal 1, and the purchase paid 10.
    r = deal.result
    assert (r.points, r.made, r.chelem, r.score.difference) == (87, True, "unannounced_made", 46)
    assert r.tokens == (-10 - 10 + 3 * 246 + 50, -10 - 246, -10 + 10 - 246, -20 - 246)


def test_a_match_keeps_the_pots_from_deal_to_deal():
    match = Match(RULES, first_deal=7)
    for _ in range(3):
        deal = match.new_deal()
        assert deal.pots == match.pots[0]
        while not deal.is_over:
            deal.apply(deal.legal_actions()[0])
        match.finish(deal)
    assert sum(match.token_totals) + sum(match.pots[0]) == 0


def test_petit_au_bout_is_paid_10_by_each_other_player_to_whoever_took_it_to_the_end():
    # As deal 1, with the taker keeping the Petit to lead it to the last trick.
    deal = _deal({0: "T1 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21", 1: "EX"}, dealer=3)
    to_play(deal, taker=0, contract="garde", ecart=CHIEN)
    play_keeping(deal, keep={0: "T1"})
    r = deal.result
    assert (r.points, r.petit_au_bout, r.chelem) == (87, "attack", "unannounced_made")
    assert r.tokens == (-10 + 3 * 10 + 3 * 256 + 50, -10 - 10 - 256, -10 - 10 - 256, -20 - 10 - 256)


def test_petit_au_bout_is_paid_only_to_a_petit_that_took_the_last_trick_itself():
    # "Taking the last trick with the 1 of Trumps": seat 1's Petit falls under his partner's
    # 21, so his attempt failed and he pays 10 to each other player, though his side took it.
    deal = _deal({1: "T1 T2 T3 T4", 2: "T21 T20 T19"}, dealer=3)
    to_play(deal, taker=0, contract="garde", ecart=CHIEN)
    play_keeping(deal, keep={1: "T1", 2: "T21"}, lowest=True)
    last, r = deal.tricks[-1], deal.result
    assert card("T1") in last.cards and (last.winner, r.petit_au_bout) == (2, "defense")
    assert last.seat_of(last.cards.index(card("T1")), 4) == 1
    petit = next(s for s in r.token_steps if s.rule == "petit_au_bout")
    assert (petit.seat, petit.amount, petit.won) == (1, 10, False)


def test_a_taker_s_handful_is_paid_at_the_end_as_the_contract_goes():
    def tokens(show: bool) -> tuple[int, ...]:
        deal = _deal({0: STRONG, 1: "EX"}, dealer=3)
        to_play(deal, taker=0, contract="garde", ecart=CHIEN)
        if show:
            deal.apply(Poignee(tuple(cards("T4 T5 T6 T7 T8 T9 T10 T11 T12 T13"))))
        play_keeping(deal)
        assert deal.result.made and deal.result.tokens is not None
        return deal.result.tokens

    # A simple handful is worth 10 in tokens: the taker made, so each other player pays him 10.
    assert [a - b for a, b in zip(tokens(True), tokens(False))] == [30, -10, -10, -10]


def _replay(steps, players: int) -> list[int]:
    """Each seat's tokens from the payments alone, as a player would move them."""
    tokens = [0] * players
    for s in steps:
        if s.rule == "ante":
            for seat in range(players):
                tokens[seat] -= 20 if seat == s.seat else 10
        elif s.rule == "top_up":
            tokens[s.seat] -= 5
        elif s.rule == "purchase":
            tokens[s.seat] -= s.amount
            tokens[s.other] += s.amount
        elif s.rule in ("poignee", "misere", "petit_au_bout"):
            sign = 1 if s.won else -1
            for seat in range(players):
                tokens[seat] += sign * s.amount * (players - 1 if seat == s.seat else -1)
        elif s.rule == "game":
            paid = s.amount if s.won else -s.amount
            for seat in range(players):
                if seat not in (s.seat, s.other):
                    tokens[seat] -= paid
                    tokens[s.other if seat == s.paired else s.seat] += paid
        elif s.rule == "pot_won":
            half = s.amount // 2 if s.other is not None else 0
            tokens[s.seat] += s.amount - half
            if s.other is not None:
                tokens[s.other] += half
        else:  # pot_doubled, pot_new
            tokens[s.seat] -= s.amount
    return tokens


def test_the_count_is_told_payment_by_payment_in_the_rule_s_order():
    # Deal 1 of the match above, with the Petit led to the last trick: the pot of 50, the petit
    # au bout, the game (46 beyond the target, 10 for the garde, 200 for the chelem), the pot won.
    deal = _deal({0: "T1 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21", 1: "EX"}, dealer=3)
    to_play(deal, taker=0, contract="garde", ecart=CHIEN)
    play_keeping(deal, keep={0: "T1"})
    steps = deal.result.token_steps
    assert [(s.rule, s.seat, s.amount, s.won) for s in steps] == [
        ("ante", 3, 50, True), ("petit_au_bout", 0, 10, True), ("game", 0, 256, True), ("pot_won", 0, 50, True)]
    assert steps[2].terms == (46, 10, 200)
    assert _replay(steps, 4) == list(deal.result.tokens)


def test_a_failed_taker_s_game_is_told_short_of_the_target_and_the_pot_doubled():
    deal = _deal({2: STRONG}, dealer=0, pots=(50,), doubled=(False,), voids={1: "T"})
    to_play(deal, taker=1, contract="prise", ecart=CHIEN)
    play_keeping(deal)
    steps = deal.result.token_steps
    assert [(s.rule, s.seat, s.amount, s.won) for s in steps] == [
        ("top_up", 0, 55, True), ("game", 1, 253, False), ("pot_doubled", 1, 55, True)]
    assert steps[1].terms == (-53, 0, -200) and steps[1].other is None
    assert deal.result.pots == (110,)


def test_the_purchase_is_told_with_the_player_paid():
    rules = Rules(players=4, traditional_scoring=True, purchase=True)
    dealt, chien = layout(4, {0: STRONG, 2: "KD"}, CHIEN)
    deal = Deal(rules, 3, dealt, chien)
    to_play(deal, taker=0, contract="prise", ecart=CHIEN, purchase="KD T4")
    play_keeping(deal)
    purchase = deal.result.token_steps[1]
    assert (purchase.rule, purchase.seat, purchase.amount, purchase.other) == ("purchase", 0, 10, 2)


def test_the_payments_told_add_up_to_the_tokens_at_3_4_and_5_players():
    for players in (3, 4, 5):
        match = Match(Rules(players=players, traditional_scoring=True), first_deal=40)
        for _ in range(12):
            deal = match.new_deal()
            while not deal.is_over:
                deal.apply(deal.legal_actions()[-1])  # the highest bid, the last card allowed
            match.finish(deal)
            assert _replay(deal.result.token_steps, players) == list(deal.result.tokens)
