"""The text mode, for a screen reader: whole deals at 3, 4 and 5 players played by reading only
the live region (``[data-testid=announce]``) and the deal's log (``role=log``), and acting only
through the command box (``[data-testid=command]``); the review and a puzzle the same way."""
from __future__ import annotations

import re

import pytest

from table_driver import first_number, open_table
from test_accessibility import violations

ANNOUNCE = "[data-testid=announce]"
LAST = "[data-testid=announce] p:last-child"  # the newest announcement: the region keeps the last few
LOG = "[role=log] li"
# What a prompt asks, in each language: a pattern of the announcement, and what to type.
ASKED = {
    "fr": {
        "bid": r"À vous d'enchérir : (?P<choices>[^.]+)\.",
        "call": r"À vous d'appeler une carte : (?P<choices>[^.]+)\.",
        "ecart": r"Votre écart : encore \d+ sur \d+ à choisir, parmi (?P<choices>[^.]+)\.",
        "ecart_full": r"Votre écart est choisi",
        "chelem": r"Annoncez-vous le chelem \?",
        "poignee": r"Vous pouvez montrer une poignée",
        "forced": r"une seule carte possible, (?P<card>[^.]+)\. Entrée",
        "lead": r"À vous d'entamer : (?P<choices>[^.]+)\.",
        "follow": r"À vous de jouer sur [^:]+ : (?P<choices>[^.]+)\.",
        "over": r"Tapez « suivante »",
    },
    "en": {
        "bid": r"Your bid: (?P<choices>[^.]+)\.",
        "call": r"Call a card: (?P<choices>[^.]+)\.",
        "ecart": r"Your écart: \d+ of \d+ still to choose, among (?P<choices>[^.]+)\.",
        "ecart_full": r"Your écart is chosen",
        "chelem": r"Do you announce a chelem\?",
        "poignee": r"You may show a poignée",
        "forced": r"only one card may be played, (?P<card>[^.]+)\. Press Enter",
        "lead": r"Your lead: (?P<choices>[^.]+)\.",
        "follow": r"Your turn, on [^:]+: (?P<choices>[^.]+)\.",
        "over": r"Type “next”",
    },
}
WORDS = {"fr": {"no": "non", "confirm": "valider", "hand": "main", "any": "toute votre main", "hand_reply": "Votre main :"},
         "en": {"no": "no", "confirm": "confirm", "hand": "hand", "any": "any card of your hand", "hand_reply": "Your hand:"}}


# Every new announcement of the live region (a new paragraph in it), counted from now on.
COUNT_ANNOUNCEMENTS = ("() => { window.__announcements = 0; new MutationObserver(ms => { for (const m of ms)"
                       " window.__announcements += [...m.addedNodes].filter(n => n.nodeName === 'P').length; })"
                       ".observe(document.querySelector('[data-testid=announce]'), {childList: true}); }")


def said(page) -> str:
    """The newest announcement of the live region."""
    last = page.query_selector(LAST)
    return " ".join((last.text_content() if last else "").replace("\u00a0", " ").split())


def type_command(page, text: str) -> int:
    """Type a command and Enter in the command box; the key presses it took."""
    box = page.locator("[data-testid=command]")
    box.focus()
    before = page.get_attribute(LAST, "data-n") if page.query_selector(LAST) else None
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    page.wait_for_function("b => { const p = document.querySelector('[data-testid=announce] p:last-child');"
                           " return !!p && p.dataset.n !== b; }", arg=before)
    return len(text) + 1


def wait_asked(page, lang: str) -> None:
    pattern = re.sub(r"\(\?P<\w+>", "(", "|".join(ASKED[lang].values()))  # as JavaScript writes a group
    page.wait_for_function("p => { const a = document.querySelector('[data-testid=announce] p:last-child');"
                           " return !!a && new RegExp(p).test(a.textContent.replace(/\\u00a0/g, ' ')); }",
                           arg=pattern, timeout=120_000)


def first_of_hand(page, lang: str) -> tuple[str, int]:
    """Ask for the hand (its answer in the live region) and name its first card."""
    presses = type_command(page, WORDS[lang]["hand"])
    text = said(page)
    assert text.startswith(WORDS[lang]["hand_reply"]), text
    groups = text[len(WORDS[lang]["hand_reply"]):].strip().rstrip(".").split(";")
    first = groups[0].split(":", 1)[-1].split(",")[0].strip()
    return first, presses


def answer(page, lang: str, take: bool) -> tuple[str | None, int]:
    """What the announcement asks, answered by typing its first choice (the second bid, a prise, when
    ``take``): the command, and its key presses (None at the deal's end)."""
    text = said(page)
    asked = ASKED[lang]
    words = WORDS[lang]
    if re.search(asked["over"], text):
        return None, 0
    if re.search(asked["poignee"], text):
        return words["no"], type_command(page, words["no"])
    for kind in ("bid", "call", "ecart", "lead", "follow"):
        found = re.search(asked[kind], text)
        if found:
            choices = [c.strip() for c in found["choices"].split(",")]
            if choices == [words["any"]]:
                card, presses = first_of_hand(page, lang)
                return card, presses + type_command(page, card)
            choice = choices[1] if kind == "bid" and take and len(choices) > 1 else choices[0]
            return choice, type_command(page, choice)
    if re.search(asked["ecart_full"], text):
        return words["confirm"], type_command(page, words["confirm"])
    if re.search(asked["chelem"], text):
        return words["no"], type_command(page, words["no"])
    if re.search(asked["forced"], text):
        return "", type_command(page, "")
    raise AssertionError(f"not understood: {text}")


def arrow_answer(page, lang: str) -> tuple[str | None, int]:
    """The quick way: Enter alone for the only card that may be played, else the down arrow (the
    first choice, said in the live region) and Enter."""
    text = said(page)
    if re.search(ASKED[lang]["over"], text):
        return None, 0
    if re.search(ASKED[lang]["forced"], text):
        return "", type_command(page, "")
    box = page.locator("[data-testid=command]")
    box.focus()
    page.keyboard.press("ArrowDown")
    choice = box.input_value()
    assert choice and said(page) == choice, (choice, said(page))
    return choice, 1 + type_command(page, "")


def play_deal(page, lang: str, take: bool = False, arrows: bool = False) -> tuple[int, int, list[str]]:
    """Play the deal to its end by reading the live region; the commands and key presses it took,
    and every announcement heard at the person's turns."""
    commands = presses = 0
    heard = []
    while True:
        wait_asked(page, lang)
        heard.append(said(page))
        command, keys = arrow_answer(page, lang) if arrows else answer(page, lang, take)
        if command is None:
            return commands, presses, heard
        commands += 1
        presses += keys
        assert commands < 120, heard[-5:]


def log_lines(page) -> list[str]:
    return [" ".join(x.replace("\u00a0", " ").split()) for x in page.eval_on_selector_all(LOG, "els => els.map(e => e.textContent)")]


# (players, language, the person takes, the arrows): at 4 players the quick way, with the arrows.
PLAYED = [(4, "fr", False, True), (5, "fr", True, False), (3, "en", True, False)]


@pytest.mark.parametrize(("players", "lang", "take", "arrows"), PLAYED)
def test_a_whole_deal_played_from_the_text_alone(page, site_url, players, lang, take, arrows):
    deal = first_number(players, lambda s: s.finished and s.deal.result.score is not None)  # somebody takes
    if players == 5:  # the link's game waits in the new-game form, drawn in the text: "commencer" starts it
        open_table(page, site_url, f"?mode=texte&pause=0&lang={lang}&players=5&deal={deal}")
        assert "« commencer »" in said(page)
        type_command(page, "commencer")
    else:
        open_table(page, site_url, f"?mode=texte&pause=0&lang={lang}")
        assert page.get_attribute("#table", "data-mode") == "text"
        # The first stop of the tab order: the link between the text mode and the drawn table.
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.dataset.testid") == "mode-link"
        type_command(page, f"{'nouvelle' if lang == 'fr' else 'new'} {players} {deal}")
    if players == 4:
        wait_asked(page, lang)
        questions(page)
        page.evaluate("() => { document.querySelector('[role=log] li').kept = true; }")
    page.evaluate(COUNT_ANNOUNCEMENTS)
    commands, presses, heard = play_deal(page, lang, take, arrows)
    announcements = page.evaluate("() => window.__announcements")
    lines = log_lines(page)
    tricks = [x for x in lines if re.match(r"(Pli|Trick) \d+ ?:", x)]
    dealt = {3: 24, 4: 18, 5: 15}[players]
    over = lines[-1]
    assert len(tricks) == dealt, lines
    assert re.search(r"= -?\d+", over), over  # the count written out
    assert any(re.match(r"(Enchères|Bids) ?:", x) for x in lines)
    assert heard, "nothing was asked"
    if players == 4:  # the page is patched, not written over: the log's first entry is the same node
        assert page.evaluate("() => document.querySelector('[role=log] li').kept === true")
    if arrows:
        assert presses < 19 + dealt  # the drawn table took 19 key presses for a deal at 4 players, plus one per card
    print(f"{players} players ({lang}): {commands} commands, {presses} key presses, {announcements} announcements "
          f"({len(heard)} at the person's turns)")
    if players == 5:
        assert violations(page) == []  # the count written out and the score sheet
        review(page)


def questions(page) -> None:
    """At the first decision: the help, the hand, a suit's cards still out, the contract, a command not
    understood and said again; then what is asked, again."""
    assert violations(page) == []
    type_command(page, "?")
    assert said(page).startswith("Commandes :")
    type_command(page, "m")
    assert said(page).startswith("Votre main :")
    type_command(page, "reste coeur")
    assert said(page).startswith(("Encore dehors à cœur :", "Plus rien dehors à cœur"))
    type_command(page, "c")
    assert said(page) == "Pas encore de contrat."
    type_command(page, "xyz")
    assert said(page) == "« xyz » : je ne connais pas cette commande. Tapez ? pour l'aide."
    type_command(page, "r")
    assert said(page) == "« xyz » : je ne connais pas cette commande. Tapez ? pour l'aide."
    type_command(page, "maintenant")
    assert said(page).startswith("À vous d'enchérir :")


def review(page) -> None:
    """The finished deal's review, step by step from the command box."""
    type_command(page, "revue")
    first = said(page)
    assert first.startswith("Revue, étape "), first
    type_command(page, "suivant")
    then = said(page)
    assert then.startswith("Revue, étape ") and then != first
    type_command(page, "b")  # précédent
    assert said(page) == first
    type_command(page, "fermer")
    page.keyboard.type("graphique")  # the drawn table: nothing more is said
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('table').dataset.mode === 'drawn'")


def test_a_puzzle_from_the_text(page, site_url):
    """The text mode is kept in the browser for every page: the puzzle trainer's too."""
    open_table(page, site_url, "?mode=texte&pause=0")
    open_table(page, site_url, "?mode=puzzles&pause=0")
    assert page.get_attribute("#table", "data-mode") == "text"
    wait_asked(page, "fr")
    commands = []
    while "Réponse donnée" not in said(page) and len(commands) < 12:  # an écart takes a command a card
        commands.append(answer(page, "fr", take=False)[0])
    verdict = said(page)
    assert re.search(r"Juste|Pas la meilleure|coûte", verdict) and "Réponse donnée" in verdict, verdict
    print("puzzle:", commands, "→", verdict)
    type_command(page, "suivant")  # the next puzzle, asked in its turn
    wait_asked(page, "fr")
