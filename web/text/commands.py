"""The text mode's command box: what a typed command does.

A command is, in this order: one of :data:`COMMAND_WORDS` (its words in the catalogues, ``cmd_NAME``:
"main, m", "hand, h"), a bid by its name ("garde sans"), a poignée or a misère by its name, a card
by its name (:mod:`web.text.names`: to play, to call, to choose for the écart or the poignée), or
the label of a button the page shows ("Donne suivante", "Problème suivant"): every decision goes
through the same handlers as a click (:mod:`web.match.clicks`), so the engine is asked once and
says why not.  A question ("main", "pli", "reste cœur") changes nothing: its answer is kept in
``Ui.reply`` and said by the live region (:mod:`web.text.textview`).  The words of the page's
language are tried first, then those of the other languages offered."""
from __future__ import annotations

from dataclasses import dataclass

from tarot.actions import BIDS, Call
from tarot.cards import Card
from tarot.i18n import card_name, contract_name, poignee_name
from tarot.words import LANGS, PSEUDO, PSEUDO_SOURCE, t

from ..draw.dialogs import render_overlay
from ..draw.felt import render_notice, render_topbar
from ..draw.panel import render_hand, render_panel
from ..draw.sheet import render_side
from ..match.clicks import NOTHING, SAVE, Clicked, Outcome, click, click_key
from ..match.page import PageState, SetupChoice
from ..match.screen import Screen
from ..teaching.teachview import render_teaching
from .names import SUITS, cards_named, normalized, words
from .plain import Button, buttons
from .textview import choices, help_text

# Every command, in the order the help says them: the catalogue keys of its words ("main, m") and of what it does.
COMMAND_WORDS = {
    "help": ("cmd_help", "cmd_help_what"),
    "now": ("cmd_now", "cmd_now_what"),
    "hand": ("cmd_hand", "cmd_hand_what"),
    "trick": ("cmd_trick", "cmd_trick_what"),
    "lead": ("cmd_lead", "cmd_lead_what"),
    "points": ("cmd_points", "cmd_points_what"),
    "out": ("cmd_out", "cmd_out_what"),
    "contract": ("cmd_contract", "cmd_contract_what"),
    "score": ("cmd_score", "cmd_score_what"),
    "log": ("cmd_log", "cmd_log_what"),
    "repeat": ("cmd_repeat", "cmd_repeat_what"),
    "hint": ("cmd_hint", "cmd_hint_what"),
    "why": ("cmd_why", "cmd_why_what"),
    "next": ("cmd_next", "cmd_next_what"),
    "prev": ("cmd_prev", "cmd_prev_what"),
    "confirm": ("cmd_confirm", "cmd_confirm_what"),
    "cancel": ("cmd_cancel", "cmd_cancel_what"),
    "no": ("cmd_no", "cmd_no_what"),
    "chelem": ("cmd_chelem", "cmd_chelem_what"),
    "undo": ("cmd_undo", "cmd_undo_what"),
    "review": ("cmd_review", "cmd_review_what"),
    "close": ("cmd_close", "cmd_close_what"),
    "new": ("cmd_new", "cmd_new_what"),
    "buttons": ("cmd_buttons", "cmd_buttons_what"),
    "graphic": ("cmd_graphic", "cmd_graphic_what"),
}
# A command that moves something on: the buttons it presses, the first the page shows.
PRESSES = {
    "next": ("review-next", "step-next", "puzzle-next", "mistakes-next", "next-deal"),
    "prev": ("review-prev", "step-prev"),
    "confirm": ("confirm-ecart", "declare-poignee"),
    "cancel": ("cancel-poignee", "cancel-setup", "keep-match"),
    "no": ("no-chelem", "no-poignee", "no-call"),
    "chelem": ("announce-chelem",),
    "undo": ("undo",),
    "review": ("review-deal",),
    "close": ("review-close", "close-tricks", "close-settings", "close-history", "import-close", "cancel-setup"),
    "hint": ("hint",),
    "why": ("why",),
}
QUESTIONS = frozenset(("hand", "trick", "lead", "points", "out", "contract", "score", "log"))
DUPLICATE_WORD = "duplicate"  # a word of the game in both languages: "nouvelle 4 duplicate"


@dataclass(frozen=True)
class Typed:
    """A command as typed: its words (normalized), and as typed (said back in an answer)."""

    said: str
    text: str


def _langs(lang: str) -> list[str]:
    first = PSEUDO_SOURCE if lang == PSEUDO else lang
    return [first, *(other for other in LANGS if other != first)]


def command_of(said: str, lang: str) -> tuple[str, str] | None:
    """The command ``said`` names and what follows its words ("reste coeur": ``("out", "coeur")``)."""
    for language in _langs(lang):
        best: tuple[int, str, str] | None = None
        for name, (key, _) in COMMAND_WORDS.items():
            for word in (normalized(w) for w in t(key, language).split(",")):
                if said == word or said.startswith(word + " "):
                    if best is None or len(word) > best[0]:
                        best = (len(word), name, said[len(word):].strip())
        if best is not None:
            return best[1], best[2]
    return None


def drawn_buttons(screen: Screen) -> list[Button]:
    """Every button the drawn page would show now, in its order: what a command may press."""
    regions = (render_notice(screen), render_overlay(screen), render_teaching(screen.teaching), render_panel(screen),
               render_hand(screen), render_topbar(screen), render_side(screen))
    return [b for html in regions for b in buttons(html)]


def run_command(state: PageState, text: str) -> Outcome:
    """Do what the typed ``text`` says (see the module docstring); the answer goes to ``Ui.reply``."""
    session = state.session
    ui = session.ui
    state.commands += 1  # said again even when it says the same (web.text.textview)
    typed = Typed(normalized(text), " ".join(text.split())[:60])
    if _repeats(state, typed):
        return NOTHING
    step = len(session.deal.history)
    ui.reply = None
    ui.message = None
    outcome = _run(state, state.screen(), typed)
    session = state.session  # an exercise or a puzzle may have taken the table
    if session.ui.reply is None and len(session.deal.history) == step and state.extras.review is None:
        session.ui.reply = ("now", {})  # nothing happened at the table: say what is asked, not the last event again
    return outcome


def cycle(state: PageState, typed: str, delta: int) -> str:
    """The arrows in the command box: the next (``delta`` 1) or the previous (-1) of what may be typed
    now, after ``typed``; said in the live region too, and returned to fill the box."""
    options = choices(state.screen())
    if not options:
        return typed
    at = options.index(typed) if typed in options else (-1 if delta > 0 else 0)
    option = options[(at + delta) % len(options)]
    state.commands += 1
    state.session.ui.reply = ("said", {"text": option})
    return option


def _repeats(state: PageState, typed: Typed) -> bool:
    """"répéter", or Enter in an empty box with no card to play at once: the announcement again."""
    found = command_of(typed.said, state.session.settings.lang) if typed.said else None
    if found is not None and found[0] == "repeat":
        return True
    return not typed.said and _forced(state.screen()) is None


def _forced(screen: Screen) -> Card | None:
    """The only card the person may play now, if there is only one."""
    view = screen.view
    playable = [c for c in view.hand if c in screen.playable]
    if view.phase == "play" and view.to_act == 0 and screen.poignee_size is None and len(playable) == 1:
        return playable[0]
    return None


def _run(state: PageState, screen: Screen, typed: Typed) -> Outcome:
    lang = screen.lang
    forced = _forced(screen)
    if not typed.said and forced is not None:  # Enter plays the only card that may be played
        return click(state, "card", _clicked({"data-card": str(forced)}))
    found = command_of(typed.said, lang)
    if found is not None:
        name, rest = found
        return _command(state, screen, name, rest, typed)
    for attempt in (_bid, _declaration, _card):
        outcome = attempt(state, screen, typed)
        if outcome is not None:
            return outcome
    button = _button_named(screen, typed.said)
    if button is not None:
        return _press(state, button)
    state.session.ui.reply = ("unknown", {"text": typed.text})
    return NOTHING


def _command(state: PageState, screen: Screen, name: str, rest: str, typed: Typed) -> Outcome:
    ui = state.session.ui
    if name == "now":
        ui.reply = ("now", {})
        return NOTHING
    if name in QUESTIONS:
        ui.reply = (name, _question_params(name, rest))
        return NOTHING
    if name == "help":
        ui.reply = ("said", {"text": help_text(screen.lang, tuple(COMMAND_WORDS.values()))})
        return NOTHING
    if name == "buttons":
        labels = [b.label for b in drawn_buttons(screen) if b.label]
        ui.reply = ("said", {"text": t("text_buttons", screen.lang, buttons=", ".join(dict.fromkeys(labels)))})
        return NOTHING
    if name == "graphic":
        state.set_text_mode(False)
        return SAVE
    if name == "new":
        return _new_game(state, screen, rest)
    for action in PRESSES.get(name, ()):
        button = next((b for b in drawn_buttons(screen) if b.attribute("data-action") == action), None)
        if button is not None:
            outcome = _press(state, button)
            if action in ("hint", "why"):
                state.session.ui.reply = (action, {})
            return outcome
    ui.reply = ("not_now", {"text": typed.text})
    return NOTHING


def _question_params(name: str, rest: str) -> dict[str, str]:
    if name != "out" or not rest:
        return {}
    said = words(rest)
    suit = SUITS.get(said[0]) if said else None
    return {} if suit is None else {"suit": str(suit)}


def _new_game(state: PageState, screen: Screen, rest: str) -> Outcome:
    settings = state.session.settings
    numbers = [w for w in rest.split() if w.isdigit()]
    players = int(numbers.pop(0)) if numbers and numbers[0] in ("3", "4", "5") else settings.players
    duplicate = 4 if DUPLICATE_WORD in rest.split() else 0
    choice = SetupChoice(players=players, level=settings.level, options=dict(settings.options), lang=settings.lang,
                         deal=numbers[0] if numbers else "", name=settings.name, duplicate=duplicate)
    return Outcome(setup=choice)


def _bid(state: PageState, screen: Screen, typed: Typed) -> Outcome | None:
    codes = {normalized(name): code for code in BIDS
             for name in (code.replace("_", " "), *(contract_name(code, lang) for lang in LANGS))}
    code = codes.get(typed.said)
    if code is None:
        return None
    if screen.view.phase != "bidding":
        state.session.ui.reply = ("not_now", {"text": typed.text})
        return NOTHING
    return click(state, "bid", _clicked({"data-bid": code}))


def _declaration(state: PageState, screen: Screen, typed: Typed) -> Outcome | None:
    """A poignée by its size ("poignée simple", "simple") or a misère by its name."""
    said = set(typed.said.split()) - {"poignee", "handful"}
    for size, _ in screen.poignee_offers:
        names = {normalized(poignee_name(size, lang)) for lang in LANGS} | {size}
        if typed.said in names or said == {size}:
            return click(state, "choose-poignee", _clicked({"data-size": size}))
    for kind in screen.misere_offers:
        if typed.said in {normalized(t(f"misere_{kind}", lang)) for lang in LANGS}:
            return click(state, "declare-misere", _clicked({"data-kind": kind}))
    return None


def _card(state: PageState, screen: Screen, typed: Typed) -> Outcome | None:
    named = cards_named(typed.said)
    if not named:
        return None
    view, ui = screen.view, state.session.ui
    if view.to_act != 0 or view.phase not in ("calling", "ecart", "play", "purchase"):
        ui.reply = ("not_now", {"text": typed.text})
        return NOTHING
    if view.phase == "calling":
        choosable = [a.card for a in view.legal if isinstance(a, Call) and a.card is not None]
        held = [c for c in named if c in choosable]
    else:
        choosable = [c for c in view.hand if c in screen.playable or c in screen.selected]
        held = [c for c in named if c in view.hand]
    chosen = [c for c in named if c in choosable]
    if len(chosen) > 1:
        ui.reply = ("ambiguous", {"text": typed.text, "cards": ", ".join(card_name(c, screen.lang) for c in chosen)})
        return NOTHING
    card = chosen[0] if chosen else held[0] if len(held) == 1 else named[0] if len(named) == 1 else None
    if card is None:  # "roi" without a king: the engine cannot say which card was meant
        ui.reply = ("none_held", {"text": typed.text})
        return NOTHING
    if view.phase == "calling":
        return click(state, "call", _clicked({"data-call": str(card)}))
    return click(state, "card", _clicked({"data-card": str(card)}))


def _button_named(screen: Screen, said: str) -> Button | None:
    return next((b for b in drawn_buttons(screen) if b.label and normalized(b.label) == said), None)


def _clicked(attributes: dict[str, str]) -> Clicked:
    """A click's attributes, as a handler reads them."""
    return lambda name: attributes.get(name)


def _press(state: PageState, button: Button) -> Outcome:
    """A button pressed by its name, as a click on it; the new-game form's *Commencer* starts
    the game as the form is filled in."""
    get = button.attribute
    if get("data-action") == "start":
        return Outcome(submit="setup-form")
    key = click_key(get("data-action"), get("data-bid"), get("data-hand"))
    return NOTHING if key is None else click(state, key, get)

