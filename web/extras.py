"""What the duplicate tournament, the review and the import add to the table's regions.

``decorate(regions, session, extras)`` takes the HTML of :func:`web.render.render`
and adds, in blocks of their own: the tournament's choice in the new-game form,
the reference's result at the end of a deal (``reference-result``), the
tournament's table and total (``duplicate-total``), the deals to review, export
and import, and the review or import dialog.  Pure functions of the session and
of :class:`Extras` (the page state they add).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from typing import Any

from tarot.duplicate import SEAT, seat_score
from tarot.i18n import contract_name
from tarot.words import t
from tarot.result import DealResult

from .duplicate import TOURNAMENT_SIZES, DuplicateSession, PracticeSession
from .labels import colon, seat_name, signed
from .review import ReviewPanel, render_review
from .session import Session


NEXT_DEAL = re.compile(r'<button[^>]*data-action="next-deal"[^>]*>.*?</button>')


@dataclass
class Extras:
    """The page's state for the review, the import and a replay."""

    review: ReviewPanel | None = None
    import_open: bool = False
    import_message: str = ""
    saved: Session | None = None  # the match set aside while a deal is replayed
    reference_error: str = ""


def _button(action: str, label: str, cls: str = "btn", attrs: str = "") -> str:
    return f'<button type="button" class="{cls}" data-action="{action}"{attrs}>{escape(label)}</button>'


def _deal(number: int) -> str:
    return f' data-deal="{number}"'


# --------------------------------------------------------- new-game form
def setup_fieldset(session: Session, lang: str) -> str:
    draft = session.ui.setup_draft or {}
    current = session.tournament.size if isinstance(session, DuplicateSession) else 0
    chosen = draft.get("duplicate", current)
    mode = "".join(
        f'<label class="choice"><input type="radio" name="mode" value="{value}"'
        f'{" checked" if (chosen > 0) == (value == "duplicate") else ""}><span>{escape(t(key, lang))}</span></label>'
        for value, key in (("match", "mode_match"), ("duplicate", "mode_duplicate")))
    sizes = "".join(f'<option value="{n}"{" selected" if n == (chosen or 4) else ""}>'
                    f'{escape(t("duplicate_n", lang, n=n))}</option>' for n in TOURNAMENT_SIZES)
    return (f'<fieldset class="mode"><legend>{escape(t("mode", lang))}</legend>'
            f'<div class="choices">{mode}</div>'
            f'<label class="field"><span>{escape(t("duplicate_deals", lang))}</span>'
            f'<select name="duplicate">{sizes}</select><small>{escape(t("duplicate_help", lang))}</small></label>'
            f'</fieldset>')


# ------------------------------------------------------- end of a deal
def reference_sentence(result: DealResult, own: int, lang: str) -> str:
    """"À votre place, l'Expert a joué une garde, réussie de 12 : +222. Vous : +96. Duplicate : −126." """
    score = seat_score(result)
    tail = " " + t("you_and_diff", lang, own=signed(own), diff=signed(own - score))
    taker = result.taker
    if result.redeal is not None or result.contract is None or taker is None:
        key = "ref_all_passed" if result.redeal == "all_passed" else "ref_redeal"
        return t(key, lang, score=signed(score)) + tail
    contract = contract_name(result.contract.code, lang).lower()
    outcome = t("made_by" if result.made else "failed_by", lang, diff=str(result.difference))  # as the score counted it
    if taker == SEAT:
        text = t("ref_took", lang, contract=contract, outcome=outcome, score=signed(score))
    elif result.partner == SEAT:
        text = t("ref_partner", lang, name=seat_name(taker, lang), contract=contract, outcome=outcome,
                 score=signed(score))
    else:
        text = t("ref_defended", lang, name=seat_name(taker, lang), contract=contract, outcome=outcome,
                 score=signed(score))
    return text + tail


def duplicate_block(session: DuplicateSession, extras: Extras, lang: str) -> str:
    """The reference's result on the deal on show (once it is over)."""
    if not session.finished:
        return ""
    number = session.deal_number
    reference = session.tournament.reference_result(number)
    result = session.deal.result
    own = 0 if result is None else result.scores[SEAT]
    if reference is None:
        text = t("ref_failed", lang, error=extras.reference_error) if extras.reference_error \
            else t("ref_computing", lang)
        return (f'<div class="duplicate-result" data-testid="reference-result" aria-busy="true">'
                f'<p>{escape(text)}</p></div>')
    value = seat_score(reference)
    buttons = _button("review-reference", t("review_ref", lang), "btn ghost", _deal(number))
    if session.over and session.tournament.complete(session.match):
        buttons += _button("new-game", t("new_tournament", lang), "btn primary")
    return (f'<div class="duplicate-result" data-testid="reference-result" data-value="{value}">'
            f'<p>{escape(reference_sentence(reference, own, lang))}</p>{buttons}</div>')


def tournament_table(session: DuplicateSession, lang: str) -> str:
    tour = session.tournament
    rows = tour.rows(session.match)
    body = []
    for i, row in enumerate(rows, 1):
        ref = "…" if row.reference is None else signed(row.reference)
        diff = "…" if row.difference is None else signed(row.difference)
        body.append(f'<tr data-deal="{row.deal_number}"><th scope="row">{i}</th><td class="num">{signed(row.own)}</td>'
                    f'<td class="num">{ref}</td><td class="num" data-diff="{"" if row.difference is None else row.difference}">'
                    f'{diff}</td><td>{_button("review-deal", t("review_short", lang), "btn ghost", _deal(row.deal_number))}</td></tr>')
    total = tour.total(session.match)
    complete = tour.complete(session.match)
    progress = t("tournament_over", lang, total=signed(total)) if complete else \
        t("tournament_progress", lang, k=min(len(rows) + (0 if session.finished else 1), tour.size), n=tour.size)
    return (f'<section class="tournament" aria-labelledby="tournament-title">'
            f'<h2 class="side-title" id="tournament-title">{escape(t("tournament", lang))}</h2>'
            f'<p class="tournament-progress">{escape(progress)}</p>'
            f'<p class="tournament-number">{escape(t("tournament_number", lang, n=session.match.first_deal))}</p>'
            f'<table class="sheet" data-testid="duplicate-table"><thead><tr><th scope="col">{escape(t("col_deal", lang))}</th>'
            f'<th scope="col">{escape(t("col_you", lang))}</th><th scope="col">{escape(t("col_expert", lang))}</th>'
            f'<th scope="col">{escape(t("col_diff", lang))}</th><td></td></tr></thead><tbody>{"".join(body)}</tbody>'
            f'<tfoot><tr><th scope="row">{escape(t("total", lang))}</th><td colspan="2"></td>'
            f'<td class="num" data-testid="duplicate-total" data-value="{total}" data-complete="{str(complete).lower()}">'
            f'{signed(total)}</td><td></td></tr></tfoot></table></section>')


def records_tools(session: Session, lang: str) -> str:
    """Review a finished deal, export the match, import deals."""
    reviews = ""
    if not isinstance(session, DuplicateSession):
        first = session.match.first_deal
        reviews = "".join(_button("review-deal", str(k + 1), "btn ghost",
                                  _deal(first + k) + f' aria-label="{escape(t("review_short", lang))} {k + 1}"')
                          for k in range(len(session.match.records)))
        if reviews:
            reviews = f'<p class="review-list"><span>{escape(t("review_short", lang) + colon(lang).rstrip())}</span> {reviews}</p>'
    export = _button("export-match", t("export", lang), "btn ghost") if session.match.records else ""
    return (f'<section class="records-tools" aria-label="{escape(t("records_title", lang))}">{reviews}'
            f'<p>{export}{_button("import-records", t("import", lang), "btn ghost")}</p></section>')


def import_dialog(extras: Extras, lang: str) -> str:
    message = extras.import_message
    return (f'<div class="overlay" data-testid="import"><div class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="import-title"><h2 id="import-title">{escape(t("import_title", lang))}</h2>'
            f'<p class="intro">{escape(t("import_help", lang))}</p>'
            f'<p class="message{" shown" if message else ""}" data-testid="import-message" role="alert">{escape(message)}</p>'
            f'<label class="field"><span>{escape(t("import_file", lang))}</span>'
            f'<input type="file" accept=".jsonl,.json,.txt,application/json" data-testid="import-file" id="import-file"></label>'
            f'<label class="field"><span>{escape(t("import_paste", lang))}</span>'
            f'<textarea id="import-text" rows="4" data-testid="import-text"></textarea></label>'
            f'<div class="dialog-actions">{_button("import-close", t("close", lang), "btn ghost")}'
            f'{_button("import-paste", t("import_show", lang), "btn primary")}</div></div></div>')


def replay_banner(session: PracticeSession, lang: str) -> str:
    return (f'<div class="notice replay" data-testid="replay-banner" role="status"><p>'
            f'{escape(t("replaying", lang, n=session.deal_number, k=session.upto))}</p>'
            f'{_button("end-replay", t("back_to_match", lang), "btn primary")}</div>')


# ------------------------------------------------------------ assembly
def decorate(regions: dict[str, str], session: Session, extras: Extras) -> dict[str, str]:
    """The regions with this module's blocks added (a new dict)."""
    lang = session.lang
    out = dict(regions)
    if session.ui.setup_open:
        marker = '<div class="dialog-actions">'
        form = out.get("overlay", "")
        if 'id="setup-form"' in form and marker in form:
            at = form.rindex(marker)
            out["overlay"] = form[:at] + setup_fieldset(session, lang) + form[at:]
    elif extras.review is not None:
        out["overlay"] = render_review(extras.review, lang)
    elif extras.import_open:
        out["overlay"] = import_dialog(extras, lang)
    if isinstance(session, DuplicateSession):
        panel = out.get("panel", "")
        if session.over:  # the tournament's last deal: no next deal
            panel = NEXT_DEAL.sub("", panel)
        out["panel"] = duplicate_block(session, extras, lang) + panel
        out["side"] = tournament_table(session, lang) + out.get("side", "")
    if isinstance(session, PracticeSession):
        out["notice"] = replay_banner(session, lang) + out.get("notice", "")
    else:
        out["side"] = out.get("side", "") + records_tools(session, lang)
    if session.finished and not isinstance(session, PracticeSession):
        out["panel"] = out.get("panel", "") + (
            f'<p class="review-open">{_button("review-deal", t("review", lang), "btn ghost", _deal(session.deal_number))}</p>')
    return out


# ------------------------------------------------------------- actions
def record_of(session: Session, number: int) -> dict[str, Any] | None:
    """The finished record of deal ``number`` in the session's match."""
    k = number - session.match.first_deal
    return session.match.records[k] if 0 <= k < len(session.match.records) else None


def open_review(session: Session, extras: Extras, number: int, reference: bool = False,
                hint_level: str = "standard") -> bool:
    """Open the review of deal ``number`` (the person's, or its reference); ``False`` if unknown.
    ``hint_level``: the recommender of *Conseil*, whose other choices a match's review shows."""
    if reference:
        if not isinstance(session, DuplicateSession) or number not in session.tournament.references:
            return False
        extras.review = ReviewPanel.open(session.tournament.references[number], "reference", number, position=0)
        return True
    record = record_of(session, number)
    if record is None:
        return False
    if isinstance(session, DuplicateSession):  # the Expert's other choices, as the worker finds them
        extras.review = ReviewPanel.open(record, "match", number, session.tournament.advice.get(number), position=0)
    else:  # the hint's, found now (a few milliseconds)
        extras.review = ReviewPanel.open(record, "match", number, position=0).with_hints(hint_level)
    return True


def review_key(extras: Extras, key: str) -> bool:
    """Arrow keys, Home and End move the open review; ``True`` when used."""
    panel = extras.review
    if panel is None:
        return False
    moves = {"ArrowLeft": -1, "ArrowRight": 1}
    if key in moves:
        panel.move(moves[key])
    elif key == "Home":
        panel.go(0)
    elif key == "End":
        panel.go(len(panel.steps) - 1)
    else:
        return False
    return True
