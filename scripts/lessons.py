"""Writes lessons/: short lessons in French and English, each embedding the table on situations.

Each situation is a deal the Standard bots played, found by what happens in it (a
forced overtrump, the Excuse before the last trick, a low lead that signals an
honour...), written into the iframe's URL with the Python codec
(``#record=...``, :mod:`tarot.situation`) and set up by the teaching parameters
(``seat``, ``at``, ``steps``, ``exercise``, ``open``).  The same search always finds
the same deals, so the pages only change when the engine or the bots do.

    python3 scripts/lessons.py           # rewrite lessons/
    python3 scripts/lessons.py --check   # exit 1 if lessons/ is out of date
"""
from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot.actions import Action, Bid, Play, Poignee  # noqa: E402
from tarot.bots import make_bot  # noqa: E402
from tarot.cards import CARDS, EXCUSE_ID, JACK, PETIT_BIT, QUEEN, RANK_OF, SUIT_OF, TRUMP, mask_of  # noqa: E402
from tarot.teaching.hints import explain  # noqa: E402
from tarot.words import fill, t  # noqa: E402
from tarot.result import DealResult  # noqa: E402
from tarot.bots.evaluation import THRESHOLDS, hand_points  # noqa: E402
from tarot.rules import PETIT_AU_BOUT_BONUS, POIGNEE_BONUS, POIGNEE_TRUMPS, TARGETS, Contract, Rules  # noqa: E402
from tarot.situation import fragment  # noqa: E402
from tarot.state import Deal  # noqa: E402
from tarot.view import SeatView  # noqa: E402
from web.teaching.misses import LESSON_WORDS  # noqa: E402

OUT = ROOT / "lessons"
# The languages the lessons' own text is written in (each text below: one per language, in this
# order); the words they share with the game (navigation, captions...) are the catalogues'.
LANGS = ("fr", "en")
PAUSE_MS = 600
SEARCH_DEALS = 4000
GARDE_MARGIN = 4  # the bidding lesson's garde hand: this many points over the garde's threshold

Moment = Callable[[Deal, SeatView, Action], bool]


@dataclass(frozen=True)
class Found:
    record: dict
    at: int  # record actions before the moment
    seat: int


@functools.cache
def _code(view: SeatView, action: Action) -> str:
    """The reason's code the hints give ``action`` at ``view`` (the same moments are asked of
    every lesson's search)."""
    return explain(view, action).code


def _reason(code: str) -> Moment:
    return lambda deal, view, action: _code(view, action) == code


def _overtrump_forced(deal: Deal, view: SeatView, action: Action) -> bool:
    """A seat without the suit led must trump over a trump already in the trick."""
    trick = view.trick
    if not trick or not isinstance(action, Play) or SUIT_OF[trick[0]] == TRUMP:
        return False
    legal = [a.card for a in view.legal if isinstance(a, Play)]
    high = max((c for c in trick if SUIT_OF[c] == TRUMP), default=None)
    return high is not None and len(legal) >= 2 and all(SUIT_OF[c] == TRUMP and c > high for c in legal) \
        and any(SUIT_OF[c] == TRUMP and c < high for c in view.hand)


def _dealt_in_suit(deal: Deal, seat: int, suit: int) -> int:
    """How many cards of ``suit`` the seat was dealt."""
    return sum(1 for c in deal.dealt_hands[seat] if SUIT_OF[c] == suit)


def _partner_signal(deal: Deal, view: SeatView, action: Action) -> bool:
    """A defender returns the suit a partner led low, the king of which it has not seen; the
    lead a signal by the book (a suit of five cards or more)."""
    if not isinstance(action, Play) or _code(view, action) != "lead_to_partner_signal":
        return False
    suit = SUIT_OF[action.card]
    king = next(c for c in CARDS if SUIT_OF[c] == suit and RANK_OF[c] == 14)
    if mask_of(view.hand) >> king & 1 or view.played >> king & 1:
        return False
    leader = next(t.leader for t in deal.tricks if SUIT_OF[next(c for c in t.cards if c != EXCUSE_ID)] == suit)
    return _dealt_in_suit(deal, leader, suit) >= 5


def _signal_lead(deal: Deal, view: SeatView, action: Action) -> bool:
    """A defender's low lead under an honour, in a suit of five cards or more: the book's signal."""
    return isinstance(action, Play) and _code(view, action) == "signal_honour" \
        and _dealt_in_suit(deal, view.seat, SUIT_OF[action.card]) >= 5


def _save_partner_petit(deal: Deal, view: SeatView, action: Action) -> bool:
    """A master trump led for a partner who signalled the Petit in danger by the book: following
    to trump leads, a high trump then a low one."""
    if not isinstance(action, Play):
        return False
    for s in range(deal.players):
        if s == view.seat or s == view.taker:
            continue
        followed = [c for t in deal.tricks if SUIT_OF[next(c for c in t.cards if c != EXCUSE_ID)] == TRUMP
                    for i, c in enumerate(t.cards) if t.seat_of(i, deal.players) == s and i and SUIT_OF[c] == TRUMP]
        if any(a > b for a, b in zip(followed, followed[1:])):
            return _code(view, action) == "save_partner_petit"
    return False


def _taker_ecart(deal: Deal, view: SeatView, action: Action) -> bool:
    return view.phase == "ecart" and _code(view, action) == "ecart_voids"


def _first_bid(contract: Contract | None, above: int = 0) -> Moment:
    """The first seat to speak bids ``contract`` (``None``: passes) by the points scale, with at
    least ``above`` points more than the contract's threshold (a hand clearly worth it)."""
    def moment(deal: Deal, view: SeatView, action: Action) -> bool:
        if view.phase != "bidding" or view.bids or not isinstance(action, Bid) or action.contract is not contract:
            return False
        if contract is not None and hand_points(mask_of(view.hand)) < THRESHOLDS[4][contract] + above:
            return False
        return _code(view, action) == ("pass_weak" if contract is None else "bid_points")
    return moment


def _call_king(deal: Deal, view: SeatView, action: Action) -> bool:
    """The taker calls a king it lacks, the one of its longest suit."""
    return view.phase == "calling" and _code(view, action) == "call_king"


def _called_card_played(deal: Deal, view: SeatView, action: Action) -> bool:
    """The called card is played by the taker's partner, who thereby shows up."""
    return isinstance(action, Play) and action.card == view.called and view.seat != view.taker


def trick_start(found: Found, players: int) -> Found:
    """``found`` moved back to the first card of its trick (every trick has one card per
    seat), seen from the taker's seat."""
    actions = found.record["actions"]
    plays = [i for i, a in enumerate(actions[:found.at]) if a["type"] == "play"]
    into = len(plays) % players
    return Found(found.record, plays[len(plays) - into] if into else found.at, found.record["result"]["taker"])


def _hunt_petit(deal: Deal, view: SeatView, action: Action) -> bool:
    """The taker leads a trump to hunt the Petit, early in the deal (nine cards or more in hand)."""
    return len(view.hand) >= 9 and _code(view, action) == "hunt_petit"


def _petit_taken(result: DealResult) -> bool:
    """The Petit ends in the attack's tricks in a contract where the chien was shown (so the
    taker did not hold it)."""
    return result.contract is not None and result.rules.chien_goes(result.contract) == "hand" \
        and bool(result.piles[1] & PETIT_BIT)


def _honour_choice(view: SeatView, action: Action, code: str) -> bool:
    """A defender's card to a trick for the reason ``code``, holding both a king or a queen and a
    low card it may play: the choice is between giving its points and keeping them."""
    if not isinstance(action, Play) or _code(view, action) != code:
        return False
    legal = [a.card for a in view.legal if isinstance(a, Play)]
    return any(RANK_OF[c] >= QUEEN and SUIT_OF[c] != TRUMP for c in legal) \
        and any(RANK_OF[c] < JACK and SUIT_OF[c] != TRUMP for c in legal)


def _load_honour(deal: Deal, view: SeatView, action: Action) -> bool:
    """A defender puts a king or a queen on its partner's sure trick."""
    return _honour_choice(view, action, "load_partner_trick") and isinstance(action, Play) \
        and RANK_OF[action.card] >= QUEEN


def _keep_honour(deal: Deal, view: SeatView, action: Action) -> bool:
    """A defender gives a low card to the taker's trick and keeps its king or queen."""
    return _honour_choice(view, action, "follow_low_taker_wins")


def _poignee(deal: Deal, view: SeatView, action: Action) -> bool:
    return isinstance(action, Poignee)


def _any(deal: Deal, view: SeatView, action: Action) -> bool:
    return True


def played_at(found: Found, card: str) -> int:
    """The step just after ``card`` (record notation) is played in ``found``'s deal."""
    return next(i for i, a in enumerate(found.record["actions"]) if a["type"] == "play" and a["card"] == card) + 1


def last_trick(players: int, outcome: Callable[[DealResult], bool]) -> Found:
    """The last trick of a deal that ends as ``outcome`` says, from the taker's seat."""
    found = find(_any, players, outcome=outcome)
    return Found(found.record, len(found.record["actions"]) - players, found.record["result"]["taker"])


def find(moment: Moment, players: int = 4, skip: int = 0,
         outcome: Callable[[DealResult], bool] | None = None) -> Found:
    """The first decision of a Standard bots' deal (seeds 1, 2, ...) where ``moment`` holds
    (in a deal that ends as ``outcome`` says, if given)."""
    seen = 0
    for seed in range(1, SEARCH_DEALS):
        deal = _new_deal(players, seed)
        hit: tuple[int, int] | None = None
        for seat, action in _played(players, seed):
            if hit is None and moment(deal, deal.view(seat), action):
                hit = (len(deal.to_record()["actions"]), seat)
            deal.apply(action, seat=seat)
        if hit is None or (deal.result is not None and deal.result.redeal):
            continue
        if outcome is not None and (deal.result is None or not outcome(deal.result)):
            continue
        if seen < skip:
            seen += 1
            continue
        return Found(deal.to_record(), hit[0], hit[1])
    raise SystemExit(f"lessons: no deal found for {moment}")


def _new_deal(players: int, seed: int) -> Deal:
    return Deal.new(Rules(players=players), dealer=seed % players, seed=seed)


@functools.cache
def _played(players: int, seed: int) -> tuple[tuple[int, Action], ...]:
    """The Standard bots' deal ``seed``, each action with its seat: played once, searched by
    every lesson's moment."""
    deal = _new_deal(players, seed)
    bots = [make_bot("standard", s) for s in range(players)]
    actions = []
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        action = bots[seat].choose(deal.view(seat))
        actions.append((seat, action))
        deal.apply(action, seat=seat)
    return tuple(actions)


@dataclass(frozen=True)
class Table:
    found: Found
    mode: str  # "exercise" or "steps"
    caption: tuple[str, str]  # (French, English): what the table shows, after "Exercice :" or "Pas à pas :"
    open_hands: bool = False
    back: int = 0  # start this many record actions before the moment (steps)
    captioned_alone: bool = False  # the caption without "Exercice :" nor "Pas à pas :"
    note: tuple[str, str] = ()  # (French, English): the comment of the key step (steps)
    note_at: int | None = None  # the step it is shown at (actions seen; -1: the end); by default after the moment

    def notes(self, lang: str) -> dict[int, str]:
        """The table's comments by step, in ``lang``."""
        if not self.note:
            return {}
        actions = len(self.found.record["actions"])
        at = self.found.at + 1 if self.note_at is None else actions if self.note_at < 0 else self.note_at
        return {at: _typography(lang)(self.note[LANGS.index(lang)])}

    def title(self, lang: str) -> str:
        what = _typography(lang)(self.caption[LANGS.index(lang)])
        return what if self.captioned_alone else t(CAPTION_WORDS[self.mode], lang, what=what)

    def attributes(self, lang: str, lesson: str, then: int | None) -> list[tuple[str, str]]:
        """The table's ``<tarot-deal>`` attributes (the page's URL parameters) in the lesson
        ``lesson``; ``then``: the number of the lesson's next table."""
        at = max(0, self.found.at - self.back)
        names = [("lang", lang), ("pause", str(PAUSE_MS)), ("seat", str(self.found.seat)), ("at", str(at)),
                 (self.mode, "1")]
        if self.open_hands:
            names.append(("open", "1"))
        names.append(("lesson", lesson))
        if then is not None:
            names.append(("next", str(then)))
        for part in fragment(self.found.record, self.notes(lang)).lstrip("#").split("&"):
            name, _, value = part.partition("=")
            names.append((name, value))
        return names


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: tuple[str, str]
    summary: tuple[str, str]  # one line for the index
    paragraphs: tuple[tuple[str, str], ...]
    tables: tuple[Table, ...]


def lessons() -> list[Lesson]:
    ecart = find(_taker_ecart)
    pab = find(_reason("draw_for_petit_au_bout"), outcome=lambda r: r.petit_au_bout == "attack")
    hunt = find(_hunt_petit, outcome=_petit_taken)
    pab_end = Found(pab.record, len(pab.record["actions"]) - 3 * 4, pab.seat)
    # The figures the lessons quote are the engine's (the FFT rules; the points scale of the bots and hints).
    times = ", ".join(f"× {c.multiplier}" for c in Contract)
    per_contract = ", ".join(f"{c.code.replace('_', ' ')} {c.multiplier}" for c in Contract)  # French names in both
    no_bout, one_bout, two_bouts, three_bouts = TARGETS
    simple, double, triple = (POIGNEE_BONUS[size] for size in ("simple", "double", "triple"))
    hand = {n: POIGNEE_TRUMPS[n] for n in (3, 4, 5)}
    scale = THRESHOLDS[4]
    prise, garde = scale[Contract.PRISE], scale[Contract.GARDE]
    five = Rules(players=5)
    (taker_share, partner_share, _), (alone_share, _, _) = five.shares(True), five.shares(False)
    called = find(_called_card_played, players=5)
    return [
        Lesson("fournir-couper", ("Fournir, couper, monter", "Following, trumping, overtrumping"),
               ("Quelle carte la règle permet, et pourquoi.", "Which card the rules allow, and why."), (
            ("On doit fournir la couleur demandée. Sans elle, on doit couper (jouer atout) ; "
             "si un atout est déjà dans le pli, on doit monter, c'est-à-dire jouer un atout plus fort, "
             "même sur son partenaire. Sans atout plus fort, on pisse : on joue un atout plus faible. "
             "Sans atout du tout, on joue n'importe quelle carte. Quand l'entame est un atout, on doit "
             "aussi monter si on le peut.",
             "You must follow the suit led. Without it, you must trump; if a trump is already in the "
             "trick, you must overtrump (play a higher trump), even over your partner. With no higher "
             "trump, you undertrump: you play a lower one. With no trump at all, play any card. When a "
             "trump is led, you must also play higher if you can."),
            ("Exercice : vous n'avez plus la couleur demandée et un atout est déjà dans le pli. Quelle carte ? "
             "Cliquez sur une carte que la règle refuse : la table dit pourquoi.",
             "Exercise: you have no card of the suit and a trump is already in the trick. Which card? "
             "Click a card the rules refuse: the table says why."),
        ), (
            Table(find(_overtrump_forced), "exercise", ("monter", "overtrump")),
            Table(find(_reason("undertrump_forced")), "steps",
                  ("pisser sous l'atout", "undertrumping"), open_hands=True, back=2,
                  note=("Ni la couleur ni un atout plus fort : il doit pisser, jouer un atout plus faible.",
                        "Neither the suit nor a higher trump: he must undertrump, playing a lower trump.")),
        )),
        Lesson("excuse", ("L'Excuse", "The Excuse"),
               ("La jouer à temps, et la basse carte donnée en échange.", "Playing it in time, and the low card given in exchange."), (
            ("L'Excuse se joue à n'importe quel pli à la place de la carte demandée. Elle ne gagne jamais "
             "le pli : son détenteur la reprend et, si le pli va à l'autre camp, lui donne en échange une "
             "basse carte de ses plis.",
             "The Excuse may be played to any trick instead of the card asked for. It never wins the "
             "trick: its owner takes it back and, if the trick goes to the other side, gives it a low card "
             "from his tricks in exchange."),
            ("Jouée au dernier pli, l'Excuse va au camp qui remporte ce pli (sauf au chelem) : si c'est "
             "l'adversaire, elle change de camp. Jouez-la avant.",
             "Played to the last trick, the Excuse goes to the side that wins that trick (except in a "
             "chelem): if that is the other side, it changes sides. Play it before then."),
        ), (
            Table(find(_reason("excuse_before_last")), "exercise",
                  ("deux cartes en main", "two cards in hand")),
            Table(find(_reason("excuse_save")), "steps",
                  ("l'Excuse garde vos points", "the Excuse keeps your points"),
                  open_hands=True, back=1,
                  note=("L'Excuse : ce pli est perdu pour son camp, elle garde ses points.",
                        "The Excuse: this trick is lost to its side, it keeps its points.")),
        )),
        Lesson("encheres", ("Les enchères", "Bidding"),
               ("Les contrats, et ce que vaut une main.", "The contracts, and what a hand is worth."), (
            ("Chacun à son tour, en commençant à droite du donneur, passe ou annonce un contrat plus fort "
             "que le dernier : prise, garde, garde sans (le chien reste caché mais compte pour le preneur), "
             f"garde contre (le chien va à la défense). Plus le contrat est fort, plus il rapporte ({times}), "
             "et plus il coûte s'il chute.",
             "In turn, starting on the dealer's right, each player passes or bids a contract higher than "
             "the last one: prise, garde, garde sans (the chien stays hidden but counts for the taker), garde "
             "contre (the chien goes to the defence). The higher the contract, the more it pays "
             f"({times}), and the more it costs when it fails."),
            ("Une main se compte en points : les bouts, la longueur et la force des atouts, les rois, les "
             f"coupes. Sur le barème de ce programme (celui de ses robots et de ses conseils, pas une règle : "
             f"la règle laisse chacun libre de son enchère), une prise demande {prise} points à 4 joueurs, "
             f"une garde {garde}. La réponse de l'exercice donne le compte ; en partie, « Force de la main » le détaille point par point avant votre enchère.",
             "A hand is counted in points: the bouts, the length and strength of the trumps, the kings, the "
             f"voids. On this program's own scale (its bots' and its hints', not a rule: the rules leave each "
             f"player free to bid), a prise needs {prise} points with 4 players, a garde {garde}. "
             "The exercise's answer gives the count; "
             "in a game, “Hand strength” details it item by item before you bid."),
        ), (
            Table(find(_first_bid(Contract.GARDE, above=GARDE_MARGIN)), "exercise", ("une main à garder", "a hand for a garde")),
            Table(find(_first_bid(None)), "exercise", ("une main à passer", "a hand to pass")),
        )),
        Lesson("ecart", ("L'écart", "The écart"),
               ("Ce que le preneur écarte, et l'enchère d'une main.", "What the taker discards, and a hand's bid."), (
            ("Après une prise ou une garde, le preneur prend le chien et écarte autant de cartes. "
             "Ni roi ni bout ; un atout seulement s'il ne peut pas faire autrement (il est alors montré).",
             "After a prise or a garde, the taker takes the chien and discards as many cards. No king, "
             "no bout; a trump only when nothing else can go (it is then shown)."),
            ("Le livre : faire des coupes franches dans les couleurs courtes sans roi, écarter les "
             "honneurs sans leur roi, garder rois et atouts. Demandez un conseil, ou avancez d'une "
             "étape pour voir l'écart du livre. La force de la main vient d'abord : elle décide de l'enchère.",
             "The book: make voids in the short suits without a king, discard honours without their "
             "king, keep kings and trumps. Ask for a hint, or step forward to see the book's écart. The "
             "hand's strength comes first: it decides the bid."),
        ), (
            Table(ecart, "steps", ("L'écart du preneur", "The taker's écart"), captioned_alone=True,
                  note=("L'écart du livre : des coupes franches, ni roi ni bout.",
                        "The book's écart: voids made, no king, no bout.")),
            Table(Found(ecart.record, next(i for i, a in enumerate(ecart.record["actions"])
                                           if a["seat"] == ecart.seat and a["type"] == "bid"), ecart.seat),
                  "exercise", ("l'enchère de cette main", "this hand's bid")),
        )),
        Lesson("poignee", ("La poignée", "The poignée"),
               ("Montrer ses atouts : combien, quand, et pour qui la prime.", "Showing your trumps: how many, when, and who gets the bonus."), (
            ("Avec beaucoup d'atouts, on peut les montrer juste avant de jouer sa première carte : c'est la "
             f"poignée. À 4 joueurs, simple de {hand[4][0]} atouts ({simple} points), double de {hand[4][1]} "
             f"({double}), triple de {hand[4][2]} ({triple}) ; à 3 joueurs {hand[3][0]}, {hand[3][1]} et "
             f"{hand[3][2]} ; à 5 joueurs {hand[5][0]}, {hand[5][1]} et {hand[5][2]}. L'Excuse compte comme un atout, mais la "
             "montrer dit qu'on n'a pas d'autre atout que ceux montrés.",
             "With many trumps you may show them just before playing your first card: a poignée. With 4 "
             f"players a single one of {hand[4][0]} trumps ({simple} points), a double of {hand[4][1]} "
             f"({double}), a triple of {hand[4][2]} ({triple}); with 3 players {hand[3][0]}, {hand[3][1]} and "
             f"{hand[3][2]}; with 5 players {hand[5][0]}, {hand[5][1]} and {hand[5][2]}. The Excuse counts as a trump, but showing "
             "it says you hold no trump beyond those shown."),
            ("La prime va au camp qui gagne la donne, même si c'est la défense qui l'a montrée : une poignée "
             "aide l'adversaire à lire votre jeu, montrez-la quand vous comptez gagner.",
             "The bonus goes to the side that wins the deal, even when the defence showed it: a poignée "
             "helps the other side read your hand, so show it when you expect to win."),
        ), (
            Table(find(_poignee), "exercise", ("la montrer ?", "show it?")),
            Table(find(_poignee, players=5), "steps",
                  ("une poignée à 5 joueurs", "a poignée with 5 players"),
                  note=("La poignée montrée : sa prime ira au camp qui gagne la donne.",
                        "The poignée shown: its bonus goes to the side that wins the deal.")),
        )),
        Lesson("petit-en-danger", ("Le Petit en danger", "The Petit in danger"),
               ("Le chasser en attaque, le sauver en défense.", "Hunting it in attack, saving it in defence."), (
            (f"Le Petit, l'atout 1, est un bout : il vaut 4,5 points et le seuil du preneur dépend des bouts "
             f"({no_bout} points sans bout, {one_bout} avec un, {two_bouts} avec deux). C'est aussi le plus "
             "faible des atouts : n'importe quel autre le prend. Le perdre coûte cher à son camp. (Qui reçoit "
             "le Petit pour seul atout, sans l'Excuse, a le Petit sec : il le dit et l'on redonne.)",
             f"The Petit, the 1 of trumps, is a bout: it is worth 4.5 points and the taker's target depends "
             f"on the bouts ({no_bout} points with none, {one_bout} with one, {two_bouts} with two). It is also "
             "the weakest trump: any other trump takes it. Losing it costs its side dear. (A player dealt the "
             "Petit as his only trump, without the Excuse, has the Petit alone (Petit sec): he says so and the cards are dealt "
             "again.)"),
            ("L'attaque le chasse : le preneur qui a beaucoup d'atouts joue atout tant que le Petit n'est pas "
             "tombé. Sur un atout entamé, chacun doit monter s'il le peut : le défenseur qui a le Petit et peu "
             "d'atouts finit par devoir le jouer sous un atout de l'attaque.",
             "The attack hunts it: a taker with many trumps leads trumps as long as the Petit has not "
             "fallen. When a trump is led everyone must play higher if he can: a defender holding the Petit "
             "with few trumps ends up having to play it under a trump of the attack."),
            ("La défense le sauve : son détenteur le joue sur un pli que son camp est sûr de gagner, sous "
             "l'atout maître d'un partenaire par exemple. S'il le sent en danger, il le signale en fournissant "
             "à l'atout dans l'ordre décroissant, un gros puis un petit, ou en s'excusant au premier tour "
             "d'atout : le livre demande alors à ses partenaires de ne plus jouer atout. Un atout maître, le 21 "
             "surtout, reste bon à entamer : le Petit passe dessous.",
             "The defence saves it: its holder plays it on a trick his side is sure to win, under a partner's "
             "master trump for instance. When he feels it in danger, he signals it by following to trump leads "
             "in descending order, a high one then a low one, or by playing the Excuse to the first round of "
             "trumps: the book then asks his partners to lead trumps no more. A master trump, the 21 above "
             "all, is still worth leading: the Petit goes under it."),
        ), (
            Table(find(_reason("save_petit")), "exercise",
                  ("le pli de votre partenaire est sûr", "your partner's trick is safe")),
            Table(hunt, "steps", ("la chasse au Petit", "hunting the Petit"), open_hands=True,
                  note=("Le Petit tombe sous un atout de l'attaque : la chasse a réussi.",
                        "The Petit falls under a trump of the attack: the hunt has worked."),
                  note_at=played_at(hunt, "T1")),
            Table(find(_save_partner_petit), "exercise",
                  ("votre partenaire a joué un gros atout puis un petit",
                   "your partner played a high trump then a low one")),
        )),
        Lesson("petit-au-bout", ("Le Petit au bout", "Petit au bout"),
               ("Mener le Petit jusqu'au dernier pli.", 'Bringing the Petit to the last trick.'), (
            ("Si le Petit est dans le dernier pli, le camp qui remporte ce pli reçoit une prime de 10 points, "
             "multipliée par le contrat (qu'il gagne ou perde la donne). Le preneur qui a les atouts maîtres "
             "fait d'abord tomber ceux de la défense, puis garde le Petit pour la fin.",
             "If the Petit is in the last trick, the side that wins that trick gets a bonus of 10 points, "
             "times the contract (whether it wins the deal or not). A taker with the master trumps first "
             "draws the defence's trumps, then keeps the Petit for the end."),
        ), (
            Table(pab, "exercise", ("préparer le Petit au bout", "preparing the Petit au bout")),
            Table(pab_end, "steps", ("les trois derniers plis", "the last three tricks"),
                  open_hands=True, note=("Le Petit au bout : le camp qui remporte ce dernier pli a la prime.",
                                         "Petit au bout: the side that wins this last trick gets the bonus."),
                  note_at=len(pab_end.record["actions"])),
        )),
        Lesson("decompte", ("Le décompte", "Counting the score"),
               ("La valeur des cartes, le seuil à atteindre, la marque.", "Card values, the target, the score."), (
            ("Chaque roi et chacun des trois bouts (le 21, le Petit, l'Excuse) vaut 4,5 points, une dame 3,5, "
             "un cavalier 2,5, un valet 1,5, toute autre carte 0,5 : 91 points en tout. On compte par deux "
             "cartes : un roi et une basse font 5, deux basses 1.",
             "Each king and each of the three bouts (the 21, the Petit, the Excuse) is worth 4.5 points, "
             "a queen 3.5, a knight 2.5, a jack 1.5, any other card 0.5: 91 points in all. They are "
             "counted two cards at a time: a king and a low card make 5, two low cards 1."),
            (f"Le preneur doit faire {no_bout} points sans bout, {one_bout} avec un, {two_bouts} avec deux, "
             f"{three_bouts} avec trois ; "
             "son écart (en garde sans, le chien) compte pour lui ; en garde contre, le chien va à la défense.",
             f"The taker needs {no_bout} points with no bout, {one_bout} with one, {two_bouts} with two, "
             f"{three_bouts} with three; his "
             "écart (in a garde sans, the chien) counts for him; in a garde contre the chien goes to the defence."),
            ("La marque : 25 points plus la différence avec le seuil, plus ou moins "
             f"{PETIT_AU_BOUT_BONUS} pour le Petit au bout (au camp qui remporte le dernier pli), le tout multiplié "
             f"par le contrat ({per_contract}) ; la poignée ({simple}, {double} ou {triple}) "
             "s'ajoute sans être multipliée. Chaque défenseur paie ce total au preneur, ou le reçoit s'il "
             "chute. Avancez jusqu'à la fin de la donne : la table écrit le compte.",
             "The score: 25 points plus the difference from the target, plus or minus "
             f"{PETIT_AU_BOUT_BONUS} for the Petit au bout (for the side that wins the last trick), all multiplied by "
             f"the contract ({per_contract}); a poignée ({simple}, {double} or {triple}) is added unmultiplied. Each defender pays that total to the taker, or receives "
             "it when the contract fails. Step to the end of the deal: the table writes out the count."),
        ), (
            Table(last_trick(4, lambda r: r.contract is Contract.GARDE and r.score is not None and r.score.made),
                  "steps", ("une garde réussie", "a garde made"), open_hands=True,
                  note=("La garde est faite : le preneur a passé son seuil.",
                        "The garde is made: the taker has reached his target."), note_at=-1),
            Table(last_trick(4, lambda r: r.contract is Contract.PRISE and r.score is not None and not r.score.made),
                  "steps", ("une prise chutée", "a prise that fails"), open_hands=True,
                  note=("La prise chute : le preneur reste sous son seuil.",
                        "The prise fails: the taker stays under his target."), note_at=-1),
        )),
        Lesson("appel-au-roi", ("Jouer à cinq : l'appel au roi", "Five players: calling a king"),
               ("Le partenaire secret du preneur, et le partage des points.",
                "The taker's secret partner, and how the points are shared."), (
            (f"À 5 joueurs, chacun reçoit {five.hand_size} cartes et le chien en compte {five.chien_size}. "
             "Après les enchères, avant de montrer le chien, le preneur appelle un roi : celui qui l'a "
             "devient son partenaire, sans le dire. On ne le découvre qu'au moment où il joue ce roi. "
             "Avec les quatre rois, le preneur peut appeler une dame (avec aussi les quatre dames, un "
             "cavalier), ou l'un de ses rois : il joue alors seul. "
             "Si la carte appelée est dans le chien ou dans sa propre main, il joue seul contre quatre.",
             f"With 5 players each gets {five.hand_size} cards and the chien holds {five.chien_size}. After the "
             "bidding, before the chien is shown, the taker calls a king: whoever holds it becomes his "
             "partner, without saying so. Nobody knows who it is until that king is played. With all four "
             "kings the taker may call a queen (with all four queens too, a knight), or one of his own kings: "
             "he then plays alone. If the called card is in "
             "the chien or in his own hand, he plays alone against four."),
            ("Le livre : appeler le roi de la couleur où l'on est le plus long (la dame compte double), "
             "pour que le partenaire vienne au secours de cette longue. Au premier pli, personne n'entame "
             "dans la couleur appelée, sauf avec le roi appelé lui-même : son détenteur peut l'entamer "
             "pour se découvrir.",
             "The book: call the king of your longest suit (the queen counting double), so that the partner "
             "helps you in that suit. On the first trick nobody leads the called suit, except with the called "
             "king itself: its holder may lead it to show himself."),
            (f"La marque se partage : chacun des trois défenseurs paie le total ; le preneur reçoit "
             f"le total × {taker_share}, son partenaire × {partner_share}. Seul contre quatre, le preneur "
             f"reçoit le total × {alone_share}. S'ils chutent, tout s'inverse : chaque défenseur reçoit le total.",
             f"The score is shared: each of the three defenders pays the total; the taker receives the total "
             f"× {taker_share}, his partner × {partner_share}. Alone against four, the taker receives the total "
             f"× {alone_share}. When they fail, all is reversed: each defender receives the total."),
        ), (
            Table(find(_call_king, players=5), "exercise", ("quel roi appeler ?", "which king to call?")),
            Table(trick_start(called, 5), "steps",
                  ("le partenaire se découvre", "the partner shows up"), open_hands=True,
                  note=("Le roi appelé tombe : son détenteur se découvre partenaire du preneur.",
                        "The called king falls: its holder shows up as the taker's partner."),
                  note_at=played_at(called, next(a["card"] for a in called.record["actions"]
                                                 if a["type"] == "call"))),
        )),
        Lesson("defense", ("Jouer en défense", "Playing in defence"),
               ("Charger, garder ses honneurs, faire couper le preneur.",
                "Loading a trick, keeping one's honours, making the taker trump."), (
            ("Contre le preneur, les défenseurs jouent ensemble : leurs plis sont comptés ensemble, et "
             "ce que gagne l'un est gagné pour tous.",
             "Against the taker the defenders play together: their tricks are counted together, and "
             "what one wins is won for all."),
            ("Charger : quand le pli d'un partenaire est sûr (personne après vous ne peut le battre), "
             "mettez-y vos points, un roi ou une dame plutôt qu'une basse. À l'inverse, sur un pli que "
             "le preneur mène, donnez la carte qui coûte le moins et gardez vos honneurs.",
             "Loading: when a partner's trick is safe (nobody after you can beat it), put your points on "
             "it, a king or a queen rather than a low card. On a trick the taker is winning, give the card "
             "that costs least and keep your honours."),
            ("Faire couper le preneur : entamer une couleur qu'il n'a plus l'oblige à couper tant qu'il a "
             "des atouts, et chaque coupe lui en coûte un. Un preneur fort en atouts qu'on fait couper souvent ne peut plus "
             "chasser le Petit ni le mener au bout.",
             "Making the taker trump: leading a suit he no longer holds forces him to trump while he has "
             "trumps, and each trump so spent is one he lacks later. A taker strong in trumps who must trump often can no longer "
             "hunt the Petit or bring it to the last trick."),
        ), (
            Table(find(_load_honour), "exercise", ("le pli de votre partenaire est sûr",
                                                   "your partner's trick is safe")),
            Table(find(_keep_honour), "exercise", ("le preneur mène le pli",
                                                   "the taker is winning the trick")),
            Table(find(_reason("make_taker_cut")), "steps",
                  ("le preneur doit couper", "the taker must trump"), open_hands=True,
                  note=("Le preneur n'a plus cette couleur : il devra couper.",
                        "The taker no longer holds this suit: he will have to trump.")),
        )),
        Lesson("signalisations", ("Les signalisations de la défense", "The defence's signals"),
               ('Ce que disent les entames de la défense.', "What the defence's leads say."), (
            ("En défense, on se parle par les cartes. Entamer une petite carte (de l'as au 5) dans une couleur "
             "d'au moins cinq cartes promet le roi ou la dame : le partenaire rejoue cette couleur. Entamer un atout impair annonce "
             "au moins sept atouts et le Petit hors de danger (le partenaire rejoue atout) ; un pair, moins "
             "de sept. Ce sont les conventions d'un livre parmi d'autres : d'autres joueurs lisent "
             "autrement l'entame d'atout, convenez-en avant de jouer.",
             "In defence, partners talk through their cards. Leading a low card (ace to 5) in a suit of "
             "five cards or more promises its king or queen: the partner returns that suit. Leading an odd trump says seven "
             "trumps or more and the Petit out of danger (the partner leads trumps back); an even one, "
             "fewer than seven. These are one book's conventions among several: other players read a "
             "trump lead otherwise, so agree on them before you play."),
        ), (
            Table(find(_partner_signal), "exercise",
                  ("votre partenaire a signalé", "your partner signalled")),
            Table(find(_signal_lead), "steps",
                  ("une entame qui signale", "a lead that signals"), open_hands=True,
                  note=("Une basse entamée dans une longue : elle promet le roi ou la dame.",
                        "A low card led from a long suit: it promises the king or the queen.")),
        )),
    ]


STYLE = """body{font:17px/1.5 system-ui,sans-serif;margin:0;background:#f4f1ea;color:#1d2a22}
.mode-link{position:absolute;left:.5rem;top:-3rem;padding:.4rem .7rem;background:#1b5a41;color:#fff;font-weight:700}
.mode-link:focus{top:.5rem}
main{max-width:960px;margin:0 auto;padding:1rem}
h1{color:#1b5a41}
nav a{margin-right:1rem}
figure{margin:1.5rem 0}
figcaption{font-weight:600;margin-bottom:.4rem}
tarot-deal{display:block;width:100%;max-width:940px;height:780px;border-radius:8px;overflow:hidden;background:#1b5a41}
@media (max-width:600px){tarot-deal{height:900px}}
@media (orientation:landscape) and (max-height:500px){tarot-deal{height:94vh}}
"""

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; frame-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'")


CAPTION_WORDS = {"exercise": "lesson_exercise", "steps": "lesson_steps"}  # a table's caption, by its mode


def _typography(lang: str) -> Callable[[str], str]:
    """A lesson's own text as the catalogues' words are written (French typography in French)."""
    return lambda text: fill(text, lang, {})


def _other(lang: str) -> str:
    """The language the lesson's language link goes to."""
    return LANGS[(LANGS.index(lang) + 1) % len(LANGS)]


def page(lesson: Lesson, lang: str, all_lessons: list[Lesson]) -> str:
    """A lesson's page in ``lang``: its own text, its tables, and the lessons' shared words (the catalogues')."""
    i = LANGS.index(lang)
    other = _other(lang)
    say = _typography(lang)
    current = ' aria-current="page"'
    nav = " ".join(f'<a href="{escape(x.slug)}.html"{current if x is lesson else ""}>'
                   f'{escape(say(x.title[i]))}</a>' for x in all_lessons)
    body = "".join(f"<p>{escape(say(p[i]))}</p>" for p in lesson.paragraphs)
    n = len(lesson.tables)
    figures = "".join(
        f'<figure id="table-{k}"><figcaption>{escape(table.title(lang))}</figcaption>'
        f'<tarot-deal title="{escape(table.title(lang))}"'
        + "".join(f' {name}="{escape(value)}"' for name, value in table.attributes(lang, lesson.slug, k + 1 if k < n else None))
        + '></tarot-deal></figure>'
        for k, table in enumerate(lesson.tables, start=1))
    title = t("lesson_title", lang, title=say(lesson.title[i]))
    return (f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{escape(title)}</title>\n'
            f'<link rel="icon" href="../../web/icon.svg" type="image/svg+xml">\n'
            f'<link rel="stylesheet" href="../lessons.css">\n'
            f'<link rel="alternate" type="application/json+oembed" href="{escape(lesson.slug)}.oembed.json" '
            f'title="{escape(title)}">\n'
            f'<script src="../../tarot-deal.js" defer></script>\n</head>\n<body>\n<main>\n{mode_link(lang, "?mode=texte")}\n'
            f'<nav aria-label="{escape(t("lessons_top_label", lang))}"><a href="../index.html">'
            f'{escape(t("lessons_all", lang))}</a> <a href="../{other}/{lesson.slug}.html" lang="{other}">'
            f'{escape(t("language_name", other))}</a></nav>\n'
            f'<h1>{escape(say(lesson.title[i]))}</h1>\n{body}\n{figures}\n'
            f'<nav aria-label="{escape(t("lessons_nav_label", lang))}">{nav}</nav>\n</main>\n</body>\n</html>\n')


def mode_link(lang: str, href: str) -> str:
    """The first stop of the tab order: the text mode for a screen reader (on a lesson's page, its
    tables drawn as text: tarot-deal.js passes the page's ``mode`` on to them)."""
    return f'<a class="mode-link" href="{escape(href)}">{escape(t("text_mode_link", lang))}</a>'


def index(all_lessons: list[Lesson]) -> str:
    """The lessons' index, in every language at once (the first one's words first)."""
    first = LANGS[0]

    def tagged(lang: str) -> str:
        return "" if lang == first else f' lang="{lang}"'

    def items(lang: str) -> str:
        i, say = LANGS.index(lang), _typography(lang)
        return "".join(f'<li><a href="{lang}/{x.slug}.html">{escape(say(x.title[i]))}</a> — '
                       f'{escape(say(x.summary[i]))}</li>' for x in all_lessons)

    def said(key: str, lang: str) -> str:
        """The words ``key`` as HTML, its fields ``{iframe}`` and ``{share}`` as markup."""
        markup = {"iframe": "<code>&lt;iframe&gt;</code>", "share": f'<em>{escape(t("share", lang), quote=False)}</em>'}
        text = escape(t(key, lang, **{name: f"\x00{name}\x00" for name in markup}), quote=False)
        for name, html in markup.items():
            text = text.replace(f"\x00{name}\x00", html)
        return text

    def also(key: str) -> str:
        """The words ``key`` in the first language, then in the others (each in its own span)."""
        return " ".join([said(key, first)] + [f'<span lang="{lang}">{said(key, lang)}</span>' for lang in LANGS[1:]])

    titles = " — ".join(t("lessons_index_title", lang) for lang in LANGS)
    heading = escape(t("lessons_index_title", first)) + "".join(
        f' <small lang="{lang}">· {escape(t("lessons_index_title", lang))}</small>' for lang in LANGS[1:])
    lists = "".join(f'<h2{tagged(lang)}>{escape(t("lessons_in_language", lang))}</h2>\n'
                    f'<ul{tagged(lang)}>{items(lang)}</ul>\n' for lang in LANGS)
    play = " · ".join(escape(t("lessons_play", lang)) for lang in LANGS)
    return (f'<!doctype html>\n<html lang="{first}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{escape(titles)}</title>\n<link rel="stylesheet" href="lessons.css">\n'
            f'<link rel="icon" href="../web/icon.svg" type="image/svg+xml">\n'
            f'</head>\n<body>\n<main>\n{mode_link(first, "../index.html?mode=texte")}\n<h1>{heading}</h1>\n'
            f'<p>{also("lessons_index_intro")}</p>\n'
            f'{lists}'
            f'<p>{also("lessons_for_class")}</p>\n'
            f'<p><a href="../index.html">{play}</a></p>\n</main>\n</body>\n</html>\n')


def files() -> dict[str, str]:
    """Every file of lessons/, by its path relative to lessons/."""
    all_lessons = lessons()
    unnamed = [x.slug for x in all_lessons if x.slug not in LESSON_WORDS]
    if unnamed:  # the table says what a lesson is about when an exercise is missed
        raise SystemExit(f"lessons: no subject in web/teaching/misses.py LESSON_WORDS for {', '.join(unnamed)}")
    out = {"index.html": index(all_lessons), "lessons.css": STYLE}
    for lesson in all_lessons:
        for lang in LANGS:
            out[f"{lang}/{lesson.slug}.html"] = page(lesson, lang, all_lessons)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if lessons/ is out of date")
    args = parser.parse_args()
    wanted = files()
    if args.check:
        stale = [name for name, text in wanted.items()
                 if not (OUT / name).is_file() or (OUT / name).read_text(encoding="utf-8") != text]
        if stale:
            sys.exit(f"lessons/ is out of date ({', '.join(stale)}): run python3 scripts/lessons.py")
        return
    for name, text in wanted.items():
        path = OUT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"lessons: {len(wanted)} files in {OUT.relative_to(ROOT)}/")


if __name__ == "__main__":
    main()
