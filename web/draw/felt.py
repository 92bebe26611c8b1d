"""The table's regions around the cards in play: the top bar, the seats and the trick on the
felt, the live count, the page notes and the live region for screen readers."""
from __future__ import annotations

from html import escape

from tarot.cards import NOTATION, Card
from tarot.errors import refusal_words
from tarot.teaching.livecount import Pile
from tarot.i18n import card_name, poignee_name
from tarot.view import SeatView
from tarot.words import LANGS, t

from .cardface import card_back, card_html
from .labels import colon, other_lang, plural_s, points_text, singular
from .parts import button, contract_words, event_text, player_name
from ..teaching.records import replay_banner
from ..match.screen import Screen

BOUT_WORDS = {"T1": "bout_T1", "T21": "bout_T21", "EX": "bout_EX"}
# Where each seat sits, seat 0 at the bottom and play going counter-clockwise.
POSITIONS = {
    3: ("bottom", "top-right", "top-left"),
    4: ("bottom", "right", "top", "left"),
    5: ("bottom", "right", "top-right", "top-left", "left"),
}


# ------------------------------------------------------------------- topbar
def deal_title(screen: Screen) -> str:
    """"Donne n° 1234", or what the deal on show is when it has no number of its own (a puzzle, a situation)."""
    lang = screen.lang
    return (t("puzzle_title", lang) if screen.puzzle else t("situation_deal", lang) if screen.situation
            else t("deal", lang, n=screen.deal_number))


def render_topbar(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    info = [f'<span class="deal-no">{escape(deal_title(screen))}</span>',
            f'<span>{escape(t("dealer", lang, name=player_name(screen, v.dealer)))}</span>']
    if v.contract is not None:
        info.append(f'<span class="contract-info"><b>{escape(contract_words(v.contract.code, lang))}</b> · '
                    f'{escape(t("taker", lang))}{colon(lang)}{escape(player_name(screen, v.taker))}</span>')
    if v.called is not None:
        info.append(f'<span>{escape(t("called_card", lang))}{colon(lang)}{escape(card_name(v.called, lang))}</span>')
        if v.partner_known:
            partner = (t("partner_is", lang, name=player_name(screen, v.partner)) if v.partner is not None
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
        button(t("last_trick", lang), action="last-trick", ident="btn-last-trick", disabled=last_disabled,
                cls="btn ghost"),
        button(t("tricks", lang), action="tricks", ident="btn-tricks", cls="btn ghost",
               disabled=last_disabled and not (v.chien and v.phase == "play")),  # the chien shown is listed there
        f'<button type="button" class="btn ghost menu-toggle" id="btn-menu" data-action="menu" '
        f'aria-expanded="{"true" if screen.ui.menu_open else "false"}" aria-controls="more-tools">'
        f'{escape(t("menu", lang))}</button>',
        '<span class="more" id="more-tools">',
        button(t("settings", lang), action="settings", ident="btn-settings", cls="btn ghost"),
        f'<a class="btn ghost" id="btn-lessons" href="lessons/index.html" title="{escape(t("lessons_label", lang))}">'
        f'{escape(t("lessons", lang))}</a>',
        button(t("scores", lang), action="scores", ident="btn-sheet", cls="btn ghost only-narrow"),
        f'<button type="button" class="btn ghost" id="btn-lang" data-action="lang" lang="{other}" '
        f'aria-label="{escape(t("lang_switch_to", other))}" title="{escape(t("lang_switch_to", other))}">'
        f'{escape(t("language_code", other))}</button>',
        button(t("new_game", lang), action="new-game", ident="btn-new-game", cls="btn"),
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
        bubble = f'<span class="{cls}" data-seat-bid="{bid}">{escape(contract_words(bid, lang))}</span>'
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
    return (f'<section class="{cls}" data-seat="{seat}" aria-label="{escape(player_name(screen, seat))}">'
            f'<div class="seat-name"><span class="name">{escape(player_name(screen, seat))}</span>'
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
                inner += f'<span class="led-mark" title="{escape(t("led_by", lang, name=player_name(screen, seat)))}">' \
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
            return _slots(screen, in_trick, None, t("led_by", lang, name=player_name(screen, v.leader)), False,
                          leader=v.leader, fresh=v.trick[-1])
        if v.tricks:
            leader, last, winner = v.tricks[-1]
            by_seat = {(leader + i) % n: c for i, c in enumerate(last)}
            return _slots(screen, by_seat, winner, t("trick_won_short", lang, name=player_name(screen, winner)), True,
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


def _pile_words(screen: Screen, pile: Pile, points: str) -> str:
    """A pile's tricks, card points and bouts, in words."""
    bouts = f' · {escape(t("bouts_n", screen.lang, bouts=_bouts_text(screen, pile.bouts)))}' if pile.bouts else ""
    return f'{escape(_tricks_n(pile.tricks, screen.lang))} · {escape(points)}{bouts}'


def _pile_data(key: str, pile: Pile) -> str:
    return (f'data-pile="{key}" data-tricks="{pile.tricks}" data-half-points="{pile.half_points}" '
            f'data-bouts="{" ".join(NOTATION[c] for c in pile.bouts)}"')


def render_count(screen: "Screen") -> str:
    """The live count (tarot.teaching.livecount): by side once the seat knows the sides, else by seat."""
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
            who = ", ".join(player_name(screen, s) for s in pile.seats) if key == "attack" else ""
            title = t("side_attack" if key == "attack" else "side_defense", lang).capitalize()
            rows.append(f'<li {_pile_data(key, pile)}><b>{escape(title)}</b>{escape(f" ({who})" if who else "")}'
                        f'{colon(lang)}{_pile_words(screen, pile, points)}</li>')
    else:  # each player's own count, in words, until the sides are known (an empty pile: its tricks only)
        cells = [f'<span {_pile_data(f"seat-{pile.seats[0]}", pile)}>{escape(player_name(screen, pile.seats[0]))}'
                 f'{colon(lang)}'
                 + (_pile_words(screen, pile, t("points_n", lang, points=points_text(pile.points, lang)))
                    if pile.half_points or pile.bouts else escape(_tricks_n(pile.tricks, lang)))
                 + '</span>' for pile in live.piles]
        rows.append(f'<li><b>{escape(t("count_by_seat", lang))}</b>{colon(lang)}{" ; ".join(cells)}</li>')
    trumps = (f'<li data-trumps-played="{live.trumps_played}" data-trumps-out="{live.trumps_out}">'
              f'{escape(t("trumps_count", lang, played=live.trumps_played, out=live.trumps_out, s=plural_s(live.trumps_played, lang)))}</li>')
    return (f'<h2 class="sr-only">{escape(t("live_count", lang))}</h2>'
            f'<ul class="count-list" data-testid="live-count">{"".join(rows)}{trumps}</ul>')


def render_notice(screen: Screen) -> str:
    """Page notes until dismissed: URL parameters that were ignored, each named; a game the
    browser cannot save; above them, the banner of a deal replayed outside the match."""
    lang = screen.lang
    if not screen.notices:
        return replay_banner(screen)
    items = []
    for key, params in screen.notices:
        words = {k: refusal_words(v, lang) if isinstance(v, Exception) else v for k, v in params.items()}
        if "expected" in words:
            words["expected"] = t(words["expected"], lang, levels=", ".join(screen.levels), langs=", ".join(LANGS[:-1]),
                                  last=LANGS[-1])
        items.append(f"<li>{escape(t(key, lang, **words))}</li>")
    return (replay_banner(screen) + f'<div class="notice" data-testid="url-notice" role="alert"><ul>{"".join(items)}</ul>'
            + button(t("dismiss", lang), action="dismiss-notice", ident="btn-dismiss-notice", cls="btn ghost")
            + "</div>")


def render_live(screen: Screen) -> str:
    return escape(" ".join(event_text(e, screen) for e in screen.events))
