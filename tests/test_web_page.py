"""The page's state as a whole (web.match.page, web.match.clicks): opened from the URL and the browser's
storage, drawn from its state alone, changed by a table of clicks, asking the engine once."""
from __future__ import annotations

import re
from contextlib import contextmanager

import pytest

import tarot.record
from tarot.actions import Play, Poignee
from tarot.bots import make_bot
from tarot.match import play_out
from tarot.rules import Rules
from tarot.situation import fragment
from tarot.state import Deal, Phase
from web.draw import render
from web.match.clicks import CLICKS, click, click_key
from web.duplicate.tournament import DuplicateSession
from web.match.page import PageState
from web.browser.params import parse_params
from web.match.session import SAVE_KEY, Session, Settings
from web.browser.storage import Store

from .helpers import bid_until, deal_with, to_play


class MemoryStorage:
    """localStorage as a dict (with the DOM's method names)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = dict(items or {})

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def _page(query: str = "", hash_text: str = "", storage: MemoryStorage | None = None) -> PageState:
    return PageState(parse_params(query, hash_text), Store(storage or MemoryStorage(), lambda text: None))


def _finished_record() -> dict:
    seed = 5
    while True:
        deal = play_out(Deal.new(Rules(players=4), dealer=3, seed=seed), [make_bot("standard", s) for s in range(4)])
        if not deal.result.redeal:
            return deal.to_record()
        seed += 1


def _clicked(**attributes: str):
    return lambda name: attributes.get(name.replace("data-", "").replace("-", "_"))


@contextmanager
def _counted(owner: object, *names: str):
    """Count the outermost calls of ``owner``'s methods ``names`` (a call made by another is not counted)."""
    calls = {"n": 0, "depth": 0}
    originals = {name: getattr(owner, name) for name in names}

    def wrap(original):
        def counted(*args, **kwargs):
            calls["n"] += calls["depth"] == 0
            calls["depth"] += 1
            try:
                return original(*args, **kwargs)
            finally:
                calls["depth"] -= 1
        return counted

    for name, original in originals.items():
        setattr(owner, name, wrap(original))
    try:
        yield calls
    finally:
        for name, original in originals.items():
            setattr(owner, name, original)


# ----------------------------------------------------------------- the URL
def test_the_query_and_the_fragment_are_read_once_into_one_set_of_parameters():
    params = parse_params("seat=2&players=9&exercise=1&at=x&lang=en", "#record=abc&notes=def")
    teaching = params.teaching
    assert (teaching.seat, teaching.exercise, teaching.record, teaching.notes) == (2, True, "abc", "def")
    assert params.refused == [("players", "9")] and teaching.refused == [("at", "x")]
    assert params.lang == "en" and teaching.given == ["seat=2", "exercise=1"]
    assert parse_params("seat=1").teaching.record is None


@pytest.mark.parametrize("query", ["?embed=1", "?seat=2&at=10&steps=1", "?exercise=1&at=20", "?open=1&at=400"])
def test_a_shared_situation_is_replayed_once_and_one_session_is_built_to_show_it(query):
    record = _finished_record()
    with _counted(tarot.record, "replay") as replays, _counted(Deal, "replayed") as again, \
            _counted(Session, "__init__") as built:
        state = _page(query, fragment(record))
    assert state.teacher.situation is not None
    assert (replays["n"], again["n"], built["n"]) == (1, 0, 1)


def test_a_situation_opens_at_the_moment_it_names_in_its_own_seats_words():
    record = _finished_record()
    state = _page("?seat=1&at=6", fragment(record))
    assert len(state.session.deal.history) == len(Deal.from_record({**record, "actions": record["actions"][:6]}).history)
    assert state.session.deal.dealt_hands[0] == Deal.from_record(record).dealt_hands[1]
    bad = dict(record, actions=[dict(record["actions"][0], seat=2)] + record["actions"][1:])
    assert "action n° 1\u00a0:" in render.render(_page("?seat=1", fragment(bad)).screen())["notice"]


# ---------------------------------------------------------------- drawing
def test_the_page_is_drawn_from_its_state_alone_and_the_same_state_draws_the_same_page():
    storage = MemoryStorage()
    first = _page("?lang=en", storage=storage)
    first.session = Session(Settings(first_deal=12, lang="en"))
    first.save()
    again, other = _page("?lang=en", storage=storage), _page("?lang=en", storage=storage)
    assert render.render(again.screen()) == render.render(other.screen())
    assert again.session.deal_number == 12


def test_a_tournaments_last_deal_offers_no_next_deal_and_its_table_comes_first_on_the_side():
    session = DuplicateSession(Settings(first_deal=5), size=4)
    while len(session.match.records) < 4:
        while not session.finished:
            if session.bot_to_act() is None:
                session.act(0, session.deal.legal_actions()[0])
            else:
                session.bot_step()
        if len(session.match.records) < 4:
            session.next_deal()
    regions = render.render(session.screen())
    assert 'data-action="next-deal"' not in regions["panel"]
    assert regions["side"].index('data-testid="duplicate-table"') < regions["side"].index('data-testid="score-sheet"')


def test_a_deal_where_a_hint_was_used_is_marked_on_the_score_sheet_even_when_a_decision_was_taken_back():
    state = _page()
    state.session = session = Session(Settings(first_deal=42))
    while session.deal.to_act != 0:
        session.bot_step()
    click(state, "hint", _clicked())
    session.act(0, session.deal.legal_actions()[0])
    assert session.undo()
    while not session.finished:
        if session.bot_to_act() is None:
            session.act(0, session.deal.legal_actions()[0])
        else:
            session.bot_step()
    side = render.render(state.screen())["side"]
    assert re.search(r'<tr data-deal="42" data-hinted="true" class="hinted" title="[^"]+" data-undone="1">', side)


def test_every_button_the_page_draws_does_something_it_names():
    """Each data-action the page writes has its handler in the table (the forms' own buttons submit)."""
    drawn: set[str] = set()
    state = _page("?steps=1&at=0", fragment(_finished_record()))
    while not state.session.finished:  # the whole deal, step by step, a hint at each of the person's turns
        drawn |= set(re.findall(r'data-action="([^"]+)"', "".join(render.render(state.screen()).values())))
        if state.session.deal.to_act == 0:
            click(state, "hint", _clicked())
        click(state, "step-next", _clicked())
    for opened in ("new-game", "settings", "tricks", "last-trick", "import-records", "share-situation",
                   "editor-open", "bidding-aid", "review-deal"):
        click(state, opened, _clicked(deal=str(state.session.deal_number)))
        drawn |= set(re.findall(r'data-action="([^"]+)"', "".join(render.render(state.screen()).values())))
        click(state, "review-close", _clicked())
        state.session.ui = type(state.session.ui)()
    assert drawn - set(CLICKS) == {"start", "save-settings"}
    assert {"review-next", "editor-card", "step-prev", "next-deal", "import-paste"} <= drawn


def test_a_click_is_found_by_its_action_else_as_a_bid_or_a_card():
    assert click_key("hint", "garde", None) == "hint"  # the hint shown names its bid: it is no bid button
    assert click_key(None, "garde", None) == "bid"
    assert click_key(None, None, "1") == "card"


def test_escape_closes_the_dialog_on_top_first():
    state = _page()
    ui = state.session.ui
    ui.setup_open, ui.setup_confirm = True, True
    assert state.escape() and ui.setup_open and not ui.setup_confirm
    assert state.escape() and not ui.setup_open
    ui.menu_open = True
    assert state.escape() and not ui.menu_open
    assert not state.escape()


def test_a_game_the_browser_cannot_keep_is_said_once():
    class Full(MemoryStorage):
        def setItem(self, key: str, value: str) -> None:
            raise OSError("quota")

    state = _page(storage=Full())
    state.session = Session(Settings(first_deal=3))
    state.save()
    state.save()
    assert state.session.notices.count(("save_failed", {})) == 1


def test_a_damaged_save_is_set_aside_and_the_new_game_form_says_so():
    storage = MemoryStorage({SAVE_KEY: "{not json"})
    state = _page(storage=storage)
    assert SAVE_KEY not in storage.items and storage.items[SAVE_KEY + ".damaged"] == "{not json"
    assert state.session.ui.setup_open and state.session.ui.setup_message == ("save_damaged", {"reason": "unreadable"})


# ---------------------------------------------------- one click, one question
ENGINE_QUESTIONS = ("why_not", "why_not_discard", "why_not_show", "why_not_buy", "why_not_give", "apply")


def _questions_for(state: PageState, key: str, clicked) -> int:
    with _counted(Deal, *ENGINE_QUESTIONS) as calls:
        click(state, key, clicked)
    return calls["n"]


def test_a_bid_asks_the_engine_once():
    state = _page()
    state.session = session = Session(Settings(first_deal=3))
    assert session.deal.to_act == 0
    assert _questions_for(state, "bid", _clicked(bid="pass")) == 1


def test_a_card_played_or_refused_asks_the_engine_once():
    state = _page()
    state.session = session = Session(Settings(first_deal=1))
    session.deal = deal = to_play(deal_with({0: "1S 2H", 3: "3S"}), taker=1, contract="garde_sans")
    while deal.to_act != 0 or not deal.trick:
        deal.apply(next(a for a in deal.legal_actions() if not isinstance(a, Poignee)))
    refused = next(c for c in deal.hand(0) if deal.why_not(Play(c)) is not None)
    allowed = next(c for c in deal.hand(0) if deal.why_not(Play(c)) is None)
    assert _questions_for(state, "card", _clicked(card=str(refused))) == 1 and session.ui.message is not None
    assert _questions_for(state, "card", _clicked(card=str(allowed))) == 1
    assert deal.history[-1] == (0, Play(allowed))


def test_a_card_chosen_for_the_ecart_asks_the_engine_once():
    state = _page()
    deal = deal_with({0: "KH 1S 2S"}, chien="3S 4S 5S 6S 7S 8S")
    state.session = session = Session(Settings(first_deal=1))
    session.deal = deal
    bid_until(deal, 0, "prise")
    while deal.phase is Phase.BIDDING:
        deal.apply(deal.legal_actions()[0])
    assert _questions_for(state, "card", _clicked(card="1S")) == 1 and session.ui.ecart
    assert _questions_for(state, "card", _clicked(card="KH")) == 1 and session.ui.message.code == "ecart_king"
    assert _questions_for(state, "card", _clicked(card="1S")) == 0 and not session.ui.ecart  # taken back


def test_a_trump_chosen_for_a_poignee_asks_the_engine_once():
    state = _page()
    ten = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"
    state.session = session = Session(Settings(first_deal=1))
    session.deal = to_play(deal_with({0: ten + " T12"}, voids={0: "T"}), taker=1, contract="garde_sans")
    assert session.choose_poignee("simple")
    assert _questions_for(state, "card", _clicked(card="T2")) == 0  # taken out of the choice
    assert _questions_for(state, "card", _clicked(card="T12")) == 1
    assert _questions_for(state, "card", _clicked(card=str(next(
        c for c in session.deal.hand(0) if not c.is_trump)))) == 1 and session.ui.message.code == "poignee_not_trump"


def test_a_pasted_text_refused_is_called_a_pasted_text():
    state = _page()
    click(state, "import-paste", _clicked(**{"value:import_text": "hello"}))
    assert state.extras.import_message.startswith("Texte collé refusé (ligne 1)")


def test_the_deal_behind_the_new_game_form_is_the_one_the_url_asks_for():
    state = _page("?players=3&deal=423")
    assert state.session.ui.setup_open
    assert state.session.deal_number == 423 and state.session.deal.rules.players == 3
