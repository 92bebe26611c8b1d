"""The side of the table: the score sheet, the chart of the running totals, the players'
figures, and what the match offers beside them."""
from __future__ import annotations

from html import escape

from tarot.words import t

from .labels import plural_s, points_text, signed
from ..duplicate.view import tournament_table
from .parts import button, contract_words, player_name
from ..teaching.records import records_tools, replay_mark
from ..teaching.trainview import render_trainer, theme_words
from ..match.screen import Screen


# --------------------------------------------------------------------- side
def render_sheet(screen: Screen) -> str:
    lang = screen.lang
    n = screen.view.rules.players
    head = "".join(f'<th scope="col" data-seat="{s}">{escape(player_name(screen, s))}</th>' for s in range(n))
    rows = []
    accuracies = dict(screen.accuracies)
    for index, (number, result) in enumerate(screen.sheet, 1):
        if result.redeal is not None or result.contract is None:
            what = t("redeal", lang)
        else:
            what = f'{contract_words(result.contract.code, lang)} · {player_name(screen, result.taker)}'
            what += " ✓" if result.made else " ✗"
        cells = "".join(f'<td class="num" data-seat="{s}">{signed(x)}</td>' for s, x in enumerate(result.match_points))
        label = escape(t("deal", lang, n=number))
        marks = ""
        if number in screen.hinted:  # a hint was used in this deal
            marks = f' data-hinted="true" class="hinted" title="{escape(t("hinted", lang))}"'
        if number in screen.undone:
            marks += ' data-undone="1"'
            what += f' ↺ ({t("undone_mark", lang)})'
        rows.append(f'<tr data-deal="{number}"{marks}><th scope="row" title="{label}">{index}</th>'
                    f'<td class="what">{escape(what)}{_accuracy(accuracies.get(number), lang)}</td>{cells}</tr>')
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


def _accuracy(value: float | None, lang: str) -> str:
    """The person's accuracy over a deal, once its graded analysis is done."""
    if value is None:
        return ""
    said = t("sheet_accuracy", lang, value=points_text(value, lang))
    return f' <span class="deal-accuracy" data-testid="sheet-accuracy" data-value="{value}">{escape(said)}</span>'


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
    final = ", ".join(f"{player_name(screen, s)} {signed(rows[-1][s])}" for s in range(n))
    desc = t("chart_desc", lang, n=deals, s=plural_s(deals, lang), totals=final, lo=signed(lo), hi=signed(hi))
    legend = "".join(f'<li><span class="swatch" data-seat="{s}"></span>{escape(player_name(screen, s))}</li>'
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
        rows.append(f'<tr data-seat="{seat}"><th scope="row">{escape(player_name(screen, seat))}</th>'
                    f'<td class="num" data-stat="taken">{st["taken"]}</td><td class="num" data-stat="made">{st["made"]}</td>'
                    f'<td class="num" data-stat="average">{escape(_average(average, lang))}</td></tr>')
    return (f'<table class="stats" data-testid="stats"><caption>{escape(t("stats_title", lang))}</caption>'
            f'<thead><tr><th scope="col">{escape(t("player", lang))}</th><th scope="col">{escape(t("stat_taken", lang))}</th>'
            f'<th scope="col">{escape(t("stat_made", lang))}</th><th scope="col">{escape(t("stat_average", lang))}</th>'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>' + _match_accuracy(screen))


def _match_accuracy(screen: Screen) -> str:
    """The person's accuracy over the match: the mean of the analysed deals' accuracies."""
    if screen.match_accuracy is None:
        return ""
    said = t("match_accuracy", screen.lang, value=points_text(screen.match_accuracy, screen.lang))
    return (f'<p class="match-accuracy" data-testid="match-accuracy" data-value="{screen.match_accuracy}">'
            f'{escape(said)}</p>')


def _average(value: float, lang: str) -> str:
    text = signed(round(value)) if float(value).is_integer() else (
        ("+" if value > 0 else "−") + f"{abs(value):.1f}")
    return text.replace(".", t("decimal_mark", lang))


def render_side(screen: Screen) -> str:
    """The puzzle trainer's sets, filters, tries and ratings; else during a replay, a line that says so; a tournament's table, the score sheet, the chart, the players' figures, the matches kept,
    and the finished deals' tools."""
    more = ""
    if screen.history:
        more = ('<p class="side-more">' + button(t("history_button", screen.lang, n=len(screen.history)),
                                                  action="history", ident="btn-history", cls="btn ghost") + "</p>")
    if screen.trainer is not None:  # the puzzle trainer: its sets, filters and tries, the ratings per theme
        return render_trainer(screen.trainer, screen.lang, with_rating=True) + render_puzzle_ratings(screen)
    return (replay_mark(screen) + tournament_table(screen) + render_sheet(screen) + render_chart(screen) + render_stats(screen)
            + render_puzzle_ratings(screen) + more + records_tools(screen))


def render_puzzle_ratings(screen: Screen) -> str:
    """The person's puzzle ratings (web.teaching.puzzles): overall, then per theme."""
    if not screen.puzzle_ratings:
        return ""
    lang = screen.lang
    rows = "".join(
        f'<tr data-theme="{escape(code)}"><th scope="row">'
        f'{escape(t("puzzle_rating_overall", lang) if not code else theme_words(code, lang))}</th>'
        f'<td class="num" data-value="{rating}">{rating}</td></tr>'
        for code, rating in screen.puzzle_ratings)
    return (f'<table class="stats puzzle-ratings" data-testid="puzzle-ratings"><caption>{escape(t("puzzle_ratings_title", lang))}'
            f'</caption><thead><tr><th scope="col">{escape(t("puzzle_theme", lang))}</th>'
            f'<th scope="col">{escape(t("puzzle_rating_col", lang))}</th></tr></thead><tbody>{rows}</tbody></table>')
