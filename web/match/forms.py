"""The page's forms as filled in: the new-game form and the settings dialog, read from their
elements (passed in: no DOM is imported here) into :class:`web.match.page.SetupChoice` and
:class:`web.match.page.SettingsChoice`."""
from __future__ import annotations

from typing import Any

from tarot.words import ALL_LANGS

from .page import SettingsChoice, SetupChoice
from .settings import PACES, clean_name
from ..browser.storage import js


def setup_choice(form: Any, lang: str) -> SetupChoice:
    """The new-game form; ``lang``: the game's, kept where the form offers no language checked
    (the pseudo-locale, from the URL)."""
    checked = js(form.querySelector("input[name=players]:checked"))
    lang_box = js(form.querySelector("input[name=lang]:checked"))
    name_box = js(form.querySelector("input[name=name]"))
    mode = js(form.querySelector("input[name=mode]:checked"))
    size_box = js(form.querySelector("select[name=duplicate]"))
    tournament = mode is not None and str(mode.value) == "duplicate" and size_box is not None
    return SetupChoice(
        players=int(checked.value) if checked is not None else 4,
        level=str(form.querySelector("select[name=level]").value),
        options={str(box.value): True for box in form.querySelectorAll("input[name=option]:checked")},
        lang=str(lang_box.value) if lang_box is not None else lang,
        deal=str(form.querySelector("input[name=deal]").value),
        name=clean_name(str(name_box.value)) if name_box is not None else "",
        duplicate=int(str(size_box.value)) if tournament else 0)


def settings_choice(form: Any) -> SettingsChoice:
    """The settings dialog: pace, moving cards, live count, language, the next deal's bot level."""
    pace = js(form.querySelector("input[name=pace]:checked"))
    lang = js(form.querySelector("input[name=lang]:checked"))
    return SettingsChoice(
        pace=str(pace.value) if pace is not None and str(pace.value) in PACES else None,
        animations=bool(form.querySelector("input[name=animations]").checked),
        live_count=bool(form.querySelector("input[name=live_count]").checked),
        text_mode=bool(form.querySelector("input[name=text_mode]").checked),
        lang=str(lang.value) if lang is not None and str(lang.value) in ALL_LANGS else None,
        next_level=str(form.querySelector("select[name=next_level]").value))
