"""The page's Python files: what pyscript.toml lists is what the page imports, nothing more."""
from web.files import ROOT, files_section, needed_files


def test_the_benchmarks_stay_out_of_the_page():
    files = needed_files()
    assert "tarot/bots/expert.py" in files  # the bots are in...
    assert "tarot/bots/speed.py" not in files  # ...their timing code is not
    assert "tarot/bench.py" not in files


def test_pyscript_toml_lists_the_page_files():
    text = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    assert files_section() in text
