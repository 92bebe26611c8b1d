"""Mining puzzles: the decisions where one action is clearly best for the seat to act, weighed
on imagined deals at two budgets; the puzzle's JSON line, its record and the command line.
Small budgets and tiny positions keep it fast."""
from __future__ import annotations

import json

import pytest

from tarot.actions import Play, action_from_json
from tarot.puzzles.mine import Budget, Tally, excuse_can_wait, mine_record, only_move, puzzle_id, puzzle_of
from tarot.replay import from_record_at
from tarot.state import Deal
from tarot.tools.cli import main

from .helpers import card, deal_with, play, play_keeping, to_play

SMALL = Budget(worlds=8, recheck=8, screen=0, margin=10.0)
KEYS = {"id", "record", "seat", "solution", "margin", "themes", "rating", "reason"}


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


def test_giving_the_petit_away_under_the_21_leaves_every_other_card_as_the_solution():
    deal = petit_under_the_21()
    found = only_move(deal.view(1), Play(card("T20")), step_of(deal), SMALL)
    assert found is not None and found.margin >= SMALL.margin
    solution = [found.options[i] for i in found.solution]
    assert Play(card("T1")) not in solution and Play(card("T20")) in solution


def test_two_cards_of_the_same_effect_are_no_puzzle():
    deal = two_alike()
    assert only_move(deal.view(1), Play(card("2H")), step_of(deal), SMALL) is None


def test_the_excuse_is_no_only_move_while_it_can_wait_a_trick():
    early = to_play(deal_with({0: "EX KH"}), taker=1, contract="garde").view(0)
    assert excuse_can_wait(early, [Play(card("EX"))])
    assert not excuse_can_wait(early, [Play(card("KH"))])
    trumps = "EX T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5"
    late = play_keeping(to_play(deal_with({0: trumps}), taker=0, contract="garde_sans"), keep={0: "EX"}, tricks_left=2)
    view = late.view(0)
    assert len(view.hand) == 2 and not excuse_can_wait(view, [Play(card("EX"))])  # kept, it is lost in the last trick


def test_a_margin_beyond_the_gap_keeps_nothing():
    deal = petit_under_the_21()
    assert only_move(deal.view(1), Play(card("T20")), step_of(deal), Budget(8, 8, 0, margin=500.0)) is None


def test_a_puzzle_is_one_json_line_with_its_keys():
    deal = petit_under_the_21()
    found = only_move(deal.view(1), Play(card("T20")), step_of(deal), SMALL)
    assert found is not None
    puzzle = puzzle_of(deal, 1, found)
    assert puzzle is not None
    line = json.loads(json.dumps(puzzle.to_json()))
    assert set(line) == KEYS
    assert line["seat"] == 1 and line["margin"] >= 10 and isinstance(line["rating"], int)
    assert line["id"] == puzzle_id(line["record"], 1) and len(line["id"]) == 12
    assert line["reason"]["code"] and isinstance(line["themes"], list)


def test_a_puzzles_record_replays_to_the_seat_to_act_and_its_solution_is_legal_there():
    deal = petit_under_the_21()
    found = only_move(deal.view(1), Play(card("T20")), step_of(deal), SMALL)
    assert found is not None
    puzzle = puzzle_of(deal, 1, found)
    assert puzzle is not None
    line = puzzle.to_json()
    record = line["record"]
    assert isinstance(record, dict) and "result" not in record
    replayed, _ = from_record_at(record, None)
    assert replayed.to_act == 1 and replayed.trick == deal.trick
    for entry in line["solution"]:
        seat, action = action_from_json(entry)
        assert seat == 1 and replayed.can(action)


def test_mining_a_record_finds_the_only_move_and_counts_what_it_saw():
    deal = petit_under_the_21()
    deal.apply(Play(card("T20")))
    tally = Tally()
    record = deal.to_record()
    puzzles = [p for p in mine_record(record, Budget(6, 6, 0, 10.0), 0, tally) if p.seat == 1 and p.record["actions"]
               and p.record["actions"][-1] == {"seat": 0, "type": "play", "card": "T21"}]
    assert puzzles and Play(card("T1")) not in puzzles[0].solution
    assert tally.decisions == len(record["actions"]) and tally.examined <= tally.decisions and tally.kept >= 1


def test_the_command_mines_a_file_and_names_a_bad_record(tmp_path, capsys):
    deal = petit_under_the_21()
    deal.apply(Play(card("T20")))
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
                                  ["--players", "4", "--deals", "1", "--margin", "-3"], ["--players", "6", "--deals", "1"]])
def test_a_bad_command_line_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["puzzles", "mine", *argv])
    assert stop.value.code == 2 and "error" in capsys.readouterr().err
