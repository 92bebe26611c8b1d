"""Scoring examples worked out by hand from the FFT rules (via ``tarot.scoring.score_deal``).

Per defender the attack scores (25 + |points - target|) x multiplier, + if made, - if not;
targets 56/51/41/36 for 0/1/2/3 bouts; multipliers prise 1, garde 2, garde sans 4,
garde contre 6.  The taker collects that from each defender: x3 at 4 players, x2 at 3;
at 5 players x2 and the partner x1, or x4 alone.  Points are given in half points.
"""
import pytest

from tarot.rules import Contract, Rules, TARGETS
from tarot.scoring import score_deal

P, G, GS, GC = Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE


def _score(players, contract, points, bouts, **kw):
    score = score_deal(Rules(players=players), contract, round(points * 2), bouts, **kw)
    defenders = players - 1 - (score.partner is not None)
    total = score.taker + (score.partner or 0) + defenders * score.defender
    assert total == 0, "scores must sum to zero"
    return score


def test_targets_by_bouts():
    assert TARGETS == (56, 51, 41, 36)


# (players, contract, points, bouts, alone, made, taker, partner, defender) — arithmetic alongside.
EXAMPLES = [
    # 4 players: taker x3.
    (4, P, 53, 1, False, True, 81, None, -27),  # target 51, made by 2: (25+2)x1 = 27; 3x27 = 81
    (4, G, 38, 2, False, False, -168, None, 56),  # target 41, lost by 3: (25+3)x2 = 56; 3x56
    (4, GS, 60, 0, False, True, 348, None, -116),  # target 56, made by 4: (25+4)x4 = 116; 3x116
    (4, GC, 36, 3, False, True, 450, None, -150),  # target 36, made by 0: 25x6 = 150; 3x150
    # 3 players: taker x2; half points go to the side that wins the deal.
    (3, P, 40.5, 2, False, False, -52, None, 26),  # target 41, lost by 0.5 -> 1: (25+1)x1 = 26
    (3, G, 51.5, 1, False, True, 104, None, -52),  # target 51, made by 0.5 -> 1: (25+1)x2 = 52
    (3, GS, 70, 3, False, True, 472, None, -236),  # target 36, made by 34: (25+34)x4 = 236
    (3, GC, 30.5, 0, False, False, -612, None, 306),  # target 56, lost by 25.5 -> 26: (25+26)x6 = 306
    # 5 players with a partner: taker x2, partner x1, three defenders.
    (5, P, 45, 2, False, True, 58, 29, -29),  # target 41, made by 4: (25+4)x1 = 29
    (5, G, 48.5, 1, False, False, -112, -56, 56),  # target 51, lost by 2.5 -> 3: (25+3)x2 = 56
    (5, GS, 41, 2, False, True, 200, 100, -100),  # target 41, made by 0: 25x4 = 100
    (5, GC, 20, 3, False, False, -492, -246, 246),  # target 36, lost by 16: (25+16)x6 = 246
    # 5 players alone: taker x4, four defenders.
    (5, P, 50.5, 3, True, True, 160, None, -40),  # target 36, made by 14.5 -> 15: (25+15)x1 = 40
    (5, G, 50.5, 1, True, False, -208, None, 52),  # target 51, lost by 0.5 -> 1: (25+1)x2 = 52
    (5, GS, 58, 0, True, True, 432, None, -108),  # target 56, made by 2: (25+2)x4 = 108
    (5, GC, 35.5, 2, True, False, -744, None, 186),  # target 41, lost by 5.5 -> 6: (25+6)x6 = 186
]


@pytest.mark.parametrize("players, contract, points, bouts, alone, made, taker, partner, defender", EXAMPLES)
def test_contract_scores(players, contract, points, bouts, alone, made, taker, partner, defender):
    score = _score(players, contract, points, bouts, alone=alone)
    assert (score.made, score.taker, score.partner, score.defender) == (made, taker, partner, defender)
    assert score.target == TARGETS[bouts]


def test_exactly_the_target_makes_the_contract():
    score = _score(4, P, 56, 0)  # 56 of 56: made by 0: 25
    assert score.made and score.difference == 0 and score.per_defender == 25


def test_half_a_point_short_loses_by_one():
    # 3 players, 2 bouts, 40.5 points: the target is 41, the half point goes to the defence.
    score = _score(3, P, 40.5, 2)
    assert not score.made and score.difference == 1 and score.per_defender == -26


def test_half_a_point_over_wins_by_one():
    score = _score(5, G, 41.5, 2)  # made by 0.5 -> 1: (25+1)x2 = 52; taker 104, partner 52
    assert score.made and score.difference == 1 and (score.taker, score.partner) == (104, 52)


def test_a_poignee_goes_to_the_side_that_wins_the_deal_unmultiplied():
    # Garde made by 4 with 2 bouts (45 of 41): (25+4)x2 = 58, + simple poignée 20 = 78; taker 3x78.
    score = _score(4, G, 45, 2, poignees=["simple"])
    assert score.poignees == 20 and score.per_defender == 78 and score.taker == 234
    # Garde lost by 5 (46 of 51): -(25+5)x2 = -60, the double poignée's 30 goes to the defence: -90.
    score = _score(4, G, 46, 1, poignees=["double"])
    assert score.poignees == -30 and score.per_defender == -90 and score.taker == -270


def test_a_triple_poignee_is_worth_40_whatever_the_contract():
    # Garde contre made by 0 (36, 3 bouts): 25x6 = 150, + 40 = 190; taker 3x190 = 570.
    score = _score(4, GC, 36, 3, poignees=["triple"])
    assert score.per_defender == 190 and score.taker == 570


def test_two_poignees_add_up():
    # Prise made by 10 (61 of 51): 35 + 20 + 30 = 85; at 3 players the taker gets 2x85.
    score = _score(3, P, 61, 1, poignees=["simple", "double"])
    assert score.per_defender == 85 and score.taker == 170


def test_petit_au_bout_is_worth_10_times_the_multiplier():
    # Prise made by 0 (51, 1 bout) + 10 = 35; garde sans made by 0: 25x4 + 10x4 = 140.
    assert _score(4, P, 51, 1, petit_au_bout="attack").per_defender == 35
    assert _score(4, GS, 51, 1, petit_au_bout="attack").per_defender == 140
    # Garde contre made by 0 but the defence brought the Petit au bout: 150 - 60 = 90.
    assert _score(4, GC, 51, 1, petit_au_bout="defense").per_defender == 90


def test_a_chelem_announced_and_made_is_worth_400():
    # Prise, all 91 points, 3 bouts: made by 55: 80 + 400 = 480; taker 3x480 = 1440.
    score = _score(4, P, 91, 3, chelem="announced_made")
    assert score.chelem == 400 and score.per_defender == 480 and score.taker == 1440


def test_a_chelem_announced_and_failed_costs_200_even_with_the_contract_made():
    # Garde, 80 points, 3 bouts: made by 44: (25+44)x2 = 138, - 200 = -62; taker 3x-62 = -186.
    score = _score(4, G, 80, 3, chelem="announced_failed")
    assert score.made and score.per_defender == -62 and score.taker == -186


def test_a_chelem_made_unannounced_is_worth_200():
    # Garde sans, 91 points, 3 bouts: (25+55)x4 = 320 + 200 = 520; 5 players alone: taker 4x520.
    score = _score(5, GS, 91, 3, chelem="unannounced_made", alone=True)
    assert score.per_defender == 520 and score.taker == 2080


def test_a_defence_taking_every_trick_earns_200_each():
    # Garde, 0 points, 0 bouts: lost by 56: -(25+56)x2 = -162, - 200 = -362; taker 3x-362.
    score = _score(4, G, 0, 0, chelem="defense")
    assert score.per_defender == -362 and score.taker == -1086 and score.defender == 362


def test_everything_together_at_five_players():
    # Garde, 2 bouts, 43.5: made by 2.5 -> 3: (25+3)x2 = 56; petit au bout to the defence -20;
    # a simple poignée +20 to the winners: 56 - 20 + 20 = 56; taker 112, partner 56, defenders -56.
    score = _score(5, G, 43.5, 2, petit_au_bout="defense", poignees=["simple"])
    assert (score.taker, score.partner, score.defender) == (112, 56, -56)


def test_petit_au_bout_within_lowers_the_target_by_10():
    rules = Rules(players=4, petit_au_bout_within=True)
    # Prise, 1 bout, 45 points, Petit au bout for the attack: target 51 - 10 = 41, made by 4: 29.
    score = score_deal(rules, P, 90, 1, petit_au_bout="attack")
    assert score.target == 41 and score.made and score.per_defender == 29 and score.petit_au_bout == 0
    # The same count under the FFT rules: lost by 6, -(25+6) + 10 = -21.
    fft = score_deal(Rules(players=4), P, 90, 1, petit_au_bout="attack")
    assert fft.target == 51 and not fft.made and fft.per_defender == -21


def test_petit_au_bout_within_raises_the_target_by_10_for_the_defence():
    rules = Rules(players=4, petit_au_bout_within=True)
    # Garde, 2 bouts, 45 points, Petit au bout for the defence: target 41 + 10 = 51, lost by 6:
    # -(25+6)x2 = -62.
    score = score_deal(rules, G, 90, 2, petit_au_bout="defense")
    assert score.target == 51 and not score.made and score.per_defender == -62


@pytest.mark.parametrize("kwargs", [
    dict(bouts=4), dict(bouts=-1), dict(points=183), dict(points=-1),
    dict(petit_au_bout="both"), dict(chelem="maybe"), dict(poignees=["quadruple"]),
])
def test_bad_scoring_input_is_refused(kwargs):
    args = dict(points=100, bouts=1)
    args.update(kwargs)
    points, bouts = args.pop("points"), args.pop("bouts")
    with pytest.raises(ValueError):
        score_deal(Rules(players=4), P, points, bouts, **args)


def test_every_count_the_engine_makes_is_a_possible_count():
    # The limits of tarot.scoring.impossible_count never refuse what a deal can give: random play,
    # every contract, 3 to 5 players (the petit au bout on some of them).
    from tarot.bots import make_bot
    from tarot.match import play_out
    from tarot.scoring import impossible_count
    from tarot.state import Deal

    seen = 0
    for seed in range(150):
        for players in (3, 4, 5):
            deal = play_out(Deal.new(Rules(players=players), dealer=seed % players, seed=seed),
                            [make_bot("random", seed * 7 + s) for s in range(players)])
            r = deal.result
            if r.taker is None:
                continue
            seen += 1
            assert impossible_count(deal.rules, r.contract, r.half_points, r.bouts, petit_au_bout=r.petit_au_bout,
                                    chelem=r.chelem) is None, (seed, players)
    assert seen > 300
