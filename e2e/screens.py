"""Screenshots of every phase of the table, for a person to look at (not a test).

    .venv/bin/python e2e/screens.py OUTDIR [WIDTHxHEIGHT ...]

Serves the built site (_site/, build it first), plays to each phase with the same
choices as the browser tests and saves OUTDIR/<size>-<players>p-<phase>.png;
also the embedded table at 900×640.  Prints, for each shot, whether the page
scrolls and whether every hand card lies inside the viewport.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import SITE_DIR, SiteServer, launch_options
from playwright.sync_api import sync_playwright
from table_driver import HUMAN_TURN, PLAYABLE, READY, act, click, first_number, phase, play_one, start_game


def TAKE(legal: list[str]) -> str:
    return "garde" if "garde" in legal else "pass"


FIT = ("() => { const w = innerWidth, h = innerHeight; const out = [...document.querySelectorAll("
       "'#hand button[data-card]')].filter(b => { const r = b.getBoundingClientRect();"
       " return r.left < 0 || r.right > w || r.top < 0 || r.bottom > h; }).length;"
       " return {scrollH: document.documentElement.scrollHeight, h, scrollW: document.documentElement.scrollWidth,"
       " w, cardsOut: out}; }")


def _play_one(page) -> str:
    """play_one, clicking a card's visible corner (on a phone the cards overlap)."""
    current = page.wait_for_function(HUMAN_TURN) and phase(page)
    if current == "play":
        if page.query_selector("[data-action=no-poignee]"):
            click(page, "[data-action=no-poignee]")
        before = page.get_attribute("#table", "data-step")
        page.click(PLAYABLE, position={"x": 6, "y": 30})
        page.wait_for_function(f"() => document.getElementById('table').dataset.step !== '{before}'")
        return current
    return play_one(page)


def _taker_at_ecart(players: int) -> int:
    return first_number(players, lambda s: s.deal.phase.value == "ecart" and s.deal.taker == 0, bid=TAKE)


def shoot(browser, url: str, out: Path, size: tuple[int, int]) -> None:
    w, h = size
    tag = f"{w}x{h}"
    for players in (3, 4, 5):
        ctx = browser.new_context(viewport={"width": w, "height": h})
        page = ctx.new_page()
        page.goto(url + "?pause=0")
        page.wait_for_function(READY)

        def snap(name: str, page=page, players=players) -> None:
            path = out / f"{tag}-{players}p-{name}.png"
            page.screenshot(path=str(path), animations="disabled")
            print(path.name, page.evaluate(FIT))

        snap("setup")
        number = _taker_at_ecart(players)
        start_game(page, players, number)
        page.wait_for_function(HUMAN_TURN)
        snap("bidding")
        while phase(page) == "bidding":
            page.wait_for_function(HUMAN_TURN)
            if phase(page) != "bidding":
                break
            act(page, "[data-bid=garde]" if page.query_selector("[data-bid=garde]") else "[data-bid=pass]")
        page.wait_for_function(HUMAN_TURN)
        if phase(page) == "calling":
            snap("calling")
            act(page, "[data-action=call]")
            page.wait_for_function(HUMAN_TURN)
        if phase(page) == "ecart":
            snap("ecart")
            ok = page.eval_on_selector_all(PLAYABLE, "els => els.map(e => e.dataset.card)")
            for c in ok[:2]:
                page.dispatch_event(f"#hand button[data-card='{c}']", "click")
            snap("ecart-chosen")
            n = {3: 6, 4: 6, 5: 3}[players]
            for c in ok[2:n]:
                page.dispatch_event(f"#hand button[data-card='{c}']", "click")
            act(page, "[data-action=confirm-ecart]")
        page.wait_for_function(HUMAN_TURN)
        if phase(page) == "chelem":
            snap("chelem")
            act(page, "[data-action=no-chelem]")
        page.wait_for_function(HUMAN_TURN)
        if page.query_selector("[data-action=no-poignee]"):
            snap("poignee")
        snap("play-first")
        for _ in range(5):
            if phase(page) == "done":
                break
            _play_one(page)
        page.wait_for_function(HUMAN_TURN)
        snap("play-mid")
        page.keyboard.press("p")
        page.wait_for_selector("[data-testid=tricks]")
        snap("tricks")
        page.keyboard.press("Escape")
        if page.query_selector("[data-action=last-trick]:not([aria-disabled='true'])"):
            page.click("[data-action=last-trick]")
            snap("last-trick")
            page.keyboard.press("Escape")
        while phase(page) != "done":
            _play_one(page)
        snap("done")
        if page.is_visible("#btn-menu"):
            page.click("#btn-menu")
        page.click("[data-action=settings]")
        snap("settings")
        page.keyboard.press("Escape")
        if page.is_visible("#btn-menu"):
            page.click("#btn-menu")
            snap("menu")
        page.click("[data-action=new-game]")
        snap("new-game")
        page.click("[data-action=start]")
        page.wait_for_selector("[data-testid=confirm-new-game]")
        snap("confirm")
        ctx.close()


def shoot_embed(browser, url: str, out: Path) -> None:
    for players in (3, 5):
        ctx = browser.new_context(viewport={"width": 900, "height": 640})
        page = ctx.new_page()
        number = first_number(players, lambda s: s.finished)
        page.goto(url + f"?embed=1&players={players}&deal={number}&pause=0")
        page.wait_for_function(READY)
        page.wait_for_function(HUMAN_TURN)
        page.screenshot(path=str(out / f"embed-{players}p-bidding.png"), animations="disabled")
        print(f"embed-{players}p-bidding", page.evaluate(FIT))
        while phase(page) != "done":
            _play_one(page)
        page.screenshot(path=str(out / f"embed-{players}p-done.png"), animations="disabled")
        print(f"embed-{players}p-done", page.evaluate(FIT))
        ctx.close()


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(x) for x in a.split("x")) for a in sys.argv[2:]] or [(1280, 800), (375, 667)]
    server = SiteServer(SITE_DIR, "127.0.0.1", 0, "/").start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_options())
            for size in sizes:
                shoot(browser, server.url, out, size)
            shoot_embed(browser, server.url, out)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
