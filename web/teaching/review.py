"""The review panel: a finished deal step by step, every hand face up.

:class:`ReviewPanel` is the page's state while a review is open (the record, its
steps from :func:`tarot.teaching.review.review`, the position, the Expert's other choices
in a duplicate deal, or in a match the hint's other choices with their reasons:
:func:`hint_choices`); :func:`render_review` draws it as a dialog.  Forward and
back with ``review-next`` / ``review-prev`` (and the arrow keys); to a decision of the
person's list with ``review-go``, to the next one with a mark with ``review-next-mark``
(``other``: the recommendation was another; the list is (step, label, mark), so that
other marks can join it); from one of the person's decisions, ``replay-from-here``
plays the deal again from that point.  A comment sits on the step that shows the
decision it is about (the one just after it).  The graded analysis (:mod:`web.teaching.grading`,
filled in by the bots' worker while the review is open) marks each graded decision of the
list with its class and the points it cost (``[data-testid=analysis]``), says the better
action and why at its step, draws the person's expected score along the deal
(:func:`expected_graph`) and the deal's accuracy; ``review-next-mark`` with ``error``
goes to the next mistake or blunder.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from tarot.actions import action_to_json
from tarot.bots import make_bot
from tarot.cards import NOTATION, parse_card
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
from .grading import DealAnalysis


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
    others: bool = False  # the other hands unfolded (a narrow screen folds them)
    jumps: int = 0  # jumps from the list of decisions: each shows its step from the top
    analysis: DealAnalysis | None = None  # the graded analysis of the deal, as far as it has gone

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

    def jump(self, position: int) -> None:
        """To a step chosen in the list of decisions, shown from its top."""
        self.go(position)
        self.jumps += 1

    def decisions(self) -> list[tuple[int, str]]:
        """(step, mark) of each decision of seat 0: the step that shows it (just after it), and
        ``"other"`` where the recommendation (the Expert's, the hint's) was another, else ``""``."""
        return [(s.index, "other" if s.index - 1 in self.advice or s.index - 1 in self.hints else "")
                for s in self.steps if s.seat == SEAT and s.action is not None]

    def graded(self) -> dict[int, dict[str, Any]]:
        """The analysis's decision entries graded so far, by the review step that shows each."""
        if self.analysis is None:
            return {}
        return {index + 1: entry for index, entry in self.analysis.entries().items()}

    def next_marked(self, mark: str) -> int | None:
        """The first step after the position with a decision marked ``mark`` (``error``: a
        mistake or a blunder of the analysis)."""
        if mark == "error":
            errors = sorted(k for k, e in self.graded().items() if e["class"] in ERRORS)
            return next((k for k in errors if k > self.position), None)
        return next((k for k, m in self.decisions() if m == mark and k > self.position), None)

    def recommended(self) -> tuple[dict[str, Any], str] | None:
        """At a step that shows a decision of seat 0 where the recommendation was another:
        that recommendation (record form) and whose it is (``advice``: the Expert's, ``hint``)."""
        step = self.step
        if step.seat != SEAT or step.action is None:
            return None
        if step.index - 1 in self.advice:
            return self.advice[step.index - 1], "advice"
        if step.index - 1 in self.hints:
            return self.hints[step.index - 1][0], "hint"
        return None

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


def name_of(panel: ReviewPanel, seat: int, lang: str) -> str:
    """A seat's name in the review: seat 0 is "Vous", or the Expert in the Expert's own deal."""
    if seat == SEAT and panel.source == "reference":
        return t("the_expert", lang)
    return seat_name(seat, lang)


def step_text(panel: ReviewPanel, lang: str) -> str:
    step = panel.step
    if step.action is None:
        return t("review_start", lang)
    who = name_of(panel, step.seat if step.seat is not None else 0, lang)
    return t("review_action", lang, name=who, what=describe(step.action, lang))


def your_decisions(panel: ReviewPanel, lang: str) -> list[tuple[int, str, str]]:
    """The list of seat 0's decisions: (step, label, mark) (:meth:`ReviewPanel.decisions`)."""
    return [(k, describe(panel.steps[k].action or {}, lang), mark) for k, mark in panel.decisions()]


def advised_cards(action: dict[str, Any]) -> frozenset[str]:
    """The cards a recommended action names (a card played or called, an écart's cards)."""
    if "card" in action:
        return frozenset([str(action["card"])])
    return frozenset(str(c) for c in action.get("cards", ()))


# -------------------------------------------------------------- drawing
MARK_WORDS = {"other": "review_mark_other"}  # a decision's mark in the list, in words
ERRORS = ("mistake", "blunder")  # the classes "Erreur suivante" goes to
GRADE_SYMBOLS = {"good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
GRADE_WORDS = {"good": "grade_good", "inaccuracy": "grade_inaccuracy", "mistake": "grade_mistake",
               "blunder": "grade_blunder"}


def loss_text(loss: float, lang: str) -> str:
    """A loss in deal units, one decimal at most, the language's way: "9,5"."""
    return points_text(round(loss, 1), lang)


def grade_comment(entry: dict[str, Any], lang: str) -> str:
    """A graded decision in words: its class, what it cost, the better action and why."""
    played = describe(entry["played"], lang)
    if not entry["options"]:
        return t("analysis_forced", lang, yours=played)
    if entry["class"] == "good":
        return t("analysis_good", lang, yours=played)
    reason = entry["reason"]
    why = Reason(str(reason["code"]), dict(reason.get("params", {}))).explain(lang)
    return t("analysis_loss", lang, grade=t(GRADE_WORDS[entry["class"]], lang), yours=played,
             loss=loss_text(entry["loss"], lang), best=describe(entry["best"], lang), why=why)


def _played_ev(entry: dict[str, Any]) -> float | None:
    """The expected score of the action played (``None`` for a forced decision)."""
    played = entry["played"]
    return next((float(o["ev"]) for o in entry["options"] if same_decision({**o["action"], "seat": SEAT},
                                                                            {**played, "seat": SEAT})), None)


def expected_graph(panel: ReviewPanel, lang: str) -> str:
    """The person's expected score (deal units) after each graded decision that was one, and the
    best option's beside it, as a small inline SVG with its words."""
    points = [(k, e, _played_ev(e), float(e["options"][0]["ev"])) for k, e in sorted(panel.graded().items())
              if e["options"]]
    values = [(k, e, played, best) for k, e, played, best in points if played is not None]
    if len(values) < 2:
        return ""
    w, h, pad = 300, 90, 8
    lo = min(min(p, b) for _, _, p, b in values)
    hi = max(max(p, b) for _, _, p, b in values)
    span = hi - lo or 1.0

    def x(i: int) -> float:
        return round(pad + (w - 2 * pad) * i / (len(values) - 1), 1)

    def y(v: float) -> float:
        return round(pad + (h - 2 * pad) * (hi - v) / span, 1)

    line = " ".join(f"{x(i)},{y(p)}" for i, (_, _, p, _) in enumerate(values))
    best = " ".join(f"{x(i)},{y(b)}" for i, (_, _, _, b) in enumerate(values))
    dots = "".join(f'<circle class="grade-{e["class"]}" data-step="{k - 1}" cx="{x(i)}" cy="{y(p)}" r="3"/>'
                   for i, (k, e, p, _) in enumerate(values))
    zero = f'<line class="zero" x1="{pad}" x2="{w - pad}" y1="{y(0)}" y2="{y(0)}"/>' if lo <= 0 <= hi else ""
    desc = t("analysis_graph_desc", lang, n=len(values), first=loss_text(values[0][2], lang),
             last=loss_text(values[-1][2], lang), lo=loss_text(lo, lang), hi=loss_text(hi, lang))
    return (f'<figure class="review-graph"><svg data-testid="analysis-graph" viewBox="0 0 {w} {h}" role="img" '
            f'aria-labelledby="analysis-graph-title analysis-graph-desc">'
            f'<title id="analysis-graph-title">{escape(t("analysis_graph_title", lang))}</title>'
            f'<desc id="analysis-graph-desc">{escape(desc)}</desc>{zero}'
            f'<polyline class="best" points="{best}"/><polyline class="played" points="{line}"/>{dots}</svg>'
            f'<figcaption>{escape(t("analysis_graph_title", lang))}</figcaption></figure>')


def _analysis_state(panel: ReviewPanel, lang: str) -> str:
    """Where the analysis stands: its progress, then the deal's accuracy once done."""
    analysis = panel.analysis
    if analysis is None or panel.source not in ("match", "situation"):
        return ""
    if not analysis.done:
        said = t("analysis_progress", lang, k=len(analysis.graded), n="…" if analysis.total is None else analysis.total)
        return (f'<p class="analysis-progress" data-testid="analysis-progress" data-done="{len(analysis.graded)}" '
                f'data-total="{"" if analysis.total is None else analysis.total}">{escape(said)}</p>')
    value = analysis.accuracy()
    if value is None:
        return ""
    return (f'<p class="review-accuracy" data-testid="accuracy" data-value="{value}">'
            f'{escape(t("accuracy_of", lang, value=points_text(value, lang)))}</p>')


def _grade_here(panel: ReviewPanel, lang: str) -> str:
    """At the step that shows a graded decision of the person's: the analysis's comment."""
    entry = panel.graded().get(panel.position)
    if entry is None:
        return ""
    return (f'<p class="review-grade grade-{entry["class"]}" data-testid="review-grade" '
            f'data-class="{entry["class"]}">{escape(grade_comment(entry, lang))}</p>')


def _cards(cards: tuple[Any, ...] | list[Any], lang: str, advised: frozenset[str] = frozenset()) -> str:
    out = []
    for c in cards:
        if NOTATION[c] in advised:
            label = t("advised_card", lang, card=card_name(c, lang))
            out.append(card_html(c, lang, size="tiny", extra="advised", label=label))
        else:
            out.append(card_html(c, lang, size="tiny"))
    return "".join(out)


def _seat_line(panel: ReviewPanel, seat: int, lang: str, advised: frozenset[str] = frozenset()) -> str:
    step = panel.step
    tags = []
    if seat == step.taker:
        tags.append(t("taker_tag", lang))
    elif step.partner is not None and seat == step.partner:
        tags.append(t("partner_tag", lang))
    turn = " to-act" if step.to_act == seat else ""
    label = name_of(panel, seat, lang) + (f" ({', '.join(tags)})" if tags else "")
    return (f'<li class="review-seat{turn}" data-seat="{seat}"><span class="who">{escape(label)}</span>'
            f'<span class="row">{_cards(step.hands[seat], lang, advised)}</span></li>')


def render_review(panel: ReviewPanel, lang: str) -> str:
    """The review dialog at the panel's position: the step in words and the comment on it, then
    seat 0's hand (the recommended cards marked) and the trick, the other hands (folded on a
    narrow screen), the chien and the écart, the count so far, and the list of seat 0's
    decisions; the step buttons stay at the foot of a dialog of fixed height."""
    step = panel.step
    last = len(panel.steps) - 1
    recommended = panel.recommended()
    advised = frozenset() if recommended is None else advised_cards(recommended[0])
    others = "".join(_seat_line(panel, s, lang) for s in range(len(step.hands)) if s != SEAT)
    shown = " others-open" if panel.others else ""
    return (f'<div class="overlay" data-testid="review"><div class="dialog review{shown}" role="dialog" aria-modal="true" '
            f'aria-labelledby="review-title" data-position="{panel.position}" data-last="{last}" data-phase="{step.phase}">'
            f'<h2 id="review-title">{escape(_title(panel, lang))}</h2>{_switch(panel, lang)}'
            f'<div class="review-now" aria-live="polite"><p class="review-step">'
            f'{escape(t("review_step_of", lang, k=panel.position, n=last))} — '
            f'{escape(step_text(panel, lang))}</p>{_advice(panel, lang)}{_grade_here(panel, lang)}</div>'
            f'<div class="dialog-actions review-actions">{_buttons(panel, lang)}</div>'
            f'<div class="review-body" data-keep-scroll="review-{panel.jumps}"><div class="review-main">'
            f'<div class="review-table"><ol class="review-hands mine">{_seat_line(panel, SEAT, lang, advised)}</ol>'
            f'{_trick(panel, lang)}</div>{_others_toggle(panel, lang)}'
            f'<ol class="review-hands review-others" id="review-others">{others}</ol>'
            f'<div class="reveals">{_aside(step, lang)}</div>'
            f'{_count(panel, lang)}{_result(panel, lang)}{_against(panel, lang)}'
            f'{_analysis_state(panel, lang)}{expected_graph(panel, lang)}</div>'
            f'{_decision_list(panel, lang)}</div></div></div>')


def _title(panel: ReviewPanel, lang: str) -> str:
    if panel.source == "import":
        return t("review_title_import", lang, k=panel.which + 1, n=len(panel.imported))
    if panel.source == "reference":
        return t("review_title_reference", lang, n=panel.deal_number)
    if panel.source == "situation":
        return t("review_title_situation", lang)
    return t("review_title", lang, n=panel.deal_number)


def _trick(panel: ReviewPanel, lang: str) -> str:
    """The trick on the table; an empty place of the same height when there is none."""
    step = panel.step
    if not step.trick:
        return '<div class="review-trick" aria-hidden="true"></div>'
    n = len(step.hands)
    leader = step.trick_leader
    items = "".join(
        f'<li class="played{" won" if (leader + i) % n == step.trick_winner else ""}">'
        f'{card_html(c, lang, size="tiny")}<span>{escape(name_of(panel, (leader + i) % n, lang))}</span></li>'
        for i, c in enumerate(step.trick))
    winner = step.trick_winner
    name = "" if winner is None else name_of(panel, winner, lang)
    won = "" if winner is None else \
        f'<p>{escape(t("trick_to", lang, name=name.lower() if winner == SEAT and panel.source != "reference" else name))}</p>'
    return f'<div class="review-trick"><ol class="last-trick">{items}</ol>{won}</div>'


def _others_toggle(panel: ReviewPanel, lang: str) -> str:
    """Unfold or fold the other hands (shown only on a narrow screen, which folds them)."""
    key = "review_hide_others" if panel.others else "review_show_others"
    return (f'<button type="button" class="btn ghost review-others-toggle" id="review-others-toggle" '
            f'data-action="review-others" aria-controls="review-others" '
            f'aria-expanded="{"true" if panel.others else "false"}">{escape(t(key, lang))}</button>')


def _aside(step: ReviewStep, lang: str) -> str:
    """The chien, and the écart once made."""
    aside = f'<div class="reveal"><span class="caption">{escape(t("chien", lang))}</span>' \
            f'<span class="row">{_cards(step.chien, lang)}</span></div>'
    if step.ecart:
        aside += f'<div class="reveal"><span class="caption">{escape(t("ecart", lang))}</span>' \
                 f'<span class="row">{_cards(step.ecart, lang)}</span></div>'
    return aside


def _count(panel: ReviewPanel, lang: str) -> str:
    """The contract and who took it, the tricks and points of each side so far."""
    step = panel.step
    defence, attack = step.half_points
    count = (f'<p class="review-count" data-testid="review-count" data-attack="{attack}" data-defence="{defence}" '
             f'data-tricks-attack="{step.tricks_won[1]}" data-tricks-defence="{step.tricks_won[0]}">'
             + escape(t("review_count", lang, ta=step.tricks_won[1], td=step.tricks_won[0],
                        pa=points_text(attack / 2, lang), pd=points_text(defence / 2, lang))) + "</p>")
    if step.contract is not None and step.taker is not None:
        contract = contract_name(step.contract, lang)
        yours = step.taker == SEAT and panel.source != "reference"
        said = (t("contract_yours", lang, contract=contract.lower()) if yours  # "Votre garde"
                else t("contract_of", lang, contract=contract, name=name_of(panel, step.taker, lang)))
        count = f'<p class="review-contract">{escape(said)}</p>' + count
    return count


def _advice(panel: ReviewPanel, lang: str) -> str:
    """At the step that shows a decision of the person's: the Expert's other choice (a
    tournament), or the hint's and why."""
    step = panel.step
    recommended = panel.recommended()
    if recommended is None or step.action is None:
        return ""
    proposed, whose = recommended
    yours = describe(step.action, lang)
    if whose == "advice":
        said = t("advice", lang, yours=yours, expert=describe(proposed, lang))
        return f'<p class="review-advice" data-testid="review-advice">{escape(said)}</p>'
    reason = panel.hints[step.index - 1][1]
    said = t("hint_advice", lang, yours=yours, hint=describe(proposed, lang), why=reason.explain(lang))
    return f'<p class="review-advice" data-testid="review-hint">{escape(said)}</p>'


def _result(panel: ReviewPanel, lang: str) -> str:
    step = panel.step
    if step.result is None:
        return ""
    counted = step.result.match_points  # tokens with traditional scoring
    scores = " · ".join(f"{name_of(panel, s, lang)} {signed(x)}" for s, x in enumerate(counted))
    return f'<p class="review-result" data-testid="review-result">{escape(scores)}</p>'


def _against(panel: ReviewPanel, lang: str) -> str:
    """At the end of a tournament's deal: the person's score beside the Expert's."""
    result = panel.step.result
    if result is None or panel.expert is None or panel.source == "reference":
        return ""
    own = seat_score(result)
    said = t("review_against", lang, own=signed(own), expert=signed(panel.expert), diff=signed(own - panel.expert))
    return f'<p class="review-against" data-testid="review-against">{escape(said)}</p>'


def _decision_list(panel: ReviewPanel, lang: str) -> str:
    """Seat 0's decisions, each a button to its step; those where the recommendation was
    another are marked."""
    title = t("review_decisions_expert" if panel.source == "reference" else "review_decisions", lang)
    items = []
    graded = panel.graded()
    for k, label, mark in your_decisions(panel, lang):
        current = ' aria-current="step"' if k == panel.position else ""
        tag = f' <span class="mark">{escape(t(MARK_WORDS[mark], lang))}</span>' if mark in MARK_WORDS else ""
        if k in graded:
            tag += _grade_tag(graded[k], lang)
        items.append(f'<li data-mark="{mark}"><button type="button" class="btn link" id="review-go-{k}" '
                     f'data-action="review-go" data-step="{k}"{current}>{escape(t("review_step_short", lang, k=k))} · '
                     f'{escape(label)}{tag}</button></li>')
    if not items:
        return ""
    return (f'<nav class="review-decisions" data-testid="review-decisions" aria-labelledby="review-decisions-title">'
            f'<h3 id="review-decisions-title">{escape(title)}</h3><ol>{"".join(items)}</ol></nav>')


def _grade_tag(entry: dict[str, Any], lang: str) -> str:
    """A graded decision in the list: its class's symbol and the points it cost (the spec's hook)."""
    cls = entry["class"]
    words = t(GRADE_WORDS[cls], lang)
    cost = "" if cls == "good" else f' −{escape(loss_text(entry["loss"], lang))}'
    return (f' <span class="grade grade-{cls}" data-testid="analysis" data-step="{entry["step"]}" '
            f'data-loss="{entry["loss"]}" data-class="{cls}" title="{escape(words)}">'
            f'<span aria-hidden="true">{GRADE_SYMBOLS[cls]}</span><span class="sr-only">{escape(words)}</span>'
            f'{cost}</span>')


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
    """The step buttons first (their place does not depend on the others), then *Rejouer d'ici*
    at the person's decisions, and *Fermer*."""
    last = len(panel.steps) - 1

    def button(action: str, label: str, disabled: bool = False, cls: str = "btn", attrs: str = "",
               ident: str = "") -> str:
        state = ' aria-disabled="true"' if disabled else ""
        return (f'<button type="button" class="{cls}" id="{ident or action}" data-action="{action}"{attrs}{state}>'
                f'{escape(label)}</button>')

    has_marks = any(mark for _, mark in panel.decisions())
    following = button("review-next-mark", t("review_next_other", lang), panel.next_marked("other") is None,
                       "btn ghost", ' data-mark="other"') if has_marks else ""
    if any(e["class"] in ERRORS for e in panel.graded().values()):
        following += button("review-next-mark", t("review_next_error", lang), panel.next_marked("error") is None,
                            "btn ghost", ' data-mark="error"', "review-next-error")
    steps = (button("review-prev", t("prev", lang), panel.position == 0)
             + button("review-next", t("next", lang), panel.position == last, "btn primary") + following)
    practise = panel.source == "match" and any(e["class"] in ERRORS for e in panel.graded().values())
    more = ((button("replay-from-here", t("replay", lang)) if panel.can_replay() else "")
            + (button("mistakes-review", t("review_practise", lang), attrs=' data-testid="practise-mistakes"')
               if practise else "")
            + button("review-close", t("close", lang), cls="btn ghost"))
    return f'<div class="review-steps">{steps}</div><div class="review-more">{more}</div>'
