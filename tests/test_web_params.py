"""The page's URL parameters and the person's name (web.browser.params, web.match.session): plain Python."""
from __future__ import annotations

from html import unescape

from web.draw import render
from web.browser.params import made_situation_query, parse_params, query_pairs
from web.match.session import Session, Settings
from web.match.settings import clean_name


def test_a_link_sets_players_level_language_options_and_deal():
    p = parse_params("?players=3&level=standard&lang=en&misere=1&deal=1234")
    assert (p.players, p.level, p.lang, p.options, p.deal) == (3, "standard", "en", {"misere": True}, 1234)
    assert p.refused == [] and p.sets_game
    s = p.settings(Settings(first_deal=7))
    assert (s.players, s.level, s.lang, s.options, s.first_deal) == (3, "standard", "en", {"misere": True}, 1234)


def test_language_and_pause_alone_ask_for_no_particular_game():
    p = parse_params("lang=fr&pause=0")
    assert (p.lang, p.pause, p.sets_game) == ("fr", 0, False)


def test_each_bad_value_is_ignored_and_named():
    p = parse_params("?players=7&level=genius&lang=de&deal=12a&misere=maybe&pause=-5&embed=2&foo=1")
    assert [name for name, _ in p.refused] == ["players", "level", "lang", "deal", "misere", "pause", "embed", "foo"]
    s = p.settings(Settings(first_deal=9))
    default = Settings()
    assert (s.players, s.level, s.lang, s.options, s.first_deal) == (4, default.level, "fr", {}, 9)
    assert p.embed is False


def test_a_refused_parameter_is_explained_in_the_page_language():
    p = parse_params("players=9&colour=red")
    session = Session(Settings(first_deal=1))
    session.notices = tuple(p.notices())
    fr = unescape(render.render(session.screen())["notice"])
    assert "Paramètre d'adresse ignoré\u00a0: players=9 (attendu\u00a0: 3, 4 ou 5)." in fr
    assert "Paramètre d'adresse inconnu, ignoré\u00a0: colour." in fr
    session.settings.lang = "en"
    en = unescape(render.render(session.screen())["notice"])
    assert "Address parameter ignored: players=9 (expected: 3, 4 or 5)." in en
    assert 'data-action="dismiss-notice"' in en


def test_a_refused_value_is_shown_as_text():
    p = parse_params("players=<b>5</b>")
    session = Session(Settings(first_deal=1))
    session.notices = tuple(p.notices())
    html = render.render(session.screen())["notice"]
    assert "<b>" not in html and "players=&lt;b&gt;5&lt;/b&gt;" in html


def test_yes_and_no_words_and_a_bare_embed():
    p = parse_params("embed&sheet=oui&misere=non&red_pips_reversed=true&petit_au_bout_within=off")
    assert (p.embed, p.sheet) == (True, True)
    assert p.options == {"misere": False, "red_pips_reversed": True, "petit_au_bout_within": False}
    assert p.settings(Settings(options={"misere": True})).options == {"red_pips_reversed": True}


def test_a_level_may_be_written_with_its_accent():
    assert parse_params("level=Débutant").level == "debutant"


def test_a_name_keeps_its_characters_but_no_control_characters():
    assert clean_name("  <img src=x onerror=alert(1)>  ") == "<img src=x onerror=alert(1)>"
    assert clean_name("Zoé\n\t  Martin\x00") == "Zoé Martin"
    assert len(clean_name("x" * 100)) == 32


def test_the_name_is_saved_with_the_match_and_old_saves_have_none():
    session = Session(Settings(first_deal=5, name="Zoé"))
    assert Session.from_save(session.save_text()).settings.name == "Zoé"
    old = session.to_save()
    del old["settings"]["name"]
    assert Session.from_save(old).settings.name == ""


def test_the_name_shows_at_the_table_and_on_the_score_sheet_as_text():
    name = "<img src=x onerror=alert(1)>"
    regions = render.render(Session(Settings(first_deal=5, name=name)).screen())
    escaped = "&lt;img src=x onerror=alert(1)&gt;"
    assert f'<span class="name">{escaped}</span>' in regions["felt"]
    assert f'<th scope="col" data-seat="0">{escaped}</th>' in regions["side"]
    assert "<img" not in "".join(regions.values())


def test_a_query_is_read_as_a_browser_encodes_it():
    assert query_pairs("?level=D%C3%A9butant&name=Zo%C3%A9+Martin&embed&&x=a%3Db") == [
        ("level", "Débutant"), ("name", "Zoé Martin"), ("embed", ""), ("x", "a=b")]
    assert query_pairs("bad=%E9%ZZ") == [("bad", "\ufffd%ZZ")]


def test_a_part_without_a_name_is_no_parameter_and_gets_no_notice():
    assert query_pairs("?=&players=4&=x&%20=1&&") == [("players", "4")]
    params = parse_params("?=&players=4&=x")
    assert params.players == 4 and params.notices() == []


def test_a_number_in_the_address_is_written_in_ascii_digits_only():
    # Digits of other scripts (², ４) and Python's 4_9 are no numbers: each is refused, none read.
    p = parse_params("players=４&deal=1_2&pause=1_000&refsamples=²&duplicate=８")
    assert [name for name, _ in p.refused] == ["players", "deal", "pause", "refsamples", "duplicate"]
    assert (p.players, p.deal, p.pause, p.refsamples, p.duplicate) == (None, None, None, None, None)


def test_a_link_sets_the_analysis_budget_from_1_to_960_imagined_deals():
    assert parse_params("worlds=8").worlds == 8
    assert parse_params("worlds=960").worlds == 960
    p = parse_params("worlds=0&lang=en")
    assert p.worlds is None and [name for name, _ in p.refused] == ["worlds"]
    session = Session(Settings(first_deal=1, lang="en"))
    session.notices = tuple(p.notices())
    assert "worlds=0 (expected: 1 to 960)." in unescape(render.render(session.screen())["notice"])
    for bad in ("961", "²", "8.5", "-8"):
        assert parse_params(f"worlds={bad}").worlds is None


def test_a_number_of_thousands_of_digits_is_refused_and_quoted_short():
    p = parse_params("deal=" + "9" * 5001 + "&players=" + "4" * 5001 + "&refsamples=" + "1" * 5001)
    assert [name for name, _ in p.refused] == ["deal", "players", "refsamples"]
    session = Session(Settings(first_deal=1))
    session.notices = tuple(p.notices())
    text = unescape(render.render(session.screen())["notice"])
    assert "deal=" + "9" * 40 + "…" in text and len(text) < 2000


def test_a_situation_made_in_the_editor_keeps_how_the_page_is_shown_not_which_deal():
    assert made_situation_query("?players=3&deal=77&lang=en&misere=1&pause=0&exercise=1") == "?lang=en&pause=0"
    assert made_situation_query("?players=3&deal=77") == ""
