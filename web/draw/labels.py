"""The page's ways to put words together: seat names, levels, options, numbers, counts.

The words themselves are in the catalogues (:func:`tarot.words.t`).
"""
from __future__ import annotations

from datetime import datetime

from tarot.words import LANGS, known, t

# The bots' names: names, not words (the same in every language); seat 0 is the person ("seat_you").
BOT_NAMES = ("Basile", "Chloé", "Damien", "Élise")


def colon(lang: str) -> str:
    """Between a label and its value: ": " (in French with a no-break space before it)."""
    return t("colon", lang)


def date_words(iso: str, lang: str) -> str:
    """An ISO date as kept (``2026-11-28T18:24:05+01:00``), at its own clock: "28 nov. 2026,
    18 h 24", "Nov 28, 2026, 6:24 PM"; a text that is no such date is shown as it is."""
    try:
        when = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso[:16]
    month = t("months_short", lang).split()[when.month - 1]
    return t("date_time_am" if when.hour < 12 else "date_time_pm", lang, day=when.day, month=month,
             year=when.year, hour=when.hour, hour12=(when.hour + 11) % 12 + 1, minute=f"{when.minute:02d}")


def other_lang(lang: str) -> str:
    """The language the top bar's button switches to: the next one offered (from one not
    offered, the first)."""
    if lang not in LANGS:
        return LANGS[0]
    return LANGS[(LANGS.index(lang) + 1) % len(LANGS)]


def seat_name(seat: int, lang: str = "fr") -> str:
    if seat == 0:
        return t("seat_you", lang)
    return BOT_NAMES[seat - 1] if 0 < seat <= len(BOT_NAMES) else str(seat)


def level_name(level: str, lang: str = "fr") -> str:
    key = f"level_{level}"  # the levels: tarot.bots.LEVEL_NAMES
    return t(key, lang) if known(key) else level


def option_name(option: str, lang: str = "fr") -> str:
    key = f"rule_option_{option}"  # the options: tarot.rules.Rules.options()
    return t(key, lang) if known(key) else option.replace("_", " ")


def points_text(points: float, lang: str = "fr") -> str:
    """91 → "91", 47.5 → "47,5" in French."""
    if float(points).is_integer():
        return str(int(points))
    return f"{points:.1f}".replace(".", t("decimal_mark", lang))


def singular(n: int, lang: str) -> bool:
    """Whether a count takes the singular: French puts 0 and 1 there ("0 pli"), English only 1."""
    return n == 1 or (n == 0 and lang == "fr")


def plural_s(n: int, lang: str) -> str:
    """The "s" a count's noun takes ("" where :func:`singular`)."""
    return "" if singular(n, lang) else "s"


def signed(value: int) -> str:
    """+20, −10 (a real minus sign), 0."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"
