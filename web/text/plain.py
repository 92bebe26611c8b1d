"""The drawn regions read as the text mode reads them: their words as one line of text
(:func:`plain_text`), and their buttons, which a command names by label (:func:`buttons`)."""
from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

SKIPPED = frozenset(("script", "style", "svg", "template"))
BLOCKS = frozenset(("p", "li", "h1", "h2", "h3", "h4", "tr", "td", "th", "div", "br", "button", "section", "dt", "dd",
                    "figcaption", "caption", "label", "span", "b"))
VOID = frozenset(("area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"))


@dataclass(frozen=True)
class Button:
    """A button of a drawn region: its label and the attributes a click reads."""

    label: str
    attributes: tuple[tuple[str, str], ...]

    def attribute(self, name: str) -> str | None:
        return dict(self.attributes).get(name)


class _Reader(HTMLParser):
    def __init__(self, with_buttons: bool = True) -> None:
        super().__init__(convert_charrefs=True)
        self.with_buttons = with_buttons
        self.parts: list[str] = []
        self.buttons: list[Button] = []
        self._open: list[tuple[str, bool]] = []  # the elements open, and whether each says nothing
        self._button: tuple[dict[str, str], list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        named = values.get("aria-label", "") if values.get("role") == "img" else ""
        if named:  # a card drawn by the page: its name, not its drawing
            self.parts.append(f" {named} ")
        silent = tag in SKIPPED or bool(named) or values.get("aria-hidden") == "true" or "hidden" in values
        if tag not in VOID:
            self._open.append((tag, silent))
        if tag == "button":
            self._button = (values, [])
        if tag in BLOCKS:
            self.parts.append(" ")
        if tag == "img" and values.get("alt"):
            self.parts.append(values["alt"])

    def handle_endtag(self, tag: str) -> None:
        if tag in BLOCKS:
            self.parts.append(" ")
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i][0] == tag:
                del self._open[i:]
                break
        if tag == "button" and self._button is not None:
            values, label = self._button
            said = values.get("aria-label", "") or " ".join(" ".join(label).split())
            if values.get("aria-disabled") != "true" and "disabled" not in values:
                self.buttons.append(Button(said, tuple((k, v) for k, v in values.items()
                                                       if k.startswith("data-"))))
            self._button = None

    def handle_data(self, data: str) -> None:
        if any(silent for _, silent in self._open):
            return
        if self._button is not None:
            self._button[1].append(data)
            if not self.with_buttons:
                return
        self.parts.append(data)


def _read(html: str, with_buttons: bool = True) -> _Reader:
    reader = _Reader(with_buttons)
    reader.feed(html)
    reader.close()
    return reader


def plain_text(html: str, with_buttons: bool = True) -> str:
    """The words of ``html`` as one line, as a screen reader would say them in a row (its buttons'
    labels left out unless ``with_buttons``)."""
    said = " ".join("".join(_read(html, with_buttons).parts).split())
    return said.replace(" ,", ",").replace(" .", ".")


def buttons(html: str) -> list[Button]:
    """The buttons of ``html`` that may be pressed (a disabled one left out), in order."""
    return _read(html).buttons
