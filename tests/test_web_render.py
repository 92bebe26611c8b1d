"""The page's Python, under CPython: rendering from seat 0's view, the page's state, saves."""
from __future__ import annotations

import json
import re
import subprocess
from html import unescape
import sys
from pathlib import Path

import pytest

from tarot.actions import BIDS, Ecart, Play
from tarot.cards import CARDS, NOTATION, mask_of, parse_card
from tarot.i18n import card_name
from tarot.state import Deal
from web.draw import render
from web.browser.files import needed_files
from web.draw.labels import date_words, seat_name
from web.match.session import SaveError, Session, Settings

from .helpers import cards, deal_with, to_play

ROOT = Path(__file__).resolve().parent.parent
DATA_CARD = re.compile(r'data-card="([^"]+)"')
ARIA_LABEL = re.compile(r'aria-label="([^"]+)"')


def ecart_refusal(deal, chosen, card):
    """The engine's answer for one card clicked into the écart being chosen."""
    return deal.why_not_discard(card, chosen)


def poignee_refusal(deal, chosen, card, size):
    """The engine's answer for one card clicked into a poignée being chosen."""
    return deal.why_not_show(card, chosen, size)


def html(session: Session) -> str:
    return "".join(render.render(session.screen()).values())


def run(session: Session, steps: int = 10_000, check=None) -> Session:
    """Bots play every seat, the person included (through the page's own methods)."""
    for _ in range(steps):
        if session.finished:
            break
        if check is not None:
            check(session)
        if session.bot_to_act() is not None:
            session.bot_step()
            continue
        v = session.view()
        if v.phase == "ecart":
            session.ui.ecart = list(session.deal.default_ecart())
            assert session.confirm_ecart()
        elif v.phase == "play":
            session.decline_poignee()
            assert session.click_card(str(next(c for c in v.hand if c in session.screen().playable)))
        elif v.phase == "bidding":
            assert session.bid(v.legal[-1].code if len(v.bids) == 0 else "pass")
        elif v.phase == "calling":
            assert session.call(str(v.legal[0].card))
        else:
            assert session.chelem(False)
    return session


def with_deal(deal: Deal, players: int = 4) -> Session:
    session = Session(Settings(players=players, first_deal=1))
    session.deal = deal
    return session


# ------------------------------------------------------------- hidden cards
def no_hidden_card_rendered(session: Session) -> None:
    view = session.view()
    seen = view.visible_cards()
    text = html(session)
    for notation in DATA_CARD.findall(text):
        assert seen >> CARDS[NOTATION.index(notation)] & 1, f"{notation} is not seat 0's to see"
    hidden_names = {card_name(c, "fr") for c in CARDS if not seen >> c & 1}
    assert not hidden_names & set(ARIA_LABEL.findall(text))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_card_seat_0_may_not_see_is_rendered(players):
    for number in range(1, 4):
        run(Session(Settings(players=players, first_deal=number)), check=no_hidden_card_rendered)


def test_the_bots_discarded_trumps_are_shown_and_nothing_else_of_their_ecart():
    # Seat 1 takes with only three suit cards besides kings: three trumps go to the écart.
    deal = deal_with({1: "KS KH KD KC 2S 3S 4S T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"}, chien="T13 T14 T15 T16 T17 T18")
    session = with_deal(deal)
    deal.apply(BIDS["pass"])  # seat 0
    deal.apply(BIDS["prise"])
    deal.apply(BIDS["pass"])
    deal.apply(BIDS["pass"])
    deal.apply(Ecart(tuple(cards("2S 3S 4S T2 T3 T4"))))
    text = html(session)
    for c in ("T2", "T3", "T4"):
        assert f'data-card="{c}"' in text
    for c in ("2S", "3S", "4S"):
        assert f'data-card="{c}"' not in text
    no_hidden_card_rendered(session)


# ---------------------------------------------------------------- the hand
def test_only_the_cards_the_engine_allows_are_marked_playable():
    # Seat 3 leads the king of hearts; seat 0's only heart is the 7.
    deal = to_play(deal_with({0: "7H 2S T3", 3: "KH"}, voids={0: "H"}, dealer=2), taker=3)
    deal.apply(Play(CARDS[NOTATION.index("KH")]))
    session = with_deal(deal)
    hand = render.render(session.screen())["hand"]
    buttons = dict(re.findall(r'<button[^>]*data-card="([^"]+)"([^>]*)>', hand))
    legal = {str(a.card) for a in deal.legal_actions() if isinstance(a, Play)}
    assert "7H" in legal and legal <= {"7H", "EX"}
    assert len(buttons) == 18
    for notation, attrs in buttons.items():
        assert ('aria-disabled="true"' in attrs) == (notation not in legal)


def test_a_refused_card_is_explained_in_the_chosen_language():
    deal = to_play(deal_with({0: "7H 2S", 3: "KH"}, voids={0: "H"}, dealer=2), taker=3)
    deal.apply(Play(CARDS[NOTATION.index("KH")]))
    session = with_deal(deal)
    assert not session.click_card("2S")
    panel = render.render(session.screen())["panel"]
    assert "Vous devez fournir à cœur." in panel
    session.settings.lang = "en"
    assert "You must follow suit (hearts)." in render.render(session.screen())["panel"]
    assert session.click_card("7H")


def test_bid_buttons_are_the_bids_the_engine_allows():
    deal = deal_with(dealer=0)  # seat 1 bids first, seat 0 last
    session = with_deal(deal)
    for bid in ("pass", "garde", "pass"):
        deal.apply(BIDS[bid])
    panel = render.render(session.screen())["panel"]
    assert re.findall(r'data-bid="([^"]+)"', panel) == ["pass", "garde_sans", "garde_contre"]
    assert session.bid("garde_sans")
    assert 'data-bid=' not in render.render(session.screen())["panel"]


# ------------------------------------------------------------ écart, poignée
def test_a_king_a_bout_and_an_avoidable_trump_are_refused_for_the_ecart():
    deal = deal_with({0: "KH T1 T5 EX 2S 3S 4S 5S 6S 7S 8S"})
    deal.apply(BIDS["prise"])
    for _ in range(3):
        deal.apply(BIDS["pass"])
    king, petit, trump, low = (CARDS[NOTATION.index(x)] for x in ("KH", "T1", "T5", "2S"))
    assert ecart_refusal(deal, [], king).code == "ecart_king"
    assert ecart_refusal(deal, [], petit).code == "ecart_bout"
    assert ecart_refusal(deal, [], trump).code == "ecart_trump_avoidable"
    assert ecart_refusal(deal, [], low) is None


def test_a_card_clicked_into_a_full_selection_is_refused_for_its_own_fault_first():
    deal = deal_with({0: "KH 2S 3S 4S 5S 6S 7S 8S"})
    deal.apply(BIDS["prise"])
    for _ in range(3):
        deal.apply(BIDS["pass"])
    six = [CARDS[NOTATION.index(x)] for x in ("2S", "3S", "4S", "5S", "6S", "7S")]
    king, low = (CARDS[NOTATION.index(x)] for x in ("KH", "8S"))
    assert ecart_refusal(deal, six, king).code == "ecart_king"
    assert ecart_refusal(deal, six, low).code == "ecart_size"


def test_a_trump_may_go_to_the_ecart_when_suit_cards_run_short_and_is_then_shown():
    deal = deal_with({0: "KS KH KD KC 2S 3S T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13"},
                     chien="T14 T15 T16 T17 T18 T19")
    deal.apply(BIDS["prise"])
    for _ in range(3):
        deal.apply(BIDS["pass"])
    session = with_deal(deal)
    for c in ("2S", "3S", "T2", "T3", "T4"):
        assert session.click_card(c)
    assert "Un atout écarté est montré à la table." in render.render(session.screen())["panel"]
    assert session.click_card("T5") and session.confirm_ecart()
    assert deal.ecart == mask_of(cards("2S 3S T2 T3 T4 T5"))


def test_a_poignee_is_offered_chosen_and_shown():
    trumps = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"
    deal = to_play(deal_with({0: trumps + " EX"}), taker=1)
    while deal.to_act != 0:
        deal.apply(deal.legal_actions()[0])
    session = with_deal(deal)
    screen = session.screen()
    assert ("simple", 10) in screen.poignee_offers
    assert 'data-action="choose-poignee"' in render.render(screen)["panel"]
    assert session.choose_poignee("simple")
    assert len(session.ui.poignee) == 10
    # The Excuse is not needed: the engine refuses it with the reason.
    assert poignee_refusal(deal, session.ui.poignee, CARDS[77], 10).code in ("poignee_excuse", "poignee_size")
    # A suit card is refused as what it is, not for the count.
    assert poignee_refusal(deal, session.ui.poignee, CARDS[NOTATION.index("KH")], 10).code == "poignee_not_trump"
    assert session.declare_poignee()
    assert deal.poignees and deal.poignees[0][0] == 0
    assert 'data-testid="poignee-0"' in render.render(session.screen())["panel"]


def test_a_poignee_may_be_declined():
    deal = to_play(deal_with({0: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"}), taker=1)
    while deal.to_act != 0:
        deal.apply(deal.legal_actions()[0])
    session = with_deal(deal)
    session.decline_poignee()
    assert 'data-action="no-poignee"' not in render.render(session.screen())["panel"]


# ------------------------------------------------------------- end of deal
def test_the_lessons_are_one_link_away_from_the_top_bar_and_the_new_game_form():
    session = Session(Settings(players=4, first_deal=1))
    session.ui.setup_open = True
    regions = render.render(session.screen())
    for region in ("topbar", "overlay"):
        links = re.findall(r'<a [^>]*href="([^"]+)"', regions[region])
        assert "lessons/index.html" in links, region
    assert (ROOT / "lessons" / "index.html").is_file()  # the built site copies lessons/ beside index.html


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_score_sheet_has_a_row_per_deal_and_sums_to_zero(players):
    session = Session(Settings(players=players, first_deal=7))
    for _ in range(players + 1):
        run(session)
        text = render.render(session.screen())["side"]
        rows = re.findall(r"<tr data-deal=\"\d+\">(.*?)</tr>", text)
        assert len(rows) == len(session.match.records)
        totals = re.search(r"<tfoot>(.*?)</tfoot>", text).group(1)
        values = [int(x.replace("−", "-").replace("+", "")) for x in re.findall(r'data-seat="\d">([^<]+)<', totals)]
        assert len(values) == players and sum(values) == 0
        session.next_deal()


def test_the_chart_shows_every_colour_where_totals_are_equal():
    # At 4 players the three defenders of a deal score the same: their lines lie on each
    # other, each wider by the seats drawn over it, so that every colour shows.
    session = _finished(made=True)
    session.next_deal()
    chart = render.render_chart(session.screen())
    taker = session.match.records[-1]["result"]["taker"]
    segments = {int(seat): float(width) for seat, width
                in re.findall(r'<line data-seat="(\d)"[^>]*stroke-width="([\d.]+)"', chart)}
    circles = {int(seat): float(r) for seat, r in re.findall(r'<circle data-seat="(\d)"[^>]*r="([\d.]+)"', chart)}
    defenders = [s for s in range(4) if s != taker]
    assert sorted(segments[s] for s in defenders) == [2, 4.2, 6.4] and segments[taker] == 2
    assert sorted(circles[s] for s in defenders) == [2.6, 3.7, 4.8] and circles[taker] == 2.6
    # Its text alternative counts the deals as French does ("1 donne").
    assert "Totaux après 1 donne\u00a0:" in chart
    # Drawn widest first: each narrower line lies on the wider ones.
    drawn = [float(w) for w in re.findall(r'<line data-seat="\d"[^>]*stroke-width="([\d.]+)"', chart)]
    assert drawn == sorted(drawn, reverse=True)


def _passed_out(options: dict | None = None) -> Session:
    """Deal 3 at 4 players, where the person passes and so do the bots."""
    session = Session(Settings(players=4, first_deal=3, options=options or {}))
    while not session.finished:  # on deal 3 the bots pass too
        if session.bot_to_act() is not None:
            session.bot_step()
        else:
            assert session.bid("pass")
    assert session.deal.result.redeal == "all_passed"
    return session


def test_the_chart_of_deals_passed_out_draws_its_flat_line_across_the_middle():
    session = _passed_out()
    chart = render.render_chart(session.screen())
    assert set(re.findall(r'<circle[^>]*cy="([\d.]+)"', chart)) == {"75.0"}  # the middle of its 150


def test_the_end_of_a_deal_writes_the_count_out():
    number = next(n for n in range(1, 100)
                  if run(Session(Settings(first_deal=n))).deal.result.redeal is None)
    session = run(Session(Settings(first_deal=number)))
    panel = render.render(session.screen())["panel"]
    score = session.deal.result.score
    assert f"(25 + {score.difference})" in panel
    assert 'data-action="next-deal"' in panel
    assert f"il en fallait {score.target}" in panel


def _finished(made: bool, players: int = 4, name: str = "") -> Session:
    for n in range(1, 200):
        session = run(Session(Settings(players=players, first_deal=n, name=name)))
        score = session.deal.result.score
        if score is not None and score.made is made:
            return session
    raise AssertionError("no such deal")


def test_a_failed_contract_is_counted_as_a_player_says_it():
    session = _finished(made=False)
    score = session.deal.result.score
    mult = session.deal.contract.multiplier
    calc = re.findall(r"<li>(.*?)</li>", re.search(r"<ol class=\"calc\".*?</ol>", render.render(session.screen())["panel"]).group())
    assert calc[0] == (f"Chute de {score.difference}\u00a0: (25 + {score.difference}) × {mult} = "
                       f"{score.base} pour chaque défenseur")
    assert "−" not in calc[0]  # no sign without its reason
    assert calc[-1] == f"Chaque défenseur reçoit {-score.per_defender}"


def test_a_made_contract_is_counted_from_each_defender_in_english():
    session = _finished(made=True)
    session.settings.lang = "en"
    score = session.deal.result.score
    calc = re.findall(r"<li>(.*?)</li>", re.search(r"<ol class=\"calc\".*?</ol>", render.render(session.screen())["panel"]).group())
    assert calc[0].startswith(f"Made by {score.difference}: (25 + {score.difference})")
    assert calc[0].endswith(f"= {score.base} from each defender")


@pytest.mark.parametrize("players", [3, 5])
def test_the_persons_name_replaces_vous_everywhere(players):
    session = _finished(made=True, players=players, name="Anne")
    regions = render.render(session.screen())
    for region in ("topbar", "felt", "panel", "side", "live"):
        assert not re.search(r"\bVous\b", regions[region]), region
    assert "Anne" in regions["side"] and "Anne" in regions["felt"]
    if session.deal.taker == 0:
        assert "Anne (" in regions["panel"]


# ------------------------------------------------------------------- saves
def test_a_save_resumes_exactly_where_it_was():
    for stop in (5, 12, 40, 70, 400):
        partial = run(Session(Settings(first_deal=21)), steps=stop)
        again = Session.from_save(partial.save_text())
        a, b = partial.screen(), again.screen()
        assert a.view == b.view and a.sheet == b.sheet
        assert {k: v for k, v in render.render(a).items() if k != "live"} == \
            {k: v for k, v in render.render(b).items() if k != "live"}


def test_a_declined_chelem_survives_a_save():
    # The record writes down "no chelem": a save made just then resumes at the first card.
    session = with_deal(deal_with(dealer=3))  # seat 0 bids first
    session.deal_number = 1
    assert session.bid("garde_sans")
    for _ in range(3):
        session.deal.apply(BIDS["pass"])
    assert session.chelem(False)
    data = json.loads(session.save_text())
    assert "chelem_declined" not in data
    assert Deal.from_record(data["current"]).phase.value == "play"


@pytest.mark.parametrize("text, reason", [
    ("{", "unreadable"),
    ("[]", "unreadable"),
    ('{"format": "tarot-table", "version": 99}', "version"),
    ('{"format": "tarot-table", "version": 1}', "unreadable"),
])
def test_a_damaged_or_incompatible_save_is_refused_with_a_reason(text, reason):
    with pytest.raises(SaveError) as refused:
        Session.from_save(text)
    assert refused.value.reason == reason


def test_a_tampered_save_never_breaks_the_page():
    good = next(data for n in range(1, 50)
                if (data := json.loads(run(Session(Settings(first_deal=n)), steps=30).save_text()))["current"])
    mutations = [
        lambda d: d["current"]["actions"].append({"seat": 0, "type": "play", "card": "ZZ"}),
        lambda d: d["current"]["hands"][0].reverse() or d["current"]["hands"][0].__setitem__(0, "KH"),
        lambda d: d["settings"].__setitem__("players", 7),
        lambda d: d["settings"].__setitem__("level", "grandmaster"),
        lambda d: d.__setitem__("records", "nope"),
        lambda d: d["current"].__setitem__("dealer", 3),
        lambda d: d["current"]["actions"].insert(0, {"seat": 2, "type": "bid", "bid": "garde"}),
    ]
    for mutate in mutations:
        data = json.loads(json.dumps(good))
        mutate(data)
        with pytest.raises(SaveError):  # refused with a reason, never another exception
            Session.from_save(json.dumps(data))


def test_the_deal_number_gives_the_same_cards_in_any_match():
    first = Session(Settings(first_deal=40))
    assert first.deal_number == 40
    later = Session(Settings(first_deal=37))
    for _ in range(3):
        run(later)
        later.next_deal()
    assert later.deal_number == 40
    assert later.deal.dealt_hands == first.deal.dealt_hands


# ------------------------------------------------------------------- files
@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide starts no subprocess")
def test_the_page_loads_every_module_it_imports():
    code = ("import sys, web.match.session, web.draw.render, web.match.botstep, web.worker;"
            "print('\\n'.join(m.__file__ for m in list(sys.modules.values()) if getattr(m, '__file__', None)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    ours = (ROOT / "tarot", ROOT / "web")
    loaded = {Path(p).resolve().relative_to(ROOT).as_posix() for p in out.split()
              if any(Path(p).resolve().is_relative_to(d) for d in ours)}
    loaded -= {"web/worker.py"}
    assert "tarot/state.py" in loaded and "web/draw/render.py" in loaded
    assert loaded <= set(needed_files())


def test_the_partner_is_shown_only_once_seat_0_may_know_it():
    def check(session: Session) -> None:
        view = session.view()
        felt = render.render(session.screen())["felt"]
        shown = [int(s) for s in re.findall(r'<section class="seat[^"]*" data-seat="(\d)"(?:(?!</section>).)*badge partner',
                                            felt)]
        if view.partner_known and view.partner is not None:
            assert shown == [view.partner]
        else:
            assert shown == []

    seen_partner = False
    for number in range(1, 6):
        session = run(Session(Settings(players=5, first_deal=number)), check=check)
        seen_partner = seen_partner or session.deal.partner is not None
    assert seen_partner


def test_the_new_game_form_keeps_what_was_filled_in_when_a_value_is_refused():
    session = Session(Settings(players=4, first_deal=2))
    session.ui.setup_open = True
    session.ui.setup_message = ("bad_deal_number", {"value": "abc"})
    session.ui.setup_draft = {"players": 3, "level": "random", "options": {"misere": True}, "deal": "abc"}
    form = render.render(session.screen())["overlay"]
    assert 'value="3" checked' in form and 'value="4" checked' not in form
    assert 'value="misere" checked' in form
    assert 'value="abc"' in form
    assert "pas «\u00a0abc\u00a0»" in form


def test_a_new_game_asked_for_after_a_deal_is_over_gives_no_deal_up():
    def confirm(session: Session) -> str:
        session.ui.setup_open = session.ui.setup_confirm = True
        return unescape(render.render(session.screen())["overlay"])

    over = run(Session(Settings(first_deal=5)))
    assert over.deal.is_over
    said = confirm(over)
    assert "(1 donne jouée) sera terminée et rangée dans l'historique. Commencer" in said
    assert "abandonnée" not in said
    assert "La donne en cours sera abandonnée." in confirm(run(Session(Settings(first_deal=5)), steps=3))


def test_the_live_region_says_each_move_as_a_player_would():
    screen = Session(Settings(first_deal=5)).screen()
    said = [render.event_text(event, screen) for event in (
        ("bids", {"seat": 2, "bid": "pass"}), ("bids", {"seat": 0, "bid": "garde_sans"}),
        ("plays", {"seat": 1, "card": parse_card("JH")}), ("plays", {"seat": 0, "card": parse_card("EX")}),
        ("calls", {"seat": 3, "card": parse_card("KS")}))]
    assert said == ["Chloé passe.", "Vous annoncez une garde sans.", "Basile joue le Valet de cœur.",
                    "Vous jouez l'Excuse.", "Damien appelle le Roi de pique."]


def test_the_table_behind_the_new_game_form_keeps_the_deals_layout():
    over = run(Session(Settings(first_deal=5)))
    over.ui.setup_open = True
    attributes = render.root_attributes(over.screen())
    assert attributes["data-phase"] == "setup"
    assert attributes["data-deal-phase"] == "done"  # the count stays in the felt's place behind the form


# ----------------------------------------------------- history, settings, undo
def test_the_end_of_a_petit_sec_names_the_seat_that_shows_it():
    session = with_deal(deal_with({2: "T1 KH"}, voids={2: "T"}))
    session._check_over()
    assert "Chloé a le Petit sec (son seul atout, sans l'Excuse)" in unescape(html(session))


def test_a_petit_sec_dealt_next_is_said_in_the_live_region():
    session = run(Session(Settings(players=4, first_deal=642)))  # deal 643, next, is a petit sec of seat 0
    session.next_deal()
    assert session.finished and session.deal.result.petit_sec == (0,)
    assert "Vous avez le Petit sec" in unescape(render.render(session.screen())["live"])


def test_a_petit_sec_dealt_behind_the_new_game_form_is_no_match_to_give_up():
    session = Session(Settings(players=4, first_deal=643))  # deal 643: a petit sec, dealt again at once
    assert session.finished and session.deal.result.redeal == "petit_sec"
    holder = session.deal.result.petit_sec[0]
    page = unescape(html(session))
    assert f"{seat_name(holder)} a le Petit sec" in page or (holder == 0 and "Vous avez le Petit sec" in page)
    assert not session.in_progress()  # Commencer starts the new game without asking
    session.next_deal()
    assert not session.in_progress()
    if session.bot_to_act() is not None:
        session.bot_step()
    else:
        assert session.bid("pass")
    assert session.in_progress()  # a decision taken: a new game asks first


def test_the_deal_drawn_for_a_first_visit_is_no_petit_sec():
    drawn = iter([643, 7])  # deal 643 at 4 players: a petit sec, dealt again at once
    session = Session.on_random_deal(draw=lambda: next(drawn))
    assert session.settings.first_deal == 7 and session.deal.result is None and not session.finished
    chosen = Session.on_random_deal(lambda s: Settings(players=4, first_deal=643), draw=lambda: 1)
    assert chosen.deal.result.redeal == "petit_sec"  # a number the link chose is kept


def test_a_finished_match_goes_to_the_history_and_a_damaged_history_reads_as_empty():
    from web.match.history import archived, history_text, match_totals, parse_history

    session = run(Session(Settings(first_deal=5)))
    records = list(session.match.records)
    kept = archived([], session.settings.to_json(), records, "2026-11-23T10:00:00.000Z")
    assert parse_history(history_text(kept)) == kept
    assert match_totals(kept[0]) == list(session.match.totals)
    assert archived(kept, session.settings.to_json(), [], "later") == kept  # no finished deal: nothing kept
    for bad in ("", "{", '{"format": "tarot-history", "version": 9, "matches": []}', "[1, 2]"):
        assert parse_history(bad) == []


def test_the_page_settings_are_saved_with_the_match_and_old_saves_still_load():
    session = Session(Settings(first_deal=3, pace="fast", animations=False, live_count=False, next_level="debutant"))
    again = Session.from_save(session.save_text())
    assert (again.settings.pace, again.settings.animations, again.settings.live_count,
            again.settings.next_level) == ("fast", False, False, "debutant")
    old = json.loads(session.save_text())
    for key in ("pace", "animations", "live_count", "next_level"):
        del old["settings"][key]
    assert Session.from_save(json.dumps(old)).settings.pace == "normal"
    with pytest.raises(SaveError):
        Session.from_save(json.dumps({**old, "settings": {**old["settings"], "pace": "warp"}}))


def test_undo_takes_back_the_persons_last_decision_and_the_bots_after_it():
    session = next(s for s in (run(Session(Settings(first_deal=n)), steps=30) for n in range(8, 40))
                   if not s.finished)
    keep = session.undo_point()
    assert keep is not None and session.deal.history[keep][0] == 0
    before = session.deal.history[:keep]
    assert session.undo()
    assert session.deal.history == before and session.deal.to_act == 0
    assert session.deal_number in session.undone and session.screen().can_undo == (session.undo_point() is not None)


def test_next_deal_takes_the_level_chosen_for_it():
    session = run(Session(Settings(first_deal=2, next_level="debutant")))
    assert session.settings.level == "standard"
    session.next_deal()
    assert (session.settings.level, session.settings.next_level) == ("debutant", "")


def _prise_by_seat_0(**options) -> Session:
    session = with_deal(deal_with({0: "KS KH 2C", 2: "KD"}, chien="1D 2D 3D 4D 5D 6D", dealer=3, **options))
    session.settings.options = dict(options)
    assert session.bid("prise")
    for _ in range(3):
        session.deal.apply(BIDS["pass"])
    return session


def test_the_purchase_is_chosen_on_the_page_by_name_then_by_the_card_given():
    session = _prise_by_seat_0(purchase=True)
    session.ui.ecart = cards("1D 2D 3D 4D 5D 6D")
    assert session.confirm_ecart()
    page = html(session)
    assert 'data-action="buy"' in page and 'data-buy="KD"' in page and 'data-buy="KS"' not in page
    # The cards one may buy are named, never shown as cards: no hidden card reaches the page.
    visible = session.view().visible_cards()
    assert all(visible >> parse_card(n) & 1 for n in DATA_CARD.findall(page))
    assert not session.click_card("2C")  # a card to buy first
    assert session.ui.message == ("purchase_first", {})
    session.ask_for("KD")
    assert 'aria-pressed="true"' in html(session)
    assert session.click_card("2C")
    assert session.deal.purchase is not None and session.deal.purchase.card == parse_card("KD")
    assert "KD" in [str(c) for c in session.view().hand]


def test_with_prise_partner_the_page_offers_to_go_on_without_a_partner():
    session = _prise_by_seat_0(prise_partner=True)
    page = html(session)
    assert 'data-action="no-call"' in page and 'data-action="call"' in page
    assert session.decline_call()
    assert session.deal.phase.value == "ecart" and session.deal.partner is None


def test_going_on_without_a_partner_says_alone_or_with_the_purchase_as_the_rules_give():
    alone = html(_prise_by_seat_0(prise_partner=True))
    assert "Sans partenaire (seul contre trois)" in alone and "achat" not in alone
    bought = html(_prise_by_seat_0(prise_partner=True, purchase=True))
    assert "Sans partenaire (avec l&#x27;achat)" in bought or "Sans partenaire (avec l'achat)" in bought


def test_an_option_the_player_count_does_not_have_stays_off():
    chosen = {"purchase": True, "prise_partner": True, "misere": True}
    assert Settings(players=3, options=chosen).rules().to_json() == {"players": 3, "misere": True, "purchase": True}
    assert Settings(players=5, options=chosen).rules().to_json() == {"players": 5, "misere": True}


def _traditional(players: int = 4, first_deal: int = 3) -> Session:
    session = run(Session(Settings(players=players, first_deal=first_deal, options={"traditional_scoring": True})))
    assert session.deal.result is not None and session.deal.result.redeal is None
    return session


def test_the_score_sheet_counts_tokens_and_shows_the_pots_with_traditional_scoring():
    session = _traditional()
    page = unescape(html(session))
    tokens = session.match.token_totals
    pots = session.match.pots[0]
    assert sum(tokens) + sum(pots) == 0  # what the players lost is on the table
    # Pots and tokens replace the score sheet: its row and its totals are the tokens.
    sheet = page[page.index('data-testid="score-sheet"'):]
    row = re.search(r'<tr data-deal="3">(.*?)</tr>', sheet).group(1)
    assert re.findall(r'data-seat="\d">([^<]+)</td>', row) == [render.signed(x) for x in tokens]
    assert session.screen().totals == tuple(tokens)
    assert f"Pots sur la table\u00a0: {', '.join(map(str, pots))}" in sheet


def test_the_end_of_a_deal_tells_the_traditional_count_payment_by_payment():
    session = _traditional()
    result = session.deal.result
    page = unescape(html(session))
    calc = re.search(r'<ol class="calc"[^>]*>(.*?)</ol>', page).group(1)
    lines = re.findall(r"<li>(.*?)</li>", calc)
    # Deal 3 at 4 players is dealt by Damien (seat 3): the first pot is staked.
    assert lines[0] == "Mise\u00a0: 10 par joueur, 20 pour le donneur (Damien)\u00a0: un pot de 50"
    game = next(x for x in lines if x.startswith("Le jeu\u00a0: "))
    value = next(s for s in result.token_steps if s.rule == "game").amount
    assert f"= {value}, que " in game and "(25 +" not in calc  # not the FFT count
    assert any(x.startswith("Le preneur (") and "pot" in x for x in lines)
    assert lines[-1] == f"Pots sur la table\u00a0: {', '.join(map(str, result.pots)) or '0'}"
    # The deal's figures under the count are its tokens.
    scores = page[page.index('class="deal-scores"'):]
    assert "Jetons de la donne" in scores
    assert re.findall(r'data-result-seat="\d">([^<]+)</b>', scores) == [render.signed(x) for x in result.tokens]


def test_a_game_whose_terms_pull_both_ways_is_told_as_it_counts_for_the_taker():
    # A garde made by 46 with an announced chelem failed: 46 + 10 - 200, the taker pays 144.
    from types import SimpleNamespace
    from tarot.rules import Contract
    from tarot.traditional import TokenStep
    session = _traditional()
    step = TokenStep("game", seat=0, amount=144, won=False, terms=(46, 10, -200))
    result = SimpleNamespace(token_steps=(step,), made=True, contract=Contract.GARDE,
                             chelem="announced_failed", pots=(50,), petit_au_bout=None)
    lines = render.token_calculation(session.screen(), result)
    assert lines[0] == ("Le jeu, pour le preneur (vous)\u00a0: 46 (réussi de 46) + 10 (garde) "
                        "− 200 (chelem annoncé et chuté) = −144\u00a0; il paie 144 à chaque défenseur")
    # Terms all one way keep the count in the direction of the payment.
    step = TokenStep("game", seat=0, amount=31, won=False, terms=(-21, -10))
    lines = render.token_calculation(session.screen(), SimpleNamespace(
        token_steps=(step,), made=False, contract=Contract.GARDE, chelem=None, pots=(100,), petit_au_bout=None))
    assert lines[0] == "Le jeu\u00a0: 21 (chute de 21) + 10 (garde) = 31, que le preneur (vous) paie à chaque défenseur"


def test_a_redeal_with_traditional_scoring_says_how_the_pot_was_fed():
    session = _passed_out({"traditional_scoring": True})
    page = unescape(html(session))
    assert "Mise\u00a0: 10 par joueur, 20 pour le donneur (Damien)\u00a0: un pot de 50" in page
    tokens = dict(re.findall(r'data-result-seat="(\d)">([^<]*)<', page))  # the stakes, seat by seat
    assert tokens == {"0": "−10", "1": "−10", "2": "−10", "3": "−20"} and "Jetons de la donne" in page


def test_points_rounded_to_ten_are_told_as_the_cards_fell_and_rounded_in_the_count():
    session = run(Session(Settings(players=4, first_deal=1, options={"round_to_ten": True})))
    score = session.deal.result.score
    assert (score.unrounded, score.difference) == (7, 10)
    page = unescape(html(session))
    assert "Chloé (Garde sans) réussit de 7 points." in page
    assert "Réussi de 7, arrondi à 10\u00a0: (25 + 10) × 4 = 140 de chaque défenseur" in page


def test_the_review_of_a_deal_with_pots_and_tokens_ends_on_its_tokens():
    from web.teaching.review import ReviewPanel, render_review
    session = _traditional()
    panel = ReviewPanel.open(session.match.records[-1])  # opens on the deal's last step, its result
    shown = unescape(re.search(r'data-testid="review-result">(.*?)</p>', render_review(panel, "fr")).group(1))
    assert shown == " · ".join(f"{name} {render.signed(x)}"
                               for name, x in zip(("Vous", "Basile", "Chloé", "Damien"), session.deal.result.tokens))


def test_the_person_s_own_misere_is_told_as_theirs():
    session = Session(Settings(players=4, first_deal=15, options={"misere": True}))
    declared = False
    while not session.finished:
        v = session.view()
        if session.bot_to_act() is not None:
            session.bot_step()
        elif v.phase == "bidding":
            assert session.bid("pass")
        else:
            if not declared:
                assert session.declare_misere("atout")  # no trump in this hand
                declared = True
            session.decline_poignee()
            assert session.click_card(str(next(c for c in v.hand if c in session.screen().playable)))
    page = unescape(html(session))
    assert "Votre misère d'atout\u00a0: votre camp gagne, 10 de chaque autre joueur (+30)" in page
    session.settings.lang = "en"
    assert "Your trump misère: your side wins, 10 from every other player (+30)" in unescape(html(session))


def test_the_review_names_the_person_s_own_contract_as_theirs():
    from web.teaching.review import ReviewPanel, render_review
    session = run(Session(Settings(players=4, first_deal=3)))  # the person bids first: a garde contre
    assert session.deal.result.taker == 0
    panel = ReviewPanel.open(session.match.records[-1])
    assert '<p class="review-contract">Votre garde contre</p>' in render_review(panel, "fr")
    assert '<p class="review-contract">Your garde contre</p>' in render_review(panel, "en")


def first_card_of_deal_15() -> Session:
    """Deal 15 at 4 players, the person passing, at the first card: Chloé took a garde."""
    session = Session(Settings(players=4, first_deal=15))
    while session.view().phase != "play" or session.deal.tricks:
        if session.bot_to_act() is not None:
            session.bot_step()
        elif session.view().phase == "bidding":
            assert session.bid("pass")
        else:
            break
    assert session.view().phase == "play" and not session.deal.tricks
    return session


def test_the_live_count_says_no_trick_yet_in_the_singular_in_french():
    session = first_card_of_deal_15()
    page = unescape(html(session))
    assert "0 pli · 0 pts" in page and "Atouts\u00a0: 0 joué," in page
    session.settings.lang = "en"
    page = unescape(html(session))
    assert "0 tricks · 0 pts" in page


def test_a_french_label_keeps_its_colon_on_its_line_and_an_english_one_has_no_space_before_it():
    session = first_card_of_deal_15()
    regions = render.render(session.screen())
    topbar, count = unescape(regions["topbar"]), unescape(regions["count"])
    assert "Preneur\u00a0: Chloé" in topbar and "(Chloé)\u00a0: 0 pli" in count
    for text in (topbar, count):
        assert not re.search(r" [?!:;]", re.sub(r"<[^>]+>", "", text))
    session.settings.lang = "en"
    regions = render.render(session.screen())
    assert "Taker: Chloé" in unescape(regions["topbar"]) and "(Chloé): 0 tricks" in unescape(regions["count"])


def test_french_counts_zero_and_one_in_the_singular_english_only_one():
    from web.draw.labels import singular
    assert [singular(n, "fr") for n in (0, 1, 2)] == [True, True, False]
    assert [singular(n, "en") for n in (0, 1, 2)] == [False, True, False]


def _count_lines(session: Session) -> list[str]:
    page = unescape(html(session))
    return re.findall(r'<p class="result-line[^"]*">(.*?)</p>', page) + re.findall(r"<li>(.*?)</li>", page)


def test_no_bout_is_plural_in_english_and_singular_in_french():
    session = run(Session(Settings(players=4, first_deal=122, lang="en")))
    assert "The attack has 59 points with 0 bouts: it needed 56." in _count_lines(session)
    session.settings.lang = "fr"
    assert "L'attaque a 59 points avec 0 bout\u00a0: il en fallait 56." in _count_lines(session)


def test_a_taker_alone_at_five_players_is_said_to_be_alone():
    session = run(Session(Settings(players=5, first_deal=1012)))
    assert session.deal.result.partner is None
    assert "Le preneur (Damien), seul, reçoit 112 × 4 = 448" in _count_lines(session)


def test_de_elides_before_a_name_with_a_vowel():
    session = run(Session(Settings(players=5, first_deal=1043, options={"misere": True})))
    assert "Misère de têtes d'Élise\u00a0: son camp perd, 10 à chaque autre joueur (−40)" in _count_lines(session)


def test_a_defenders_poignee_under_the_variant_is_said_to_go_to_the_defence():
    session = run(Session(Settings(players=5, first_deal=14, options={"handful_against_taker": True})))
    assert ("Simple poignée (Damien)\u00a0: à la défense, qui gagne ou perd la donne (variante), 20 pour chaque défenseur"
            in _count_lines(session))


def test_the_traditional_count_says_why_petit_au_bout_within_moved_the_target():
    session = run(Session(Settings(players=4, first_deal=145,
                                   options={"traditional_scoring": True, "petit_au_bout_within": True})))
    assert session.deal.result.petit_au_bout == "attack"
    assert ("Petit au bout (attaque)\u00a0: il faut 31 points (variante «\u00a0dans le contrat\u00a0»)"
            in _count_lines(session))


def test_a_purchase_from_you_is_said_with_the_pronoun_before_the_verb():
    from types import SimpleNamespace

    from tarot.traditional import TokenStep
    session = _traditional()
    step = TokenStep("purchase", seat=2, amount=10, other=0)
    lines = render.token_calculation(session.screen(), SimpleNamespace(
        token_steps=(step,), made=True, contract=None, chelem=None, pots=(), petit_au_bout=None))
    assert lines[0] == "Achat\u00a0: le preneur (Chloé) vous paie 10"
    step = TokenStep("purchase", seat=0, amount=10, other=2)
    lines = render.token_calculation(session.screen(), SimpleNamespace(
        token_steps=(step,), made=True, contract=None, chelem=None, pots=(), petit_au_bout=None))
    assert lines[0] == "Achat\u00a0: le preneur (vous) paie 10 à Chloé"


def test_a_save_nested_deeply_is_refused_before_it_is_parsed():
    from web.duplicate.tournament import load_session

    for text in ("[" * 8000 + "]" * 8000, '{"format": "tarot-table", "version": 1, "records": ' + "[" * 8000):
        for read in (Session.from_save, load_session):
            with pytest.raises(SaveError) as refused:
                read(text)
            assert refused.value.reason == "unreadable"


def test_a_history_nested_deeply_or_not_json_is_refused_and_a_damaged_one_reads_as_empty():
    from web.match.history import history_text, load_history, parse_history

    for refused in ("[" * 8000, '{"format": "tarot-history", "matches": ' + "[" * 70 + "]" * 70 + "}", "{"):
        assert parse_history(refused) == []
        with pytest.raises(ValueError):
            load_history(refused)
    assert load_history('{"format": "tarot-history", "version": 9, "matches": []}') == []  # another version's
    assert load_history(None) == [] and load_history(history_text([])) == []


def test_a_kept_match_s_date_is_said_in_the_page_s_language_at_its_own_clock():
    assert date_words("2026-11-28T18:24:05+01:00", "fr") == "28\u00a0nov. 2026, 18\u00a0h\u00a024"
    assert date_words("2026-11-28T18:24:05+01:00", "en") == "Nov 28, 2026, 6:24 PM"
    assert date_words("2026-01-03T00:05:00.000Z", "en") == "Jan 3, 2026, 12:05 AM"
    assert date_words("not a date", "fr") == "not a date"
