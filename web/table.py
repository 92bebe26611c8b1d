"""The PyScript binding: DOM events become changes of the page's state, the state becomes HTML.

``web/main.py``, the page's script, calls :func:`boot`: this module arrives with its
bytecode in the page's bundle, where a script is compiled from source at each start.

Runs on the page's main thread.  Each decision of a fast bot runs in its own
short timer task (``setTimeout``); slow levels decide in a web worker
(``web/worker.py``, no DOM access), so the page stays responsive while bots
play.  URL parameters (:mod:`web.params`) set up the table for a link or an
embedding page.  The state and what each click does live in :mod:`web.page` and
:mod:`web.clicks`, the drawing in :mod:`web.render`: here the browser only.
"""
from __future__ import annotations

import asyncio
import json
import traceback
from typing import Any, Callable

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

window.performance.mark("tarot:imports")  # start-up measurements: runtime ready

from web.botstep import runs_on_main_thread
from web.clicks import Outcome, click, click_key
from web.duplicate import DuplicateSession
from web.keys import HAND_KEYS, move_in_hand, trap_tab
from web.labels import t
from web.page import PageState, SetupChoice, SettingsChoice
from web.params import parse_params
from web.render import REGIONS, render, root_attributes
from web.settings import PACES, clean_name
from web.storage import Store, js
from web.transfer import ImportProblem, check_file_size

DEFAULT_PAUSE_MS = 700


class Page:
    def __init__(self) -> None:
        location = window.location
        self.params = parse_params(str(location.search), str(location.hash))
        self.state = PageState(self.params, Store(window.localStorage, window.console.warn),
                               base=str(location.origin) + str(location.pathname))
        self.root = document.getElementById("table")
        self.root.classList.toggle("embed", self.params.embed)
        self.root.classList.toggle("with-sheet", self.params.sheet)
        self.framed = bool(window.self != window.top)  # in another page's frame: a lesson, a teacher's site
        self.regions = {name: document.getElementById(name) for name in REGIONS}
        self.cache: dict[str, str] = {}
        self.timer = False
        self.autofocused = ""
        self.generation = 0
        self.worker: Any = None  # the bots' worker, started for slow levels only
        self.reference_busy = False
        self.follower = False  # another tab plays the game: this one shows its saves, plays no bot
        self.behind = [document.getElementById("topbar"), js(document.querySelector("#table > .layout"))]
        self.keys: dict[str, Callable[[Any], bool]] = {
            "Tab": self._tab, "Escape": lambda event: self.state.escape(), "p": self._tricks, "P": self._tricks,
            **{key: self._hand_key for key in HAND_KEYS}}
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_submit),
                         create_proxy(self.on_key), create_proxy(self.on_change), create_proxy(self.on_storage),
                         create_proxy(self.on_return)]
        document.addEventListener("click", self._proxies[0])
        document.addEventListener("submit", self._proxies[1])
        document.addEventListener("keydown", self._proxies[2])
        document.addEventListener("change", self._proxies[3])
        window.addEventListener("storage", self._proxies[4])
        document.addEventListener("visibilitychange", self._proxies[5])
        window.addEventListener("focus", self._proxies[5])

    # ---------------------------------------------------------------- tabs
    def _forget_pending_bot(self) -> None:
        """A bot's decision on its way belongs to the game or deal being left."""
        self.generation += 1
        self.timer = False

    def on_storage(self, event: Any) -> None:
        """Another tab of the game saved: this one takes that game up, as it stands (with this
        tab's dialogs), and leaves the bots to that tab until the person comes back here, so
        that no tab writes an older game over a newer one."""
        taken = self.state.take_other_tab(js(event.key), js(event.newValue))
        if taken == "follow":
            self.follower = True
            self._forget_pending_bot()
        if taken:
            self._guarded(lambda: None)

    def on_return(self, _event: Any = None) -> None:
        """The tab is in view or has the focus again: it plays the game (its bots go on)."""
        if not document.hidden:
            self.follower = False
            self._guarded(lambda: None)

    def _lead(self) -> None:
        """This tab plays the game again: its bots go on."""
        if self.follower:
            self.follower = False
            self._guarded(lambda: None)

    def save(self) -> None:
        self.state.save()

    # ------------------------------------------------------------ drawing
    def refresh(self) -> None:
        screen = self.state.screen()
        active = js(document.activeElement)
        focus_id = str(active.id) if active is not None and active.id else ""
        hand_index = -1
        if focus_id.startswith("card-"):
            ids = [str(b.id) for b in document.querySelectorAll("#hand button[data-card]")]
            hand_index = ids.index(focus_id) if focus_id in ids else -1
        opened = self._write(render(screen))
        for key, value in root_attributes(screen).items():
            self.root.setAttribute(key, value)
        document.documentElement.lang = screen.lang
        self.regions["side"].setAttribute("aria-label", t("score_sheet", screen.lang))
        dialog_open = bool(self.cache.get("overlay"))
        for el in self.behind:  # a dialog is modal: what lies behind it takes no click nor focus
            if el is not None:
                el.inert = dialog_open
        self._focus(f"{screen.step}:{screen.view.phase}", opened, dialog_open, focus_id, hand_index)
        self.schedule_bot()
        self.schedule_reference()

    def _write(self, regions: dict[str, str]) -> bool:
        """Write the regions that changed; whether a dialog opened."""
        opened = False
        for name, html in regions.items():
            if self.cache.get(name) != html:
                opened = opened or (name == "overlay" and bool(html) and not self.cache.get(name))
                self._region(name).innerHTML = html
                self.cache[name] = html
        return opened

    def _region(self, name: str) -> Any:
        """A region's element; ``teaching`` is made at first, just above the action panel."""
        if name in self.regions:
            return self.regions[name]
        region = document.createElement("section")
        region.id = name
        region.className = "teaching-area"
        panel = self.regions["panel"]
        panel.parentNode.insertBefore(region, panel)
        self.regions[name] = region
        return region

    def _focus(self, moment: str, opened: bool, dialog_open: bool, focus_id: str, hand_index: int) -> None:
        """The focus after a refresh: into a dialog that opened, else back where it was; each new
        decision (or question) puts it on its first legal choice, once."""
        may_focus = self._may_move_focus()
        if opened and may_focus:
            first = js(document.querySelector("#overlay input:checked, #overlay button"))
            if first is not None:
                first.focus()
        elif may_focus:
            self._restore_focus(focus_id, hand_index)
        wanted = js(document.querySelector("#overlay [data-autofocus]" if dialog_open else "[data-autofocus]"))
        key = f"{moment}:{wanted.id}" if wanted is not None else ""
        if key and key != self.autofocused:
            self._show_play_area()
            if may_focus and not wanted.isSameNode(js(document.activeElement)):
                wanted.focus()
        self.autofocused = key

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
        if generation != self.generation:
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

    def schedule_reference(self) -> None:
        """In a duplicate tournament, the next piece of the reference's work goes to the worker."""
        session = self.state.session
        if self.reference_busy or self.follower or not isinstance(session, DuplicateSession) \
                or self.state.extras.reference_error:
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

    # ------------------------------------------------------------- events
    def _guarded(self, work: Callable[..., Any], *args: Any) -> None:
        try:
            work(*args)
        except Exception as e:
            window.console.error("".join(traceback.format_exception(e)))
            self.state.session.ui.message = ("internal_error", {"error": str(e) or type(e).__name__})
        self.refresh()

    def on_click(self, event: Any) -> None:
        self._lead()  # the person plays here
        target = js(event.target)
        el = js(target.closest("[data-action], [data-bid], [data-hand]")) if target is not None else None
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
            self._guarded(lambda: self._follow(click(self.state, key, lambda name: self._attribute(el, name))))

    def _attribute(self, el: Any, name: str) -> str | None:
        """A clicked element's attribute, or ``value:ID``: the value of the field ``ID``."""
        if name.startswith("value:"):
            field = js(document.getElementById(name.removeprefix("value:")))
            return None if field is None else str(field.value)
        value = js(el.getAttribute(name))
        return None if value is None else str(value)

    def _follow(self, outcome: Outcome) -> None:
        """What the browser does after a click (web.clicks)."""
        if outcome.forget_bot:
            self._forget_pending_bot()
        if outcome.start:
            form = js(document.getElementById("setup-form"))
            if form is not None:
                self._start(form, confirmed=True)
        if outcome.scroll_to is not None:
            document.getElementById(outcome.scroll_to).scrollIntoView()
        if outcome.download is not None:
            self._download(*outcome.download)
        if outcome.save:
            self.save()
        if outcome.navigate is not None:  # the editor's deal: the page opens it
            window.location.hash = outcome.navigate
            window.location.reload()

    def on_submit(self, event: Any) -> None:
        form = js(event.target)
        if form is None or form.id not in ("setup-form", "settings-form"):
            return
        event.preventDefault()
        self._guarded(self._start if form.id == "setup-form" else self._apply_settings, form)

    def _apply_settings(self, form: Any) -> None:
        """The settings dialog: pace, moving cards, live count, language, the next deal's bot level."""
        pace = js(form.querySelector("input[name=pace]:checked"))
        lang = js(form.querySelector("input[name=lang]:checked"))
        self.state.apply_settings(SettingsChoice(
            pace=str(pace.value) if pace is not None and str(pace.value) in PACES else None,
            animations=bool(form.querySelector("input[name=animations]").checked),
            live_count=bool(form.querySelector("input[name=live_count]").checked),
            lang=str(lang.value) if lang is not None and str(lang.value) in ("fr", "en") else None,
            next_level=str(form.querySelector("select[name=next_level]").value)))
        self.save()
        self.prepare_bots()

    def _start(self, form: Any, confirmed: bool = False) -> None:
        """*Commencer*: the new-game form as filled in (web.page.PageState.start)."""
        checked = js(form.querySelector("input[name=players]:checked"))
        lang_box = js(form.querySelector("input[name=lang]:checked"))
        name_box = js(form.querySelector("input[name=name]"))
        mode = js(form.querySelector("input[name=mode]:checked"))
        size_box = js(form.querySelector("select[name=duplicate]"))
        tournament = mode is not None and str(mode.value) == "duplicate" and size_box is not None
        choice = SetupChoice(
            players=int(checked.value) if checked is not None else 4,
            level=str(form.querySelector("select[name=level]").value),
            options={str(box.value): True for box in form.querySelectorAll("input[name=option]:checked")},
            lang=str(lang_box.value) if lang_box is not None else "fr",
            deal=str(form.querySelector("input[name=deal]").value),
            name=clean_name(str(name_box.value)) if name_box is not None else "",
            duplicate=int(str(size_box.value)) if tournament else 0)
        left = self.state.start(choice, confirmed)
        if left is None:
            return
        self.state.archive(left, str(window.Date.new().toISOString()))
        self._forget_pending_bot()
        self.save()
        self.prepare_bots()

    # --------------------------------------------------------------- keys
    def on_key(self, event: Any) -> None:
        """A key: the table of keys (:attr:`keys`); while the review or the import is open, only
        Escape (closing it) and the review's arrows, Home and End."""
        self._lead()
        key = str(event.key)
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
        if target is None or str(target.id) != "import-file" or not target.files.length:
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
    loading = js(document.getElementById("loading"))
    if loading is not None:
        loading.remove()
    page.refresh()
    page.prepare_bots()
    window.performance.mark("tarot:ready")
    return page
