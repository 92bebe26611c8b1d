"""``python -m tarot analyse``: the graded analysis of a file of records, on the command line.

Run in this process (``cli``) where the exit status and the messages matter, once in a
subprocess (``tarot``) for standard input.  Skipped under Pyodide, as the other command
line tests."""
from __future__ import annotations

import json
import sys

import pytest

from .test_cli import cli, finished_record, lines, one_line_error, tarot

pytestmark = [
    pytest.mark.cli,
    pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses under Pyodide"),
]


def test_analyse_prints_one_analysis_per_record_for_the_seat_asked():
    records = [finished_record(3), finished_record(4, players=3)]
    proc = cli("analyse", "-", "--seat", "1", "--worlds", "2", "--json",
               stdin="\n".join(json.dumps(r) for r in records) + "\n")
    assert proc.returncode == 0, proc.stderr
    out = lines(proc.stdout)
    assert [a["format"] for a in out] == ["tarot-analysis/1"] * 2
    assert [a["seat"] for a in out] == [1, 1] and [a["worlds"] for a in out] == [2, 2]
    for analysis, record in zip(out, records):
        assert [d["step"] for d in analysis["decisions"]] == \
            [i for i, a in enumerate(record["actions"]) if a["seat"] == 1]


def test_analyse_gives_the_same_bytes_for_the_same_file_seat_worlds_and_seed():
    text = json.dumps(finished_record(8))
    args = ("analyse", "-", "--seat", "2", "--worlds", "2", "--seed", "7", "--json")
    assert cli(*args, stdin=text).stdout == cli(*args, stdin=text).stdout


def test_analyse_without_json_prints_a_line_per_decision_and_the_accuracy():
    proc = cli("analyse", "-", "--worlds", "2", stdin=json.dumps(finished_record(5)))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("record 1 (line 1): seat 0, 2 imagined deals")
    assert "accuracy: deal " in proc.stdout


def test_a_record_that_does_not_replay_gives_one_line_and_the_status_replay_gives():
    record = finished_record(6)
    record["actions"][0]["bid"] = "garde_contre_contre"
    analysed = cli("analyse", "-", "--worlds", "2", stdin=json.dumps(record))
    replayed = cli("replay", "-", stdin=json.dumps(record))
    assert analysed.returncode == replayed.returncode == 1
    message = one_line_error(analysed)
    assert message.startswith("python -m tarot analyse: record 1 (line 1): actions[0]")
    assert message.split(": ", 2)[2] == one_line_error(replayed).split(": ", 2)[2]  # the same words
    assert analysed.stdout == ""


def test_an_unfinished_record_is_refused_and_the_next_one_still_analysed():
    cut = finished_record(9)
    cut["actions"] = cut["actions"][:5]
    del cut["result"]
    proc = cli("analyse", "-", "--worlds", "2", "--json",
               stdin=json.dumps(cut) + "\n" + json.dumps(finished_record(10)) + "\n")
    assert proc.returncode == 1
    assert "record 1 (line 1): unfinished deal" in one_line_error(proc)
    assert len(lines(proc.stdout)) == 1


def test_empty_or_unreadable_input_is_refused_with_status_1():
    assert "empty input" in one_line_error(cli("analyse", "-", stdin=""))
    proc = cli("analyse", "/nonexistent/deals.jsonl")
    assert proc.returncode == 1 and "cannot read" in one_line_error(proc)


@pytest.mark.parametrize("args", [
    (), ("-", "--worlds", "0"), ("-", "--worlds", "many"), ("-", "--seat", "5"), ("-", "--seed", "x"),
    ("-", "--budget", "3"),
])
def test_a_bad_command_line_exits_2_with_one_line(args):
    proc = cli("analyse", *args, stdin=json.dumps(finished_record(11)))
    assert proc.returncode == 2
    assert one_line_error(proc).startswith("python -m tarot analyse: error:")


def test_a_seat_not_at_the_records_table_exits_2():
    proc = cli("analyse", "-", "--seat", "3", "--worlds", "2", stdin=json.dumps(finished_record(12, players=3)))
    assert proc.returncode == 2
    assert "--seat 3 is not at the table of 3 players" in one_line_error(proc)


def test_a_dash_reads_standard_input_in_a_real_process():
    proc = tarot("analyse", "-", "--worlds", "1", "--json", stdin=json.dumps(finished_record(13)))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["format"] == "tarot-analysis/1"
