"""A deal's result read back from its record's JSON (``DealResult.from_json``): the same
result, scored again by the rules, or a refusal that says what does not add up."""
import json

import pytest

from tarot.actions import Misere
from tarot.bots import make_bot
from tarot.errors import RecordError
from tarot.match import Match, play_out
from tarot.record import recorded_result
from tarot.result import DealResult
from tarot.rules import Rules
from tarot.state import Deal

from .helpers import deal_with, play_keeping, to_play

FOUR = Rules(players=4)
# A garde made at 4 players: 53 points with 2 bouts against 41, made by 12: (25 + 12) x 2 from each defender.
GARDE = {"taker": 0, "partner": None, "contract": "garde", "points": 53, "bouts": 2, "target": 41, "made": True,
         "petit_au_bout": None, "chelem": None, "poignees": [], "scores": [222, -74, -74, -74]}
TABLES = [(3, {}), (4, {}), (5, {}), (4, {"misere": True, "individual_primes": True}),
          (4, {"traditional_scoring": True}), (5, {"traditional_scoring": True, "misere": True}),
          (4, {"petit_au_bout_within": True, "round_to_ten": True}), (4, {"handful_against_taker": True}),
          (3, {"purchase": True}), (4, {"prise_partner": True})]


def _played(rules: Rules, seed: int, level: str) -> DealResult:
    bots = [make_bot(level, seed * 8 + seat) for seat in range(rules.players)]
    result = play_out(Deal.new(rules, dealer=seed % rules.players, seed=seed), bots).result
    assert result is not None
    return result


def _misere_and_chelem(**options: bool) -> DealResult:
    """Seat 0 takes a garde with every high trump and wins every trick; seat 1, with no
    trump, declares a misère."""
    deal = deal_with({0: "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
                      1: "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H"},
                     chien="1D 2D 3D 4D 5D 6D", misere=True, **options)
    to_play(deal, taker=0, contract="garde", ecart="1D 2D 3D 4D 5D 6D")
    deal.apply(deal.legal_actions()[0])  # seat 0 leads
    deal.apply(Misere("atout"))
    play_keeping(deal)
    assert deal.result is not None and deal.result.miseres == ((1, "atout"),) and deal.result.chelem
    return deal.result


def test_a_result_read_from_its_json_is_the_same_result():
    seen = set()
    results = [_misere_and_chelem(), _misere_and_chelem(individual_primes=True),
               _misere_and_chelem(traditional_scoring=True)]
    for players, options in TABLES:
        rules = Rules(players=players, **options)
        results += [_played(rules, seed, level) for seed in range(10) for level in ("random", "debutant")]
    for result in results:
        written = result.to_json()
        back = DealResult.from_json(json.loads(json.dumps(written)), result.rules)
        assert back == result and back.to_json() == written
        seen |= {name for name, there in (("redeal", result.redeal), ("partner", result.partner is not None),
                                          ("poignee", result.poignees), ("misere", result.miseres),
                                          ("chelem", result.chelem), ("half point", result.half_points % 2),
                                          ("petit au bout", result.petit_au_bout), ("tokens", result.tokens),
                                          ("pot doubled", any(result.pots_doubled or ())),
                                          ("prime", result.primes)) if there}
    assert seen == {"redeal", "partner", "poignee", "misere", "chelem", "half point", "petit au bout", "tokens",
                    "pot doubled", "prime"}


def test_a_result_read_from_its_json_has_the_count_the_scores_come_from():
    result = DealResult.from_json(GARDE, FOUR)
    assert result.score is not None
    assert (result.made, result.target, result.difference, result.score.per_defender) == (True, 41, 12, 74)


def test_a_score_that_does_not_add_up_is_refused():
    with pytest.raises(RecordError, match=r"scores is \[223, -74, -74, -74\], but its count gives \[222, "):
        DealResult.from_json({**GARDE, "scores": [223, -74, -74, -74]}, FOUR)


def test_an_outcome_or_a_target_the_points_do_not_give_is_refused():
    with pytest.raises(RecordError, match="made is False, but its count gives True"):
        DealResult.from_json({**GARDE, "made": False}, FOUR)
    with pytest.raises(RecordError, match="target is 36"):
        DealResult.from_json({**GARDE, "target": 36}, FOUR)


def test_a_key_missing_or_one_too_many_is_refused():
    with pytest.raises(RecordError, match="the result has no target"):
        DealResult.from_json({k: v for k, v in GARDE.items() if k != "target"}, FOUR)
    with pytest.raises(RecordError, match="cannot have 'tokens'"):  # pots and tokens are for traditional_scoring
        DealResult.from_json({**GARDE, "tokens": [0, 0, 0, 0], "pots": []}, FOUR)
    with pytest.raises(RecordError, match="cannot have 'miseres'"):  # and misères for the misere option
        DealResult.from_json({**GARDE, "miseres": []}, FOUR)
    with pytest.raises(RecordError, match="the result has no miseres"):
        DealResult.from_json(GARDE, Rules(players=4, misere=True))
    with pytest.raises(RecordError, match="tokens must be a list of 4"):
        DealResult.from_json(GARDE, Rules(players=4, traditional_scoring=True))


@pytest.mark.parametrize("key, value, words", [
    ("contract", "grande", "contract must be one of"),
    ("taker", 4, "taker must be a seat from 0 to 3, not 4"),
    ("taker", True, "taker must be a seat"),
    ("partner", 1, "cannot be the taker's partner"),  # at 4 players a garde calls no partner
    ("points", 53.25, "points must be from 0 to 91, in half points"),
    ("points", "53", "points must be"),
    ("bouts", 4, "bouts must be one of 0, 1, 2, 3"),
    ("petit_au_bout", "both", "petit_au_bout must be one of"),
    ("chelem", "made", "chelem must be one of"),
    ("poignees", [{"seat": 0}], "each of poignees must be"),
    ("poignees", [{"seat": 0, "size": "quadruple"}], "size must be one of"),
    ("made", 1, "made is 1, but its count gives True"),  # 1 is not true
])
def test_a_value_of_the_wrong_kind_is_refused_with_what_is_wrong(key, value, words):
    with pytest.raises(RecordError, match=words):
        DealResult.from_json({**GARDE, key: value}, FOUR)


@pytest.mark.parametrize("data", [None, [], "redeal", {"redeal": "nobody_took"}])
def test_what_is_not_a_result_is_refused(data):
    with pytest.raises(RecordError):
        DealResult.from_json(data, FOUR)


def test_the_difference_is_the_one_the_score_counted():
    # 38.5 against 41 fails by 3: the half point goes to the defence, which wins the deal.
    failed = DealResult.from_json({**GARDE, "points": 38.5, "made": False, "scores": [-168, 56, 56, 56]}, FOUR)
    assert failed.difference == 3
    # Rounded to ten, the count says 10 but the difference is 7 as the cards fell (48 against 41).
    rounded = DealResult.from_json({**GARDE, "points": 48, "scores": [210, -70, -70, -70]},
                                   Rules(players=4, round_to_ten=True))
    assert rounded.score is not None and (rounded.difference, rounded.score.difference) == (7, 10)


def test_a_deal_counts_its_tokens_in_a_match_under_traditional_scoring_else_its_scores():
    assert DealResult.from_json(GARDE, FOUR).match_points == (222, -74, -74, -74)
    assert DealResult.from_json({"redeal": "all_passed"}, FOUR).match_points == (0, 0, 0, 0)
    traditional = Rules(players=4, traditional_scoring=True)
    passed = DealResult.from_json({"redeal": "all_passed", "tokens": [-10, -10, -20, -10], "pots": [50]}, traditional)
    assert passed.match_points == (-10, -10, -20, -10) and passed.pots_doubled == (False,)


def test_a_record_s_result_is_read_with_the_record_s_rules():
    result = _misere_and_chelem(traditional_scoring=True)
    record = {"format": "tarot-deal/1", "rules": result.rules.to_json(), "result": result.to_json()}
    assert recorded_result(record) == result
    with pytest.raises(RecordError, match="no result"):
        recorded_result({k: v for k, v in record.items() if k != "result"})


def test_the_match_keeps_each_deal_s_result_beside_its_record_and_adds_them_up():
    match = Match(Rules(players=4, traditional_scoring=True), first_deal=3)
    for seed in range(4):
        deal = match.new_deal()
        play_out(deal, [make_bot("random", seed * 8 + seat) for seat in range(4)])
        match.finish(deal)
    assert [r.to_json() for r in match.results] == [record["result"] for record in match.records]
    assert match.standings == [sum(r.tokens[s] for r in match.results) for s in range(4)] == match.token_totals
    assert match.totals == [sum(r.scores[s] for r in match.results) for s in range(4)]
    assert match.pots == (match.results[-1].pots, match.results[-1].pots_doubled)
    match.take_back()  # the last deal leaves the match: its record and its result
    assert len(match.results) == len(match.records) == 3 and match.deal_number == 6
