"""Why an exercise's answer is not the one expected, said at the first miss before the answer:
a flaw of the card played that is certain from the seat's view (:func:`tarot.bots.clean.card_flaws`),
else what the lesson is about, else only that it is not the decision expected."""
from __future__ import annotations

from dataclasses import dataclass

from tarot.actions import Action, Play
from tarot.bot import Reason
from tarot.cards import mask_of
from tarot.view import SeatView
from tarot.words import t

# A lesson's subject, by the lesson's name (its page: lessons/LANG/NAME.html, scripts/lessons.py).
LESSON_WORDS = {
    "fournir-couper": "lesson_about_fournir_couper", "excuse": "lesson_about_excuse",
    "encheres": "lesson_about_encheres", "ecart": "lesson_about_ecart", "poignee": "lesson_about_poignee",
    "petit-en-danger": "lesson_about_petit_en_danger", "petit-au-bout": "lesson_about_petit_au_bout",
    "decompte": "lesson_about_decompte", "appel-au-roi": "lesson_about_appel_au_roi",
    "defense": "lesson_about_defense", "signalisations": "lesson_about_signalisations",
}
@dataclass(frozen=True)
class Miss:
    """Why a decision is not the expected one: a flaw of the card (its name), else the lesson's
    subject (the lesson's name), else neither."""

    flaw: str | None = None
    lesson: str | None = None
    card: str | None = None  # the card played, when a flaw is named

    def words(self, lang: str) -> str:
        if self.flaw is not None:  # the flaw in the words the analysis and the hints use
            return t("exercise_miss_flaw", lang, why=Reason(self.flaw, {"card": self.card}).explain(lang))
        if self.lesson is not None:
            return t("exercise_miss_topic", lang, topic=t(LESSON_WORDS[self.lesson], lang))
        return t("exercise_miss", lang)


def flaw(view: SeatView, action: Action) -> str | None:
    """The first flaw of playing ``action`` now, from the seat's view alone; ``None`` for
    a decision that is not a card, or a card without a flaw that is certain."""
    if not isinstance(action, Play):
        return None
    from tarot.bots.clean import card_flaws  # the bots' knowledge, loaded at the first miss only
    from tarot.bots.knowledge import Knowledge

    legal = mask_of([a.card for a in view.legal if isinstance(a, Play)])
    if not legal >> action.card & 1:
        return None
    found = card_flaws(Knowledge(view), action.card, legal)
    return found[0] if found else None


def miss(view: SeatView, action: Action, lesson: str | None) -> Miss:
    """Why ``action`` (legal, not the expected one) is missed, for a table of ``lesson``."""
    named = flaw(view, action)
    card = str(action.card) if named is not None and isinstance(action, Play) else None
    return Miss(named, lesson if lesson in LESSON_WORDS else None, card)
