"""The duplicate tournament: the same cards played again with the bots exchanged."""
import json
import sys

import pytest

from tarot.rules import Rules
from tarot.tools.tournament import _new_bot, main, margin_kind, parse_option, patterns, play_group, run

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="processes and the command line")


def test_at_4_players_the_bots_sit_crosswise_then_swap():
    assert patterns(4) == ["ABAB", "BABA"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_seat_is_held_by_each_bot_equally_often(players):
    ps = patterns(players)
    assert len(ps) == len(set(ps))
    for seat in range(players):
        held = [p[seat] for p in ps]
        assert held.count("A") == held.count("B")
    total_a = sum(p.count("A") for p in ps)
    assert total_a == sum(p.count("B") for p in ps)


def test_three_and_five_players_use_every_rotation_and_its_mirror():
    assert sorted(patterns(3)) == sorted(["ABA", "BAA", "AAB", "BAB", "ABB", "BBA"])
    assert len(patterns(5)) == 10 and "ABABA" in patterns(5) and "BABAB" in patterns(5)


def test_a_group_deals_the_same_cards_to_every_pattern():
    group = play_group((Rules(players=4).to_json(), 3, 42, ("standard", "debutant"), None, ((), ())))
    layouts = group["layouts"]
    assert [p for p, _ in layouts] == ["ABAB", "BABA"]
    assert layouts[0][1] == layouts[1][1]
    assert group["seats"] == [4, 4] and group["plays"] == 2


def test_the_same_bot_on_both_sides_scores_exactly_even():
    # Standard decides the same whatever its seed: exchanging the seats replays the same
    # deal, so each group's difference is 0 if and only if the pairing is right.
    report = run(Rules(players=4), 6, 5, ["standard", "standard"], jobs=1)
    assert report["bots"][0]["taker_rate"] > 0  # deals were played, not only redealt
    assert report["difference_a_minus_b"]["mean"] == 0
    assert report["difference_a_minus_b"]["ci95"] == [0, 0]


def test_a_tiny_tournament_prints_every_section(capsys):
    assert main(["--players", "4", "--deals", "3", "--seed", "1", "--bots", "standard,debutant",
                 "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    for section in ("Duplicate tournament", "Score (mean per deal per seat, 95% CI)", "difference A - B",
                    "Where A's score comes from", "same taker, same contract",
                    "taker rate", "contracts made", "prise", "garde_contre", "all passed",
                    "seconds per decision"):
        assert section in out


def test_the_json_report(capsys):
    assert main(["--players", "3", "--deals", "2", "--bots", "debutant,random", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 3 and report["deals"] == 2 and report["plays"] == 12
    a, b = report["bots"]
    assert (a["level"], b["level"]) == ("debutant", "random")
    assert a["seat_plays"] == b["seat_plays"] == 18
    assert set(a["contracts"]) == {"prise", "garde", "garde_sans", "garde_contre"}
    assert 0 <= report["all_passed_rate"] <= 1


def test_a_deal_where_both_bots_took_the_same_contract_differs_by_the_cards_alone():
    assert margin_kind([(1, 1, "garde"), (1, 0, "garde")]) == "same_contract"
    assert margin_kind([None, None]) == "all_passed"


def test_a_deal_where_one_bot_bid_higher_in_the_same_seat_is_its_bid():
    assert margin_kind([(2, 0, "garde"), (2, 1, "prise")]) == "a_higher"
    assert margin_kind([(2, 0, "prise"), (2, 1, "garde_sans")]) == "a_lower"


def test_another_taker_a_pass_or_crossing_contracts_are_other():
    assert margin_kind([(0, 0, "garde"), (3, 0, "garde")]) == "other"
    assert margin_kind([(0, 0, "garde"), None]) == "other"
    # 3 players, six plays: A bid both above and below B in the same seat
    crossing = [(1, 0, "garde"), (1, 1, "prise"), (1, 0, "prise"), (1, 1, "garde"), (1, 0, "garde"), (1, 1, "garde")]
    assert margin_kind(crossing) == "other"


def test_the_kinds_of_deal_add_up_to_the_deals_and_to_a_s_mean():
    report = run(Rules(players=4), 8, 3, ["standard", "debutant"], jobs=1)
    kinds = report["margin_by_kind"]
    assert sum(part["deals"] for part in kinds.values()) == 8
    assert kinds["all_passed"]["share"] == 0
    assert kinds["same_contract"]["deals"] > 0 and kinds["other"]["deals"] > 0  # the sum below has parts
    total = sum(part["share"] for part in kinds.values())
    assert abs(total - report["bots"][0]["mean_per_deal_per_seat"]) < 0.05


def test_several_processes_give_the_same_scores_as_one():
    one = run(Rules(players=4), 4, 9, ["standard", "debutant"], jobs=1)
    two = run(Rules(players=4), 4, 9, ["standard", "debutant"], jobs=2)
    assert one["bots"][0]["mean_per_deal_per_seat"] == two["bots"][0]["mean_per_deal_per_seat"]
    assert one["difference_a_minus_b"] == two["difference_a_minus_b"]


@pytest.mark.parametrize("argv, message", [
    (["--bots", "standard"], "two levels"),
    (["--bots", "standard,grandmaster"], "unknown bot level"),
    (["--deals", "0"], "at least 1"),
    (["--budget", "0", "--bots", "expert,standard"], "at least 1"),
])
def test_bad_arguments_say_what_is_wrong(argv, message, capsys):
    assert main(argv + ["--jobs", "1"]) == 2
    assert message in capsys.readouterr().err


def test_an_unknown_option_is_refused(capsys):
    assert main(["--players", "6"]) == 2


def test_an_option_reaches_its_bot_only(capsys):
    assert main(["--players", "4", "--deals", "1", "--seed", "3", "--bots", "expert,expert",
                 "--option-a", "samples=2", "--option-b", "samples=3", "--option-b", "public_playouts=false",
                 "--jobs", "1", "--json"]) == 0
    a, b = json.loads(capsys.readouterr().out)["bots"]
    assert a["options"] == {"samples": 2}
    assert b["options"] == {"samples": 3, "public_playouts": False}


def test_the_text_report_names_the_options(capsys):
    assert main(["--players", "3", "--deals", "1", "--bots", "expert,standard", "--option-a", "samples=1",
                 "--jobs", "1"]) == 0
    assert "A expert with samples=1" in capsys.readouterr().out


def test_an_option_is_read_as_its_knobs_kind():
    assert parse_option("expert", "taker_edge=0") == ("taker_edge", 0)  # a whole number for a float knob
    assert parse_option("expert", "cash_kings=true") == ("cash_kings", True)
    assert parse_option("expert", "max_seconds=0.5") == ("max_seconds", 0.5)
    assert parse_option("expert", "setup_samples=none") == ("setup_samples", None)


def test_an_explicit_option_wins_over_the_budget():
    assert _new_bot("expert", 1, 80, (("samples", 5),)).samples == 5
    assert _new_bot("expert", 1, 80).samples == 80


@pytest.mark.parametrize("level, text, message", [
    ("expert", "samples", "is not KEY=VALUE"),
    ("expert", "depth=3", "has no option 'depth'"),
    ("standard", "samples=3", "its options: none"),
    ("expert", "samples=1.5", "samples takes int values"),
    ("expert", "cash_kings=1", "cash_kings takes bool values"),
    ("expert", "taker_edge=big", "not a number"),
])
def test_a_bad_option_says_what_is_wrong(level, text, message):
    with pytest.raises(ValueError, match=message):
        parse_option(level, text)


@pytest.mark.parametrize("argv, message", [
    (["--bots", "expert,standard", "--option-b", "samples=3"], "--option-b: the standard bot has no option"),
    (["--bots", "expert,standard", "--option-a", "samples=0"], "--option-a: samples must be at least 1"),
])
def test_a_bad_option_on_the_command_line_is_refused(argv, message, capsys):
    assert main(argv + ["--jobs", "1"]) == 2
    assert message in capsys.readouterr().err
