"""What ``web/boot.js`` shares with Python: the URL's yes/no words and languages, the save key.

``boot.js`` runs before Python starts, so it cannot ask :mod:`web.browser.params` or
:mod:`web.match.session`; it holds a copy of their words between two marker lines,
written from them (the Python side is the one definition).  The words it shows a
player are not here: the build writes them into index.html from the catalogues
(``scripts/delivery.py``, :func:`boot_words`).

    python3 -m web.browser.bootwords                  # print the block
    python3 -m web.browser.bootwords --write          # rewrite it in web/boot.js
    python3 -m web.browser.bootwords --check          # exit 1 if web/boot.js is out of date
    python3 -m web.browser.bootwords --write _site/web/boot.js   # the build refreshes its copy
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from tarot.words import LANGS as OFFERED, catalogue
from web.browser.params import LANGS, NO, YES
from web.match.session import SAVE_KEY

ROOT = Path(__file__).resolve().parents[2]
BEGIN = "// Shared with Python (web/browser/params.py, web/match/session.py): written by `python3 -m web.browser.bootwords --write`."
END = "// End of the words shared with Python."


def block() -> str:
    """The lines of ``boot.js`` from :data:`BEGIN` to :data:`END`, both included."""
    return "\n".join([
        BEGIN,
        f"const URL_YES = {json.dumps(list(YES))};",
        f"const URL_NO = {json.dumps(list(NO))};",
        f"const URL_LANGS = {json.dumps(list(LANGS))};",
        f"const DEFAULT_LANG = {json.dumps(OFFERED[0])};",
        f"const SAVE_KEY = {json.dumps(SAVE_KEY)};",
        END,
    ]) + "\n"


# The words boot.js shows (the loading stages, the new version's banner): data-text keys of index.html.
BOOT_KEYS = ("loading", "boot_download", "boot_start", "boot_game", "update_available", "update_reload")


def boot_words() -> dict[str, dict[str, str]]:
    """The words boot.js shows, in every language the URL may ask for (index.html's data block)."""
    return {lang: {key: catalogue(lang)[key] for key in BOOT_KEYS} for lang in LANGS}


def with_block(text: str) -> str:
    """``text`` (a ``boot.js``) with its shared block written afresh."""
    start = text.find(BEGIN)
    end = text.find(END, start)
    if start < 0 or end < 0:
        raise ValueError("boot.js has no block of words shared with Python (its marker lines are missing)")
    end = text.index("\n", end) + 1
    return text[:start] + block() + text[end:]


def main(argv: list[str]) -> int:
    paths = [a for a in argv if not a.startswith("--")]
    path = Path(paths[0]) if paths else ROOT / "web" / "boot.js"
    text = path.read_text(encoding="utf-8")
    wanted = with_block(text)
    if "--write" in argv:
        if wanted != text:
            path.write_text(wanted, encoding="utf-8")
        return 0
    if "--check" in argv:
        if wanted != text:
            print(f"{path}: the words shared with Python are out of date: run python3 -m web.browser.bootwords --write",
                  file=sys.stderr)
            return 1
        return 0
    print(block(), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
