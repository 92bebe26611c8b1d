"""The teaching region (``#teaching``, above the action panel), drawn from the state.

:func:`teaching_view` takes from the teacher and the session what the region shows now
(:class:`TeachingView`); :func:`render_teaching` draws it, a pure function of that view."""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from urllib.parse import parse_qsl, urlsplit
from typing import TYPE_CHECKING

from tarot.actions import Action, Play, action_to_json
from tarot.cards import Card
from tarot.i18n import card_name, contract_name
from tarot.rules import Contract
from tarot.state import Deal
from tarot.teaching.strength import Item, items, suggestion
from tarot.words import t

from ..draw.cardface import card_html
from ..draw.labels import seat_name
from .drill import DrillView, MistakeSession
from .trainer import PuzzleSession, PuzzleView, TrainerView
from .trainview import render_puzzle, render_trainer
from .moves import move_attrs, move_words, told
from .review import GRADE_WORDS, describe, loss_text
from ..draw.parts import teach_button as button
from ..match.session import HUMAN, Session

if TYPE_CHECKING:
    from .editor import Editor
    from .teacher import Shown, Teacher, Verdict


@dataclass(frozen=True)
class Aid:
    """The bidding aid: open or not, the hand's items on the points scale, what they suggest."""

    open: bool
    items: tuple[Item, ...] = ()
    contract: Contract | None = None
    need: int = 0


@dataclass(frozen=True)
class Share:
    """The share panel: open or not, its links (kind, URL), the comment for this moment."""

    open: bool
    links: tuple[tuple[str, str], ...] = ()
    note: str = ""


@dataclass(frozen=True)
class TeachingView:
    """What the teaching region shows now; a part left ``None`` is not shown."""

    lang: str
    step: int  # how many actions the deal has seen
    editor: Editor | None = None  # the hands editor, shown alone
    note: str | None = None  # the comment for this moment
    steps: tuple[int, int, int] | None = None  # (step, steps of the record, the situation's first step)
    left_record: bool = False  # the steps of a record the table has left
    exercise: tuple[Verdict | None, bool] | None = None  # (the verdict, whether the question is asked)
    hint: Shown | None = None  # the hint given at this moment
    hint_offered: bool = False
    hint_thinking: bool = False  # the graded analysis is asked for the hint at this moment
    aid: Aid | None = None
    why: tuple[str, Shown | None] | None = None  # the last bot decision in words ("" if the person's), and why when asked
    why_cards: tuple[tuple[int, int, Card], ...] = ()  # the bots' other cards of this trick and the one before
    open_hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # every other seat's hand (open=1)
    hands_folded: bool = False  # the hands face up start folded (an embedded puzzle: a small frame)
    share: Share | None = None
    drill: DrillView | None = None  # an exercise from the person's mistakes (web.teaching.drill)
    puzzle: PuzzleView | None = None  # a puzzle of the trainer (web.teaching.trainer)
    trainer: TrainerView | None = None  # the trainer around the exercise on show


def teaching_view(teacher: Teacher, session: Session) -> TeachingView | None:
    """What the teaching region shows for ``session`` (``None`` behind the new-game form)."""
    if session.ui.setup_open:
        return None
    lang, deal = session.lang, session.deal
    step = len(deal.history)
    if isinstance(session, PuzzleSession):  # the puzzle alone: no tip before the answer
        return TeachingView(lang, step, puzzle=session.puzzle_view(), open_hands=session.open_hands(),
                            hands_folded=session.embedded)
    if isinstance(session, MistakeSession):  # the exercise alone: no tip before the answer
        return TeachingView(lang, step, drill=session.view_of(), open_hands=session.open_hands())
    if teacher.editor is not None:
        return TeachingView(lang, step, editor=teacher.editor)
    questioned = teacher.exercising(session) and not teacher.answered(session)  # tips wait for the answer
    mine = deal.to_act == HUMAN
    return TeachingView(
        lang, step, note=teacher.notes.get(step) or None,
        steps=_steps(teacher, session), left_record=_left_record(teacher, session),
        exercise=_exercise(teacher, session), hint=_shown(teacher.hint_shown, session),
        hint_offered=mine and not questioned, hint_thinking=teacher.hint_thinking(session),
        aid=_aid(teacher, session) if mine and deal.phase.value == "bidding" and not questioned else None,
        why=_why(teacher, session), why_cards=recent_bot_cards(session.deal), open_hands=_open_hands(teacher, session), share=_share(teacher, session))


def _shown(shown: Shown | None, session: Session) -> Shown | None:
    """A hint or an answer to "why?" still valid: given at this moment of this deal."""
    if shown is None or shown.deal != session.deal_number or shown.step != len(session.deal.history):
        return None
    return shown


def _steps(teacher: Teacher, session: Session) -> tuple[int, int, int] | None:
    situation = teacher.situation
    if situation is None or not situation.params.steps or not situation.on_record(session.deal):
        return None
    return len(session.deal.history), len(situation.history), situation.start


def _left_record(teacher: Teacher, session: Session) -> bool:
    situation = teacher.situation
    return situation is not None and situation.params.steps and situation.same_cards(session.deal) \
        and not situation.on_record(session.deal)


def _exercise(teacher: Teacher, session: Session) -> tuple[Verdict | None, bool] | None:
    if not teacher.exercising(session):
        return None
    v = teacher.verdict
    step = len(session.deal.history)
    asked = session.deal.to_act == HUMAN
    if v is not None and v.step != step and asked:
        v = None  # a new question: the previous verdict is cleared
    wrong_now = v is not None and v.step == step and not v.correct
    return v, asked and not wrong_now


def _aid(teacher: Teacher, session: Session) -> Aid:
    if not teacher.aid_opened(session):
        return Aid(False)
    view = session.deal.view(HUMAN)
    players = view.rules.players
    contract, need = suggestion(view.hand, players)
    return Aid(True, tuple(items(view.hand, players)), contract, need)


def _why(teacher: Teacher, session: Session) -> tuple[str, Shown | None] | None:
    deal, lang = session.deal, session.lang
    if not deal.history:
        return None
    shown = _shown(teacher.why_shown, session)
    seat, action = deal.history[-1]
    if seat == HUMAN:  # the person's own decision: no words for it, the bots' cards before it may be asked about
        return ("", shown) if recent_bot_cards(deal) else None
    purchase = session.view().purchase
    gift_seen = purchase is not None and purchase[2] is not None  # the card given, if the person saw it
    return told(action, seat_name(seat, lang), lang, gift_seen), shown


def recent_bot_cards(deal: Deal) -> tuple[tuple[int, int, Card], ...]:
    """The bots' cards of the trick on the table and of the one before it (of the last two
    tricks between two), as (place in the deal's history, seat, card); the last decision left
    out, which has its own *Pourquoi ?*."""
    tricks = [len(deal.trick)] if deal.trick else []
    tricks += [len(t.cards) for t in reversed(deal.tricks)][:2 - len(tricks)]
    plays = [(i, seat, a.card) for i, (seat, a) in enumerate(deal.history) if isinstance(a, Play)]
    recent = plays[len(plays) - sum(tricks):]
    last = len(deal.history) - 1
    return tuple((i, seat, card) for i, seat, card in recent if seat != HUMAN and i != last)


def _open_hands(teacher: Teacher, session: Session) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    situation = teacher.situation
    deal = session.deal
    if situation is None or not situation.params.open or not situation.same_cards(deal):
        return ()  # another deal than the situation's is a normal one: its hands stay hidden
    hands = ((seat, deal.view(seat).hand) for seat in range(1, deal.rules.players))
    return tuple((seat, hand) for seat, hand in hands if hand)  # none once the deal is over


def _share(teacher: Teacher, session: Session) -> Share | None:
    if teacher.situation is not None and teacher.situation.params.exercise:
        return None  # an exercise's answer stays hidden
    if not teacher.share_open:
        return Share(False)
    return Share(True, tuple(teacher.share_links(session)), teacher.notes.get(len(session.deal.history), ""))


# ------------------------------------------------------------------ drawing
def render_teaching(view: TeachingView | None) -> str:
    """The teaching region's HTML; empty when it has nothing to show."""
    if view is None:
        return ""
    lang = view.lang
    if view.editor is not None:
        return f'<div class="teaching" data-testid="teaching" lang="{lang}">{view.editor.render(lang)}</div>'
    parts = [_render_puzzle(view), _render_drill(view), _render_note(view), _render_steps(view), _render_exercise(view), render_hint(view),
             _render_aid(view), render_why(view), _render_open(view), _render_share(view)]
    body = "".join(parts)
    if not body:
        return ""
    return f'<div class="teaching" data-testid="teaching" lang="{lang}" data-step="{view.step}">{body}</div>'


def _render_puzzle(view: TeachingView) -> str:
    """The puzzle on the table (the trainer around it is in the side, web.draw.sheet); beside a
    mistake of the person's, the rating and the way back to the puzzles."""
    out = "" if view.puzzle is None else render_puzzle(view.puzzle, view.trainer, view.lang)
    if view.trainer is not None and (view.puzzle is None or view.trainer.empty):
        out += render_trainer(view.trainer, view.lang, with_rating=view.puzzle is None, compact=True)
    return out


def _render_note(view: TeachingView) -> str:
    if not view.note:
        return ""
    return f'<p class="step-note" data-testid="step-note">{escape(view.note)}</p>'


def _render_steps(view: TeachingView) -> str:
    lang = view.lang
    if view.left_record:
        return f'<p class="teach-note">{escape(t("record_left", lang))}</p>'
    if view.steps is None:
        return ""
    p, n, start = view.steps
    return ('<div class="teach-row steps">'
            + (button(t("step_start", lang), "step-start") if p >= n and n - start > 1 else "")
            + button(t("step_prev", lang), "step-prev", disabled=p <= start, short=t("step_prev_short", lang))
            + f'<span class="step-count" data-testid="step-count">{escape(t("step_of", lang, p=p, n=n))}</span>'
            + button(t("step_next", lang), "step-next", disabled=p >= n, short=t("step_next_short", lang))
            + '</div>')


def _render_exercise(view: TeachingView) -> str:
    if view.exercise is None:
        return ""
    lang = view.lang
    v, ask = view.exercise
    out = ""
    if v is not None:
        if v.correct or v.answer_shown:
            key = "exercise_right" if v.correct else "exercise_wrong"
            text = t(key, lang, move=move_words(v.expected, lang), reason=v.reason.explain(lang))
        else:
            text = v.miss.words(lang)
        why = "" if v.answer_shown or v.miss.flaw is None else f' data-flaw="{v.miss.flaw}"'
        out += (f'<p class="verdict {"right" if v.correct else "wrong"}" data-testid="exercise-verdict" '
                f'data-correct="{"true" if v.correct else "false"}"{why} role="status">{escape(text)}</p>')
        if not v.answer_shown:
            out += button(t("exercise_show_answer", lang), "exercise-answer")
    if ask:
        out = f'<p class="teach-note">{escape(t("exercise_ask", lang))}</p>' + out
    return f'<div class="teach-row exercise">{out}</div>' if out else ""


def ev_text(ev: float, lang: str) -> str:
    """An expected score in deal units, one decimal at most, with a real minus sign."""
    return loss_text(ev, lang).replace("-", "−")


def _render_drill(view: TeachingView) -> str:
    """The exercise: the question, the verdict of the last answer and what may follow it, or
    the answer played out step by step."""
    d = view.drill
    if d is None:
        return ""
    lang = view.lang
    a = d.answer
    out = ""
    if d.shown is not None:
        p, n, first = d.shown
        out += (f'<p class="teach-note" data-testid="mistake-answer">{escape(t("mistakes_answer", lang, best=move_words(d.best, lang), best_ev=ev_text(d.best_ev, lang)))}</p>'
                '<div class="teach-row steps">'
                + button(t("step_prev", lang), "mistake-step", disabled=p <= first, short=t("step_prev_short", lang), attrs=' data-to="prev"')
                + f'<span class="step-count" data-testid="mistake-step">{escape(t("mistakes_step_of", lang, p=p - first, n=n - first))}</span>'
                + button(t("step_next", lang), "mistake-step", disabled=p >= n, short=t("step_next_short", lang), attrs=' data-to="next"')
                + '</div>')
    elif a is None:
        question = t("mistakes_question", lang, move=move_words(d.played, lang), grade=t(GRADE_WORDS[d.grade], lang),
                     loss=ev_text(d.loss, lang))
        out += f'<p class="teach-note" data-testid="mistake-question">{escape(question)}</p>'
        if d.solved:
            out += f'<p class="teach-note">{escape(t("mistakes_solved_before", lang))}</p>'
    else:
        tried = move_words(d.tried, lang) if d.tried is not None else ""
        if a.right:
            text = t("mistakes_right", lang, move=tried, ev=ev_text(a.ev or 0.0, lang), best=move_words(a.best, lang),
                     best_ev=ev_text(a.best_ev, lang))
        elif a.ev is None:
            text = t("mistakes_unweighed", lang, move=tried)
        else:
            text = t("mistakes_wrong", lang, cost=ev_text(a.cost, lang), why=d.why.explain(lang))
        out += (f'<p class="verdict {"right" if a.right else "wrong"}" data-testid="mistake-verdict" '
                f'data-correct="{"true" if a.right else "false"}" data-cost="{a.cost}" role="status">{escape(text)}</p>')
        if not a.right:
            out += button(t("mistakes_retry", lang), "mistake-retry")
    if d.shown is None and a is not None:
        out += button(t("mistakes_show", lang), "mistake-answer")
    if d.more and (d.shown is not None or (a is not None and a.right)):
        out += button(t("mistakes_next", lang), "mistakes-next")
    return f'<div class="teach-row exercise mistake" data-testid="mistake" data-grade="{d.grade}">{out}</div>'


def render_hint(view: TeachingView) -> str:
    if not view.hint_offered:
        return ""
    lang = view.lang
    out = button(t("hint", lang), "hint", title=t("hint_label", lang))
    shown = view.hint
    if shown is not None:
        attrs = move_attrs(shown.action) + f' data-reason="{escape(shown.reason.code)}"'
        face = card_html(shown.action.card, lang, size="small") if isinstance(shown.action, Play) else ""
        move = escape(t("hint_is", lang, move=move_words(shown.action, lang)))
        evs = f' <span class="hint-evs" data-testid="hint-evs">{evs_html(shown.options, lang)}</span>' \
            if shown.options else ""
        out += (f'<div class="hint" data-testid="hint" data-action="hint-shown"{attrs} role="status">{face}'
                f'<p><span class="hint-is">{move} </span>{escape(shown.reason.explain(lang))}{evs}</p></div>')
    elif view.hint_thinking:
        out += (f'<div class="hint thinking" data-testid="hint-thinking" role="status" aria-busy="true">'
                f'<p>{escape(t("hint_thinking", lang))}</p></div>')
    return f'<div class="teach-row tips">{out}</div>'


HINT_OPTIONS = 3  # the leading options a hint gives the expected points of


def evs_text(options: tuple[tuple[Action, float], ...], lang: str) -> str:
    """The expected points of the leading options, best first, in deal units:
    "Garde : +11,3 en moyenne ; Prise : +4,0 ; Passe : 0"."""
    return "".join(_evs(options, lang))


def evs_html(options: tuple[tuple[Action, float], ...], lang: str) -> str:
    """:func:`evs_text`, each option in its own ``span.hint-ev`` (a short screen shows the first two)."""
    return "".join(f'<span class="hint-ev">{escape(part)}</span>' for part in _evs(options, lang))


def _evs(options: tuple[tuple[Action, float], ...], lang: str) -> list[str]:
    """Each leading option's words, the separator before all but the first."""
    join = t("hint_ev_join", lang)
    return [("" if k == 0 else join) + t("hint_ev_first" if k == 0 else "hint_ev", lang,
                                         move=describe(action_to_json(HUMAN, action), lang), points=signed_ev(ev, lang))
            for k, (action, ev) in enumerate(options[:HINT_OPTIONS])]


def signed_ev(ev: float, lang: str) -> str:
    """An expected score in deal units, signed, one decimal: "+11,3", "−4,0", "0"."""
    tenths = round(ev * 10)
    if tenths == 0:
        return "0"
    number = f"{abs(tenths) / 10:.1f}".replace(".", t("decimal_mark", lang))
    return ("+" if tenths > 0 else "−") + number


def _render_aid(view: TeachingView) -> str:
    aid = view.aid
    if aid is None:
        return ""
    lang = view.lang
    toggle = button(t("aid", lang), "bidding-aid", pressed=aid.open)
    if not aid.open:
        return f'<div class="teach-row tips">{toggle}</div>'
    rows = "".join(f'<li data-item="{escape(i.code)}"><span>{escape(i.words(lang))}</span>'
                   f'<b>{i.points}</b></li>' for i in aid.items)
    points = sum(i.points for i in aid.items)
    advice = t("aid_pass", lang, need=aid.need) if aid.contract is None else \
        t("aid_bid", lang, contract=contract_name(aid.contract.code, lang), need=aid.need)
    code = "pass" if aid.contract is None else aid.contract.code
    return (f'<div class="teach-row tips">{toggle}<div class="aid" data-testid="bidding-aid" data-points="{points}" '
            f'data-suggested="{code}"><ul>{rows}</ul><p>{escape(t("aid_total", lang, points=points, contract=advice))}'
            f'</p></div></div>')


def render_why(view: TeachingView) -> str:
    if view.why is None:
        return ""
    lang = view.lang
    said, shown = view.why
    if said:
        out = f'<p class="last-decision">{escape(said)}</p>' + button(t("why", lang), "why")
    else:  # the person's own card last: why on the bots' cards before it
        out = (f'<button type="button" class="btn ghost teach" data-action="why" data-at="{view.why_cards[-1][0]}">'
               f'{escape(t("why", lang))}</button>')
    if shown is not None:  # once asked, why on the bots' other cards of this trick and the one before
        out += _render_why_cards(view)
        name = seat_name(shown.seat, lang)
        reason = shown.reason.explain(lang)
        if shown.at not in (-1, view.step - 1) and isinstance(shown.action, Play):
            text = t("why_is_card", lang, name=name, card=card_name(shown.action.card, lang), reason=reason)
        else:
            text = t("why_is", lang, name=name, reason=reason)
        out += (f'<p class="why" data-testid="why" data-seat="{shown.seat}" data-at="{shown.at}" '
                f'data-reason="{escape(shown.reason.code)}" role="status">{escape(text)}</p>')
    return f'<div class="teach-row last">{out}</div>'


def _render_why_cards(view: TeachingView) -> str:
    """*Pourquoi ?* on each of the bots' other cards of this trick and the one before (shown
    once a first *Pourquoi ?* is answered, so that the table keeps its height until then)."""
    if not view.why_cards:
        return ""
    lang = view.lang
    chips = "".join(
        f'<button type="button" class="btn ghost teach why-card" data-action="why" data-at="{i}" '
        f'aria-label="{escape(t("why_card", lang, name=seat_name(seat, lang), card=card_name(card, lang)))}">'
        f'{card_html(card, lang, size="tiny")}<span aria-hidden="true">{escape(seat_name(seat, lang))}</span></button>'
        for i, seat, card in view.why_cards)
    return f'<span class="why-cards"><span class="caption">{escape(t("why_also", lang))}</span>{chips}</span>'


def _render_open(view: TeachingView) -> str:
    if not view.open_hands:
        return ""
    lang = view.lang
    rows = []
    for seat, hand in view.open_hands:
        faces = "".join(card_html(c, lang, size="small") for c in hand)
        rows.append(f'<div class="open-hand" data-seat="{seat}"><p>{escape(seat_name(seat, lang))}</p>'
                    f'<div class="row">{faces}</div></div>')
    unfolded = "" if view.hands_folded else " open"
    return (f'<details class="open-hands" data-testid="open-hands"{unfolded}><summary>{escape(t("open_hands", lang))}'
            f'</summary><div class="open-rows">{"".join(rows)}</div></details>')


def _copy_button(kind: str, what: str, lang: str) -> str:
    """*Copier*: the link ``kind`` (named ``what``) to the clipboard (web.browser.table)."""
    return (f'<button type="button" class="btn ghost copy" data-action="copy-link" data-copy="{kind}" '
            f'aria-label="{escape(t("copy_named", lang, what=what))}">{escape(t("copy", lang))}</button>')


EMBED_SIZE = ("900", "640")  # the snippets' table (width, height)
SNIPPET_WORDS = {"tag": "share_tag", "iframe": "share_iframe"}  # each snippet's label


def tag_snippet(url: str, title: str) -> str:
    """The ``<tarot-deal>`` tag (the site's tarot-deal.js) that draws the table of the
    embedded ``url``: its query and fragment as attributes, ``embed`` apart (the tag sets it)."""
    parts = urlsplit(url)
    site = parts._replace(path=parts.path.rsplit("/", 1)[0] + "/", query="", fragment="").geturl()
    pairs = [(n, v) for n, v in parse_qsl(parts.query, keep_blank_values=True) if n != "embed"]
    pairs += [(n, v) for n, _, v in (p.partition("=") for p in parts.fragment.split("&") if p)]
    width, height = EMBED_SIZE
    attributes = "".join(f' {n}="{escape(v)}"' for n, v in pairs)
    return (f'<script src="{escape(site)}tarot-deal.js" defer></script>\n'
            f'<tarot-deal{attributes} title="{escape(title)}" width="{width}" height="{height}"></tarot-deal>')


def _render_share(view: TeachingView) -> str:
    share = view.share
    if share is None:
        return ""
    lang = view.lang
    toggle = button(t("share", lang), "share-situation", pressed=share.open)
    if not share.open:
        return f'<div class="teach-row share-row">{toggle}</div>'
    names = {"plain": "share_link", "exercise": "share_exercise", "steps": "share_steps"}
    rows = [f'<div class="share-field"><label><span>{escape(t(names[kind], lang))}</span>'
            f'<input type="text" readonly data-link="{kind}" value="{escape(url)}"></label>{_copy_button(kind, t(names[kind], lang), lang)}</div>'
            for kind, url in share.links]
    rows.append(f'<label class="share-field"><span>{escape(t("note_label", lang))}</span>'
                f'<textarea id="teach-note" rows="2" maxlength="500">{escape(share.note)}</textarea></label>'
                + button(t("note_save", lang), "note-save"))
    rows.append(button(t("editor", lang), "editor-open"))
    kind, url = share.links[-1]
    width, height = EMBED_SIZE
    snippets = {"tag": tag_snippet(url, t("title", lang)),
                "iframe": f'<iframe src="{escape(url)}" title="{escape(t("title", lang))}" width="{width}" '
                          f'height="{height}" style="border:0"></iframe>'}
    for kind, snippet in snippets.items():
        what = t(SNIPPET_WORDS[kind], lang)
        rows.append(f'<div class="share-field"><label><span>{escape(what)}</span>'
                    f'<textarea readonly rows="3" data-link="{kind}">{escape(snippet)}</textarea></label>'
                    f'{_copy_button(kind, what, lang)}</div>')
    return (f'<div class="teach-row share-row">{toggle}<div class="share" data-testid="situation-link">'
            f'<p>{escape(t("share_intro", lang))}</p>{"".join(rows)}</div></div>')
