"""Every word a player reads, from one catalogue per language, and :func:`t`, the one way to ask for them.

The catalogues are ``tarot/locale/LANG.json``: one JSON object per language, the same keys
in each, a key's text with ``{fields}`` that the caller fills in::

    >>> t("deal", "en", n=12)
    'Deal no. 12'
    >>> t("dealer", "fr", name="Élise") == "donneur\\u00a0: Élise"
    True

French typography is applied to French text (:func:`french_spaces`; "de" elides before a
name that starts with a vowel, :func:`fill`).  The pseudo-locale :data:`PSEUDO` (``xx``) is
the English catalogue with every text marked and accented, ``[!! Ðéàľ !!]``, its
``{fields}`` kept: a page shown in it shows any word that does not come from a catalogue
as plain text (``?lang=xx``; the browser tests look for it).

Keys made at run time from a code (``"reason_" + code``) are listed where the codes are
(see docs/development.md, "Words"); ``tests/test_words.py`` checks that every key is in
every catalogue and that every key is used.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

LOCALE = Path(__file__).resolve().parent / "locale"
LANGS = ("fr", "en")  # the languages a player is offered, in this order; the first is the default
PSEUDO = "xx"  # the pseudo-locale: chosen by URL only, never offered
PSEUDO_SOURCE = "en"
ALL_LANGS = LANGS + (PSEUDO,)  # what the URL and a saved game may ask for

_catalogues: dict[str, dict[str, str]] = {}


def read(lang: str) -> dict[str, str]:
    """The catalogue file of ``lang``, as written (``ValueError`` if it is not a JSON object of texts)."""
    with open(LOCALE / f"{lang}.json", encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise ValueError(f"tarot/locale/{lang}.json must be one JSON object of texts")
    return data


def catalogue(lang: str) -> dict[str, str]:
    """Every key and its text in ``lang`` (an unknown language gets the default one's)."""
    if lang not in ALL_LANGS:
        lang = LANGS[0]
    words = _catalogues.get(lang)
    if words is None:
        if lang == PSEUDO:
            words = {key: pseudo(text) for key, text in catalogue(PSEUDO_SOURCE).items()}
        else:
            words = read(lang)
        _catalogues[lang] = words
    return words


_plain: dict[tuple[str, str], str] = {}  # (key, lang) -> its text, for a text without fields to fill in


def t(key: str, lang: str = LANGS[0], **params: object) -> str:
    """The text ``key`` in ``lang`` with its ``{params}`` filled in (:func:`fill`); a key missing
    from the language is taken from the default language, an unknown key is returned as it is."""
    if not params:
        said = _plain.get((key, lang))
        if said is not None:
            return said
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue(LANGS[0]).get(key, key)
    said = fill(text, lang, params)
    if not params:
        _plain[(key, lang)] = said
    return said


def known(key: str) -> bool:
    """Whether ``key`` is in the catalogues."""
    return key in catalogue(LANGS[0])


_VOWELS = tuple("AEIOUYÀÂÉÈÊËÎÏÔÙÛaeiouyàâéèêëîïôùû")


def fill(text: str, lang: str, params: dict[str, object]) -> str:
    """``text`` with its ``{params}`` filled in; in French "de" elides before a name
    that starts with a vowel ("au tour d'Élise", "la garde d'Anna") and the space
    before ``? ! : ;`` does not break (:func:`french_spaces`)."""
    if lang != "fr":
        return text.format(**params) if params else text
    for name, value in params.items():
        if isinstance(value, str) and value.startswith(_VOWELS) and "de {" + name + "}" in text:
            text = text.replace("de {" + name + "}", "d'{" + name + "}")
    return french_spaces(text.format(**params) if params else text)


_BEFORE_PUNCTUATION = re.compile(r" ([?!:;»])|(«) ")


def french_spaces(text: str) -> str:
    """French typography: the space before ``? ! : ; »`` and after ``«`` is a no-break
    space, so that a line never starts with the sign ("tous les plis ?").

    >>> french_spaces("Annoncer un chelem (tous les plis) ?") == "Annoncer un chelem (tous les plis)\\u00a0?"
    True
    """
    return _BEFORE_PUNCTUATION.sub(lambda m: f"\u00a0{m[1]}" if m[1] else f"{m[2]}\u00a0", text)


def capitalized(text: str) -> str:
    """``text`` with its first letter in upper case, as a sentence or a label starts.

    >>> capitalized("écart")
    'Écart'
    """
    return text[:1].upper() + text[1:]


_FIELD = re.compile(r"(\{[^{}]*\})")
_ACCENTED = str.maketrans("acdeilnorsuyzACDEILNORSUYZ", "àçðéîľñôŕšûýžÀÇÐÉÎĽÑÔŔŠÛÝŽ")
PSEUDO_OPEN, PSEUDO_CLOSE = "[!! ", " !!]"


def pseudo(text: str) -> str:
    """``text`` in the pseudo-locale: accented and marked, its ``{fields}`` and the spaces around it kept;
    a text without a letter (punctuation, a number, a field alone) stays as it is.

    >>> pseudo("Deal no. {n}"), pseudo(": "), pseudo("{name}")
    ('[!! Ðéàľ ñô. {n} !!]', ': ', '{name}')
    """
    body = text.strip()
    if not any(part.isalpha() for part in _FIELD.sub("", body)):
        return text
    marked = "".join(part if part.startswith("{") else part.translate(_ACCENTED) for part in _FIELD.split(body))
    start = text.index(body)
    return f"{text[:start]}{PSEUDO_OPEN}{marked}{PSEUDO_CLOSE}{text[start + len(body):]}"


def written(words: dict[str, str]) -> str:
    """A catalogue file's text: one key a line, in the first language's order (keys it lacks last),
    no-break spaces written ``\\u00a0`` and ``\\u202f`` so that a translator sees them."""
    order = list(read(LANGS[0]))
    keys = [k for k in order if k in words] + [k for k in words if k not in order]
    text = json.dumps({k: words[k] for k in keys}, ensure_ascii=False, indent=1)
    return text.replace("\u00a0", "\\u00a0").replace("\u202f", "\\u202f") + "\n"


def main(argv: list[str]) -> int:
    """``python3 -m tarot.words --write`` rewrites every catalogue as :func:`written` writes it;
    ``--check`` says which one is not (exit status 1)."""
    stale = [lang for lang in LANGS if (LOCALE / f"{lang}.json").read_text(encoding="utf-8") != written(read(lang))]
    if "--write" in argv:
        for lang in stale:
            (LOCALE / f"{lang}.json").write_text(written(read(lang)), encoding="utf-8")
        return 0
    for lang in stale:
        print(f"tarot/locale/{lang}.json is not written as python3 -m tarot.words --write writes it")
    return 1 if stale else 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
