"""What the browser kept from before still loads: a saved match (``tarot.table``) and the
finished matches (``tarot.history``), written by the page before the match held its deals'
results typed (tests/data/*-v1.json, as the page wrote them then)."""
import json
import re
from pathlib import Path

import pytest

from tarot.teaching.duplicate import Budget
from tarot.errors import RecordError
from web.draw import render
from web.duplicate.tournament import DuplicateSession
from web.duplicate.step import reference_step
from web.match.history import history_text, match_totals, parse_history
from web.match.session import Session, Settings

DATA = Path(__file__).resolve().parent / "data"


def _text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8").strip()


def _counted(result: dict) -> list[int]:
    """What a deal's JSON result counts in a match: its tokens, else its scores, else nothing."""
    return result.get("tokens", result.get("scores", [0] * 5))


def test_a_match_saved_before_loads_with_the_same_score_sheet_and_totals():
    saved = json.loads(_text("saved-match-v1.json"))  # 5 players, pots and tokens, misères: 3 deals and one under way
    session = Session.from_save(_text("saved-match-v1.json"))
    sheet = session.screen().sheet
    assert [number for number, _ in sheet] == [21, 22, 23] and not session.finished
    assert [result.to_json() for _, result in sheet] == [record["result"] for record in saved["records"]]
    assert session.match.standings == [sum(_counted(r["result"])[s] for r in saved["records"]) for s in range(5)]
    assert session.match.pots[0] == tuple(saved["records"][-1]["result"]["pots"])
    side = render.render(session.screen())["side"]
    assert len(re.findall(r'<tr data-deal="\d+">', side)) == 3 and 'data-testid="tokens"' in side
    assert json.loads(session.save_text())["records"] == saved["records"]  # saved again as it was


def test_matches_kept_before_load_with_their_totals_and_are_written_back_the_same():
    text = _text("kept-matches-v1.json")
    kept = parse_history(text)
    raw = json.loads(text)["matches"]
    assert [(m.ended, m.players, len(m.results)) for m in kept] == [
        ("2026-11-22T21:15:40.000Z", 4, 4), ("2026-11-20T18:02:11.000Z", 3, 2)]
    for match, entry in zip(kept, raw):
        n = entry["settings"]["players"]
        assert match_totals(match) == [sum(_counted(r["result"])[s] for r in entry["records"]) for s in range(n)]
    assert history_text(kept) == text


def test_a_kept_match_whose_result_does_not_add_up_is_left_out():
    data = json.loads(_text("kept-matches-v1.json"))
    data["matches"][0]["records"][1]["result"]["scores"][0] += 10
    kept = parse_history(json.dumps(data))
    assert [m.ended for m in kept] == ["2026-11-20T18:02:11.000Z"]


def test_a_reference_whose_result_does_not_add_up_is_not_taken():
    session = DuplicateSession(Settings(players=4, first_deal=5), 4, Budget(2, 2))
    while True:  # the worker's steps, up to its last answer
        kind, request = session.tournament.request(session)
        answer = reference_step(json.loads(json.dumps(request)))
        if answer["done"]:
            break
        session.tournament.take(session, kind, request, answer)
    scores = answer["record"]["result"]["scores"]
    answer["record"]["result"]["scores"] = [x + 1 for x in scores]
    with pytest.raises(RecordError, match="scores"):
        session.tournament.take(session, kind, request, answer)
    assert session.tournament.reference_result(5) is None and 5 not in session.tournament.references
    answer["record"]["result"]["scores"] = scores
    assert session.tournament.take(session, kind, request, answer)
    assert session.tournament.reference_result(5).to_json() == answer["record"]["result"]
