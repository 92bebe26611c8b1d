"""Rendering: pure functions from a :class:`web.session.Screen` to HTML strings.

``render(screen)`` returns the HTML of each region of the page (``topbar``,
``felt``, ``panel``, ``hand``, ``side``, ``overlay``, ``live``) and the root's
attributes; the binding writes only the regions that changed.  Everything shown
comes from seat 0's view, the finished deals' results and the page's state: no
other seat's hidden card can appear.
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from tarot.actions import Bid, Call
from tarot.cards import NOTATION, SUIT_MASKS, Card, cards_of, mask_of
from tarot.errors import IllegalAction
from tarot.state import purchasable
from tarot.view import SeatView
from tarot.i18n import CORNER_WORDS, card_name, card_with_article, contract_name, poignee_name
from tarot.words import LANGS, t

from .cardface import card_back, card_button, card_html, suit_colour
from .history import match_totals
from .labels import colon, level_name, option_name, other_lang, plural_s, points_text, seat_name, signed, singular
from .session import MAX_NAME_CHARS, Screen

if TYPE_CHECKING:
    from tarot.result import DealResult
    from tarot.scoring import DealScore

    from .session import Screen

REGIONS = ("topbar", "notice", "felt", "count", "panel", "hand", "side", "overlay", "live")

# Where each seat sits, seat 0 at the bottom and play going counter-clockwise.
POSITIONS = {
    3: ("bottom", "top-right", "top-left"),
    4: ("bottom", "right", "top", "left"),
    5: ("bottom", "right", "top-right", "top-left", "left"),
}


def phase_of(screen: Screen) -> str:
    """The value of ``data-phase``: the engine's phase, or ``setup`` while the new-game form is open."""
    return "setup" if screen.ui.setup_open else screen.view.phase


def root_attributes(screen: Screen) -> dict[str, str]:
    v = screen.view
    return {
        "data-phase": phase_of(screen),
        "data-deal-phase": v.phase,  # the table's layout follows the deal, even behind the new-game form
        "data-to-act": "" if v.to_act is None else str(v.to_act),
        "data-players": str(v.rules.players),
        "data-deal": str(screen.deal_number),
        "data-step": str(screen.step),
        "data-lang": screen.lang,
        "data-level": screen.settings.level,
        "data-options": " ".join(sorted(screen.settings.options)),
        "data-animations": "on" if screen.settings.animations else "off",
        "data-live-count": "on" if screen.live is not None else "off",
    }


def render(screen: Screen) -> dict[str, str]:
    return {
        "topbar": render_topbar(screen),
        "notice": render_notice(screen),
        "felt": render_felt(screen),
        "count": render_count(screen),
        "panel": render_panel(screen),
        "hand": render_hand(screen),
        "side": render_side(screen),
        "overlay": render_overlay(screen),
        "live": render_live(screen),
    }


# ------------------------------------------------------------------ helpers
def _name(screen: "Screen", seat: int | None) -> str:
    """A seat's name as the whole page writes it: the person's own name when one is set."""
    if seat is None:
        return "—"
    if seat == 0 and screen.settings.name:
        return screen.settings.name
    return seat_name(seat, screen.lang)


def _name_within(screen: "Screen", seat: int | None) -> str:
    """:func:`_name` inside a sentence: "gagné par vous", "le preneur (vous)"."""
    name = _name(screen, seat)
    return name.lower() if seat == 0 and not screen.settings.name else name


def _seat_label(screen: Screen, seat: int) -> str:
    return _name(screen, seat)


def _contract(code: str | None, lang: str) -> str:
    return contract_name(code or "", lang)


# Keys chosen at run time, each spelt out (tests/test_words.py finds every key the code names).
YOU_WORDS = {  # what happened, said to the person: "Vous jouez", not "Vous joue"
    "bids": "bids_you", "passes": "passes_you", "calls": "calls_you", "ecart_made": "ecart_made_you",
    "taker_takes_chien": "taker_takes_chien_you", "chelem_announced": "chelem_announced_you",
    "poignee_shown": "poignee_shown_you", "misere_declared": "misere_declared_you", "plays": "plays_you",
    "trick_won": "trick_won_you", "purchase_made": "purchase_made_you", "petit_sec_shown": "petit_sec_shown_you",
}
SAVE_WORDS = {"version": "save_version", "unreadable": "save_unreadable"}  # why a save was not resumed
SIDE_WORDS = {"attack": "side_attack", "defense": "side_defense"}  # who took the Petit au bout
CHELEM_WORDS = {"announced_made": "chelem_announced_made", "announced_failed": "chelem_announced_failed",
                "unannounced_made": "chelem_unannounced_made", "defense": "chelem_defense"}
BOUT_WORDS = {"T1": "bout_T1", "T21": "bout_T21", "EX": "bout_EX"}
TOKEN_WORDS = {"ante": "tok_ante", "top_up": "tok_top_up", "pot_doubled": "tok_pot_doubled", "pot_new": "tok_pot_new"}
# The taker's share of the count: (receives, alone) -> its words.
TAKER_SHARE_WORDS = {(True, False): "calc_taker_receives", (False, False): "calc_taker_pays",
                     (True, True): "calc_taker_receives_alone", (False, True): "calc_taker_pays_alone"}


def _button(label: str, *, action: str = "", bid: str = "", extra_attrs: str = "", cls: str = "btn",
            ident: str = "", disabled: bool = False) -> str:
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
            return t("not_your_turn_now", lang, name=_name(screen, expected if isinstance(expected, int) else None))
        return message.explain(lang)
    if not isinstance(message, tuple):
        return ""
    key, params = message
    if key == "save_damaged":
        return t(key, lang, reason=t(SAVE_WORDS.get(params.get("reason", ""), "save_unreadable"), lang))
    return t(key, lang, **params)


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
            words["name"] = _name(screen, v)
        elif k == "card":
            words["card"] = card_with_article(v, lang)  # "Chloé joue le Valet de cœur."
        elif k == "bid":
            words["bid"] = _contract(v, lang).lower()
        elif k == "size":
            words["size"] = poignee_name(v, lang).lower()
        elif k == "kind":
            words["kind"] = t(f"misere_{v}", lang).lower()
    return t(key, lang, **words)


# ------------------------------------------------------------------- topbar
def render_topbar(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    number = t("situation_deal", lang) if screen.situation else t("deal", lang, n=screen.deal_number)
    info = [f'<span class="deal-no">{escape(number)}</span>',
            f'<span>{escape(t("dealer", lang, name=_name(screen, v.dealer)))}</span>']
    if v.contract is not None:
        info.append(f'<span class="contract-info"><b>{escape(_contract(v.contract.code, lang))}</b> · '
                    f'{escape(t("taker", lang))}{colon(lang)}{escape(_name(screen, v.taker))}</span>')
    if v.called is not None:
        info.append(f'<span>{escape(t("called_card", lang))}{colon(lang)}{escape(card_name(v.called, lang))}</span>')
        if v.partner_known:
            partner = (t("partner_is", lang, name=_name(screen, v.partner)) if v.partner is not None
                       else t("partner_alone", lang))
            info.append(f'<span class="partner-info">{escape(partner)}</span>')
    last_disabled = not v.tricks
    other = other_lang(lang)  # the language button speaks the language it switches to
    buttons = []
    if screen.can_undo:
        buttons.append(f'<button type="button" class="btn ghost" id="btn-undo" data-action="undo" '
                       f'aria-label="{escape(t("undo", lang))}"><span class="long">{escape(t("undo", lang))}</span>'
                       f'<span class="short" aria-hidden="true">{escape(t("undo_short", lang))}</span></button>')
    buttons += [
        _button(t("last_trick", lang), action="last-trick", ident="btn-last-trick", disabled=last_disabled,
                cls="btn ghost"),
        _button(t("tricks", lang), action="tricks", ident="btn-tricks", disabled=last_disabled, cls="btn ghost"),
        f'<button type="button" class="btn ghost menu-toggle" id="btn-menu" data-action="menu" '
        f'aria-expanded="{"true" if screen.ui.menu_open else "false"}" aria-controls="more-tools">'
        f'{escape(t("menu", lang))}</button>',
        '<span class="more" id="more-tools">',
        _button(t("settings", lang), action="settings", ident="btn-settings", cls="btn ghost"),
        f'<a class="btn ghost" id="btn-lessons" href="lessons/index.html" title="{escape(t("lessons_label", lang))}">'
        f'{escape(t("lessons", lang))}</a>',
        _button(t("scores", lang), action="scores", ident="btn-sheet", cls="btn ghost only-narrow"),
        f'<button type="button" class="btn ghost" id="btn-lang" data-action="lang" lang="{other}" '
        f'aria-label="{escape(t("lang_switch_to", other))}" title="{escape(t("lang_switch_to", other))}">'
        f'{escape(t("language_code", other))}</button>',
        _button(t("new_game", lang), action="new-game", ident="btn-new-game", cls="btn"),
        '</span>',
    ]
    return (f'<div class="brand"><span class="logo" aria-hidden="true">'
            f'<svg class="pip"><use href="#pip-star"/></svg></span><h1>{escape(t("title", lang))}</h1></div>'
            f'<div class="info">{" · ".join(info)}</div>'
            f'<nav class="tools{" open" if screen.ui.menu_open else ""}" aria-label="{escape(t("menu", lang))}">{"".join(buttons)}</nav>')


# --------------------------------------------------------------------- felt
def _last_bid(v: SeatView, seat: int) -> str | None:
    code = None
    for s, c in v.bids:
        if s == seat:
            code = c
    return code


def render_seat(screen: Screen, seat: int, position: str) -> str:
    v, lang = screen.view, screen.lang
    badges = []
    if seat == v.dealer:
        badges.append(f'<span class="badge dealer">{escape(t("dealer_badge", lang))}</span>')
    if seat == v.taker:
        badges.append(f'<span class="badge taker">{escape(t("taker_badge", lang))}</span>')
    if v.partner_known and v.partner == seat and v.partner is not None:
        badges.append(f'<span class="badge partner">{escape(t("partner_badge", lang))}</span>')
    bid = _last_bid(v, seat)
    bubble = ""
    if bid is not None and v.phase in ("bidding", "calling", "ecart", "chelem"):
        cls = "bubble pass" if bid == "pass" else "bubble"
        bubble = f'<span class="{cls}" data-seat-bid="{bid}">{escape(_contract(bid, lang))}</span>'
    for s, size, _ in v.poignees:
        if s == seat:
            bubble += f'<span class="bubble poignee">{escape(poignee_name(size, lang))}</span>'
    for s, kind in v.miseres:
        if s == seat:
            bubble += f'<span class="bubble poignee">{escape(t("misere_" + kind, lang))}</span>'
    thinking = v.to_act == seat and v.phase != "done"
    count = v.hand_sizes[seat]
    cards = ""
    if seat != 0:
        backs = "".join(card_back("mini") for _ in range(min(count, 6)))
        count_text = t("one_card_left" if singular(count, lang) else "cards_left", lang, n=count)
        cards = f'<span class="backs" aria-hidden="true">{backs}</span><span class="count">{escape(count_text)}</span>'
    cls = f"seat pos-{position}" + (" to-act" if thinking else "")
    return (f'<section class="{cls}" data-seat="{seat}" aria-label="{escape(_seat_label(screen, seat))}">'
            f'<div class="seat-name"><span class="name">{escape(_seat_label(screen, seat))}</span>'
            f'{"".join(badges)}</div>'
            f'<div class="seat-cards">{cards}</div>'
            f'<div class="seat-bubbles">{bubble}</div></section>')


def render_felt(screen: Screen) -> str:
    v = screen.view
    positions = POSITIONS[v.rules.players]
    seats = "".join(render_seat(screen, s, positions[s]) for s in range(v.rules.players))
    return seats + f'<div class="table-center">{render_center(screen)}</div>'


def _slots(screen: Screen, cards_by_seat: dict[int, Card], winner: int | None, label: str, dim: bool,
           leader: int | None = None, fresh: Card | None = None) -> str:
    v, lang = screen.view, screen.lang
    positions = POSITIONS[v.rules.players]
    slots = []
    for seat in range(v.rules.players):
        card = cards_by_seat.get(seat)
        inner = ""
        if card is not None:
            extra = ("won" if winner == seat else "") + (" fresh" if card == fresh else "")
            inner = card_html(card, lang, extra=extra.strip())
            if seat == leader:
                inner += f'<span class="led-mark" title="{escape(t("led_by", lang, name=_name(screen, seat)))}">' \
                         f'{escape(t("led_mark", lang))}</span>'
        led = ' data-led="1"' if seat == leader and card is not None else ""
        slots.append(f'<div class="slot pos-{positions[seat]}" data-slot="{seat}"{led}>{inner}</div>')
    cls = "trick" + (f" previous to-{positions[winner]}" if dim and winner is not None else "")
    caption = f'<p class="trick-caption">{escape(label)}</p>' if label else ""
    return (f'<div class="{cls}" role="group" aria-label="{escape(t("the_trick", lang))}" '
            f'data-testid="trick">{"".join(slots)}</div>{caption}')


def render_center(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    n = v.rules.players
    if v.phase == "play" or v.phase == "done":
        if v.trick:
            in_trick = {(v.leader + i) % n: c for i, c in enumerate(v.trick)}
            return _slots(screen, in_trick, None, t("led_by", lang, name=_name(screen, v.leader)), False,
                          leader=v.leader, fresh=v.trick[-1])
        if v.tricks:
            leader, last, winner = v.tricks[-1]
            by_seat = {(leader + i) % n: c for i, c in enumerate(last)}
            return _slots(screen, by_seat, winner, t("trick_won_short", lang, name=_name(screen, winner)), True,
                          leader=leader, fresh=last[-1])
        return _slots(screen, {}, None, "", False)
    if v.chien and v.phase in ("ecart", "chelem"):
        cards = "".join(card_html(c, lang) for c in v.chien)
        shown = ""
        if v.phase == "chelem" and v.ecart and v.taker != 0:
            shown = (f'<p class="caption">{escape(t("ecart_trumps_shown", lang))}</p>'
                     f'<div class="row">{"".join(card_html(c, lang, size="small") for c in v.ecart)}</div>')
        return (f'<div class="chien" data-testid="chien"><p class="caption">{escape(t("chien_shown", lang))}</p>'
                f'<div class="row">{cards}</div>{shown}</div>')
    if v.phase == "calling" or (v.called is not None and v.phase in ("ecart", "chelem")):
        if v.called is not None:
            return (f'<div class="called"><p class="caption">{escape(t("called_card", lang))}</p>'
                    f'{card_html(v.called, lang)}</div>')
    return ""


# --------------------------------------------------------------- live count
def _tricks_n(n: int, lang: str) -> str:
    return t("one_trick" if singular(n, lang) else "tricks_n", lang, n=n)


def _bouts_text(screen: "Screen", bouts: tuple[Card, ...]) -> str:
    return ", ".join(t(BOUT_WORDS[NOTATION[c]], screen.lang) for c in bouts)


def render_count(screen: "Screen") -> str:
    """The live count (tarot.livecount): by side once the seat knows the sides, else by seat."""
    live, lang = screen.live, screen.lang
    if live is None:
        return ""
    rows = []
    if live.sides:
        for key, pile in (("attack", live.piles[0]), ("defence", live.piles[1])):
            points = points_text(pile.points, lang)
            if key == "attack" and live.target is not None:
                points = t("points_of_target", lang, points=points, target=live.target)
            else:
                points = t("points_n", lang, points=points)
            bouts = f' · {escape(t("bouts_n", lang, bouts=_bouts_text(screen, pile.bouts)))}' if pile.bouts else ""
            who = ", ".join(_name(screen, s) for s in pile.seats) if key == "attack" else ""
            title = t("side_attack" if key == "attack" else "side_defense", lang).capitalize()
            rows.append(f'<li data-pile="{key}" data-tricks="{pile.tricks}" data-half-points="{pile.half_points}" '
                        f'data-bouts="{" ".join(NOTATION[c] for c in pile.bouts)}">'
                        f'<b>{escape(title)}</b>{escape(f" ({who})" if who else "")}{colon(lang)}'
                        f'{escape(_tricks_n(pile.tricks, lang))} · {escape(points)}{bouts}</li>')
    else:
        cells = []
        for pile in live.piles:
            seat = pile.seats[0]
            bouts = f' · {escape(_bouts_text(screen, pile.bouts))}' if pile.bouts else ""
            cells.append(f'<span data-pile="seat-{seat}" data-tricks="{pile.tricks}" '
                         f'data-half-points="{pile.half_points}" data-bouts="{" ".join(NOTATION[c] for c in pile.bouts)}">'
                         f'{escape(_name(screen, seat))} {pile.tricks} '
                         f'({escape(points_text(pile.points, lang))}){bouts}</span>')
        rows.append(f'<li><b>{escape(t("partner_unknown", lang))}</b> · {" · ".join(cells)}</li>')
    trumps = (f'<li data-trumps-played="{live.trumps_played}" data-trumps-out="{live.trumps_out}">'
              f'{escape(t("trumps_count", lang, played=live.trumps_played, out=live.trumps_out, s=plural_s(live.trumps_played, lang)))}</li>')
    return (f'<h2 class="sr-only">{escape(t("live_count", lang))}</h2>'
            f'<ul class="count-list" data-testid="live-count">{"".join(rows)}{trumps}</ul>')


# -------------------------------------------------------------------- panel
def _status(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    if v.phase == "done" or v.to_act is None:
        return ""
    if v.to_act == 0:
        return f'<p class="status you">{escape(t("your_turn", lang))}</p>'
    key = "waiting" if screen.bot_thinking else "turn_of"
    return f'<p class="status">{escape(t(key, lang, name=_name(screen, v.to_act)))}</p>'


def render_message(screen: Screen) -> str:
    text = explain(screen.ui.message, screen)
    cls = "message" + (" shown" if text else "")
    return f'<p class="{cls}" data-testid="message" role="status">{escape(text)}</p>'


def render_panel(screen: Screen) -> str:
    v = screen.view
    body = {
        "bidding": _panel_bidding,
        "calling": _panel_calling,
        "purchase": _panel_purchase,
        "ecart": _panel_ecart,
        "chelem": _panel_chelem,
        "play": _panel_play,
        "done": _panel_done,
    }[v.phase](screen)
    return body + render_message(screen)


def _panel_bidding(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    said = " · ".join(f'{escape(_name(screen, s))}{colon(lang)}{escape(_contract(c, lang))}' for s, c in v.bids)
    out = f'<h2 class="panel-title optional">{escape(t("bids_title", lang))}</h2>'
    out += f'<p class="bids-so-far">{said or "&nbsp;"}</p>'
    if v.to_act == 0:
        buttons: list[str] = []
        for a in v.legal:
            if isinstance(a, Bid):
                code = a.code
                cls = "btn bid pass" if code == "pass" else "btn bid"
                buttons.append(_button(_contract(code, lang), bid=code, cls=cls, ident=f"bid-{code}",
                                       extra_attrs="" if buttons else " data-autofocus"))
        out += (f'<div class="actions" role="group" aria-label="{escape(t("your_bid", lang))}">'
                f'{"".join(buttons)}</div>')
    return out + _status(screen)


def _panel_calling(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    if v.to_act != 0:
        return _status(screen)
    calls = [a.card for a in v.legal if isinstance(a, Call) and a.card is not None]
    optional = any(isinstance(a, Call) and a.card is None for a in v.legal)
    kings_only = all(c.rank == 14 for c in calls)
    title = t("call_title" if kings_only else "call_title_more", lang)
    buttons: list[str] = []
    for c in calls:
        name = escape(card_name(c, lang))
        focus = "" if buttons else " data-autofocus"
        buttons.append(f'<button type="button" class="call-choice" id="call-{NOTATION[c]}" data-action="call"{focus} '
                       f'data-call="{NOTATION[c]}"><span aria-hidden="true">{card_html(c, lang, size="small")}</span>'
                       f'<span class="call-name">{name}</span></button>')
    if optional:  # 4 players, prise_partner: no call means the purchase where the rules give one, else alone
        label = "no_call" if v.rules.purchase else "no_call_alone"
        buttons.append(_button(t(label, lang), action="no-call", ident="btn-no-call", cls="btn"))
    return (f'<h2 class="panel-title">{escape(title)}</h2>'
            f'<div class="actions calls" role="group" aria-label="{escape(title)}">{"".join(buttons)}</div>')


_SUIT_SIGNS = "♠♥♦♣"


def _panel_purchase(screen: Screen) -> str:
    """Option purchase: the taker asks for a suit card held by another seat (named, never
    shown where it lies), then clicks the card of his to give for it."""
    v, lang = screen.view, screen.lang
    if v.to_act != 0:
        return f'<p class="status">{escape(t("purchase_waiting", lang, name=_name(screen, v.to_act)))}</p>'
    chosen = screen.ui.purchase
    rows = []
    for suit in range(4):
        buttons = []
        for c in cards_of(purchasable(mask_of(v.hand), mask_of(v.ecart)) & SUIT_MASKS[suit]):
            label = (t(CORNER_WORDS[c.rank], lang) if c.rank in CORNER_WORDS else str(c.rank)) + _SUIT_SIGNS[suit]
            red = " red" if suit_colour(suit) == "red" else ""
            buttons.append(f'<button type="button" class="buy-choice{red}" data-action="buy" data-buy="{NOTATION[c]}" '
                           f'aria-pressed="{"true" if c == chosen else "false"}" '
                           f'aria-label="{escape(card_name(c, lang))}">{label}</button>')
        rows.append(f'<div class="buy-row">{"".join(buttons)}</div>')
    step = t("purchase_give", lang, card=card_name(chosen, lang)) if chosen is not None else t("purchase_ask", lang)
    return (f'<h2 class="panel-title">{escape(t("purchase_title", lang))}</h2>'
            f'<div class="buys" role="group" aria-label="{escape(t("purchase_title", lang))}">{"".join(rows)}</div>'
            f'<p class="note">{escape(step)}</p>')


def _panel_ecart(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    if v.to_act != 0:
        return f'<p class="status">{escape(t("taker_takes_chien", lang, name=_name(screen, v.taker)))}</p>' + _status(screen)
    size = v.rules.chien_size
    k = len(screen.selected)
    note = ""
    if any(Card(c).is_trump for c in screen.selected):
        note = f'<p class="note">{escape(t("ecart_trump_note", lang))}</p>'
    return (f'<h2 class="panel-title">{escape(t("ecart_title", lang, n=size))}</h2>'
            f'<div class="actions"><span class="counter">{escape(t("ecart_count", lang, k=k, n=size))}</span>'
            + _button(t("confirm_ecart", lang), action="confirm-ecart", ident="btn-confirm-ecart",
                      cls="btn primary", disabled=k != size)
            + f'</div>{note}')


def _panel_chelem(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    if v.to_act != 0:
        return _status(screen)
    return (f'<h2 class="panel-title">{escape(t("chelem_question", lang))}</h2><div class="actions">'
            + _button(t("no_chelem", lang), action="no-chelem", ident="btn-no-chelem", cls="btn primary",
                      extra_attrs=" data-autofocus")
            + _button(t("announce_chelem", lang), action="announce-chelem", ident="btn-announce-chelem")
            + "</div>")


def _panel_play(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    out = ""
    if v.ecart and v.taker != 0 and len(v.tricks) < 2:
        shown = "".join(card_html(c, lang, size="tiny") for c in v.ecart)
        out += (f'<div class="shown-poignee" data-testid="ecart-trumps"><span>{escape(t("ecart_trumps_shown", lang))}</span>'
                f'<span class="row">{shown}</span></div>')
    if v.poignees and len(v.tricks) < 2:
        for seat, size, cards in v.poignees:
            if seat == 0 and screen.poignee_size is None and v.tricks:
                continue
            shown = "".join(card_html(c, lang, size="tiny") for c in cards)
            out += (f'<div class="shown-poignee" data-testid="poignee-{seat}"><span>'
                    f'{escape(event_text(("poignee_shown", {"seat": seat, "size": size}), screen))}</span>'
                    f'<span class="row">{shown}</span></div>')
    if v.to_act == 0 and screen.poignee_size is not None:
        n = dict((name, k) for name, k in screen.poignee_offers).get(screen.poignee_size, 0)
        k = len(screen.selected)
        out += (f'<h2 class="panel-title">{escape(t("poignee_choose", lang, n=n, k=k))}</h2><div class="actions">'
                + _button(t("declare_poignee", lang), action="declare-poignee", ident="btn-declare-poignee",
                          cls="btn primary", disabled=k != n)
                + _button(t("cancel", lang), action="cancel-poignee", ident="btn-cancel-poignee")
                + "</div>")
    elif v.to_act == 0 and (screen.poignee_offers or screen.misere_offers) and not screen.ui.poignee_declined:
        if screen.poignee_offers:
            out += f'<h2 class="panel-title">{escape(t("poignee_offer", lang))}</h2><div class="actions">'
            for name, n in screen.poignee_offers:
                label = t("poignee_size_button", lang, name=poignee_name(name, lang), n=n)
                out += _button(label, action="choose-poignee", extra_attrs=f' data-size="{name}"',
                               ident=f"btn-poignee-{name}")
            out += _button(t("no_poignee", lang), action="no-poignee", ident="btn-no-poignee", cls="btn primary",
                           extra_attrs=" data-autofocus")
            out += "</div>"
        if screen.misere_offers:
            out += f'<div class="actions"><span>{escape(t("misere_offer", lang))}</span>'
            for kind in screen.misere_offers:
                out += _button(t("misere_" + kind, lang), action="declare-misere",
                               extra_attrs=f' data-kind="{kind}"', ident=f"btn-misere-{kind}")
            out += "</div>"
    return out + _status(screen)


def _each(value: int, lang: str) -> str:
    """Who pays: the attack wins ``value`` from each defender (> 0) or pays it to each (< 0)."""
    return t("from_each_defender" if value > 0 else "to_each_defender", lang, value=abs(value))


def calculation(screen: "Screen", result: Any, score: DealScore) -> list[str]:
    """The count as a player says it: no sign without its reason (who pays whom)."""
    lang = screen.lang
    n = screen.view.rules.players
    mult = result.contract.multiplier
    base = score.base if score.made else -score.base
    rounded = score.unrounded != score.difference
    key = ("calc_made_rounded" if rounded else "calc_made") if score.made else \
        ("calc_failed_rounded" if rounded else "calc_failed")
    calc = [t(key, lang, diff=score.difference, exact=score.unrounded, mult=mult, each=_each(base, lang))]
    terms = [base]
    pab = result.petit_au_bout
    if pab and score.petit_au_bout:
        calc.append(t("calc_pab", lang, side=t(SIDE_WORDS[pab], lang), mult=mult,
                      each=_each(score.petit_au_bout, lang)))
        terms.append(score.petit_au_bout)
    elif pab:
        calc.append(t("calc_pab_within", lang, side=t(SIDE_WORDS[pab], lang), target=score.target))
    side_poignees = [(s, size) for s, size in result.poignees if not any(p.seat == s and p.kind == "poignee"
                                                                        for p in result.primes)]
    attack = {result.taker, result.partner}
    if side_poignees and score.poignees:
        names = ", ".join(f'{poignee_name(size, lang)} ({_name(screen, s)})' for s, size in side_poignees)
        fixed = [screen.view.rules.poignee_always_defence(s in attack) for s, _ in side_poignees]
        key = "calc_poignee_defence" if all(fixed) else "calc_poignee_mixed" if any(fixed) else "calc_poignee"
        calc.append(t(key, lang, names=names, each=_each(score.poignees, lang)))
        terms.append(score.poignees)
    if result.chelem:
        calc.append(t("calc_chelem", lang, kind=t(CHELEM_WORDS[result.chelem], lang), each=_each(score.chelem, lang)))
        terms.append(score.chelem)
    d = score.per_defender
    if len(terms) > 1:
        sign = 1 if d >= 0 else -1
        said = ""
        for i, x in enumerate(terms):
            x *= sign  # each term in the direction of the total
            said = str(x) if i == 0 else said + (f" + {x}" if x >= 0 else f" − {-x}")
        calc.append(t("calc_total", lang, terms=said, each=_each(d, lang)))
    partner = result.partner
    k = result.shares[0]
    receives = d > 0
    rules = screen.view.rules
    # A partner was due (not an optional call) and there is none: the taker's larger share is said.
    alone = rules.plays_alone(result.contract, partner) and not rules.call_optional(result.contract)
    calc.append(t(TAKER_SHARE_WORDS[receives, alone], lang, name=_name_within(screen, result.taker), value=abs(d), k=k,
                  total=abs(score.taker)))
    if partner is not None and score.partner is not None:
        calc.append(t("calc_partner_receives" if receives else "calc_partner_pays", lang,
                      name=_name_within(screen, partner), value=abs(d)))
    calc.append(t("calc_defender_pays" if receives else "calc_defender_receives", lang, value=abs(d)))
    for prime in result.primes:
        what = t("misere_" + prime.name, lang) if prime.kind == "misere" else poignee_name(prime.name, lang)
        you = prime.seat == 0 and not screen.settings.name  # "Votre misère", not "Misère de Vous"
        defender_handful = prime.kind == "poignee" and rules.poignee_always_defence(prime.seat in attack)
        if you:
            key = "calc_prime_defence_you" if defender_handful else "calc_prime_won_you" if prime.won \
                else "calc_prime_lost_you"
        else:
            key = "calc_prime_defence" if defender_handful else "calc_prime_won" if prime.won else "calc_prime_lost"
        calc.append(t(key, lang, name=_name(screen, prime.seat), what=what.lower() if you or lang != "fr" else what,
                      value=prime.value, total=prime.value * (n - 1)))
    return calc


def token_calculation(screen: "Screen", result: Any) -> list[str]:
    """Pagat's traditional count, payment by payment as the engine made them
    (``result.token_steps``), then the pots left on the table (each seat's tokens follow it)."""
    lang = screen.lang
    n = screen.view.rules.players
    calc = []
    if result.petit_au_bout and screen.view.rules.petit_au_bout_within and result.score is not None:
        calc.append(t("calc_pab_within", lang, side=t(SIDE_WORDS[result.petit_au_bout], lang),
                      target=result.score.target))
    for step in result.token_steps:
        name = _name_within(screen, step.seat)  # "Le preneur (vous) reçoit ..."
        if step.rule in ("ante", "top_up"):
            calc.append(t(TOKEN_WORDS[step.rule], lang, name=name, amount=step.amount))
        elif step.rule == "purchase":
            you = step.other == 0 and not screen.settings.name  # "vous paie 10", not "paie 10 à vous"
            calc.append(t("tok_purchase_you" if you else "tok_purchase", lang, name=name, amount=step.amount,
                          other=_name_within(screen, step.other)))
        elif step.rule in ("poignee", "misere", "petit_au_bout"):
            what = (poignee_name(step.name, lang) if step.rule == "poignee"
                    else t("misere_" + step.name, lang) if step.rule == "misere" else t("tok_petit_au_bout", lang))
            calc.append(t("tok_declared_won" if step.won else "tok_declared_lost", lang, what=what, name=name,
                          amount=step.amount, total=step.amount * (n - 1)))
        elif step.rule == "game":
            value, net = _game_value(step, result, lang)
            if net:
                key = "tok_game_net_to_taker" if step.won else "tok_game_net_to_defence"
            else:
                key = "tok_game_to_taker" if step.won else "tok_game_to_defence"
            calc.append(t(key, lang, value=value, name=name, amount=step.amount))
            if step.other is not None and step.paired is not None:
                partner_you = step.other == 0 and not screen.settings.name
                calc.append(t("tok_game_partner_you" if partner_you else "tok_game_partner", lang,
                              partner=_name(screen, step.other), paired=_name_within(screen, step.paired)))
        elif step.rule == "pot_won":
            if step.other is not None:
                calc.append(t("tok_pot_shared", lang, name=name, amount=step.amount, half=step.amount // 2,
                              other=_name_within(screen, step.other)))
            else:
                calc.append(t("tok_pot_won", lang, name=name, amount=step.amount))
        else:  # pot_doubled, pot_new
            calc.append(t(TOKEN_WORDS[step.rule], lang, name=name, amount=step.amount))
    calc.append(t("pots_on_table", lang, pots=", ".join(str(p) for p in result.pots or ()) or "0"))
    return calc


def _game_value(step: Any, result: Any, lang: str) -> tuple[str, bool]:
    """The game's value with its terms: the points beyond or short of the target, the
    contract's bonus (none for a prise), the chelem.  Each term is signed in the direction
    of the payment; where the terms pull both ways (a contract made, an announced chelem
    failed) they are signed as they count for the taker instead, and the second value is True."""
    difference, bonus, *chelem = step.terms
    words = [(difference, t("tok_diff_made" if result.made else "tok_diff_failed", lang, n=abs(difference)))]
    if bonus:
        words.append((bonus, _contract(result.contract.code, lang).lower()))
    if chelem:
        words.append((chelem[0], t("tok_chelem", lang, kind=t(CHELEM_WORDS[result.chelem], lang))))
    payment = 1 if step.won else -1  # to the taker, or from him
    net = any(x * payment < 0 for x, _ in words)
    sign = 1 if net else payment
    said = ""
    for i, (x, word) in enumerate(words):
        x *= sign
        part = f"{abs(x)} ({word})"
        said = (part if x >= 0 else f"−{part}") if i == 0 else said + (f" + {part}" if x >= 0 else f" − {part}")
    if len(words) == 1:
        return said, net
    total = sign * payment * step.amount  # as the terms are signed
    return f"{said} = {total if total >= 0 else f'−{-total}'}", net


def render_result(screen: Screen) -> str:
    """The end of the deal, with the count written out for people learning the rules,
    from the engine's result alone (its figures, its shares, where its chien went)."""
    v, lang = screen.view, screen.lang
    result = v.result
    if result is None:
        return ""
    if result.redeal is not None:
        fed = "".join(f"<li>{escape(x)}</li>" for x in token_calculation(screen, result)) if result.token_steps else ""
        line = t(result.redeal, lang)
        if len(result.petit_sec) == 1:  # the rules have its holder show it: the table may name him
            line = event_text(("petit_sec_shown", {"seat": result.petit_sec[0]}), screen)
        return f'<p class="result-line">{escape(line)}</p>' + (
            f'<ol class="calc" aria-label="{escape(t("calc_label", lang))}">{fed}</ol>'
            + _deal_scores(screen, result) if fed else "")  # the stakes moved tokens
    score, taker, contract = result.score, result.taker, result.contract
    if score is None or taker is None or contract is None:
        return ""
    cname = _contract(contract.code, lang)
    diff = score.unrounded  # as the cards fell (rounded in the count)
    plural = plural_s(diff, lang)
    you = taker == 0 and not screen.settings.name
    key = ("made_you" if you else "made") if score.made else ("failed_you" if you else "failed")
    lines = [t(key, lang, taker=_name(screen, taker), contract=cname, diff=diff, s=plural)]
    bouts = result.bouts
    few = result.points < 2 if lang == "fr" else result.points == 1  # "1,5 point", "1.5 points"
    lines.append(t("attack_points", lang, points=points_text(result.points, lang), ps="" if few else "s",
                   bouts=bouts, s=plural_s(bouts, lang), target=score.target))
    head = "".join(f'<p class="result-line{" big" if i == 0 else ""}">{escape(x)}</p>' for i, x in enumerate(lines))

    calc = token_calculation(screen, result) if result.token_steps else calculation(screen, result, score)
    calc_html = "".join(f"<li>{escape(x)}</li>" for x in calc)

    cards = ""
    goes = v.rules.chien_goes(contract)
    if goes == "hand":
        cards += (f'<div class="reveal"><span class="caption">{escape(t("chien_was", lang))}</span>'
                  f'<span class="row">{"".join(card_html(c, lang, size="tiny") for c in v.chien)}</span></div>')
        cards += (f'<div class="reveal" data-testid="ecart"><span class="caption">{escape(t("ecart_was", lang))}</span>'
                  f'<span class="row">{"".join(card_html(c, lang, size="tiny") for c in v.ecart)}</span></div>')
    else:
        key = "chien_to_attack" if goes == "attack" else "chien_to_defense"
        cards += (f'<div class="reveal"><span class="caption">{escape(t(key, lang))}</span>'
                  f'<span class="row">{"".join(card_html(c, lang, size="tiny") for c in v.chien)}</span></div>')
    return (f'<div class="result-body">{head}<div class="reveals">{cards}</div></div>'
            f'<ol class="calc" aria-label="{escape(t("calc_label", lang))}">{calc_html}</ol>'
            + _deal_scores(screen, result))


def _deal_scores(screen: Screen, result: DealResult) -> str:
    """What the deal counts in the match, seat by seat: the tokens under traditional scoring,
    else the scores."""
    shown = result.match_points
    title = "tokens_of" if result.tokens is not None else "score_of"
    rows = "".join(f'<li><span>{escape(_name(screen, s))}</span>'
                   f'<b class="{"pos" if x > 0 else "neg" if x < 0 else ""}" data-result-seat="{s}">{signed(x)}</b></li>'
                   for s, x in enumerate(shown))
    return f'<div class="deal-scores"><h3>{escape(t(title, lang=screen.lang))}</h3><ul>{rows}</ul></div>'


def _panel_done(screen: Screen) -> str:
    lang = screen.lang
    return (f'<div class="result" data-testid="result"><div class="result-head">'
            f'<h2 class="panel-title">{escape(t("result_title", lang))}</h2>'
            + _button(t("next_deal", lang), action="next-deal", ident="btn-next-deal", cls="btn primary",
                      extra_attrs=" data-autofocus")
            + f'</div>{render_result(screen)}</div>')


# --------------------------------------------------------------------- hand
def render_hand(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    my_turn = v.to_act == 0
    choosing = my_turn and (v.phase == "ecart" or screen.poignee_size is not None)
    chien = set(v.chien) if v.phase == "ecart" and v.taker == 0 else set()
    buttons = []
    marking = my_turn and v.phase in ("ecart", "purchase", "play")  # cards to choose from now
    autofocused = False
    offers_first = bool(screen.poignee_offers or screen.misere_offers) and not screen.ui.poignee_declined \
        and screen.poignee_size is None
    for c in v.hand:
        playable = c in screen.playable
        extras = []
        if marking and playable:
            extras.append("playable")
        elif marking:
            extras.append("unplayable")
        if c in chien:
            extras.append("from-chien")
        pressed = (c in screen.selected) if choosing else None
        if pressed:
            extras.append("selected")
        focus = ""
        if marking and playable and not autofocused and not offers_first:
            focus, autofocused = " data-autofocus", True  # the first legal choice of the decision
        buttons.append(card_button(c, lang, disabled=not playable, pressed=pressed, extra=" ".join(extras),
                                   attrs=focus))
    cls = "hand" + (" choosing" if choosing else "") + (" my-turn" if marking else "")
    return (f'<h2 class="sr-only">{escape(t("your_hand", lang))}</h2>'
            f'<div class="{cls}" role="group" aria-label="{escape(t("your_hand", lang))}" data-testid="hand" '
            f'data-n="{len(v.hand)}">'
            f'{"".join(buttons)}</div>')


# --------------------------------------------------------------------- side
def render_sheet(screen: Screen) -> str:
    lang = screen.lang
    n = screen.view.rules.players
    head = "".join(f'<th scope="col" data-seat="{s}">{escape(_seat_label(screen, s))}</th>' for s in range(n))
    rows = []
    for index, (number, result) in enumerate(screen.sheet, 1):
        if result.redeal is not None or result.contract is None:
            what = t("redeal", lang)
        else:
            what = f'{_contract(result.contract.code, lang)} · {_name(screen, result.taker)}'
            what += " ✓" if result.made else " ✗"
        cells = "".join(f'<td class="num" data-seat="{s}">{signed(x)}</td>' for s, x in enumerate(result.match_points))
        label = escape(t("deal", lang, n=number))
        undone = ""
        if number in screen.undone:
            undone = ' data-undone="1"'
            what += f' ↺ ({t("undone_mark", lang)})'
        rows.append(f'<tr data-deal="{number}"{undone}><th scope="row" title="{label}">{index}</th>'
                    f'<td class="what">{escape(what)}</td>{cells}</tr>')
    totals = "".join(f'<td class="num" data-seat="{s}">{signed(x)}</td>' for s, x in enumerate(screen.totals))
    if screen.tokens is not None:  # traditional scoring: the rows and totals are tokens; the pots on the table
        pots = ", ".join(str(p) for p in screen.pots) or "0"
        totals += (f'</tr><tr class="tokens" data-testid="tokens"><th scope="row" colspan="{n + 2}">'
                   f'{escape(t("pots_on_table", lang, pots=pots))}</th>')
    empty = "" if rows else f'<p class="empty">{escape(t("no_deal_yet", lang))}</p>'
    return (f'<h2 class="side-title" id="sheet-title">{escape(t("score_sheet", lang))}</h2>'
            f'<div class="sheet-scroll"><table class="sheet" data-testid="score-sheet" aria-labelledby="sheet-title">'
            f'<thead><tr><th scope="col">#</th>'
            f'<th scope="col">{escape(t("sheet_contract", lang))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody>'
            f'<tfoot><tr><th scope="row" colspan="2">{escape(t("total", lang))}</th>{totals}</tr></tfoot>'
            f'</table></div>{empty}')


SEAT_COLOURS = ("#c8102e", "#1e3a8a", "#1d7a46", "#b26a00", "#6b2385")


def running_totals(screen: "Screen") -> list[list[int]]:
    """Each seat's running total after each finished deal (starting from 0)."""
    n = screen.view.rules.players
    rows = [[0] * n]
    for _, result in screen.sheet:
        scores = result.match_points
        rows.append([rows[-1][s] + scores[s] for s in range(n)])
    return rows


def render_chart(screen: "Screen") -> str:
    """The running totals as an inline SVG line chart, with its text alternative."""
    lang = screen.lang
    rows = running_totals(screen)
    if len(rows) < 2:
        return ""
    n = len(rows[0])
    w, h, pad = 320, 150, 10
    lo = min(min(r) for r in rows)
    hi = max(max(r) for r in rows)
    span = hi - lo
    deals = len(rows) - 1

    def x(i: int) -> float:
        return round(pad + (w - 2 * pad) * i / deals, 1)

    def y(v: int) -> float:
        if hi == lo:  # every total the same (deals passed out): a flat line across the middle
            return h / 2
        return round(pad + (h - 2 * pad) * (hi - v) / span, 1)

    parts = [f'<line class="zero" x1="{pad}" x2="{w - pad}" y1="{y(0)}" y2="{y(0)}"/>']
    # Where totals are equal (the defenders of a deal at 4 players), the lines and points lie
    # on each other: each is drawn wider by the number of later seats on it, widest first,
    # so that every colour shows as a stripe.
    lines: list[tuple[float, str]] = []
    dots: list[tuple[float, str]] = []
    for seat in range(n):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        for i in range(1, len(rows)):
            a, b = rows[i - 1], rows[i]
            under = sum(1 for o in range(seat + 1, n) if a[o] == a[seat] and b[o] == b[seat])
            width = 2 + 2.2 * under
            lines.append((width, f'<line data-seat="{seat}" x1="{x(i - 1)}" y1="{y(a[seat])}" x2="{x(i)}" '
                                 f'y2="{y(b[seat])}" stroke="{colour}" stroke-width="{width:g}" stroke-linecap="round"/>'))
            under = sum(1 for o in range(seat + 1, n) if b[o] == b[seat])
            radius = 2.6 + 1.1 * under
            dots.append((radius, f'<circle data-seat="{seat}" data-deal="{i}" data-total="{b[seat]}" '
                                  f'cx="{x(i)}" cy="{y(b[seat])}" r="{radius:g}" fill="{colour}"/>'))
    parts += [mark for _, mark in sorted(lines, key=lambda m: -m[0]) + sorted(dots, key=lambda m: -m[0])]
    final = ", ".join(f"{_name(screen, s)} {signed(rows[-1][s])}" for s in range(n))
    desc = t("chart_desc", lang, n=deals, s=plural_s(deals, lang), totals=final, lo=signed(lo), hi=signed(hi))
    legend = "".join(f'<li><span class="swatch" data-seat="{s}"></span>{escape(_name(screen, s))}</li>'
                     for s in range(n))
    return (f'<figure class="chart"><svg data-testid="chart" viewBox="0 0 {w} {h}" role="img" '
            f'aria-labelledby="chart-title chart-desc">'
            f'<title id="chart-title">{escape(t("chart_title", lang))}</title>'
            f'<desc id="chart-desc">{escape(desc)}</desc>{"".join(parts)}</svg>'
            f'<figcaption><ul class="legend">{legend}</ul></figcaption></figure>')


def player_stats(screen: "Screen") -> list[dict[str, int]]:
    """Per player over the match: deals taken, contracts made, average score per deal."""
    n = screen.view.rules.players
    stats = [{"taken": 0, "made": 0, "total": 0, "deals": 0} for _ in range(n)]
    for _, result in screen.sheet:
        for seat in range(n):
            stats[seat]["deals"] += 1
            stats[seat]["total"] += result.match_points[seat]
        taker = result.taker
        if result.redeal is None and taker is not None:
            stats[taker]["taken"] += 1
            stats[taker]["made"] += 1 if result.made else 0
    return stats


def render_stats(screen: "Screen") -> str:
    lang = screen.lang
    if not screen.sheet:
        return ""
    rows = []
    for seat, st in enumerate(player_stats(screen)):
        average = st["total"] / st["deals"] if st["deals"] else 0
        rows.append(f'<tr data-seat="{seat}"><th scope="row">{escape(_name(screen, seat))}</th>'
                    f'<td class="num" data-stat="taken">{st["taken"]}</td><td class="num" data-stat="made">{st["made"]}</td>'
                    f'<td class="num" data-stat="average">{escape(_average(average, lang))}</td></tr>')
    return (f'<table class="stats" data-testid="stats"><caption>{escape(t("stats_title", lang))}</caption>'
            f'<thead><tr><th scope="col">{escape(t("player", lang))}</th><th scope="col">{escape(t("stat_taken", lang))}</th>'
            f'<th scope="col">{escape(t("stat_made", lang))}</th><th scope="col">{escape(t("stat_average", lang))}</th>'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _average(value: float, lang: str) -> str:
    text = signed(round(value)) if float(value).is_integer() else (
        ("+" if value > 0 else "−") + f"{abs(value):.1f}")
    return text.replace(".", t("decimal_mark", lang))


def render_side(screen: Screen) -> str:
    more = ""
    if screen.history:
        more = ('<p class="side-more">' + _button(t("history_button", screen.lang, n=len(screen.history)),
                                                  action="history", ident="btn-history", cls="btn ghost") + "</p>")
    return render_sheet(screen) + render_chart(screen) + render_stats(screen) + more


# ------------------------------------------------------------------ overlay
def render_setup(screen: Screen) -> str:
    s, lang = screen.settings, screen.lang
    draft = screen.ui.setup_draft or {}
    chosen_players = draft.get("players", s.players)
    chosen_level = draft.get("level", s.level)
    chosen_options = draft.get("options", s.options)
    players = "".join(
        f'<label class="choice"><input type="radio" name="players" value="{n}"{" checked" if chosen_players == n else ""}>'
        f'<span>{escape(t("players_n", lang, n=n))}</span></label>' for n in (3, 4, 5))
    levels = "".join(f'<option value="{escape(lv)}"{" selected" if chosen_level == lv else ""}>'
                     f'{escape(level_name(lv, lang))}</option>' for lv in screen.levels)
    options = "".join(
        f'<label class="check"><input type="checkbox" name="option" value="{escape(o)}"'
        f'{" checked" if chosen_options.get(o) else ""}><span>{escape(option_name(o, lang))}</span></label>'
        for o in screen.options)
    langs = "".join(
        f'<label class="choice"><input type="radio" name="lang" value="{code}"{" checked" if lang == code else ""}>'
        f'<span lang="{code}">{escape(t("language_name", code))}</span></label>' for code in LANGS)
    message = explain(screen.ui.setup_message, screen)
    cancel = _button(t("cancel", lang), action="cancel-setup", ident="btn-cancel-setup", cls="btn ghost") \
        if screen.ui.setup_message is None or (isinstance(screen.ui.setup_message, tuple)
                                               and screen.ui.setup_message[0] == "bad_deal_number") else ""
    history = (_button(t("history_button", lang, n=len(screen.history)), action="history", ident="btn-history-setup",
                       cls="btn ghost") if screen.history else "")
    if screen.ui.setup_confirm:
        finished = len(screen.sheet)
        if screen.view.phase == "done":  # the deal on show is over: nothing is given up
            one, many = "confirm_end_deal", "confirm_end_deals"
        else:
            one, many = "confirm_lose_deal", "confirm_lose_deals"
        what = t(many, lang, n=finished) if finished > 1 else t(
            one if finished == 1 else "confirm_lose_current", lang)
        actions = (f'<div class="confirm" data-testid="confirm-new-game" role="alert">'
                   f'<p>{escape(what)}</p><div class="dialog-actions">'
                   + _button(t("keep_match", lang), action="keep-match", ident="btn-keep-match", cls="btn ghost",
                             extra_attrs=" data-autofocus")
                   + _button(t("confirm_start", lang), action="confirm-start", ident="btn-confirm-start",
                             cls="btn primary")
                   + '</div></div>')
    else:
        actions = (f'<div class="dialog-actions">{history}{cancel}'
                   f'<button type="submit" class="btn primary" id="btn-start" data-action="start">'
                   f'{escape(t("start", lang))}</button></div>')
    return (f'<div class="overlay" data-testid="setup"><div class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="setup-title"><form id="setup-form" novalidate>'
            f'<h2 id="setup-title">{escape(t("setup_title", lang))}</h2>'
            f'<p class="intro">{escape(t("rules_intro", lang))} '
            f'<a class="lessons-link" href="lessons/index.html">{escape(t("lessons_intro", lang))}</a></p>'
            f'<p class="message{" shown" if message else ""}" data-testid="setup-message" role="alert">{escape(message)}</p>'
            f'<fieldset><legend>{escape(t("players", lang))}</legend><div class="choices">{players}</div></fieldset>'
            f'<label class="field"><span>{escape(t("level", lang))}</span><select name="level">{levels}</select></label>'
            f'<fieldset><legend>{escape(t("options", lang))}</legend>{options}</fieldset>'
            f'<fieldset><legend>{escape(t("language", lang))}</legend><div class="choices">{langs}</div></fieldset>'
            f'<label class="field"><span>{escape(t("deal_number", lang))}</span>'
            f'<input type="text" name="deal" inputmode="numeric" autocomplete="off" placeholder="1234" '
            f'value="{escape(draft.get("deal", ""))}">'
            f'<small>{escape(t("deal_number_help", lang))}</small></label>'
            f'<label class="field"><span>{escape(t("your_name", lang))}</span>'
            f'<input type="text" name="name" maxlength="{MAX_NAME_CHARS}" autocomplete="nickname" '
            f'placeholder="{escape(t("your_name_placeholder", lang))}" value="{escape(draft.get("name", s.name))}"></label>'
            f'{actions}</form></div></div>')


def render_last_trick(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    n = v.rules.players
    if not v.tricks:
        body = f'<p>{escape(t("no_trick_yet", lang))}</p>'
    else:
        leader, cards, winner = v.tricks[-1]
        items = []
        for i, c in enumerate(cards):
            seat = (leader + i) % n
            won = " won" if seat == winner else ""
            items.append(f'<li class="played{won}">{card_html(c, lang, size="small")}'
                         f'<span>{escape(_name(screen, seat))}</span></li>')
        body = (f'<ol class="last-trick">{"".join(items)}</ol>'
                f'<p>{escape(event_text(("trick_won", {"seat": winner}), screen))}</p>')
    return (f'<div class="overlay" data-testid="last-trick"><div class="dialog small" role="dialog" aria-modal="true" '
            f'aria-labelledby="last-trick-title"><h2 id="last-trick-title">{escape(t("last_trick", lang))}</h2>{body}'
            f'<div class="dialog-actions">{_button(t("close", lang), action="close-last-trick", ident="btn-close-last-trick", cls="btn primary")}'
            f'</div></div></div>')


def render_history(screen: "Screen") -> str:
    """The finished matches kept in the browser: when, how many players and deals, the totals."""
    lang = screen.lang
    items = []
    for i, match in enumerate(screen.history):
        players = match.players
        name = match.settings.get("name") or ""
        names = [name if s == 0 and name else seat_name(s, lang) for s in range(players)]
        totals = match_totals(match)
        when = match.ended[:16].replace("T", " ")
        cells = "".join(f'<li><span>{escape(names[s])}</span> <b data-seat="{s}">{signed(x)}</b></li>'
                        for s, x in enumerate(totals))
        deals = len(match.results)
        items.append(f'<li class="past-match" data-match="{i}"><p><b>{escape(when)}</b> · '
                     f'{escape(t("players_n", lang, n=players))} · '
                     f'{escape(t("n_deals", lang, n=deals) if deals > 1 else t("one_deal", lang))}</p>'
                     f'<ul class="past-totals">{cells}</ul></li>')
    body = (f'<ol class="history">{"".join(items)}</ol>' if items
            else f'<p>{escape(t("no_history", lang))}</p>')
    return (f'<div class="overlay" data-testid="history"><div class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="history-title"><h2 id="history-title">{escape(t("history_title", lang))}</h2>{body}'
            f'<div class="dialog-actions">'
            f'{_button(t("close", lang), action="close-history", ident="btn-close-history", cls="btn primary")}'
            f'</div></div></div>')


def render_tricks(screen: "Screen") -> str:
    """Every trick of the deal so far: who led it, the cards in play order, who won it."""
    v, lang = screen.view, screen.lang
    n = v.rules.players
    items = []
    for number, (leader, cards, winner) in enumerate(v.tricks, 1):
        played = []
        for i, c in enumerate(cards):
            seat = (leader + i) % n
            cls = "played" + (" won" if seat == winner else "") + (" led" if i == 0 else "")
            played.append(f'<li class="{cls}" data-seat="{seat}">{card_html(c, lang, size="tiny")}'
                          f'<span>{escape(_name(screen, seat))}</span></li>')
        items.append(f'<li class="trick-row" data-trick="{number}" data-leader="{leader}" data-winner="{winner}">'
                     f'<p>{escape(t("trick_line", lang, n=number, leader=_name_within(screen, leader), winner=_name_within(screen, winner)))}</p>'
                     f'<ol class="trick-cards">{"".join(played)}</ol></li>')
    body = (f'<ol class="tricks-list">{"".join(reversed(items))}</ol>' if items
            else f'<p>{escape(t("no_trick_yet", lang))}</p>')
    return (f'<div class="overlay" data-testid="tricks"><div class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="tricks-title"><h2 id="tricks-title">{escape(t("tricks_title", lang))}</h2>{body}'
            f'<div class="dialog-actions">'
            f'{_button(t("close", lang), action="close-tricks", ident="btn-close-tricks", cls="btn primary")}'
            f'</div></div></div>')


def render_settings(screen: "Screen") -> str:
    """The page's settings: saved with the match."""
    s, lang = screen.settings, screen.lang

    def radios(name: str, choices: list[tuple[str, str]], chosen: str) -> str:
        return "".join(
            f'<label class="choice"><input type="radio" name="{name}" value="{value}"{" checked" if value == chosen else ""}>'
            f'<span>{escape(label)}</span></label>' for value, label in choices)

    paces = radios("pace", [("slow", t("pace_slow", lang)), ("normal", t("pace_normal", lang)),
                            ("fast", t("pace_fast", lang))], s.pace)
    langs = "".join(  # each language named in its own words
        f'<label class="choice"><input type="radio" name="lang" value="{code}"{" checked" if code == lang else ""}>'
        f'<span lang="{code}">{escape(t("language_name", code))}</span></label>' for code in LANGS)
    upcoming = s.next_level or s.level
    levels = "".join(f'<option value="{escape(lv)}"{" selected" if upcoming == lv else ""}>'
                     f'{escape(level_name(lv, lang))}</option>' for lv in screen.levels)
    checks = "".join(
        f'<label class="check"><input type="checkbox" name="{name}"{" checked" if on else ""}>'
        f'<span>{escape(t(key, lang))}</span></label>'
        for name, key, on in (("animations", "setting_animations", s.animations),
                              ("live_count", "setting_live_count", s.live_count)))
    return (f'<div class="overlay" data-testid="settings"><div class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="settings-title"><form id="settings-form" novalidate>'
            f'<h2 id="settings-title">{escape(t("settings", lang))}</h2>'
            f'<fieldset><legend>{escape(t("setting_pace", lang))}</legend><div class="choices">{paces}</div></fieldset>'
            f'<fieldset><legend>{escape(t("setting_display", lang))}</legend>{checks}</fieldset>'
            f'<fieldset><legend>{escape(t("language", lang))}</legend><div class="choices">{langs}</div></fieldset>'
            f'<label class="field"><span>{escape(t("setting_next_level", lang))}</span>'
            f'<select name="next_level">{levels}</select></label>'
            f'<div class="dialog-actions">'
            + _button(t("cancel", lang), action="close-settings", ident="btn-close-settings", cls="btn ghost")
            + f'<button type="submit" class="btn primary" id="btn-save-settings" data-action="save-settings">'
            f'{escape(t("save", lang))}</button></div></form></div></div>')


def render_overlay(screen: Screen) -> str:
    if screen.ui.setup_open:
        return render_setup(screen)
    if screen.ui.settings_open:
        return render_settings(screen)
    if screen.ui.tricks_open:
        return render_tricks(screen)
    if screen.ui.history_open:
        return render_history(screen)
    if screen.ui.last_trick_open:
        return render_last_trick(screen)
    return ""


def render_notice(screen: Screen) -> str:
    """Page notes until dismissed: URL parameters that were ignored, each named; a game the
    browser cannot save."""
    lang = screen.lang
    if not screen.notices:
        return ""
    items = []
    for key, params in screen.notices:
        words = dict(params)
        if "expected" in words:
            words["expected"] = t(words["expected"], lang, levels=", ".join(screen.levels), langs=", ".join(LANGS[:-1]),
                                  last=LANGS[-1])
        items.append(f"<li>{escape(t(key, lang, **words))}</li>")
    return (f'<div class="notice" data-testid="url-notice" role="alert"><ul>{"".join(items)}</ul>'
            + _button(t("dismiss", lang), action="dismiss-notice", ident="btn-dismiss-notice", cls="btn ghost")
            + "</div>")


def render_live(screen: Screen) -> str:
    return escape(" ".join(event_text(e, screen) for e in screen.events))
