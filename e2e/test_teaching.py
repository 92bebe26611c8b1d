"""Teaching in the browser: a hint followed then the deal finished, an exercise answered
wrong then right, and a lesson page embedding two tables that works offline."""
from __future__ import annotations

import re
import sys
from html import unescape
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import SiteServer
from table_driver import (HUMAN_TURN, table_frame, PLAYABLE, READY, act, click, human_turn, legible, phase, play_one, play_to_end,
                          start_game)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tarot.actions import Play, action_from_json  # noqa: E402
from tarot.bots import make_bot  # noqa: E402
from tarot.match import play_out  # noqa: E402
from tarot.rules import Rules  # noqa: E402
from tarot.situation import decode, fragment, rotate  # noqa: E402
from tarot.state import Deal  # noqa: E402
sys.path.insert(0, str(ROOT / "scripts"))
from oembed import table_sources  # noqa: E402  (scripts/oembed.py: a lesson's tables, as the tag draws them)

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
LESSON_CACHED = ("() => caches.keys().then(names => Promise.all(names.map(n => caches.open(n)"
                 ".then(c => c.match(new URL('../lessons/fr/signalisations.html', location.href).href)))))"
                 ".then(hits => hits.some(Boolean))")


def _follow_hint(page) -> None:
    """Ask for a hint at the person's decision and take it (a bid or a card); else decide as usual."""
    page.click("[data-action=hint]")
    hint = page.wait_for_selector("[data-testid=hint]")
    assert hint.get_attribute("data-reason")
    assert hint.inner_text().strip()
    bid, card = hint.get_attribute("data-bid"), hint.get_attribute("data-card")
    if bid is not None:
        act(page, f"#panel [data-bid={bid}]")
    elif card is not None:
        if page.query_selector("[data-action=no-poignee]"):
            click(page, "[data-action=no-poignee]")
        act(page, f"#hand button[data-card='{card}']")
    else:
        play_one(page)


def test_a_hint_is_followed_then_the_deal_is_finished_and_marked(page, site_url):
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    start_game(page, 4, 3)  # deal 3: the person bids first
    hints = 0
    while human_turn(page) != "done":
        if phase(page) in ("bidding", "play") and hints < 6:
            _follow_hint(page)
            hints += 1
        else:
            play_one(page)
    assert hints >= 1
    row = page.wait_for_selector("[data-testid=score-sheet] tbody tr[data-deal='3']")
    assert row.get_attribute("data-hinted") == "true"


def test_why_explains_a_bots_decision(page, site_url):
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    start_game(page, 4, 4)  # deal 4: three bots bid before the person
    page.wait_for_function(HUMAN_TURN)
    page.click("[data-action=why]")
    why = page.wait_for_selector("[data-testid=why]")
    assert why.get_attribute("data-reason") in ("pass_weak", "pass_outbid", "bid_points")


def test_why_explains_each_bot_card_of_this_trick_and_the_one_before_at_five_players(page, site_url):
    from table_driver import first_number, simulate
    from tarot.i18n import card_name
    from web.browser.params import parse_params
    from web.teaching.teachview import recent_bot_cards
    from web.teaching.teacher import Teacher

    def asked(session) -> bool:  # the person to play, four bots' cards or more since their last card
        deal = session.deal
        return deal.to_act == 0 and deal.phase.value == "play" and len(recent_bot_cards(deal)) >= 4

    number = first_number(5, asked, stop=asked)
    session = simulate(5, number, stop=asked)
    cards = recent_bot_cards(session.deal)
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    start_game(page, 5, number)
    while True:  # the step read at the person's turn: the bots may still be playing before it
        page.wait_for_function(HUMAN_TURN)
        assert phase(page) != "done"
        if page.get_attribute("#table", "data-step") == str(len(session.deal.history)):
            break
        play_one(page)
    page.click("#teaching [data-action=why]")  # the last bot's card first, then each card before it
    page.wait_for_selector("[data-testid=why]")
    assert page.eval_on_selector_all("#teaching .why-card",
                                     "els => els.map(e => Number(e.dataset.at))") == [i for i, _, _ in cards]
    teacher = Teacher(parse_params(""))
    for at, seat, card in (cards[0], cards[-1]):  # the oldest card, played four bots ago, and a recent one
        page.click(f"#teaching .why-card[data-at='{at}']")
        why = page.wait_for_selector(f"[data-testid=why][data-at='{at}']")
        assert why.get_attribute("data-seat") == str(seat)
        teacher.show_why(session, at)  # the same reason as CPython's, for that very card
        assert teacher.why_shown.reason.explain("fr") in unescape(why.inner_text())
        assert card_name(card, "fr") in why.inner_text()


def _situation() -> tuple[dict, int, str, str]:
    """A finished deal, the index of one of seat 0's cards, the record's card and another legal one."""
    seed = 5
    while True:
        deal = play_out(Deal.new(Rules(players=4), dealer=3, seed=seed), [make_bot("standard", s) for s in range(4)])
        record = deal.to_record()
        for i, entry in enumerate(record["actions"]):
            if entry["seat"] == 0 and entry["type"] == "play":
                before = Deal.from_record({**record, "actions": record["actions"][:i]})
                legal = [a.card for a in before.legal_actions() if isinstance(a, Play)]
                right = action_from_json(entry)[1].card
                others = [c for c in legal if c != right]
                if others:
                    return record, i, str(right), str(others[0])
        seed += 1


def test_an_exercise_answered_wrong_then_right(page, site_url):
    record, at, right, wrong = _situation()
    page.goto(site_url + f"?pause=0&exercise=1&at={at}&lang=en" + fragment(record))
    page.wait_for_function(READY)
    page.wait_for_function(HUMAN_TURN)
    assert page.get_attribute("#table", "data-phase") == "play"
    if page.query_selector("[data-action=no-poignee]"):
        click(page, "[data-action=no-poignee]")
    step = page.get_attribute("#table", "data-step")
    page.click(f"#hand button[data-card='{wrong}']")
    verdict = page.wait_for_selector("[data-testid=exercise-verdict][data-correct=false]")
    assert "Try again." in verdict.inner_text() and "The decision expected" not in verdict.inner_text()
    assert page.get_attribute("#table", "data-step") == step  # nothing was played
    page.click("[data-action=exercise-answer]")  # the answer on request
    page.wait_for_function("document.querySelector('[data-testid=exercise-verdict]')"
                           ".textContent.startsWith('The decision expected')")
    act(page, f"#hand button[data-card='{right}']")
    page.wait_for_function(f"document.querySelector('#table').dataset.step !== '{step}'")  # played


def test_a_shared_situation_starts_the_score_sheet_clean(page, site_url):
    """Even where the match's own first deal is a petit sec (deal 643 at 4 players), dealt again at once."""
    record = _situation()[0]
    rows = "[data-testid=score-sheet] tbody tr"
    page.goto(site_url + "?pause=0&lang=fr&deal=643" + fragment(record))
    page.wait_for_function(READY)
    assert phase(page) == "done"
    sheet = page.inner_text("[data-testid=score-sheet]")
    assert len(page.query_selector_all(rows)) == 1 and "Redonne" not in sheet
    page.goto(site_url + "?pause=0&lang=fr&deal=643&steps=1&at=0" + fragment(record))
    page.wait_for_function(READY)
    assert page.get_attribute("#table", "data-step") == "0"
    assert page.query_selector_all(rows) == [] and "Redonne" not in page.inner_text("#table")


def test_steps_go_forward_and_back_and_a_bad_record_gives_a_notice(page, site_url):
    record, at, _, _ = _situation()
    page.goto(site_url + f"?pause=0&steps=1&open=1&at={at}" + fragment(record))
    page.wait_for_function(READY)
    assert page.query_selector("[data-testid=open-hands]")
    step = int(page.get_attribute("#table", "data-step"))
    act(page, "[data-action=step-next]")
    assert int(page.get_attribute("#table", "data-step")) == step + 1
    act(page, "[data-action=step-prev]")
    assert int(page.get_attribute("#table", "data-step")) == step
    while page.query_selector("[data-action=step-next]:not([disabled])"):  # to the end of the deal
        act(page, "[data-action=step-next]")
    assert phase(page) == "done"
    act(page, "[data-action=step-start]")  # and back to the first step in one click
    assert int(page.get_attribute("#table", "data-step")) == step
    page.goto(site_url + "?pause=0&embed=1&lang=fr#record=" + "A" * 5000)
    page.wait_for_function(READY)
    notice = page.wait_for_selector("[data-testid=url-notice]")
    assert "situation" in notice.inner_text()
    assert page.get_attribute("#table", "data-phase") == "bidding"  # the normal table


@pytest.mark.preloads_may_be_late
def test_a_lesson_page_embeds_two_tables_and_works_offline(page, site_dir):
    server = SiteServer(site_dir, "127.0.0.1", 0, "/tarot/").start()
    try:
        page.goto(server.url + "lessons/fr/signalisations.html")
        frames = [table_frame(page, f"iframe >> nth={i}") for i in range(2)]
        for frame in frames:
            frame.wait_for_function(READY, timeout=120_000)
        frames[0].wait_for_function(CONTROLLED, timeout=120_000)
        frames[0].wait_for_function(LESSON_CACHED, timeout=120_000)
    finally:
        server.stop()
    page.reload()  # the server is gone: the lesson and both tables come from the cache
    frames = [table_frame(page, f"iframe >> nth={i}") for i in range(2)]
    for frame in frames:
        frame.wait_for_function(READY, timeout=120_000)
        assert frame.query_selector("[data-testid=teaching]")
    exercise, steps = frames
    exercise.wait_for_function(HUMAN_TURN)
    assert exercise.query_selector("[data-testid=hand]")
    before = steps.get_attribute("#table", "data-step")
    steps.click("[data-action=step-next]")
    steps.wait_for_function(f"() => document.getElementById('table').dataset.step !== '{before}'")


@pytest.mark.preloads_may_be_late  # the lesson holds three tables
def test_a_lessons_tables_leave_the_page_at_its_top_and_the_focus_where_it_is(page, site_url):
    """A framed table puts the focus on its first choice only once the reader is in it: before,
    each lesson opened scrolled down to a table, past its text."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site_url + "lessons/fr/petit-en-danger.html")
    exercise = table_frame(page, "iframe >> nth=0")
    exercise.wait_for_function(READY)
    exercise.wait_for_function(HUMAN_TURN)
    page.wait_for_timeout(500)
    assert page.evaluate("scrollY") == 0
    assert page.evaluate("document.activeElement.tagName") == "BODY"
    assert exercise.evaluate("document.activeElement.tagName") == "BODY"
    exercise.click("#hand button[data-card='T1']", position={"x": 6, "y": 30})  # the reader answers: now in the table
    exercise.wait_for_selector("[data-testid=exercise-verdict][data-correct=true]")
    # The table's <tarot-deal> holds the focus, its frame inside it (in its shadow root).
    assert page.evaluate("[document.activeElement.tagName, document.activeElement.shadowRoot.activeElement.tagName]") \
        == ["TAROT-DEAL", "IFRAME"]


def _lesson_table(name: str, index: int) -> tuple[str, dict]:
    """(the page's address relative to the site, the record as its seat sees it) of a French lesson's table."""
    html = (ROOT / "lessons" / "fr" / f"{name}.html").read_text(encoding="utf-8")
    src = table_sources(html)[index].removeprefix("../../")
    seat = int(re.search(r"[?&]seat=(\d+)", src).group(1))
    return src.replace("pause=600", "pause=0"), rotate(decode(src.partition("#record=")[2].partition("&")[0]), seat)


def test_the_five_player_lesson_asks_which_king_to_call(page, site_url):
    src, record = _lesson_table("appel-au-roi", 0)
    page.goto(site_url + src)
    page.wait_for_function(READY)
    page.wait_for_function(HUMAN_TURN)
    assert phase(page) == "calling"
    right = record["actions"][int(re.search(r"[?&]at=(\d+)", src).group(1))]["card"]
    wrong = next(b.get_attribute("data-call") for b in page.query_selector_all("#panel [data-call]")
                 if b.get_attribute("data-call") != right)
    step = page.get_attribute("#table", "data-step")
    page.click(f"#panel [data-call='{wrong}']")
    page.wait_for_selector("[data-testid=exercise-verdict][data-correct=false]")
    assert page.get_attribute("#table", "data-step") == step
    page.click("[data-action=exercise-answer]")
    page.wait_for_function("document.querySelector('[data-testid=exercise-verdict]').textContent"
                           ".includes('votre plus longue')")  # the book's reason: the king of the longest suit
    act(page, f"#panel [data-call='{right}']")
    page.wait_for_function(f"document.querySelector('#table').dataset.step !== '{step}'")  # played


def test_the_petit_lesson_asks_for_the_petit_on_the_partners_sure_trick(page, site_url):
    src, record = _lesson_table("petit-en-danger", 0)
    page.goto(site_url + src)
    page.wait_for_function(READY)
    page.wait_for_function(HUMAN_TURN)
    assert record["actions"][int(re.search(r"[?&]at=(\d+)", src).group(1))]["card"] == "T1"
    step = page.get_attribute("#table", "data-step")
    wrong = next(c for c in page.eval_on_selector_all(PLAYABLE, "els => els.map(e => e.dataset.card)") if c != "T1")
    page.click(f"#hand button[data-card='{wrong}']", position={"x": 6, "y": 30})
    page.wait_for_selector("[data-testid=exercise-verdict][data-correct=false]")
    assert page.get_attribute("#table", "data-step") == step
    page.click(f"#hand button[data-card='{wrong}']", position={"x": 6, "y": 30})  # the second miss: the answer
    page.wait_for_function("document.querySelector('[data-testid=exercise-verdict]').textContent"
                           ".includes('Sauvez le Petit')")  # the book's reason
    act(page, "#hand button[data-card='T1']", position={"x": 6, "y": 30})
    page.wait_for_function(f"document.querySelector('#table').dataset.step !== '{step}'")  # played


FITS = ("() => { const top = document.querySelector('.layout').getBoundingClientRect().top,"
        " f = document.querySelector('.felt').getBoundingClientRect(), h = document.querySelector('#hand').getBoundingClientRect();"
        " return {layoutTop: top, feltTop: f.top, handBottom: h.bottom, height: innerHeight}; }")


@pytest.mark.parametrize("size", [(940, 780), (358, 900)])  # a lesson's frame on a desktop and on a phone
def test_every_hand_face_up_leaves_the_felt_and_the_hand_in_a_lessons_frame(page, site_url, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    src, _ = _lesson_table("appel-au-roi", 1)  # five players, early in the deal: four hands of 13 cards
    page.goto(site_url + src)
    page.wait_for_function(READY)
    assert len(page.query_selector_all("[data-testid=open-hands] .open-hand")) == 4
    fit = page.evaluate(FITS)  # the felt's top not scrolled away under the top bar, the hand's bottom on screen
    assert fit["feltTop"] >= fit["layoutTop"] and fit["handBottom"] <= fit["height"], fit


def _second_decision(page, site_url: str, players: int, number: int) -> tuple[str, str]:
    """Start deal ``number`` and take one decision; (the table's step, the hand's text) at the next."""
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    start_game(page, players, number)
    play_one(page)
    page.wait_for_function(HUMAN_TURN)
    return page.get_attribute("#table", "data-step"), page.inner_text("#hand")


def test_the_lessons_link_leaves_the_match_saved_and_play_comes_back_to_it(page, site_url):
    step, hand = _second_decision(page, site_url, 4, 12)
    page.click("#btn-lessons")
    page.wait_for_url("**/lessons/index.html")
    page.click("text=Jouer · Play")
    page.wait_for_function(READY)
    page.wait_for_function(HUMAN_TURN)
    assert page.get_attribute("#table", "data-step") == step and page.inner_text("#hand") == hand
    page.click("#btn-new-game")
    page.click(".lessons-link")
    page.wait_for_url("**/lessons/index.html")


def test_a_shared_link_opens_the_same_situation(page, site_url):
    step, hand = _second_decision(page, site_url, 3, 8)
    click(page, "[data-action=share-situation]")
    assert legible(page, "[data-action=note-save]") and legible(page, "[data-action=editor-open]")
    page.fill("#teach-note", "Que jouer ici\u00a0?")
    page.click("[data-action=note-save]")
    page.wait_for_selector("[data-testid=step-note]")
    link = page.wait_for_selector("[data-testid=situation-link] input[data-link=plain]").input_value()
    assert "#record=" in link and "&notes=" in link
    page.goto(link.replace("?", "?pause=0&", 1))
    page.wait_for_function(READY)
    assert page.get_attribute("#table", "data-step") == step
    assert page.inner_text("#hand") == hand
    assert page.get_attribute("#table", "data-players") == "3"
    assert page.inner_text("[data-testid=step-note]") == "Que jouer ici\u00a0?"


def test_each_shared_link_has_a_copy_button_that_puts_it_in_the_clipboard(page, context, site_url):
    address = urlsplit(site_url)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=f"{address.scheme}://{address.netloc}")
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    start_game(page, 4, 3)
    click(page, "[data-action=share-situation]")
    kinds = page.eval_on_selector_all("[data-testid=situation-link] [data-link]", "els => els.map(e => e.dataset.link)")
    copies = page.eval_on_selector_all("[data-action=copy-link]", "els => els.map(e => e.dataset.copy)")
    assert copies == kinds and "plain" in kinds and "iframe" in kinds
    page.click("[data-copy=plain]")
    page.wait_for_function("() => document.querySelector('[data-copy=plain]').textContent === 'Copié'")
    assert page.evaluate("navigator.clipboard.readText()") == page.input_value("[data-link=plain]")


def test_where_the_clipboard_is_refused_copy_selects_the_link_to_copy_by_hand(page, site_url):
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    start_game(page, 4, 3)
    page.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page.click("[data-action=share-situation]")
    click(page, "[data-copy=iframe]")
    selected = page.evaluate("() => { const f = document.activeElement;"
                             " return [f.dataset.link, f.selectionStart, f.selectionEnd, f.value.length]; }")
    assert selected[0] == "iframe" and selected[1] == 0 and selected[2] == selected[3] > 0


def test_a_made_situation_drops_the_old_deal_from_the_url_and_its_review_has_no_deal_number(page, site_url):
    page.goto(site_url + "?players=5&deal=77&pause=0")
    page.wait_for_function(READY)
    page.wait_for_selector("[data-testid=setup]")
    page.click("[data-action=start]")
    page.wait_for_function(HUMAN_TURN)
    page.click("[data-action=share-situation]")
    page.click("[data-action=editor-open]")
    page.click("[data-action=editor-fill]")
    with page.expect_navigation():
        page.click("[data-action=editor-start]")
    page.wait_for_function(READY)
    query = page.url.split("#")[0].partition("?")[2].split("&")
    assert query == ["pause=0"]  # how the page is shown stays; which deal is the record's
    play_to_end(page)
    click(page, ".review-open [data-action=review-deal]")
    assert page.inner_text("#review-title") == "Revue de la situation"


def test_the_editor_deals_the_chosen_hand_and_the_table_opens_on_it(page, site_url):
    page.goto(site_url + "?pause=0")
    page.wait_for_function(READY)
    start_game(page, 4, 3)
    page.click("[data-action=share-situation]")
    page.click("[data-action=editor-open]")
    page.wait_for_selector("[data-testid=editor]")
    chosen = [f"T{r}" for r in range(21, 3, -1)]  # 18 trumps for the person
    for notation in chosen:
        click(page, f"[data-testid=editor] button[data-card='{notation}']")
    assert page.locator("[data-testid=editor] button.ed-card[aria-pressed=true]").count() == 18
    page.click("[data-action=editor-fill]")
    with page.expect_navigation():
        page.click("[data-action=editor-start]")
    page.wait_for_function(READY)
    page.wait_for_function(HUMAN_TURN)
    hand = page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")
    assert sorted(hand) == sorted(chosen)
    assert "#record=" in page.url


OPEN_CARDS = """() => {
  const out = [], tiles = [...document.querySelectorAll('[data-testid=open-hands] .open-hand .card')];
  for (const [i, card] of tiles.entries()) {
    const box = card.getBoundingClientRect(), next = tiles[i + 1];
    const after = next && next.parentElement === card.parentElement ? next.getBoundingClientRect() : null;
    const right = after && Math.abs(after.top - box.top) < 2 ? Math.min(box.right, after.left) : box.right;
    for (const part of card.querySelectorAll('.corner:not(.far) > *')) {
      const r = part.getBoundingClientRect();
      if (r.right > right + .5 || r.left < box.left - .5 || r.bottom > box.bottom + .5 || r.width === 0)
        out.push(card.dataset.card);
    }
    if (parseFloat(getComputedStyle(card.querySelector('.corner .rank')).fontSize) < 10) out.push(card.dataset.card);
  }
  return out; }"""
INSIDE = """() => { const L = document.querySelector('.layout').getBoundingClientRect(), h = innerHeight, w = innerWidth;
  const boxes = ['#hand', '.felt', ...[...document.querySelectorAll('.open-hand')].map((e, i) => `.open-hand:nth-child(${i + 1})`)]
    .map(s => [s, document.querySelector(s).getBoundingClientRect()]);
  return boxes.filter(([s, r]) => r.top < L.top - .5 || r.bottom > h + .5 || r.left < -.5 || r.right > w + .5).map(([s]) => s); }"""


@pytest.mark.parametrize("size", [(1280, 800), (375, 667), (900, 640)])  # a desktop, a phone, the embed's iframe
@pytest.mark.parametrize("table", [("appel-au-roi", 1), ("petit-en-danger", 1)])  # 4 hands of 13; the hunt, 3 of 17
def test_every_open_card_shows_its_whole_index_and_nothing_of_the_table_is_cut(page, site_url, size, table):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    src, _ = _lesson_table(*table)
    page.goto(site_url + src)
    page.wait_for_function(READY)
    assert page.query_selector_all("[data-testid=open-hands] .card")
    assert page.evaluate(OPEN_CARDS) == []  # each card's rank and suit wholly visible, uncovered, 10 px or more
    assert page.evaluate(INSIDE) == []  # the hand, the felt and every open hand on screen, none scrolled away


def _flawed_miss() -> tuple[dict, int, str, str]:
    """A finished deal, the index of one of seat 0's cards early in the deal, the record's card, and
    another legal one with a flaw certain from seat 0's view."""
    from web.teaching.misses import flaw

    for seed in range(5, 500):
        deal = play_out(Deal.new(Rules(players=4), dealer=3, seed=seed), [make_bot("standard", s) for s in range(4)])
        record = deal.to_record()
        plays = [i for i, a in enumerate(record["actions"]) if a["type"] == "play"]
        for i in plays[:12]:
            entry = record["actions"][i]
            if entry["seat"] != 0:
                continue
            before = Deal.from_record({**record, "actions": record["actions"][:i]})
            right = action_from_json(entry)[1]
            for wrong in before.legal_actions():
                if isinstance(wrong, Play) and wrong != right and flaw(before.view(0), wrong):
                    return record, i, str(right.card), str(wrong.card)
    raise AssertionError("no deal found")


def test_a_first_miss_says_why_then_the_answer_comes_and_the_next_question_starts_clean(page, site_url):
    record, at, right, wrong = _flawed_miss()
    page.goto(site_url + f"?pause=0&exercise=1&at={at}&lang=en&lesson=defense" + fragment(record))
    page.wait_for_function(READY)
    page.wait_for_function(HUMAN_TURN)
    if page.query_selector("[data-action=no-poignee]"):
        click(page, "[data-action=no-poignee]")
    step = page.get_attribute("#table", "data-step")
    page.click(f"#hand button[data-card='{wrong}']", position={"x": 6, "y": 30})
    verdict = page.wait_for_selector("[data-testid=exercise-verdict][data-correct=false][data-flaw]")
    assert verdict.inner_text().startswith("An allowed card, but not the best: ") and "Try again." in verdict.inner_text()
    assert "The decision expected" not in verdict.inner_text() and page.get_attribute("#table", "data-step") == step
    assert page.is_visible("[data-action=exercise-answer]")  # "Show the answer", for who wants it now
    page.click(f"#hand button[data-card='{wrong}']", position={"x": 6, "y": 30})  # the second miss: the answer
    page.wait_for_function("document.querySelector('[data-testid=exercise-verdict]').textContent"
                           ".startsWith('The decision expected')")
    assert not page.query_selector("[data-action=exercise-answer]")
    act(page, f"#hand button[data-card='{right}']", position={"x": 6, "y": 30})  # played (then "Well done")
    page.wait_for_function(f"document.querySelector('#table').dataset.step > {int(step) + 1}")
    page.wait_for_function(HUMAN_TURN)  # the next question: the verdict of the last one is gone
    assert not page.query_selector("[data-testid=exercise-verdict]")


def test_an_exercise_plays_a_lone_legal_card_without_asking(page, site_url):
    for seed in range(5, 500):
        deal = play_out(Deal.new(Rules(players=4), dealer=3, seed=seed), [make_bot("standard", s) for s in range(4)])
        record = deal.to_record()
        lone = [i for i, a in enumerate(record["actions"]) if a["seat"] == 0 and a["type"] == "play"
                and len(Deal.from_record({**record, "actions": record["actions"][:i]}).legal_actions()) == 1]
        if lone:
            break
    page.goto(site_url + f"?pause=0&exercise=1&at={lone[0]}&lang=en" + fragment(record))
    page.wait_for_function(READY)
    page.wait_for_function(f"document.querySelector('#table').dataset.step > {lone[0]}")  # played, not asked
    assert not page.query_selector("[data-testid=exercise-verdict]")


def test_a_lessons_finished_table_offers_the_next_table_or_a_normal_deal_with_hidden_hands(page, site_url):
    src, record = _lesson_table("petit-en-danger", 1)  # the hunt: steps, every hand open, a third table after it
    src = re.sub(r"([?&])at=\d+", rf"\g<1>at={len(record['actions']) - 4}", src)  # the last trick to come
    page.goto(site_url + src)
    page.wait_for_function(READY)
    assert page.query_selector("[data-testid=open-hands]")
    while page.query_selector("[data-action=step-next]:not([disabled])"):
        act(page, "[data-action=step-next]")
    assert phase(page) == "done"
    link = page.wait_for_selector("[data-testid=result] [data-testid=lesson-next]")
    assert link.inner_text() == "Table suivante de la leçon" and link.get_attribute("target") == "_top"
    assert page.inner_text("#btn-next-deal") == "Une donne normale"
    link.click()
    page.wait_for_url("**/lessons/fr/petit-en-danger.html#table-3")
    page.go_back()
    page.wait_for_function(READY)
    while page.query_selector("[data-action=step-next]:not([disabled])"):
        act(page, "[data-action=step-next]")
    act(page, "#btn-next-deal")
    page.wait_for_function("document.querySelector('#table').dataset.phase !== 'done'")
    assert not page.query_selector("[data-testid=open-hands]")  # a normal deal: the other hands hidden
    assert "Situation" not in page.inner_text(".topbar")
    page.wait_for_function(HUMAN_TURN)
    assert not page.query_selector("[data-testid=exercise-verdict]") and not page.query_selector("[data-testid=step-count]")
