"""The page's state for the review, the import and a replay (:class:`Extras`), and what
opens and moves the review.  Their drawing: :mod:`web.teaching.records`, :mod:`web.teaching.review`,
:mod:`web.duplicate.view`."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tarot.teaching.duplicate import seat_score

from ..duplicate.tournament import DuplicateSession
from .grading import Analyses
from .review import ReviewPanel
from .situations import TeachingSession
from ..match.session import Session


@dataclass
class Extras:
    """The page's state for the review, the import and a replay."""

    review: ReviewPanel | None = None
    import_open: bool = False
    import_message: str = ""
    saved: Session | None = None  # the match set aside while a deal is replayed
    reference_error: str = ""
    analyses: Analyses = field(default_factory=Analyses)  # the graded analysis of the finished deals
    analysis_error: str = ""


# ------------------------------------------------------------- actions
def record_of(session: Session, number: int) -> dict[str, Any] | None:
    """The finished record of deal ``number`` in the session's match."""
    k = number - session.match.first_deal
    return session.match.records[k] if 0 <= k < len(session.match.records) else None


def open_review(session: Session, extras: Extras, number: int, reference: bool = False,
                hint_level: str = "standard") -> bool:
    """Open the review of deal ``number`` (the person's, or its reference); ``False`` if unknown.
    ``hint_level``: the recommender of *Conseil*, whose other choices a match's review shows."""
    if reference:
        if not isinstance(session, DuplicateSession) or number not in session.tournament.references:
            return False
        extras.review = ReviewPanel.open(session.tournament.references[number], "reference", number, position=0)
        return True
    record = record_of(session, number)
    if record is None:
        return False
    if isinstance(session, DuplicateSession):  # the Expert's other choices, as the worker finds them
        extras.review = ReviewPanel.open(record, "match", number, session.tournament.advice.get(number), position=0)
        expert = session.tournament.reference_result(number)
        extras.review.expert = None if expert is None else seat_score(expert)
    else:  # the hint's, found now (a few milliseconds); a situation's deal has no number of its own
        made = isinstance(session, TeachingSession) and number == session.match.first_deal
        extras.review = ReviewPanel.open(record, "situation" if made else "match", number,
                                         position=0).with_hints(hint_level)
    extras.review.analysis = extras.analyses.of(number, record)
    return True
