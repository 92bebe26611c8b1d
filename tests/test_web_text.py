"""The text mode (web.text): cards named as typed, commands that act through the page's handlers, the
live region's announcements and the deal's log, drawn from the screen alone."""
from __future__ import annotations

import re

import pytest

from tarot.actions import BIDS
from tarot.cards import parse_card
from tarot.i18n import card_name
from tarot.state import Phase
from web.browser.params import parse_params
from web.browser.storage import Store
from web.draw.render import render
from web.match.page import TEXT_MODE_KEY, PageState
from web.match.session import Session, Settings
from web.text.commands import command_of, cycle, run_command
from web.text.names import cards_named
from web.text.textview import announcement, choices, log_lines
from web.text.transcript import KEEP, Transcript

from .helpers import bid_until, deal_with, play, to_play
from .test_web_page import MemoryStorage


def _text_page(query: str = "?mode=texte", storage: MemoryStorage | None = None) -> PageState:
    return PageState(parse_params(query, ""), Store(storage if storage is not None else MemoryStorage(), lambda text: None))


def _at(deal, lang: str = "fr") -> PageState:
    """A text page whose table is ``deal``."""
    state = _text_page(f"?mode=texte&lang={lang}")
    state.session = Session(Settings(players=deal.rules.players, lang=lang), deal=deal)
    return state


def _playing(players: int, number: int) -> PageState:
    """A text page on a new game, as the command "nouvelle PLAYERS NUMBER" asks it."""
    state = _text_page()
    choice = run_command(state, f"nouvelle {players} {number}").setup
    assert choice is not None
    state.start(choice, confirmed=True)
    return state


def _play_out(state: PageState) -> None:
    """The deal on the table played to its end: the bots by themselves, the person by typing the first choice."""
    session = state.session
    while not session.finished:
        if session.bot_to_act() is not None:
            session.bot_step()
        else:
            run_command(state, choices(state.screen())[0])


def _said(state: PageState) -> str:
    return announcement(state.screen()).replace("\u00a0", " ")


def _named(text: str) -> list[str]:
    return [str(c) for c in cards_named(text)]


# ------------------------------------------------------------------ card names
@pytest.mark.parametrize("typed", ["roi cœur", "Roi de Cœur", "roi coeur", "king of hearts", "KH", "kh", "coeur roi"])
def test_a_card_is_named_in_either_language_or_by_its_notation(typed):
    assert _named(typed) == ["KH"]


@pytest.mark.parametrize(("typed", "card"), [("21", "T21"), ("21 d'atout", "T21"), ("atout 21", "T21"), ("petit", "T1"),
                                             ("excuse", "EX"), ("10h", "10H"), ("cavalier pique", "NS")])
def test_trumps_the_petit_the_excuse_and_the_honours_are_named(typed, card):
    assert _named(typed) == [card]


def test_a_rank_alone_names_every_card_of_that_rank_a_number_the_trump_too():
    assert _named("roi") == ["KS", "KH", "KD", "KC"]
    assert _named("7") == ["7S", "7H", "7D", "7C", "T7"]


def test_words_that_name_no_card_name_none():
    assert _named("bonjour") == [] and _named("roi lune") == [] and _named("") == []


# -------------------------------------------------------------------- commands
def test_a_command_is_read_in_the_page_language_then_in_the_other():
    assert command_of("m", "fr") == ("hand", "")
    assert command_of("h", "en") == ("hand", "")
    assert command_of("main", "en") == ("hand", "")  # a French word on an English page
    assert command_of("reste coeur", "fr") == ("out", "coeur")


def test_a_card_is_played_by_its_name_and_said_in_the_live_region():
    deal = to_play(deal_with({0: "KH 7H 2S"}))
    state = _at(deal)
    run_command(state, "roi coeur")
    assert deal.history[-1][1].card == parse_card("KH")
    assert _said(state).startswith("Vous jouez le Roi de cœur.")


def test_a_rank_alone_plays_the_only_card_of_that_rank_that_may_be_played():
    deal = to_play(deal_with({0: "KH 7H 2S", 3: "3H"}, dealer=2), taker=1)
    play(deal, "3H")  # seat 3 leads a heart
    state = _at(deal)
    asked = _said(state).split("À vous de jouer sur le 3 de cœur : ")[1]
    assert "Roi de cœur" in asked and "7 de cœur" in asked and "pique" not in asked  # hearts only
    run_command(state, "7")
    assert deal.history[-1][1].card == parse_card("7H")  # not the 7 of trumps: not in the hand


def test_a_name_that_fits_several_cards_that_may_be_played_asks_which():
    deal = to_play(deal_with({0: "KH KS 2S"}))
    state = _at(deal)
    steps = len(deal.history)
    run_command(state, "roi")
    assert len(deal.history) == steps
    assert _said(state).startswith("« roi » : plusieurs cartes possibles, Roi de pique, Roi de cœur.")


def test_a_card_the_rules_refuse_is_refused_with_the_engine_s_reason_the_deal_as_it_was():
    deal = to_play(deal_with({0: "KH 7H 2S", 3: "3H"}, dealer=2), taker=1)
    play(deal, "3H")
    state = _at(deal)
    steps = len(deal.history)
    run_command(state, "2S")
    assert len(deal.history) == steps
    said = _said(state)
    assert "cœur" in said.split(".")[0] and "À vous de jouer" in said  # why not, then what is asked again


def test_enter_alone_plays_the_only_card_that_may_be_played():
    deal = to_play(deal_with({0: "KH 2S 3S", 3: "3H"}, dealer=2, voids={0: "H"}), taker=1)
    play(deal, "3H")
    state = _at(deal)
    assert "une seule carte possible, Roi de cœur. Entrée pour la jouer." in _said(state)
    run_command(state, "")
    assert deal.history[-1][1].card == parse_card("KH")


def test_a_question_changes_nothing_and_is_answered_from_the_table_as_it_is():
    deal = to_play(deal_with({0: "KH 7H 2S"}))
    state = _at(deal)
    steps = len(deal.history)
    run_command(state, "m")
    assert len(deal.history) == steps
    said = _said(state)
    assert said.startswith("Votre main : atout :") and "cœur : Roi de cœur" in said and "7 de cœur" in said
    run_command(state, "reste pique")
    assert _said(state).startswith("Encore dehors à pique :") and "2 de pique" not in _said(state)
    run_command(state, "contrat")
    assert _said(state).startswith("Prise de vous.")


def test_repeat_says_the_announcement_again_as_a_new_one():
    deal = to_play(deal_with({0: "KH 7H 2S"}))
    state = _at(deal)
    run_command(state, "xyz")
    first, count = _said(state), state.screen().commands
    run_command(state, "r")
    assert _said(state) == first == "« xyz » : je ne connais pas cette commande. Tapez ? pour l'aide."
    assert state.screen().commands == count + 1  # the live region's paragraph changes: it is said again


def test_the_arrows_go_through_what_may_be_typed_now():
    deal = deal_with({0: "KH 7H 2S"})
    state = _at(deal)
    assert choices(state.screen()) == ["passe", "prise", "garde", "garde sans", "garde contre"]
    assert cycle(state, "", 1) == "passe" and _said(state) == "passe"
    assert cycle(state, "passe", 1) == "prise"
    assert cycle(state, "passe", -1) == "garde contre"


def test_the_ecart_is_chosen_by_name_with_the_count_still_to_choose():
    deal = deal_with({0: "KH 7H 2S 3S 4S 5S 6S"}, chien="8S 9S 10S 2C 3C 4C")
    bid_until(deal, 0, "prise")
    while deal.phase is Phase.BIDDING:
        deal.apply(BIDS["pass"])
    state = _at(deal)
    assert deal.phase is Phase.ECART
    assert "Votre écart : encore 6 sur 6 à choisir" in _said(state)
    for card in ("2S", "3S", "4S", "5S", "6S"):
        run_command(state, card)
    assert "encore 1 sur 6 à choisir" in _said(state) and "Choisies :" in _said(state)
    run_command(state, "roi coeur")  # a king may not go in the écart: the engine says why
    assert "roi" in _said(state).lower() and "encore 1 sur 6" in _said(state)
    run_command(state, "7H")
    assert _said(state).startswith("Votre écart est choisi")
    run_command(state, "valider")
    assert deal.phase is not Phase.ECART


def test_a_bid_out_of_its_time_changes_nothing():
    deal = to_play(deal_with({0: "KH 7H 2S"}))
    state = _at(deal)
    run_command(state, "garde")
    assert _said(state) == "« garde » : rien à faire de cela maintenant."


def test_a_new_game_is_asked_with_its_players_its_deal_or_a_duplicate():
    state = _text_page()
    outcome = run_command(state, "nouvelle 5 1234")
    assert outcome.setup is not None and outcome.setup.players == 5 and outcome.setup.deal == "1234"
    assert run_command(state, "new 4 duplicate").setup.duplicate == 4


# ------------------------------------------------------------- whole deals, said
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_whole_deal_is_played_through_the_command_box_alone(players):
    state = _playing(players, 31)
    session = state.session
    commands = 0
    while not session.finished:
        if session.bot_to_act() is not None:
            session.bot_step()
            continue
        options = choices(state.screen())
        assert options, _said(state)
        run_command(state, options[0])
        commands += 1
        assert commands < 60
    lines = [x.replace("\u00a0", " ") for x in log_lines(state.screen())]
    if session.deal.result.redeal is None:
        assert sum(1 for x in lines if re.match(r"Pli \d+ :", x)) == {3: 24, 4: 18, 5: 15}[players]
        assert "=" in lines[-1]  # the count, written out
    assert _said(state).endswith("Tapez « suivante » pour la donne suivante.")


def test_the_text_never_names_a_card_hidden_from_the_person():
    state = _playing(4, 8)
    session = state.session
    while not session.finished:
        view = session.view()
        seen = set(view.hand) | {c for _, cards, _ in view.tricks for c in cards} | set(view.trick) | set(view.chien) \
            | set(view.ecart) | {c for _, _, cards in view.poignees for c in cards}
        hidden = [c for seat in range(1, 4) for c in session.deal.hand(seat) if c not in seen]
        text = (render(state.screen())["text"] + announcement(state.screen())).replace("&#x27;", "'")
        for c in hidden:
            assert not re.search(rf"(?<![\d\w]){re.escape(card_name(c, 'fr'))}", text), card_name(c, "fr")
        if session.bot_to_act() is not None:
            session.bot_step()
        else:
            run_command(state, choices(state.screen())[0])


# ------------------------------------------------------------- the page's mode
def test_mode_texte_is_kept_in_the_browser_until_mode_graphique():
    storage = MemoryStorage()
    assert _text_page("?mode=texte", storage).text_mode and storage.items[TEXT_MODE_KEY] == "1"
    assert _text_page("", storage).text_mode
    assert not _text_page("?mode=graphique", storage).text_mode and TEXT_MODE_KEY not in storage.items


def test_the_text_mode_draws_the_text_and_leaves_the_drawn_table_empty():
    regions = render(_text_page().screen())
    assert regions["felt"] == regions["hand"] == regions["panel"] == ""
    assert 'role="log"' in regions["text"] and 'href="?mode=graphique"' in regions["modelink"]
    drawn = render(_text_page("?mode=graphique").screen())
    assert drawn["text"] == drawn["announce"] == "" and 'href="?mode=texte"' in drawn["modelink"]


def test_the_command_graphique_leaves_the_text_mode():
    storage = MemoryStorage()
    state = _text_page("?mode=texte", storage)
    run_command(state, "graphique")
    assert not state.text_mode and TEXT_MODE_KEY not in storage.items


def test_the_review_is_said_step_by_step():
    state = _playing(4, 31)
    _play_out(state)
    run_command(state, "revue")
    first = _said(state)
    assert first.startswith("Revue, étape 0 sur ")  # the deal as dealt, as the review numbers its steps
    run_command(state, "suivant")
    assert _said(state).startswith("Revue, étape 1 sur ")
    run_command(state, "précédent")
    assert _said(state) == first
    run_command(state, "fermer")
    assert state.extras.review is None


# ------------------------------------------------------------- every phase
def test_a_poignee_is_shown_by_its_size_then_confirmed():
    deal = to_play(deal_with({0: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 KH"}))
    state = _at(deal)
    assert "Vous pouvez montrer une poignée : simple poignée" in _said(state)
    run_command(state, "simple")
    assert _said(state).startswith("Simple poignée : ")
    run_command(state, "valider")
    assert deal.poignees and deal.poignees[0][0] == 0
    assert _said(state).startswith("Vous montrez une simple poignée")


def test_no_poignee_is_said_no():
    deal = to_play(deal_with({0: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 KH"}))
    state = _at(deal)
    run_command(state, "non")
    assert "poignée" not in _said(state) and "À vous d'entamer" in _said(state)


def test_the_chelem_is_asked_and_declined_by_command():
    deal = deal_with({0: "KH 7H 2S"})
    bid_until(deal, 0, "garde_sans")
    while deal.phase is Phase.BIDDING:
        deal.apply(BIDS["pass"])
    state = _at(deal)
    assert deal.phase is Phase.CHELEM and "Annoncez-vous le chelem ?" in _said(state)
    run_command(state, "non")
    assert deal.phase is Phase.PLAY and not deal.chelem_announced


def test_a_misere_is_declared_by_its_name():
    deal = to_play(deal_with({0: "KH 7H 2S"}, voids={0: "T"}, misere=True), taker=1)
    state = _at(deal)
    assert "Vous pouvez annoncer : misère d'atout" in _said(state)
    run_command(state, "misère d'atout")
    assert deal.miseres == [(0, "atout")]


def test_a_duplicate_tournament_is_started_and_its_deal_played_by_command():
    state = _text_page()
    choice = run_command(state, "nouvelle 4 duplicate").setup
    state.start(choice, confirmed=True)
    _play_out(state)
    text = render(state.screen())["text"]
    assert 'data-testid="reference-result"' in text  # the Expert's score on these cards, as the drawn page says it


# ------------------------------------------------------------- the live region
def test_each_announcement_is_added_after_the_others_and_the_last_few_are_kept():
    heard = Transcript()
    assert heard.hear("Basile passe.", (1, 1, 0))
    assert not heard.hear("Basile passe.", (1, 1, 0))  # the page drawn again: nothing new to say
    assert heard.hear("Basile passe.", (1, 1, 1))  # a command repeated: said again
    for step in range(2, 12):
        heard.hear(f"step {step}", (1, step, 1))
    assert len(heard.said) == KEEP and heard.said[-1] == (12, "step 11")


def test_a_command_of_any_length_or_character_changes_nothing_and_says_so():
    deal = to_play(deal_with({0: "KH 7H 2S"}))
    state = _at(deal)
    steps = len(deal.history)
    for typed in ("x" * 10_000, "<script>alert(1)</script>", "\u0000\u202e", "🂡 ♥", "roi roi roi coeur"):
        run_command(state, typed)
        assert len(deal.history) == steps
        assert _said(state).startswith("« ") and len(_said(state)) < 200
    assert "<script>" not in render(state.screen())["text"]


def test_the_hint_and_the_why_are_said_without_the_buttons_around_them():
    state = _playing(4, 777)
    session = state.session
    while session.bot_to_act() is not None:
        session.bot_step()
    run_command(state, "indice")
    hint = _said(state)
    assert hint.startswith("Conseil : ") and "Pourquoi" not in hint
    run_command(state, "pourquoi")
    assert "Le livre, à la place de" in _said(state)


def test_a_link_s_game_waits_in_the_new_game_form_and_the_text_says_how_to_start_it():
    state = _text_page("?mode=texte&players=5")
    assert state.session.ui.setup_open
    said = _said(state)
    assert "Le formulaire de nouvelle partie est ouvert" in said and "« commencer »" in said
    outcome = run_command(state, "commencer")  # the form's button, by its label
    assert outcome.submit == "setup-form"
