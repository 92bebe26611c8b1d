"""The browser tests' own Chromium, as every test and benchmark here launches it (conftest.py)."""
from __future__ import annotations

import subprocess

import pytest
from conftest import launch_options, write_launcher


def test_the_launcher_merges_every_disabled_features_list_into_one(tmp_path):
    """Chromium keeps only the last --disable-features: Playwright's own and ours are merged."""
    script = write_launcher("/bin/echo", tmp_path / "launcher.sh")
    said = subprocess.run([str(script), "--disable-features=A", "--x=1 2", "--disable-features=B,C", "y"],
                          capture_output=True, text=True, check=True).stdout
    assert said == "--disable-features=A,B,C --x=1 2 y\n"


def test_the_launcher_passes_arguments_through_when_no_feature_is_disabled(tmp_path):
    script = write_launcher("/bin/echo", tmp_path / "launcher.sh")
    said = subprocess.run([str(script), "--headless", "about:blank"], capture_output=True, text=True, check=True).stdout
    assert said == "--headless about:blank\n"


def test_no_page_of_chromium_own_window_loads_beside_the_page_under_test(browser, page, site_url):
    """Each page opens a window, whose address bar's popup was a page of Chromium's own loading
    in a renderer of its own, beside the page under test (conftest.CHROMIUM_FEATURES_OFF)."""
    if "executable_path" not in launch_options():
        pytest.skip("Playwright's own Chromium: launched without the launcher")
    page.goto(site_url + "?pause=0")
    page.wait_for_function("() => performance.getEntriesByName('tarot:ready').length > 0")
    session = browser.new_browser_cdp_session()
    try:
        urls = [target["url"] for target in session.send("Target.getTargets")["targetInfos"]]
    finally:
        session.detach()
    assert any(url.startswith(site_url) for url in urls)
    assert not [url for url in urls if url.startswith("chrome://")]
