"""Rule options (all off by default): misère, petit au bout within the contract, red pips reversed.

The options of the older French rules and of Pagat's rules added since have their own files
(``test_primes.py``, ``test_purchase.py``, ``test_prise_partner.py``, ``test_traditional.py``)."""
import pytest

from tarot.actions import Misere, Play
from tarot.rules import Rules

from .helpers import deal_with, play, play_keeping, refused, to_play


def test_every_option_is_off_by_default():
    rules = Rules()
    assert rules.players == 4
    assert Rules.options() == ["misere", "petit_au_bout_within", "red_pips_reversed", "individual_primes",
                               "handful_against_taker", "purchase", "prise_partner",
                               "traditional_scoring", "round_to_ten", "rebid"]
    assert not any(getattr(rules, name) for name in Rules.options())
    assert rules.to_json() == {"players": 4}


def test_options_appear_in_the_rules_json_only_when_set():
    rules = Rules(players=3, misere=True)
    assert rules.to_json() == {"players": 3, "misere": True}
    assert Rules.from_json(rules.to_json()) == rules


@pytest.mark.parametrize("data", [{"players": 6}, {"players": "4"}, {"players": True}, {},
                                  {"players": 4, "misere": "yes"}, {"players": 4, "chelem": True}, []])
def test_bad_rules_are_refused(data):
    with pytest.raises(ValueError):
        Rules.from_json(data)


# --- misère ---------------------------------------------------------------------------------

def test_a_misere_is_refused_when_the_option_is_off():
    deal = to_play(deal_with({0: "KH"}, voids={0: "T"}), taker=1, contract="garde_sans")
    assert refused(deal, Misere("atout")) == "misere_off"
    assert not any(isinstance(a, Misere) for a in deal.legal_actions())


def test_a_trump_misere_is_paid_10_by_each_other_player_when_its_side_wins():
    deal = deal_with({}, voids={0: "T"}, misere=True)
    to_play(deal, taker=1, contract="garde_sans")
    assert Misere("atout") in deal.legal_actions()
    deal.apply(Misere("atout"))
    assert deal.miseres == [(0, "atout")]
    play_keeping(deal)
    scores = deal.result.scores
    assert deal.result.to_json()["miseres"] == [{"seat": 0, "kind": "atout"}]
    # Without the misère the defenders would score alike: the declarer's side won or lost,
    # and seat 0 gets +30 (or -30) where seats 2 and 3 get -10 (or +10).
    won = not deal.result.made
    assert scores[0] - scores[2] == (40 if won else -40) and scores[2] == scores[3]
    assert sum(scores) == 0


def test_a_face_misere_needs_a_hand_without_king_queen_cavalier_or_valet():
    deal = deal_with({}, voids={}, misere=True)
    to_play(deal, taker=1, contract="garde_sans")
    assert refused(deal, Misere("tetes")) == "misere_tetes_held"
    assert refused(deal, Misere("atout")) == "misere_atout_held"


def test_a_face_misere_is_accepted_without_faces():
    pips = "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H"
    deal = deal_with({0: pips}, misere=True)
    to_play(deal, taker=1, contract="garde_sans")
    deal.apply(Misere("tetes"))
    assert refused(deal, Misere("tetes")) == "misere_twice"


def test_a_misere_is_declared_before_ones_first_card():
    deal = deal_with({0: "KH"}, voids={0: "T"}, misere=True)
    to_play(deal, taker=1, contract="garde_sans")
    play(deal, "KH")
    # Seat 0 has played: too late for its misère.
    while deal.to_act != 0:
        deal.apply(Play(next(c for c in deal.hand(deal.to_act) if deal.can(Play(c)))))
    assert refused(deal, Misere("atout")) == "misere_played"


def test_an_unknown_misere_is_refused():
    deal = to_play(deal_with({}, voids={0: "T"}, misere=True), taker=1, contract="garde_sans")
    assert refused(deal, Misere("rois")) == "not_an_action"


# --- petit au bout within the contract --------------------------------------------------------

def test_petit_au_bout_within_lowers_the_target_instead_of_a_bonus():
    hands = {0: "T1 " + " ".join(f"T{n}" for n in range(5, 22))}
    fft = to_play(deal_with(hands), taker=0, contract="garde")
    within = to_play(deal_with(hands, petit_au_bout_within=True), taker=0, contract="garde")
    for deal in (fft, within):
        play_keeping(deal, keep={0: "T1"})
        assert deal.result.petit_au_bout == "attack"
    assert fft.result.target == 36 and within.result.target == 26
    assert fft.result.score.petit_au_bout == 20 and within.result.score.petit_au_bout == 0
    assert within.rules.to_json() == {"players": 4, "petit_au_bout_within": True}


# --- red pips reversed ------------------------------------------------------------------------

def test_red_pips_reversed_the_ace_of_hearts_beats_the_ten():
    hands = {0: "10H", 1: "1H", 2: "5H", 3: "2H"}
    normal = to_play(deal_with(hands), contract="garde_sans")
    reversed_ = to_play(deal_with(hands, red_pips_reversed=True), contract="garde_sans")
    play(normal, "10H 1H 5H 2H")
    play(reversed_, "10H 1H 5H 2H")
    assert normal.tricks[0].winner == 0  # 10 high
    assert reversed_.tricks[0].winner == 1  # 1 high


def test_red_pips_reversed_faces_still_beat_the_pips():
    deal = to_play(deal_with({0: "1D", 1: "JD", 2: "2D", 3: "10D"}, red_pips_reversed=True),
                   contract="garde_sans")
    play(deal, "1D JD 2D 10D")
    assert deal.tricks[0].winner == 1


def test_red_pips_reversed_leaves_the_black_suits_alone():
    deal = to_play(deal_with({0: "1S", 1: "10S", 2: "2C", 3: "3S"}, voids={2: "ST"},
                             red_pips_reversed=True), contract="garde_sans")
    play(deal, "1S 10S 2C 3S")
    assert deal.tricks[0].winner == 1
