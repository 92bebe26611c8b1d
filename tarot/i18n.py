"""Words for players, in French and English: card names, contracts, refusals."""
from __future__ import annotations

import re

from .cards import CARDS, EXCUSE_ID, FIRST_TRUMP, RANK_OF, SUIT_OF, Card
from .reason_words import REASONS  # the reasons for a decision (tarot.hints), written out like refusals

_SUIT_FR = ("pique", "cœur", "carreau", "trèfle")
_SUIT_EN = ("spades", "hearts", "diamonds", "clubs")
_RANK_FR = {1: "As", 11: "Valet", 12: "Cavalier", 13: "Dame", 14: "Roi"}
_RANK_EN = {1: "Ace", 11: "Jack", 12: "Knight", 13: "Queen", 14: "King"}

CONTRACT_NAMES = {
    "fr": {"pass": "Passe", "prise": "Prise", "garde": "Garde", "garde_sans": "Garde sans",
           "garde_contre": "Garde contre"},
    "en": {"pass": "Pass", "prise": "Prise", "garde": "Garde", "garde_sans": "Garde sans",
           "garde_contre": "Garde contre"},
}
POIGNEE_NAMES = {
    "fr": {"simple": "Simple poignée", "double": "Double poignée", "triple": "Triple poignée"},
    "en": {"simple": "Single poignée", "double": "Double poignée", "triple": "Triple poignée"},
}


_BEFORE_PUNCTUATION = re.compile(r" ([?!:;»])|(«) ")


def french_spaces(text: str) -> str:
    """French typography: the space before ``? ! : ; »`` and after ``«`` is a no-break
    space, so that a line never starts with the sign ("tous les plis ?").

    >>> french_spaces("Annoncer un chelem (tous les plis) ?") == "Annoncer un chelem (tous les plis)\u00a0?"
    True
    """
    return _BEFORE_PUNCTUATION.sub(lambda m: f"\u00a0{m[1]}" if m[1] else f"{m[2]}\u00a0", text)


def suit_name(suit: int, lang: str = "fr") -> str:
    if suit == 4:
        return "atout" if lang == "fr" else "trumps"
    return (_SUIT_FR if lang == "fr" else _SUIT_EN)[suit]


def card_name(card: Card | int, lang: str = "fr") -> str:
    """The spoken name: "Roi de cœur", "Petit", "Excuse", "21 d'atout"."""
    c = int(card)
    if c == EXCUSE_ID:
        return "Excuse" if lang == "fr" else "the Excuse"
    rank = RANK_OF[c]
    if c >= FIRST_TRUMP:
        if rank == 1:
            return "Petit" if lang == "fr" else "the Petit"
        return f"{rank} d'atout" if lang == "fr" else f"trump {rank}"
    suit = SUIT_OF[c]
    if lang == "fr":
        r = _RANK_FR.get(rank, str(rank))
        return f"{r} de {_SUIT_FR[suit]}"
    return f"{_RANK_EN.get(rank, str(rank))} of {_SUIT_EN[suit]}"


def card_with_article(card: Card | int, lang: str = "fr") -> str:
    """The name with its article: "le Roi de cœur", "la Dame de pique", "l'Excuse",
    "the King of hearts" (a trump goes without one in English: "trump 17")."""
    c = int(card)
    name = card_name(c, lang)
    if lang != "fr":
        return name if name.startswith("the ") or c >= FIRST_TRUMP else f"the {name}"
    if c == EXCUSE_ID:
        return f"l'{name}"
    if c < FIRST_TRUMP and RANK_OF[c] == 1:
        return f"l'{name}"  # l'As de pique
    return f"la {name}" if RANK_OF[c] == 13 and c < FIRST_TRUMP else f"le {name}"


def _one_card(v: object) -> int | None:
    """The card a refusal's parameter names, if it names one."""
    if isinstance(v, int) and not isinstance(v, bool) and type(v) is not int:
        return int(v)
    if isinstance(v, str) and v in _NOTATION_SET:
        from .cards import parse_card

        return int(parse_card(v))
    return None


def _cards(v: object, lang: str) -> str:
    if isinstance(v, (list, tuple)):
        return ", ".join(_cards(x, lang) for x in v)
    card = _one_card(v)
    return card_name(card, lang) if card is not None else str(v)


_NOTATION_SET = {str(c) for c in CARDS}

# code -> (French, English); {name} fields come from the refusal's params.
MESSAGES: dict[str, tuple[str, str]] = {
    "deal_over": ("La donne est terminée.", "The deal is over."),
    "not_your_turn": ("Ce n'est pas à vous de jouer : c'est au tour du joueur {expected}.",
                      "It is not your turn: seat {expected} is to act."),
    "wrong_phase": ("Ce n'est pas le moment {action} (phase : {phase}).",
                    "Not the time for {action} (phase: {phase})."),
    "bid_too_low": ("Il faut enchérir plus haut que {current}.",
                    "You must bid higher than {current}."),
    "call_not_allowed": ("Vous ne pouvez pas appeler {the_card} : appelez un roi{more}.",
                         "You cannot call {the_card}: call a king{more}."),
    "call_not_a_face": ("On appelle un roi (ou une dame, etc. si vous avez les quatre rois).",
                        "You call a king (or a queen, etc. when you hold all four kings)."),
    "ecart_size": ("L'écart doit compter {expected} cartes, pas {given}.",
                   "The écart must have {expected} cards, not {given}."),
    "ecart_duplicate": ("{The_card} figure deux fois dans l'écart.", "{The_card} is twice in the écart."),
    "ecart_not_in_hand": ("Vous n'avez pas {the_card}.", "You do not hold {the_card}."),
    "ecart_king": ("On ne peut pas écarter un roi ({card}).", "A king may not be discarded ({card})."),
    "ecart_bout": ("On ne peut pas écarter un bout ({card}).", "A bout may not be discarded ({card})."),
    "ecart_trump_avoidable": ("On ne peut écarter un atout ({card}) que si l'on n'a pas d'autre carte possible.",
                              "A trump ({card}) may be discarded only when nothing else can be."),
    "card_not_in_hand": ("Vous n'avez pas {the_card}.", "You do not hold {the_card}."),
    "must_follow_suit": ("Vous devez fournir à {suit}.", "You must follow suit ({suit})."),
    "must_trump": ("Vous n'avez plus de {suit} : vous devez couper.",
                   "You have no {suit} left: you must trump."),
    "must_overtrump": ("Vous devez monter : jouez un atout plus fort que {the_card}.",
                       "You must overtrump: play a trump higher than {the_card}."),
    "must_play_trump": ("Vous devez jouer atout.", "You must play a trump."),
    "called_suit_first_trick": ("Au premier pli, on n'entame pas à {suit}, la couleur appelée, sauf avec {the_card} lui-même.",
                                "On the first trick, {suit} (the called suit) may not be led except with {the_card} itself."),
    "poignee_played": ("La poignée se présente avant de jouer sa première carte.",
                       "A poignée is shown before one's first card."),
    "poignee_twice": ("Vous avez déjà présenté une poignée.", "You have already shown a poignée."),
    "poignee_size": ("Une poignée compte {sizes} atouts, pas {given}.",
                     "A poignée shows {sizes} trumps, not {given}."),
    "poignee_not_trump": ("{The_card} n'est pas un atout.", "{The_card} is not a trump."),
    "poignee_not_held": ("Vous n'avez pas {the_card}.", "You do not hold {the_card}."),
    "poignee_duplicate": ("Vous montrez deux fois {the_card}.", "{The_card} is shown twice."),
    "poignee_excuse": ("L'Excuse ne remplace un atout que si vous montrez tous vos atouts.",
                       "The Excuse may stand for a trump only when you show all your trumps."),
    "misere_off": ("La misère n'est pas dans les règles choisies.", "Misère is not in the chosen rules."),
    "misere_played": ("La misère s'annonce avant de jouer sa première carte.",
                      "A misère is declared before one's first card."),
    "misere_twice": ("Cette misère est déjà annoncée.", "That misère is already declared."),
    "misere_atout_held": ("Pas de misère d'atout : vous avez des atouts.",
                          "No trump misère: you hold trumps."),
    "misere_tetes_held": ("Pas de misère de têtes : vous avez des têtes (roi, dame, cavalier ou valet).",
                          "No honour misère: you hold face cards (king, queen, knight or jack)."),
    "misere_tetes_bout": ("Pas de misère de têtes : « ni tête ni bout », et vous avez {the_card}.",
                          "No honour misère: “no face card and no bout”, and you hold {the_card}."),
    "purchase_not_suit": ("On n'achète qu'une carte de couleur, pas {the_card}.",
                          "Only a suit card may be bought, not {the_card}."),
    "purchase_held": ("Vous avez déjà {the_card} : demandez une carte que vous n'avez pas.",
                      "You already hold {the_card}: ask for a card you do not hold."),
    "purchase_in_ecart": ("{The_card} est dans votre écart : cette carte n'est dans aucune autre main.",
                          "{The_card} is in your écart: it is in no other hand."),
    "purchase_give_not_held": ("Vous ne pouvez pas donner {the_card} : vous ne l'avez pas.",
                               "You cannot give {the_card}: you do not hold it."),
    "purchase_give_bought": ("Donnez une autre carte que celle que vous achetez ({card}).",
                             "Give a card other than the one you buy ({card})."),
    "not_an_action": ("Action inconnue.", "Unknown action."),
}

PHASE_NAMES = {
    "fr": {"bidding": "enchères", "calling": "appel", "ecart": "écart", "purchase": "achat",
           "chelem": "annonce du chelem",
           "play": "jeu de la carte", "done": "fin de donne"},
    "en": {"bidding": "bidding", "calling": "call", "ecart": "écart", "purchase": "purchase",
           "chelem": "chelem announcement",
           "play": "card play", "done": "end of deal"},
}


# call_not_allowed: what else may be called, by the lowest rank allowed (king 14 ... valet 11).
_CALL_MORE = (
    {13: " ou une dame", 12: " ou une dame ou un cavalier", 11: " ou une dame, un cavalier ou un valet"},
    {13: " or a queen", 12: " or a queen or a knight", 11: " or a queen, a knight or a jack"},
)


ACTION_NAMES = {
    "fr": {"bid": "d'enchérir", "call": "d'appeler une carte", "ecart": "de faire l'écart",
           "chelem": "d'annoncer un chelem", "poignee": "de présenter une poignée",
           "misere": "d'annoncer une misère", "purchase": "d'acheter une carte", "play": "de jouer une carte"},
    "en": {"bid": "bidding", "call": "calling a card", "ecart": "making the écart",
           "chelem": "announcing a chelem", "poignee": "showing a poignée",
           "misere": "declaring a misère", "purchase": "buying a card", "play": "playing a card"},
}


def explain(code: str, params: dict[str, object], lang: str = "en") -> str:
    """The refusal (or reason) ``code`` in ``lang``, with its parameters written for a player."""
    i = 0 if lang == "fr" else 1
    template = MESSAGES.get(code, REASONS.get(code, (code, code)))[i]
    words: dict[str, str] = {}
    for k, v in params.items():
        if k == "suit" and isinstance(v, int):
            words[k] = suit_name(v, lang)
        elif k == "current" and isinstance(v, str):
            words[k] = CONTRACT_NAMES[lang].get(v, v)
        elif k == "phase" and isinstance(v, str):
            words[k] = PHASE_NAMES[lang].get(v, v)
        elif k == "action" and isinstance(v, str):
            words[k] = ACTION_NAMES[lang].get(v, v)
        elif k == "lowest" and isinstance(v, int):
            words["more"] = _CALL_MORE[lang == "en"].get(v, "")
        elif k == "sizes" and isinstance(v, (list, tuple)):
            words[k] = " / ".join(str(x) for x in v)
        else:
            words[k] = _cards(v, lang)
            card = _one_card(v) if k == "card" else None
            if card is not None:  # {the_card}, {The_card}: with its article, as the sentence needs
                words["the_card"] = with_article = card_with_article(card, lang)
                words["The_card"] = with_article[:1].upper() + with_article[1:]
    try:
        text = template.format(**words)
    except (KeyError, IndexError):
        text = template
    return french_spaces(text) if lang == "fr" else text

