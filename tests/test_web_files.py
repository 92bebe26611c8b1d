"""The files the page is built from: pyscript.toml lists what the page imports, nothing
more; web/boot.js holds the same URL words and save key as the Python side; the Python
snapshot holds the game's modules imported."""
import json
import re
import subprocess
import sys

import pytest

from web.browser.bootwords import block, with_block
from web.browser.files import ROOT, files_section, needed_files
from web.match.session import SAVE_KEY

from .test_layers import import_graph


def test_the_benchmarks_stay_out_of_the_page():
    files = needed_files()
    assert "tarot/bots/expert.py" in files  # the bots are in...
    assert "tarot/bots/speed.py" not in files  # ...their timing code is not
    assert "tarot/tools/bench.py" not in files
    for command_line_only in ("tarot/tools/cli.py", "tarot/tools/tournament.py", "tarot/tools/blunders.py"):
        assert command_line_only not in files


def test_pyscript_toml_lists_the_page_files():
    text = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    assert files_section() in text


def test_boot_js_reads_the_url_and_the_save_with_the_python_words():
    boot = (ROOT / "web" / "boot.js").read_text(encoding="utf-8")
    assert with_block(boot) == boot  # up to date: python3 -m web.browser.bootwords --write
    assert 'const URL_YES = ["", ' in boot  # a bare `?embed` means yes, as in web/browser/params.py
    assert SAVE_KEY not in boot.replace(block(), "")  # no second copy of the save key


def snapshot_imports() -> str:
    """The game's import lines the loader runs before it takes the snapshot (web/pyodide-loader.mjs)."""
    loader = (ROOT / "web" / "pyodide-loader.mjs").read_text(encoding="utf-8")
    listed = loader[loader.index("const SNAPSHOT_IMPORTS = ["):]
    listed = re.sub(r'"\s*\+\s*"', "", listed[:listed.index("].join")])  # "a" + "b" -> "ab"
    return "\n".join(line for line in re.findall(r'"([^"]+)"', listed) if re.fullmatch(r"import (web|tarot)\.[\w., ]+", line))


def imported_by(imports: str, then: str = "") -> list[str]:
    """The modules of tarot/ and web/ a fresh Python holds once it ran ``imports`` then ``then``
    (the browser's modules stand in as mocks), those of ``then`` alone when it is given."""
    code = f"""
import json, sys, unittest.mock as mock
{imports}
before = set(sys.modules) if {bool(then)} else set()
sys.modules.update({{"pyscript": mock.MagicMock(), "pyodide": mock.MagicMock(), "pyodide.ffi": mock.MagicMock()}})
{then}
print(json.dumps(sorted(n for n in set(sys.modules) - before if n.split(".")[0] in ("web", "tarot"))))
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout))


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide starts no subprocess")
def test_the_python_snapshot_holds_every_game_module_the_page_imports_as_it_starts():
    # A returning visit restores a snapshot of a Python that ran the loader's imports: a module
    # of the game that web/browser/table.py imports and the snapshot lacks is imported at every start.
    assert imported_by(snapshot_imports(), "import web.browser.table") == ["web.browser.table"]


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide starts no subprocess")
def test_the_python_snapshot_holds_the_modules_a_cold_start_leaves_for_later():
    # A cold start imports the text mode and the hands editor when first used; a returning
    # visit finds them in the snapshot all the same.
    graph = import_graph()
    reached, todo = set(), ["web.browser.table"]
    while todo:
        for module in graph[todo.pop()] - reached:
            reached.add(module)
            todo.append(module)
    assert {"web.text.commands", "web.teaching.editor"} <= reached  # imported inside functions
    assert reached - {"web.browser.table"} <= set(imported_by(snapshot_imports()))


FIRST_RENDERS = """
import importlib, json, sys, unittest.mock as mock
sys.modules.update({"pyscript": mock.MagicMock(), "pyodide": mock.MagicMock(), "pyodide.ffi": mock.MagicMock()})
from web.browser.params import parse_params
from web.browser.storage import Store
from web.browser.table import LATER
from web.draw.render import render
from web.match.page import PageState, SetupChoice

class Storage(dict):
    getItem, setItem, removeItem = dict.get, dict.__setitem__, lambda self, key: self.pop(key, None)

state = PageState(parse_params("", ""), Store(Storage(), lambda text: None))
render(state.screen())  # a new visitor: the new-game form
state.start(SetupChoice(players=5, level="standard", deal="7"), confirmed=True)
render(state.screen())  # the new deal's table
drawn = set(sys.modules)
for name in LATER:  # the tasks after the first render
    importlib.import_module(name)
later = set(sys.modules)
while state.session.deal.to_act != 0:
    state.session.bot_step()  # the bots bid up to the person's turn
print(json.dumps([sorted(drawn), sorted(later - drawn), sorted(set(sys.modules) - later)]))
"""


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide starts no subprocess")
def test_the_table_is_drawn_before_the_bots_modules_are_imported_then_they_are_before_a_bot_plays():
    out = subprocess.run([sys.executable, "-c", FIRST_RENDERS], cwd=ROOT, capture_output=True, text=True, check=True)
    drawn, later, played = (set(names) for names in json.loads(out.stdout))
    bots = {"tarot.bots.levels", "tarot.bots.standard", "tarot.bots.expert", "tarot.bots.facts"}
    assert "tarot.bots" in drawn and not bots & drawn  # the level names, not the bots
    assert "tarot.teaching.analysis" not in drawn | later  # imported by a first hint or analysis
    assert bots <= later and not {m for m in played if m.startswith("tarot.bots")}  # all there before a bot plays
