"""The PyScript binding: DOM events become changes of the page's state, the state becomes HTML.

``web/main.py``, the page's script, calls :func:`boot`: this module arrives with its
bytecode in the page's bundle, where a script is compiled from source at each start.

Runs on the page's main thread.  Each decision of a fast bot runs in its own
short timer task (``setTimeout``); slow levels decide in a web worker
(``web/worker.py``, no DOM access), so the page stays responsive while bots
play.  URL parameters (:mod:`web.browser.params`) set up the table for a link or an
embedding page.  The state and what each click does live in :mod:`web.match.page` and
:mod:`web.match.clicks`, the drawing in :mod:`web.draw.render`: here the browser only.
"""
from __future__ import annotations

import asyncio
import importlib
import json
import traceback
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

window.performance.mark("tarot:imports")  # start-up measurements: runtime ready

from web.match.botstep import runs_on_main_thread
from web.match.clicks import Outcome, click, click_key
from web.duplicate.tournament import DuplicateSession, PracticeSession
from web.browser.focus import Focus
from web.browser.host import HostLink
from web.browser.keys import HAND_KEYS, move_in_hand, trap_tab
from web.browser.patch import patch
from web.browser.lease import HANDOVER_MS, HEARTBEAT_MS, LEASE_KEY, TAKEOVER_KEY
from tarot.words import t
from web.match.forms import settings_choice, setup_choice
from web.match.page import PageState, SetupChoice
from web.browser.params import made_situation_query, parse_params
from web.draw.render import REGIONS, render, root_attributes
from web.match.session import SAVE_KEY
from web.teaching.teacher import Asked
from web.match.settings import PACES
from web.browser.storage import Store, js
from web.browser.tabs import Tabs
from web.browser.transfer import ImportProblem, check_file_size
from web.teaching.puzzles import COLLECTION_PATH
from web.teaching.trainer import PuzzleSession
from web.text.transcript import Transcript

DEFAULT_PAUSE_MS = 700
# What a cold start leaves out until the table is drawn (the bots' modules, the graded analysis) is
# imported by the first bot, hint or analysis that needs it; the bots' levels are imported once the
# table is shown, before a first bot has to play, a few modules a task (each with what it imports).
LATER = ("tarot.bots.knowledge", "tarot.bots.play", "tarot.bots.facts", "tarot.bots.reasons", "tarot.bots.expert",
         "tarot.bots.levels")
INPUT_AT_THE_LATEST_MS = 100  # a click is taken by then even where the browser draws no frame
ANALYSIS_SLICE_MS = 100  # the worker grades for this long a request, then answers anything asked meanwhile
PATCHED = frozenset(("text",))  # regions changed node by node (web/browser/patch.py), not written over


class Page:
    def __init__(self) -> None:
        location = window.location
        self.params = parse_params(str(location.search), str(location.hash))
        self.state = PageState(self.params, Store(window.localStorage, window.console.warn),
                               base=str(location.origin) + str(location.pathname), today=_local_now()[:10])
        self.root = document.getElementById("table")
        self.root.classList.toggle("embed", self.params.embed)
        self.root.classList.toggle("with-sheet", self.params.sheet)
        self.framed = bool(window.self != window.top)  # a lesson, a teacher's site (the <tarot-deal> tag)
        self.focus = Focus(document, framed=self.framed)
        self.focus_move: tuple[str, set[str], bool, tuple[str, int]] | None = None  # placed at the next frame
        self.focus_frame = False
        self.inputs: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []  # clicks noted, not taken yet
        self.host = HostLink()
        self.transcript = Transcript()  # what the text mode's live region has said
        self.regions = {name: document.getElementById(name) for name in REGIONS}
        self.cache: dict[str, str] = {}
        self.timer = False
        self.generation = 0
        self.worker: Any = None  # the bots' worker, started for slow levels only
        self.reference_busy = False
        self.analysis_busy = False
        self.state.teacher.analysis_hints = True  # *Conseil* asks the graded analysis in the worker
        # One tab plays the saved match at a time; a table with a deal of its own always plays.
        self.tabs = Tabs(self.state.store, alone=self.state.shows_its_own_deal())
        self.behind = [document.getElementById("topbar"), js(document.querySelector("#table > .layout"))]
        self.keys: dict[str, Callable[[Any], bool]] = {
            "Tab": self._tab, "Escape": lambda event: self.state.escape(), "p": self._tricks, "P": self._tricks,
            **{key: self._hand_key for key in HAND_KEYS}}
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_submit),
                         create_proxy(self.on_key), create_proxy(self.on_change), create_proxy(self.on_storage),
                         create_proxy(self.on_return), create_proxy(self.on_leave), create_proxy(self.heartbeat),
                         create_proxy(self.place_focus)]
        document.addEventListener("pointerdown", self._proxies[8], True)
        document.addEventListener("click", self._proxies[0])
        document.addEventListener("submit", self._proxies[1])
        document.addEventListener("keydown", self._proxies[2])
        document.addEventListener("change", self._proxies[3])
        window.addEventListener("storage", self._proxies[4])
        document.addEventListener("visibilitychange", self._proxies[5])
        window.addEventListener("focus", self._proxies[5])
        window.addEventListener("pageshow", self._proxies[5])
        if not self.tabs.alone:
            self.tabs.sync(float(window.Date.now()), may_claim=True)
            window.addEventListener("pagehide", self._proxies[6])
            window.setInterval(self._proxies[7], HEARTBEAT_MS)

    # ---------------------------------------------------------------- tabs
    # One tab plays the saved match at a time (web/browser/lease.py, web/browser/tabs.py).
    @property
    def follower(self) -> bool:
        """Another tab owns the match: this one shows its saves, and neither acts nor saves."""
        return self.tabs.follower

    def _forget_pending_bot(self) -> None:
        """A bot's decision on its way belongs to the game or deal being left."""
        self.generation += 1
        self.timer = False

    def on_storage(self, event: Any) -> None:
        """Another tab of the game wrote: the lease (who plays the match), a request to take it
        over, the kept matches or hinted deals, or the match itself, which a tab that does not
        own it shows as it stands."""
        self.take_inputs()
        key, raw = js(event.key), js(event.newValue)
        if self.tabs.alone:
            return
        if key == LEASE_KEY:
            if self.tabs.sync(float(window.Date.now()), may_claim=not document.hidden):
                self._ownership_changed()
        elif key == TAKEOVER_KEY:
            if self.tabs.hand_over(raw, float(window.Date.now())):
                self._ownership_changed()
        elif self.state.read_again(key, raw) or (key == SAVE_KEY and self.follower and self._take_up(raw)):
            self._guarded(lambda: None)

    def _owns(self) -> bool:
        """Whether this tab may act: the lease read afresh (another tab may have just taken over)."""
        if not self.tabs.alone and self.tabs.sync(float(window.Date.now()), may_claim=False):
            self._ownership_changed()
        return not self.follower

    def heartbeat(self) -> None:
        """Every second: the owner renews its lease; a tab in view takes up a lease left to expire."""
        self.take_inputs()
        if self.tabs.sync(float(window.Date.now()), may_claim=not document.hidden):
            self._ownership_changed()

    def _ownership_changed(self) -> None:
        """This tab took the match over or lost it: it shows the match as saved (the other
        tab's last move included), and its bots go on or stop."""
        self._forget_pending_bot()
        self._take_up(self.state.store.get(SAVE_KEY))
        self._guarded(lambda: None)

    def _take_over(self) -> None:
        """The person plays in this tab: the lease at once when it is free, else the owner is asked."""
        taken, asked = self.tabs.take_over(float(window.Date.now()))
        if taken:
            self._ownership_changed()
        if asked:  # an owner that does not answer in time is closed or frozen
            window.setTimeout(create_once_callable(self.heartbeat), HANDOVER_MS + 100)
            self._guarded(lambda: None)

    def on_leave(self, _event: Any = None) -> None:
        """The tab closes (or goes to the back-forward cache): its lease is left free at once."""
        self.take_inputs()
        self.tabs.leave()

    def _take_up(self, raw: str | None) -> bool:
        """The saved match in this tab (web.match.page.PageState.take_up); whether it changed."""
        if not self.state.take_up(raw):
            return False
        self._forget_pending_bot()
        return True

    def on_return(self, _event: Any = None) -> None:
        """The tab is in view again: its bots go on; a lease left free is taken up."""
        self.take_inputs()
        if self.tabs.alone or not self.tabs.sync(float(window.Date.now()), may_claim=not document.hidden):
            if not document.hidden:
                self._guarded(lambda: None)
            return
        self._ownership_changed()

    def save(self) -> None:
        if not self._owns():  # another tab took the match over: its game stands
            return
        self.state.save_exercises()
        if self.state.shows_its_own_deal() or isinstance(self.state.session, PracticeSession):
            return  # a replay, too, leaves the visitor's own game as it was
        self.state.save()

    # ------------------------------------------------------------ drawing
    def refresh(self) -> None:
        self.place_focus()
        screen = self.state.screen()
        before = self.focus.before()
        regions = {**render(screen), "elsewhere": self.tabs.notice(screen.lang)}
        self._let_go_of_focus(regions)
        dialog_open = bool(regions["overlay"])
        self._make_inert(dialog_open and not screen.text_mode)
        for key, value in root_attributes(screen).items():
            self.root.setAttribute(key, value)
        appeared = self._write(regions)
        if str(document.documentElement.lang) != screen.lang:  # set again, it restyles the whole page
            document.documentElement.lang = screen.lang
        self.regions["side"].setAttribute("aria-label", t("score_sheet", screen.lang))
        self.regions["panel"].setAttribute("aria-label", t("panel_label", screen.lang))
        label = js(document.querySelector("#command-form label"))
        if label is not None and str(label.textContent) != t("command_label", screen.lang):
            label.textContent = t("command_label", screen.lang)
        if not screen.text_mode:  # the text mode's focus stays in its command box
            self._focus_at_frame((f"{screen.step}:{screen.view.phase}", appeared, dialog_open, before))
        if screen.text_mode:
            from web.text.textview import announcement  # the text mode's modules: imported by its first page
            if self.transcript.hear(announcement(screen), (screen.deal_number, screen.step, screen.commands)):
                self._announce()
        self._name_puzzle()
        self.tell_host(screen)
        self.schedule_bot()
        self.schedule_hint()
        self.schedule_reference()
        self.schedule_analysis()

    def _let_go_of_focus(self, regions: dict[str, str]) -> None:
        """The focus let go of when its element is in a region about to be written over (a patched
        one keeps its nodes): before anything restyles the page, while letting go costs little,
        since taking a focused element away has the browser restyle and lay out the page at once
        (the focus is put back after, :meth:`place_focus`)."""
        active = js(document.activeElement)
        if active is None or active.isSameNode(document.body):
            return
        if any(name not in PATCHED and self.cache.get(name) != html and self._region(name).contains(active)
               for name, html in regions.items()):
            active.blur()

    def _focus_at_frame(self, move: tuple[str, set[str], bool, tuple[str, int]]) -> None:
        """The focus placed as the browser draws the next frame: moving it lays the page out,
        which the frame does anyway, rather than in the task that wrote the regions."""
        self.focus_move = move
        if not self.focus_frame:
            self.focus_frame = True
            window.requestAnimationFrame(create_once_callable(lambda _: self._frame_focus()))

    def _frame_focus(self) -> None:
        self.focus_frame = False
        self.place_focus()

    def place_focus(self, *_: Any) -> None:
        """The focus of the last refresh, if not placed yet: before the next refresh, a key or a
        pointer pressed, so that each acts on the page as it was drawn."""
        move, self.focus_move = self.focus_move, None
        if move is not None:
            self.focus.after(*move)

    def _make_inert(self, modal: bool) -> None:
        """A dialog is modal: what lies behind it takes no click nor focus; none of the table
        while another tab plays the match.  Set before the regions are written and only where
        it changes: it restyles the whole table, and the browser then does it once, not again
        after the style the new regions' focus forces."""
        wanted = [(el, modal or self.follower) for el in self.behind] + [(self.regions["overlay"], self.follower)]
        for el, inert in wanted:
            if el is not None and bool(el.inert) != inert:
                el.inert = inert

    def _announce(self) -> None:
        """The text mode's live region: each new announcement added as a paragraph, the oldest
        beyond the few kept removed; no paragraph is written over (web/text/transcript.py)."""
        region = self.regions["announce"]
        shown = {str(p.dataset.n) for p in region.children}
        for n, text in self.transcript.said:
            if str(n) not in shown:
                paragraph = document.createElement("p")
                paragraph.dataset.n = str(n)
                paragraph.textContent = text
                region.appendChild(paragraph)
        kept = {str(n) for n, _ in self.transcript.said}
        for paragraph in list(region.children):
            if str(paragraph.dataset.n) not in kept:
                paragraph.remove()
        self.cache.pop("announce", None)  # written here, not by _write

    def _name_puzzle(self) -> None:
        """The trainer's puzzle on show named in the address (``#puzzle=ID``): a reload or a link opens it."""
        s = self.state.session
        if isinstance(s, PuzzleSession) and not self.params.embed and str(window.location.hash) != f"#puzzle={s.puzzle.id}":
            window.history.replaceState(None, "", f"{window.location.pathname}{window.location.search}#puzzle={s.puzzle.id}")

    def tell_host(self, screen: Any) -> None:
        """A framed table tells the page holding it what just happened (web/browser/host.py)."""
        if not self.framed:
            return
        result = self.state.session.deal.result
        for message in self.host.messages(screen, None if result is None else result.to_json()):
            window.parent.postMessage(to_js(message, dict_converter=window.Object.fromEntries), "*")

    def _write(self, regions: dict[str, str]) -> set[str]:
        """Write the regions that changed; those that were empty and now show something."""
        appeared = set()
        for name, html in regions.items():
            if self.cache.get(name) != html:
                if html and not self.cache.get(name):
                    appeared.add(name)
                region = self._region(name)
                kept = {str(el.dataset.keepScroll): el.scrollTop
                        for el in region.querySelectorAll("[data-keep-scroll]")}
                if name in PATCHED:
                    patch(document, region, html)
                else:
                    region.innerHTML = html
                for el in region.querySelectorAll("[data-keep-scroll]"):
                    if str(el.dataset.keepScroll) in kept:  # the same part drawn again: it stays where it was read
                        el.scrollTop = kept[str(el.dataset.keepScroll)]
                self.cache[name] = html
        return appeared

    def _region(self, name: str) -> Any:
        """A region's element; ``teaching`` is made at first just above the action panel, and
        ``elsewhere`` (the notice that another tab plays the match) over the table."""
        if name in self.regions:
            return self.regions[name]
        if name == "teaching":
            region = document.createElement("section")
            region.className = "teaching-area"
            panel = self.regions["panel"]
            panel.parentNode.insertBefore(region, panel)
        else:
            region = document.createElement("div")
            self.root.appendChild(region)
        region.id = name
        self.regions[name] = region
        return region

    # --------------------------------------------------------------- bots
    def schedule_bot(self) -> None:
        if self.timer or self.follower or self.state.session.bot_to_act() is None or document.hidden:
            return  # another tab plays the game, or this one is out of view: it waits
        self.timer = True
        generation = self.generation
        window.setTimeout(create_once_callable(lambda: self.bot_tick(generation)), self._delay())

    @property
    def pause(self) -> int:
        """The bots' pause: the URL's ``pause`` if given, else the pace chosen in the settings."""
        if self.params.pause is not None:
            return self.params.pause
        return PACES.get(self.state.session.settings.pace, DEFAULT_PAUSE_MS)

    def _delay(self) -> int:
        deal = self.state.session.deal
        if deal.phase.value == "ecart":
            return int(self.pause * 2.5)  # time to look at the chien
        if deal.phase.value == "play" and not deal.trick and deal.tricks:
            return self.pause * 2  # time to see who won the trick
        return self.pause

    def bot_tick(self, generation: int) -> None:
        self.take_inputs()
        if generation != self.generation or not self._owns():
            if generation == self.generation:
                self.timer = False
            return
        if runs_on_main_thread(self.state.session.settings.level):
            self.timer = False
            self._guarded(self._bot_step)
        else:  # the timer stays taken until the worker answers
            asyncio.ensure_future(self._remote_step(generation))

    def _bot_step(self) -> None:
        if self.state.session.bot_step() is not None:
            self.save()

    async def _start_worker(self) -> Any:
        if self.worker is None:  # web/boot.js: a worker running its own Pyodide and web/worker.py
            self.worker = window.tarotBots
            self.worker.start()
        return self.worker

    async def _remote_step(self, generation: int) -> None:
        """A slow bot decides in the worker; the page stays responsive meanwhile."""
        session = self.state.session
        try:
            request = session.bot_request()
            if request is None:
                return
            worker = await self._start_worker()
            answer = json.loads(str(await worker.decide(json.dumps(request))))
            if generation == self.generation and self.state.session.bot_answer(request, answer):
                self.save()
        except Exception as e:
            window.console.error("".join(traceback.format_exception(e)))
            self.state.session.ui.message = ("internal_error", {"error": str(e) or type(e).__name__})
        finally:
            if generation == self.generation:
                self.timer = False
        self.refresh()

    def prepare_bots(self) -> None:
        """Start the worker early when the level needs it (it boots its own Python)."""
        if not runs_on_main_thread(self.state.session.settings.level) and self.worker is None:
            asyncio.ensure_future(self._start_worker())

    def schedule_hint(self) -> None:
        """*Conseil* asked: the graded analysis's best action is asked of the worker at once, ahead
        of the reference's and the analysis's next work (held back until it answers).  The worker
        starts at the first hint if nothing started it before (a slow level, a finished deal):
        a page that never asks does not boot a second Python."""
        teacher, session = self.state.teacher, self.state.session
        if self.follower:
            return
        asked = teacher.hint_to_send(session)
        if asked is not None:
            asyncio.ensure_future(self._hint_step(asked))

    async def _hint_step(self, asked: Asked) -> None:
        teacher = self.state.teacher
        try:
            worker = await self._start_worker()
            answer = json.loads(str(await worker.ask("advise", json.dumps({**asked.request(), **self._budget()}))))
            teacher.take_advice(self.state.session, asked, answer)
        except Exception as e:  # no worker, or it failed: the Standard bot's hint, as without one
            window.console.error("".join(traceback.format_exception(e)))
            teacher.advice_failed(self.state.session, asked)
        self.refresh()

    def _budget(self) -> dict[str, int]:
        """The analysis's budget for the worker's requests: the URL's ``worlds``, else none
        (the worker's default)."""
        return {} if self.params.worlds is None else {"worlds": self.params.worlds}

    def _hint_waits(self) -> bool:
        """A hint is on its way: the worker's other work waits for it."""
        return self.state.teacher.hint_asked is not None

    def schedule_reference(self) -> None:
        """In a duplicate tournament, the next piece of the reference's work goes to the worker."""
        session = self.state.session
        if self.reference_busy or self.follower or not isinstance(session, DuplicateSession) \
                or self.state.extras.reference_error or self._hint_waits():
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
            if session is self.state.session and session.tournament.take(session, kind, request, answer):
                self.save()
        except Exception as e:
            window.console.error("".join(traceback.format_exception(e)))
            self.state.extras.reference_error = str(e) or type(e).__name__
        finally:
            self.reference_busy = False
        if session is self.state.session:
            self.refresh()

    def schedule_analysis(self) -> None:
        """The next decision of the person's finished deals to grade goes to the worker, one per
        request (:mod:`web.teaching.grading`) and a slice of it at a time (the same request again
        while the answer is ``pending``), so that it answers the table's bots and a hint in between."""
        extras = self.state.extras
        if self.analysis_busy or self.follower or extras.analysis_error or self._hint_waits():
            return
        match = self.state.match_session().match  # during a replay, the match set aside
        request = extras.analyses.request(match.first_deal, match.records, self.state.kept_to_grade())
        if request is None:
            return
        self.analysis_busy = True
        asyncio.ensure_future(self._analysis_step(request))

    async def _analysis_step(self, request: dict[str, Any]) -> None:
        extras = self.state.extras
        try:
            worker = await self._start_worker()
            sent = {"record": request["record"], "at": request["at"], "slice_ms": ANALYSIS_SLICE_MS, **self._budget()}
            answer = json.loads(str(await worker.ask("analyse", json.dumps(sent))))
            changed = extras.analyses.take(request, answer)
            if changed and self.state.extras is extras and self.state.graded(request) and self._owns():
                self.state.save_exercises()  # the deal's mistakes became exercises
        except Exception as e:
            window.console.error("".join(traceback.format_exception(e)))
            if "kept" in request:  # a kept match's deal: left, the others graded on
                self.state.kept_failed(request)
            else:
                extras.analysis_error = str(e) or type(e).__name__
            changed = False
        finally:
            self.analysis_busy = False
        if changed and self.state.extras is extras:
            self.refresh()
        else:
            self.schedule_analysis()

    # ------------------------------------------------------------- events
    def _guarded(self, work: Callable[..., Any], *args: Any) -> None:
        try:
            work(*args)
        except Exception as e:
            window.console.error("".join(traceback.format_exception(e)))
            self.state.session.ui.message = ("internal_error", {"error": str(e) or type(e).__name__})
        self.refresh()

    # ------------------------------------------------------------- inputs
    def _after_input(self, work: Callable[..., Any], *args: Any) -> None:
        """A click's or a submit's work, noted and taken in a task of its own once the browser
        has drawn the input's frame: the input's task stays short, and the Python that takes the
        action and the layout of the table it writes fall in two tasks rather than one.  Whatever
        the page hears before (a key, a bot's turn, another tab, the tab closing) takes the
        inputs waiting first, in order (:meth:`take_inputs`)."""
        self.inputs.append((work, args))
        if len(self.inputs) > 1:
            return
        after_frame = create_once_callable(self.take_inputs)
        window.requestAnimationFrame(create_once_callable(lambda _: window.setTimeout(after_frame, 0)))
        # No frame is drawn for a page out of view or a frame scrolled away: taken anyway, a little later.
        window.setTimeout(create_once_callable(self.take_inputs), INPUT_AT_THE_LATEST_MS)

    def take_inputs(self) -> None:
        """The clicks noted and not taken yet, in order; none once another tab plays the match."""
        while self.inputs:
            work, args = self.inputs.pop(0)
            if self._owns():
                self._guarded(work, *args)

    def on_click(self, event: Any) -> None:
        target = js(event.target)
        el = js(target.closest("[data-action], [data-bid], [data-hand]")) if target is not None else None
        if not self._owns():  # another tab plays the match: this one only offers to take it over
            if el is not None and js(el.getAttribute("data-action")) == "take-over" \
                    and el.getAttribute("aria-disabled") != "true":
                self._take_over()
            return
        ui = self.state.session.ui
        if el is None:
            if ui.menu_open and target is not None and js(target.closest("#more-tools")) is None:
                ui.menu_open = False  # a click beside the open menu closes it
                self._guarded(lambda: None)
            return
        action = js(el.getAttribute("data-action"))
        if action in ("start", "save-settings"):
            return  # handled by the form's submit
        event.preventDefault()
        key = click_key(action, js(el.getAttribute("data-bid")), js(el.getAttribute("data-hand")))
        if key is not None:
            self._after_input(lambda: self._follow(click(self.state, key, lambda name: self._attribute(el, name))))

    def _attribute(self, el: Any, name: str) -> str | None:
        """A clicked element's attribute, or ``value:ID``: the value of the field ``ID``."""
        if name.startswith("value:"):
            field = js(document.getElementById(name.removeprefix("value:")))
            return None if field is None else str(field.value)
        value = js(el.getAttribute(name))
        return None if value is None else str(value)

    def _follow(self, outcome: Outcome) -> None:
        """What the browser does after a click (web.match.clicks)."""
        if outcome.forget_bot:
            self._forget_pending_bot()
        if outcome.start or outcome.submit == "setup-form":
            form = js(document.getElementById("setup-form"))
            if form is not None:
                self._start(form, confirmed=outcome.start)
        if outcome.setup is not None:
            self._begin(outcome.setup, confirmed=True)
        if outcome.scroll_to is not None:
            document.getElementById(outcome.scroll_to).scrollIntoView()
        if outcome.download is not None:
            self._download(*outcome.download)
        if outcome.save:
            self.save()
        if outcome.copy is not None:
            self._copy(outcome.copy)
        if outcome.navigate is not None:  # the editor's deal: the page opens it, the URL saying only it
            query = made_situation_query(str(window.location.search))
            window.history.replaceState(None, "", f"{window.location.pathname}{query}#{outcome.navigate}")
            window.location.reload()

    def on_submit(self, event: Any) -> None:
        form = js(event.target)
        if form is None or form.id not in ("setup-form", "settings-form", "command-form"):
            return
        event.preventDefault()
        self.take_inputs()  # a submit taken at once (the settings, a command) comes after the clicks before it
        if form.id == "command-form":
            self._command(form)
        elif self._owns():
            if form.id == "setup-form":
                choice = setup_choice(form, self.state.session.settings.lang)
                self._after_input(self._begin, choice, False)
            else:
                self._guarded(self._apply_settings, form)

    def _command(self, form: Any) -> None:
        """The text mode's command box (web.text.commands): the command typed, then an empty box."""
        field = js(form.querySelector("input"))
        if field is None or not self._owns():
            return
        typed = str(field.value)
        field.value = ""
        from web.text.commands import run_command
        self._guarded(lambda: self._follow(run_command(self.state, typed)))

    def _cycle(self, event: Any, delta: int) -> None:
        """The arrows in the command box: what may be typed now, one after the other (web.text.commands.cycle)."""
        field = js(document.activeElement)
        if field is None or str(field.id) != "command" or not self._owns():
            return
        event.preventDefault()

        def fill() -> None:
            from web.text.commands import cycle
            field.value = cycle(self.state, str(field.value), delta)
        self._guarded(fill)

    def _apply_settings(self, form: Any) -> None:
        """The settings dialog (web.match.forms.settings_choice)."""
        self.state.apply_settings(settings_choice(form))
        self.save()
        self.prepare_bots()

    def _start(self, form: Any, confirmed: bool = False) -> None:
        """*Commencer*: the new-game form as filled in (web.match.page.PageState.start)."""
        self._begin(setup_choice(form, self.state.session.settings.lang), confirmed)

    def _begin(self, choice: SetupChoice, confirmed: bool) -> None:
        """A new game (web.match.page.PageState.start); the match left goes to the history."""
        left = self.state.start(choice, confirmed)
        if left is None:
            return
        self.state.archive(left, _local_now())
        self._forget_pending_bot()
        self.save()
        self.prepare_bots()

    # --------------------------------------------------------------- keys
    def on_key(self, event: Any) -> None:
        """A key: the table of keys (:attr:`keys`); while the review or the import is open, only
        Escape (closing it) and the review's arrows, Home and End; none while another tab plays
        the match (the table is inert behind its notice)."""
        self.take_inputs()
        self.place_focus()
        if self.follower:
            return
        key = str(event.key)
        if self.state.text_mode and key in ("ArrowDown", "ArrowUp"):
            self._cycle(event, 1 if key == "ArrowDown" else -1)
            return
        if self.state.text_mode and key != "Escape":
            return  # the text mode's keys are its commands; Tab goes through the whole page
        extras = self.state.extras
        if extras.review is not None or extras.import_open:
            if key == "Escape":
                self._guarded(self.state.escape)
            elif self.state.review_key(key):
                event.preventDefault()
                self._guarded(lambda: None)
            return
        handler = self.keys.get(key)
        if handler is not None and handler(event):
            self._guarded(lambda: None)

    def _tab(self, event: Any) -> bool:
        trap_tab(document, event)  # focus only: nothing to draw
        return False

    def _tricks(self, event: Any) -> bool:
        """"p": every trick of the deal (plis), unless typing, in a dialog, or with a modifier."""
        active = js(document.activeElement)
        typing = active is not None and str(active.tagName) in ("INPUT", "SELECT", "TEXTAREA")
        if typing or self.cache.get("overlay") or event.ctrlKey or event.metaKey or event.altKey:
            return False
        event.preventDefault()
        self.state.session.ui.tricks_open = True
        return True

    def _hand_key(self, event: Any) -> bool:
        move_in_hand(document, event)  # focus only: nothing to draw
        return False

    # ------------------------------------------------------- files, downloads
    def on_change(self, event: Any) -> None:
        target = js(event.target)
        if self.follower or target is None or str(target.id) != "import-file" or not target.files.length:
            return
        asyncio.ensure_future(self._read_file(target.files.item(0)))

    async def _read_file(self, file: Any) -> None:
        try:  # by its size first: reading a large file would freeze the page
            check_file_size(int(file.size))
        except ImportProblem as e:
            self.state.refuse_import(e)
            self._guarded(lambda: None)
            return
        try:
            text = str(await file.text())
        except Exception as e:
            text = ""
            window.console.warn(f"file not read: {e}")
        self._guarded(self.state.import_text, text)

    def _copy(self, kind: str) -> None:
        """*Copier*: the link's text selected, and put in the clipboard where the browser allows it
        (else the person copies the selected text); its button says so once done."""
        field = js(document.querySelector(f'[data-link="{kind}"]'))
        if field is None:
            return
        field.focus()
        field.select()
        clipboard = js(window.navigator.clipboard)
        if clipboard is None:
            return
        said = t("copied", self.state.session.lang)

        def done(_: Any) -> None:
            button = js(document.querySelector(f'[data-copy="{kind}"]'))
            if button is not None:
                button.textContent = said
        clipboard.writeText(field.value).then(create_once_callable(done), create_once_callable(lambda _: None))

    def _download(self, text: str, name: str) -> None:
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


def boot() -> Page:
    window.performance.mark("tarot:boot")
    page = Page()
    if page.state.trainer_waits:  # the puzzle trainer: its collection first, read only now
        asyncio.ensure_future(_open_trainer(page))
    else:
        _show(page)
    return page


async def _open_trainer(page: Page) -> None:
    text = await _fetch_text(COLLECTION_PATH)
    window.performance.mark("tarot:puzzles")
    page.state.open_trainer(text)
    _show(page)


def _show(page: Page) -> None:
    """The table's first drawing, in place of the loading screen."""
    loading = js(document.getElementById("loading"))
    if loading is not None:
        loading.remove()
    page.refresh()
    page.prepare_bots()
    window.performance.mark("tarot:ready")
    _import_later(LATER)


def _import_later(names: tuple[str, ...]) -> None:
    """Import ``names`` one a task, the first in the next."""
    def step() -> None:
        importlib.import_module(names[0])
        _import_later(names[1:])

    if names:
        window.setTimeout(create_once_callable(step), 0)


async def _fetch_text(path: str) -> str | None:
    """A file of the site (beside the page; the service worker serves it offline); ``None`` when
    it cannot be read."""
    try:
        response = await window.fetch(path)
        return str(await response.text()) if response.ok else None
    except Exception as e:
        window.console.warn(f"{path} not read: {e}")
        return None


def _local_now() -> str:
    """The time now at the person's clock, as ISO with its offset (``2026-11-28T18:24:05+01:00``)."""
    now = window.Date.new()
    offset = timezone(timedelta(minutes=-int(now.getTimezoneOffset())))
    return datetime.fromtimestamp(float(now.getTime()) / 1000, offset).isoformat(timespec="seconds")
