"""Every screen in the pseudo-locale (``?lang=xx``, tarot.words): each word a player reads comes
from a catalogue, so every text on the page lies between the pseudo-locale's marks ``[!! … !!]``
but card faces, numbers and names.  A word written anywhere else shows as plain text here."""
from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from table_driver import READY, act, click, first_number, human_turn, open_table, phase, start_game

from tarot.bots import LEVEL_NAMES  # importable once table_driver has put the repository on the path
from tarot.words import PSEUDO
from web.draw.labels import BOT_NAMES

CARD = {"position": {"x": 6, "y": 30}}  # on the visible corner of an overlapped card
CHIEN = {3: 6, 4: 6, 5: 3}
LESSON = Path(__file__).resolve().parent.parent / "lessons" / "fr" / "excuse.html"
sys.path.insert(0, str(LESSON.parents[2] / "scripts"))
from oembed import table_sources  # noqa: E402  (scripts/oembed.py: a lesson's tables, as the tag draws them)

# The texts of the page (or of ``root``) that lie outside the marks, with where they are: every text
# node and every label (aria-label, title, placeholder, alt) but those of a card's face, of an element
# in another language (a language's own name, lang="fr"), of a hidden element, or of a text for
# copying (a link, an iframe to embed); names are taken out first.
UNMARKED = """([root, names, lang]) => {
  const marked = /\\[!! (?:(?!\\[!! )[\\s\\S])*? !!\\]/g;
  const letters = /[A-Za-zÀ-ÖØ-öø-ÿŒœ]/;
  const bare = (text) => {
    let before;
    do { before = text; text = text.replace(marked, " "); } while (text !== before);
    for (const name of names) text = text.split(name).join(" ");
    return text;
  };
  const ignored = (el) => !el || el.closest("script, style, template, noscript, [hidden], textarea[readonly], head")
    || (el.closest("[lang]") && el.closest("[lang]").getAttribute("lang") !== lang);
  const where = (el) => el.id ? `#${el.id}` : el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : el.className
    ? `${el.tagName.toLowerCase()}.${String(el.className.baseVal ?? el.className).split(" ")[0]}` : el.tagName;
  const top = root ? document.querySelector(root) : document.body;
  const scope = top.content || top;  // a <template>: its content
  const out = [];
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || ignored(el) || el.closest(".card, .ed-place")) continue;  // a face; a place's two letters
    if (letters.test(bare(node.textContent))) out.push(`${where(el)}: ${node.textContent.trim()}`);
  }
  for (const el of scope.querySelectorAll("[aria-label], [title], [placeholder], [alt], input[value]:not([readonly])")) {
    if (ignored(el)) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const text = el.getAttribute(name);
      if (text && letters.test(bare(text))) out.push(`${where(el)}[${name}]: ${text}`);
    }
  }
  return out;
}"""


def unmarked(page, root: str | None = None, also: tuple[str, ...] = (), lang: str = PSEUDO) -> list[str]:
    """What lies outside the marks in the page's language ``lang``; ``also``: more to take out first."""
    names = [*BOT_NAMES, *(n[:2] for n in BOT_NAMES), *also]  # the editor marks a card with its place's first letters
    return page.evaluate(UNMARKED, [root, sorted(names, key=len, reverse=True), lang])


def speaks_pseudo(page, what: str, also: tuple[str, ...] = ()) -> None:
    found = unmarked(page, also=also)
    assert found == [], f"{what}: {found}"


def take(legal: list[str]) -> str:
    return "garde" if "garde" in legal else "pass"


def _taker_at_ecart(s) -> bool:
    return s.deal.phase.value == "ecart" and s.deal.taker == 0


def _first_card(s) -> bool:
    return s.deal.phase.value == "play" and s.deal.to_act == 0 and not s.deal.tricks


def _poignee_offered(players: int) -> int:
    """A deal where the person, not taking, may show a poignée before the first card."""
    return first_number(players, lambda s: _first_card(s) and bool(s.screen().poignee_offers), stop=_first_card,
                        limit=3000)  # a poignée is rare: 13 trumps at 3 players


def _click_refused(page, selector: str) -> None:
    """Click a card the rules refuse here: the table says why."""
    page.click(f"{selector}[aria-disabled='true']", force=True, **CARD)
    page.wait_for_selector("[data-testid=message].shown")


def _play_deal(page, players: int, teach: bool) -> None:
    """The person's decisions to the end of the deal, each screen checked on the way; ``teach``: the
    teaching tools too (the bidding aid, a hint, "why?"), and a card refused."""
    seen = set()
    while (current := human_turn(page)) != "done":
        if current not in seen:
            speaks_pseudo(page, f"{players} players, {current}")
        if current == "bidding":
            if teach and "aid" not in seen:
                page.click("[data-action=bidding-aid]")
                page.wait_for_selector("[data-testid=bidding-aid]")
                speaks_pseudo(page, "the bidding aid")
                seen.add("aid")
            legal = page.eval_on_selector_all("[data-bid]", "els => els.map(e => e.dataset.bid)")
            act(page, f"[data-bid={take(legal)}]")
        elif current == "calling":
            act(page, "[data-action=call]")
        elif current == "ecart":
            if page.query_selector("#hand button[data-card][aria-disabled='true']"):
                _click_refused(page, "#hand button[data-card]")
                speaks_pseudo(page, "a card refused for the écart")
            for card in page.eval_on_selector_all("#hand button.playable", "els => els.map(e => e.dataset.card)")[:CHIEN[players]]:
                click(page, f"#hand button[data-card='{card}']", **CARD)
            speaks_pseudo(page, "the écart chosen")
            act(page, "[data-action=confirm-ecart]")
        elif current == "chelem":
            act(page, "[data-action=no-chelem]")
        elif current == "play":
            if page.query_selector("[data-action=choose-poignee]"):
                page.click("[data-action=choose-poignee]")
                page.wait_for_selector("[data-action=declare-poignee]")
                speaks_pseudo(page, f"{players} players, the poignée's trumps")
                click(page, "[data-action=cancel-poignee]")
                click(page, "[data-action=no-poignee]")
            if teach and "hint" not in seen:
                page.click("[data-action=hint]")
                page.wait_for_selector("[data-testid=hint]")
                if page.query_selector("[data-action=why]"):
                    page.click("[data-action=why]")
                    page.wait_for_selector("[data-testid=why]")
                if page.query_selector("#hand button[data-card][aria-disabled='true']"):
                    _click_refused(page, "#hand button[data-card]")
                speaks_pseudo(page, "a hint, why, a card refused")
                seen.add("hint")
            act(page, "#hand button.playable", **CARD)
        seen.add(current)
    speaks_pseudo(page, f"{players} players, the end of the deal")


def _dialog(page, opener: str, testid: str, closer: str) -> None:
    page.click(opener)
    page.wait_for_selector(f"[data-testid={testid}]")
    speaks_pseudo(page, testid)
    page.click(closer)
    page.wait_for_selector(f"[data-testid={testid}]", state="detached")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_phase_of_a_deal_and_its_dialogs_speak_the_pseudo_locale(page, site_url, players):
    taker = first_number(players, _taker_at_ecart, bid=take)
    poignee = _poignee_offered(players)
    open_table(page, site_url, f"?pause=0&lang={PSEUDO}")
    speaks_pseudo(page, "the new-game form")
    start_game(page, players, taker)
    _play_deal(page, players, teach=players == 4)
    for opener, testid, closer in (("[data-action=last-trick]", "last-trick", "[data-action=close-last-trick]"),
                                   ("[data-action=tricks]", "tricks", "[data-action=close-tricks]"),
                                   ("[data-action=settings]", "settings", "[data-action=close-settings]"),
                                   ("[data-action=import-records]", "import", "[data-action=import-close]")):
        _dialog(page, opener, testid, closer)
    if players == 4:
        page.click("[data-action=share-situation]")
        page.wait_for_selector("[data-testid=situation-link]")
        speaks_pseudo(page, "the situation's links")
        page.click("[data-action=editor-open]")
        page.wait_for_selector("[data-testid=editor]")
        click(page, "[data-action=editor-fill]")
        speaks_pseudo(page, "the editor")
        click(page, "[data-action=editor-close]")
        page.click("[data-action=review-deal]")
        page.wait_for_selector("[data-testid=review]")
        speaks_pseudo(page, "the review")
        for _ in range(8):  # on to the person's decisions, with the hint's choices beside them
            click(page, "[data-action=review-next]")
        speaks_pseudo(page, "the review, a few steps on")
        page.click("[data-action=review-close]")
        page.wait_for_selector("[data-testid=review]", state="detached")

    # A new game: the question before the match is put away, then the history of matches.
    page.click("[data-action=new-game]")
    page.wait_for_selector("[data-testid=setup]")
    page.click(f"label.choice:has(input[name=players][value='{players}'])")
    page.fill("input[name=deal]", str(poignee))
    page.click("[data-action=start]")
    page.wait_for_selector("[data-testid=confirm-new-game]")
    speaks_pseudo(page, "the question before a new game")
    page.click("[data-action=confirm-start]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'")
    _dialog(page, "[data-action=history]", "history", "[data-action=close-history]")
    while human_turn(page) == "bidding":
        act(page, "[data-bid=pass]")
    page.click("[data-action=choose-poignee]")
    page.wait_for_selector("[data-action=declare-poignee]")
    speaks_pseudo(page, f"{players} players, the poignée's trumps")
    act(page, "[data-action=declare-poignee]")
    speaks_pseudo(page, f"{players} players, a poignée shown")


def test_the_form_before_python_the_purchase_and_the_notes_speak_the_pseudo_locale(page, site_url):
    open_table(page, site_url, f"?pause=0&lang={PSEUDO}")
    assert unmarked(page, f"#setup-{PSEUDO}") == []  # what boot.js shows before Python is ready
    bid = lambda legal: "prise" if "prise" in legal else "pass"  # noqa: E731
    number = first_number(4, lambda s: _taker_at_ecart(s) and s.deal.contract.code == "prise", bid=bid,
                          options=("purchase",))
    # A value the URL may not set is named in a note; the purchase of a card, as taker.
    open_table(page, site_url, f"?pause=0&lang={PSEUDO}&players=4&purchase=1&deal={number}&level=nobody")
    page.wait_for_selector("[data-testid=url-notice]")
    # The note quotes the address (level=nobody) and what it may say there: the levels' codes.
    url_words = ("level=nobody", *LEVEL_NAMES)
    speaks_pseudo(page, "a note on the address, the form filled in from it", also=url_words)
    page.click("[data-action=start]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'")
    while (current := human_turn(page)) != "purchase":
        if current == "bidding":
            act(page, "[data-bid=prise]" if page.query_selector("[data-bid=prise]") else "[data-bid=pass]")
        elif current == "ecart":
            for card in page.eval_on_selector_all("#hand button.playable", "els => els.map(e => e.dataset.card)")[:6]:
                page.click(f"#hand button[data-card='{card}']", **CARD)
            act(page, "[data-action=confirm-ecart]")
        else:
            raise AssertionError(f"no purchase: {current}")
    speaks_pseudo(page, "the purchase")
    click(page, "[data-action=buy]")
    speaks_pseudo(page, "the purchase, a card asked for")


def test_a_duplicate_tournament_and_its_review_speak_the_pseudo_locale(page, site_url):
    open_table(page, site_url, f"?pause=0&lang={PSEUDO}&players=4&deal=7&mode=duplicate&duplicate=4&refsamples=4")
    speaks_pseudo(page, "the new-game form of a tournament")
    page.click("[data-action=start]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'")
    speaks_pseudo(page, "the tournament's table")
    while human_turn(page) != "done":
        if phase(page) == "bidding":
            act(page, "[data-bid=pass]")
        else:
            if page.query_selector("[data-action=no-poignee]"):
                click(page, "[data-action=no-poignee]")
            act(page, "#hand button.playable", **CARD)
    page.wait_for_selector("[data-testid=reference-result]:not([aria-busy])", timeout=180_000)
    speaks_pseudo(page, "the Expert's result in your seat")
    page.click("[data-action=review-reference]")
    page.wait_for_selector("[data-testid=review]")
    speaks_pseudo(page, "the review of the Expert's deal")


def _lesson_table(mode: str) -> str:
    """The query and fragment of a lesson's first table in ``mode`` (exercise or steps), in the pseudo-locale."""
    lesson = LESSON.read_text(encoding="utf-8")
    src = next(s for s in table_sources(lesson) if f"{mode}=1" in s)
    parts = urlsplit(src)
    query = urlencode([(k, PSEUDO if k == "lang" else v) for k, v in parse_qsl(parts.query, keep_blank_values=True)])
    return f"?{query}#{parts.fragment}"


@pytest.mark.parametrize("mode", ["exercise", "steps"])
def test_a_lesson_s_table_speaks_the_pseudo_locale(page, site_url, mode):
    page.goto(site_url + _lesson_table(mode))
    page.wait_for_function(READY)
    page.wait_for_selector("[data-testid=teaching]")
    speaks_pseudo(page, f"a lesson's {mode}")
    if mode == "steps":
        click(page, "[data-action=step-next]")
    else:
        page.wait_for_function("() => document.getElementById('table').dataset.toAct === '0'")
        page.click("#hand button.playable", **CARD)
        page.wait_for_selector("[data-testid=exercise-verdict]")
    speaks_pseudo(page, f"a lesson's {mode}, one step on")


def test_a_saved_game_in_the_pseudo_locale_opens_in_it(page, site_url):
    open_table(page, site_url, f"?pause=0&lang={PSEUDO}")
    start_game(page, 3, 11)
    page.reload()
    page.wait_for_function(READY)
    assert page.get_attribute("#table", "data-lang") == PSEUDO
    speaks_pseudo(page, "a saved game, opened again")


def test_the_check_finds_every_word_of_a_page_in_french(page, site_url):
    open_table(page, site_url, "?pause=0")
    found = unmarked(page, lang="fr")
    assert any("Nouvelle partie" in f for f in found) and any("[aria-label]" in f for f in found)
    assert unmarked(page, "#setup-fr", lang="fr") and unmarked(page, f"#setup-{PSEUDO}") == []


def test_the_notice_of_a_match_played_in_another_tab_speaks_the_pseudo_locale(page, context, site_url):
    open_table(page, site_url, f"?pause=0&lang={PSEUDO}")
    start_game(page, 4, 11)
    human_turn(page)
    other = context.new_page()  # the same browser: the same saved match, played by the first tab
    open_table(other, site_url, "?pause=0")
    other.wait_for_selector("[data-testid=elsewhere]")
    speaks_pseudo(other, "another tab's notice")


def test_the_call_at_four_players_speaks_the_pseudo_locale(page, site_url):
    """With prise_partner, the taker of a prise at 4 players may call a king or go on alone."""
    prise = lambda legal: "prise" if "prise" in legal else "pass"  # noqa: E731
    number = first_number(4, lambda s: s.deal.phase.value == "calling" and s.deal.taker == 0, bid=prise,
                          options=("prise_partner",), stop=lambda s: s.deal.phase.value == "calling")
    open_table(page, site_url, f"?pause=0&lang={PSEUDO}&players=4&prise_partner=1&deal={number}")
    page.click("[data-action=start]")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'setup'")
    while (current := human_turn(page)) == "bidding":
        legal = page.eval_on_selector_all("[data-bid]", "els => els.map(e => e.dataset.bid)")
        act(page, f"[data-bid={prise(legal)}]")
    assert current == "calling"
    speaks_pseudo(page, "the call at 4 players")
