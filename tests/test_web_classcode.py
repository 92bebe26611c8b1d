"""The dataclasses' generated methods, compiled ahead (web/browser/classcode.py): a source the
table knows runs its code object; any other is compiled as dataclasses always does."""
import dataclasses
import importlib.util
import re

import pytest

from web.browser import classcode


@pytest.fixture(autouse=True)
def dataclasses_as_they_were(monkeypatch):
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)  # undone after each test
    yield


def test_the_build_records_each_source_the_dataclasses_compile():
    sources = classcode.record()

    @dataclasses.dataclass(frozen=True)
    class Pli:
        leader: int
        cards: tuple[str, ...] = ()

    assert Pli(1).leader == 1
    assert any(re.search(r"def __init__\(self, ?leader", source) for source in sources)  # one or more (Python 3.11: one a method)


def test_a_known_source_runs_the_table_s_code():
    sources = classcode.record()

    @dataclasses.dataclass
    class Chien:
        cards: int

    init = next(source for source in sources if "def __init__" in source)
    marked = init.replace("self.cards=cards", "self.cards=cards + 1")  # the table's code, told apart
    assert marked != init
    classcode.use({init: classcode.compiled(marked)})

    @dataclasses.dataclass
    class Chien:  # noqa: F811  (the same class again: the same source)
        cards: int

    assert Chien(6).cards == 7


def test_an_unknown_source_is_compiled_as_always():
    classcode.use({"def __create_fn__(): pass": classcode.compiled("raise SystemExit")})

    @dataclasses.dataclass(order=True)
    class Ecart:
        points: float

    assert Ecart(4.5) < Ecart(9.0) and Ecart(4.5) == Ecart(4.5)


def test_a_table_round_trips_through_its_file(tmp_path):
    sources = classcode.record()

    @dataclasses.dataclass
    class Poignee:
        trumps: int

    path = tmp_path / "table.bin"
    path.write_bytes(classcode.dump(sources))
    assert classcode.use_file(str(path)) == len(set(sources)) > 0
    assert Poignee(10).trumps == 10


def test_a_table_of_another_python_or_damaged_is_not_used(tmp_path):
    table = classcode.dump(["x = 1"])
    other = b"\x00\x00\r\n" + table[len(importlib.util.MAGIC_NUMBER):]
    assert classcode.load(table) and classcode.load(other) == {}
    assert classcode.load(importlib.util.MAGIC_NUMBER + b"\xff junk") == {}
    assert classcode.load(importlib.util.MAGIC_NUMBER + __import__("marshal").dumps([1, 2])) == {}
    assert classcode.use_file(str(tmp_path / "missing.bin")) == 0
    assert dataclasses.exec is exec  # nothing was changed
