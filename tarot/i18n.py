"""The engine's words put together: card names with their articles, contracts, refusals and reasons.

The words themselves are in the catalogues (:mod:`tarot.words`); this module only says
which key names what, and fills a refusal's (or a reason's) parameters in.
"""
from __future__ import annotations

from .cards import CARDS, EXCUSE_ID, FIRST_TRUMP, RANK_OF, SUIT_OF, Card, parse_card
from .words import capitalized, french_spaces, known, t

__all__ = ["card_name", "card_with_article", "contract_name", "explain", "explain_invalid", "french_spaces",
           "poignee_name", "suit_name"]

SUIT_WORDS = ("suit_spades", "suit_hearts", "suit_diamonds", "suit_clubs", "suit_trumps")  # by suit number
RANK_WORDS = {1: "rank_ace", 11: "rank_jack", 12: "rank_knight", 13: "rank_queen", 14: "rank_king"}
# The letters on a card's corners (French packs print R, D, C, V); 2 to 10 are their numbers.
CORNER_WORDS = {1: "corner_ace", 11: "corner_jack", 12: "corner_knight", 13: "corner_queen", 14: "corner_king"}
# The article a card takes, by rank (2 to 10: "article_pip"); trumps, the Petit and the Excuse apart.
ARTICLE_WORDS = {1: "article_ace", 11: "article_jack", 12: "article_knight", 13: "article_queen", 14: "article_king"}
CONTRACT_WORDS = {"pass": "contract_pass", "prise": "contract_prise", "garde": "contract_garde",
                  "garde_sans": "contract_garde_sans", "garde_contre": "contract_garde_contre"}
POIGNEE_WORDS = {"simple": "poignee_simple", "double": "poignee_double", "triple": "poignee_triple"}
PHASE_WORDS = {"bidding": "phase_bidding", "calling": "phase_calling", "ecart": "phase_ecart",
               "purchase": "phase_purchase", "chelem": "phase_chelem", "play": "phase_play", "done": "phase_done"}
# "Ce n'est pas le moment {action}": what the refused action was doing.
ACTION_WORDS = {"bid": "action_bid", "call": "action_call", "ecart": "action_ecart", "chelem": "action_chelem",
                "poignee": "action_poignee", "misere": "action_misere", "purchase": "action_purchase",
                "play": "action_play"}
# call_not_allowed: what else may be called, by the lowest rank allowed (king 14 ... valet 11).
CALL_MORE_WORDS = {13: "call_more_queen", 12: "call_more_knight", 11: "call_more_jack"}

_names: dict[tuple[int, str, bool], str] = {}  # (card, lang, with article) -> its name, as asked before


def suit_name(suit: int, lang: str = "fr") -> str:
    return t(SUIT_WORDS[suit], lang)


def contract_name(code: str, lang: str = "fr") -> str:
    """"Garde sans" for ``garde_sans``; an unknown code as it is."""
    key = CONTRACT_WORDS.get(code)
    return t(key, lang) if key is not None else code


def poignee_name(size: str, lang: str = "fr") -> str:
    """"Simple poignée" for ``simple``."""
    key = POIGNEE_WORDS.get(size)
    return t(key, lang) if key is not None else size


def card_name(card: Card | int, lang: str = "fr") -> str:
    """The spoken name: "Roi de cœur", "Petit", "Excuse", "21 d'atout"."""
    c = int(card)
    name = _names.get((c, lang, False))
    if name is None:
        name = _names[(c, lang, False)] = _card_name(c, lang)
    return name


def _card_name(c: int, lang: str) -> str:
    if c == EXCUSE_ID:
        return t("card_excuse", lang)
    rank = RANK_OF[c]
    if c >= FIRST_TRUMP:
        return t("card_petit", lang) if rank == 1 else t("card_trump", lang, rank=rank)
    said = t(RANK_WORDS[rank], lang) if rank in RANK_WORDS else str(rank)
    return t("card_suit", lang, rank=said, suit=suit_name(SUIT_OF[c], lang))


def card_with_article(card: Card | int, lang: str = "fr") -> str:
    """The name with its article: "le Roi de cœur", "la Dame de pique", "l'Excuse",
    "the King of hearts" (a trump goes without one in English: "trump 17")."""
    c = int(card)
    name = _names.get((c, lang, True))
    if name is None:
        if c == EXCUSE_ID:
            key = "article_excuse"
        elif c >= FIRST_TRUMP:
            key = "article_petit" if RANK_OF[c] == 1 else "article_trump"
        else:
            key = ARTICLE_WORDS.get(RANK_OF[c], "article_pip")
        name = _names[(c, lang, True)] = t(key, lang, card=card_name(c, lang))
    return name


def _one_card(v: object) -> int | None:
    """The card a refusal's parameter names, if it names one."""
    if isinstance(v, int) and not isinstance(v, bool) and type(v) is not int:
        return int(v)
    if isinstance(v, str) and v in _NOTATION_SET:
        return int(parse_card(v))
    return None


def _cards(v: object, lang: str) -> str:
    if isinstance(v, (list, tuple)):
        return ", ".join(_cards(x, lang) for x in v)
    card = _one_card(v)
    return card_name(card, lang) if card is not None else str(v)


_NOTATION_SET = {str(c) for c in CARDS}


def _words_of(code: str) -> str:
    """The catalogue key of a refusal (``refusal_CODE``) or of a reason (``reason_CODE``)."""
    for key in (f"refusal_{code}", f"reason_{code}"):
        if known(key):
            return key
    return code


_NAMED_WORDS = {"phase": PHASE_WORDS, "action": ACTION_WORDS}  # a parameter named by its catalogue key


def _param_words(k: str, v: object, lang: str) -> dict[str, str]:
    """One parameter of a refusal (or a reason) written for a player: a suit, a contract, a rule
    option, a phase, an action, the calls above the lowest, poignée sizes, or cards (a card also
    with its article)."""
    if k == "suit" and isinstance(v, int):
        return {k: suit_name(v, lang)}
    if k in ("current", "contract") and isinstance(v, str):
        return {k: contract_name(v, lang)}
    if k == "option" and isinstance(v, str) and known(f"rule_option_{v}"):
        return {k: t(f"rule_option_{v}", lang)}
    named = _NAMED_WORDS.get(k)
    if named is not None and isinstance(v, str):
        return {k: t(named[v], lang) if v in named else v}
    if k == "lowest" and isinstance(v, int):
        return {"more": t(CALL_MORE_WORDS[v], lang) if v in CALL_MORE_WORDS else ""}
    if k == "sizes" and isinstance(v, (list, tuple)):
        return {k: " / ".join(str(x) for x in v)}
    return _card_words(k, v, lang)


def _card_words(k: str, v: object, lang: str) -> dict[str, str]:
    """Cards written for a player; one card also with its article: {the_card}, {The_card}."""
    words = {k: _cards(v, lang)}
    card = _one_card(v) if k == "card" else None
    if card is not None:
        words["the_card"] = with_article = card_with_article(card, lang)
        words["The_card"] = capitalized(with_article)
    return words


def explain(code: str, params: dict[str, object], lang: str = "en") -> str:
    """The refusal (or reason) ``code`` in ``lang``, with its parameters written for a player;
    an unknown code is returned as it is."""
    key = _words_of(code)
    if key == code:
        return code
    return _filled(key, params, lang)


def explain_invalid(code: str | None, params: dict[str, object], lang: str = "en") -> str:
    """Why a record (or a value in it) cannot be read, in ``lang``: the catalogues' ``invalid_CODE``
    with its parameters; a missing or unknown code says that the record is not valid."""
    key = f"invalid_{code}"
    if code is None or not known(key):
        return t("invalid_record", lang)
    return _filled(key, params, lang)


def _filled(key: str, params: dict[str, object], lang: str) -> str:
    words: dict[str, str] = {}
    for k, v in params.items():
        words.update(_param_words(k, v, lang))
    try:
        return t(key, lang, **words)
    except (KeyError, IndexError):  # a parameter the sentence needs is missing: the sentence as written
        return t(key, lang)
