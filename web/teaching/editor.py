"""The hands editor: every hand chosen by clicking cards, for a new situation to share
(:mod:`web.teaching`)."""
from __future__ import annotations

from html import escape

from tarot.cards import CARDS, EXCUSE_ID, SUIT_OF, TRUMP, Card
from tarot.rng import Rng
from tarot.rules import Rules

from ..draw.cardface import card_html
from ..draw.labels import seat_name
from tarot.words import t
from ..draw.parts import teach_button as _button


class Editor:
    """Choosing every hand by clicking cards, for a new situation."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.target = 0  # the seat being filled; ``players`` is the chien
        self.places: dict[Card, int] = {}  # card -> seat (or the chien)
        self.message: str | None = None

    def size(self, place: int) -> int:
        return self.rules.chien_size if place == self.rules.players else self.rules.hand_size

    def held(self, place: int) -> list[Card]:
        return sorted(c for c, p in self.places.items() if p == place)

    def toggle(self, card: Card) -> None:
        if self.places.get(card) == self.target:
            del self.places[card]
        elif len(self.held(self.target)) < self.size(self.target):
            self.places[card] = self.target
        else:
            self.message = "editor_full"

    def fill(self, seed: int) -> None:
        """The cards not placed go to the places with room left, shuffled by ``seed``."""
        free = [c for c in CARDS if c not in self.places]
        Rng(seed).shuffle(free)
        for place in range(self.rules.players + 1):
            room = self.size(place) - len(self.held(place))
            for card in free[:room]:
                self.places[card] = place
            free = free[room:]

    def record(self) -> dict[str, object] | None:
        """A ``tarot-deal/1`` record of the deal chosen (seat 0 bids first), or ``None`` if incomplete."""
        n = self.rules.players
        if any(len(self.held(p)) != self.size(p) for p in range(n + 1)):
            return None
        return {"format": "tarot-deal/1", "rules": self.rules.to_json(), "dealer": n - 1,
                "hands": [[str(c) for c in self.held(p)] for p in range(n)],
                "chien": [str(c) for c in self.held(n)], "actions": []}

    def _place_name(self, place: int, lang: str) -> str:
        return t("editor_chien", lang) if place == self.rules.players else seat_name(place, lang)

    def render(self, lang: str) -> str:
        n = self.rules.players
        tabs = "".join(
            f'<button type="button" class="btn ghost teach" data-action="editor-target" data-seat="{p}" '
            f'aria-pressed="{"true" if p == self.target else "false"}">'
            f'{escape(t("editor_count", lang, name=self._place_name(p, lang), n=len(self.held(p)), size=self.size(p)))}'
            f'</button>' for p in range(n + 1))
        groups = []
        for suit in (TRUMP, 0, 1, 2, 3):
            buttons = []
            for c in CARDS:
                if (SUIT_OF[c] if c != EXCUSE_ID else TRUMP) != suit:
                    continue
                place = self.places.get(c)
                mark = "" if place is None else f'<span class="ed-place">{escape(self._place_name(place, lang)[:2])}</span>'
                buttons.append(f'<button type="button" class="ed-card{"" if place is None else " placed"}" '
                               f'data-action="editor-card" data-card="{c}" data-place="{"" if place is None else place}" '
                               f'aria-pressed="{"false" if place is None else "true"}">'
                               f'{card_html(c, lang, size="small")}{mark}</button>')
            groups.append(f'<div class="ed-row">{"".join(buttons)}</div>')
        message = ""
        if self.message is not None:
            name = self._place_name(self.target, lang)
            message = f'<p class="teach-note" role="alert">{escape(t(self.message, lang, name=name))}</p>'
        actions = (_button(t("editor_fill", lang), "editor-fill") + _button(t("editor_clear", lang), "editor-clear")
                   + _button(t("editor_start", lang), "editor-start") + _button(t("editor_close", lang), "editor-close"))
        return (f'<div class="editor" data-testid="editor"><p>{escape(t("editor_intro", lang))}</p>'
                f'<div class="teach-row">{tabs}</div>{message}{"".join(groups)}'
                f'<div class="teach-row">{actions}</div></div>')

