"""A decision in words and in test attributes: what a hint proposes, what a bot just did,
what an exercise expected (:mod:`web.teaching`)."""
from __future__ import annotations

from html import escape

from tarot.actions import Action, Bid, Call, Chelem, Ecart, Misere, Play, Poignee, Purchase
from tarot.cards import cards_of, mask_of
from tarot.i18n import card_name, card_with_article, contract_name
from tarot.words import t


def same_move(a: Action, b: Action) -> bool:
    """The same decision (an écart or a poignée in any order)."""
    if isinstance(a, Ecart) and isinstance(b, Ecart):
        return mask_of(a.cards) == mask_of(b.cards)
    if isinstance(a, Poignee) and isinstance(b, Poignee):
        return mask_of(a.cards) == mask_of(b.cards)
    return a == b


def _decision(action: Action, lang: str) -> tuple[str, dict[str, object]] | None:
    """What a decision's sentences need: the key's ending ("play", "no_call"…) and its words."""
    if isinstance(action, Play):
        return "play", {"card": card_with_article(action.card, lang)}
    if isinstance(action, Bid):
        return "bid", {"bid": contract_name(action.code, lang)}
    if isinstance(action, Call):
        if action.card is None:
            return "no_call", {}
        return "call", {"card": card_with_article(action.card, lang)}
    if isinstance(action, Ecart):
        return "ecart", {"cards": ", ".join(card_name(c, lang) for c in action.cards)}
    if isinstance(action, Chelem):
        return ("chelem" if action.announce else "no_chelem"), {}
    if isinstance(action, Poignee):
        return "poignee", {"n": len(action.cards)}
    if isinstance(action, Misere):
        return "misere", {}
    if isinstance(action, Purchase):
        return "purchase", {"card": card_with_article(action.card, lang), "give": card_with_article(action.give, lang)}
    return None


# A decision's words by the ending :func:`_decision` gives: as a hint gives it, and as the table tells it.
MOVE_WORDS = {"play": "move_play", "bid": "move_bid", "call": "move_call", "no_call": "move_no_call",
              "ecart": "move_ecart", "chelem": "move_chelem", "no_chelem": "move_no_chelem",
              "poignee": "move_poignee", "misere": "move_misere", "purchase": "move_purchase"}
DID_WORDS = {"no_call": "did_no_call", "ecart": "did_ecart", "chelem": "did_chelem", "no_chelem": "did_no_chelem",
             "poignee": "did_poignee", "misere": "did_misere", "purchase": "did_purchase",
             "purchase_unseen": "did_purchase_unseen",
             # told as the live region tells them
             "play": "plays", "bid": "bids", "pass": "passes", "call": "calls"}


def move_words(action: Action, lang: str) -> str:
    """A decision in words, as a hint gives it ("jouer le Roi de cœur", "Garde")."""
    decision = _decision(action, lang)
    if decision is None:
        return str(action)
    ending, words = decision
    return t(MOVE_WORDS[ending], lang, **words)


def told(action: Action, name: str, lang: str, gift_seen: bool = False) -> str:
    """A seat's decision as the table sees it happen ("Chloé joue le Valet de cœur.");
    an écart's cards stay unsaid (its sentence names none), and the card given for a
    purchase unless ``gift_seen``."""
    decision = _decision(action, lang)
    if decision is None:
        return t("review_action", lang, name=name, what=str(action)) + "."
    ending, words = decision
    if ending == "purchase" and not gift_seen:
        ending = "purchase_unseen"
    if isinstance(action, Bid):  # said as at the table: "Élise passe.", "Damien annonce une garde."
        ending = "pass" if action.contract is None else ending
        words = {"bid": str(words["bid"]).lower()}
    return t(DID_WORDS[ending], lang, name=name, **words)


def move_attrs(action: Action) -> str:
    """The hint's test attributes: ``data-card`` for a card played or called, ``data-bid`` for a bid."""
    if isinstance(action, Play):
        return f' data-card="{action.card}"'
    if isinstance(action, Bid):
        return f' data-bid="{action.code}"'
    if isinstance(action, Call):
        return f' data-call="{"none" if action.card is None else action.card}"'
    if isinstance(action, (Ecart, Poignee)):
        return f' data-cards="{" ".join(str(c) for c in cards_of(mask_of(action.cards)))}"'
    if isinstance(action, Chelem):
        return f' data-chelem="{"true" if action.announce else "false"}"'
    if isinstance(action, Misere):
        return f' data-misere="{escape(action.kind)}"'
    if isinstance(action, Purchase):
        return f' data-buy="{action.card}" data-give="{action.give}"'
    return ""

