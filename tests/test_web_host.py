"""What a framed table tells the page holding it (web/browser/host.py): a step after each
action, the end of a deal once, with its result as the record writes it."""
from __future__ import annotations

import sys
from pathlib import Path

from tarot.rng import Rng
from web.browser.host import STEP, HostLink
from web.browser.params import FRAGMENT, READERS, parameter_names
from web.match.session import HUMAN, Session, Settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from .test_properties import choose


def told(link: HostLink, session: Session) -> list[dict]:
    result = session.deal.result
    return link.messages(session.screen(), None if result is None else result.to_json())


def test_a_new_table_tells_its_first_step_once():
    session, link = Session(Settings(players=4, first_deal=7)), HostLink()
    first = told(link, session)
    assert [m["type"] for m in first] == [STEP]
    assert first[0]["detail"] == {"deal": 7, "step": session.screen().step, "phase": "bidding",
                                  "toAct": session.deal.to_act}
    assert told(link, session) == []  # drawn again, nothing new happened: nothing told


def test_the_new_game_form_tells_nothing():
    session = Session(Settings(players=4, first_deal=7))
    session.ui.setup_open = True
    assert told(HostLink(), session) == []


def test_each_action_tells_a_step_and_the_end_tells_the_result_once():
    session, link, rng = Session(Settings(players=3, first_deal=11)), HostLink(), Rng(5)
    steps, ends = [], []
    for _ in range(400):
        for message in told(link, session):
            (steps if message["type"] == STEP else ends).append(message["detail"])
        if session.deal.result is not None:
            break
        if session.bot_to_act() is not None:
            session.bot_step()
        else:
            assert session.act(HUMAN, choose(session.deal, rng)) is None
    assert told(link, session) == []
    assert [s["step"] for s in steps] == sorted({s["step"] for s in steps})  # one per step, in order
    (end,) = ends
    assert end["deal"] == 11 and end["players"] == 3
    assert end["result"] == session.deal.to_record()["result"]  # as the record writes it
    assert sum(end["result"]["scores"]) == 0


def test_the_tag_s_attributes_are_the_page_s_url_parameters():
    names = parameter_names()
    assert names[:len(READERS)] == tuple(READERS) and names[len(READERS):] == FRAGMENT
    assert {"players", "deal", "lang", "seat", "exercise", "record", "notes"} <= set(names)


def test_the_share_dialog_s_tag_draws_the_same_table_as_its_link():
    from oembed import TableTags, table_address  # scripts/oembed.py: what the tag draws (on the path: tests/test_lessons.py)
    from web.teaching.teachview import tag_snippet

    url = "https://example.org/tarot/index.html?embed=1&lang=en&seat=2&at=40&exercise=1#record=AbC-_1&notes=xY"
    snippet = tag_snippet(url, "Tarot")
    assert snippet.startswith('<script src="https://example.org/tarot/tarot-deal.js" defer></script>\n<tarot-deal ')
    assert ' lang="en" seat="2" at="40" exercise="1" record="AbC-_1" notes="xY" ' in snippet
    assert "embed=" not in snippet  # the tag embeds by itself
    tags = TableTags()
    tags.feed(snippet)
    (attributes,) = tags.tables
    assert table_address("https://example.org/tarot/", attributes) == url  # the tag draws the link's table
