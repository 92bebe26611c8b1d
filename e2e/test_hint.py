"""*Conseil* in the page: the bots' worker's graded analysis gives the hint, the same best
action and expected points as :func:`tarot.teaching.analysis.advise` on the same record, at
a bid and at a card."""
from __future__ import annotations

from table_driver import act, contract_made, first_number, human_turn, open_table, play_one, simulate, start_game

from tarot.actions import action_from_json
from web.teaching.grading import advise_step
from web.teaching.moves import move_attrs
from web.teaching.teachview import evs_text


def _at_the_person(number: int, phase: str):
    """The simulated session at the person's first decision of ``phase`` in deal ``number``."""
    return simulate(4, number, stop=lambda s: s.bot_to_act() is None and s.deal.to_act == 0
                    and s.deal.phase.value == phase)


def _expected(number: int, phase: str) -> tuple[dict[str, str], str]:
    """The hint's attributes and its options' points, as the engine advises at that decision."""
    answer = advise_step({"record": _at_the_person(number, phase).deal.to_record(), "seat": 0})
    best = action_from_json({**answer["best"], "seat": 0})[1]
    attrs = dict(pair.split("=", 1) for pair in move_attrs(best).split())
    options = tuple((action_from_json({**o["action"], "seat": 0})[1], o["ev"]) for o in answer["options"])
    return ({k: v.strip('"') for k, v in attrs.items()} | {"data-reason": answer["reason"]["code"]},
            evs_text(options, "fr"))


def _hint_shown(page) -> tuple[dict[str, str], str]:
    page.click("[data-action=hint]")
    hint = page.wait_for_selector("[data-testid=hint]", timeout=30_000)
    names = ("data-bid", "data-card", "data-cards", "data-reason")
    attrs = {n: hint.get_attribute(n) for n in names if hint.get_attribute(n) is not None}
    return attrs, page.text_content("[data-testid=hint-evs]")


def _same(text: str) -> str:
    return text.replace("\u00a0", " ").strip()


def test_conseil_gives_the_analysis_s_best_with_the_options_points_at_a_bid_and_at_a_card(page, site_url):
    number = first_number(4, contract_made)  # the person passes, another takes: a card to play
    at_bid, at_card = _expected(number, "bidding"), _expected(number, "play")
    open_table(page, site_url, "?pause=0")
    start_game(page, 4, number)
    assert human_turn(page) == "bidding"
    shown, evs = _hint_shown(page)
    assert shown == at_bid[0] and _same(evs) == _same(at_bid[1])
    assert " en moyenne" in evs and evs.count(";") <= 2  # at most three options, best first
    act(page, "#panel [data-bid=pass]")  # as the simulation does
    while human_turn(page) != "play":
        play_one(page)
    shown, evs = _hint_shown(page)
    assert shown == at_card[0] and _same(evs) == _same(at_card[1])
