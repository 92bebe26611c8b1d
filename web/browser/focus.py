"""Where the focus goes after the page is drawn again: on the offer to take the match over,
into a dialog that opened, back where it was, or on the first legal choice of each new
decision, once; and the table brought back into view.  The document is passed in."""
from __future__ import annotations

from typing import Any

from .storage import js


class Focus:
    """The focus on the page (``framed``: the table is in another page's frame)."""

    def __init__(self, document: Any, framed: bool) -> None:
        self.document = document
        self.framed = framed
        self.autofocused = ""  # the decision whose first choice took the focus

    def before(self) -> tuple[str, int]:
        """Where the focus is before the page is drawn again: its element's id, and its place
        in the hand when it is a card (the card may be gone, played or discarded)."""
        active = js(self.document.activeElement)
        focus_id = str(active.id) if active is not None and active.id else ""
        hand_index = -1
        if focus_id.startswith("card-"):
            ids = [str(b.id) for b in self.document.querySelectorAll("#hand button[data-card]")]
            hand_index = ids.index(focus_id) if focus_id in ids else -1
        return focus_id, hand_index

    def after(self, moment: str, appeared: set[str], dialog_open: bool, before: tuple[str, int]) -> None:
        """The focus after a refresh: on the offer to take the match over when another tab took
        it, into a dialog that opened, else back where it was; each new decision (or question)
        puts it on its first legal choice, once."""
        may_focus = self.may_move()
        if "elsewhere" in appeared and may_focus:
            js(self.document.getElementById("btn-take-over")).focus()
        elif "overlay" in appeared and may_focus:
            first = js(self.document.querySelector("#overlay input:checked, #overlay button"))
            if first is not None:
                first.focus()
        elif may_focus:
            self._restore(*before)
        wanted = js(self.document.querySelector("#overlay [data-autofocus]" if dialog_open else "[data-autofocus]"))
        key = f"{moment}:{wanted.id}" if wanted is not None else ""
        if key and key != self.autofocused:
            self._show_play_area()
            if may_focus and not wanted.isSameNode(js(self.document.activeElement)):
                wanted.focus()
        self.autofocused = key

    def _show_play_area(self) -> None:
        """A new decision brings the whole table back into view where it fits the screen: the
        page may have been scrolled down to the score sheet, or by a focused card of a taller
        hand (the écart's, on a small phone), leaving the trick above the screen."""
        layout = js(self.document.querySelector("#table > .layout"))
        area = js(self.document.querySelector("#table .play-area"))
        if layout is not None and area is not None and layout.scrollTop > 0 \
                and area.offsetHeight <= layout.clientHeight + 1:
            layout.scrollTop = 0

    def may_move(self) -> bool:
        """Whether the page may move the focus by itself.  A table framed in another page
        does so only once the reader is in it: focusing a frame's element takes the focus
        from the page around it and scrolls that page to the frame (a lesson opened on its
        second table, past its text)."""
        return not self.framed or bool(self.document.hasFocus())

    def _restore(self, focus_id: str, hand_index: int) -> None:
        """The focus back on its element, or on the card now at its place in the hand, or on a
        button of the dialog or the panel."""
        if not focus_id:
            return
        current = js(self.document.activeElement)
        if current is not None and current.id == focus_id:
            return
        target = js(self.document.getElementById(focus_id))
        if target is None and hand_index >= 0:
            cards = self.document.querySelectorAll("#hand button[data-card]")
            if cards.length:
                target = js(cards.item(min(hand_index, cards.length - 1)))
        if target is None:
            target = js(self.document.querySelector("#overlay button, #panel button"))
        if target is not None:
            target.focus()
