"""The settings of a match (players, bots' level, rule options, language, first deal,
name) and of the page (pace, moving cards, live count), as the new-game form and the
settings dialog set them and a save keeps them."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from tarot.bots import LEVEL_NAMES
from tarot.inputs import whole_number
from tarot.rules import Rules
from tarot.words import ALL_LANGS

MAX_DEAL_NUMBER = 10**12
MAX_NAME_CHARS = 32
DEFAULT_LEVEL = "standard" if "standard" in LEVEL_NAMES else next(iter(LEVEL_NAMES))
PACES = {"slow": 1400, "normal": 700, "fast": 250}  # the bots' pause before each decision, in ms


@dataclass
class Settings:
    players: int = 4
    level: str = DEFAULT_LEVEL
    options: dict[str, bool] = field(default_factory=dict[str, Any])  # rule options switched on
    lang: str = "fr"
    first_deal: int = 0
    name: str = ""  # the person's name at the table ("" shows "Vous")
    pace: str = "normal"  # the bots' pace: a key of PACES
    animations: bool = True  # cards move (and the page follows prefers-reduced-motion)
    live_count: bool = True  # the live count of tricks, points, bouts and trumps is shown
    next_level: str = ""  # the bots' level from the next deal on ("": unchanged)

    def rules(self) -> Rules:
        """The rules of the game; an option the player count does not allow stays off."""
        allowed = Rules.options_for(self.players)
        return Rules(players=self.players, **{k: v for k, v in self.options.items() if k in allowed})

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "level": self.level, "options": dict(self.options),
                "lang": self.lang, "first_deal": self.first_deal, "name": self.name,
                "pace": self.pace, "animations": self.animations, "live_count": self.live_count,
                "next_level": self.next_level}

    @classmethod
    def from_json(cls, data: object) -> "Settings":
        """The settings a save holds; ``ValueError`` says what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("settings must be an object")
        settings = cls(*_game_settings(data), *_page_settings(data))
        settings.rules()  # checks the player count
        return settings


def _game_settings(data: dict[str, Any]) -> tuple[int, str, dict[str, bool], str, int, str]:
    """The game's: players, level, rule options, language, first deal, name."""
    players = data.get("players")
    level = data.get("level")
    options = data.get("options", {})
    lang = data.get("lang", "fr")
    first = data.get("first_deal")
    name = data.get("name", "")
    if level not in LEVEL_NAMES:
        raise ValueError(f"unknown bot level {level!r}")
    if not isinstance(options, dict) or any(k not in Rules.options() or type(v) is not bool
                                            for k, v in options.items()):
        raise ValueError("bad rule options")
    if lang not in ALL_LANGS:
        raise ValueError("bad language")
    if type(first) is not int or not 0 <= first < MAX_DEAL_NUMBER:
        raise ValueError("bad deal number")
    if not isinstance(name, str) or clean_name(name) != name:
        raise ValueError("bad player name")
    if type(players) is not int:
        raise ValueError("bad players or deal number")
    return players, str(level), {k: v for k, v in options.items() if v}, lang, first, name


def _page_settings(data: dict[str, Any]) -> tuple[str, bool, bool, str]:
    """The page's own: pace, moving cards, live count, the next deal's bot level."""
    pace = data.get("pace", "normal")
    animations = data.get("animations", True)
    live = data.get("live_count", True)
    next_level = data.get("next_level", "")
    if pace not in PACES or type(animations) is not bool or type(live) is not bool:
        raise ValueError("bad page settings")
    if next_level not in LEVEL_NAMES and next_level != "":
        raise ValueError(f"unknown bot level {next_level!r}")
    return pace, animations, live, next_level


def clean_name(text: str) -> str:
    """A typed name as the table shows it: no control characters, spaces collapsed,
    at most MAX_NAME_CHARS characters.  It is always shown as text, never as markup."""
    printable = "".join(c if unicodedata.category(c)[0] != "C" else " " for c in text)
    return " ".join(printable.split())[:MAX_NAME_CHARS].strip()


def parse_deal_number(text: str) -> int | None:
    """The deal number typed in the setup form; ``None`` when left empty; ``ValueError`` if bad."""
    text = text.strip().replace(" ", "")
    if not text:
        return None
    number = whole_number(text, 0, MAX_DEAL_NUMBER - 1)
    if number is None:
        raise ValueError("not a deal number")
    return number
