"""The PyScript binding: DOM events become engine actions, the state becomes HTML.

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

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

window.performance.mark("tarot:imports")  # start-up measurements: runtime ready

from web.botstep import runs_on_main_thread
from web.params import parse_params
from web.render import REGIONS, render, root_attributes
from web.session import SAVE_KEY, SaveError, Session, Settings, clean_name, parse_deal_number
# Duplicate tournament, review, replay, export and import (their own modules).
from web.duplicate import DuplicateSession, PracticeSession, load_session
from web.extras import Extras, decorate, open_review, review_key
from web.transfer import EXPORT_NAME, ImportProblem, export_text, import_records
from web.review import ReviewPanel
from web.words import w

DEFAULT_PAUSE_MS = 700


def js(value):
    """``None`` for JavaScript's null and undefined, else the value."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


class Page:
    def __init__(self) -> None:
        self.params = parse_params(str(window.location.search))
        self.pause = DEFAULT_PAUSE_MS if self.params.pause is None else self.params.pause
        self.root = document.getElementById("table")
        self.regions = {name: document.getElementById(name) for name in REGIONS}
        self.cache: dict[str, str] = {}
        self.timer = False
        self.generation = 0
        self.worker = None  # the bots' worker, started for slow levels only
        self.extras = Extras()
        self.reference_busy = False
        self.session = self._open()
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_submit),
                         create_proxy(self.on_key), create_proxy(self.on_change)]
        document.addEventListener("click", self._proxies[0])
        document.addEventListener("submit", self._proxies[1])
        document.addEventListener("keydown", self._proxies[2])
        document.addEventListener("change", self._proxies[3])

    # ------------------------------------------------------------ storage
    def _open(self) -> Session:
        """The session to show.  Embedded (``embed=1``): the URL's game at once, never saved.
        Otherwise the saved game, with the URL's game waiting in the new-game form."""
        p = self.params
        if p.embed:
            session = Session(p.settings(Settings(first_deal=random.randrange(1, 1_000_000))))
        else:
            session = self._resume()
            if p.lang is not None:
                session.settings.lang = p.lang
            if p.sets_game:
                session.ui.setup_open = True
                session.ui.setup_draft = p.draft(session.settings)
        session.notices = tuple(p.notices())
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
            session = Session(Settings(first_deal=random.randrange(1, 1_000_000)))
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
            session = Session(Settings(first_deal=random.randrange(1, 1_000_000)))
            session.ui.setup_open = True
            session.ui.setup_message = ("save_damaged", {"reason": e.reason})
            return session

    def save(self) -> None:
        if self.params.embed or isinstance(self.session, PracticeSession):  # embedded, or a replay
            return
        try:
            window.localStorage.setItem(SAVE_KEY, self.session.save_text())
        except Exception as e:  # storage full or disabled: the game goes on
            window.console.warn(f"game not saved: {e}")

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
            if self.cache.get(name) != html:
                opened = opened or (name == "overlay" and bool(html) and not self.cache.get(name))
                self.regions[name].innerHTML = html
                self.cache[name] = html
        for key, value in root_attributes(screen).items():
            self.root.setAttribute(key, value)
        document.documentElement.lang = screen.lang
        if opened:  # a dialog opened: focus goes into it
            first = js(document.querySelector("#overlay input:checked, #overlay button"))
            if first is not None:
                first.focus()
        else:
            self._restore_focus(focus_id, hand_index)
        self.schedule_bot()
        self.schedule_reference()

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
        if self.timer or self.session.bot_to_act() is None:
            return
        self.timer = True
        generation = self.generation
        window.setTimeout(create_once_callable(lambda: self.bot_tick(generation)), self._delay())

    def _delay(self) -> int:
        deal = self.session.deal
        if deal.phase.value == "ecart":
            return int(self.pause * 2.5)  # time to look at the chien
        if deal.phase.value == "play" and not deal.trick and deal.tricks:
            return self.pause * 2  # time to see who won the trick
        return self.pause

    def bot_tick(self, generation: int) -> None:
        if generation != self.generation:
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

    async def _start_worker(self):
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
    def _guarded(self, work, *args) -> None:
        try:
            work(*args)
        except Exception as e:
            window.console.error("".join(traceback.format_exception(e)))
            self.session.ui.message = ("internal_error", {"error": str(e) or type(e).__name__})
        self.refresh()

    def on_click(self, event) -> None:
        target = js(event.target)
        el = js(target.closest("[data-action], [data-bid], [data-hand]")) if target is not None else None
        if el is None:
            return
        action = js(el.getAttribute("data-action"))
        if action == "start":
            return  # handled by the form's submit
        event.preventDefault()
        if action in EXTRA_ACTIONS:
            self._guarded(self._extra_click, el, str(action))
            return
        self._guarded(self._click, el, action)

    def _click(self, el, action) -> None:
        s = self.session
        ui = s.ui
        bid = js(el.getAttribute("data-bid"))
        changed = False
        if bid is not None:
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
        elif action == "cancel-setup":
            ui.setup_open = False
            ui.setup_message = None
        elif action == "last-trick":
            ui.last_trick_open = not ui.last_trick_open
        elif action == "close-last-trick":
            ui.last_trick_open = False
        elif action == "scores":
            document.getElementById("side").scrollIntoView()
        elif action == "lang":
            s.settings.lang = "en" if s.settings.lang == "fr" else "fr"
            changed = True
        elif action == "dismiss-notice":
            s.notices = ()
        if changed:
            self.save()

    def on_submit(self, event) -> None:
        form = js(event.target)
        if form is None or form.id != "setup-form":
            return
        event.preventDefault()
        self._guarded(self._start, form)

    def _start(self, form) -> None:
        checked = js(form.querySelector("input[name=players]:checked"))
        players = int(checked.value) if checked is not None else 4
        level = str(form.querySelector("select[name=level]").value)
        options = {str(box.value): True for box in form.querySelectorAll("input[name=option]:checked")}
        lang_box = js(form.querySelector("input[name=lang]:checked"))
        lang = str(lang_box.value) if lang_box is not None else "fr"
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
        settings = Settings(players=players, level=level, options=options, lang=lang, first_deal=number,
                            name=name)
        settings.rules()
        self.generation += 1
        self.timer = False
        mode = js(form.querySelector("input[name=mode]:checked"))
        size_box = js(form.querySelector("select[name=duplicate]"))
        self.extras = Extras()
        if mode is not None and str(mode.value) == "duplicate" and size_box is not None:
            self.session = DuplicateSession(settings, int(str(size_box.value)), self.params.reference_budget())
        else:
            self.session = Session(settings)
        self.save()
        self.prepare_bots()

    def on_key(self, event) -> None:
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
        if key == "Escape":
            ui = self.session.ui
            if ui.last_trick_open or (ui.setup_open and ui.setup_message is None):
                ui.last_trick_open = False
                ui.setup_open = False
                self._guarded(lambda: None)
            return
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        active = js(document.activeElement)
        if active is None or js(active.getAttribute("data-hand")) is None:
            return
        cards = list(document.querySelectorAll("#hand button[data-card]"))
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
        if self.reference_busy or not isinstance(session, DuplicateSession) or self.extras.reference_error:
            return
        work = session.tournament.request(session)
        if work is None:
            return
        self.reference_busy = True
        asyncio.ensure_future(self._reference_step(session, *work))

    async def _reference_step(self, session, kind: str, request: dict) -> None:
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

    def _extra_click(self, el, action: str) -> None:
        s, extras = self.session, self.extras
        deal = js(el.getAttribute("data-deal"))
        panel = extras.review
        if action in ("review-deal", "review-reference") and deal is not None:
            open_review(s, extras, int(str(deal)), reference=action == "review-reference")
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
            self.generation += 1
            self.timer = False
            self.session = practice
        elif action == "end-replay" and extras.saved is not None:
            self.generation += 1
            self.timer = False
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
        lang = self.session.lang
        try:
            records = import_records(text)
        except ImportProblem as e:
            where = w("import_where_all", lang) if e.line is None else w("import_where_line", lang, n=e.line)
            self.extras.import_message = w("import_bad", lang, where=where, reason=e.reason)
            return
        panel = ReviewPanel.open(records[0], "import", None, None, 0)
        panel.imported = records
        self.extras.import_open = False
        self.extras.import_message = ""
        self.extras.review = panel

    def on_change(self, event) -> None:
        target = js(event.target)
        if target is None or str(target.id) != "import-file" or not target.files.length:
            return
        asyncio.ensure_future(self._read_file(target.files.item(0)))

    async def _read_file(self, file) -> None:
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


PAGE = boot()
