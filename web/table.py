"""The PyScript binding: DOM events become engine actions, the state becomes HTML.

``web/main.py``, the page's script, calls :func:`boot`: this module arrives with its
bytecode in the page's bundle, where a script is compiled from source at each start.

Runs on the page's main thread.  Each decision of a fast bot runs in its own
short timer task (``setTimeout``); slow levels decide in a web worker
(``web/worker.py``, no DOM access), so the page stays responsive while bots
play.  URL parameters (:mod:`web.params`) set up the table for a link or an
embedding page: ``players``, ``level``, ``lang``, rule options, ``deal``,
``embed``, ``sheet`` and ``pause`` (the bots' pause in milliseconds).
"""
from __future__ import annotations

import asyncio
import json
import random
import traceback
from typing import Any, Callable

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

window.performance.mark("tarot:imports")  # start-up measurements: runtime ready

from web.botstep import runs_on_main_thread
from web.history import HISTORY_KEY, KeptMatch, archived, history_text, load_history
from web.lease import HANDOVER_MS, HEARTBEAT_MS, LEASE_KEY, TAKEOVER_KEY, Ownership, elsewhere_notice, parse
from web.params import parse_params
from web.render import REGIONS, render, root_attributes
from web.session import PACES, SAVE_KEY, SaveError, Session, Settings, clean_name, parse_deal_number
from web.teaching import ACTIONS as TEACHING_ACTIONS, HINTS_KEY, Teacher
# Duplicate tournament, review, replay, export and import (their own modules).
from web.duplicate import DuplicateSession, PracticeSession, load_session
from web.extras import Extras, decorate, open_review, review_key
from web.transfer import EXPORT_NAME, ImportProblem, check_file_size, export_text, import_message, import_records
from web.review import ReviewPanel
from web.labels import other_lang
from tarot.words import ALL_LANGS, t

DEFAULT_PAUSE_MS = 700


def js(value: Any) -> Any:
    """``None`` for JavaScript's null and undefined, else the value."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


class Page:
    def __init__(self) -> None:
        self.params = parse_params(str(window.location.search))
        # Teaching (web/teaching.py): hints, "why?", and a situation from the URL's #record=.
        self.teacher = Teacher(self.params, str(window.location.search), str(window.location.hash),
                               base=str(window.location.origin) + str(window.location.pathname))
        self.root = document.getElementById("table")
        self.framed = bool(window.self != window.top)  # in another page's frame: a lesson, a teacher's site
        self.regions = {name: document.getElementById(name) for name in REGIONS}
        self.cache: dict[str, str] = {}
        self.timer = False
        self.autofocused = ""
        self.generation = 0
        self.worker: Any = None  # the bots' worker, started for slow levels only
        self.dropped: list[tuple[str, dict[str, Any]]] = []  # notes of stored values removed unread
        self.history = self._read_history()
        self.extras = Extras()
        self.reference_busy = False
        self.unsaved_told = False  # the visitor was told once that this browser keeps nothing
        self.session = self._open()
        self.session.history = tuple(self.history)
        # One tab plays the saved match at a time (web/lease.py); a table with a deal of its own always plays.
        self.ownership = Ownership(f"{random.getrandbits(64):016x}", owner=self._shows_its_own_deal())
        self.behind = [document.getElementById("topbar"), js(document.querySelector("#table > .layout"))]
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_submit),
                         create_proxy(self.on_key), create_proxy(self.on_change), create_proxy(self.on_storage),
                         create_proxy(self.on_return), create_proxy(self.on_leave), create_proxy(self.heartbeat)]
        document.addEventListener("click", self._proxies[0])
        document.addEventListener("submit", self._proxies[1])
        document.addEventListener("keydown", self._proxies[2])
        document.addEventListener("change", self._proxies[3])
        window.addEventListener("storage", self._proxies[4])
        document.addEventListener("visibilitychange", self._proxies[5])
        window.addEventListener("focus", self._proxies[5])
        window.addEventListener("pageshow", self._proxies[5])
        if not self._shows_its_own_deal():
            self._sync_lease(may_claim=True)
            window.addEventListener("pagehide", self._proxies[6])
            window.setInterval(self._proxies[7], HEARTBEAT_MS)

    # ------------------------------------------------------------ storage
    def _open(self) -> Session:
        """The session to show.  Embedded (``embed=1``): the URL's game at once, never saved.
        Otherwise the saved game, with the URL's game waiting in the new-game form."""
        p = self.params
        session: Session
        situation = self.teacher.open_session(p.settings(Settings(first_deal=random.randrange(1, 1_000_000))))
        if situation is not None:
            session = situation
        elif p.embed:
            session = Session.on_random_deal(p.settings)
        else:
            session = self._resume()
            if p.lang is not None:
                session.settings.lang = p.lang
            if p.sets_game:
                session.ui.setup_open = True
                session.ui.setup_draft = p.draft(session.settings)
        session.notices = tuple(p.notices()) + self.teacher.notices()
        if situation is None and not p.embed:
            self._restore_hints(self._stored(HINTS_KEY), session)
        session.notices += tuple(self.dropped)
        self.root.classList.toggle("embed", p.embed)
        self.root.classList.toggle("with-sheet", p.sheet)
        return session

    def _resume(self) -> Session:
        raw = None
        try:
            raw = window.localStorage.getItem(SAVE_KEY)
        except Exception:
            raw = None
        if not isinstance(raw, str) or not raw:  # JavaScript null: nothing saved yet
            session = Session.on_random_deal()
            session.ui.setup_open = True
            return session
        try:
            return load_session(raw)
        except SaveError as e:
            window.console.warn(f"saved game not resumed: {e}")
            try:
                window.localStorage.setItem(SAVE_KEY + ".damaged", str(raw))
                window.localStorage.removeItem(SAVE_KEY)
            except Exception:
                pass
            session = Session.on_random_deal()
            session.ui.setup_open = True
            session.ui.setup_message = ("save_damaged", {"reason": e.reason})
            return session

    def _stored(self, key: str) -> Any:
        try:
            return js(window.localStorage.getItem(key))
        except Exception:
            return None

    def _read_history(self) -> list[KeptMatch]:
        """The kept matches; a history that cannot be read safely is dropped, with a note."""
        raw = self._stored(HISTORY_KEY)
        try:
            return load_history(raw)
        except ValueError:
            self._drop(HISTORY_KEY, "stored_history_dropped")
            return []

    def _restore_hints(self, raw: Any, session: Session) -> None:
        if not self.teacher.restore_hints(raw, session):
            self._drop(HINTS_KEY, "stored_hints_dropped")

    def _drop(self, key: str, notice: str) -> None:
        """Remove a stored value that cannot be read safely, and say so (once per value)."""
        window.console.warn(f"{key}: unreadable, removed")
        try:
            window.localStorage.removeItem(key)
        except Exception:
            pass
        if (notice, {}) not in self.dropped:
            self.dropped.append((notice, {}))
            if hasattr(self, "session"):
                self.session.notices = (*self.session.notices, (notice, {}))

    def _archive(self, old: Session) -> None:
        """Keep the match being left (its finished deals) in the history."""
        if self.params.embed or not old.match.records:
            return
        self.history = archived(self.history, old.settings.to_json(), list(old.match.records),
                                str(window.Date.new().toISOString()))
        try:
            window.localStorage.setItem(HISTORY_KEY, history_text(self.history))
        except Exception as e:
            window.console.warn(f"history not saved: {e}")
            self._tell_unsaved()

    def _shows_its_own_deal(self) -> bool:
        """Embedded, or a situation from the URL: the table never shows nor writes the saved game."""
        return self.params.embed or self.teacher.situation is not None

    def _forget_pending_bot(self) -> None:
        """A bot's decision on its way belongs to the game or deal being left."""
        self.generation += 1
        self.timer = False

    def on_storage(self, event: Any) -> None:
        """Another tab of the game wrote: the lease (who plays the match), a request to take it
        over, or the match itself, which a tab that does not own it shows as it stands."""
        key, raw = js(event.key), js(event.newValue)
        if self._shows_its_own_deal():
            return
        if key == LEASE_KEY:
            if self._sync_lease(may_claim=not document.hidden):
                self._ownership_changed()
        elif key == TAKEOVER_KEY:
            lease = self.ownership.hand_over(raw, float(window.Date.now()))
            if lease is not None:  # this tab's last save is written: handing the lease over is its last write
                self._write(LEASE_KEY, lease)
                self._ownership_changed()
        elif key == HISTORY_KEY:
            self.history = self._read_history()
            self.session.history = tuple(self.history)
            self._guarded(lambda: None)
        elif key == HINTS_KEY:  # the deals where the other tab asked for a hint
            self._restore_hints(raw, self.session)
            self._guarded(lambda: None)
        elif key == SAVE_KEY and self.follower and self._take_up(raw):
            self._guarded(lambda: None)

    @property
    def follower(self) -> bool:
        """Another tab owns the match: this one shows its saves, and neither acts nor saves."""
        return not self.ownership.owner

    def _sync_lease(self, may_claim: bool) -> bool:
        """Reads the lease, renews it if this tab owns the match; whether the owner changed."""
        was = self.ownership.owner
        lease = self.ownership.check(self._stored(LEASE_KEY), float(window.Date.now()), may_claim)
        if lease is not None:
            self._write(LEASE_KEY, lease)
        return was != self.ownership.owner

    def _owns(self) -> bool:
        """Whether this tab may act: the lease read afresh (another tab may have just taken over)."""
        if not self._shows_its_own_deal() and self._sync_lease(may_claim=False):
            self._ownership_changed()
        return self.ownership.owner

    def heartbeat(self) -> None:
        """Every second: the owner renews its lease; a tab in view takes up a lease left to expire."""
        if self._sync_lease(may_claim=not document.hidden):
            self._ownership_changed()

    def _ownership_changed(self) -> None:
        """This tab took the match over or lost it: it shows the match as saved (the other
        tab's last move included), and its bots go on or stop."""
        self._forget_pending_bot()
        self._take_up(self._stored(SAVE_KEY))
        self._guarded(lambda: None)

    def _take_over(self) -> None:
        """The person plays in this tab: the lease at once when it is free, else the owner is asked."""
        lease, request = self.ownership.take_over(self._stored(LEASE_KEY), float(window.Date.now()))
        if lease is not None:
            self._write(LEASE_KEY, lease)
            self._ownership_changed()
        if request is not None:  # an owner that does not answer in time is closed or frozen
            self._write(TAKEOVER_KEY, request)
            window.setTimeout(create_once_callable(self.heartbeat), HANDOVER_MS + 100)
            self._guarded(lambda: None)

    def on_leave(self, _event: Any = None) -> None:
        """The tab closes (or goes to the back-forward cache): its lease is left free at once."""
        if self.ownership.release():
            lease = parse(self._stored(LEASE_KEY))
            if lease is not None and lease.tab == self.ownership.tab:
                try:
                    window.localStorage.removeItem(LEASE_KEY)
                except Exception:
                    pass

    def _write(self, key: str, text: str) -> None:
        try:
            window.localStorage.setItem(key, text)
        except Exception:
            pass  # nothing kept: every tab plays on its own

    def _take_up(self, raw: Any) -> bool:
        """The saved match ``raw`` in this tab, with this tab's dialogs; whether it changed."""
        if not isinstance(raw, str) or not raw:
            return False
        if not isinstance(self.session, PracticeSession) and raw == self.session.save_text():
            return False
        try:
            session = load_session(raw)
        except SaveError:
            return False
        session.history = tuple(self.history)
        self._restore_hints(self._stored(HINTS_KEY), session)
        if isinstance(self.session, PracticeSession):  # the replay goes on; leaving it shows the saved game
            self.extras.saved = session
            return False
        session.notices = self.session.notices
        session.ui = self.session.ui
        session.ui.message = None
        self._forget_pending_bot()
        self.session = session
        return True

    def on_return(self, _event: Any = None) -> None:
        """The tab is in view again: its bots go on; a lease left free is taken up."""
        if self._shows_its_own_deal() or not self._sync_lease(may_claim=not document.hidden):
            if not document.hidden:
                self._guarded(lambda: None)
            return
        self._ownership_changed()

    def save(self) -> None:
        if self._shows_its_own_deal() or isinstance(self.session, PracticeSession):
            return  # a replay, too, leaves the visitor's own game as it was
        if not self._owns():
            return  # another tab took the match over: its game stands
        try:
            window.localStorage.setItem(SAVE_KEY, self.session.save_text())
            window.localStorage.setItem(HINTS_KEY, self.teacher.hints_text())
        except Exception as e:  # storage full or disabled: the game goes on, and the visitor knows
            window.console.warn(f"game not saved: {e}")
            self._tell_unsaved()

    def _tell_unsaved(self) -> None:
        """Once per visit: a page note that a reload or a closed tab will lose the game."""
        if not self.unsaved_told:
            self.unsaved_told = True
            self.session.notices = (*self.session.notices, ("save_failed", {}))

    # ------------------------------------------------------------ drawing
    def refresh(self) -> None:
        screen = self.session.screen()
        active = js(document.activeElement)
        focus_id = str(active.id) if active is not None and active.id else ""
        hand_index = -1
        if focus_id.startswith("card-"):
            ids = [str(b.id) for b in document.querySelectorAll("#hand button[data-card]")]
            hand_index = ids.index(focus_id) if focus_id in ids else -1
        opened = False
        for name, html in decorate(render(screen), self.session, self.extras).items():
            html = self.teacher.decorate(name, html, self.session)
            if self.cache.get(name) != html:
                opened = opened or (name == "overlay" and bool(html) and not self.cache.get(name))
                self.regions[name].innerHTML = html
                self.cache[name] = html
        for key, value in root_attributes(screen).items():
            self.root.setAttribute(key, value)
        document.documentElement.lang = screen.lang
        self.regions["side"].setAttribute("aria-label", t("score_sheet", screen.lang))
        self.regions["panel"].setAttribute("aria-label", t("panel_label", screen.lang))
        self._write_teaching()
        dialog_open = bool(self.cache.get("overlay"))
        for el in self.behind:  # a dialog is modal: what lies behind it takes no click nor focus
            if el is not None:
                el.inert = dialog_open or self.follower
        self.regions["overlay"].inert = self.follower
        may_focus = self._may_move_focus()
        if self._write_elsewhere(screen.lang) and may_focus:
            js(document.getElementById("btn-take-over")).focus()
        elif opened and may_focus:  # a dialog opened: focus goes into it
            first = js(document.querySelector("#overlay input:checked, #overlay button"))
            if first is not None:
                first.focus()
        elif may_focus:
            self._restore_focus(focus_id, hand_index)
        # Each new decision (or question) puts the focus on its first legal choice, once.
        scope = "#overlay [data-autofocus]" if dialog_open else "[data-autofocus]"
        wanted = js(document.querySelector(scope))
        key = f"{screen.step}:{screen.view.phase}:{wanted.id}" if wanted is not None else ""
        if key and key != self.autofocused:
            self._show_play_area()
        if may_focus and wanted is not None and key != self.autofocused \
                and not wanted.isSameNode(js(document.activeElement)):
            wanted.focus()
        self.autofocused = key
        self.schedule_bot()
        self.schedule_reference()

    def _attribute(self, el: Any, name: str) -> Any:
        """A clicked element's attribute, or ``value:ID``: the value of the field ``ID``."""
        if name.startswith("value:"):
            field = js(document.getElementById(name.removeprefix("value:")))
            return None if field is None else str(field.value)
        return js(el.getAttribute(name))

    def _write_teaching(self) -> None:
        """The teaching region (web/teaching.py), just above the action panel.  An embedded
        table shows it with a situation only (a lesson): a plain embedded deal keeps its height."""
        plain_embed = self.params.embed and self.teacher.situation is None
        html = "" if plain_embed else self.teacher.render(self.session)
        region = js(document.getElementById("teaching"))
        if region is None:
            region = document.createElement("section")
            region.id = "teaching"
            region.className = "teaching-area"
            panel = document.getElementById("panel")
            panel.parentNode.insertBefore(region, panel)
        if self.cache.get("teaching") != html:
            region.innerHTML = html
            self.cache["teaching"] = html

    def _write_elsewhere(self, lang: str) -> bool:
        """The notice that another tab plays the match, over the table; whether it just appeared."""
        html = elsewhere_notice(lang, self.ownership.asked_at is not None) if self.follower else ""
        region = js(document.getElementById("elsewhere"))
        if region is None:
            region = document.createElement("div")
            region.id = "elsewhere"
            self.root.appendChild(region)
        if self.cache.get("elsewhere", "") == html:
            return False
        appeared = not self.cache.get("elsewhere")
        region.innerHTML = html
        self.cache["elsewhere"] = html
        return appeared and bool(html)

    def _show_play_area(self) -> None:
        """A new decision brings the whole table back into view where it fits the screen: the
        page may have been scrolled down to the score sheet, or by a focused card of a taller
        hand (the écart's, on a small phone), leaving the trick above the screen."""
        layout = js(document.querySelector("#table > .layout"))
        area = js(document.querySelector("#table .play-area"))
        if layout is not None and area is not None and layout.scrollTop > 0 \
                and area.offsetHeight <= layout.clientHeight + 1:
            layout.scrollTop = 0

    def _may_move_focus(self) -> bool:
        """Whether the page may move the focus by itself.  A table framed in another page
        does so only once the reader is in it: focusing a frame's element takes the focus
        from the page around it and scrolls that page to the frame (a lesson opened on its
        second table, past its text)."""
        return not self.framed or bool(document.hasFocus())

    def _restore_focus(self, focus_id: str, hand_index: int) -> None:
        if not focus_id:
            return
        current = js(document.activeElement)
        if current is not None and current.id == focus_id:
            return
        target = js(document.getElementById(focus_id))
        if target is None and hand_index >= 0:
            cards = document.querySelectorAll("#hand button[data-card]")
            if cards.length:
                target = js(cards.item(min(hand_index, cards.length - 1)))
        if target is None:
            target = js(document.querySelector("#overlay button, #panel button"))
        if target is not None:
            target.focus()

    # --------------------------------------------------------------- bots
    def schedule_bot(self) -> None:
        if self.timer or self.follower or self.session.bot_to_act() is None or document.hidden:
            return  # another tab plays the game, or this one is out of view: it waits
        self.timer = True
        generation = self.generation
        window.setTimeout(create_once_callable(lambda: self.bot_tick(generation)), self._delay())

    @property
    def pause(self) -> int:
        """The bots' pause: the URL's ``pause`` if given, else the pace chosen in the settings."""
        if self.params.pause is not None:
            return self.params.pause
        return PACES.get(self.session.settings.pace, DEFAULT_PAUSE_MS)

    def _delay(self) -> int:
        deal = self.session.deal
        if deal.phase.value == "ecart":
            return int(self.pause * 2.5)  # time to look at the chien
        if deal.phase.value == "play" and not deal.trick and deal.tricks:
            return self.pause * 2  # time to see who won the trick
        return self.pause

    def bot_tick(self, generation: int) -> None:
        if generation != self.generation or not self._owns():
            if generation == self.generation:
                self.timer = False
            return
        if runs_on_main_thread(self.session.settings.level):
            self.timer = False
            self._guarded(self._bot_step)
        else:  # the timer stays taken until the worker answers
            asyncio.ensure_future(self._remote_step(generation))

    def _bot_step(self) -> None:
        if self.session.bot_step() is not None:
            self.save()

    async def _start_worker(self) -> Any:
        if self.worker is None:  # web/boot.js: a worker running its own Pyodide and web/worker.py
            self.worker = window.tarotBots
            self.worker.start()
        return self.worker

    async def _remote_step(self, generation: int) -> None:
        """A slow bot decides in the worker; the page stays responsive meanwhile."""
        try:
            request = self.session.bot_request()
            if request is None:
                return
            worker = await self._start_worker()
            answer = json.loads(str(await worker.decide(json.dumps(request))))
            if generation == self.generation and self.session.bot_answer(request, answer):
                self.save()
        except Exception as e:
            window.console.error("".join(traceback.format_exception(e)))
            self.session.ui.message = ("internal_error", {"error": str(e) or type(e).__name__})
        finally:
            if generation == self.generation:
                self.timer = False
        self.refresh()

    def prepare_bots(self) -> None:
        """Start the worker early when the level needs it (it boots its own Python)."""
        if not runs_on_main_thread(self.session.settings.level) and self.worker is None:
            asyncio.ensure_future(self._start_worker())

    # ------------------------------------------------------------- events
    def _guarded(self, work: Callable[..., Any], *args: Any) -> None:
        try:
            work(*args)
        except Exception as e:
            window.console.error("".join(traceback.format_exception(e)))
            self.session.ui.message = ("internal_error", {"error": str(e) or type(e).__name__})
        self.refresh()

    def on_click(self, event: Any) -> None:
        target = js(event.target)
        el = js(target.closest("[data-action], [data-bid], [data-hand]")) if target is not None else None
        if not self._owns():  # another tab plays the match: this one only offers to take it over
            if el is not None and js(el.getAttribute("data-action")) == "take-over" \
                    and el.getAttribute("aria-disabled") != "true":
                self._take_over()
            return
        if el is None:
            if self.session.ui.menu_open and target is not None and js(target.closest("#more-tools")) is None:
                self.session.ui.menu_open = False  # a click beside the open menu closes it
                self._guarded(lambda: None)
            return
        action = js(el.getAttribute("data-action"))
        if action in ("start", "save-settings"):
            return  # handled by the form's submit
        event.preventDefault()
        if action in EXTRA_ACTIONS:
            self._guarded(self._extra_click, el, str(action))
            return
        self._guarded(self._click, el, action)

    def _click(self, el: Any, action: Any) -> None:
        s = self.session
        ui = s.ui
        if action != "menu":
            ui.menu_open = False
        bid = js(el.getAttribute("data-bid"))
        changed = False
        if action in TEACHING_ACTIONS:
            if el.getAttribute("aria-disabled") != "true":
                changed = self.teacher.on_action(str(action), s, lambda name: self._attribute(el, name))
                if self.teacher.navigate is not None:  # the editor's deal: the page opens it
                    window.location.hash = self.teacher.navigate
                    window.location.reload()
        elif bid is not None:
            changed = s.bid(str(bid))
        elif js(el.getAttribute("data-hand")) is not None and action is None:
            changed = s.click_card(str(el.getAttribute("data-card")))
        elif action == "call":
            changed = s.call(str(el.getAttribute("data-call")))
        elif action == "no-call":
            changed = s.decline_call()
        elif action == "buy":
            changed = s.ask_for(str(el.getAttribute("data-buy")))
        elif action == "confirm-ecart":
            changed = s.confirm_ecart()
        elif action == "announce-chelem":
            changed = s.chelem(True)
        elif action == "no-chelem":
            changed = s.chelem(False)
        elif action == "choose-poignee":
            s.choose_poignee(str(el.getAttribute("data-size")))
        elif action == "declare-poignee":
            changed = s.declare_poignee()
        elif action == "cancel-poignee":
            s.cancel_poignee()
        elif action == "no-poignee":
            s.decline_poignee()
            changed = True
        elif action == "declare-misere":
            changed = s.declare_misere(str(el.getAttribute("data-kind")))
        elif action == "next-deal":
            s.next_deal()
            changed = True
        elif action == "new-game":
            ui.setup_open = True
            ui.setup_message = None
            ui.setup_draft = None
            ui.setup_confirm = False
        elif action == "cancel-setup":
            ui.setup_open = False
            ui.setup_message = None
            ui.setup_confirm = False
        elif action == "confirm-start":
            form = js(document.getElementById("setup-form"))
            if form is not None:
                self._start(form, confirmed=True)
        elif action == "keep-match":
            ui.setup_confirm = False
        elif action == "menu":
            ui.menu_open = not ui.menu_open
        elif action == "undo":
            if s.undo():
                self._forget_pending_bot()
                changed = True
        elif action == "tricks":
            ui.tricks_open = True
        elif action == "close-tricks":
            ui.tricks_open = False
        elif action == "settings":
            ui.settings_open = True
        elif action == "close-settings":
            ui.settings_open = False
        elif action == "history":
            ui.history_open = True
            ui.setup_open = False
        elif action == "close-history":
            ui.history_open = False
        elif action == "last-trick":
            ui.last_trick_open = not ui.last_trick_open
        elif action == "close-last-trick":
            ui.last_trick_open = False
        elif action == "scores":
            document.getElementById("side").scrollIntoView()
        elif action == "lang":
            s.settings.lang = other_lang(s.settings.lang)
            changed = True
        elif action == "dismiss-notice":
            s.notices = ()
        if changed:
            self.save()

    def on_submit(self, event: Any) -> None:
        form = js(event.target)
        if form is None or form.id not in ("setup-form", "settings-form"):
            return
        event.preventDefault()
        if not self._owns():
            return
        self._guarded(self._start if form.id == "setup-form" else self._apply_settings, form)

    def _apply_settings(self, form: Any) -> None:
        """The settings dialog: pace, moving cards, live count, language, the next deal's bot level."""
        s = self.session.settings
        pace = js(form.querySelector("input[name=pace]:checked"))
        if pace is not None and str(pace.value) in PACES:
            s.pace = str(pace.value)
        s.animations = bool(form.querySelector("input[name=animations]").checked)
        s.live_count = bool(form.querySelector("input[name=live_count]").checked)
        lang = js(form.querySelector("input[name=lang]:checked"))
        if lang is not None and str(lang.value) in ALL_LANGS:
            s.lang = str(lang.value)
        level = str(form.querySelector("select[name=next_level]").value)
        s.next_level = "" if level == s.level else level
        self.session.ui.settings_open = False
        self.save()
        self.prepare_bots()

    def _start(self, form: Any, confirmed: bool = False) -> None:
        checked = js(form.querySelector("input[name=players]:checked"))
        players = int(checked.value) if checked is not None else 4
        level = str(form.querySelector("select[name=level]").value)
        options = {str(box.value): True for box in form.querySelectorAll("input[name=option]:checked")}
        lang_box = js(form.querySelector("input[name=lang]:checked"))
        # A language the form does not offer (the pseudo-locale, from the URL) stays as it is.
        lang = str(lang_box.value) if lang_box is not None else self.session.settings.lang
        text = str(form.querySelector("input[name=deal]").value)
        name_box = js(form.querySelector("input[name=name]"))
        name = clean_name(str(name_box.value)) if name_box is not None else ""
        try:
            number = parse_deal_number(text)
        except ValueError:
            self.session.settings.lang = lang
            self.session.ui.setup_message = ("bad_deal_number", {"value": text})
            self.session.ui.setup_draft = {"players": players, "level": level, "options": options, "deal": text,
                                           "name": name}
            return
        if number is None:
            number = random.randrange(1, 1_000_000)
        old = self.session.settings  # the page's own settings go on to the new match
        settings = Settings(players=players, level=level, options=options, lang=lang, first_deal=number,
                            name=name, pace=old.pace, animations=old.animations, live_count=old.live_count)
        settings.rules()
        if not confirmed and not self.params.embed and self.session.in_progress():
            ui = self.session.ui  # ask first: the match in progress would be lost
            self.session.settings.lang = lang
            ui.setup_confirm = True
            ui.setup_message = None
            ui.setup_draft = {"players": players, "level": level, "options": options, "deal": text, "name": name}
            return
        self._archive(self.session)
        self._forget_pending_bot()
        mode = js(form.querySelector("input[name=mode]:checked"))
        size_box = js(form.querySelector("select[name=duplicate]"))
        self.extras = Extras()
        if mode is not None and str(mode.value) == "duplicate" and size_box is not None:
            self.session = DuplicateSession(settings, int(str(size_box.value)), self.params.reference_budget())
        else:
            self.session = Session(settings)
        self.session.history = tuple(self.history)
        self.save()
        self.prepare_bots()

    def _trap_tab(self, event: Any) -> None:
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
        inside = active is not None and bool(dialog.contains(active))
        if not inside:
            target = last if event.shiftKey else first
        elif event.shiftKey and active.isSameNode(first):
            target = last
        elif not event.shiftKey and active.isSameNode(last):
            target = first
        else:
            return
        event.preventDefault()
        target.focus()

    def on_key(self, event: Any) -> None:
        if self.follower:
            return  # the table is inert behind the notice that another tab plays the match
        key = str(event.key)
        if self.extras.review is not None or self.extras.import_open:
            if key == "Escape":
                self.extras.review = None
                self.extras.import_open = False
                self._guarded(lambda: None)
            elif review_key(self.extras, key):
                event.preventDefault()
                self._guarded(lambda: None)
            return
        if key == "Tab":
            if self.cache.get("overlay"):
                self._trap_tab(event)
            return
        if key == "Escape":
            ui = self.session.ui
            if ui.setup_confirm:
                ui.setup_confirm = False
                self._guarded(lambda: None)
            elif ui.last_trick_open or ui.history_open or ui.settings_open or ui.tricks_open \
                    or (ui.setup_open and ui.setup_message is None):
                ui.last_trick_open = False
                ui.history_open = False
                ui.settings_open = False
                ui.tricks_open = False
                ui.setup_open = False
                self._guarded(lambda: None)
            elif ui.menu_open:
                ui.menu_open = False
                self._guarded(lambda: None)
            return
        active = js(document.activeElement)
        typing = active is not None and str(active.tagName) in ("INPUT", "SELECT", "TEXTAREA")
        if key in ("p", "P") and not typing and not self.cache.get("overlay") and not event.ctrlKey \
                and not event.metaKey and not event.altKey:
            event.preventDefault()  # "p": every trick of the deal (plis)
            self.session.ui.tricks_open = True
            self._guarded(lambda: None)
            return
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        if active is None or js(active.getAttribute("data-hand")) is None:
            return
        cards = list(document.querySelectorAll("#hand button[data-card]"))
        playable = [c for c in cards if c.getAttribute("aria-disabled") != "true"]
        if js(document.querySelector("#hand .hand.my-turn")) is not None and playable \
                and active.getAttribute("aria-disabled") != "true":
            cards = playable  # the arrows go from one card that may be chosen to the next
        ids = [str(c.id) for c in cards]
        if str(active.id) not in ids:
            return
        i = ids.index(str(active.id))
        j = {"ArrowLeft": i - 1, "ArrowRight": i + 1, "Home": 0, "End": len(cards) - 1}[key]
        if 0 <= j < len(cards):
            event.preventDefault()
            cards[j].focus()

    # ------------------------------------------- duplicate, review, export, import
    def schedule_reference(self) -> None:
        """In a duplicate tournament, the next piece of the reference's work goes to the worker."""
        session = self.session
        if self.reference_busy or self.follower or not isinstance(session, DuplicateSession) \
                or self.extras.reference_error:
            return
        work = session.tournament.request(session)
        if work is None:
            return
        self.reference_busy = True
        asyncio.ensure_future(self._reference_step(session, *work))

    async def _reference_step(self, session: DuplicateSession, kind: str, request: dict[str, Any]) -> None:
        try:
            worker = await self._start_worker()
            answer = json.loads(str(await worker.ask(kind, json.dumps(request))))
            if session is self.session and session.tournament.take(session, kind, request, answer):
                self.save()
        except Exception as e:
            window.console.error("".join(traceback.format_exception(e)))
            self.extras.reference_error = str(e) or type(e).__name__
        finally:
            self.reference_busy = False
        if session is self.session:
            self.refresh()

    def _extra_click(self, el: Any, action: str) -> None:
        s, extras = self.session, self.extras
        deal = js(el.getAttribute("data-deal"))
        panel = extras.review
        if action in ("review-deal", "review-reference") and deal is not None:
            open_review(s, extras, int(str(deal)), reference=action == "review-reference",
                        hint_level=self.teacher.recommender)
        elif action == "review-next" and panel is not None:
            panel.move(1)
        elif action == "review-prev" and panel is not None:
            panel.move(-1)
        elif action == "review-close":
            extras.review = None
        elif action == "review-record" and panel is not None:
            extras.review = panel.show_imported(int(str(el.getAttribute("data-index"))))
        elif action == "replay-from-here" and panel is not None and panel.can_replay():
            number = panel.deal_number if panel.deal_number is not None else s.deal_number
            practice = PracticeSession(s.settings, panel.record, panel.position, number)
            extras.saved = s if not isinstance(s, PracticeSession) else extras.saved
            extras.review = None
            self._forget_pending_bot()
            self.session = practice
        elif action == "end-replay" and extras.saved is not None:
            self._forget_pending_bot()
            self.session, extras.saved = extras.saved, None
        elif action == "export-match":
            self._download(export_text(list(s.match.records)), EXPORT_NAME.format(first=s.match.first_deal))
        elif action == "import-records":
            extras.import_open = True
            extras.import_message = ""
        elif action == "import-close":
            extras.import_open = False
        elif action == "import-paste":
            box = js(document.getElementById("import-text"))
            self._import(str(box.value) if box is not None else "")

    def _import(self, text: str) -> None:
        try:
            records = import_records(text)
        except ImportProblem as e:
            self.extras.import_message = import_message(e, self.session.lang)
            return
        panel = ReviewPanel.open(records[0], "import", None, None, 0)
        panel.imported = records
        self.extras.import_open = False
        self.extras.import_message = ""
        self.extras.review = panel

    def on_change(self, event: Any) -> None:
        target = js(event.target)
        if self.follower or target is None or str(target.id) != "import-file" or not target.files.length:
            return
        asyncio.ensure_future(self._read_file(target.files.item(0)))

    async def _read_file(self, file: Any) -> None:
        try:  # by its size first: reading a large file would freeze the page
            check_file_size(int(file.size))
        except ImportProblem as e:
            self.extras.import_message = import_message(e, self.session.lang)
            self._guarded(lambda: None)
            return
        try:
            text = str(await file.text())
        except Exception as e:
            text = ""
            window.console.warn(f"file not read: {e}")
        self._guarded(self._import, text)

    def _download(self, text: str, name: str) -> None:
        from pyodide.ffi import to_js

        blob = window.Blob.new(to_js([text]), to_js({"type": "application/x-ndjson"},
                                                    dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


EXTRA_ACTIONS = frozenset({"review-deal", "review-reference", "review-next", "review-prev", "review-close",
                           "review-record", "replay-from-here", "end-replay", "export-match", "import-records",
                           "import-close", "import-paste"})


def boot() -> Page:
    window.performance.mark("tarot:boot")
    page = Page()
    loading = js(document.getElementById("loading"))
    if loading is not None:
        loading.remove()
    page.refresh()
    page.prepare_bots()
    window.performance.mark("tarot:ready")
    return page

