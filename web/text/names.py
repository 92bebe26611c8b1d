"""Cards named as a player types them in the text mode's command box: "roi cœur", "roi de cœur",
"king of hearts", "KH" (the record's notation), "21", "21 d'atout", "petit", "excuse", or a rank
alone ("roi", "k", "7") that the caller narrows to the cards that may be chosen now.

Every name comes from the language catalogues (:func:`tarot.i18n.card_name`), in every language
offered, whatever the page's: a French player may type "KH" and an English one "roi cœur"."""
from __future__ import annotations

import unicodedata

from tarot.cards import CARDS, NOTATION, RANK_OF, SUIT_OF, TRUMP, Card, suit_card, trump
from tarot.i18n import RANK_WORDS, SUIT_WORDS, card_name
from tarot.words import LANGS, t

# Little words a name may carry or leave out: "roi de cœur" is "roi cœur", "king of hearts" "king hearts".
FILLERS = frozenset(("de", "d", "du", "des", "le", "la", "l", "les", "of", "the", "a", "an"))
NOTATION_RANKS = {"k": 14, "q": 13, "n": 12, "j": 11}  # the record's letters, typed alone


def normalized(text: str) -> str:
    """Lower case, no accents, apostrophes and punctuation as spaces, spaces collapsed
    ("Roi de Cœur !" is "roi de coeur")."""
    text = unicodedata.normalize("NFKD", text.replace("œ", "oe").replace("Œ", "OE"))
    plain = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return " ".join("".join(c if c.isalnum() or c == "?" else " " for c in plain).split())


def words(text: str) -> tuple[str, ...]:
    """The words of a typed name that say something (:data:`FILLERS` left out)."""
    return tuple(w for w in normalized(text).split() if w not in FILLERS)


def _tables() -> tuple[dict[tuple[str, ...], Card], dict[str, int], dict[str, int]]:
    """Every card's spoken name, every rank word and every suit word, in every language offered."""
    names: dict[tuple[str, ...], Card] = {}
    ranks: dict[str, int] = {}
    suits: dict[str, int] = {}
    for lang in LANGS:
        for card in CARDS:
            names[words(card_name(card, lang))] = card
        for rank, key in RANK_WORDS.items():
            ranks[normalized(t(key, lang))] = rank
        for suit, key in enumerate(SUIT_WORDS):
            word = normalized(t(key, lang))
            suits[word] = TRUMP if suit == TRUMP else suit
            suits[word + "s"] = suits[word]  # "hearts", "atouts"
            suits[word.rstrip("s")] = suits[word]  # "heart", "spade"
    return names, ranks, suits


NAMES, RANKS, SUITS = _tables()
_BY_NOTATION = {n.lower(): CARDS[c] for c, n in enumerate(NOTATION)}


def cards_named(text: str) -> tuple[Card, ...]:
    """The cards ``text`` may name, most often one; several for a rank alone ("roi": the four
    kings, "7": the four sevens and the 7 of trumps); none when it names no card."""
    said = words(text)
    if not said:
        return ()
    if said in NAMES:
        return (NAMES[said],)
    if len(said) == 1 and said[0] in _BY_NOTATION:
        return (_BY_NOTATION[said[0]],)
    rank = _rank(said[0])
    suit = SUITS.get(said[1]) if len(said) == 2 else None
    if rank is None and len(said) == 2 and said[0] in SUITS:  # "atout 21", "coeur roi"
        rank, suit = _rank(said[1]), SUITS[said[0]]
    if rank is None or (len(said) == 2 and suit is None) or len(said) > 2:
        return ()
    number = said[0].isdigit() or said[-1].isdigit()  # "7": a suit's or the trump; "roi": a suit's
    return tuple(c for c in _of_rank(rank) if (suit is None or SUIT_OF[c] == suit) and (number or SUIT_OF[c] != TRUMP))


def _rank(word: str) -> int | None:
    if word.isdigit() and 1 <= int(word) <= 21:
        return int(word)
    return RANKS.get(word, NOTATION_RANKS.get(word))


def _of_rank(rank: int) -> tuple[Card, ...]:
    """The cards of a rank: the suits' (1 to 14) and the trump of that number (1 to 21)."""
    out = [suit_card(rank, s) for s in range(4)] if rank <= 14 else []
    if rank <= 21:
        out.append(trump(rank))
    return tuple(c for c in out if RANK_OF[c] == rank)
