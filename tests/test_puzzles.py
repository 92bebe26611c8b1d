"""Mining puzzles: the decisions where one action is clearly best for the seat to act, weighed
on imagined deals at two budgets; the puzzle's JSON line, its record and the command line.
Small budgets and tiny positions keep it fast."""
from __future__ import annotations

import json

import pytest

from tarot.actions import Play, action_from_json
from tarot.puzzles.mine import Budget, Found, Tally, first_rating, excuse_can_wait, may_carry, mine_record, only_move, puzzle_id, \
    puzzle_of
from tarot.replay import from_record_at
from tarot.state import Deal
from tarot.teaching.hints import REASON_CODES
from tarot.tools.cli import main

from .helpers import card, deal_with, play, play_keeping, to_play

SMALL = Budget(worlds=8, recheck=8, screen=0, margin=10.0)
KEYS = {"id", "record", "seat", "solution", "margin", "themes", "rating", "reason", "costs"}


def petit_au_bout() -> Deal:
    """The taker (garde sans) holds every trump left, the others none; two tricks to go, the
    taker leads with the Petit and the 2: the 2 first, and the Petit takes the last trick."""
    hands = {0: "T1 T2 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 KS"}
    deal = deal_with(hands, chien="T3 T4 T5 T6 EX 2S", voids={1: "T", 2: "T", 3: "T"})
    return play_keeping(to_play(deal, taker=0, contract="garde_sans"), keep={0: "T1 T2"}, tricks_left=2)


def petit_under_the_21() -> Deal:
    """A defender leads the 21; the taker (at garde) must play a trump, the Petit among them:
    every trump but the Petit keeps it, the Petit gives it away."""
    hands = {0: "T21 KH", 1: "T1 T20 T19 T18 T17 T16 T15"}
    return play(to_play(deal_with(hands, voids={1: "T"}), taker=1, contract="garde"), "T21")


def two_alike() -> Deal:
    """The taker led the king of hearts; the defender to play holds only the 2 and the 3 of hearts."""
    deal = to_play(deal_with({0: "KH", 1: "2H 3H"}, voids={1: "H"}), taker=0, contract="garde")
    return play(deal, "KH")


def step_of(deal: Deal) -> int:
    return len(deal.to_record()["actions"])


def found_at(deal: Deal, played: str) -> Found | None:
    seat = deal.to_act
    assert seat is not None
    return only_move(deal.view(seat), Play(card(played)), step_of(deal), SMALL)


def test_the_2_before_the_petit_for_the_petit_au_bout_is_the_only_move():
    found = found_at(petit_au_bout(), "T1")
    assert found is not None and [found.options[i] for i in found.solution] == [Play(card("T2"))]
    assert found.margin >= SMALL.margin


def test_two_cards_of_the_same_effect_are_no_puzzle():
    assert found_at(two_alike(), "2H") is None


def test_a_blunder_most_cards_avoid_is_no_puzzle():
    """Any trump but the Petit under the 21: the solution would hold six cards of seven."""
    assert found_at(petit_under_the_21(), "T20") is None


def test_the_excuse_is_no_only_move_while_it_can_wait_a_trick():
    early = to_play(deal_with({0: "EX KH"}), taker=1, contract="garde").view(0)
    assert excuse_can_wait(early, [Play(card("EX"))])
    assert not excuse_can_wait(early, [Play(card("KH"))])
    trumps = "EX T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5"
    late = play_keeping(to_play(deal_with({0: trumps}), taker=0, contract="garde_sans"), keep={0: "EX"}, tricks_left=2)
    view = late.view(0)
    assert len(view.hand) == 2 and not excuse_can_wait(view, [Play(card("EX"))])  # kept, it is lost in the last trick


def test_a_margin_beyond_the_gap_keeps_nothing():
    deal = petit_au_bout()
    assert only_move(deal.view(0), Play(card("T1")), step_of(deal), Budget(8, 8, 0, margin=500.0)) is None


def petit_au_bout_puzzle(deal):
    """The puzzle of the petit au bout position: the Petit (T1) played there, the 2 the answer."""
    found = found_at(deal, "T1")
    assert found is not None
    puzzle = puzzle_of(deal, 0, found)
    assert puzzle is not None
    return puzzle


def test_a_puzzle_is_one_json_line_with_its_keys():
    deal = petit_au_bout()
    puzzle = petit_au_bout_puzzle(deal)
    line = json.loads(json.dumps(puzzle.to_json()))
    assert set(line) == KEYS
    assert line["seat"] == 0 and line["solution"] == [{"seat": 0, "type": "play", "card": "T2"}]
    assert line["margin"] >= 10 and line["rating"] == 1300  # 1000 + 150 (two options) + 150: the Débutant plays the Petit
    assert line["id"] == puzzle_id(line["record"], 0) and len(line["id"]) == 12
    assert line["reason"]["code"] in REASON_CODES
    assert "petit_au_bout" in line["themes"] and "lead" in line["themes"]


def test_a_puzzle_says_what_each_other_option_costs():
    deal = petit_au_bout()
    puzzle = petit_au_bout_puzzle(deal)
    costs = puzzle.to_json()["costs"]
    assert [c["action"] for c in costs] == [{"seat": 0, "type": "play", "card": "T1"}]  # the Petit, outside the solution
    assert costs[0]["loss"] >= puzzle.margin - 0.05


def test_a_puzzles_record_replays_to_the_seat_to_act_and_its_solution_is_legal_there():
    deal = petit_au_bout()
    puzzle = petit_au_bout_puzzle(deal)
    line = puzzle.to_json()
    record = line["record"]
    assert isinstance(record, dict) and "result" not in record
    replayed, _ = from_record_at(record, None)
    assert replayed.to_act == 0 and replayed.hand(0) == deal.hand(0) and len(replayed.tricks) == len(deal.tricks)
    for entry in line["solution"]:
        seat, action = action_from_json(entry)
        assert seat == 0 and replayed.can(action)


def test_mining_a_record_finds_the_only_move_and_counts_what_it_saw():
    deal = petit_au_bout()
    deal.apply(Play(card("T1")))  # the Petit first: it is not au bout
    tally = Tally()
    record = deal.to_record()
    puzzles = list(mine_record(record, Budget(6, 6, 0, 10.0), 0, tally))
    last = [p for p in puzzles if len(p.record["actions"]) == len(record["actions"]) - 1]
    assert [p.solution for p in last] == [(Play(card("T2")),)] and last[0].seat == 0
    assert tally.decisions == len(record["actions"]) and tally.examined <= tally.decisions
    assert tally.kept == len(puzzles) and tally.themes["petit_au_bout"] >= 1


def test_a_decision_may_carry_a_theme_when_one_of_its_options_would():
    view = petit_au_bout().view(0)
    options = [Play(card("T1")), Play(card("T2"))]
    assert may_carry(view, options, {"petit_au_bout"}) and may_carry(view, options, {"petit_save", "call"})
    assert not may_carry(view, options, {"call", "bid"})


def test_mining_for_some_themes_weighs_only_the_decisions_that_may_carry_them():
    deal = petit_au_bout()
    deal.apply(Play(card("T1")))
    record = deal.to_record()
    every, wanted, other = Tally(), Tally(), Tally()
    list(mine_record(record, Budget(6, 6, 0, 10.0), 0, every))
    found = list(mine_record(record, Budget(6, 6, 0, 10.0), 0, wanted, {"petit_au_bout"}))
    assert [p.solution for p in found] == [(Play(card("T2")),)] and 0 < wanted.examined < every.examined
    assert not list(mine_record(record, Budget(6, 6, 0, 10.0), 0, other, {"call"})) and other.examined == 0


def test_the_command_mines_a_file_and_names_a_bad_record(tmp_path, capsys):
    deal = petit_au_bout()
    deal.apply(Play(card("T1")))
    record = deal.to_record()
    broken = dict(record, actions=[{"seat": 3, "type": "play", "card": "KH"}])
    path = tmp_path / "deals.jsonl"
    path.write_text(json.dumps(broken) + "\n" + json.dumps(record) + "\n", encoding="utf-8")
    out = tmp_path / "puzzles.jsonl"
    status = main(["puzzles", "mine", "--file", str(path), "--out", str(out), "--worlds", "6", "--recheck", "6",
                   "--screen", "0"])
    err = capsys.readouterr().err
    assert status == 1
    assert "record 1 (line 1)" in err and "record 2" not in err.split("decisions")[0]
    assert "positions examined" in err and "puzzles kept" in err and "CPU seconds" in err
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines and all(set(line) == KEYS for line in lines)


@pytest.mark.parametrize("argv", [["--players", "4"], ["--file", "-", "--players", "4", "--deals", "1"],
                                  ["--players", "4", "--deals", "1", "--margin", "-3"], ["--players", "6", "--deals", "1"],
                                  ["--players", "4", "--deals", "1", "--themes", "lead,fish"]])
def test_a_bad_command_line_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["puzzles", "mine", *argv])
    assert stop.value.code == 2 and "error" in capsys.readouterr().err


def test_the_first_rating_grows_with_the_options_and_with_each_bot_that_misses():
    assert first_rating(2, False, False) == 1150
    assert first_rating(2, False, True) == 1300
    assert first_rating(16, True, True) == 2050
    assert first_rating(4, True, False) > first_rating(4, False, True) > first_rating(4, False, False)
