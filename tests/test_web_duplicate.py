"""The page's duplicate tournament, review panel, export and import, under CPython."""
import json

import pytest

from tarot.teaching.duplicate import Budget, field_deal, places, reference
from tarot.state import Deal
from tarot.errors import Invalid
from tarot.result import DealResult
from tarot.rules import Rules
from web.duplicate.tournament import DuplicateSession, PracticeSession, Tournament, load_session
from web.duplicate.step import advice_step, field_step, reference_step
from web.duplicate.view import reference_sentence
from web.teaching.extras import Extras, open_review
from web.match.page import screen_of
from web.browser.params import parse_params
from web.draw.render import render
from web.match.session import SaveError, Session, Settings
from web.teaching.review import ReviewPanel, render_review
from web.draw.labels import signed
from tarot.words import t
from html import escape
from web.browser.transfer import (MAX_IMPORT_BYTES, MAX_IMPORT_CHARS, ImportProblem, check_file_size, export_text,
                          import_message, import_records)

CHEAP = Budget(2, 2)


def _play_deal(session: Session) -> None:
    """Bots everywhere; the person plays the Standard bot's choices through the session."""
    from web.match.botstep import decide

    while not session.finished:
        if session.bot_to_act() is not None:
            session.bot_step()
        else:
            assert session.act(0, decide(session.deal, "standard", session.deal_number)) is None


def _work(session: DuplicateSession) -> int:
    """Answer the tournament's requests as the worker does; returns how many there were."""
    done = 0
    while (work := session.tournament.request(session)) is not None:
        kind, request = work
        step = {"reference": reference_step, "field": field_step, "advice": advice_step}[kind]
        answer = step(json.loads(json.dumps(request)))
        assert session.tournament.take(session, kind, request, answer)
        done += 1
    return done


def _tournament(number=5, size=4) -> DuplicateSession:
    return DuplicateSession(Settings(players=4, first_deal=number), size, CHEAP)


def _deal_done() -> DuplicateSession:
    """A tournament whose first deal is over, with its reference, field and advice worked out."""
    session = _tournament()
    _work(session)
    _play_deal(session)
    _work(session)
    return session


def test_each_deal_s_reference_is_the_expert_s_and_the_total_adds_the_differences():
    session = _tournament()
    for _ in range(4):
        _work(session)  # the reference is computed while the deal goes on
        _play_deal(session)
        _work(session)  # the advice, once the deal is over
        session.next_deal()
    assert session.over
    rows = session.tournament.rows(session.match)
    assert [r.deal_number for r in rows] == [5, 6, 7, 8]
    for row in rows:
        assert row.reference == reference(Rules(players=4), row.deal_number, "standard", CHEAP).result.scores[0]
    assert session.tournament.total(session.match) == sum(r.own - r.reference for r in rows)
    assert session.tournament.complete(session.match)
    session.next_deal()  # no fifth deal
    assert len(session.match.records) == 4


def test_each_deal_s_field_is_the_deal_played_in_your_seat_by_the_standard_and_the_debutant():
    session = _deal_done()
    row = session.tournament.rows(session.match)[0]
    rules = Rules(players=4)
    for level in ("standard", "debutant"):
        deal = field_deal(Deal.new(rules, dealer=5 % 4, seed=5), "standard", 5, level)
        assert row.field[level] == deal.result.scores[0]
    assert row.place == places({"you": row.own, "expert": row.reference, **row.field})["you"]
    regions = render(screen_of(session, Extras()))
    assert f'data-testid="field-result" data-place="{row.place}"' in regions["panel"]
    assert f'data-place="{row.place}"' in regions["side"]
    exported = json.loads(export_text(session.tournament.export(session.match)).splitlines()[0])
    assert exported["duplicate"]["field"] == row.field


def test_the_place_waits_for_the_whole_field():
    session = _tournament()
    kind, request = session.tournament.request(session)
    while kind == "reference":
        assert session.tournament.take(session, kind, request, reference_step(request))
        kind, request = session.tournament.request(session)
    assert kind == "field" and request["seat_level"] == "standard"
    _play_deal(session)
    row = session.tournament.rows(session.match)[0]
    assert row.reference is not None and row.place is None
    assert 'data-place=""' in render(screen_of(session, Extras()))["side"]


def test_a_field_of_another_level_or_with_a_score_not_whole_is_refused_on_import():
    session = _deal_done()
    record = json.loads(export_text(session.tournament.export(session.match)))
    for bad in ({"expert": 10}, {"standard": 1.5}, [3]):
        text = json.dumps({**record, "duplicate": {**record["duplicate"], "field": bad}})
        with pytest.raises(ImportProblem):
            import_records(text)


def test_a_tournament_is_saved_and_resumed_with_its_references():
    session = _tournament(9)
    _work(session)
    _play_deal(session)
    _work(session)
    session.next_deal()
    restored = load_session(session.save_text())
    assert isinstance(restored, DuplicateSession)
    assert restored.tournament == session.tournament
    assert restored.deal_number == 10
    assert isinstance(load_session(Session(Settings(first_deal=3)).save_text()), Session)


def test_a_damaged_tournament_save_is_refused():
    data = json.loads(_tournament().save_text())
    data["duplicate"]["size"] = 5
    with pytest.raises(SaveError):
        load_session(json.dumps(data))
    data["duplicate"]["size"] = 4
    data["duplicate"]["references"] = {"5": {"format": "tarot-deal/1"}}
    with pytest.raises(SaveError):
        load_session(json.dumps(data))


def test_an_answer_for_a_deal_already_done_is_not_taken():
    session = _tournament()
    kind, request = session.tournament.request(session)
    answer = reference_step(request)
    assert session.tournament.take(session, kind, request, answer)
    assert not session.tournament.take(session, "advice", {**request, "from": 3}, {"advice": [], "next": None})


def test_the_end_of_deal_sentence_names_the_contract_the_outcome_and_the_difference():
    ref = DealResult.from_json({"taker": 0, "partner": None, "contract": "garde", "points": 53, "bouts": 2, "target": 41,
                                "made": True, "petit_au_bout": None, "chelem": None, "poignees": [],
                                "scores": [222, -74, -74, -74]}, Rules(players=4))
    assert reference_sentence(ref, 96, "fr") == \
        "À votre place, l'Expert a joué une garde, réussie de 12\u00a0: +222. Vous\u00a0: +96. Duplicate\u00a0: −126."
    assert reference_sentence(ref, 96, "en") == \
        "In your seat, the Expert played a garde, made by 12: +222. You: +96. Duplicate: −126."
    # 38.5 against 41 fails by 3 as the score counts it (the half point goes to the defence).
    defended = DealResult.from_json({**ref.to_json(), "taker": 2, "made": False, "points": 38.5, "target": 41,
                                     "scores": [56, 56, -168, 56]}, Rules(players=4))
    assert reference_sentence(defended, 0, "fr") == ("À votre place, l'Expert a défendu contre la garde de Chloé, "
                                                     "chutée de 3\u00a0: +56. Vous\u00a0: 0. Duplicate\u00a0: −56.")
    assert reference_sentence(DealResult.from_json({"redeal": "all_passed"}, Rules(players=4)), 0, "fr") == \
        "À votre place, l'Expert a passé, comme tout le monde\u00a0: 0. Vous\u00a0: 0. Duplicate\u00a0: 0."
    assert reference_sentence(DealResult.from_json({"redeal": "petit_sec"}, Rules(players=4)), 0, "en") == \
        "In your seat, the Expert saw the deal dealt again: 0. You: 0. Duplicate: 0."


def test_the_page_shows_the_reference_and_the_total_with_their_hooks():
    session = _tournament()
    _work(session)
    _play_deal(session)
    regions = render(screen_of(session, Extras()))
    value = session.tournament.reference_result(5).scores[0]
    assert f'data-testid="reference-result" data-value="{value}"' in regions["panel"]
    own = session.deal.result.scores[0]
    assert f'data-testid="duplicate-total" data-value="{own - value}"' in regions["side"]


def test_the_new_game_form_offers_a_tournament():
    session = Session(Settings())
    session.ui.setup_open = True
    session.ui.setup_draft = parse_params("?mode=duplicate&duplicate=8").draft(session.settings)
    overlay = render(screen_of(session, Extras()))["overlay"]
    assert 'name="mode" value="duplicate" checked' in overlay
    assert '<option value="8" selected>' in overlay


@pytest.mark.parametrize("query, size", [("mode=duplicate", 4), ("duplicate=12", 12), ("mode=match", 0),
                                         ("duplicate=12&mode=duplicate", 12)])
def test_the_url_sets_up_a_tournament(query, size):
    params = parse_params(query)
    assert params.duplicate == size and params.sets_game and not params.refused


def test_a_bad_tournament_parameter_is_named():
    params = parse_params("duplicate=5&refsamples=0&mode=x")
    assert [name for name, _ in params.refused] == ["duplicate", "refsamples", "mode"]
    assert parse_params("refsamples=3").reference_budget() == Budget(3, 3)


def test_the_review_opens_on_a_finished_deal_with_the_expert_s_choices():
    session = _deal_done()
    extras = Extras()
    assert open_review(session, extras, 5)
    assert extras.review is not None and extras.review.position == 0
    assert extras.review.advice == {int(i): a for i, a in session.tournament.advice[5]}
    assert open_review(session, extras, 5, reference=True)
    assert not open_review(session, extras, 99)
    html = render(screen_of(session, extras))["overlay"]
    assert 'data-testid="review"' in html and 'data-action="review-next"' in html


def test_replay_starts_at_one_of_your_decisions_outside_the_match():
    session = Session(Settings(players=4, first_deal=5))
    _play_deal(session)
    record = session.match.records[-1]
    upto = next(i for i, a in enumerate(record["actions"]) if a["seat"] == 0)
    practice = PracticeSession(session.settings, record, upto, 5)
    assert practice.deal.to_act == 0 and len(practice.deal.history) == upto
    _play_deal(practice)
    assert practice.deal.to_record() == record  # the same choices give the same deal
    with pytest.raises(ValueError):
        PracticeSession(session.settings, record, upto + 1, 5)  # a bot's turn


def test_a_replay_numbered_as_a_petit_sec_deal_starts_with_an_empty_score_sheet():
    session = Session(Settings(players=4, first_deal=5))
    _play_deal(session)
    record = session.match.records[-1]
    upto = next(i for i, a in enumerate(record["actions"]) if a["seat"] == 0)
    practice = PracticeSession(session.settings, record, upto, 643)  # an imported deal, numbered as deal 643
    assert Session(Settings(players=4, first_deal=643)).deal.result.redeal == "petit_sec"
    assert practice.match.records == [] and practice.deal.to_act == 0


def test_export_then_import_gives_the_records_back():
    session = Session(Settings(players=4, first_deal=5))
    _play_deal(session)
    session.next_deal()
    _play_deal(session)
    text = export_text(session.match.records)
    assert len(text.splitlines()) == 2
    assert import_records(text) == session.match.records
    assert import_records(json.dumps(session.match.records[0], indent=2)) == session.match.records[:1]


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("[1, 2]", "JSON array"),
    ('{"format": "tarot-deal/1"}\n{', "line 1"),
    ('{"format": "other"}', "format"),
])
def test_a_bad_import_says_what_is_wrong(text, words):
    with pytest.raises(ImportProblem, match=words):
        import_records(text)


def test_a_bad_card_in_an_import_names_the_line_and_the_action():
    session = Session(Settings(players=4, first_deal=5))
    _play_deal(session)
    good = session.match.records[0]
    bad = json.loads(json.dumps(good))
    bad["actions"][-1]["card"] = "T99"
    with pytest.raises(ImportProblem) as refused:
        import_records(export_text([good, bad]))
    assert refused.value.line == 2 and "T99" in refused.value.reason


def test_a_tournament_has_4_8_or_12_deals():
    with pytest.raises(ValueError):
        DuplicateSession(Settings(), 5)
    assert Tournament().size == 4


def test_a_duplicate_counts_each_deal_by_its_score_never_by_pots_and_tokens():
    session = DuplicateSession(Settings(players=4, first_deal=9, options={"traditional_scoring": True, "misere": True}))
    assert session.deal.rules.traditional_scoring is False and session.deal.rules.misere is True


def _first_allowed_played(number: int) -> Session:
    """Deal ``number`` at 4 players, the person taking the first action allowed, bots elsewhere."""
    session = Session(Settings(players=4, first_deal=number))
    while not session.finished:
        if session.bot_to_act() is not None:
            session.bot_step()
        else:
            assert session.act(0, session.deal.legal_actions()[0]) is None
    return session


def test_a_match_deal_played_as_the_hint_says_has_no_other_hint_in_its_review():
    session = Session(Settings(players=4, first_deal=5))
    _play_deal(session)  # the person plays the Standard bot's choices, seeded as the hint's
    extras = Extras()
    assert open_review(session, extras, 5)
    assert extras.review.hints == {} and extras.review.advice == {}


def test_the_review_of_a_match_deal_shows_what_the_hint_proposed_instead_and_why():
    from html import unescape

    from tarot.actions import action_from_json
    from tarot.teaching.duplicate import as_dealt, same_decision
    from tarot.state import Deal
    from web.teaching.review import render_review

    session = _first_allowed_played(5)
    extras = Extras()
    assert open_review(session, extras, 5)
    panel = extras.review
    record = session.match.records[-1]
    assert panel.hints
    for index, (proposed, reason) in panel.hints.items():
        taken = record["actions"][index]
        assert taken["seat"] == 0 and not same_decision(proposed, taken)
        before = Deal.from_record(as_dealt(record) | {"actions": record["actions"][:index]})
        assert before.why_not(action_from_json(proposed)[1], 0) is None  # allowed at that moment
        panel.go(index + 1)  # the step that shows the person's decision
        shown = unescape(render_review(panel, "fr"))
        assert 'data-testid="review-hint"' in shown and reason.explain("fr") in shown
    panel.go(len(panel.steps) - 1)  # the end of the deal: no decision left to talk about
    assert 'data-testid="review-hint"' not in render_review(panel, "fr")


def test_the_review_names_a_misere_and_a_purchase_in_words():
    from web.teaching.review import describe
    assert describe({"seat": 2, "type": "declare", "kind": "misere", "misere": "atout"}, "fr") == "Misère d'atout"
    assert describe({"seat": 2, "type": "declare", "kind": "misere", "misere": "tetes"}, "en") == "Honour misère"


def test_the_review_reads_out_the_step_with_what_the_hint_says_of_it():
    import re

    from web.teaching.review import render_review

    session = _first_allowed_played(5)
    extras = Extras()
    assert open_review(session, extras, 5)
    extras.review.go(min(extras.review.hints) + 1)
    live = re.search(r'<div class="review-now" aria-live="polite">(.*?)</div>',
                     render_review(extras.review, "fr")).group(1)
    assert 'class="review-step"' in live and 'data-testid="review-hint"' in live


def test_the_hint_s_comment_sits_on_the_step_that_shows_the_person_s_decision():
    session = _first_allowed_played(5)
    extras = Extras()
    assert open_review(session, extras, 5)
    panel = extras.review
    index = min(panel.hints)
    panel.go(index)  # another seat's action, the person to act next: nothing said yet
    assert 'data-testid="review-hint"' not in render_review(panel, "fr")
    panel.go(index + 1)
    assert panel.step.seat == 0
    shown = render_review(panel, "fr")
    assert 'data-testid="review-hint"' in shown
    assert escape(t("review_action", "fr", name="Vous", what="")) in shown


def test_the_review_lists_the_person_s_decisions_and_marks_where_the_hint_differed():
    session = _first_allowed_played(5)
    extras = Extras()
    assert open_review(session, extras, 5)
    panel = extras.review
    decisions = panel.decisions()
    assert [k for k, _ in decisions] == [s.index for s in panel.steps if s.seat == 0]
    assert {k - 1 for k, mark in decisions if mark == "other"} == set(panel.hints)
    panel.go(0)
    visited = []  # "Différence suivante" from the start: each step that shows a decision the hint did not make
    while (found := panel.next_marked("other")) is not None:
        visited.append(found)
        panel.go(found)
    assert visited == sorted(k + 1 for k in panel.hints)
    panel.go(len(panel.steps) - 1)
    shown = render_review(panel, "fr")
    assert f'data-action="review-go" data-step="{visited[0]}"' in shown
    assert 'id="review-next-mark" data-action="review-next-mark" data-mark="other" aria-disabled="true"' in shown


def test_the_recommended_card_is_marked_in_the_person_s_hand():
    from tarot.cards import parse_card
    from tarot.i18n import card_name

    for number in range(5, 40):  # a deal where the hint proposed another card than the one played
        session = _first_allowed_played(number)
        extras = Extras()
        assert open_review(session, extras, number)
        panel = extras.review
        plays = [i for i, (proposed, _) in sorted(panel.hints.items()) if proposed["type"] == "play"]
        if plays:
            break
    index = plays[0]
    card = panel.hints[index][0]["card"]
    panel.go(index + 1)
    shown = render_review(panel, "fr")
    label = escape(t("advised_card", "fr", card=card_name(parse_card(card), "fr")))
    assert f'advised" data-card="{card}" role="img" aria-label="{label}"' in shown
    assert shown.count(" advised") == 1


def test_the_expert_s_own_deal_is_told_in_the_third_person():
    from web.teaching.review import describe

    session = _first_allowed_played(5)
    panel = ReviewPanel.open(session.match.records[-1], "reference", 5, position=0)
    panel.go(next(s.index for s in panel.steps if s.seat == 0))
    shown = render_review(panel, "fr")
    said = t("review_action", "fr", name="L'Expert", what=describe(panel.step.action or {}, "fr"))
    assert escape(said) in shown and "Vous" not in shown


def test_the_review_says_a_trick_is_yours_in_lower_case():
    from html import unescape

    from web.teaching.review import render_review

    session = Session(Settings(players=4, first_deal=5))
    _play_deal(session)
    extras = Extras()
    assert open_review(session, extras, 5)
    panel = extras.review
    yours = [i for i, step in enumerate(panel.steps) if step.trick and step.trick_winner == 0]
    assert yours  # seat 0 took a trick in this deal
    panel.go(yours[0])
    shown = unescape(render_review(panel, "fr"))
    assert "Pli pour vous." in shown and "Pli pour Vous" not in shown


def _one_record() -> dict:
    session = Session(Settings(players=4, first_deal=5))
    _play_deal(session)
    return session.match.records[0]


def test_an_import_nested_deeply_is_refused_before_it_is_parsed():
    good = json.dumps(_one_record())
    for text, line in (("[" * 8000, None), (good + "\n" + "[" * 8000 + "\n", 2),
                       (good + "\n" + '{"format": ' + "[" * 70 + "]" * 70 + "}\n", 2)):
        with pytest.raises(ImportProblem) as refused:
            import_records(text)
        assert refused.value.line == line and refused.value.code == "too_deep"


def test_an_import_with_a_number_of_thousands_of_digits_is_refused_without_pythons_advice():
    good = json.dumps(_one_record())
    for text, line in ((good.replace('"dealer":', '"dealer":' + "1" * 5000 + ","), None),
                       (good + "\n" + good.replace('"dealer":', '"dealer":' + "1" * 5000 + ","), 2)):
        with pytest.raises(ImportProblem) as refused:
            import_records(text)
        assert refused.value.line == line and refused.value.code == "number_too_long"
        assert "sys." not in str(refused.value)


def test_an_import_quotes_a_bad_value_short():
    record = dict(_one_record(), format="x" * 1_900_000)
    with pytest.raises(ImportProblem) as refused:
        import_records(json.dumps(record))
    assert '"' + "x" * 40 + "…" in refused.value.reason and len(refused.value.reason) < 200


def test_a_file_too_large_is_refused_by_its_size_before_it_is_read():
    check_file_size(MAX_IMPORT_BYTES)
    with pytest.raises(ImportProblem) as refused:
        check_file_size(MAX_IMPORT_BYTES + 1)
    assert refused.value.code == "too_large" and refused.value.line is None
    with pytest.raises(ImportProblem) as refused:
        import_records("x" * (MAX_IMPORT_CHARS + 1))
    assert refused.value.code == "too_large"


def test_an_import_refused_as_it_is_read_is_said_in_the_pages_language():
    too_deep = ImportProblem("nested too deeply", 2, code="too_deep")
    assert import_message(too_deep, "fr") == ("Fichier refusé (ligne 2)\u00a0: des crochets imbriqués sur plus de "
                                             "64 niveaux\u00a0: ce n'est pas une donne. Rien n'a changé.")
    assert import_message(too_deep, "en") == ("File refused (line 2): brackets nested more than 64 deep: "
                                             "this is no deal record. Nothing has changed.")
    too_large = ImportProblem("too large", code="too_large")
    assert "plus de 2\u202f000\u202f000 caractères" in import_message(too_large, "fr")
    assert "more than 2,000,000 characters" in import_message(too_large, "en")
    assert "un nombre a trop de chiffres" in import_message(ImportProblem("x", 1, code="number_too_long"), "fr")
    not_a_card = Invalid("not a card: 'T99'", "card", value="'T99'")
    assert import_message(ImportProblem("not a card: 'T99'", 3, cause=not_a_card), "en") == \
        "File refused (line 3): not a card: 'T99'. Nothing has changed."


# ------------------------------------------------ a replay beside its match
class _Storage(dict):
    """localStorage as a dict (with the DOM's method names)."""

    def getItem(self, key: str) -> str | None:
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:
        self[key] = value

    def removeItem(self, key: str) -> None:
        self.pop(key, None)


def _page_with(session: Session):
    from web.browser.storage import Store
    from web.match.page import PageState

    state = PageState(parse_params("", ""), Store(_Storage(), lambda text: None))
    state.session = session
    return state


def _clicked(**attributes: str):
    return lambda name: attributes.get(name.replace("data-", "").replace("-", "_"))


def _replaying(session: Session):
    """The page replaying the match's last deal from the person's first decision, played to its end."""
    from web.match.clicks import click

    state = _page_with(session)
    click(state, "review-deal", _clicked(deal=str(session.deal_number)))
    panel = state.extras.review
    assert panel is not None
    panel.go(next(k for k, step in enumerate(panel.steps) if step.to_act == 0))
    click(state, "replay-from-here", _clicked())
    assert isinstance(state.session, PracticeSession)
    _play_deal(state.session)
    return state


def test_next_deal_at_the_end_of_a_replay_goes_back_to_the_match_and_on_to_its_next_deal():
    from web.match.clicks import click

    session = Session(Settings(players=4, first_deal=5))
    _play_deal(session)
    state = _replaying(session)
    outcome = click(state, "next-deal", _clicked())
    assert state.session is session and state.extras.saved is None
    assert session.deal_number == 6 and not session.finished and outcome.forget_bot


def test_the_end_of_a_replay_compares_it_with_the_deal_as_played_and_the_expert_s():
    session = _deal_done()
    state = _replaying(session)
    played = session.deal.result.scores[0]
    expert = session.tournament.reference_result(5).scores[0]
    replayed = state.session.deal.result.scores[0]
    said = t("replay_against_expert", "fr", replayed=signed(replayed), played=signed(played), expert=signed(expert))
    assert escape(said) in "".join(render(state.screen()).values())


def test_during_a_replay_the_side_shows_the_match_and_its_tournament_marked_as_replayed():
    session = _deal_done()
    state = _replaying(session)
    page = "".join(render(state.screen()).values())
    assert 'data-testid="duplicate-table"' in page and '<tr data-deal="5"' in page
    assert escape(t("no_deal_yet", "fr")) not in page
    assert escape(t("replay_outside", "fr")) in page
    assert 'data-testid="reference-result"' not in page  # the match's reference is not the replay's


def test_a_tournament_s_export_carries_each_deal_s_number_and_reference_and_imports_whole():
    session = _deal_done()
    lines = session.tournament.export(session.match)
    records = import_records(export_text(lines))
    assert records[0]["duplicate"] == {"deal": 5, "size": 4, "reference": session.tournament.references[5],
                                       "advice": session.tournament.advice[5],
                                       "field": session.tournament.field_scores[5]}
    panel = ReviewPanel.imported_at(records, 0)
    assert panel.deal_number == 5 and panel.expert == session.tournament.reference_result(5).scores[0]
    assert panel.advice == {int(i): a for i, a in session.tournament.advice[5]}
    panel.go(len(panel.steps) - 1)
    assert escape(t("review_against", "fr", own=signed(session.deal.result.scores[0]),
                    expert=signed(panel.expert), diff=signed(session.deal.result.scores[0] - panel.expert))) \
        in render_review(panel, "fr")


def test_a_tournament_s_export_is_what_the_command_line_replays():
    from tarot.tools.cli import replay_record

    session = _deal_done()
    record = session.tournament.export(session.match)[0]
    assert "reference" in record["duplicate"]
    assert replay_record(record) == (session.deal.result.to_json(), None)  # "duplicate" is left aside


def test_an_older_export_without_deal_numbers_still_imports():
    session = Session(Settings(players=4, first_deal=5))
    _play_deal(session)
    panel = ReviewPanel.imported_at(import_records(export_text(session.match.records)), 0)
    assert panel.deal_number is None and panel.expert is None and panel.advice == {}


@pytest.mark.parametrize("extra", [[], {"deal": 0}, {"deal": "5"}, {"deal": 5, "reference": {"format": "x"}},
                                   {"deal": 5, "reference": None}])
def test_a_bad_tournament_entry_in_an_import_is_refused_in_words(extra):
    session = Session(Settings(players=4, first_deal=5))
    _play_deal(session)
    with pytest.raises(ImportProblem) as refused:
        import_records(export_text([{**session.match.records[0], "duplicate": extra}]))
    assert refused.value.code == "duplicate"
    assert t("import_duplicate", "fr") in import_message(refused.value, "fr")


def test_an_imported_reference_of_another_deal_is_refused():
    first = _tournament(5)
    _work(first)
    _play_deal(first)
    other = Session(Settings(players=4, first_deal=6))
    _play_deal(other)
    wrong = {**other.match.records[0], "duplicate": {"deal": 6, "reference": first.tournament.references[5]}}
    with pytest.raises(ImportProblem, match="not this deal"):
        import_records(export_text([wrong]))


def test_a_complete_tournament_sums_up_its_deals_against_the_expert():
    from web.duplicate.tournament import Row, TournamentView
    from web.duplicate.view import tournament_summary

    rows = (Row(40, 50, 20, "garde", 0), Row(41, -30, -30, None, None), Row(42, -60, 90, "garde", 0),
            Row(43, 10, -5, "petite", 2))
    shown = tournament_summary(TournamentView(4, True, True, rows, 0, 40, None, 4, place=2), "fr")
    assert escape(t("tournament_tally", "fr", won=2, lost=1, tied=1)) in shown
    assert 'data-best="40"' in shown and escape(t("tournament_best", "fr", n=40, own="+50", expert="+20", diff="+30")) in shown
    assert 'data-worst="42"' in shown and escape(t("tournament_worst", "fr", n=42, own="−60", expert="+90",
                                                     diff="−150")) in shown
    assert 'data-total-place="2"' in shown and escape(t("tournament_place", "fr", place=2, of=4)) in shown
    unfinished = TournamentView(4, False, False, rows[:2], 0, 40, None, 3)
    assert tournament_summary(unfinished, "fr") == ""  # said once every deal and reference is known


def test_the_summary_says_where_the_points_went_by_phase():
    from web.duplicate.tournament import Row, TournamentView
    from web.duplicate.view import tournament_summary

    rows = (Row(40, 50, 20, "garde", 0), Row(41, -30, -30, None, None))
    view = TournamentView(2, True, True, rows, 0, 40, None, 2)
    losses = {40: {"deal": 12.5, "bidding": 0.0, "ecart": 2.5, "play": 10.0},
              41: {"deal": 20.0, "bidding": 20.0, "ecart": 0.0, "play": 0.0}}
    shown = tournament_summary(view, "fr", losses)
    assert '<td class="num" data-phase="play">−10</td>' in shown and '<td class="num" data-phase="ecart">−2,5</td>' in shown
    assert 'data-phase="bidding" data-total="20.0"' in shown
    assert 'data-losses-most="bidding"' in shown
    assert escape(t("losses_most", "fr", phase=t("phase_bidding", "fr"), lost="−20")) in shown
    waiting = tournament_summary(view, "fr", {40: losses[40]})  # deal 41 still being analysed
    assert '<tr data-deal="41"><th scope="row">2</th><td class="num" data-phase="bidding">…</td>' in waiting
    assert "data-losses-most" not in waiting
