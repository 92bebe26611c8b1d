"""The puzzle trainer (``?mode=puzzles``): a puzzle of the collection in the seat's view; a right
answer is said with its reason and raises the rating, a wrong one says what it costs, lowers the
rating and is played on face up; a theme asked for is honoured; the daily puzzle, and the
tallest puzzle of each kind, fit a 400 × 500 frame; the trainer speaks English too, and works
offline after one visit.  The puzzles are the collection's own (web/puzzles/collection.jsonl),
whatever it holds."""
from __future__ import annotations

from pathlib import Path

from conftest import SiteServer

from tarot.actions import Bid, Play
from web.teaching.puzzles import COLLECTION_PATH, TrainerPuzzle, daily, read_collection

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = read_collection((ROOT / COLLECTION_PATH).read_text(encoding="utf-8"))
READY = "() => document.getElementById('table').dataset.phase !== 'loading'"
TODAY = ("() => { const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0')"
         " + '-' + String(d.getDate()).padStart(2, '0'); }")


def _selector(action: object) -> str:
    """The button of the table that takes ``action`` (a card of the hand or a bid)."""
    if isinstance(action, Play):
        return f"#hand button[data-card='{action.card}']"
    assert isinstance(action, Bid)
    return f"[data-bid='{action.contract.code if action.contract else 'pass'}']"


def _wrong(puzzle: TrainerPuzzle) -> object | None:
    return next((a for a, _loss in puzzle.costs if isinstance(a, (Play, Bid))), None)


def _plain() -> TrainerPuzzle:
    """A puzzle answered with a card or a bid, with a wrong answer of the same kind."""
    return next(p for p in PUZZLES if isinstance(p.solution[0], (Play, Bid)) and _wrong(p) is not None)


def _open(page, site_url: str, query: str, fragment: str = "") -> None:
    page.goto(site_url + query + fragment)
    page.wait_for_function(READY)
    page.wait_for_selector("[data-testid=puzzle]")


def _answer(page, action: object) -> str:
    """Answer by the keyboard (the button focused, then Enter); the verdict's ``data-correct``."""
    page.focus(_selector(action))
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=puzzle-verdict]")
    return page.get_attribute("[data-testid=puzzle-verdict]", "data-correct")


def _rating(page) -> int:
    return int(page.get_attribute("[data-testid=puzzle] [data-testid=rating]", "data-value"))


def test_a_right_answer_is_said_with_its_reason_and_raises_the_rating(page, site_url):
    p = _plain()
    _open(page, site_url, "?mode=puzzles&pause=0", f"#puzzle={p.id}")
    assert page.get_attribute("[data-testid=puzzle]", "data-id") == p.id
    assert page.get_attribute("#table", "data-step") == str(p.step)  # the moment of the puzzle
    before = _rating(page)
    assert _answer(page, p.solution[0]) == "true"
    assert page.text_content("[data-testid=puzzle-verdict]").startswith("Juste")
    assert _rating(page) > before
    assert page.get_attribute("#table", "data-step") == str(p.step)  # nothing played
    assert page.query_selector(f"[data-testid=puzzle-history] li[data-id='{p.id}'][data-correct=true]")
    page.reload()  # the rating is kept
    page.wait_for_selector("[data-testid=puzzle]")
    assert _rating(page) > before


def test_a_wrong_answer_costs_points_lowers_the_rating_and_is_played_on_face_up(page, site_url):
    p = _plain()
    wrong = _wrong(p)
    _open(page, site_url, "?mode=puzzles&pause=0", f"#puzzle={p.id}")
    before = _rating(page)
    assert _answer(page, wrong) == "false"
    assert page.text_content("[data-testid=puzzle-verdict]").startswith("Non")
    assert "points" in page.text_content("[data-testid=puzzle-verdict]")
    assert _rating(page) < before
    page.wait_for_selector("[data-testid=puzzle-line][data-line=wrong]")
    assert page.is_visible("[data-testid=open-hands] .open-hand")  # every other hand face up
    assert page.get_attribute("#table", "data-step") == str(p.step + 1)  # the wrong answer played
    page.click("[data-action=mistake-step][data-to=next]")
    page.wait_for_function(f"() => document.getElementById('table').dataset.step === '{p.step + 2}'")
    page.click("[data-action=puzzle-next]")
    page.wait_for_selector(f"[data-testid=puzzle]:not([data-id='{p.id}'])")
    assert page.query_selector("[data-testid=puzzle-question]")
    shown = page.get_attribute("[data-testid=puzzle]", "data-id")
    assert page.evaluate("location.hash") == f"#puzzle={shown}"  # the address names the puzzle on show


def test_a_theme_asked_for_is_honoured(page, site_url):
    themes = {c for p in PUZZLES for c in p.themes}
    theme = min(themes, key=lambda c: (sum(c in p.themes for p in PUZZLES), c))  # the rarest theme
    _open(page, site_url, f"?mode=puzzles&pause=0&theme={theme}")
    shown = page.get_attribute("[data-testid=puzzle]", "data-id")
    assert theme in next(p for p in PUZZLES if p.id == shown).themes
    assert page.get_attribute(f"[data-action=puzzle-filter][data-kind=theme][data-value='{theme}']",
                              "aria-pressed") == "true"
    # Another filter chosen in the trainer: the puzzle shown is of that phase.
    phase = next(p.phase for p in PUZZLES if p.phase != next(q for q in PUZZLES if q.id == shown).phase) \
        if len({p.phase for p in PUZZLES}) > 1 else PUZZLES[0].phase
    page.click("[data-action=puzzle-filter][data-kind=theme][data-value='']")
    page.click(f"[data-action=puzzle-filter][data-kind=phase][data-value='{phase}']")
    page.wait_for_selector(f"[data-testid=puzzle][data-phase='{phase}']")


NO_SCROLL = ("() => [document.documentElement, document.body, document.querySelector('#table > .layout')]"
             ".every(e => e.scrollHeight <= e.clientHeight && e.scrollWidth <= e.clientWidth)")
IN_VIEW = ("() => [...document.querySelectorAll('[data-testid=puzzle], #hand button[data-card]')]"
           ".every(e => { const b = e.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; })")


def _tallest_of_each_kind() -> list[TrainerPuzzle]:
    """For each player count and kind of answer (a bid, the king called, an écart, a poignée, a
    card), the puzzle asked earliest in its deal: the fullest hand, the tallest table of its kind."""
    tallest: dict[tuple[int, str], TrainerPuzzle] = {}
    for p in sorted(PUZZLES, key=lambda p: (len(p.record["actions"]), p.id)):
        tallest.setdefault((p.players, type(p.solution[0]).__name__), p)
    return list(tallest.values())


def test_the_daily_puzzle_embedded_fits_400_by_500_without_a_scrollbar(page, site_url):
    page.set_viewport_size({"width": 400, "height": 500})
    _open(page, site_url, "?embed=1&mode=puzzles&daily=1&pause=0")
    expected = daily(PUZZLES, page.evaluate(TODAY))
    assert expected is not None and page.get_attribute("[data-testid=puzzle]", "data-id") == expected.id
    assert page.evaluate(NO_SCROLL)
    assert page.evaluate(IN_VIEW)
    _answer_fits(page, expected)


def _answer_fits(page, puzzle: TrainerPuzzle) -> None:
    """A wrong answer if there is one of a card or a bid, else the right one: the verdict fits too."""
    answer = _wrong(puzzle) or (puzzle.solution[0] if isinstance(puzzle.solution[0], (Play, Bid)) else None)
    if answer is not None:  # a card or a bid to answer with (an écart, a call or a poignée is left)
        assert _answer(page, answer) in ("true", "false")
        page.wait_for_timeout(100)
        assert page.evaluate(NO_SCROLL), puzzle.id


def test_the_tallest_puzzle_of_each_kind_embedded_fits_400_by_500_without_a_scrollbar(page, site_url):
    """Any day's puzzle may be the daily one: a three-player écart's three rows of cards, the kings
    to call over a two-row hand, a poignée's question over a full hand all fit the frame."""
    page.set_viewport_size({"width": 400, "height": 500})
    chosen = _tallest_of_each_kind()
    assert len({p.players for p in chosen}) == 3
    for puzzle in chosen:
        page.goto("about:blank")
        _open(page, site_url, "?embed=1&mode=puzzles&pause=0", f"#puzzle={puzzle.id}")
        assert page.get_attribute("[data-testid=puzzle]", "data-id") == puzzle.id
        assert page.evaluate(NO_SCROLL), puzzle.id
        assert page.evaluate(IN_VIEW), puzzle.id
        _answer_fits(page, puzzle)


def test_the_trainer_speaks_english(page, site_url):
    p = _plain()
    _open(page, site_url, "?mode=puzzles&lang=en&pause=0", f"#puzzle={p.id}")
    assert page.text_content("[data-testid=puzzle-question]") == "Your turn: find the best choice."
    assert page.text_content("[data-testid=puzzle] [data-testid=rating]").startswith("Your rating")
    assert _answer(page, p.solution[0]) == "true"
    assert page.text_content("[data-testid=puzzle-verdict]").startswith("Right!")
    assert page.text_content("[data-action=puzzle-next]") == "Next puzzle"


def test_after_one_visit_the_trainer_works_with_the_server_stopped(page, site_dir):
    server = SiteServer(site_dir, "127.0.0.1", 0, "/").start()
    try:
        page.goto(server.url + "?pause=0")
        page.wait_for_function(READY)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")  # every file in the cache
    finally:
        server.stop()
    _open(page, server.url, "?mode=puzzles&pause=0")  # the collection comes from the cache
    assert page.get_attribute("[data-testid=puzzle]", "data-id") in {p.id for p in PUZZLES}
