"""Card faces drawn by the page: HTML with the suit pips as inline SVG symbols.

The symbols (``#pip-S``, ``#pip-H``, ``#pip-D``, ``#pip-C``, ``#pip-star``) are
defined once in ``index.html``; the styles are in ``web/style.css``.
"""
from __future__ import annotations

from html import escape

from tarot.cards import EXCUSE_ID, FIRST_TRUMP, NOTATION, RANK_OF, SUIT_OF, SUITS
from tarot.i18n import CORNER_WORDS, card_name
from tarot.words import t

SUIT_CLASS = ("spades", "hearts", "diamonds", "clubs")


def pip(suit: int, cls: str = "pip") -> str:
    return f'<svg class="{cls}" aria-hidden="true" focusable="false"><use href="#pip-{SUITS[suit]}"/></svg>'


def _inner(card: int, lang: str) -> str:
    if card == EXCUSE_ID:
        return ('<span class="corner" aria-hidden="true"><span class="rank">★</span></span>'
                '<span class="center" aria-hidden="true">'
                '<svg class="big" aria-hidden="true" focusable="false"><use href="#pip-star"/></svg>'
                f'<span class="word">{escape(t("card_face_excuse", lang))}</span></span>'
                '<span class="corner far" aria-hidden="true"><span class="rank">★</span></span>')
    rank = RANK_OF[card]
    if card >= FIRST_TRUMP:
        return (f'<span class="corner" aria-hidden="true"><span class="rank">{rank}</span></span>'
                f'<span class="center" aria-hidden="true"><span class="number">{rank}</span></span>'
                f'<span class="corner far" aria-hidden="true"><span class="rank">{rank}</span></span>')
    suit = SUIT_OF[card]
    letter = escape(t(CORNER_WORDS[rank], lang)) if rank in CORNER_WORDS else str(rank)
    if rank > 10:
        middle = f'<span class="face-letter">{letter}</span>{pip(suit, "big faded")}'
    else:
        middle = pip(suit, "big")
    return (f'<span class="corner" aria-hidden="true"><span class="rank">{letter}</span>{pip(suit)}</span>'
            f'<span class="center" aria-hidden="true">{middle}</span>'
            f'<span class="corner far" aria-hidden="true"><span class="rank">{letter}</span>{pip(suit)}</span>')


def suit_colour(suit: int) -> str:
    """"red" for hearts and diamonds, "black" for spades and clubs."""
    return "red" if suit in (1, 2) else "black"


def card_classes(card: int) -> str:
    if card == EXCUSE_ID:
        return "card excuse bout"
    if card >= FIRST_TRUMP:
        bout = " bout" if RANK_OF[card] in (1, 21) else ""
        return "card trump" + bout
    suit = SUIT_OF[card]
    face = " face" if RANK_OF[card] > 10 else ""
    return f"card {SUIT_CLASS[suit]} {suit_colour(suit)}{face}"


def card_html(card: int, lang: str = "fr", *, extra: str = "", size: str = "", label: str = "") -> str:
    """A card shown on the table (not a button): an image with the card's name (or ``label``)."""
    cls = card_classes(card) + (f" {size}" if size else "") + (f" {extra}" if extra else "")
    name = escape(label or card_name(card, lang))
    return (f'<span class="{cls}" data-card="{NOTATION[card]}" role="img" aria-label="{name}" '
            f'title="{name}">{_inner(card, lang)}</span>')


def card_button(card: int, lang: str = "fr", *, disabled: bool = False, pressed: bool | None = None,
                extra: str = "", attrs: str = "") -> str:
    """One of the person's cards: a button named after the card."""
    notation = NOTATION[card]
    cls = card_classes(card) + (f" {extra}" if extra else "")
    name = escape(card_name(card, lang))
    state = ' aria-disabled="true"' if disabled else ""
    if pressed is not None:
        state += f' aria-pressed="{"true" if pressed else "false"}"'
    return (f'<button type="button" id="card-{notation}" class="{cls}" data-card="{notation}" '
            f'data-hand="1" aria-label="{name}"{state}{attrs}>{_inner(card, lang)}</button>')


def card_back(extra: str = "") -> str:
    return f'<span class="card back{(" " + extra) if extra else ""}" aria-hidden="true"></span>'
