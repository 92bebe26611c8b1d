"""The puzzle trainer (web.teaching.puzzles, web.teaching.trainer): the collection read and
turned to seat 0, an answer judged against the solution, the next puzzle near the person's
rating, the daily puzzle, the ratings kept in the browser, and the trainer at the table."""
from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from tarot.actions import Bid, Ecart, Play
from tarot.bot import Reason
from tarot.cards import parse_card
from tarot.puzzles.glicko import Rating
from tarot.state import Deal
from web.browser.params import parse_params
from web.browser.storage import Store
from web.draw.render import render
from web.match.clicks import click
from web.match.page import PageState
from web.teaching.drill import MistakeSession
from web.teaching.mistakes import EXERCISES_KEY, Exercise, deal_id
from web.teaching.puzzles import (COLLECTION_PATH, RATINGS_FORMAT, RATINGS_KEY, Filters, Ratings, TrainerPuzzle,
                                  choose, cost_of, daily, is_solution, load_ratings, read_collection, read_puzzle)
from web.teaching.trainer import PuzzleSession, exercise_of

from .test_web_page import MemoryStorage

ROOT = Path(__file__).resolve().parent.parent
COLLECTION = (ROOT / COLLECTION_PATH).read_text(encoding="utf-8")
PUZZLES = read_collection(COLLECTION)


def _puzzle(ident: str, rating: int = 1500, themes: tuple[str, ...] = (), players: int = 4,
            solution: tuple = (Play(parse_card("T10")),)) -> TrainerPuzzle:
    """A puzzle for choosing among (its record is not replayed)."""
    return TrainerPuzzle(ident, {"actions": []}, solution, 12.0, themes, rating, Reason("x", {}),
                         ((Play(parse_card("T2")), 20.0),), players)


def _answers(puzzle: TrainerPuzzle) -> tuple[object, object | None]:
    """A right and a wrong answer the table takes (a card or a bid), from the puzzle's own solution and costs."""
    wrong = next((a for a, _loss in puzzle.costs if isinstance(a, (Play, Bid))), None)
    return puzzle.solution[0], wrong


def _plain_puzzles() -> list[TrainerPuzzle]:
    """The collection's puzzles answered with a card or a bid, with a wrong one of the same kind."""
    return [p for p in PUZZLES if isinstance(p.solution[0], (Play, Bid)) and _answers(p)[1] is not None]


def _page(query: str = "?mode=puzzles", fragment: str = "", storage: MemoryStorage | None = None,
          collection: str | None = COLLECTION, today: str = "2026-11-29") -> PageState:
    state = PageState(parse_params(query, fragment), Store(storage if storage is not None else MemoryStorage(), lambda text: None),
                      today=today)
    assert state.trainer_waits and state.shows_its_own_deal()
    state.open_trainer(collection)  # the collection, fetched by the page
    return state


# ------------------------------------------------------------------ the collection
def test_the_collection_is_read_with_the_seat_to_act_turned_to_seat_0():
    assert PUZZLES
    for p in PUZZLES:
        assert Deal.from_record(p.record).to_act == 0
        assert p.players in (3, 4, 5) and p.phase in ("bidding", "ecart", "play")


def test_a_line_that_is_not_a_puzzle_is_left_out():
    line = COLLECTION.splitlines()[0]
    data = json.loads(line)
    bad = [json.dumps({**data, "id": "Not an id"}), json.dumps({**data, "seat": 9}), json.dumps({**data, "solution": []}),
           "{oops", "[]", json.dumps({**data, "margin": "large"})]
    assert [p.id for p in read_collection("\n".join([*bad, line, line]))] == [data["id"]]


def test_a_solution_of_another_seat_is_refused():
    data = json.loads(COLLECTION.splitlines()[0])
    other = (data["seat"] + 1) % len(data["record"]["hands"])
    with pytest.raises(ValueError):
        read_puzzle({**data, "solution": [{**data["solution"][0], "seat": other}]})


# ------------------------------------------------------------------ the verdict
def test_an_answer_is_right_when_it_is_one_of_the_solution():
    p = _puzzle("aaaaaa", solution=(Play(parse_card("T10")), Play(parse_card("T9"))))
    assert is_solution(p, Play(parse_card("T9")))
    assert not is_solution(p, Play(parse_card("T2")))


def test_an_ecart_is_the_solution_in_any_order():
    cards = [parse_card(c) for c in ("3H", "4H", "5H")]
    p = _puzzle("aaaaaa", solution=(Ecart(tuple(cards)),))
    assert is_solution(p, Ecart(tuple(reversed(cards))))


def test_a_wrong_answer_costs_its_measured_loss_else_at_least_the_margin():
    p = _puzzle("aaaaaa")
    assert cost_of(p, Play(parse_card("T2"))) == (20.0, True)
    assert cost_of(p, Play(parse_card("T3"))) == (12.0, False)
    assert cost_of(p, Play(parse_card("T10"))) == (0.0, True)


# ------------------------------------------------------------ which puzzle next
def test_the_next_puzzle_is_the_one_nearest_the_person_s_rating():
    puzzles = [_puzzle("aaaaaa", 1200), _puzzle("bbbbbb", 1450), _puzzle("cccccc", 1900)]
    assert choose(puzzles, 1500).id == "bbbbbb"
    assert choose(puzzles, 1800).id == "cccccc"


def test_a_puzzle_never_tried_comes_before_one_tried():
    puzzles = [_puzzle("aaaaaa", 1200), _puzzle("bbbbbb", 1450)]
    assert choose(puzzles, 1500, tried=["bbbbbb"]).id == "aaaaaa"


def test_a_puzzle_s_own_rating_moved_by_the_tries_counts():
    puzzles = [_puzzle("aaaaaa", 1200), _puzzle("bbbbbb", 1450)]
    assert choose(puzzles, 1500, ratings={"aaaaaa": 1510}).id == "aaaaaa"


def test_the_filters_choose_by_theme_players_and_phase():
    puzzles = [_puzzle("aaaaaa", 1500, ("bid",), 4, (Bid(None),)), _puzzle("bbbbbb", 1500, ("trump",), 3),
               _puzzle("cccccc", 1500, ("trump",), 5)]
    assert choose(puzzles, 1500, Filters(theme="trump")).id == "bbbbbb"
    assert choose(puzzles, 1500, Filters(theme="trump", players=5)).id == "cccccc"
    assert choose(puzzles, 1500, Filters(phase="bidding")).id == "aaaaaa"
    assert choose(puzzles, 1500, Filters(theme="chelem")) is None


def test_the_puzzle_just_done_comes_again_only_when_it_is_the_only_one():
    puzzles = [_puzzle("aaaaaa", 1500), _puzzle("bbbbbb", 1900)]
    assert choose(puzzles, 1500, after="aaaaaa").id == "bbbbbb"
    assert choose(puzzles[:1], 1500, after="aaaaaa").id == "aaaaaa"


# ------------------------------------------------------------------ the daily puzzle
def test_the_daily_puzzle_is_the_same_for_a_date_whatever_the_collection_s_order():
    puzzles = [_puzzle(f"{k:06x}") for k in range(1, 40)]
    day = daily(puzzles, "2026-11-29")
    assert day is not None and daily(list(reversed(puzzles)), "2026-11-29") == day


def test_the_daily_puzzle_changes_with_the_date():
    puzzles = [_puzzle(f"{k:06x}") for k in range(1, 40)]
    found = {daily(puzzles, f"2026-12-{d:02d}").id for d in range(1, 31)}  # type: ignore[union-attr]
    assert len(found) > 10


def test_no_daily_puzzle_without_a_collection():
    assert daily([], "2026-11-29") is None


# ------------------------------------------------------------------ ratings
def test_a_solved_puzzle_raises_the_person_s_rating_and_lowers_the_puzzle_s():
    ratings = Ratings()
    p = _puzzle("aaaaaa", 1500, ("trump",))
    ratings.record(p, True)
    assert ratings.player.rating > 1500 and ratings.puzzles["aaaaaa"].rating < 1500
    assert ratings.themes["trump"].rating > 1500
    assert ratings.history[-1].correct and ratings.history[-1].rating == round(ratings.player.rating)


def test_a_missed_puzzle_lowers_the_person_s_rating():
    ratings = Ratings()
    ratings.record(_puzzle("aaaaaa", 1500), False)
    assert ratings.player.rating < 1500


def test_a_puzzle_tried_before_is_listed_but_not_rated_again():
    ratings = Ratings()
    p = _puzzle("aaaaaa", 1500)
    ratings.record(p, False)
    after_first = ratings.player
    ratings.record(p, True)
    assert ratings.player == after_first and [x.correct for x in ratings.history] == [False, True]


def test_the_ratings_come_back_as_kept():
    ratings = Ratings()
    ratings.record(_puzzle("aaaaaa", 1400, ("bid",)), True)
    ratings.record(_puzzle("bbbbbb", 1600, ("trump",)), False)
    back = load_ratings(ratings.to_text())
    assert back.to_text() == ratings.to_text()
    assert [x.id for x in back.history] == ["aaaaaa", "bbbbbb"]


@pytest.mark.parametrize("text", [None, "", "not json", "[]", '{"format": "other", "version": 1}',
                                  json.dumps({"format": RATINGS_FORMAT, "version": 2}),
                                  json.dumps({"format": RATINGS_FORMAT, "version": 1, "player": {"rating": "high"}}),
                                  json.dumps({"format": RATINGS_FORMAT, "version": 1,
                                              "player": {"rating": -5, "rd": 50, "volatility": 0.06}}),
                                  "[" * 100_000])
def test_damaged_ratings_start_afresh(text):
    assert load_ratings(text) == Ratings()


def test_a_damaged_theme_puzzle_or_try_is_left_out_the_rest_kept():
    good = Rating(1600, 80, 0.06).to_json()
    text = json.dumps({"format": RATINGS_FORMAT, "version": 1, "player": good,
                       "themes": {"bid": good, "trump": {"rating": 1e9, "rd": 1, "volatility": 0.06}, "<b>": good},
                       "puzzles": {"aaaaaa": good, "zz": good, "bbbbbb": [1]},
                       "history": [{"id": "aaaaaa", "correct": True, "rating": 1600}, {"id": "aaaaaa", "correct": "yes"}, 7]})
    back = load_ratings(text)
    assert back.player.rating == 1600
    assert list(back.themes) == ["bid"] and list(back.puzzles) == ["aaaaaa"] and len(back.history) == 1


# ------------------------------------------------------------------ at the table
def test_mode_puzzles_opens_the_puzzle_nearest_the_person_s_rating():
    state = _page()
    s = state.session
    assert isinstance(s, PuzzleSession)
    assert s.puzzle == choose(PUZZLES, 1500)
    assert s.deal.to_act == 0 and len(s.deal.history) == s.puzzle.step
    html = render(state.screen())["teaching"]
    assert f'data-testid="puzzle" data-id="{s.puzzle.id}"' in html and 'data-testid="rating" data-value="1500"' in html


def test_a_puzzle_s_top_bar_names_the_puzzle_not_a_deal_number():
    topbar = render(_page().screen())["topbar"]
    assert '<span class="deal-no">Problème</span>' in topbar and "Donne n°" not in topbar


def test_a_right_answer_rates_the_person_up_and_keeps_the_ratings():
    p = _plain_puzzles()[0]
    storage = MemoryStorage()
    state = _page(fragment=f"#puzzle={p.id}", storage=storage)
    s = state.session
    assert isinstance(s, PuzzleSession) and s.puzzle.id == p.id
    right, _wrong = _answers(p)
    assert s.act(0, right) is None  # type: ignore[arg-type]
    assert s.correct is True and s.shown is None and len(s.deal.history) == p.step  # nothing played
    assert load_ratings(storage.items[RATINGS_KEY]).player.rating > 1500
    assert 'data-correct="true"' in render(state.screen())["teaching"]


def test_a_wrong_answer_rates_the_person_down_and_plays_it_on_face_up():
    p = _plain_puzzles()[0]
    storage = MemoryStorage()
    state = _page(fragment=f"#puzzle={p.id}", storage=storage)
    s = state.session
    _right, wrong = _answers(p)
    s.act(0, wrong)  # type: ignore[arg-type]
    assert isinstance(s, PuzzleSession) and s.correct is False
    assert s.shown is not None and s.shown.is_over and s.shown.history[p.step] == (0, wrong)
    assert s.open_hands()  # every other hand face up
    assert load_ratings(storage.items[RATINGS_KEY]).player.rating < 1500
    assert s.act(0, _right) is None and s.correct is False  # one answer per puzzle  # type: ignore[arg-type]
    assert s.step_answer("next") and len(s.deal.history) == p.step + 2
    assert s.show_best() and s.shown.history[p.step] == (0, p.solution[0])


def test_next_puzzle_opens_another_and_the_tries_are_listed():
    state = _page()
    first = state.session
    assert isinstance(first, PuzzleSession)
    first.act(0, first.puzzle.solution[0])
    click(state, "puzzle-next", lambda name: None)
    assert isinstance(state.session, PuzzleSession) and state.session.puzzle.id != first.puzzle.id
    side = render(state.screen())["side"]  # the trainer beside the table
    assert f'<li data-id="{first.puzzle.id}" data-correct="true"' in side


def test_a_theme_from_the_url_filters_the_puzzles():
    theme = next(c for p in PUZZLES for c in p.themes)
    state = _page(f"?mode=puzzles&theme={theme}")
    assert isinstance(state.session, PuzzleSession) and theme in state.session.puzzle.themes


def test_a_theme_no_puzzle_has_is_said_and_every_puzzle_offered():
    state = _page("?mode=puzzles&theme=nothing_here")
    assert isinstance(state.session, PuzzleSession)
    assert ("puzzle_no_theme", {"theme": "nothing_here"}) in state.session.notices


def test_a_filter_chosen_in_the_trainer_is_honoured():
    phase = PUZZLES[-1].phase
    state = _page()
    click(state, "puzzle-filter", {"data-kind": "phase", "data-value": phase}.get)
    assert isinstance(state.session, PuzzleSession) and state.session.puzzle.phase == phase
    assert click(state, "puzzle-filter", {"data-kind": "phase", "data-value": "dancing"}.get).save is False


def test_the_filters_words_start_with_a_capital_as_the_themes_do():
    html = "".join(render(_page().screen()).values())
    chips = re.findall(r'data-kind="(theme|phase)" data-value="[^"]+" aria-pressed="[a-z]+">([^<]+)<', html)
    assert {"theme", "phase"} <= {kind for kind, _ in chips}
    assert ("phase", "Enchères") in chips and all(label[0].isupper() for _, label in chips)


def test_the_daily_puzzle_is_the_day_s():
    state = _page("?mode=puzzles&daily=1", today="2026-12-25")
    s = state.session
    assert isinstance(s, PuzzleSession) and s.is_daily and s.puzzle == daily(PUZZLES, "2026-12-25")


def test_the_daily_puzzle_named_in_the_address_is_still_the_day_s():
    day = daily(PUZZLES, "2026-12-25")
    assert day is not None
    s = _page("?mode=puzzles&daily=1", f"#puzzle={day.id}", today="2026-12-25").session
    assert isinstance(s, PuzzleSession) and s.is_daily and s.puzzle == day


def test_an_embedded_trainer_keeps_nothing():
    storage = MemoryStorage()
    state = _page("?embed=1&mode=puzzles&daily=1", storage=storage)
    s = state.session
    assert isinstance(s, PuzzleSession)
    s.act(0, s.puzzle.solution[0])
    assert RATINGS_KEY not in storage.items


def test_an_unknown_puzzle_is_said_and_another_opened():
    state = _page(fragment="#puzzle=abcdef123456")
    assert isinstance(state.session, PuzzleSession)
    assert ("puzzle_unknown", {"id": "abcdef123456"}) in state.session.notices


def test_no_collection_is_said_and_a_game_offered():
    state = _page(collection=None)
    assert not isinstance(state.session, PuzzleSession) and state.session.ui.setup_open
    assert ("puzzle_no_collection", {}) in state.session.notices


def test_bad_stored_ratings_never_stop_the_trainer():
    state = _page(storage=MemoryStorage({RATINGS_KEY: "{broken"}))
    assert isinstance(state.session, PuzzleSession) and state.ratings == Ratings()


def test_the_person_s_mistakes_are_a_set_of_the_trainer():
    p = PUZZLES[0]  # a position of seat 0 that the person got wrong at the table
    x = Exercise(deal_id(p.record), p.record, p.step, exercise_of(p).entry)
    book = {"format": "tarot-exercises", "version": 1, "deals": {x.deal: x.record}, "exercises": [x.to_json()],
            "scanned": []}
    state = _page(storage=MemoryStorage({EXERCISES_KEY: json.dumps(book)}))
    assert 'data-testid="puzzle-mistakes"' in render(state.screen())["side"]
    click(state, "mistakes-next", lambda name: None)
    assert isinstance(state.session, MistakeSession) and not isinstance(state.session, PuzzleSession)
    assert 'data-testid="trainer"' in render(state.screen())["teaching"]  # the rating and the sets beside it
    click(state, "puzzle-next", lambda name: None)
    assert isinstance(state.session, PuzzleSession)


def test_the_statistics_show_the_rating_per_theme_after_a_try():
    storage = MemoryStorage()
    state = _page(storage=storage)
    s = state.session
    assert isinstance(s, PuzzleSession) and s.puzzle.themes
    assert 'data-testid="puzzle-ratings"' not in render(state.screen())["side"]
    s.act(0, s.puzzle.solution[0])
    side = render(state.screen())["side"]
    assert 'data-testid="puzzle-ratings"' in side and f'data-theme="{s.puzzle.themes[0]}"' in side


def test_the_match_s_statistics_show_the_puzzle_ratings_kept():
    ratings = Ratings()
    ratings.record(PUZZLES[0], True)
    state = PageState(parse_params(""), Store(MemoryStorage({RATINGS_KEY: ratings.to_text()}), lambda text: None))
    assert not isinstance(state.session, PuzzleSession)
    side = render(state.screen())["side"]
    assert f'data-value="{round(ratings.player.rating)}"' in side and 'data-testid="puzzle-ratings"' in side


def test_the_url_reads_the_trainer_s_parameters():
    p = parse_params("?mode=puzzles&daily=1&theme=Trump", "#puzzle=abcdef123456")
    assert p.trainer and p.daily and p.theme == "trump" and p.puzzle == "abcdef123456" and not p.refused
    assert parse_params("", "#puzzle=abcdef").trainer
    assert ("theme", "<b>") in parse_params("?theme=<b>").refused
    assert replace(parse_params("?mode=match"), puzzle=None).trainer is False


def test_an_embedded_wrong_answer_waits_to_be_played_on():
    p = _plain_puzzles()[0]
    state = _page("?embed=1&mode=puzzles", f"#puzzle={p.id}")
    s = state.session
    assert isinstance(s, PuzzleSession)
    s.act(0, _answers(p)[1])  # type: ignore[arg-type]
    assert s.correct is False and s.shown is None
    assert 'data-action="puzzle-line"' in render(state.screen())["teaching"]
    click(state, "puzzle-line", lambda name: None)
    assert s.shown is not None and s.shown.history[p.step] == (0, _answers(p)[1])
