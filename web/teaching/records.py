"""The finished deals' tools on the page: review a deal, export the match, import deals
(and its dialog), and the banner of a deal replayed outside the match.  Pure functions
of the :class:`web.match.session.Screen`."""
from __future__ import annotations

from html import escape

from tarot.teaching.duplicate import seat_score
from tarot.words import t

from ..duplicate.view import deal_attr, tool_button
from ..draw.labels import colon, plural_s, signed
from ..match.screen import Screen


def records_tools(screen: Screen) -> str:
    """Review a finished deal, export the match, import deals (side; none in a replay)."""
    if screen.practice is not None:
        return ""
    lang = screen.lang
    reviews = ""
    if screen.tournament is None:  # a tournament's table has its own
        reviews = "".join(tool_button("review-deal", str(k), "btn ghost",
                                      deal_attr(number) + f' aria-label="{escape(t("review_short", lang))} {k}"')
                          for k, (number, _) in enumerate(screen.sheet, 1))
        if reviews:
            reviews = (f'<p class="review-list"><span>{escape(t("review_short", lang) + colon(lang).rstrip())}'
                       f'</span> {reviews}</p>')
    export = tool_button("export-match", t("export", lang), "btn ghost") if screen.sheet else ""
    mistakes = mistakes_line(screen) if screen.mistakes is not None else ""
    return (f'<section class="records-tools" aria-label="{escape(t("records_title", lang))}">{reviews}'
            f'<p>{export}{tool_button("import-records", t("import", lang), "btn ghost")}</p>{mistakes}</section>')


def mistakes_line(screen: Screen) -> str:
    """*Mes erreurs*: how many exercises are to do and solved, and the next one to do."""
    lang = screen.lang
    if screen.mistakes is None:
        return f'<p class="mistakes" data-testid="mistakes" data-todo="0" data-solved="0">{escape(t("mistakes_none", lang))}</p>'
    todo, solved = screen.mistakes
    words = t("mistakes_count", lang, todo=todo, solved=solved, s=plural_s(solved, lang))
    start = tool_button("mistakes-next", t("mistakes_start", lang), "btn ghost") if todo else ""
    return (f'<p class="mistakes" data-testid="mistakes" data-todo="{todo}" data-solved="{solved}">'
            f'<span>{escape(words)}</span> {start}</p>')


def review_opener(screen: Screen) -> str:
    """Under a finished deal (not a replay's): its review."""
    if not screen.finished or screen.practice is not None:
        return ""
    button = tool_button("review-deal", t("review", screen.lang), "btn ghost", deal_attr(screen.deal_number))
    return f'<p class="review-open">{button}</p>'


def import_dialog(screen: Screen) -> str:
    message = screen.importing or ""
    lang = screen.lang
    return (f'<div class="overlay" data-testid="import"><div class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="import-title"><h2 id="import-title">{escape(t("import_title", lang))}</h2>'
            f'<p class="intro">{escape(t("import_help", lang))}</p>'
            f'<p class="message{" shown" if message else ""}" data-testid="import-message" role="alert">{escape(message)}</p>'
            f'<label class="field"><span>{escape(t("import_file", lang))}</span>'
            f'<input type="file" accept=".jsonl,.json,.txt,application/json" data-testid="import-file" id="import-file"></label>'
            f'<label class="field"><span>{escape(t("import_paste", lang))}</span>'
            f'<textarea id="import-text" rows="4" data-testid="import-text"></textarea></label>'
            f'<div class="dialog-actions">{tool_button("import-close", t("close", lang), "btn ghost")}'
            f'{tool_button("import-paste", t("import_show", lang), "btn primary")}</div></div></div>')


def replay_banner(screen: Screen) -> str:
    """A deal replayed outside the match: which, from where, and the way back (page notes); a
    puzzle says its own (web.teaching.trainview)."""
    if screen.practice is None or screen.puzzle:
        return ""
    number, upto = screen.practice
    said = t("mistakes_banner", screen.lang, n=number, k=upto + 1) if screen.drilling \
        else t("replaying", screen.lang, n=number, k=upto)
    drill = " drill" if screen.drilling else ""
    return (f'<div class="notice replay{drill}" data-testid="replay-banner" role="status"><p>'
            f'{escape(said)}</p>{replay_against(screen)}'
            f'{tool_button("end-replay", t("back_to_match", screen.lang), "btn primary")}</div>')


def replay_against(screen: Screen) -> str:
    """At the end of a replay: its score beside the deal as played (and the Expert's, in a tournament)."""
    result = screen.view.result
    played, expert = screen.replayed_against
    if screen.practice is None or not screen.finished or result is None or played is None:
        return ""
    lang = screen.lang
    words = {"replayed": signed(seat_score(result)), "played": signed(played)}
    said = t("replay_against", lang, **words) if expert is None else \
        t("replay_against_expert", lang, expert=signed(expert), **words)
    return f'<p class="replay-against" data-testid="replay-against">{escape(said)}</p>'


def replay_mark(screen: Screen) -> str:
    """Above the match's score sheet during a replay: the deal on the table is not in it."""
    if screen.practice is None or screen.puzzle:
        return ""
    return f'<p class="replay-mark" data-testid="replay-mark">{escape(t("replay_outside", screen.lang))}</p>'
