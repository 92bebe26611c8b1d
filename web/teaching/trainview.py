"""The puzzle trainer drawn in the teaching region (:mod:`web.teaching.trainer`): the puzzle on
the table (its question, its verdict, the line played out step by step, *Problème suivant*) and
the trainer around it (the rating, the sets, the filters, the latest tries); pure functions of
their views."""
from __future__ import annotations

from html import escape

from tarot.i18n import PHASE_WORDS
from tarot.puzzles.themes import THEME_WORDS
from tarot.words import capitalized, t

from ..draw.parts import teach_button as button
from .moves import move_words
from .puzzles import PHASES, PLAYERS
from .review import loss_text
from .trainer import PuzzleView, TrainerView


def theme_words(code: str, lang: str) -> str:
    """A theme's name in the catalogues, else its code."""
    return t(THEME_WORDS[code], lang) if code in THEME_WORDS else code


def _points(value: float, lang: str) -> str:
    return loss_text(value, lang)


def render_puzzle(view: PuzzleView, trainer: TrainerView | None, lang: str) -> str:
    """The puzzle on the table: the question, then the verdict, the line and what follows."""
    title = t("puzzle_daily" if view.daily else "puzzle_title", lang)
    themes = ", ".join(theme_words(c, lang) for c in view.themes)
    head = f'<span class="puzzle-title">{escape(title)}</span>'
    if themes and view.correct is not None:
        head += f' <span class="puzzle-themes">{escape(themes)}</span>'
    if trainer is not None:
        head += f' {rating_badge(trainer.rating, lang)}'
    out = f'<p class="puzzle-head">{head}</p>'
    if view.correct is None:
        out += f'<p class="teach-note" data-testid="puzzle-question">{escape(t("puzzle_ask", lang))}</p>'
    else:
        out += _verdict(view, lang)
    if view.shown is not None:
        p, n, first = view.shown
        said = t("puzzle_line_best" if view.shows_best else "puzzle_line_wrong", lang,
                 best=move_words(view.best, lang))
        out += (f'<p class="teach-note" data-testid="puzzle-line" data-line="{"best" if view.shows_best else "wrong"}">'
                f'{escape(said)}</p><div class="teach-row steps">'
                + button(t("step_prev", lang), "mistake-step", disabled=p <= first, short=t("step_prev_short", lang),
                         attrs=' data-to="prev"')
                + f'<span class="step-count" data-testid="puzzle-step">{escape(t("mistakes_step_of", lang, p=p - first, n=n - first))}</span>'
                + button(t("step_next", lang), "mistake-step", disabled=p >= n, short=t("step_next_short", lang),
                         attrs=' data-to="next"')
                + _after(view, trainer, lang) + '</div>')
    elif view.correct is not None:
        out += _after(view, trainer, lang)
    settled = ' data-settled="true"' if view.correct is not None and view.shown is None else ""  # the question, answered
    return (f'<div class="teach-row exercise puzzle" data-testid="puzzle" data-id="{escape(view.id)}" '
            f'data-phase="{view.phase}" data-players="{view.players}"{settled}>{out}</div>')


def _after(view: PuzzleView, trainer: TrainerView | None, lang: str) -> str:
    """Once answered: a wrong answer's line (unless on show), the best played out (unless on show), the
    next puzzle (not in an embedded daily puzzle)."""
    out = button(t("puzzle_show_line", lang), "puzzle-line") if view.line_offered else ""
    out += "" if view.shows_best else button(t("puzzle_show_best", lang), "puzzle-best",
                                            short=t("puzzle_show_best_short", lang))
    if not (view.daily and trainer is not None and trainer.embed):
        out += button(t("puzzle_next", lang), "puzzle-next")
    return out


def _verdict(view: PuzzleView, lang: str) -> str:
    why = view.reason.explain(lang)
    best = move_words(view.best, lang)
    if view.correct:
        text = t("puzzle_right", lang, why=why, margin=_points(view.margin, lang))
    else:
        loss, measured = view.cost or (view.margin, False)
        tried = move_words(view.tried, lang) if view.tried is not None else ""
        text = t("puzzle_wrong" if measured else "puzzle_wrong_least", lang, move=tried, cost=_points(loss, lang),
                 best=best, why=why)
    return (f'<p class="verdict {"right" if view.correct else "wrong"}" data-testid="puzzle-verdict" '
            f'data-correct="{"true" if view.correct else "false"}" role="status">{escape(text)}</p>')


def rating_badge(rating: int, lang: str) -> str:
    return (f'<span class="puzzle-rating" data-testid="rating" data-value="{rating}">'
            f'{escape(t("puzzle_rating", lang, rating=rating))}</span>')


def render_trainer(view: TrainerView, lang: str, with_rating: bool, compact: bool = False) -> str:
    """The trainer around the exercise: the rating (unless the puzzle shows it), the sets, the
    filters, the latest tries and the way back to the game; ``compact`` (beside an exercise): the
    rating, the note that no puzzle fits the filters, the sets (the embedded page: the first two)."""
    out = f'<p class="puzzle-head">{rating_badge(view.rating, lang)}</p>' if with_rating else ""
    if view.empty:
        out += f'<p class="teach-note" data-testid="puzzle-none">{escape(t("puzzle_none", lang))}</p>'
    if view.embed:
        return f'<div class="teach-row trainer" data-testid="trainer">{out}</div>' if out else ""
    sets = (button(t("puzzle_set_puzzles", lang), "puzzle-next", pressed=None,
                   attrs=f' aria-pressed="{"false" if view.on_mistakes else "true"}"')
            + button(t("puzzle_set_mistakes", lang, n=view.mistakes), "mistakes-next", disabled=not view.mistakes,
                     attrs=f' aria-pressed="{"true" if view.on_mistakes else "false"}" data-testid="puzzle-mistakes"'))
    out += f'<div class="teach-row puzzle-sets" role="group" aria-label="{escape(t("puzzle_set_label", lang))}">{sets}</div>'
    if compact:
        return f'<div class="trainer compact" data-testid="trainer">{out}</div>'
    out += _filters(view, lang) + _tries(view, lang)
    out += f'<p class="trainer-leave"><a class="btn ghost" href="./" data-testid="trainer-leave">{escape(t("back_to_match", lang))}</a></p>'
    return (f'<section class="trainer" data-testid="trainer" aria-label="{escape(t("puzzle_trainer", lang))}">'
            f'<h2>{escape(t("puzzle_trainer", lang))}</h2>{out}</section>')


def _chip(label: str, kind: str, value: str, on: bool) -> str:
    return button(label, "puzzle-filter", attrs=f' data-kind="{kind}" data-value="{escape(value)}" '
                                                f'aria-pressed="{"true" if on else "false"}"')


def _filters(view: TrainerView, lang: str) -> str:
    f = view.filters
    every = t("puzzle_any", lang)
    groups = [
        ("theme", t("puzzle_theme", lang), [("", every, f.theme is None)]
         + [(c, theme_words(c, lang), f.theme == c) for c in view.themes]),
        ("players", t("puzzle_players", lang), [("", every, f.players is None)]
         + [(str(n), str(n), f.players == n) for n in PLAYERS]),
        ("phase", t("puzzle_phase", lang), [("", every, f.phase is None)]
         + [(p, capitalized(t(PHASE_WORDS[p], lang)), f.phase == p) for p in PHASES]),
    ]
    rows = "".join(f'<p class="puzzle-filter" data-kind="{kind}"><span>{escape(name)}</span> '
                   + "".join(_chip(label, kind, value, on) for value, label, on in chips) + '</p>'
                   for kind, name, chips in groups)
    return (f'<div class="puzzle-filters" data-testid="puzzle-filters" role="group" aria-label="{escape(t("puzzle_filters", lang))}">'
            f'<p class="puzzle-filters-title">{escape(t("puzzle_filters", lang))}</p>{rows}</div>')


def _tries(view: TrainerView, lang: str) -> str:
    if not view.tries:
        return ""
    items = "".join(
        f'<li data-id="{escape(x.id)}" data-correct="{"true" if x.correct else "false"}" data-rating="{x.rating}">'
        f'{escape(t("puzzle_try", lang, id=x.id, verdict=t("puzzle_try_right" if x.correct else "puzzle_try_wrong", lang), rating=x.rating))}</li>'
        for x in view.tries)
    return (f'<div class="puzzle-history"><p class="teach-note">{escape(t("puzzle_history", lang))}</p>'
            f'<ol data-testid="puzzle-history">{items}</ol></div>')
