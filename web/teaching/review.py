"""The review panel: a finished deal step by step, every hand face up.

:class:`ReviewPanel` is the page's state while a review is open (the record, its
steps from :func:`tarot.teaching.review.review`, the position, the Expert's other choices
in a duplicate deal, or in a match the hint's other choices with their reasons:
:func:`hint_choices`); :func:`render_review` draws it as a dialog.  Forward and
back with ``review-next`` / ``review-prev`` (and the arrow keys); from one of the
person's decisions, ``replay-from-here`` plays the deal again from that point.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from tarot.actions import action_to_json
from tarot.bots import make_bot
from tarot.cards import parse_card
from tarot.state import Deal
from tarot.teaching.duplicate import SEAT, same_decision, seat_score
from tarot.teaching.hints import Reason, hint
from tarot.i18n import card_name, contract_name
from tarot.replay import decisions
from tarot.teaching.review import ReviewStep, review
from tarot.words import t

from ..browser.transfer import DUPLICATE_KEY
from ..match.botstep import bot_seed
from ..draw.cardface import card_html
from ..draw.labels import points_text, seat_name, signed


@dataclass
class ReviewPanel:
    """An open review: ``source`` says what is reviewed (``match``, ``situation``: a situation's
    deal, named without a number, ``reference``, ``import``)."""

    record: dict[str, Any]
    steps: list[ReviewStep]
    source: str = "match"
    deal_number: int | None = None
    advice: dict[int, dict[str, Any]] = field(default_factory=dict)  # action index → the Expert's choice
    position: int = 0
    hints: dict[int, tuple[dict[str, Any], Reason]] = field(default_factory=dict)  # index → the hint, why
    imported: list[dict[str, Any]] = field(default_factory=list)  # every record of an imported file
    which: int = 0  # the imported record shown
    expert: int | None = None  # a tournament's deal: the Expert's score in the person's seat

    @classmethod
    def open(cls, record: dict[str, Any], source: str = "match", deal_number: int | None = None,
             advice: list[list[Any]] | None = None, position: int | None = None) -> "ReviewPanel":
        steps = review(record)
        table = {int(i): a for i, a in (advice or [])}
        return cls(record, steps, source, deal_number, table,
                   len(steps) - 1 if position is None else max(0, min(position, len(steps) - 1)))

    @property
    def step(self) -> ReviewStep:
        return self.steps[self.position]

    def move(self, delta: int) -> None:
        self.position = max(0, min(len(self.steps) - 1, self.position + delta))

    def go(self, position: int) -> None:
        self.position = max(0, min(len(self.steps) - 1, position))

    def can_replay(self) -> bool:
        """The position is one of the person's decisions (seat 0 is to act)."""
        return self.step.to_act == SEAT

    def with_hints(self, level: str) -> "ReviewPanel":
        """The panel with the hint's other choices at the person's decisions (a match's deal)."""
        if self.deal_number is not None:
            self.hints = hint_choices(self.record, self.deal_number, level)
        return self

    def show_imported(self, which: int) -> "ReviewPanel":
        return ReviewPanel.imported_at(self.imported, which)

    @classmethod
    def imported_at(cls, records: list[dict[str, Any]], which: int) -> "ReviewPanel":
        """Record ``which`` of an imported file; a tournament's deal with its number, the Expert's
        score and other choices (checked on import: :func:`web.browser.transfer.import_records`)."""
        record = records[which]
        extra = record.get(DUPLICATE_KEY, {})
        reference = extra.get("reference")
        panel = cls.open(record, "import", extra.get("deal"), extra.get("advice"), 0)
        panel.imported, panel.which = records, which
        played = None if reference is None else Deal.from_record(reference).result
        if played is not None:
            panel.expert = seat_score(played)
        return panel


def hint_choices(record: dict[str, Any], deal_number: int, level: str) -> dict[int, tuple[dict[str, Any], Reason]]:
    """At each of the person's decisions in ``record`` where *Conseil* would have proposed
    something else (the recommender ``level`` seeded as at the table), that proposal in
    record form and its reason, by action index."""
    found: dict[int, tuple[dict[str, Any], Reason]] = {}
    for index, seat, action, deal in decisions(record):
        if seat != SEAT or deal.to_act != SEAT:
            continue
        bot = make_bot(level, bot_seed(deal_number, SEAT, len(deal.history)))
        choice, reason = hint(deal.view(SEAT), bot.decide)
        proposed = action_to_json(SEAT, choice)
        if not same_decision(proposed, action_to_json(seat, action)):
            found[index] = (proposed, reason)
    return found


# ----------------------------------------------------------------- words
def describe(action: dict[str, Any], lang: str) -> str:
    """One decision in a few words: "Garde", "Roi de cœur", "Écart : …"."""
    kind = action.get("type")
    if kind == "bid":
        return contract_name(str(action.get("bid")), lang)
    if kind in ("play", "call"):
        return card_name(parse_card(action["card"]), lang)
    if kind == "ecart":
        return t("ecart_of", lang, cards=", ".join(card_name(parse_card(c), lang) for c in action["cards"]))
    if kind == "chelem":
        return t("chelem_yes" if action.get("announce") else "chelem_no", lang)
    if kind == "declare":
        if action.get("kind") == "poignee":
            return t("poignee_of", lang, n=len(action.get("cards", [])))
        if action.get("kind") == "misere" and action.get("misere") in ("atout", "tetes"):
            return t(f"misere_{action['misere']}", lang)  # "Misère d'atout"
        return str(action.get("kind"))
    if kind == "purchase":
        return t("purchase_of", lang, card=card_name(parse_card(action["card"]), lang))
    return str(kind)


def step_text(step: ReviewStep, lang: str) -> str:
    if step.action is None:
        return t("review_start", lang)
    who = seat_name(step.seat if step.seat is not None else 0, lang)
    return t("review_action", lang, name=who, what=describe(step.action, lang))


# -------------------------------------------------------------- drawing
def _cards(cards: tuple[Any, ...] | list[Any], lang: str) -> str:
    return "".join(card_html(c, lang, size="tiny") for c in cards)


def _seat_line(step: ReviewStep, seat: int, lang: str) -> str:
    tags = []
    if seat == step.taker:
        tags.append(t("taker_tag", lang))
    elif step.partner is not None and seat == step.partner:
        tags.append(t("partner_tag", lang))
    turn = " to-act" if step.to_act == seat else ""
    label = seat_name(seat, lang) + (f" ({', '.join(tags)})" if tags else "")
    return (f'<li class="review-seat{turn}" data-seat="{seat}"><span class="who">{escape(label)}</span>'
            f'<span class="row">{_cards(step.hands[seat], lang)}</span></li>')


def render_review(panel: ReviewPanel, lang: str) -> str:
    """The review dialog at the panel's position: every hand, the trick, the chien and the
    écart, the count so far, the other choice proposed at the person's decision."""
    step = panel.step
    last = len(panel.steps) - 1
    hands = "".join(_seat_line(step, s, lang) for s in range(len(step.hands)))
    return (f'<div class="overlay" data-testid="review"><div class="dialog review" role="dialog" aria-modal="true" '
            f'aria-labelledby="review-title" data-position="{panel.position}" data-last="{last}">'
            f'<h2 id="review-title">{escape(_title(panel, lang))}</h2>{_switch(panel, lang)}'
            f'<div aria-live="polite"><p class="review-step">{escape(t("review_step_of", lang, k=panel.position, n=last))} — '
            f'{escape(step_text(step, lang))}</p>{_advice(panel, lang)}</div>'
            f'<ol class="review-hands">{hands}</ol>{_trick(step, lang)}<div class="reveals">{_aside(step, lang)}</div>'
            f'{_count(step, lang)}{_result(step, lang)}{_against(panel, lang)}'
            f'<div class="dialog-actions">{_buttons(panel, lang)}</div></div></div>')


def _title(panel: ReviewPanel, lang: str) -> str:
    if panel.source == "import":
        return t("review_title_import", lang, k=panel.which + 1, n=len(panel.imported))
    if panel.source == "reference":
        return t("review_title_reference", lang, n=panel.deal_number)
    if panel.source == "situation":
        return t("review_title_situation", lang)
    return t("review_title", lang, n=panel.deal_number)


def _trick(step: ReviewStep, lang: str) -> str:
    if not step.trick:
        return ""
    n = len(step.hands)
    leader = step.trick_leader
    items = "".join(
        f'<li class="played{" won" if (leader + i) % n == step.trick_winner else ""}">'
        f'{card_html(c, lang, size="tiny")}<span>{escape(seat_name((leader + i) % n, lang))}</span></li>'
        for i, c in enumerate(step.trick))
    winner = step.trick_winner
    name = "" if winner is None else seat_name(winner, lang)
    won = "" if winner is None else \
        f'<p>{escape(t("trick_to", lang, name=name.lower() if winner == 0 else name))}</p>'
    return f'<div class="review-trick"><ol class="last-trick">{items}</ol>{won}</div>'


def _aside(step: ReviewStep, lang: str) -> str:
    """The chien, and the écart once made."""
    aside = f'<div class="reveal"><span class="caption">{escape(t("chien", lang))}</span>' \
            f'<span class="row">{_cards(step.chien, lang)}</span></div>'
    if step.ecart:
        aside += f'<div class="reveal"><span class="caption">{escape(t("ecart", lang))}</span>' \
                 f'<span class="row">{_cards(step.ecart, lang)}</span></div>'
    return aside


def _count(step: ReviewStep, lang: str) -> str:
    """The contract and who took it, the tricks and points of each side so far."""
    defence, attack = step.half_points
    count = (f'<p class="review-count" data-testid="review-count" data-attack="{attack}" data-defence="{defence}" '
             f'data-tricks-attack="{step.tricks_won[1]}" data-tricks-defence="{step.tricks_won[0]}">'
             + escape(t("review_count", lang, ta=step.tricks_won[1], td=step.tricks_won[0],
                        pa=points_text(attack / 2, lang), pd=points_text(defence / 2, lang))) + "</p>")
    if step.contract is not None and step.taker is not None:
        contract = contract_name(step.contract, lang)
        said = (t("contract_yours", lang, contract=contract.lower()) if step.taker == SEAT  # "Votre garde"
                else t("contract_of", lang, contract=contract, name=seat_name(step.taker, lang)))
        count = f'<p class="review-contract">{escape(said)}</p>' + count
    return count


def _advice(panel: ReviewPanel, lang: str) -> str:
    """At the person's decision: the Expert's other choice (a tournament), or the hint's and why."""
    step = panel.step
    nxt = panel.record.get("actions", [])[step.index] if step.index < len(panel.steps) - 1 else None
    if nxt is None or nxt.get("seat") != SEAT:
        return ""
    if step.index in panel.advice:
        return (f'<p class="review-advice" data-testid="review-advice">'
                f'{escape(t("advice", lang, yours=describe(nxt, lang), expert=describe(panel.advice[step.index], lang)))}</p>')
    if step.index in panel.hints:
        proposed, reason = panel.hints[step.index]
        said = t("hint_advice", lang, yours=describe(nxt, lang), hint=describe(proposed, lang), why=reason.explain(lang))
        return f'<p class="review-advice" data-testid="review-hint">{escape(said)}</p>'
    return ""


def _result(step: ReviewStep, lang: str) -> str:
    if step.result is None:
        return ""
    counted = step.result.match_points  # tokens with traditional scoring
    scores = " · ".join(f"{seat_name(s, lang)} {signed(x)}" for s, x in enumerate(counted))
    return f'<p class="review-result" data-testid="review-result">{escape(scores)}</p>'


def _against(panel: ReviewPanel, lang: str) -> str:
    """At the end of a tournament's deal: the person's score beside the Expert's."""
    result = panel.step.result
    if result is None or panel.expert is None or panel.source == "reference":
        return ""
    own = seat_score(result)
    said = t("review_against", lang, own=signed(own), expert=signed(panel.expert), diff=signed(own - panel.expert))
    return f'<p class="review-against" data-testid="review-against">{escape(said)}</p>'


def _switch(panel: ReviewPanel, lang: str) -> str:
    """An imported file's records, one button each."""
    if panel.source != "import" or len(panel.imported) < 2:
        return ""
    current = ' aria-current="true"'
    switch = "".join(
        f'<button type="button" class="btn ghost" data-action="review-record" data-index="{i}"'
        f'{current if i == panel.which else ""}>{i + 1}</button>'
        for i in range(len(panel.imported)))
    return f'<nav class="review-records" aria-label="{escape(t("records", lang))}">{switch}</nav>'


def _buttons(panel: ReviewPanel, lang: str) -> str:
    last = len(panel.steps) - 1

    def button(action: str, label: str, disabled: bool = False, cls: str = "btn") -> str:
        state = ' aria-disabled="true"' if disabled else ""
        return f'<button type="button" class="{cls}" data-action="{action}"{state}>{escape(label)}</button>'

    return (button("review-prev", t("prev", lang), panel.position == 0)
            + button("review-next", t("next", lang), panel.position == last, "btn primary")
            + (button("replay-from-here", t("replay", lang)) if panel.can_replay() else "")
            + button("review-close", t("close", lang), cls="btn ghost"))
