"""What every region of the page writes alike: a seat's name, a contract, a button, a
refusal or a page note, one thing that happened."""
from __future__ import annotations

from html import escape
from typing import Any

from tarot.errors import IllegalAction
from tarot.i18n import CONTRACT_NAMES, POIGNEE_NAMES as POIGNEE_WORDS, card_with_article

from .labels import TEXT, seat_name, t
from .screen import Screen


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
    return CONTRACT_NAMES[lang].get(code or "", code or "")


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
        return t(key, lang, reason=t("save_" + params.get("reason", "unreadable"), lang))
    return t(key, lang, **params)


def event_text(event: tuple[str, dict[str, Any]], screen: Screen) -> str:
    """One thing that happened, in words; the person's own name when one is set."""
    key, p = event
    lang = screen.lang
    if key == "bids" and p.get("bid") == "pass":
        key = "passes"
    if p.get("seat") == 0 and key + "_you" in TEXT and not screen.settings.name:
        key += "_you"  # "Vous jouez", not "Vous joue"
    words: dict[str, str] = {}
    for k, v in p.items():
        if k == "seat":
            words["name"] = player_name(screen, v)
        elif k == "card":
            words["card"] = card_with_article(v, lang)  # "Chloé joue le Valet de cœur."
        elif k == "bid":
            words["bid"] = contract_words(v, lang).lower()
        elif k == "size":
            words["size"] = POIGNEE_WORDS[lang][v].lower()
        elif k == "kind":
            words["kind"] = t(f"misere_{v}", lang).lower()
    return t(key, lang, **words)


def teach_button(label: str, action: str, *, disabled: bool = False, pressed: bool | None = None,
                 title: str = "", short: str = "") -> str:
    """A teaching button (web.teachview); ``short``: its words on a phone."""
    attrs = f' data-action="{action}"'
    if disabled:
        attrs += ' aria-disabled="true" disabled'
    if pressed is not None:
        attrs += f' aria-expanded="{"true" if pressed else "false"}"'
    if title:
        attrs += f' title="{escape(title)}"'
    words = f'<span class="long">{escape(label)}</span><span class="short">{escape(short)}</span>' if short \
        else escape(label)
    return f'<button type="button" class="btn ghost teach"{attrs}>{words}</button>'
