"""The dialogs over the table: the new-game form, the page's settings, every trick of the
deal, the last trick, the matches kept; the review and the import (web.teaching.review, web.teaching.records)."""
from __future__ import annotations

from html import escape

from .cardface import card_html
from ..match.history import match_totals
from tarot.words import LANGS, t

from .labels import date_words, level_name, option_name, seat_name, signed
from ..duplicate.view import setup_fieldset
from .parts import button, event_text, explain, player_name, player_name_within
from ..teaching.records import import_dialog, mistakes_line
from ..teaching.review import render_review
from ..match.screen import Screen
from ..match.settings import MAX_NAME_CHARS


# ------------------------------------------------------------------ overlay
def render_setup(screen: Screen) -> str:
    """The new-game form, filled in as left (``Ui.setup_draft``), else with the game's settings,
    the choice of game first; asking first when a match in progress would be lost."""
    s, lang = screen.settings, screen.lang
    draft = screen.ui.setup_draft or {}
    message = explain(screen.ui.setup_message, screen)
    return (f'<div class="overlay" data-testid="setup"><div class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="setup-title"><form id="setup-form" novalidate>'
            f'<h2 id="setup-title">{escape(t("setup_title", lang))}</h2>'
            f'<p class="intro">{escape(t("rules_intro", lang))} '
            f'<a class="lessons-link" href="lessons/index.html">{escape(t("lessons_intro", lang))}</a></p>'
            f'<p class="message{" shown" if message else ""}" data-testid="setup-message" role="alert">{escape(message)}</p>'
            f'{setup_fieldset(screen)}{_setup_choices(screen)}'
            f'<label class="field"><span>{escape(t("deal_number", lang))}</span>'
            f'<input type="text" name="deal" inputmode="numeric" autocomplete="off" placeholder="1234" '
            f'value="{escape(draft.get("deal", ""))}">'
            f'<small>{escape(t("deal_number_help", lang))}</small></label>'
            f'<label class="field"><span>{escape(t("your_name", lang))}</span>'
            f'<input type="text" name="name" maxlength="{MAX_NAME_CHARS}" autocomplete="nickname" '
            f'placeholder="{escape(t("your_name_placeholder", lang))}" value="{escape(draft.get("name", s.name))}"></label>'
            f'{_setup_confirm(screen) if screen.ui.setup_confirm else _setup_actions(screen)}</form></div></div>')


def _setup_choices(screen: Screen) -> str:
    """The players, the bots' level, the rule options and the language."""
    s, lang = screen.settings, screen.lang
    draft = screen.ui.setup_draft or {}
    chosen_players = draft.get("players", s.players)
    chosen_level = draft.get("level", s.level)
    chosen_options = draft.get("options", s.options)
    players = "".join(
        f'<label class="choice"><input type="radio" name="players" value="{n}"{" checked" if chosen_players == n else ""}>'
        f'<span>{escape(t("players_n", lang, n=n))}</span></label>' for n in (3, 4, 5))
    levels = "".join(f'<option value="{escape(lv)}"{" selected" if chosen_level == lv else ""}>'
                     f'{escape(level_name(lv, lang))}</option>' for lv in screen.levels)
    options = "".join(
        f'<label class="check"><input type="checkbox" name="option" value="{escape(o)}"'
        f'{" checked" if chosen_options.get(o) else ""}><span>{escape(option_name(o, lang))}</span></label>'
        for o in screen.options)
    langs = "".join(
        f'<label class="choice"><input type="radio" name="lang" value="{code}"{" checked" if lang == code else ""}>'
        f'<span lang="{code}">{escape(t("language_name", code))}</span></label>' for code in LANGS)
    return (f'<fieldset><legend>{escape(t("players", lang))}</legend><div class="choices">{players}</div></fieldset>'
            f'<label class="field"><span>{escape(t("level", lang))}</span><select name="level">{levels}</select></label>'
            f'<fieldset><legend>{escape(t("options", lang))}</legend>{options}</fieldset>'
            f'<fieldset><legend>{escape(t("language", lang))}</legend><div class="choices">{langs}</div></fieldset>')


def _setup_actions(screen: Screen) -> str:
    """The kept matches, *Annuler* (unless the form must be answered) and *Commencer*."""
    lang, message = screen.lang, screen.ui.setup_message
    cancel = button(t("cancel", lang), action="cancel-setup", ident="btn-cancel-setup", cls="btn ghost") \
        if message is None or (isinstance(message, tuple) and message[0] == "bad_deal_number") else ""
    history = (button(t("history_button", lang, n=len(screen.history)), action="history", ident="btn-history-setup",
                      cls="btn ghost") if screen.history else "")
    return (f'<div class="dialog-actions">{history}{cancel}'
            f'<button type="submit" class="btn primary" id="btn-start" data-action="start">'
            f'{escape(t("start", lang))}</button></div>')


def _setup_confirm(screen: Screen) -> str:
    """Before a new game throws the match in progress away: what would be lost, and the answers."""
    lang = screen.lang
    finished = len(screen.sheet)
    if screen.view.phase == "done":  # the deal on show is over: nothing is given up
        one, many = "confirm_end_deal", "confirm_end_deals"
    else:
        one, many = "confirm_lose_deal", "confirm_lose_deals"
    what = t(many, lang, n=finished) if finished > 1 else t(one if finished == 1 else "confirm_lose_current", lang)
    return (f'<div class="confirm" data-testid="confirm-new-game" role="alert">'
            f'<p>{escape(what)}</p><div class="dialog-actions">'
            + button(t("keep_match", lang), action="keep-match", ident="btn-keep-match", cls="btn ghost",
                     extra_attrs=" data-autofocus")
            + button(t("confirm_start", lang), action="confirm-start", ident="btn-confirm-start", cls="btn primary")
            + '</div></div>')


def render_last_trick(screen: Screen) -> str:
    v, lang = screen.view, screen.lang
    n = v.rules.players
    if not v.tricks:
        body = f'<p>{escape(t("no_trick_yet", lang))}</p>'
    else:
        leader, cards, winner = v.tricks[-1]
        items = []
        for i, c in enumerate(cards):
            seat = (leader + i) % n
            won = " won" if seat == winner else ""
            items.append(f'<li class="played{won}">{card_html(c, lang, size="small")}'
                         f'<span>{escape(player_name(screen, seat))}</span></li>')
        body = (f'<ol class="last-trick">{"".join(items)}</ol>'
                f'<p>{escape(event_text(("trick_won", {"seat": winner}), screen))}</p>')
    return (f'<div class="overlay" data-testid="last-trick"><div class="dialog small" role="dialog" aria-modal="true" '
            f'aria-labelledby="last-trick-title"><h2 id="last-trick-title">{escape(t("last_trick", lang))}</h2>{body}'
            f'<div class="dialog-actions">{button(t("close", lang), action="close-last-trick", ident="btn-close-last-trick", cls="btn primary")}'
            f'</div></div></div>')


def render_history(screen: "Screen") -> str:
    """The finished matches kept in the browser: when, how many players and deals, the totals."""
    lang = screen.lang
    items = []
    for i, match in enumerate(screen.history):
        players = match.players
        name = match.settings.get("name") or ""
        names = [name if s == 0 and name else seat_name(s, lang) for s in range(players)]
        totals = match_totals(match)
        when = date_words(match.ended, lang)
        cells = "".join(f'<li><span>{escape(names[s])}</span> <b data-seat="{s}">{signed(x)}</b></li>'
                        for s, x in enumerate(totals))
        deals = len(match.results)
        items.append(f'<li class="past-match" data-match="{i}"><p><b>{escape(when)}</b> · '
                     f'{escape(t("players_n", lang, n=players))} · '
                     f'{escape(t("n_deals", lang, n=deals) if deals > 1 else t("one_deal", lang))}</p>'
                     f'<ul class="past-totals">{cells}</ul></li>')
    body = (f'<ol class="history">{"".join(items)}</ol>' if items
            else f'<p>{escape(t("no_history", lang))}</p>')
    return _closable_dialog("history", "history_title", mistakes_line(screen) + body, lang)


def _closable_dialog(name: str, title: str, body: str, lang: str) -> str:
    """A dialog ``name`` (its test id) titled by the catalogue key ``title``, showing ``body``, with
    a button that closes it."""
    return (f'<div class="overlay" data-testid="{name}"><div class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="{name}-title"><h2 id="{name}-title">{escape(t(title, lang))}</h2>{body}'
            f'<div class="dialog-actions">'
            f'{button(t("close", lang), action=f"close-{name}", ident=f"btn-close-{name}", cls="btn primary")}'
            f'</div></div></div>')


def render_tricks(screen: "Screen") -> str:
    """Every trick of the deal so far: who led it, the cards in play order, who won it; above
    them the chien, when the taker showed it."""
    v, lang = screen.view, screen.lang
    n = v.rules.players
    items = []
    for number, (leader, cards, winner) in enumerate(v.tricks, 1):
        played = []
        for i, c in enumerate(cards):
            seat = (leader + i) % n
            cls = "played" + (" won" if seat == winner else "") + (" led" if i == 0 else "")
            played.append(f'<li class="{cls}" data-seat="{seat}">{card_html(c, lang, size="tiny")}'
                          f'<span>{escape(player_name(screen, seat))}</span></li>')
        items.append(f'<li class="trick-row" data-trick="{number}" data-leader="{leader}" data-winner="{winner}">'
                     f'<p>{escape(t("trick_line", lang, n=number, leader=player_name_within(screen, leader), winner=player_name_within(screen, winner)))}</p>'
                     f'<ol class="trick-cards">{"".join(played)}</ol></li>')
    body = (f'<ol class="tricks-list">{"".join(reversed(items))}</ol>' if items
            else f'<p>{escape(t("no_trick_yet", lang))}</p>')
    if v.chien and v.phase == "play":  # public once the taker showed it (prise, garde)
        body = (f'<h3>{escape(t("chien_title", lang))}</h3>'
                f'<div class="row chien-cards" data-testid="chien-shown">'
                f'{"".join(card_html(c, lang, size="tiny") for c in v.chien)}</div>' + body)
    return _closable_dialog("tricks", "tricks_title", body, lang)


def render_settings(screen: "Screen") -> str:
    """The page's settings: saved with the match."""
    s, lang = screen.settings, screen.lang

    def radios(name: str, choices: list[tuple[str, str]], chosen: str) -> str:
        return "".join(
            f'<label class="choice"><input type="radio" name="{name}" value="{value}"{" checked" if value == chosen else ""}>'
            f'<span>{escape(label)}</span></label>' for value, label in choices)

    paces = radios("pace", [("slow", t("pace_slow", lang)), ("normal", t("pace_normal", lang)),
                            ("fast", t("pace_fast", lang))], s.pace)
    langs = "".join(  # each language named in its own words
        f'<label class="choice"><input type="radio" name="lang" value="{code}"{" checked" if code == lang else ""}>'
        f'<span lang="{code}">{escape(t("language_name", code))}</span></label>' for code in LANGS)
    upcoming = s.next_level or s.level
    levels = "".join(f'<option value="{escape(lv)}"{" selected" if upcoming == lv else ""}>'
                     f'{escape(level_name(lv, lang))}</option>' for lv in screen.levels)
    checks = "".join(
        f'<label class="check"><input type="checkbox" name="{name}"{" checked" if on else ""}>'
        f'<span>{escape(t(key, lang))}</span></label>'
        for name, key, on in (("animations", "setting_animations", s.animations),
                              ("live_count", "setting_live_count", s.live_count),
                              ("text_mode", "text_mode_setting", screen.text_mode)))
    return (f'<div class="overlay" data-testid="settings"><div class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="settings-title"><form id="settings-form" novalidate>'
            f'<h2 id="settings-title">{escape(t("settings", lang))}</h2>'
            f'<fieldset><legend>{escape(t("setting_pace", lang))}</legend><div class="choices">{paces}</div></fieldset>'
            f'<fieldset><legend>{escape(t("setting_display", lang))}</legend>{checks}</fieldset>'
            f'<fieldset><legend>{escape(t("language", lang))}</legend><div class="choices">{langs}</div></fieldset>'
            f'<label class="field"><span>{escape(t("setting_next_level", lang))}</span>'
            f'<select name="next_level">{levels}</select></label>'
            f'<div class="dialog-actions">'
            + button(t("cancel", lang), action="close-settings", ident="btn-close-settings", cls="btn ghost")
            + f'<button type="submit" class="btn primary" id="btn-save-settings" data-action="save-settings">'
            f'{escape(t("save", lang))}</button></div></form></div></div>')


def render_overlay(screen: Screen) -> str:
    """The dialog on show, at most one: the first open of the new-game form, the review, the
    import, the settings, every trick, the kept matches, the last trick."""
    ui = screen.ui
    for shown, draw in ((ui.setup_open, render_setup), (screen.review is not None, _review),
                        (screen.importing is not None, import_dialog), (ui.settings_open, render_settings),
                        (ui.tricks_open, render_tricks), (ui.history_open, render_history),
                        (ui.last_trick_open, render_last_trick)):
        if shown:
            return draw(screen)
    return ""


def _review(screen: Screen) -> str:
    return "" if screen.review is None else render_review(screen.review, screen.lang)
