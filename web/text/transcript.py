"""What the text mode's live region has said: each new announcement is a paragraph added at its
end, the last few kept.  A paragraph is never written over: a screen reader that comes to a
changed paragraph after the page has changed it again finds it gone and says nothing (Orca calls
it a zombie), so a bot's card played a moment after yours would go unheard."""
from __future__ import annotations

from dataclasses import dataclass, field

KEEP = 8  # paragraphs kept in the region (the newest last; a removed one is not said)


@dataclass
class Transcript:
    """The announcements said so far: ``(number, text)``, the newest last."""

    said: list[tuple[int, str]] = field(default_factory=list)
    count: int = 0
    last: tuple[object, ...] = ()

    def hear(self, text: str, moment: tuple[object, ...]) -> bool:
        """Add ``text`` when it is new at this ``moment`` (the deal, its step, the commands typed):
        the same words said after another action, or a command repeated, are said again.
        Whether it was added."""
        key = (*moment, text)
        if not text or key == self.last:
            self.last = key
            return False
        self.last = key
        self.count += 1
        self.said = [*self.said, (self.count, text)][-KEEP:]
        return True
