"""The keyboard on the page's elements: Tab kept inside an open dialog, the arrows from card
to card of the hand.  The document is passed in (web.browser.table holds it)."""
from __future__ import annotations

from typing import Any

from .storage import js

HAND_KEYS = ("ArrowLeft", "ArrowRight", "Home", "End")


def trap_tab(document: Any, event: Any) -> None:
    """Tab and Shift+Tab go round the open dialog's controls, never behind it."""
    dialog = js(document.querySelector("#overlay [role=dialog]"))
    if dialog is None:
        return
    controls = [c for c in dialog.querySelectorAll("button, input, select, textarea, summary, [tabindex]")
                if not c.matches(":disabled") and c.getAttribute("tabindex") != "-1"
                and c.offsetParent is not None
                and not c.matches("input[type=radio]:not(:checked)")]  # a radio group: one stop
    if not controls:
        return
    active = js(document.activeElement)
    first, last = controls[0], controls[-1]
    if active is None or not bool(dialog.contains(active)):
        target = last if event.shiftKey else first
    elif active.isSameNode(first if event.shiftKey else last):
        target = last if event.shiftKey else first
    else:
        return
    event.preventDefault()
    target.focus()


def move_in_hand(document: Any, event: Any) -> None:
    """The arrows, Home and End go from card to card of the hand (when the person is to choose,
    from one card that may be chosen to the next)."""
    active = js(document.activeElement)
    if active is None or js(active.getAttribute("data-hand")) is None:
        return
    cards = list(document.querySelectorAll("#hand button[data-card]"))
    playable = [c for c in cards if c.getAttribute("aria-disabled") != "true"]
    if js(document.querySelector("#hand .hand.my-turn")) is not None and playable \
            and active.getAttribute("aria-disabled") != "true":
        cards = playable
    ids = [str(c.id) for c in cards]
    if str(active.id) not in ids:
        return
    i = ids.index(str(active.id))
    j = {"ArrowLeft": i - 1, "ArrowRight": i + 1, "Home": 0, "End": len(cards) - 1}[str(event.key)]
    if 0 <= j < len(cards):
        event.preventDefault()
        cards[j].focus()
