"""This tab's lease on the saved match (:mod:`web.browser.lease`), read and written in the browser's
storage: whether it plays the match, its heartbeat, taking the match over, handing it over,
and the notice over the table while another tab plays.  The clock is passed in (ms since the
epoch), and the storage (:class:`web.browser.storage.Store`), so this runs under CPython too."""
from __future__ import annotations

import random

from .lease import LEASE_KEY, TAKEOVER_KEY, Ownership, elsewhere_notice, parse
from .storage import Store


class Tabs:
    """This tab among the tabs of the game.  ``alone``: a table with a deal of its own
    (embedded, a situation) always plays, and never reads nor writes the lease."""

    def __init__(self, store: Store, alone: bool) -> None:
        self.store = store
        self.alone = alone
        self.ownership = Ownership(f"{random.getrandbits(64):016x}", owner=alone)

    @property
    def follower(self) -> bool:
        """Another tab owns the match: this one shows its saves, and neither acts nor saves."""
        return not self.ownership.owner

    def sync(self, now: float, may_claim: bool) -> bool:
        """Reads the lease, renews it if this tab owns the match; whether the owner changed."""
        was = self.ownership.owner
        lease = self.ownership.check(self.store.get(LEASE_KEY), now, may_claim)
        if lease is not None:
            self.store.set(LEASE_KEY, lease)
        return was != self.ownership.owner

    def hand_over(self, raw: str | None, now: float) -> bool:
        """Another tab asked for the match: this tab's last save is written, handing the lease
        over is its last write; whether it did."""
        lease = self.ownership.hand_over(raw, now)
        if lease is None:
            return False
        self.store.set(LEASE_KEY, lease)
        return True

    def take_over(self, now: float) -> tuple[bool, bool]:
        """The person plays in this tab: ``(taken, asked)``: the lease taken at once (it was
        free), or the owner asked for it (its answer comes as its lease to this tab)."""
        lease, request = self.ownership.take_over(self.store.get(LEASE_KEY), now)
        if lease is not None:
            self.store.set(LEASE_KEY, lease)
        if request is not None:
            self.store.set(TAKEOVER_KEY, request)
        return lease is not None, request is not None

    def leave(self) -> None:
        """The tab closes (or goes to the back-forward cache): its lease is left free at once."""
        if self.ownership.release():
            lease = parse(self.store.get(LEASE_KEY))
            if lease is not None and lease.tab == self.ownership.tab:
                self.store.remove(LEASE_KEY)

    def notice(self, lang: str) -> str:
        """The notice over the table while another tab plays the match (empty while this one does)."""
        return elsewhere_notice(lang, self.ownership.asked_at is not None) if self.follower else ""
