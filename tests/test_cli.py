"""The command line: ``python -m tarot`` run in a subprocess from the repository root
(``tarot``), and, where the exit status and the messages are what matters,
:func:`tarot.tools.cli.main` called in this process (``cli``, much faster).

Skipped under Pyodide, which cannot start processes.
"""
from __future__ import annotations

import importlib.util
import io
import json
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from tarot.actions import Play, action_from_json
from tarot.bots import make_bot
from tarot.cards import cards_of
from tarot.tools.cli import main
from tarot.match import play_out
from tarot.rules import Rules
from tarot.state import Deal, Phase

pytestmark = [
    pytest.mark.cli,
    pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses under Pyodide"),
]

ROOT = Path(__file__).resolve().parent.parent


def tarot(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tarot", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """``tarot(*args)`` run in this process: same exit status and output."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as e:  # argparse: --help, bad command line
                code = e.code
    finally:
        sys.stdin = saved
    return subprocess.CompletedProcess(["tarot", *args], code, out.getvalue(), err.getvalue())


def finished_record(seed: int, players: int = 4) -> dict:
    """The record of a deal played to the end (not a redeal) by random bots."""
    while True:
        deal = play_out(Deal.new(Rules(players=players), dealer=seed % players, seed=seed),
                        [make_bot("random", seed * 10 + s) for s in range(players)])
        if deal.result.taker is not None:
            return deal.to_record()
        seed += 1000


def lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def one_line_error(proc: subprocess.CompletedProcess) -> str:
    message = proc.stderr.strip()
    assert message and "\n" not in message, proc.stderr
    return message


# ------------------------------------------------------------------- replay
def test_replay_prints_the_result_the_engine_computes():
    record = finished_record(1)
    expected = record["result"]
    record["result"] = {"made": "whatever"}  # a result in the input is ignored
    proc = tarot("replay", "-", stdin=json.dumps(record))
    assert proc.returncode == 0, proc.stderr
    assert lines(proc.stdout) == [expected]


def test_replay_reads_a_file_of_json_lines_and_a_pretty_printed_record(tmp_path):
    records = [finished_record(s) for s in (2, 3, 4)]
    jsonl = tmp_path / "deals.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in records))
    proc = tarot("replay", str(jsonl))
    assert proc.returncode == 0, proc.stderr
    assert lines(proc.stdout) == [r["result"] for r in records]

    pretty = tmp_path / "deal.json"
    pretty.write_text(json.dumps(records[0], indent=2))
    proc = tarot("replay", str(pretty))
    assert (proc.returncode, lines(proc.stdout)) == (0, [records[0]["result"]])


def test_replay_of_a_redeal_prints_the_redeal():
    deal = Deal.new(Rules(players=3), dealer=0, seed=5)
    for _ in range(3):
        if not deal.is_over:
            deal.apply(deal.legal_actions()[0])  # pass, pass, pass
    proc = cli("replay", "-", stdin=json.dumps(deal.to_record()))
    assert lines(proc.stdout) == [deal.result.to_json()]
    assert deal.result.redeal is not None


def illegal_play(record: dict) -> tuple[dict, int, str]:
    """``record`` with one card play replaced by a card of the hand the rules refuse there.

    Returns the new record, the index of the changed action and the refusal code.
    """
    deal = Deal.from_record({**record, "actions": []})
    for index, entry in enumerate(record["actions"]):
        if deal.phase is Phase.PLAY and entry["type"] == "play":
            refused = cards_of(deal.hands[deal.to_act] & ~deal.legal_cards_mask())
            if refused:
                bad = json.loads(json.dumps(record))
                bad["actions"][index]["card"] = str(refused[0])
                return bad, index, deal.why_not(Play(refused[0])).code
        if deal.phase is Phase.CHELEM and entry["type"] != "chelem":
            deal.apply(deal.legal_actions()[0])  # not announced: not written in the record
        deal.apply(action_from_json(entry)[1], seat=entry["seat"])
    raise AssertionError("no position with a refused card")


def test_an_illegal_action_exits_1_naming_the_record_the_action_and_the_rule():
    bad, index, code = illegal_play(finished_record(6))
    proc = tarot("replay", "-", stdin=json.dumps(bad))
    assert proc.returncode == 1
    assert proc.stdout == ""  # nothing printed as its result
    message = one_line_error(proc)
    assert "record 1" in message
    assert f"actions[{index}]" in message
    assert f"rule {code}" in message
    assert code in ("must_follow_suit", "must_trump", "must_overtrump", "must_play_trump",
                    "called_suit_first_trick")


def test_later_valid_records_are_still_replayed_after_a_refused_one():
    good1, good2 = finished_record(7), finished_record(8)
    bad, index, code = illegal_play(finished_record(9))
    text = "\n".join(json.dumps(r) for r in (good1, bad, good2)) + "\n"
    proc = tarot("replay", "-", stdin=text)
    assert proc.returncode == 1
    assert lines(proc.stdout) == [good1["result"], good2["result"]]
    message = one_line_error(proc)
    assert message.startswith("replay: record 2 (line 2):")
    assert f"actions[{index}]" in message and code in message


def test_a_malformed_action_names_the_bad_token():
    record = finished_record(10)
    last = len(record["actions"]) - 1
    record["actions"][last]["card"] = "7X"
    proc = cli("replay", "-", stdin=json.dumps(record))
    assert proc.returncode == 1
    message = one_line_error(proc)
    assert f"actions[{last}]" in message and "'7X'" in message


def test_an_unfinished_record_is_reported_unfinished():
    record = finished_record(11)
    del record["result"]
    record["actions"] = record["actions"][:-3]
    proc = cli("replay", "-", stdin=json.dumps(record))
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert "unfinished" in one_line_error(proc)


def test_invalid_json_exits_1_with_a_message():
    proc = cli("replay", "-", stdin='{"format": "tarot-deal/1", "rules": \n')
    assert proc.returncode == 1
    assert "invalid JSON" in one_line_error(proc)


def test_a_json_line_that_is_not_json_is_named_and_the_others_replayed():
    good = finished_record(12)
    proc = cli("replay", "-", stdin=json.dumps(good) + "\nnot json\n")
    assert proc.returncode == 1
    assert lines(proc.stdout) == [good["result"]]
    assert one_line_error(proc).startswith("replay: record 2 (line 2): invalid JSON")


def test_a_json_line_cut_short_is_named_and_the_records_after_it_replayed():
    first, second = finished_record(12), finished_record(13)
    line = json.dumps(first)
    cut = line[:line.index(",", 300) + 1]  # ends inside the record: the next line would continue it
    proc = cli("replay", "-", stdin=cut + "\n" + json.dumps(second) + "\n")
    assert proc.returncode == 1
    assert lines(proc.stdout) == [second["result"]]
    assert one_line_error(proc).startswith("replay: record 1 (line 1): invalid JSON")


def test_empty_input_exits_1():
    proc = cli("replay", "-", stdin="\n  \n")
    assert proc.returncode == 1
    assert "empty input" in one_line_error(proc)


def test_a_missing_file_exits_1(tmp_path):
    proc = cli("replay", str(tmp_path / "nothing.jsonl"))
    assert proc.returncode == 1
    assert "cannot read" in one_line_error(proc)


def test_a_json_value_that_is_not_a_record_is_refused():
    proc = cli("replay", "-", stdin="[1, 2, 3]")
    assert proc.returncode == 1
    assert "malformed record" in one_line_error(proc)


# ------------------------------------------------------------------ selfplay
def test_selfplay_is_deterministic_and_its_records_replay_to_their_results():
    args = ("selfplay", "--players", "4", "--deals", "6", "--seed", "42", "--level", "random")
    first, second = tarot(*args), tarot(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    records = lines(first.stdout)
    assert len(records) == 6
    assert [r["dealer"] for r in records] == [0, 1, 2, 3, 0, 1]
    assert all(r["format"] == "tarot-deal/1" and "result" in r for r in records)
    replay = tarot("replay", "-", stdin=first.stdout)
    assert replay.returncode == 0, replay.stderr
    assert lines(replay.stdout) == [r["result"] for r in records]


def test_selfplay_another_seed_gives_other_deals():
    a = cli("selfplay", "--players", "4", "--deals", "2", "--seed", "1", "--level", "random")
    b = cli("selfplay", "--players", "4", "--deals", "2", "--seed", "2", "--level", "random")
    assert a.stdout != b.stdout


@pytest.mark.parametrize("players", [3, 5])
def test_selfplay_at_3_and_5_players_with_a_rule_option(players):
    proc = cli("selfplay", "--players", str(players), "--deals", "3", "--seed", "7", "--level", "random",
                 "--petit-au-bout-within")
    assert proc.returncode == 0, proc.stderr
    for record in lines(proc.stdout):
        assert record["rules"] == {"players": players, "petit_au_bout_within": True}
        assert len(record["hands"]) == players
        assert Deal.from_record(record).result.to_json() == record["result"]


def test_selfplay_with_the_default_level_plays_finished_deals():
    proc = tarot("selfplay", "--players", "4", "--deals", "1", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    assert "result" in lines(proc.stdout)[0]


def test_selfplay_refuses_an_unknown_level():
    proc = cli("selfplay", "--players", "4", "--deals", "1", "--seed", "3", "--level", "grandmaster")
    assert proc.returncode == 2
    assert "grandmaster" in one_line_error(proc)


def test_selfplay_refuses_6_players():
    proc = cli("selfplay", "--players", "6", "--deals", "1", "--seed", "3")
    assert proc.returncode == 2
    assert "--players" in one_line_error(proc)


# --------------------------------------------------------------------- score
def score(*args: str) -> dict:
    proc = cli("score", *args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_score_as_a_command_prints_one_json_object_or_exits_2():
    # target 51 (1 bout); 51 - 51 = 0; 25 x 1 = 25 per defender; the taker gets 3 x 25 = 75.
    proc = tarot("score", "--players", "4", "--contract", "prise", "--bouts", "1", "--points", "51")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"made": True, "target": 51, "taker": 75, "partner": None,
                                       "defender": -25}
    proc = tarot("score", "--players", "4", "--contract", "prise", "--bouts", "1", "--points", "51.5")
    assert proc.returncode == 2
    assert "51.5" in one_line_error(proc)


def test_score_4_players_garde_with_a_poignee():
    # target 41 (2 bouts); 49 - 41 = 8; (25 + 8) x 2 = 66; + 20 for the simple poignée = 86
    # per defender; the taker gets 3 x 86 = 258.
    assert score("--players", "4", "--contract", "garde", "--bouts", "2", "--points", "49",
                 "--poignee", "simple") == {"made": True, "target": 41, "taker": 258, "partner": None,
                                            "defender": -86}


def test_score_a_lost_poignee_goes_to_the_defence():
    # target 51 (1 bout); 50 is 1 short: (25 + 1) x 2 = 52; the double poignée (30) goes to the
    # defence: 52 + 30 = 82 per defender; the taker loses 3 x 82 = 246.
    assert score("--players", "4", "--contract", "garde", "--bouts", "1", "--points", "50",
                 "--poignee", "double") == {"made": False, "target": 51, "taker": -246, "partner": None,
                                            "defender": 82}


def test_score_3_players_half_point_goes_to_the_winner():
    # target 51; 40.5 is 10.5 short, the half point goes to the defence: 11;
    # (25 + 11) x 1 = 36 per defender; the taker loses 2 x 36 = 72.
    assert score("--players", "3", "--contract", "prise", "--bouts", "1", "--points", "40.5") == {
        "made": False, "target": 51, "taker": -72, "partner": None, "defender": 36}


def test_score_5_players_with_a_partner_and_a_half_point():
    # target 41; 40.5 is half a point short: 1; (25 + 1) x 2 = 52 per defender;
    # the taker loses 2 x 52 = 104, the partner 52.
    assert score("--players", "5", "--contract", "garde", "--bouts", "2", "--points", "40.5") == {
        "made": False, "target": 41, "taker": -104, "partner": -52, "defender": 52}


def test_score_5_players_alone():
    # target 36; 60 - 36 = 24; (25 + 24) x 4 = 196 per defender; alone, the taker gets 4 x 196 = 784.
    assert score("--players", "5", "--contract", "garde_sans", "--bouts", "3", "--points", "60",
                 "--alone") == {"made": True, "target": 36, "taker": 784, "partner": None, "defender": -196}


def test_score_petit_au_bout_for_the_defence():
    # target 51; 56 - 51 = 5; 25 + 5 = 30 for the attack, minus 10 petit au bout for the defence:
    # 20 per defender; the taker gets 3 x 20 = 60.
    assert score("--players", "4", "--contract", "prise", "--bouts", "1", "--points", "56",
                 "--petit-au-bout", "defense") == {"made": True, "target": 51, "taker": 60, "partner": None,
                                                   "defender": -20}


def test_score_petit_au_bout_within_moves_the_target():
    # 0 bouts: target 56, + 10 since the defence took the Petit au bout: 66; 56 is 10 short:
    # 25 + 10 = 35 per defender; the taker loses 2 x 35 = 70, the partner 35.
    assert score("--players", "5", "--contract", "prise", "--bouts", "0", "--points", "56",
                 "--petit-au-bout", "defense", "--petit-au-bout-within") == {
        "made": False, "target": 66, "taker": -70, "partner": -35, "defender": 35}


def test_score_chelem_announced_and_made():
    # target 36; 91 - 36 = 55; (25 + 55) x 2 = 160, + 400 for the chelem = 560 per defender;
    # the taker gets 3 x 560 = 1680.
    assert score("--players", "4", "--contract", "garde", "--bouts", "3", "--points", "91",
                 "--chelem", "announced_made") == {"made": True, "target": 36, "taker": 1680, "partner": None,
                                                   "defender": -560}


def test_score_chelem_of_the_defence():
    # The attack keeps its écart (6 cards, 3 points at least): target 56; 3 is 53 short: 25 + 53 = 78,
    # + 200 for the defence's chelem = 278 per defender; the taker loses 3 x 278 = 834.
    assert score("--players", "4", "--contract", "prise", "--bouts", "0", "--points", "3",
                 "--chelem", "defense") == {"made": False, "target": 56, "taker": -834, "partner": None,
                                            "defender": 278}


def test_score_garde_contre_made_exactly():
    # target 41; 41 - 41 = 0; 25 x 6 = 150 per defender; the taker gets 3 x 150 = 450.
    assert score("--players", "4", "--contract", "garde_contre", "--bouts", "2", "--points", "41") == {
        "made": True, "target": 41, "taker": 450, "partner": None, "defender": -150}


@pytest.mark.parametrize("args, says", [
    (["--players", "4", "--contract", "prise", "--bouts", "1", "--points", "40.5"], "whole numbers"),
    (["--players", "4", "--contract", "prise", "--bouts", "1", "--points", "50", "--alone"], "--alone"),
    (["--players", "4", "--contract", "prise", "--bouts", "4", "--points", "50"], "--bouts"),
    (["--players", "4", "--contract", "prise", "--bouts", "1", "--points", "92"], "between 0 and 91"),
    (["--players", "3", "--contract", "prise", "--bouts", "1", "--points", "40.25"], "half points"),
    (["--players", "4", "--contract", "pousse", "--bouts", "1", "--points", "50"], "--contract"),
    (["--players", "7", "--contract", "prise", "--bouts", "1", "--points", "50"], "--players"),
    (["--players", "4", "--contract", "prise", "--bouts", "3", "--points", "10"], "with 3 bouts"),
    (["--players", "4", "--contract", "prise", "--bouts", "1", "--points", "50", "--poignee", "triple",
      "--poignee", "double"], "trumps"),
    (["--players", "4", "--contract", "prise", "--bouts", "1"], "--points"),
    (["--players", "4", "--contract", "prise", "--bouts", "1", "--points", "50", "--chelem", "maybe"],
     "--chelem"),
    # Counts that cannot happen in a deal:
    (["--players", "4", "--contract", "garde", "--bouts", "0", "--points", "10", "--chelem", "unannounced_made"],
     "a chelem made leaves the attack 91 points"),
    (["--players", "4", "--contract", "garde", "--bouts", "3", "--points", "91", "--chelem", "defense"],
     "a defence that wins every trick"),
    (["--players", "4", "--contract", "garde", "--bouts", "0", "--points", "30", "--petit-au-bout", "attack"],
     "cannot have 0 bouts"),
    (["--players", "4", "--contract", "garde", "--bouts", "3", "--points", "60", "--petit-au-bout", "defense"],
     "cannot have 3 bouts"),
    (["--players", "3", "--contract", "prise", "--bouts", "1", "--points", "50", "--prise-partner"], "4 players only"),
    (["--players", "5", "--contract", "prise", "--bouts", "1", "--points", "50", "--purchase"], "3 or 4 players only"),
])
def test_score_bad_input_exits_2_saying_what_is_wrong(args, says):
    proc = cli("score", *args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert says in one_line_error(proc)


def test_score_a_chelem_with_the_excuse_kept_by_the_defence():
    # 87 points and 2 bouts: 46 beyond 41; (25 + 46) x 2 = 142, + 200 = 342 per defender.
    assert score("--players", "4", "--contract", "garde", "--bouts", "2", "--points", "87",
                 "--chelem", "unannounced_made") == {"made": True, "target": 41, "taker": 1026, "partner": None,
                                                     "defender": -342}


def test_score_with_a_partner_at_4_players_each_scores_the_value_once():
    # prise_partner: 50 points with 2 bouts, 9 beyond 41: 34 each for the taker and the partner.
    assert score("--players", "4", "--contract", "prise", "--bouts", "2", "--points", "50",
                 "--prise-partner") == {"made": True, "target": 41, "taker": 34, "partner": 34, "defender": -34}


def test_replay_cuts_a_huge_bad_token_short():
    deal = Deal.new(Rules(players=4), dealer=0, seed=5)
    record = deal.to_record()
    record["actions"] = [{"seat": 1, "type": "bid", "bid": "x" * 500_000}]
    proc = cli("replay", "-", stdin=json.dumps(record))
    assert proc.returncode == 1 and len(proc.stderr) < 400 and "not a bid" in proc.stderr


def test_replay_refuses_a_card_nested_deeply_as_a_malformed_record():
    deal = Deal.new(Rules(players=4), dealer=0, seed=5)
    record = deal.to_record()
    record["actions"] = [{"seat": 1, "type": "play", "card": "[" * 900 + "]" * 900}]
    text = json.dumps(record).replace('"' + "[" * 900 + "]" * 900 + '"', "[" * 900 + "]" * 900)
    proc = cli("replay", "-", stdin=text)
    assert proc.returncode == 1 and len(proc.stderr) < 400 and "Traceback" not in proc.stderr


@pytest.mark.parametrize("flag", ["--individual-primes", "--handful-against-taker", "--purchase",
                                  "--prise-partner", "--traditional-scoring", "--round-to-ten"])
def test_selfplay_takes_every_new_rule_option_as_a_flag(flag):
    proc = cli("selfplay", "--players", "4", "--deals", "3", "--seed", "11", flag, "--misere")
    assert proc.returncode == 0, proc.stderr
    records = [json.loads(line) for line in proc.stdout.splitlines()]
    name = flag[2:].replace("-", "_")
    assert all(r["rules"][name] is True for r in records)
    replay = cli("replay", "-", stdin=proc.stdout)
    assert [json.loads(line) for line in replay.stdout.splitlines()] == [r["result"] for r in records]
    if name == "traditional_scoring":  # the pots stay on the table from one deal to the next
        for before, after in zip(records, records[1:]):
            assert after.get("pots", []) == before["result"]["pots"]


# --------------------------------------------------------------------- bench
def test_bench_quick_prints_one_json_object_of_figures():
    proc = tarot("bench", "--quick")
    assert proc.returncode == 0, proc.stderr
    figures = json.loads(proc.stdout)
    assert figures["python"].split()[0] in ("CPython", "PyPy")
    assert figures["deals_per_second_4p_random"] > 0
    assert 0 < figures["legal_actions_us_median_uncached"] < 10_000
    assert 0 < figures["legal_cards_mask_us_median_uncached"] < 10_000
    assert figures["legal_positions"] > 0
    assert set(figures["bots"]) >= {"random"}
    for level in figures["bots"].values():
        assert level["ms_per_decision_p50"] <= level["ms_per_decision_p95"]
    assert set(figures["about"]) >= {"deals_per_second_4p_random", "legal_actions_us_median_uncached"}


def test_bench_only_runs_the_benchmarks_named():
    proc = cli("bench", "--quick", "--only", "legal")
    figures = json.loads(proc.stdout)
    assert "legal_actions_us_median_uncached" in figures
    assert "deals_per_second_4p_random" not in figures and "bots" not in figures


def test_bench_refuses_an_unknown_benchmark():
    proc = cli("bench", "--only", "nothing")
    assert proc.returncode == 2
    assert "nothing" in one_line_error(proc)


# ------------------------------------------------------------- the rest
def test_tournament_is_handed_to_its_module_or_said_not_available():
    proc = tarot("tournament", "--help")
    if importlib.util.find_spec("tarot.tools.tournament") is None:
        assert proc.returncode == 2
        assert "not available" in one_line_error(proc)
    else:
        assert proc.returncode == 0, proc.stderr
        assert "not available" not in proc.stderr


@pytest.mark.parametrize("command", ["replay", "selfplay", "score", "bench"])
def test_every_command_has_help(command):
    proc = cli(command, "--help")
    assert proc.returncode == 0
    assert f"usage: python -m tarot {command}" in proc.stdout


def test_no_command_exits_2():
    proc = tarot()
    assert proc.returncode == 2
    assert "COMMAND" in one_line_error(proc)


def test_a_line_separator_inside_a_json_string_does_not_end_the_line():
    # JSON allows U+2028 unescaped in a string; JSON lines end at a line feed only.
    first, second = finished_record(21), finished_record(22)
    first["note"] = "a\u2028b\u0085c"
    text = json.dumps(first, ensure_ascii=False) + "\n" + json.dumps(second) + "\n"
    proc = cli("replay", "-", stdin=text)
    assert proc.returncode == 0, proc.stderr
    assert lines(proc.stdout) == [first["result"], second["result"]]


def test_a_pretty_printed_record_broken_on_its_first_line_is_one_error():
    text = "# my deals\n" + json.dumps(finished_record(23), indent=2) + "\n"
    proc = cli("replay", "-", stdin=text)
    assert proc.returncode == 1 and proc.stdout == ""
    assert one_line_error(proc).startswith("replay: record 1: invalid JSON:")
    assert "(line 1, column 1)" in proc.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_an_output_that_cannot_be_written_is_an_error_not_a_traceback():
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "tarot", "selfplay", "--players", "4", "--deals", "2",
                               "--seed", "1"],
                              cwd=ROOT, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.strip() == "python -m tarot selfplay: error: cannot write the output: No space left on device"


def test_a_closed_standard_input_is_an_error_not_a_traceback():
    proc = subprocess.run([sys.executable, "-m", "tarot", "replay", "-"], cwd=ROOT, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120, preexec_fn=_close_stdin)
    assert proc.returncode == 1
    assert proc.stderr.strip() == "replay: cannot read standard input: it is closed"


def _close_stdin() -> None:
    import os

    os.close(0)


# ------------------------------------------------------------- hostile input
@pytest.mark.parametrize("args, says", [
    # The attack wins every trick: the defence never holds the Petit at the last one (and the reverse).
    (["--players", "4", "--contract", "garde", "--bouts", "2", "--points", "87", "--chelem", "unannounced_made",
      "--petit-au-bout", "defense"], "the defence wins no trick"),
    (["--players", "4", "--contract", "garde", "--bouts", "1", "--points", "8", "--chelem", "defense",
      "--petit-au-bout", "attack"], "the attack wins no trick"),
    # The Petit (4.5) and the other cards of the last trick (0.5 at least each) are the attack's.
    (["--players", "4", "--contract", "garde_contre", "--bouts", "1", "--points", "4", "--petit-au-bout", "attack"],
     "with 1 bout and petit au bout in a garde_contre at 4 players the attack has 6 to 80 points, not 4"),
    # Besides, the attack always counts its écart (6 cards at 3 and 4 players, 3 at 5)...
    (["--players", "4", "--contract", "garde", "--bouts", "1", "--points", "8", "--petit-au-bout", "attack"],
     "the attack has 9 to"),
    (["--players", "3", "--contract", "garde", "--bouts", "1", "--points", "8", "--petit-au-bout", "attack"],
     "the attack has 8.5 to"),
    (["--players", "5", "--contract", "garde", "--bouts", "2", "--points", "11.5", "--petit-au-bout", "attack"],
     "the attack has 12 to"),
    (["--players", "4", "--contract", "prise", "--bouts", "0", "--points", "2"], "the attack has 3 to"),
    # ...and the same holds for the defence: its Petit and last trick leave the attack 91 less that at most.
    (["--players", "4", "--contract", "garde", "--bouts", "2", "--points", "86", "--petit-au-bout", "defense"],
     "to 85 points, not 86"),
])
def test_score_refuses_a_petit_au_bout_that_cannot_happen(args, says):
    proc = cli("score", *args)
    assert proc.returncode == 2 and proc.stdout == ""
    assert says in one_line_error(proc)


def test_score_accepts_the_least_count_with_petit_au_bout():
    assert score("--players", "4", "--contract", "prise", "--bouts", "1", "--points", "9",
                 "--petit-au-bout", "attack")["made"] is False
    assert score("--players", "4", "--contract", "garde_contre", "--bouts", "1", "--points", "6",
                 "--petit-au-bout", "attack")["made"] is False
    assert score("--players", "4", "--contract", "prise", "--bouts", "2", "--points", "85",
                 "--petit-au-bout", "defense")["made"] is True


@pytest.mark.parametrize("option, value", [
    ("--points", "４９"), ("--points", "4_9"), ("--points", "49e0"), ("--points", "٤٩"), ("--points", "+49"),
    ("--bouts", "２"), ("--bouts", "0_2"), ("--players", "４"), ("--players", "0_4"),
])
def test_score_reads_ascii_digits_only(option, value):
    args = {"--players": "4", "--contract": "garde", "--bouts": "2", "--points": "49"} | {option: value}
    proc = cli("score", *[x for pair in args.items() for x in pair])
    assert proc.returncode == 2 and proc.stdout == ""
    assert option in one_line_error(proc)


@pytest.mark.parametrize("args", [
    ["score", "--players", "4", "--contract", "garde", "--bouts", "2", "--points", "9" * 100_000],
    ["score", "--players", "4" * 100_000, "--contract", "garde", "--bouts", "2", "--points", "49"],
    ["score", "--players", "4", "--contract", "g" * 100_000, "--bouts", "2", "--points", "49"],
    ["selfplay", "--players", "4", "--deals", "1" * 100_000, "--seed", "1"],
    ["selfplay", "--players", "4", "--deals", "1", "--seed", "7" * 100_000],
])
def test_a_bad_value_is_quoted_short_and_without_pythons_advice(args):
    proc = cli(*args)
    assert proc.returncode == 2 and proc.stdout == ""
    message = one_line_error(proc)
    assert len(message) < 400 and "…" in message and "sys." not in message


def test_replay_names_a_number_of_thousands_of_digits_without_pythons_advice():
    good = finished_record(12)
    huge = json.dumps(good).replace('"dealer":', '"dealer":' + "1" * 5000 + ",")
    proc = cli("replay", "-", stdin=huge + "\n" + json.dumps(good) + "\n")
    assert proc.returncode == 1 and lines(proc.stdout) == [good["result"]]
    message = one_line_error(proc)
    assert message.startswith("replay: record 1 (line 1): invalid JSON: a number has too many digits")
    assert "sys." not in message


def test_replay_refuses_a_line_longer_than_any_record_and_replays_the_next():
    good = finished_record(12)
    proc = cli("replay", "-", stdin=json.dumps(good) + "\n" + "x" * 3_000_000 + "\n" + json.dumps(good) + "\n")
    assert proc.returncode == 1 and lines(proc.stdout) == [good["result"]] * 2
    assert one_line_error(proc) == "replay: record 2 (line 2): longer than 1000000 bytes: no record is that long"


def test_replay_refuses_a_line_that_is_not_utf8_and_replays_the_next():
    good = json.dumps(finished_record(12)).encode()
    proc = _replay_bytes(good + b"\n\xff\xfe\n" + good + b"\n")
    assert proc.returncode == 1 and len(lines(proc.stdout)) == 2
    assert one_line_error(proc) == "replay: record 2 (line 2): not UTF-8 text (byte 0)"


@pytest.mark.parametrize("junk, says", [
    (b"QUJD" * 19 + b"\n", "replay: record 1: invalid JSON: Expecting value (line 1, column 1)"),  # short lines
    (b"{" + b"x" * 999 + b"\n", "replay: record 1 (line 1): invalid JSON: Expecting property name"),  # JSON lines
    (b"x" * 1000, "replay: record 1 (line 1): longer than 1000000 bytes"),  # one long line
])
def test_replay_reads_its_input_a_line_at_a_time_in_constant_memory(junk, says):
    import tracemalloc

    data = junk * (15_000_000 // len(junk))
    tracemalloc.start()
    try:
        proc = _replay_bytes(data, keep_stderr_lines=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert proc.returncode == 1 and proc.stdout == "" and proc.stderr.startswith(says)
    assert peak < 5_000_000, peak  # reading it whole took 400 MB


def test_a_pretty_printed_record_is_read_whole_after_lines_that_are_not_records():
    record = finished_record(24)
    proc = cli("replay", "-", stdin="\n\n" + json.dumps(record, indent=2) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert lines(proc.stdout) == [record["result"]]


def _replay_bytes(data: bytes, keep_stderr_lines: int | None = None) -> subprocess.CompletedProcess:
    """``replay -`` on ``data`` in this process (the bytes as they are, not text); only the
    first ``keep_stderr_lines`` lines of stderr are kept when given."""
    out, err = io.StringIO(), _FirstLines(keep_stderr_lines)
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["replay", "-"])
    finally:
        sys.stdin = saved
    return subprocess.CompletedProcess(["tarot", "replay", "-"], code, out.getvalue(), err.getvalue())


class _FirstLines(io.StringIO):
    """A text stream that keeps its first ``limit`` lines written (all when ``None``)."""

    def __init__(self, limit: int | None) -> None:
        super().__init__()
        self.limit = limit
        self.lines = 0

    def write(self, text: str) -> int:
        if self.limit is None or self.lines < self.limit:
            super().write(text)
        self.lines += text.count("\n")
        return len(text)


@pytest.mark.parametrize("args", [
    ["selfplay", "--players", "4", "--deals", "１", "--seed", "1"],
    ["selfplay", "--players", "4", "--deals", "1", "--seed", "1_0"],
    ["blunders", "--players", "４", "--deals", "1"],
    ["tournament", "--deals", "1_0"],
    ["bench", "--repeats", "３"],
    ["bench", "--seconds", "1_0"],
])
def test_every_command_reads_numbers_in_ascii_digits_only(args):
    proc = cli(*args)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "in digits 0-9, not '" in proc.stderr.strip().splitlines()[-1]  # (tournament prints its usage first)
