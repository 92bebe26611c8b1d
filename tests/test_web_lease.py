"""One tab plays the saved match at a time (web.browser.lease): the lease, its heartbeat, taking over."""
from __future__ import annotations

from html import unescape

from web.browser.lease import HANDOVER_MS, LEASE_MS, Ownership, elsewhere_notice, lease_text, parse, request_text

NOW = 1_000_000.0


def test_a_tab_that_finds_no_lease_owns_the_match():
    tab = Ownership("a")
    assert parse(tab.check(None, NOW, may_claim=True)) == parse(lease_text("a", NOW))
    assert tab.owner


def test_a_tab_that_finds_another_tabs_live_lease_follows_it():
    tab = Ownership("b")
    assert tab.check(lease_text("a", NOW - 1000), NOW, may_claim=True) is None
    assert not tab.owner


def test_the_owner_renews_its_lease_at_each_heartbeat():
    tab = Ownership("a", owner=True)
    renewed = parse(tab.check(lease_text("a", NOW - 1000), NOW, may_claim=False))
    assert renewed is not None and renewed.until == NOW + LEASE_MS


def test_a_closed_tabs_lease_expires_and_a_tab_in_view_takes_the_match():
    tab = Ownership("b")
    expired = lease_text("a", NOW - LEASE_MS)
    assert tab.check(expired, NOW, may_claim=True) is not None
    assert tab.owner


def test_a_hidden_tab_leaves_a_free_lease_to_a_tab_in_view():
    tab = Ownership("b")
    assert tab.check(None, NOW, may_claim=False) is None
    assert not tab.owner


def test_an_owner_stops_once_another_tab_holds_the_lease():
    tab = Ownership("a", owner=True)
    assert tab.check(lease_text("b", NOW), NOW, may_claim=True) is None
    assert not tab.owner


def test_a_damaged_lease_reads_as_free():
    for raw in ("{", "[]", '{"tab": "", "until": 5}', '{"tab": "a", "until": true}', '{"tab": 3, "until": 5}'):
        assert parse(raw) is None
    tab = Ownership("b")
    tab.check("not json", NOW, may_claim=True)
    assert tab.owner


def test_taking_over_a_free_lease_needs_nobody():
    tab = Ownership("b")
    lease, request = tab.take_over(lease_text("a", NOW - LEASE_MS - 1), NOW)
    assert parse(lease) == parse(lease_text("b", NOW)) and request is None
    assert tab.owner


def test_taking_over_asks_the_owner_which_stops_and_hands_its_lease_over():
    owner, asker = Ownership("a", owner=True), Ownership("b")
    lease, request = asker.take_over(lease_text("a", NOW), NOW)
    assert lease is None and not asker.owner  # not before the owner has stopped
    handed = owner.hand_over(request, NOW + 5)
    assert not owner.owner
    assert handed is not None and parse(handed) == parse(lease_text("b", NOW + 5))
    assert asker.check(handed, NOW + 10, may_claim=False) is not None
    assert asker.owner and asker.asked_at is None


def test_an_owner_that_does_not_answer_is_taken_over_after_the_wait():
    asker = Ownership("b")
    _, request = asker.take_over(lease_text("a", NOW), NOW)
    assert request is not None
    assert asker.check(lease_text("a", NOW), NOW + HANDOVER_MS - 1, may_claim=True) is None
    assert asker.check(lease_text("a", NOW), NOW + HANDOVER_MS, may_claim=True) is not None
    assert asker.owner


def test_only_the_owner_hands_the_match_over():
    follower = Ownership("c")
    assert follower.hand_over(request_text("b", NOW), NOW) is None
    owner = Ownership("a", owner=True)
    assert owner.hand_over(request_text("a", NOW), NOW) is None  # its own request
    assert owner.hand_over(request_text("b", NOW - LEASE_MS - 1), NOW) is None  # an old one
    assert owner.hand_over("garbage", NOW) is None
    assert owner.owner


def test_a_closing_tab_frees_its_lease_only_if_it_owned_the_match():
    owner, follower = Ownership("a", owner=True), Ownership("b")
    assert owner.release() and not owner.owner
    assert not follower.release()


def test_the_notice_says_so_in_the_players_language_and_offers_to_take_over():
    fr = unescape(elsewhere_notice("fr", asked=False))
    assert "Partie ouverte dans un autre onglet" in fr
    assert 'data-action="take-over"' in fr and ">Jouer dans cet onglet<" in fr
    en = unescape(elsewhere_notice("en", asked=True))
    assert "Game open in another tab" in en and ">Play in this tab<" in en
    assert 'aria-disabled="true"' in en  # asked: the owner's answer is on its way
