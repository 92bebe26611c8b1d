"""Each bot level's class (the names, weakest first: :data:`tarot.bots.LEVEL_NAMES`)."""
from __future__ import annotations

from typing import Callable

from ..bot import Bot
from .chance import RandomBot
from .debutant import DebutantBot
from .expert import ExpertBot
from .standard import StandardBot

LEVELS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "debutant": DebutantBot,
    "standard": StandardBot,
    "expert": ExpertBot,
}
