"""Teaching at the table: hints, "why?", the bidding aid, and situations from the URL.

- **Hints** (``[data-action=hint]``): at any decision of seat 0, the graded analysis's
  best action, asked of the bots' worker (:func:`tarot.teaching.analysis.advise`,
  :func:`web.teaching.grading.advise_step`), its reason and the leading options' expected
  points; where the worker fails or there is none, the recommender's choice (the Standard
  bot) and its reason (:mod:`tarot.teaching.hints`).  The deals where a hint was used are
  marked on the score sheet.
- **Why?** (``[data-action=why]``): the reason for the last bot decision, from that
  bot's own view at the time.
- **Bidding aid**: the hand's value on the points scale, item by item
  (:mod:`tarot.teaching.strength`), and the contract it suggests.
- **Situations** (``#record=...`` in the fragment, :mod:`tarot.situation`): the
  table opens on that deal at that point, with the query parameters ``seat=N``
  (whose view: that seat is shown at the bottom), ``open=1`` (every hand shown),
  ``at=K`` (after the record's first K actions), ``steps=1`` (forward and back
  through the record's actions) and ``exercise=1`` (the person is asked for that
  seat's next decision and told whether it is the record's, or when the record
  stops, the recommender's; a first miss says why, :mod:`web.teaching.misses`); a lesson's
  table also has ``lesson=NAME`` and ``next=N`` (the lesson's next table, offered at the end
  of the deal).  A situation is never saved in the browser; a deal after it is a normal one.

Here: the teaching's key of the browser's storage; its words are the catalogues' (:func:`t`,
:mod:`tarot.words`).  The state and its buttons: :mod:`web.teaching.teacher`; situations:
:mod:`web.teaching.situations`; the region's drawing: :mod:`web.teaching.teachview`; the hands editor:
:mod:`web.teaching.editor`; decisions in words: :mod:`web.teaching.moves`.  Nothing here touches the browser.
"""
from __future__ import annotations

from tarot.words import t as t  # the teaching's words are the catalogues'

HINTS_KEY = "tarot.table.hints"  # localStorage: the deals of the saved match where hints were used
