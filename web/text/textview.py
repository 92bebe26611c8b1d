"""The text mode's drawing: the deal as text for a screen reader, a pure function of the screen.

The page (region ``text``): a heading, what is asked of the person now, their hand by suit, the
teaching, and the deal's log, ``role=log`` (the bids, the call, the chien, the écart, the poignées,
every trick, the count at the end), then the score sheet.  :func:`announcement`: what the polite
live region says now, each thing as it happens ("Basile joue le Roi de cœur. Pli pour Chloé."),
then what is asked, or the answer to the last command (:mod:`web.text.commands` keeps it in
``Ui.reply``); the binding adds it to the region (:mod:`web.text.transcript`).  Hidden cards are
never named: all of it comes from seat 0's view, as the drawn table's."""
from __future__ import annotations

from dataclasses import replace
from html import escape

from tarot.actions import Bid, Call
from tarot.cards import TRUMP, Card
from tarot.i18n import card_name, card_with_article, contract_name, poignee_name, suit_name
from tarot.teaching.livecount import cards_out, live_count
from tarot.words import capitalized, t

from ..draw.felt import deal_title, render_count, render_notice
from ..draw.sheet import render_side
from ..duplicate.view import duplicate_block
from ..draw.parts import event_text, explain, player_name, player_name_within
from ..draw.panel import render_panel
from ..draw.labels import colon, signed
from ..draw.result import calculation, head_lines, render_result, token_calculation
from ..match.screen import Screen
from ..teaching.review import grade_comment, step_text
from ..teaching.teachview import render_hint, render_teaching, render_why
from .plain import plain_text

SUIT_ORDER = (TRUMP, 0, 1, 2, 3)  # a hand said trumps first, as it is shown
# The answers to a command (Ui.reply), by the command's name.
REPLY_WORDS = {"unknown": "text_unknown", "ambiguous": "text_ambiguous", "not_now": "text_not_now",
               "none_held": "text_none_held"}


def render_text(screen: Screen) -> dict[str, str]:
    """The text mode's page; the drawn table's regions are left empty by :func:`web.draw.render.render`,
    and the live region is added to, never drawn again (:mod:`web.text.transcript`)."""
    return {"text": _page(screen)}


# ------------------------------------------------------------------ the page
def _page(screen: Screen) -> str:
    """The page notes, the heading, what is asked, the hand, the teaching (a lesson's comment, a hint, an
    exercise), the tournament's reference, the log, and the score sheet: the drawn page's own HTML
    where it is text already (its buttons work as on the drawn page)."""
    lang = screen.lang
    title = t("text_heading", lang, deal=deal_title(screen), players=t("players_n", lang, n=screen.view.rules.players))
    # The same parts in the same order at every moment (an empty one stays, empty): the page is
    # patched node by node (web/browser/patch.py), and a part gone would shift the others.
    out = f'<div class="text-notice">{render_notice(screen)}</div><h2 id="text-title">{escape(title)}</h2>'
    out += _section("text_now", f'<p data-testid="prompt">{escape(now(screen))}</p>', lang)
    out += _section("text_hand", f'<p data-testid="text-hand">{escape(hand_text(screen))}</p>', lang)
    teaching = render_teaching(screen.teaching)
    out += f'<section class="text-part teaching-area"{"" if teaching else " hidden"}>{teaching}</section>'
    out += f'<div class="text-duplicate">{duplicate_block(screen)}</div>'
    entries = "".join(f"<li>{escape(line)}</li>" for line in log_lines(screen))
    out += _section("text_log", f'<div role="log" aria-live="off" data-testid="log"><ol>{entries}</ol></div>', lang)
    return out + f'<section class="text-part side">{render_side(screen)}</section>'


def _section(key: str, body: str, lang: str) -> str:
    return f'<section class="text-part"><h3>{escape(t(key, lang))}</h3>{body}</section>'


def hand_text(screen: Screen) -> str:
    """The person's hand by suit: "atout : 21, 17, Petit ; cœur : Roi, 7 …"."""
    lang, hand = screen.lang, screen.view.hand
    parts = []
    for suit in SUIT_ORDER:
        cards = [c for c in hand if c.suit == suit]
        if cards:
            parts.append(t("text_suit_cards", lang, suit=suit_name(suit, lang), cards=cards_text(cards, lang)))
    excuse = [c for c in hand if c.suit not in SUIT_ORDER]
    if excuse:
        parts.append(card_name(excuse[0], lang))
    if not parts:
        return t("text_hand_reply", lang, suits=t("text_no_card", lang))
    return t("text_hand_reply", lang, suits=" ; ".join(parts) if lang == "fr" else "; ".join(parts))


def cards_text(cards: list[Card] | tuple[Card, ...], lang: str) -> str:
    return ", ".join(card_name(c, lang) for c in cards) if cards else t("text_no_card", lang)


# ------------------------------------------------------------------- the log
def log_lines(screen: Screen) -> list[str]:
    """What happened in the deal so far, a sentence a line, from seat 0's view."""
    v, lang = screen.view, screen.lang
    dealer = t("dealer", lang, name=player_name(screen, v.dealer))
    lines = [capitalized(dealer)]
    if v.bids:
        lines.append(t("text_bids", lang, bids=" ".join(event_text(("bids", {"seat": s, "bid": c}), screen)
                                                         for s, c in v.bids).rstrip(".")))
    if v.called is not None and v.taker is not None:
        lines.append(event_text(("calls", {"seat": v.taker, "card": v.called}), screen))
    if v.chien and v.phase != "done":
        lines.append(t("text_chien", lang, cards=cards_text(v.chien, lang)))
    if v.ecart and v.phase != "done":
        mine = v.taker == 0
        lines.append(t("text_your_ecart" if mine else "text_ecart_trumps", lang, cards=cards_text(v.ecart, lang)))
    if v.chelem_announced and v.taker is not None:
        lines.append(event_text(("chelem_announced", {"seat": v.taker}), screen))
    for seat, kind in v.miseres:
        lines.append(event_text(("misere_declared", {"seat": seat, "kind": kind}), screen))
    for seat, size, cards in v.poignees:
        lines.append(t("text_poignee", lang, name=player_name(screen, seat), size=poignee_name(size, lang).lower(),
                       cards=cards_text(cards, lang)))
    for n, (leader, cards, winner) in enumerate(v.tricks, 1):
        lines.append(t("text_trick", lang, n=n, plays=_plays(screen, leader, cards)) + " "
                     + event_text(("trick_won", {"seat": winner}), screen))
    if v.phase == "play":
        lines.append(trick_text(screen))
    if v.result is not None:
        lines.append(t("text_deal_over", lang) + " " + result_text(screen))
    return lines


def result_text(screen: Screen) -> str:
    """The end of the deal as sentences: made or failed and by how much, the chien and the écart,
    the count written out, what each player scores."""
    v, lang = screen.view, screen.lang
    result = v.result
    if result is None:
        return ""
    if result.redeal is not None or result.score is None or result.contract is None:
        return plain_text(render_result(screen))  # a deal dealt again: one line
    lines = head_lines(screen, result, result.score)
    if v.rules.chien_goes(result.contract) == "hand":
        lines += [f'{t("chien_was", lang)} {cards_text(v.chien, lang)}', f'{t("ecart_was", lang)} {cards_text(v.ecart, lang)}']
    else:
        key = "chien_to_attack" if v.rules.chien_goes(result.contract) == "attack" else "chien_to_defense"
        lines.append(f"{t(key, lang)} {cards_text(v.chien, lang)}")
    lines += token_calculation(screen, result) if result.token_steps else calculation(screen, result, result.score)
    title = "tokens_of" if result.tokens is not None else "score_of"
    lines.append(t(title, lang) + colon(lang) + ", ".join(
        t("text_score_of", lang, name=player_name(screen, s), score=signed(x)) for s, x in enumerate(result.match_points)))
    return " ".join(line if line.endswith((".", "!", "?")) else line + "." for line in lines)


def _plays(screen: Screen, leader: int, cards: tuple[Card, ...]) -> str:
    n = screen.view.rules.players
    return ", ".join(t("text_play_of", screen.lang, name=player_name(screen, (leader + i) % n), card=card_name(c, screen.lang))
                     for i, c in enumerate(cards))


def trick_text(screen: Screen) -> str:
    """The trick being played: its cards so far, or who leads it."""
    v, lang = screen.view, screen.lang
    n = len(v.tricks) + 1
    if not v.trick:
        return t("text_trick_empty", lang, n=n, name=player_name(screen, v.leader))
    return t("text_trick_now", lang, n=n, plays=_plays(screen, v.leader, v.trick))


# ---------------------------------------------------------------- what is asked
def now(screen: Screen) -> str:
    """What the person is asked now, with the choices; else whose turn it is, or the end of the deal."""
    v, lang = screen.view, screen.lang
    if screen.ui.setup_open:
        return t("text_setup_open", lang, start=t("start", lang).lower())
    if answered(screen):
        return t("text_answered", lang)
    if v.result is not None:
        return t("text_deal_over", lang) + " " + t("text_prompt_next", lang)
    if v.to_act is None:
        return ""
    if v.to_act != 0:
        return t("text_waits", lang, name=player_name(screen, v.to_act))
    return _asked(screen)


def _asked(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    if v.phase == "bidding":
        bids = [contract_name(a.code, lang).lower() for a in v.legal if isinstance(a, Bid)]
        return t("text_prompt_bid", lang, choices=", ".join(bids))
    if v.phase == "calling":
        calls = [card_name(a.card, lang) for a in v.legal if isinstance(a, Call) and a.card is not None]
        return t("text_prompt_call", lang, choices=", ".join(calls))
    if v.phase == "ecart":
        return _asked_ecart(screen)
    if v.phase == "chelem":
        return t("text_prompt_chelem", lang)
    if v.phase == "play":
        return _asked_play(screen)
    return plain_text(render_panel(screen))  # the other decisions, as the drawn panel says them


def _asked_ecart(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    need = v.rules.chien_size
    chosen = [c for c in v.hand if c in screen.selected]
    if len(chosen) == need:
        return t("text_prompt_ecart_full", lang, cards=cards_text(chosen, lang))
    may = [c for c in v.hand if c in screen.playable and c not in screen.selected]
    said = t("text_prompt_ecart", lang, k=need - len(chosen), n=need, choices=cards_text(may, lang))
    return said + (" " + t("text_chosen", lang, cards=cards_text(chosen, lang)) if chosen else "")


def _asked_play(screen: Screen) -> str:
    v, lang, ui = screen.view, screen.lang, screen.ui
    if screen.poignee_size is not None:
        chosen = [c for c in v.hand if c in screen.selected]
        return t("text_prompt_poignee_cards", lang, size=poignee_name(screen.poignee_size, lang),
                 cards=cards_text(chosen, lang))
    extra = ""
    if screen.poignee_offers and not ui.poignee_declined:
        sizes = [poignee_name(size, lang).lower() for size, _ in screen.poignee_offers]
        extra += " " + t("text_prompt_poignee", lang, choices=", ".join(sizes))
    if screen.misere_offers:
        extra += " " + t("text_prompt_misere", lang, choices=", ".join(t(f"misere_{k}", lang).lower()
                                                                         for k in screen.misere_offers))
    playable = [c for c in v.hand if c in screen.playable]
    if len(playable) == 1:
        return t("text_prompt_forced", lang, card=card_name(playable[0], lang)) + extra
    choices = t("text_any_card", lang) if len(playable) == len(v.hand) else cards_text(playable, lang)
    if not v.trick:
        return t("text_prompt_lead", lang, choices=choices) + extra
    return t("text_prompt_follow", lang, card=card_with_article(v.trick[0], lang), choices=choices) + extra


def choices(screen: Screen) -> list[str]:
    """What the person may type now, in the order the prompt says it: the arrows of the command box
    go through them (:func:`web.text.commands.cycle`)."""
    v, lang = screen.view, screen.lang
    if v.result is not None or answered(screen):
        return [command_word("cmd_next", lang)]
    if v.to_act != 0:
        return []
    if v.phase == "bidding":
        return [contract_name(a.code, lang).lower() for a in v.legal if isinstance(a, Bid)]
    if v.phase == "calling":
        return [card_name(a.card, lang) for a in v.legal if isinstance(a, Call) and a.card is not None]
    if v.phase == "chelem":
        return [command_word("cmd_chelem", lang), command_word("cmd_no", lang)]
    chosen = [c for c in v.hand if c in screen.selected]
    if v.phase == "ecart" and len(chosen) == v.rules.chien_size or screen.poignee_size is not None:
        return [command_word("cmd_confirm", lang)]
    if v.phase not in ("ecart", "play"):
        return []
    cards = [card_name(c, lang) for c in v.hand if c in screen.playable and c not in screen.selected]
    if v.phase == "play" and screen.poignee_offers and not screen.ui.poignee_declined:
        cards += [poignee_name(size, lang).lower() for size, _ in screen.poignee_offers] + [command_word("cmd_no", lang)]
    return cards + [t(f"misere_{k}", lang).lower() for k in screen.misere_offers]


def command_word(key: str, lang: str) -> str:
    """A command's first word ("valider" of "valider, ok")."""
    return t(key, lang).split(",")[0].strip()


# ------------------------------------------------------------ the live region
def announcement(screen: Screen) -> str:
    """What the live region says now: the answer to the last command; else the refusal, what
    just happened and what is asked of the person; the review's step while it is open."""
    reply = screen.ui.reply
    if reply is not None and reply[0] != "now":
        return reply_text(screen, reply)
    if screen.review is not None:
        return review_text(screen)
    parts = [explain(screen.ui.message, screen)] if screen.ui.message is not None else []
    if reply is None:  # what just happened at the table (a command that changed nothing does not say it again)
        parts += [event_text(e, screen) for e in screen.events if e[0] != "result_title"]  # the end: said below
        if not screen.events and screen.step == 0 and screen.view.result is None:
            parts.append(_deal_begins(screen))
        if screen.view.result is not None and screen.view.result.redeal is None and screen.events:
            parts.append(result_text(screen))
    teaching = _teaching_news(screen)
    if teaching:
        parts.append(teaching)
    if screen.view.to_act == 0 or screen.view.result is not None or answered(screen) or screen.ui.setup_open:
        parts.append(now(screen))
    return " ".join(p if p.endswith((".", "!", "?", "…")) else p + "." for p in parts if p)


def _deal_begins(screen: Screen) -> str:
    """A new deal: its heading and its dealer."""
    lang = screen.lang
    title = t("text_heading", lang, deal=deal_title(screen), players=t("players_n", lang, n=screen.view.rules.players))
    dealer = t("dealer", lang, name=player_name(screen, screen.view.dealer))
    return f"{title}. {capitalized(dealer)}."


def review_text(screen: Screen) -> str:
    """The review's step: who did what, and the analysis's comment on the person's decision there."""
    panel, lang = screen.review, screen.lang
    assert panel is not None
    said = t("text_review_step", lang, k=panel.position, n=len(panel.steps) - 1, step=step_text(panel, lang))
    entry = panel.graded().get(panel.position)
    return said if entry is None else f"{said} {grade_comment(entry, lang)}"


def _teaching_news(screen: Screen) -> str:
    """An exercise's or a puzzle's verdict, said once it is given."""
    view = screen.teaching
    if view is None or (view.drill is None and view.puzzle is None and view.exercise is None):
        return ""
    return plain_text(render_teaching(view), with_buttons=False)


def answered(screen: Screen) -> bool:
    """An exercise or a puzzle on the table has its answer: the question no longer stands."""
    view = screen.teaching
    if view is None:
        return False
    return (view.drill is not None and view.drill.answer is not None) or (view.puzzle is not None and view.puzzle.correct is not None)


def reply_text(screen: Screen, reply: tuple[str, dict[str, str]]) -> str:
    """The answer to a command, from the screen as it is now."""
    name, params = reply
    lang, v = screen.lang, screen.view
    if name in REPLY_WORDS:
        return t(REPLY_WORDS[name], lang, **params)
    if name == "hand":
        return hand_text(screen)
    if name == "trick":
        return trick_text(screen) if v.phase == "play" else now(screen)
    if name == "lead":
        return _lead(screen)
    if name == "points":
        shown = render_count(_with_live(screen))
        return plain_text(shown) or now(screen)
    if name == "out":
        return _out(screen, params.get("suit"))
    if name == "contract":
        return _contract(screen)
    if name == "score":
        return _score(screen)
    if name == "log":
        return " ".join(log_lines(screen))
    if name in ("hint", "why"):  # said once the analysis has answered
        view = screen.teaching
        if view is None:
            return now(screen)
        if name == "hint" and view.hint_thinking:
            return t("text_hint_waits", lang)
        return plain_text((render_hint if name == "hint" else render_why)(view), with_buttons=False) or now(screen)
    return params.get("text", "")  # "said": the help, the buttons


def _with_live(screen: Screen) -> Screen:
    return replace(screen, live=live_count(screen.view)) if screen.view.phase == "play" else screen


def _lead(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    if v.phase != "play" or v.to_act is None:
        return now(screen)
    return t("text_lead_reply", lang, leader=player_name(screen, v.leader), name=player_name(screen, v.to_act))


def _out(screen: Screen, suit: str | None) -> str:
    lang, v = screen.lang, screen.view
    if suit is not None:
        s = int(suit)
        out = cards_out(v, s)
        if not out:
            return t("text_out_none", lang, suit=suit_name(s, lang))
        return t("text_out_reply", lang, suit=suit_name(s, lang), cards=cards_text(out, lang))
    counts = [t("text_out_count", lang, suit=suit_name(s, lang), n=len(cards_out(v, s))) for s in SUIT_ORDER]
    return t("text_out_all", lang, suits=", ".join(counts))


def _contract(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    if v.contract is None or v.taker is None:
        return t("text_no_contract", lang)
    said = t("contract_of", lang, contract=contract_name(v.contract.code, lang), name=player_name_within(screen, v.taker)) + "."
    if v.called is not None:
        said += " " + t("text_called", lang, card=card_name(v.called, lang))
    if v.partner_known and v.partner is not None and v.partner != v.taker:
        said += " " + t("text_partner", lang, name=player_name(screen, v.partner))
    return said


def _score(screen: Screen) -> str:
    lang = screen.lang
    scores = ", ".join(t("text_score_of", lang, name=player_name(screen, s), score=x) for s, x in enumerate(screen.totals))
    return t("text_score_reply", lang, scores=scores)


def help_text(lang: str, commands: tuple[tuple[str, str], ...]) -> str:
    """The help: each command's words and what it does, from the keys ``(words, what)``."""
    items = [t("text_help_item", lang, words=t(words, lang), what=t(what, lang)) for words, what in commands]
    return t("text_help", lang, commands=" ; ".join(items) if lang == "fr" else "; ".join(items))

