"""What every region of the page writes alike: a seat's name, a contract, a button, a
refusal or a page note, one thing that happened."""
from __future__ import annotations

from html import escape
from typing import Any

from tarot.errors import IllegalAction, Invalid, refusal_words
from tarot.i18n import card_with_article, contract_name, poignee_name
from tarot.words import t

from .labels import seat_name
from ..match.screen import Screen


def player_name(screen: Screen, seat: int | None) -> str:
    """A seat's name as the whole page writes it: the person's own name when one is set."""
    if seat is None:
        return "—"
    if seat == 0 and screen.settings.name:
        return screen.settings.name
    return seat_name(seat, screen.lang)


def player_name_within(screen: Screen, seat: int | None) -> str:
    """:func:`player_name` inside a sentence: "gagné par vous", "le preneur (vous)"."""
    name = player_name(screen, seat)
    return name.lower() if seat == 0 and not screen.settings.name else name


def contract_words(code: str | None, lang: str) -> str:
    """A contract's name ("Garde"), or a bid's ("Passe")."""
    return contract_name(code or "", lang)


# Keys chosen at run time, each spelt out (tests/test_words.py finds every key the code names).
YOU_WORDS = {  # what happened, said to the person: "Vous jouez", not "Vous joue"
    "bids": "bids_you", "passes": "passes_you", "calls": "calls_you", "ecart_made": "ecart_made_you",
    "taker_takes_chien": "taker_takes_chien_you", "chelem_announced": "chelem_announced_you",
    "poignee_shown": "poignee_shown_you", "misere_declared": "misere_declared_you", "plays": "plays_you",
    "trick_won": "trick_won_you", "purchase_made": "purchase_made_you", "petit_sec_shown": "petit_sec_shown_you",
}
SAVE_WORDS = {"version": "save_version", "unreadable": "save_unreadable"}  # why a save was not resumed


def button(label: str, *, action: str = "", bid: str = "", extra_attrs: str = "", cls: str = "btn",
           ident: str = "", disabled: bool = False) -> str:
    """A button of the table: ``data-action`` (or ``data-bid``) says what a click does."""
    attrs = ""
    if action:
        attrs += f' data-action="{action}"'
    if bid:
        attrs += f' data-bid="{bid}"'
    if ident:
        attrs += f' id="{ident}"'
    if disabled:
        attrs += ' aria-disabled="true"'
    return f'<button type="button" class="{cls}"{attrs}{extra_attrs}>{escape(label)}</button>'


def explain(message: object, screen: Screen) -> str:
    """A refusal or page note, in the screen's language."""
    lang = screen.lang
    if message is None:
        return ""
    if isinstance(message, IllegalAction):
        if message.code == "not_your_turn":
            expected = message.params.get("expected")
            return t("not_your_turn_now", lang, name=player_name(screen, expected if isinstance(expected, int) else None))
        return message.explain(lang)
    if not isinstance(message, tuple):
        return ""
    key, params = message
    if key == "save_damaged":
        return t(key, lang, reason=_save_words(params, lang))
    return t(key, lang, **params)


def _save_words(params: dict[str, Any], lang: str) -> str:
    """Why a save was not resumed: a deal in it that the engine refuses is said by its refusal."""
    reason = t(SAVE_WORDS.get(params.get("reason", ""), "save_unreadable"), lang)
    cause = params.get("cause")
    if isinstance(cause, (IllegalAction, Invalid)):
        return t("save_unreadable_because", lang, reason=reason, why=refusal_words(cause, lang))
    return reason


def event_text(event: tuple[str, dict[str, Any]], screen: Screen) -> str:
    """One thing that happened, in words; the person's own name when one is set."""
    key, p = event
    lang = screen.lang
    if key == "bids" and p.get("bid") == "pass":
        key = "passes"
    if p.get("seat") == 0 and key in YOU_WORDS and not screen.settings.name:
        key = YOU_WORDS[key]  # "Vous jouez", not "Vous joue"
    words: dict[str, str] = {}
    for k, v in p.items():
        if k == "seat":
            words["name"] = player_name(screen, v)
        elif k == "card":
            words["card"] = card_with_article(v, lang)  # "Chloé joue le Valet de cœur."
        elif k == "bid":
            words["bid"] = contract_words(v, lang).lower()
        elif k == "size":
            words["size"] = poignee_name(v, lang).lower()
        elif k == "kind":
            words["kind"] = t(f"misere_{v}", lang).lower()
    return t(key, lang, **words)


def teach_button(label: str, action: str, *, disabled: bool = False, pressed: bool | None = None,
                 title: str = "", short: str = "", attrs: str = "") -> str:
    """A teaching button (web.teaching.teachview); ``short``: its words on a phone; ``attrs``: more
    attributes, written as they are."""
    attrs = f' data-action="{action}"{attrs}'
    if disabled:
        attrs += ' aria-disabled="true" disabled'
    if pressed is not None:
        attrs += f' aria-expanded="{"true" if pressed else "false"}"'
    if title:
        attrs += f' title="{escape(title)}"'
    words = f'<span class="long">{escape(label)}</span><span class="short">{escape(short)}</span>' if short \
        else escape(label)
    return f'<button type="button" class="btn ghost teach"{attrs}>{words}</button>'
