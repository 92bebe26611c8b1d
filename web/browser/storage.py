"""The browser's ``localStorage`` as the page uses it: a value read, written or removed,
never an exception (storage disabled, full, or a value of another kind).  The storage
and the console are passed in, so this runs under CPython with stand-ins too."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


def js(value: Any) -> Any:
    """``None`` for JavaScript's null and undefined, else the value."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


class Store:
    """``localStorage`` (``getItem``, ``setItem``, ``removeItem``), each failure said in the
    console by ``warn``."""

    def __init__(self, storage: Any, warn: Callable[[str], None]) -> None:
        self.storage = storage
        self.warn = warn

    def get(self, key: str) -> str | None:
        """The text kept under ``key``; ``None`` when there is none or it cannot be read."""
        try:
            value = js(self.storage.getItem(key))
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, text: str, what: str = "") -> bool:
        """Keep ``text`` under ``key``; ``False`` when the browser refused (said in the console
        when ``what`` names what was lost)."""
        try:
            self.storage.setItem(key, text)
        except Exception as e:
            if what:
                self.warn(f"{what} not saved: {e}")
            return False
        return True

    def remove(self, key: str) -> None:
        try:
            self.storage.removeItem(key)
        except Exception:
            pass

