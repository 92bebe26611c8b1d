"""A duplicate tournament on the page: its choice in the new-game form, the reference's
result at the end of a deal (``reference-result``), the tournament's table and total
(``duplicate-total``).  Pure functions of the :class:`web.match.session.Screen`."""
from __future__ import annotations

from html import escape

from tarot.teaching.duplicate import FIELD, SEAT, seat_score
from tarot.i18n import contract_name
from tarot.result import DealResult

from tarot.words import t

from .tournament import TOURNAMENT_SIZES, TournamentView
from ..draw.labels import points_text, seat_name, signed
from ..match.screen import Screen


PLAYERS_IN_FIELD = 2 + len(FIELD)  # you, the Expert and the field's levels


def tool_button(action: str, label: str, cls: str = "btn", attrs: str = "") -> str:
    """A button of the tournament's, review's and import's tools."""
    return f'<button type="button" class="{cls}" data-action="{action}"{attrs}>{escape(label)}</button>'


def deal_attr(number: int) -> str:
    return f' data-deal="{number}"'


# --------------------------------------------------------- new-game form
def setup_fieldset(screen: Screen) -> str:
    """A free match or a tournament, and its number of deals (the form as filled in, else the game's);
    the tournament's fields show only while the tournament is chosen (web/style.css, before Python too)."""
    lang = screen.lang
    draft = screen.ui.setup_draft or {}
    current = screen.tournament.size if screen.tournament is not None else 0
    chosen = draft.get("duplicate", current)
    mode = "".join(
        f'<label class="choice"><input type="radio" name="mode" value="{value}"'
        f'{" checked" if (chosen > 0) == (value == "duplicate") else ""}><span>{escape(t(key, lang))}</span></label>'
        for value, key in (("match", "mode_match"), ("duplicate", "mode_duplicate")))
    sizes = "".join(f'<option value="{n}"{" selected" if n == (chosen or 4) else ""}>'
                    f'{escape(t("duplicate_n", lang, n=n))}</option>' for n in TOURNAMENT_SIZES)
    return (f'<fieldset class="mode"><legend>{escape(t("mode", lang))}</legend>'
            f'<div class="choices">{mode}</div>'
            f'<label class="field tournament-fields"><span>{escape(t("duplicate_deals", lang))}</span>'
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


def duplicate_block(screen: Screen) -> str:
    """The reference's result on the deal on show (once it is over), at the top of the panel."""
    tournament, lang = screen.tournament, screen.lang
    if tournament is None or not screen.finished or screen.practice is not None:  # a replay says its own
        return ""
    number = screen.deal_number
    reference = tournament.reference
    result = screen.view.result
    own = 0 if result is None else result.scores[SEAT]
    if reference is None:
        text = t("ref_failed", lang, error=screen.reference_error) if screen.reference_error \
            else t("ref_computing", lang)
        return (f'<div class="duplicate-result" data-testid="reference-result" aria-busy="true">'
                f'<p>{escape(text)}</p></div>')
    value = seat_score(reference)
    field_line = _field_sentence(screen, number, lang)
    buttons = tool_button("review-reference", t("review_ref", lang), "btn ghost", deal_attr(number))
    if tournament.over and tournament.complete:
        buttons += tool_button("new-game", t("new_tournament", lang), "btn primary")
    return (f'<div class="duplicate-result" data-testid="reference-result" data-value="{value}">'
            f'<p>{escape(reference_sentence(reference, own, lang))}</p>{field_line}{buttons}</div>')


def _field_sentence(screen: Screen, number: int, lang: str) -> str:
    """The field's scores in the person's seat and the person's place among the four (once known)."""
    tour = screen.tournament
    row = None if tour is None else next((r for r in tour.rows if r.deal_number == number), None)
    if row is None or row.place is None:
        return ""
    scores = {level: signed(score) for level, score in row.field.items()}
    return (f'<p data-testid="field-result" data-place="{row.place}">'
            f'{escape(t("field_scores", lang, place=row.place, of=PLAYERS_IN_FIELD, **scores))}</p>')


def tournament_table(screen: Screen) -> str:
    """The tournament's deals, the person's score beside the reference's, and the total (side)."""
    tour, lang = screen.tournament, screen.lang
    if tour is None:
        return ""
    body = []
    for i, row in enumerate(tour.rows, 1):
        ref = "…" if row.reference is None else signed(row.reference)
        diff = "…" if row.difference is None else signed(row.difference)
        body.append(f'<tr data-deal="{row.deal_number}"><th scope="row">{i}</th><td class="num">{signed(row.own)}</td>'
                    f'<td class="num">{ref}</td><td class="num" data-diff="{"" if row.difference is None else row.difference}">'
                    f'{diff}</td>{_place_cell(row.place, lang)}'
                    f'<td>{tool_button("review-deal", t("review_short", lang), "btn ghost", deal_attr(row.deal_number))}</td></tr>')
    progress = t("tournament_over", lang, total=signed(tour.total)) if tour.complete else \
        t("tournament_progress", lang, k=tour.deal_on, n=tour.size)
    return (f'<section class="tournament" aria-labelledby="tournament-title">'
            f'<h2 class="side-title" id="tournament-title">{escape(t("tournament", lang))}</h2>'
            f'<p class="tournament-progress">{escape(progress)}</p>'
            f'<p class="tournament-number">{escape(t("tournament_number", lang, n=tour.first_deal))}</p>'
            f'<table class="sheet" data-testid="duplicate-table" data-advising="{str(tour.advising).lower()}"><thead><tr><th scope="col">{escape(t("col_deal", lang))}</th>'
            f'<th scope="col">{escape(t("col_you", lang))}</th><th scope="col">{escape(t("col_expert", lang))}</th>'
            f'<th scope="col">{escape(t("col_diff", lang))}</th><th scope="col">{escape(t("col_place", lang))}</th>'
            f'<td></td></tr></thead><tbody>{"".join(body)}</tbody>'
            f'<tfoot><tr><th scope="row">{escape(t("total", lang))}</th><td colspan="2"></td>'
            f'<td class="num" data-testid="duplicate-total" data-value="{tour.total}" data-complete="{str(tour.complete).lower()}">'
            f'{signed(tour.total)}</td>{_place_cell(tour.place, lang)}<td></td></tr></tfoot></table>'
            f'{tournament_summary(tour, lang, dict(screen.losses))}</section>')


def _place_cell(place: int | None, lang: str) -> str:
    """A place among the four who played the cards ("2/4"), "…" while the field plays."""
    if place is None:
        return '<td class="num" data-place="">…</td>'
    return (f'<td class="num" data-place="{place}" title="{escape(t("place_of", lang, place=place, of=PLAYERS_IN_FIELD))}">'
            f'{place}/{PLAYERS_IN_FIELD}</td>')


def tournament_summary(tour: TournamentView, lang: str, losses: dict[int, dict[str, float]] | None = None) -> str:
    """Once the tournament is complete: the deals won, lost and tied against the Expert, the
    best deal and the worst (by the difference), the person's place among the field by total,
    and where the points went: per deal, the deal units the analysis finds lost in the bidding,
    the écart and the play (``losses``, by deal number; "…" for a deal still being analysed)."""
    rows = [r for r in tour.rows if r.difference is not None]
    if not tour.complete or len(rows) < 2:
        return ""
    diffs = [r.difference or 0 for r in rows]
    best = max(rows, key=lambda r: r.difference or 0)
    worst = min(rows, key=lambda r: r.difference or 0)
    tally = t("tournament_tally", lang, won=sum(d > 0 for d in diffs), lost=sum(d < 0 for d in diffs),
              tied=sum(d == 0 for d in diffs))
    lines = [f'<p>{escape(tally)}</p>']
    if best.difference != worst.difference:
        for key, row in (("tournament_best", best), ("tournament_worst", worst)):
            said = t(key, lang, n=row.deal_number, own=signed(row.own), expert=signed(row.reference or 0),
                     diff=signed(row.difference or 0))
            lines.append(f'<p data-{key.split("_")[1]}="{row.deal_number}">{escape(said)}</p>')
    if tour.place is not None:
        said = t("tournament_place", lang, place=tour.place, of=PLAYERS_IN_FIELD)
        lines.append(f'<p data-total-place="{tour.place}">{escape(said)}</p>')
    lines.append(_losses_table([r.deal_number for r in tour.rows], losses or {}, lang))
    return f'<div class="tournament-summary" data-testid="tournament-summary">{"".join(lines)}</div>'



# The phases the analysis adds its losses up in, and their names.
LOSS_WORDS = {"bidding": "phase_bidding", "ecart": "phase_ecart", "play": "phase_play"}
LOSS_PHASES = tuple(LOSS_WORDS)


def _losses_table(numbers: list[int], losses: dict[int, dict[str, float]], lang: str) -> str:
    """Where the points went: per deal and in all, the points lost against the analysis's best
    in each phase; the phase that cost the most, once every deal is analysed."""
    head = "".join(f'<th scope="col">{escape(t(LOSS_WORDS[phase], lang))}</th>' for phase in LOSS_PHASES)
    body = []
    for i, number in enumerate(numbers, 1):
        lost = losses.get(number)
        cells = "".join(f'<td class="num" data-phase="{phase}">{"…" if lost is None else _lost(lost[phase], lang)}</td>'
                        for phase in LOSS_PHASES)
        body.append(f'<tr data-deal="{number}"><th scope="row">{i}</th>{cells}</tr>')
    said = ""
    if all(n in losses for n in numbers):
        totals = {phase: sum(losses[n][phase] for n in numbers) for phase in LOSS_PHASES}
        cells = "".join(f'<td class="num" data-phase="{phase}" data-total="{round(totals[phase], 1)}">'
                        f'{_lost(totals[phase], lang)}</td>' for phase in LOSS_PHASES)
        body.append(f'<tr class="total"><th scope="row">{escape(t("total", lang))}</th>{cells}</tr>')
        worst = max(LOSS_PHASES, key=lambda phase: totals[phase])
        said = t("losses_most", lang, phase=t(LOSS_WORDS[worst], lang), lost=_lost(totals[worst], lang)) \
            if totals[worst] >= 0.05 else t("losses_none", lang)
        said = f'<p data-losses-most="{worst if totals[worst] >= 0.05 else ""}">{escape(said)}</p>'
    return (f'<table class="sheet losses" data-testid="tournament-losses"><caption>{escape(t("losses_title", lang))}</caption>'
            f'<thead><tr><th scope="col">{escape(t("col_deal", lang))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>{said}')


def _lost(units: float, lang: str) -> str:
    """Deal units lost: "−9,5", "0"."""
    units = round(units, 1)
    return "0" if units == 0 else f"−{points_text(units, lang)}"
