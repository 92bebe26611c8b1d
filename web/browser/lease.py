"""One tab plays the saved match at a time: the lease of the tab that owns it.

The owner writes its lease (``{"tab": ID, "until": MS}``) under :data:`LEASE_KEY` in
``localStorage`` and renews it every :data:`HEARTBEAT_MS`; a lease not renewed for
:data:`LEASE_MS` has expired (a tab closed or frozen without a word).  Another tab of the
match follows its saves, plays no bot, saves nothing and offers to take over.  Taking over
asks the owner first (:data:`TAKEOVER_KEY`): the owner stops, and since its last save is
already written, handing the lease over is its last write, so the asker reads the match
as it stands.  An owner that does not answer within :data:`HANDOVER_MS` is taken over
anyway.  Pure Python: :mod:`web.browser.table` reads the keys, the clock and the storage events.
"""
from __future__ import annotations

import json
from html import escape
from typing import NamedTuple

from tarot.words import t

LEASE_KEY = "tarot.table.owner"  # localStorage: {"tab": id, "until": ms since the epoch}
TAKEOVER_KEY = "tarot.table.takeover"  # localStorage: {"tab": id, "at": ms}: a tab asks to take over
HEARTBEAT_MS = 1000  # the owner renews its lease this often
LEASE_MS = 4000  # a lease not renewed for this long has expired
HANDOVER_MS = 1500  # how long a tab that asked waits for the owner's answer


class Lease(NamedTuple):
    """Who owns the match, until when (ms since the epoch); or who asks for it, since when."""

    tab: str
    until: float


def parse(raw: object, field: str = "until") -> Lease | None:
    """The lease (or request) stored as ``raw``; ``None`` for nothing or anything damaged."""
    if not isinstance(raw, str):
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    tab, when = data.get("tab"), data.get(field)
    if not isinstance(tab, str) or not tab or isinstance(when, bool) or not isinstance(when, (int, float)):
        return None
    return Lease(tab, float(when))


def lease_text(tab: str, now: float) -> str:
    """The lease of ``tab`` from ``now``."""
    return json.dumps({"tab": tab, "until": now + LEASE_MS})


def request_text(tab: str, now: float) -> str:
    """``tab`` asks the owner for the match (a new text at each request, so each one is an event)."""
    return json.dumps({"tab": tab, "at": now})


class Ownership:
    """This tab's side of the lease.  (A plain class: a dataclass compiles its methods when
    the module is imported, which a first visit's start pays for.)"""

    def __init__(self, tab: str, owner: bool = False) -> None:
        self.tab = tab
        self.owner = owner
        self.asked_at: float | None = None  # when this tab asked the owner to hand over

    def check(self, raw: object, now: float, may_claim: bool) -> str | None:
        """The lease as it stands (at the start, at each heartbeat, when it changes): whether
        this tab owns the match now, and the lease to write (this tab's, renewed), if any.
        A free or expired lease is claimed only where ``may_claim`` (a tab in view, or
        starting), so that a hidden tab does not take the match from under a reloading one."""
        lease = parse(raw)
        held_by_other = lease is not None and lease.tab != self.tab and lease.until > now
        waited = self.asked_at is not None and now - self.asked_at >= HANDOVER_MS
        if held_by_other and not waited:
            self.owner = False
            return None
        ours = lease is not None and lease.tab == self.tab
        if self.owner or ours or self.asked_at is not None or may_claim:
            self.owner, self.asked_at = True, None
            return lease_text(self.tab, now)
        return None

    def take_over(self, raw: object, now: float) -> tuple[str | None, str | None]:
        """The person plays here: ``(lease, request)`` to write.  A free or expired lease is
        taken at once; a live owner is asked first (the answer comes as its lease to us)."""
        lease = parse(raw)
        if lease is None or lease.until <= now or lease.tab == self.tab:
            self.owner, self.asked_at = True, None
            return lease_text(self.tab, now), None
        self.asked_at = now
        return None, request_text(self.tab, now)

    def hand_over(self, raw: object, now: float) -> str | None:
        """Another tab asks for the match: an owner stops and returns the asker's lease to write."""
        request = parse(raw, "at")
        if not self.owner or request is None or request.tab == self.tab or now - request.until > LEASE_MS:
            return None
        self.owner = False
        return lease_text(request.tab, now)

    def release(self) -> bool:
        """The tab closes: whether it owned the match (its lease is then removed)."""
        owned, self.owner = self.owner, False
        return owned


def elsewhere_notice(lang: str, asked: bool) -> str:
    """What a tab that does not own the match shows over the table, with the take-over button."""
    waiting = ' aria-disabled="true"' if asked else ""  # asked: the owner's answer is on its way
    button = (f'<button type="button" class="btn primary" data-action="take-over" id="btn-take-over"'
              f'{waiting}>{escape(t("take_over", lang))}</button>')
    return (f'<div class="overlay elsewhere" data-testid="elsewhere"><div class="dialog small" role="alertdialog"'
            f' aria-modal="true" aria-labelledby="elsewhere-title" aria-describedby="elsewhere-text">'
            f'<h2 id="elsewhere-title">{escape(t("elsewhere_title", lang))}</h2>'
            f'<p id="elsewhere-text">{escape(t("elsewhere_text", lang))}</p>'
            f'<p class="dialog-actions">{button}</p></div></div>')
