"""The catalogues of words (tarot/locale/LANG.json): the same keys in every language, every key
used by the code, every key the code names present, and no word for players written anywhere else."""
from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest

import tarot.bots
import tarot.teaching.hints
import tarot.rules
import tarot.situation
import tarot.teaching.strength
from tarot.words import (ALL_LANGS, LANGS, LOCALE, PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN, catalogue, known, pseudo,
                         read, t, written)

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*ROOT.glob("tarot/**/*.py"), *ROOT.glob("web/**/*.py"), ROOT / "scripts" / "lessons.py", ROOT / "scripts" / "oembed.py"])
PAGES = [ROOT / "index.html", ROOT / "web" / "manifest.webmanifest"]  # the build writes their {{key}}


def _fields(text: str) -> set[str]:
    """The ``{fields}`` of a text (``{The_card}`` is ``{the_card}`` at the start of a sentence)."""
    return {name.lower() for _, name, _, _ in string.Formatter().parse(text) if name}


# ------------------------------------------------------------ the files
def test_each_language_offered_has_its_catalogue_and_there_is_no_other():
    assert sorted(p.name for p in LOCALE.glob("*.json")) == sorted(f"{lang}.json" for lang in LANGS)
    assert PSEUDO not in LANGS and PSEUDO in ALL_LANGS  # made from English, never offered


@pytest.mark.parametrize("lang", LANGS)
def test_a_catalogue_has_every_key_of_the_first_one_in_the_same_order(lang):
    keys, reference = list(read(lang)), list(read(LANGS[0]))
    assert sorted(set(reference) - set(keys)) == [], f"missing in {lang}.json"
    assert sorted(set(keys) - set(reference)) == [], f"in {lang}.json only"
    assert keys == reference  # line by line, so that a translator's file reads beside the French


@pytest.mark.parametrize("lang", LANGS)
def test_a_text_is_never_empty_and_names_only_the_fields_the_code_fills_in(lang):
    """A language may leave a field out (English needs no plural ``{s}`` where French does), but
    not name one the code does not fill in: the fields of the languages the code was written with."""
    for key, text in read(lang).items():
        assert text, key
        assert _fields(text) <= _fields(read("fr")[key]) | _fields(read("en")[key]), key


def test_a_catalogue_is_written_as_the_tools_write_it():
    """One key a line in the first language's order, no-break spaces written ``\\u00a0`` so that a
    translator sees them: ``python3 -m tarot.words --write`` rewrites a file so."""
    for lang in LANGS:
        text = (LOCALE / f"{lang}.json").read_text(encoding="utf-8")
        assert text == written(read(lang)), f"{lang}.json: run python3 -m tarot.words --write"


# ------------------------------------------------------ the pseudo-locale
def test_the_pseudo_locale_marks_every_english_text_and_keeps_its_fields():
    for key, text in catalogue(PSEUDO).items():
        english = catalogue("en")[key]
        assert _fields(text) == _fields(english), key
        if any(c.isalpha() for c in re.sub(r"\{[^{}]*\}", "", english)):
            assert PSEUDO_OPEN in text and PSEUDO_CLOSE in text, key
            assert not re.search(r"[aeiouy]", re.sub(r"\{[^{}]*\}", "", text)), key  # every vowel accented
        else:
            assert text == english, key  # punctuation, numbers, a field alone: nothing to mark


def test_a_sentence_of_the_pseudo_locale_is_filled_in_like_the_english_one():
    assert pseudo("Deal no. {n}") == "[!! Ðéàľ ñô. {n} !!]"
    assert t("deal", PSEUDO, n=12) == "[!! Ðéàľ ñô. 12 !!]"
    assert pseudo(" or a queen") == " [!! ôŕ à qûééñ !!]"  # the space that joins it to its sentence stays outside


def test_a_key_missing_from_a_language_falls_back_to_the_first_language_then_to_itself():
    assert t("no_such_key", "en") == "no_such_key"
    assert t("title", "de") == catalogue(LANGS[0])["title"]  # a language without a catalogue
    assert known("title") and not known("no_such_key")


# ------------------------------------------------------- keys and the code
def _strings(tree: ast.AST) -> list[ast.Constant]:
    """The string constants of a module but its docstrings and the pieces of its f-strings."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            skip.add(id(body[0].value))
        if isinstance(node, ast.JoinedStr):  # its pieces, not the expressions in its {}
            skip.update(id(part) for part in node.values if isinstance(part, ast.Constant))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in skip]


def _trees() -> dict[Path, ast.AST]:
    return {path: ast.parse(path.read_text(encoding="utf-8"), str(path)) for path in SOURCES}


def _refusal_codes(trees: dict[Path, ast.AST]) -> set[str]:
    """The code of every refusal the engine makes: ``IllegalAction("code", ...)``."""
    return {call.args[0].value for path, tree in trees.items() if path.is_relative_to(ROOT / "tarot")
            for call in ast.walk(tree) if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "IllegalAction"
            and call.args and isinstance(call.args[0], ast.Constant)}


def _invalid_codes(trees: dict[Path, ast.AST]) -> set[str]:
    """The code of every unreadable value the engine refuses: ``RecordError(..., code="code")``,
    ``Invalid(message, "code")``, and ``explain_invalid("code", ...)``."""
    codes = set()
    for path, tree in trees.items():
        if not path.is_relative_to(ROOT / "tarot"):
            continue
        for call in ast.walk(tree):
            name = getattr(call.func, "id", "") if isinstance(call, ast.Call) else ""
            if name not in ("RecordError", "Invalid", "explain_invalid"):
                continue
            assert isinstance(call, ast.Call)
            given = [k.value for k in call.keywords if k.arg == "code"]
            given += call.args[1:2] if name == "Invalid" else call.args[:1] if name == "explain_invalid" else []
            codes |= {c.value for c in given if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return codes


def _families(trees: dict[Path, ast.AST]) -> dict[str, set[str]]:
    """Keys made at run time as a prefix and a code, with the explicit list of the codes."""
    return {
        "refusal_": _refusal_codes(trees),
        "invalid_": _invalid_codes(trees),
        "reason_": set(tarot.teaching.hints.REASON_CODES),
        "strength_": set(tarot.teaching.strength.CODES),
        "situation_": set(tarot.situation.CODES),
        "level_": set(tarot.bots.LEVEL_NAMES),
        "rule_option_": set(tarot.rules.Rules.options()),
        "misere_": set(tarot.rules.MISERE_KINDS),
    }


def _named_in_pages() -> set[str]:
    names: set[str] = set()
    for path in PAGES:
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"\{\{([a-z_0-9]+)\}\}", text)) | set(re.findall(r'data-text="([a-z_0-9]+)"', text))
    return names


def test_every_key_of_the_catalogues_is_used():
    """A key is used when the code writes it out (a string literal, or ``{{key}}`` in index.html and
    the manifest) or when it is a family's prefix and one of the family's codes."""
    trees = _trees()
    literals = {n.value for tree in trees.values() for n in _strings(tree)} | _named_in_pages()
    families = _families(trees)
    unused = [key for key in catalogue(LANGS[0]) if key not in literals
              and not any(key.startswith(prefix) and key[len(prefix):] in codes for prefix, codes in families.items())]
    assert unused == []


def test_every_code_of_a_family_has_its_words():
    missing = [prefix + code for prefix, codes in _families(_trees()).items() for code in sorted(codes)
               if not known(prefix + code)]
    assert missing == []


def _first_argument(call: ast.Call) -> ast.expr | None:
    return call.args[0] if call.args else None


def test_every_key_the_code_names_is_in_the_catalogues():
    """``t("key")`` and ``known("key")`` name a key; a key made at run time starts with a family's
    prefix (``t(f"misere_{kind}")``); a table of keys is named ``..._WORDS``."""
    trees = _trees()
    families = _families(trees)
    unknown, unfound = [], []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in ("t", "known"):
                arg = _first_argument(node)
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and not known(arg.value):
                    unknown.append(f"{path.name}:{node.lineno}: {arg.value}")
                made = arg.values[0] if isinstance(arg, ast.JoinedStr) else arg.left if isinstance(arg, ast.BinOp) else None
                if isinstance(made, ast.Constant) and made.value not in families:
                    unfound.append(f"{path.name}:{node.lineno}: {made.value}...")
            if isinstance(node, ast.Assign) and any(getattr(x, "id", "").endswith("_WORDS") for x in node.targets):
                values = node.value.values if isinstance(node.value, ast.Dict) else [node.value]
                for value in values:
                    for leaf in ast.walk(value):
                        if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str) and not known(leaf.value):
                            unknown.append(f"{path.name}:{leaf.lineno}: {leaf.value}")
    assert unknown == []
    assert unfound == []  # a key made at run time the test cannot find: spell it out, or list its family


# ---------------------------------------------- no words outside the catalogues
HOLE = "\x00"  # an f-string's {expression}
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒ]+")
FRENCH_WORDS = {"le", "la", "les", "des", "du", "une", "est", "vous", "votre", "vos", "pas", "pour", "avec", "dans",
                "sur", "aux", "qui", "que", "ne", "il", "elle", "et", "ou", "à", "de", "un", "sa", "ses", "ce",
                "cette", "mais", "nous", "leur", "leurs", "sont", "être", "été", "au", "avez", "devez", "jouer", "jouez",
                "carte", "cartes", "pli", "plis", "donne", "donnes", "joueur", "joueurs", "partie", "tout", "tous",
                "toutes", "fois", "déjà", "encore", "aussi", "comme", "quand", "mon", "ma", "mes", "où", "après",
                "avant", "très", "plus", "moins", "chaque", "peut", "faut", "ici"}
FRENCH_SPACE = re.compile(r"\w\s[:;?!](?:\s|$)")  # "Pli : Basile" (English puts no space before a colon)
ENGLISH_WORDS = {"the", "a", "an", "is", "are", "of", "to", "your", "you", "and", "not", "no", "for", "with", "in",
                 "on", "it", "this", "that", "be", "has", "have", "was", "by", "from", "at", "or", "its", "can",
                 "may", "must", "will"}
ELISION = re.compile(r"(?<!\w)(?:[cdjlmnst]|qu)['’][a-zà-ÿ]", re.I)  # d'atout, l'Excuse, n'est, qu'il
LABELS = re.compile(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"')
# Modules whose English is for developers only: the command-line tools, and the count's checks the
# command line reports (``tarot score``). A refusal's message for developers is an exception's
# (``raise ...``): the page words a refusal by its code; what a module prints goes to a console.
ENGLISH_FOR_DEVELOPERS = {"tarot/__main__.py", "tarot/tools/cli.py", "tarot/tools/bench.py", "tarot/tools/tournament.py",
                          "tarot/tools/blunders.py", "tarot/tools/audit.py", "tarot/tools/analyse.py", "tarot/tools/calibrate.py",
                          "tarot/tools/options.py",
                          "tarot/tools/records.py", "tarot/tools/puzzles.py",
                          "tarot/scoring.py", "web/browser/files.py", "web/browser/bootwords.py"}
PATTERNS = {"compile", "sub", "subn", "match", "fullmatch", "search", "findall", "finditer", "split"}  # re.X(pattern)


def _words(text: str) -> list[str]:
    return WORD.findall(re.sub(r"\{[^{}]*\}", " ", text).replace(HOLE, " "))


def _prose(text: str) -> bool:
    """Words separated by spaces (not a code, a key, a name or a CSS class list alone)."""
    return bool(re.search(r"[A-Za-zÀ-ÿ]\s+\S", text.replace(HOLE, " "))) and len(_words(text)) >= 2


def french(text: str) -> bool:
    plain = text.replace(HOLE, "x")
    if _words(text) and FRENCH_SPACE.search(plain):
        return True
    return _prose(text) and (bool(ELISION.search(plain)) or len({w.lower() for w in _words(text)} & FRENCH_WORDS) >= 2)


def english(text: str) -> bool:
    said = [w.lower() for w in _words(text)]
    return _prose(text) and len(said) >= 3 and sum(w in ENGLISH_WORDS for w in said) >= 2


def shown_in_html(text: str) -> list[str]:
    """What a piece of HTML shows in words: its text and its labels (``aria-label``, ``title``...)."""
    shown = [label for label in LABELS.findall(text) if _words(label)]
    return shown + [part for part in re.sub(r"<[^<>]*>", HOLE, text).split(HOLE) if _words(part)]


def stray_words(source: str, name: str) -> list[str]:
    """The strings of a module that hold words for players: HTML that shows words, French prose,
    English prose (except in an exception raised, a regular expression, or a developers' module)."""
    tree = ast.parse(source)
    quiet: set[int] = set()  # an exception's message, a pattern
    for node in ast.walk(tree):
        printed = isinstance(node, ast.Call) and getattr(node.func, "id", "") == "print"
        pattern = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and getattr(node.func.value, "id", "") == "re" and node.func.attr in PATTERNS
        if isinstance(node, ast.Raise) or printed or pattern:
            quiet.update(id(sub) for sub in ast.walk(node))
    texts = [(n, n.value) for n in _strings(tree)]
    texts += [(n, "".join(v.value if isinstance(v, ast.Constant) else HOLE for v in n.values))
              for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)]
    found = []
    for node, text in texts:
        if id(node) in quiet and not french(text):
            continue
        if "<" in text and ">" in text:
            found += [f"{name}:{node.lineno}: shows {w!r}" for w in shown_in_html(text)]
        elif french(text):
            found.append(f"{name}:{node.lineno}: French {text!r}")
        elif name not in ENGLISH_FOR_DEVELOPERS and english(text):
            found.append(f"{name}:{node.lineno}: English {text!r}")
    return found


def test_no_module_holds_words_for_players():
    found = []
    for path in [*ROOT.glob("tarot/**/*.py"), *ROOT.glob("web/**/*.py")]:
        found += stray_words(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
    assert found == []


@pytest.mark.parametrize("line", [
    'NOTE = "Vous devez jouer atout."',
    "NOTE = \"Jouez l'Excuse\"",
    'def f(name): return f"{name} : plus de cartes"',
    'NOTE = "You must play a trump."',
    'def f(name): return f"Pli : {name}"',
    'def f(lang): return f\'<nav class="tools" aria-label="menu">{lang}</nav>\'',
    'HTML = "<p>Loading</p>"',
])
def test_the_search_finds_a_stray_sentence(line):
    assert stray_words(line, "web/example.py")


@pytest.mark.parametrize("line", [
    'raise ValueError("the deal is over: no seat is to act")',
    'KEY = "not_your_turn_now"',
    'HTML = f\'<span class="bubble pass" data-seat="{seat}">{words}</span>\'',
    'NAMES = ("Basile", "Chloé", "Damien", "Élise")',
    'print(f"tarot/locale/{lang}.json is not written as the tool writes it")',
    'PATTERN = re.compile(r\'<button[^>]*data-action="next-deal"[^>]*>.*?</button>\')',
])
def test_the_search_lets_codes_markup_names_and_errors_be(line):
    assert stray_words(line, "web/example.py") == []


def test_the_pages_before_python_hold_no_word_but_the_catalogues():
    """index.html and the manifest name their words ``{{key}}``: the build writes them in."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    html = re.sub(r"<(script|style|svg)\b.*?</\1>|<!--.*?-->", "", html, flags=re.S)
    html = re.sub(r"\{\{[a-z_0-9]+\}\}", "", html)
    assert [w for w in shown_in_html(html) if w.strip()] == []
    assert re.search(r'<meta name="description" content="\{\{[a-z_]+\}\}">', (ROOT / "index.html").read_text())
    manifest = json.loads((ROOT / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))
    for field in ("name", "short_name", "description"):
        assert re.fullmatch(r"\{\{[a-z_]+\}\}", manifest[field]), field


def test_the_module_s_examples_run():
    import doctest

    import tarot.words
    assert doctest.testmod(tarot.words).failed == 0
