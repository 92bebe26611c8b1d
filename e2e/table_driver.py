"""Driving the table in the browser, and the same decisions in CPython to choose deal numbers.

Tests pick deal numbers by playing the deal with the engine in CPython
(``simulate``) with the same bots and the same choices the browser test makes,
so a test asks for a deal that really leads where it needs to go.
"""
from __future__ import annotations

import re
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from web.match.session import Session, Settings  # noqa: E402

# Waits are functions, not bare expressions: the page's Content-Security-Policy may forbid
# the eval Playwright uses to poll an expression.
READY = "() => document.getElementById('table').dataset.phase !== 'loading'"
HUMAN_TURN = ("() => { const t = document.getElementById('table');"
              " return t.dataset.toAct === '0' || t.dataset.phase === 'done'; }")
PLAYABLE = "#hand button[data-card]:not([aria-disabled='true'])"
# Counts the decisions the page asks of the bots' worker (window.__workerCalls).
COUNT_WORKER_CALLS = ("() => { window.__workerCalls = 0; const bots = window.tarotBots;"
                      " const decide = bots.decide.bind(bots);"
                      " bots.decide = (request) => { window.__workerCalls += 1; return decide(request); }; }")


# ------------------------------------------------------------------ CPython
def simulate(players: int, number: int, *, bid=lambda legal: "pass", stop=None, options=None):
    """Play deal ``number`` as the browser tests do (the person passes, declines
    poignées and plays their first playable card); returns the session, stopped
    early when ``stop(session)`` is true.  ``options``: the rule options on."""
    s = Session(Settings(players=players, first_deal=number, options=dict.fromkeys(options or (), True)))
    while not s.finished:
        if stop is not None and stop(s):
            return s
        if s.bot_to_act() is not None:
            s.bot_step()
            continue
        v = s.view()
        if v.phase == "bidding":
            s.bid(bid([a.code for a in v.legal]))
        elif v.phase == "calling":
            s.call(str(v.legal[0].card))
        elif v.phase == "chelem":
            s.chelem(False)
        elif v.phase == "ecart":
            return s
        else:
            s.decline_poignee()
            s.click_card(str(next(c for c in v.hand if c in s.screen().playable)))
    return s


def first_number(players: int, wanted, *, start: int = 1, limit: int = 500, step: int = 1, **kw) -> int:
    """The first deal number from ``start`` whose simulated session satisfies ``wanted``."""
    for number in range(start, start + limit * step, step):
        if wanted(simulate(players, number, **kw)):
            return number
    raise AssertionError("no deal number found")


_BACKGROUND = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cpython-expected")


def in_background(compute: Callable[..., Any], *args: Any) -> Future:
    """``compute(*args)`` on a CPython thread of its own, begun at once: a test starts the
    figures it expects (an analysis takes seconds) before it drives the browser, and reads
    ``.result()`` where it checks them; meanwhile the page works on the machine's other core."""
    return _BACKGROUND.submit(compute, *args)


def contract_made(session) -> bool:
    r = session.deal.result
    return session.finished and r is not None and r.redeal is None


# ------------------------------------------------------------------ browser
WORLDS = 6  # the graded analysis's budget the tests that wait for it ask for (?worlds=): a quarter of the default
TESTS_QUERY = f"?pause=0&worlds={WORLDS}"  # no pause, that budget


def open_table(page, site_url: str, query: str = "?pause=0") -> None:
    page.goto(site_url + query)
    page.wait_for_function(READY)


# The graded analysis of the deal just over is done (its progress under the deal's end).
ANALYSED = ("() => { const p = document.querySelector('[data-testid=analysis-progress]');"
            " return !!p && p.dataset.total !== '' && p.dataset.done === p.dataset.total; }")


def table_frame(page, selector: str = "iframe"):
    """The frame of an embedded table (a ``<tarot-deal>``'s, which the tag's script makes: it is
    ``about:blank`` until it navigates), once the table is on the site's page and ready."""
    frame = page.wait_for_selector(selector).content_frame()
    frame.wait_for_url(re.compile(r"/index\.html\?"), timeout=120_000)
    frame.wait_for_function(READY, timeout=120_000)  # tables of one page share its main thread
    return frame


def wait_analysed(page) -> None:
    """Wait until the bots' worker has graded every decision of the deal just over (the review
    is drawn again as each lands)."""
    page.wait_for_function(ANALYSED, timeout=120_000)


def phase(page) -> str:
    return page.get_attribute("#table", "data-phase")


def step(page) -> str:
    return page.get_attribute("#table", "data-step")


def start_game(page, players: int, number: int) -> None:
    """Fill in the new-game form and start."""
    if phase(page) != "setup":
        page.click("[data-action=new-game]")
    page.wait_for_selector("[data-testid=setup]")
    page.click(f"label.choice:has(input[name=players][value='{players}'])")
    page.fill("input[name=deal]", str(number))
    page.click("[data-action=start]")
    # A match in progress: the form asks before ending it.
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'"
                           " || !!document.querySelector('[data-testid=confirm-new-game]')")
    if page.query_selector("[data-testid=confirm-new-game]"):
        page.click("[data-action=confirm-start]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'")
    assert page.get_attribute("#table", "data-deal") == str(number)


CORNER = {"x": 8, "y": 30}  # on the visible corner of a hand card (the next card covers the rest)


# The page takes a click in a task of its own after the browser's next frame, and puts the focus
# as the frame after that is drawn: a promise resolved once both are done (a frame callback runs
# after those asked before it, a timer after those set before it with the same delay); a page
# out of view draws no frame and takes it within 100 ms.
TAKEN = ("() => new Promise((done) => document.hidden ? setTimeout(done, 150)"
         " : requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => done()), 0)))")


def click(page, selector: str, **options) -> None:
    """Click ``selector`` and wait until the page has taken the click (and the focus is placed)."""
    page.click(selector, **options)
    page.evaluate(TAKEN)


def act(page, selector: str, **click) -> None:
    """Click ``selector`` and wait until the table has taken the action."""
    before = step(page)
    page.click(selector, **click)
    page.wait_for_function(f"() => document.getElementById('table').dataset.step !== '{before}'")


def human_turn(page) -> str:
    page.wait_for_function(HUMAN_TURN)
    return phase(page)


def next_deal(page) -> None:
    """Click *Donne suivante* and wait for the next deal's first turn of the person's (the
    finished deal's table, on show until the page takes the click, is no such turn)."""
    number = page.get_attribute("#table", "data-deal")
    page.click("[data-action=next-deal]")
    page.wait_for_function(f"() => document.getElementById('table').dataset.deal !== '{number}'")
    page.wait_for_function(HUMAN_TURN)


def play_one(page) -> str:
    """Wait for the person's turn and take the simulated decision; returns the phase it was."""
    current = human_turn(page)
    if current == "bidding":
        act(page, "[data-bid=pass]")
    elif current == "calling":
        act(page, "[data-action=call]")
    elif current == "chelem":
        act(page, "[data-action=no-chelem]")
    elif current == "play":
        if page.query_selector("[data-action=no-poignee]"):
            click(page, "[data-action=no-poignee]")
        act(page, PLAYABLE, position=CORNER)
    return current


def play_to_end(page) -> None:
    while play_one(page) != "done":
        pass


def trick_cards(page) -> list[str]:
    """The cards of the trick being played (not the previous trick left on show)."""
    return page.eval_on_selector_all("[data-testid=trick]:not(.previous) [data-card]",
                                     "els => els.map(e => e.dataset.card)")


def hand_cards(page) -> list[str]:
    return page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")


def sheet_rows(page) -> list[list[int]]:
    """The score sheet: one list of seat scores per deal."""
    return page.eval_on_selector_all(
        "[data-testid=score-sheet] tbody tr",
        "rows => rows.map(r => [...r.querySelectorAll('td[data-seat]')]"
        ".map(td => parseInt(td.textContent.replace('−', '-').replace('+', ''), 10)))")


def sheet_totals(page) -> list[int]:
    return page.eval_on_selector_all(
        "[data-testid=score-sheet] tfoot td[data-seat]",
        "tds => tds.map(td => parseInt(td.textContent.replace('−', '-').replace('+', ''), 10))")


# ------------------------------------------------------------------ layout
# What lies outside the viewport: hand cards, and the table's own scrolling (the play area
# must fit; on a narrow screen the score sheet may follow below it).
OUT_OF_VIEW = """() => {
  const w = innerWidth, h = innerHeight, out = [];
  for (const b of document.querySelectorAll('#hand button[data-card]')) {
    const r = b.getBoundingClientRect();
    if (r.left < 0 || r.right > w || r.top < 0 || r.bottom > h + 0.5) out.push(b.dataset.card);
  }
  const play = document.querySelector('.play-area').getBoundingClientRect();
  return {cards: out, pageWidth: document.documentElement.scrollWidth - w,
          playBottom: Math.round(play.bottom - h), playTop: Math.round(play.top)};
}"""


def out_of_view(page) -> dict:
    return page.evaluate(OUT_OF_VIEW)


def corner_steps(page) -> list[float]:
    """How much of each hand card shows beside the next one in its row (its corner)."""
    return page.evaluate("""() => {
      const rs = [...document.querySelectorAll('#hand button[data-card]')].map(b => b.getBoundingClientRect());
      const steps = [];
      for (let i = 0; i + 1 < rs.length; i++)
        if (Math.abs(rs[i + 1].top - rs[i].top) < 20) steps.push(rs[i + 1].left - rs[i].left);
      return steps;
    }""")


# A control's text colour and the colour behind it (the first opaque background up its ancestors).
LOOK = ("el => { const s = getComputedStyle(el); let back = 'rgb(255, 255, 255)';"
        " for (let e = el; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor;"
        " if (c && c !== 'transparent' && !/rgba\\(.*, 0\\)$/.test(c)) { back = c; break; } }"
        " return {text: el.innerText.trim(), colour: s.color, background: back}; }")


def contrast(colour: str, background: str) -> float:
    """The WCAG contrast ratio of two CSS ``rgb(…)`` colours (4.5 is the least for text)."""
    def luminance(css: str) -> float:
        channels = [int(x) / 255 for x in re.findall(r"\d+", css)[:3]]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(colour), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def legible(page, selector: str) -> bool:
    """Whether the control has text in a colour that stands out from what lies behind it."""
    look = page.eval_on_selector(selector, LOOK)
    return bool(look["text"]) and contrast(look["colour"], look["background"]) >= 4.5
