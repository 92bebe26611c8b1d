"""The action panel (the decision asked of the person, or the end of the deal) and the hand."""
from __future__ import annotations

from html import escape

from tarot.actions import Bid, Call
from tarot.cards import NOTATION, SUIT_MASKS, Card, cards_of, mask_of
from tarot.i18n import CORNER_WORDS, card_name, poignee_name
from tarot.rules import purchasable
from tarot.words import t

from .cardface import card_button, card_html, suit_colour
from .labels import colon
from ..duplicate.view import duplicate_block
from .parts import button, contract_words, event_text, explain, player_name
from ..teaching.records import review_opener
from .result import render_result
from ..match.screen import Screen


# -------------------------------------------------------------------- panel
def _status(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    if v.phase == "done" or v.to_act is None:
        return ""
    if v.to_act == 0:
        return f'<p class="status you">{escape(t("your_turn", lang))}</p>'
    key = "waiting" if screen.bot_thinking else "turn_of"
    return f'<p class="status">{escape(t(key, lang, name=player_name(screen, v.to_act)))}</p>'


def render_message(screen: Screen) -> str:
    text = explain(screen.ui.message, screen)
    cls = "message" + (" shown" if text else "")
    return f'<p class="{cls}" data-testid="message" role="status">{escape(text)}</p>'


# The panel of each phase.
PANELS = {
    "bidding": lambda screen: _panel_bidding(screen),
    "calling": lambda screen: _panel_calling(screen),
    "purchase": lambda screen: _panel_purchase(screen),
    "ecart": lambda screen: _panel_ecart(screen),
    "chelem": lambda screen: _panel_chelem(screen),
    "play": lambda screen: _panel_play(screen),
    "done": lambda screen: _panel_done(screen),
}


def render_panel(screen: Screen) -> str:
    """The tournament's reference at the end of a deal, the phase's panel, the last message,
    and the review of a finished deal."""
    return (duplicate_block(screen) + PANELS[screen.view.phase](screen) + render_message(screen)
            + review_opener(screen))


def _panel_bidding(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    said = " · ".join(f'{escape(player_name(screen, s))}{colon(lang)}{escape(contract_words(c, lang))}' for s, c in v.bids)
    out = f'<h2 class="panel-title optional">{escape(t("bids_title", lang))}</h2>'
    out += f'<p class="bids-so-far">{said or "&nbsp;"}</p>'
    if v.to_act == 0:
        buttons: list[str] = []
        for a in v.legal:
            if isinstance(a, Bid):
                code = a.code
                cls = "btn bid pass" if code == "pass" else "btn bid"
                buttons.append(button(contract_words(code, lang), bid=code, cls=cls, ident=f"bid-{code}",
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
        buttons.append(button(t(label, lang), action="no-call", ident="btn-no-call", cls="btn"))
    return (f'<h2 class="panel-title">{escape(title)}</h2>'
            f'<div class="actions calls" role="group" aria-label="{escape(title)}">{"".join(buttons)}</div>')


_SUIT_SIGNS = "♠♥♦♣"


def _panel_purchase(screen: Screen) -> str:
    """Option purchase: the taker asks for a suit card held by another seat (named, never
    shown where it lies), then clicks the card of his to give for it."""
    v, lang = screen.view, screen.lang
    if v.to_act != 0:
        return f'<p class="status">{escape(t("purchase_waiting", lang, name=player_name(screen, v.to_act)))}</p>'
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
        return f'<p class="status">{escape(t("taker_takes_chien", lang, name=player_name(screen, v.taker)))}</p>' + _status(screen)
    size = v.rules.chien_size
    k = len(screen.selected)
    note = ""
    if any(Card(c).is_trump for c in screen.selected):
        note = f'<p class="note">{escape(t("ecart_trump_note", lang))}</p>'
    return (f'<h2 class="panel-title">{escape(t("ecart_title", lang, n=size))}</h2>'
            f'<div class="actions"><span class="counter">{escape(t("ecart_count", lang, k=k, n=size))}</span>'
            + button(t("confirm_ecart", lang), action="confirm-ecart", ident="btn-confirm-ecart",
                      cls="btn primary", disabled=k != size)
            + f'</div>{note}')


def _panel_chelem(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    if v.to_act != 0:
        return _status(screen)
    return (f'<h2 class="panel-title">{escape(t("chelem_question", lang))}</h2><div class="actions">'
            + button(t("no_chelem", lang), action="no-chelem", ident="btn-no-chelem", cls="btn primary",
                      extra_attrs=" data-autofocus")
            + button(t("announce_chelem", lang), action="announce-chelem", ident="btn-announce-chelem")
            + "</div>")


def _panel_play(screen: Screen) -> str:
    """The cards shown before the first tricks; the poignée being chosen, or the declarations
    offered before the person's first card; whose turn it is."""
    v = screen.view
    out = _shown_cards(screen)
    if v.to_act == 0 and screen.poignee_size is not None:
        out += _poignee_choosing(screen)
    elif v.to_act == 0 and (screen.poignee_offers or screen.misere_offers) and not screen.ui.poignee_declined:
        out += _poignee_offers(screen) + _misere_offers(screen)
    return out + _status(screen)


def _shown_cards(screen: Screen) -> str:
    """The trumps of another taker's écart and the poignées, shown through the first trick."""
    v, lang = screen.view, screen.lang
    out = ""
    if v.ecart and v.taker != 0 and len(v.tricks) < 2:
        shown = "".join(card_html(c, lang, size="tiny") for c in v.ecart)
        out += (f'<div class="shown-poignee" data-testid="ecart-trumps"><span>{escape(t("ecart_trumps_shown", lang))}</span>'
                f'<span class="row">{shown}</span></div>')
    for seat, size, cards in v.poignees if len(v.tricks) < 2 else ():
        if seat == 0 and screen.poignee_size is None and v.tricks:
            continue
        shown = "".join(card_html(c, lang, size="tiny") for c in cards)
        out += (f'<div class="shown-poignee" data-testid="poignee-{seat}"><span>'
                f'{escape(event_text(("poignee_shown", {"seat": seat, "size": size}), screen))}</span>'
                f'<span class="row">{shown}</span></div>')
    return out


def _poignee_choosing(screen: Screen) -> str:
    lang = screen.lang
    n = dict((name, k) for name, k in screen.poignee_offers).get(screen.poignee_size or "", 0)
    k = len(screen.selected)
    return (f'<h2 class="panel-title">{escape(t("poignee_choose", lang, n=n, k=k))}</h2><div class="actions">'
            + button(t("declare_poignee", lang), action="declare-poignee", ident="btn-declare-poignee",
                     cls="btn primary", disabled=k != n)
            + button(t("cancel", lang), action="cancel-poignee", ident="btn-cancel-poignee")
            + "</div>")


def _poignee_offers(screen: Screen) -> str:
    if not screen.poignee_offers:
        return ""
    lang = screen.lang
    out = f'<h2 class="panel-title">{escape(t("poignee_offer", lang))}</h2><div class="actions">'
    for name, n in screen.poignee_offers:
        label = t("poignee_size_button", lang, name=poignee_name(name, lang), n=n)
        out += button(label, action="choose-poignee", extra_attrs=f' data-size="{name}"', ident=f"btn-poignee-{name}")
    out += button(t("no_poignee", lang), action="no-poignee", ident="btn-no-poignee", cls="btn primary",
                  extra_attrs=" data-autofocus")
    return out + "</div>"


def _misere_offers(screen: Screen) -> str:
    if not screen.misere_offers:
        return ""
    lang = screen.lang
    out = f'<div class="actions"><span>{escape(t("misere_offer", lang))}</span>'
    for kind in screen.misere_offers:
        out += button(t("misere_" + kind, lang), action="declare-misere", extra_attrs=f' data-kind="{kind}"',
                      ident=f"btn-misere-{kind}")
    return out + "</div>"


def _panel_done(screen: Screen) -> str:
    lang = screen.lang
    return (f'<div class="result" data-testid="result"><div class="result-head">'
            f'<h2 class="panel-title">{escape(t("result_title", lang))}</h2>{_next(screen)}'
            f'</div>{render_result(screen)}{_analysis_progress(screen)}</div>')


def _analysis_progress(screen: Screen) -> str:
    """How far the graded analysis of the deal just over has gone (its figures: the review)."""
    lang = screen.lang
    if screen.analysis_error:
        return f'<p class="analysis-progress" role="status">{escape(t("analysis_failed", lang, error=screen.analysis_error))}</p>'
    if screen.analysis_progress is None:
        return ""
    done, total = screen.analysis_progress
    said = t("analysis_progress", lang, k=done, n="…" if total is None else total)
    return (f'<p class="analysis-progress" data-testid="analysis-progress" data-done="{done}" '
            f'data-total="{"" if total is None else total}">{escape(said)}</p>')


def _next(screen: Screen) -> str:
    """What follows a deal: the next deal; after a situation's, the lesson's next table where
    it has one, and a normal deal; nothing after a tournament's last deal."""
    lang = screen.lang
    if screen.tournament is not None and screen.tournament.over:
        return ""
    if not screen.situation:
        return button(t("next_deal", lang), action="next-deal", ident="btn-next-deal", cls="btn primary",
                      extra_attrs=" data-autofocus")
    link = "" if screen.lesson_next is None else (
        f'<a class="btn primary" id="btn-lesson-next" href="{escape(screen.lesson_next)}" target="_top" '
        f'data-testid="lesson-next" data-autofocus>{escape(t("lesson_next_table", lang))}</a>')
    return link + button(t("next_deal_normal", lang), action="next-deal", ident="btn-next-deal",
                         cls="btn ghost" if link else "btn primary", extra_attrs="" if link else " data-autofocus")


# --------------------------------------------------------------------- hand
def render_hand(screen: Screen) -> str:
    """The person's cards: those that may be chosen now marked, the chosen ones pressed, the
    chien's ones in the écart marked; the first that may be chosen takes the focus."""
    v, lang = screen.view, screen.lang
    my_turn = v.to_act == 0
    choosing = my_turn and (v.phase == "ecart" or screen.poignee_size is not None)
    marking = my_turn and v.phase in ("ecart", "purchase", "play")  # cards to choose from now
    offers_first = bool(screen.poignee_offers or screen.misere_offers) and not screen.ui.poignee_declined \
        and screen.poignee_size is None
    first = None if not marking or offers_first else next((c for c in v.hand if c in screen.playable), None)
    buttons = [_hand_card(screen, c, marking, choosing, c == first) for c in v.hand]
    cls = "hand" + (" choosing" if choosing else "") + (" my-turn" if marking else "")
    return (f'<h2 class="sr-only">{escape(t("your_hand", lang))}</h2>'
            f'<div class="{cls}" role="group" aria-label="{escape(t("your_hand", lang))}" data-testid="hand" '
            f'data-n="{len(v.hand)}">'
            f'{"".join(buttons)}</div>')


def _hand_card(screen: Screen, c: Card, marking: bool, choosing: bool, first: bool) -> str:
    """One card of the hand (``first``: the first legal choice of the decision, focused)."""
    v = screen.view
    playable = c in screen.playable
    classes = []
    if marking:
        classes.append("playable" if playable else "unplayable")
    if v.phase == "ecart" and v.taker == 0 and c in v.chien:
        classes.append("from-chien")
    pressed = (c in screen.selected) if choosing else None
    if pressed:
        classes.append("selected")
    return card_button(c, screen.lang, disabled=not playable, pressed=pressed, extra=" ".join(classes),
                       attrs=" data-autofocus" if first else "")
