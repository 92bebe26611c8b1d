"""Whole deals played to the end, their scores worked out by hand from the cards."""
from tarot.actions import Poignee
from tarot.cards import EXCUSE, PETIT

from .helpers import cards, deal_with, play, play_keeping, to_play


def _trumps(low, high):
    return " ".join(f"T{n}" for n in range(low, high + 1))


def test_four_players_garde_sans_lost_to_a_defence_taking_every_trick():
    # Seat 1 holds T1..T18 and wins every trick, the Petit au bout in the last one.
    # The chien (T19 T20 T21 EX 1S 2S) counts for the taker: 0.5+0.5+4.5+4.5+0.5+0.5 = 11 points,
    # 2 bouts: target 41, lost by 30: -(25+30)x4 = -220; Petit au bout to the defence -10x4 = -40;
    # the defence's chelem -200: per defender -460; taker 3 x -460 = -1380.
    deal = deal_with({1: _trumps(1, 18)}, chien="T19 T20 T21 EX 1S 2S")
    to_play(deal, taker=0, contract="garde_sans")
    play_keeping(deal, keep={1: "T1"})
    r = deal.result.to_json()
    assert (r["points"], r["bouts"], r["target"], r["made"]) == (11, 2, 41, False)
    assert (r["petit_au_bout"], r["chelem"]) == ("defense", "defense")
    assert r["scores"] == [-1380, 460, 460, 460]


def test_four_players_garde_sans_chelem_announced_with_the_petit_before_the_excuse():
    # The taker holds every card that matters and takes all 91 points, 3 bouts: made by 55:
    # (25+55)x4 = 320; Petit au bout in the trick before the Excuse: +10x4 = 40; chelem
    # announced and made +400: per defender 760; taker 3 x 760 = 2280.
    deal = deal_with({0: "EX T1 " + _trumps(6, 21)})
    to_play(deal, taker=0, contract="garde_sans", chelem=True)
    play_keeping(deal, keep={0: "EX T1"}, tricks_left=2)
    play(deal, "T1")
    play_keeping(deal, keep={0: "EX"}, tricks_left=1)
    play(deal, "EX")
    play_keeping(deal)
    r = deal.result.to_json()
    assert (r["points"], r["bouts"], r["made"]) == (91, 3, True)
    assert (r["petit_au_bout"], r["chelem"]) == ("attack", "announced_made")
    assert r["scores"] == [2280, -760, -760, -760]


def test_three_players_prise_with_the_excuse_led_first_and_exchanged():
    # The taker holds all 21 trumps, the Excuse and two kings; chien and écart 1S..6S.
    # Trick 1: Excuse, 1C, 2C: the defence wins 1C and 2C (1 point); the Excuse comes back to
    # the taker, who gives a low card (0.5) for it. The taker wins every other trick.
    # Attack: 91 - 1 - 0.5 = 89.5 points, 3 bouts: target 36, made by 53.5 -> 54:
    # (25+54)x1 = 79 per defender; taker 2 x 79 = 158.
    deal = deal_with({0: _trumps(1, 21) + " EX KS KH", 1: "1C", 2: "2C"}, players=3,
                     chien="1S 2S 3S 4S 5S 6S")
    to_play(deal, taker=0, contract="prise", ecart="1S 2S 3S 4S 5S 6S")
    play(deal, "EX 1C 2C")
    assert deal.tricks[0].winner == 2
    play_keeping(deal)
    r = deal.result.to_json()
    assert EXCUSE not in deal.tricks[-1].cards and PETIT not in deal.tricks[-1].cards
    assert deal.result.card_points == (3, 179)
    assert (r["points"], r["bouts"], r["target"], r["made"]) == (89.5, 3, 36, True)
    assert (r["petit_au_bout"], r["chelem"]) == (None, None)
    assert r["scores"] == [158, -79, -79]


def test_five_players_garde_with_a_partner():
    # The taker (seat 0) holds T7..T21 and calls the king of hearts, held by seat 2.
    # Chien 1S 2S 3S, discarded again. The attack wins every trick; the Excuse, played early
    # by the defence, stays with the defence for 4 points: 87 points, 2 bouts:
    # made by 46: (25+46)x2 = 142; unannounced chelem +200: 342 per defender;
    # taker 2 x 342 = 684, partner 342, each of the three defenders -342.
    deal = deal_with({0: _trumps(7, 21), 2: "KH"}, players=5, chien="1S 2S 3S")
    to_play(deal, taker=0, contract="garde", call="KH", ecart="1S 2S 3S")
    assert deal.partner == 2
    play_keeping(deal)
    r = deal.result.to_json()
    assert (r["partner"], r["points"], r["bouts"], r["chelem"]) == (2, 87, 2, "unannounced_made")
    assert r["scores"] == [684, -342, 342, -342, -342]


def test_five_players_garde_alone_with_the_called_king_in_the_chien_and_a_triple_poignee():
    # The king of hearts is in the chien: the taker plays alone. Its écart must hold a trump
    # (only 2S and 3S can go otherwise): 2S 3S T7. It shows 13 trumps (a triple poignée) and
    # wins every trick; a defender's Excuse played early stays with the defence (4 points):
    # 87 points, 2 bouts, made by 46: (25+46)x2 = 142, chelem +200, poignée +40:
    # 382 per defender; taker 4 x 382 = 1528.
    deal = deal_with({0: _trumps(7, 21)}, players=5, chien="KH 2S 3S")
    to_play(deal, taker=0, contract="garde", call="KH", ecart="2S 3S T7")
    assert deal.partner is None
    deal.apply(Poignee(tuple(cards(_trumps(9, 21)))))
    play_keeping(deal)
    r = deal.result.to_json()
    assert r["poignees"] == [{"seat": 0, "size": "triple"}]
    assert (r["partner"], r["points"], r["bouts"], r["chelem"]) == (None, 87, 2, "unannounced_made")
    assert r["scores"] == [1528, -382, -382, -382, -382]
