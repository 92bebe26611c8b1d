"""Rendering: pure functions from a :class:`web.match.session.Screen` to HTML strings.

``render(screen)`` returns the HTML of each region of the page (``topbar``, ``notice``,
``felt``, ``count``, ``panel``, ``hand``, ``side``, ``overlay``, ``live``, and
``teaching`` above the panel) and :func:`root_attributes` the root's attributes; the
binding writes only the regions that changed.  Everything shown comes from seat 0's view,
the finished deals' results and the page's state (the tournament, the review, the
import, the teaching): no other seat's hidden card can appear, and nothing is added to
the HTML afterwards.

Each region's drawing lives with its job: :mod:`web.draw.felt` (top bar, seats, trick, live
count, notes), :mod:`web.draw.panel` (the decision asked, the hand), :mod:`web.draw.result` (the
count at the end of a deal), :mod:`web.draw.sheet` (score sheet, chart, figures),
:mod:`web.draw.dialogs` (new-game form, settings, tricks, kept matches), :mod:`web.duplicate.view`
and :mod:`web.teaching.records` (the tournament, the review, export and import), :mod:`web.teaching.teachview`
(hints, steps, exercise, sharing).
"""
from __future__ import annotations

from html import escape

from tarot.words import t

from .dialogs import render_overlay
from .felt import render_count, render_felt, render_live, render_notice, render_topbar
from .labels import signed
from .panel import render_hand, render_panel
from .parts import event_text, explain
from .result import calculation, token_calculation
from ..match.screen import Screen
from .sheet import render_chart, render_side
from ..teaching.teachview import render_teaching

__all__ = ["REGIONS", "calculation", "event_text", "explain", "phase_of", "render", "render_chart",
           "render_overlay", "root_attributes", "signed", "token_calculation"]

# The regions index.html holds; teaching is created by the binding above panel.
REGIONS = ("topbar", "notice", "felt", "count", "panel", "hand", "side", "overlay", "live", "text", "announce",
           "modelink")
# The drawn table, which the text mode says instead; the notes, the teaching and the score sheet are in its text.
DRAWN_ONLY = ("felt", "count", "panel", "hand", "live", "notice", "teaching", "side")


def phase_of(screen: Screen) -> str:
    """The value of ``data-phase``: the engine's phase, or ``setup`` while the new-game form is open."""
    return "setup" if screen.ui.setup_open else screen.view.phase


def root_attributes(screen: Screen) -> dict[str, str]:
    v = screen.view
    return {
        "data-phase": phase_of(screen),
        "data-deal-phase": v.phase,  # the table's layout follows the deal, even behind the new-game form
        "data-to-act": "" if v.to_act is None else str(v.to_act),
        "data-players": str(v.rules.players),
        "data-deal": str(screen.deal_number),
        "data-step": str(screen.step),
        "data-lang": screen.lang,
        "data-level": screen.settings.level,
        "data-options": " ".join(sorted(screen.settings.options)),
        "data-animations": "on" if screen.settings.animations else "off",
        "data-live-count": "on" if screen.live is not None else "off",
        "data-trainer": "on" if screen.trainer is not None else "off",  # the puzzle trainer: its way out is a link
        "data-mode": "text" if screen.text_mode else "drawn",
    }


def render_mode_link(screen: Screen) -> str:
    """The link first in the tab order of every page: to the text mode, or in it back to the drawn table."""
    text = screen.text_mode
    href = "?mode=graphique" if text else "?mode=texte"
    words = t("graphic_mode_link" if text else "text_mode_link", screen.lang)
    return f'<a class="mode-link" href="{href}" data-testid="mode-link">{escape(words)}</a>'


def render(screen: Screen) -> dict[str, str]:
    """The HTML of every region of the page, from the screen alone; in the text mode the drawn
    table's regions are empty and the text's are drawn (:mod:`web.text.textview`, imported
    by the first text page: the drawn table's start does without it), a dialog being a part
    of the text page (not modal: the command box stays in reach)."""
    link = render_mode_link(screen)
    if screen.text_mode:
        from ..text.textview import render_text
        overlay = render_overlay(screen).replace(' aria-modal="true"', "")
        return {"topbar": render_topbar(screen), "overlay": overlay, "modelink": link,
                **{name: "" for name in DRAWN_ONLY}, **render_text(screen)}
    return {
        "topbar": render_topbar(screen),
        "notice": render_notice(screen),
        "felt": render_felt(screen),
        "count": render_count(screen),
        "panel": render_panel(screen),
        "hand": render_hand(screen),
        "side": render_side(screen),
        "overlay": render_overlay(screen),
        "live": render_live(screen),
        "teaching": render_teaching(screen.teaching),
        "text": "", "announce": "", "modelink": link,
    }
