"""The blunder scanner: each detector fires on the card a club player would laugh at,
and stays silent on the right card (or when the seat could not know)."""
import json

from tarot.actions import Play
from tarot.tools.blunders import DETECTORS, main, scan_deal, scan_records
from tarot.bots.clean import card_flaws
from tarot.bots.knowledge import Knowledge
from tarot.cards import cards_of

from .helpers import card, deal_with, play, play_keeping, to_play
from .test_bots_standard import decide, position


def flaws(deal, text):
    """The flaws of the seat to act playing ``text`` now."""
    k = Knowledge(deal.view(deal.to_act))
    return card_flaws(k, card(text), deal.legal_cards_mask())


def test_overtrumping_a_partners_sure_trick_with_a_big_trump_is_a_blunder():
    # Taker 1 plays before the defenders 2 and 3; defender 2 has cut the heart with the 5.
    deal = position({0: "7H 2S", 1: "KH 3S", 2: "T5 4S", 3: "T20 T6"}, taker=0, leader=0)
    play(deal, "7H KH T5")
    assert "overtrump_partner" in flaws(deal, "T20")
    assert flaws(deal, "T6") == []


def test_overtrumping_a_partner_whose_trick_an_opponent_may_still_take_is_not_a_blunder():
    # The taker (seat 3) plays after: he may cut above the 5, so the 20 makes the trick sure.
    deal = position({0: "7H 2S", 1: "T5 3S", 2: "T20 T6", 3: "8S 9S"}, taker=3, leader=0)
    play(deal, "7H T5")
    assert "overtrump_partner" not in flaws(deal, "T20")


def test_taking_a_sure_trick_with_a_dearer_trump_than_needed_is_a_blunder():
    deal = position({0: "7H 2S", 1: "KH 3S", 2: "2H 4S", 3: "T18 T6"}, taker=1, leader=0)
    play(deal, "7H KH 2H")
    assert flaws(deal, "T18") == ["dearer_winner"]
    assert flaws(deal, "T6") == []


def test_a_defender_giving_a_queen_to_the_takers_sure_trick_is_a_blunder():
    deal = position({0: "T21 2S", 1: "QS 2H", 2: "3S 4S", 3: "5S 6S"}, taker=0, leader=0)
    play(deal, "T21")
    assert set(flaws(deal, "QS")) == {"honour_to_taker", "points_to_opponents"}
    assert flaws(deal, "2H") == []


def test_a_queen_thrown_while_a_partner_may_still_take_the_trick_is_not_a_blunder():
    deal = position({0: "KS 2S", 1: "QH 2H", 2: "3S 4S", 3: "5S 6S"}, taker=0, leader=0)
    play(deal, "KS")
    assert flaws(deal, "QH") == []  # seats 2 and 3 may cut the king


def test_the_taker_leading_a_trump_when_nobody_else_holds_one_is_a_blunder():
    trumps = " ".join(f"T{n}" for n in range(1, 22))
    deal = to_play(deal_with({0: trumps + " KS 2S 3S"}, players=3), taker=0, contract="garde_sans")
    assert flaws(deal, "T5") == ["idle_trump_lead"]
    assert flaws(deal, "KS") == []


def test_a_trump_lead_while_another_seat_may_hold_one_is_not_idle():
    trumps = " ".join(f"T{n}" for n in range(1, 21))
    deal = to_play(deal_with({0: trumps + " KS 2S 3S 4S"}, players=3), taker=0, contract="garde_sans")
    assert flaws(deal, "T5") == []


def test_keeping_the_excuse_for_the_last_trick_is_a_blunder():
    deal = to_play(deal_with({1: "EX"}), taker=0, contract="garde_sans")
    play_keeping(deal, keep={1: "EX"}, tricks_left=2)
    while deal.to_act != 1:
        deal.apply(Play(cards_of(deal.legal_cards_mask())[-1]))
    other = next(c for c in cards_of(deal.hands[1]) if str(c) != "EX")
    assert flaws(deal, str(other)) == ["excuse_kept"]
    assert flaws(deal, "EX") == []


def test_the_petit_played_under_the_takers_trump_is_a_blunder():
    deal = position({0: "T10 2S", 1: "T1 T3", 2: "3S 4S", 3: "5S 6S"}, taker=0, leader=0)
    play(deal, "T10")
    assert flaws(deal, "T1") == ["petit_given"]
    assert flaws(deal, "T3") == []


def test_the_petit_given_to_a_partners_sure_trick_is_saved():
    deal = position({0: "T21 2S", 1: "T1 T3", 2: "3S 4S", 3: "5S 6S"}, taker=3, leader=0)
    play(deal, "T21")
    assert flaws(deal, "T1") == []


def test_at_five_players_a_seat_that_may_be_the_partner_is_neither_ally_nor_opponent():
    # Seat 2 leads the 21 of trumps; seat 3 cannot know whether seat 2 is the taker's partner.
    deal = position({0: "2S 3S", 1: "4S 5S", 2: "T21 6S", 3: "QS 2H", 4: "7S 8S"},
                    taker=0, leader=2, players=5, called="KH")
    play(deal, "T21")
    assert flaws(deal, "QS") == []  # the trick may be its own side's


def test_a_defender_leading_a_low_card_without_its_king_or_queen_gives_a_false_signal():
    # A low card led promises the king or the queen: seat 1 holds neither in spades.
    deal = position({0: "2H 3H", 1: "2S 9S", 2: "3S 4S", 3: "5S 6S"}, taker=0, leader=1)
    assert flaws(deal, "2S") == ["false_signal"]
    assert flaws(deal, "9S") == []  # a high pip promises nothing


def test_a_low_card_led_under_the_queen_in_five_cards_is_a_true_signal():
    deal = position({0: "2H 3H 4H 5H 6H", 1: "2S 3S 4S QS 7H", 2: "5S 6S 7S 8S 9S",
                     3: "2D 3D 4D 5D 6D"}, taker=0, leader=1)
    assert flaws(deal, "2S") == ["false_signal"]  # four spades: the promise is five cards or more
    deal = position({0: "2H 3H 4H 5H 6H", 1: "2S 3S 4S 5S QS", 2: "6S 7S 8S 9S 10S",
                     3: "2D 3D 4D 5D 6D"}, taker=0, leader=1)
    assert flaws(deal, "2S") == []


def test_a_low_card_led_in_a_suit_already_opened_signals_nothing():
    deal = position({0: "7S 2H 3H", 1: "9S 2S 4H", 2: "3S 4S 5H", 3: "5S 6S 6H"}, taker=0, leader=0)
    play(deal, "7S 9S 3S 5S")  # seat 1 wins the first spade and leads again
    assert flaws(deal, "2S") == []
    assert flaws(deal, "4H") == ["false_signal"]


def test_the_taker_leading_a_low_card_sends_no_signal():
    deal = position({0: "2S 9S", 1: "2H 3H", 2: "3S 4S", 3: "5S 6S"}, taker=0, leader=0)
    assert flaws(deal, "2S") == []


def test_a_defenders_first_trump_led_odd_with_few_trumps_gives_a_false_signal():
    # An odd trump led first promises seven trumps or more; seat 1 holds two.
    deal = position({0: "2H 3H", 1: "T9 T8", 2: "3S 4S", 3: "5S 6S"}, taker=0, leader=1)
    assert flaws(deal, "T9") == ["false_signal"]
    assert flaws(deal, "T8") == []


def test_a_defenders_first_trump_led_even_with_seven_trumps_gives_a_false_signal():
    trumps = "T2 T3 T4 T5 T6 T7 T8"
    deal = position({0: "2H 3H 4H 5H 6H 7H 8H", 1: trumps, 2: "3S 4S 5S 6S 7S 8S 9S",
                     3: "2D 3D 4D 5D 6D 7D 8D"}, taker=0, leader=1)
    assert flaws(deal, "T4") == ["false_signal"]
    assert flaws(deal, "T5") == []


def test_a_defenders_first_trump_from_15_to_20_promises_a_card():
    # The 19 promises the 20, the 20 the 19, a trump from 15 to 18 the Excuse.
    seven = "T3 T5 T7 T9 T11 T13"
    deal = position({0: "2H 3H 4H 5H 6H 7H 8H", 1: "T19 " + seven, 2: "2S 3S 4S 5S 6S 7S 8S",
                     3: "2D 3D 4D 5D 6D 7D 8D"}, taker=0, leader=1)
    assert flaws(deal, "T19") == ["false_signal"]
    assert flaws(deal, "T3") == []
    deal = position({0: "2H 3H 4H 5H 6H 7H", 1: "T19 T20 T3 T5 T7 T9 T11", 2: "2S 3S 4S 5S 6S 7S 8S",
                     3: "2D 3D 4D 5D 6D 7D 8D"}, taker=0, leader=1)
    assert flaws(deal, "T19") == []
    deal = position({0: "2H 3H 4H", 1: "T16 T4 2C", 2: "2S 3S 4S", 3: "2D 3D 4D"}, taker=0, leader=1)
    assert flaws(deal, "T16") == ["false_signal"]
    assert flaws(deal, "T4") == []
    deal = position({0: "2H 3H 4H", 1: "T16 EX 2C", 2: "2S 3S 4S", 3: "2D 3D 4D"}, taker=0, leader=1)
    assert flaws(deal, "T16") == []


def test_a_first_trump_promising_a_card_already_played_promises_nothing():
    deal = position({0: "EX 2H 3H", 1: "T16 T4 2C", 2: "2S 3S 4S", 3: "2D 3D 4D"}, taker=0, leader=0)
    play(deal, "EX 2C 2S 2D")  # the taker's Excuse is seen: the 16 cannot promise it
    assert deal.to_act == 1
    assert flaws(deal, "T16") == []


def test_a_lead_that_lies_is_no_flaw_when_only_the_petit_tells_no_lie():
    # Four trumps, the Excuse gone: 13 odd, 16 and 18 would promise it; leading the Petit is no way out.
    deal = position({0: "2H 3H 4H 5H", 1: "T1 T13 T16 T18", 2: "2S 3S 4S 5S", 3: "2D 3D 4D 5D"},
                    taker=0, leader=1)
    assert flaws(deal, "T13") == []
    assert decide(deal) != "T1"


def test_the_excuse_on_the_first_round_of_trumps_without_the_petit_gives_a_false_signal():
    # A defender's Excuse on the first trump lead says the Petit is in danger.
    deal = position({0: "T10 2H 3H", 1: "EX T3 2S", 2: "3S 4S 4H", 3: "5S 6S 5H"}, taker=0, leader=0)
    play(deal, "T10")
    assert flaws(deal, "EX") == ["false_signal"]
    assert flaws(deal, "T3") == []
    deal = position({0: "T10 2H 3H", 1: "EX T1 T3", 2: "3S 4S 4H", 3: "5S 6S 5H"}, taker=0, leader=0)
    play(deal, "T10")
    assert flaws(deal, "EX") == []  # the Petit is there: a true signal


def test_the_scanner_reads_records_and_finds_the_petit_lost():
    deal = position({0: "T10 2S", 1: "T1 T3", 2: "T2 4S", 3: "T4 6S"}, taker=0, leader=0)
    start = deal.copy()
    play(deal, "T10 T1 T2 T4")
    findings, played = scan_deal(start, deal.history[len(start.history):], "test")
    assert played
    assert [(f.detector, f.trick, f.seat, f.card) for f in findings] == [
        ("petit_given", 1, 1, "T1")]  # the deal is not over: petit_lost is judged at the end


def test_a_king_that_could_have_been_cashed_and_was_lost_is_found():
    # Seat 0 (taker, garde sans) holds the king of spades; everybody follows spades at trick 1,
    # so it could be cashed; it leads its hearts instead and the king is cut at the end.
    hands = {0: "KS 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH NH QH KH T2 T3 T4",
             1: "1S T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
             2: "2S", 3: "3S"}
    deal = to_play(deal_with(hands, voids={2: "HT", 3: "HT"}), taker=0, contract="garde_sans")
    start = deal.copy()
    while not deal.is_over:
        legal = cards_of(deal.legal_cards_mask())
        if deal.to_act == 0 and not deal.trick:
            pick = [c for c in legal if str(c) != "KS"] or legal
            deal.apply(Play(pick[0]))
        else:
            deal.apply(Play(legal[-1] if deal.to_act == 1 else legal[0]))
    findings, _ = scan_deal(start, deal.history[len(start.history):], "test")
    assert "king_not_cashed" in [f.detector for f in findings]
    ks = next(f for f in findings if f.detector == "king_not_cashed")
    assert ks.seat == 0 and ks.card == "KS"


def test_the_command_line_counts_per_100_deals(capsys):
    from tarot.tools.cli import main as cli_main

    assert cli_main(["blunders", "--level", "debutant", "--players", "4", "--deals", "3", "--seed", "5",
                     "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deals"] == 3 and set(out["per_100_deals_played"]) == set(DETECTORS)


def test_a_bad_level_is_refused_with_status_2(capsys):
    assert main(["--level", "grandmaster", "--players", "4", "--deals", "1"]) == 2
    assert "unknown bot level" in capsys.readouterr().err


def test_the_scanner_names_a_record_it_cannot_read():
    scan = scan_records('{"format": "tarot-deal/1"}\nnot json\n')
    assert len(scan.errors) == 2 and scan.deals == 0


def test_a_file_with_no_readable_record_gives_its_errors_and_no_table(tmp_path, capsys):
    path = tmp_path / "deals.jsonl"
    path.write_text('{"format": "tarot-deal/1"\n', encoding="utf-8")
    assert main(["--file", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "record 1: invalid JSON" in err and out == ""


def test_records_from_selfplay_scan_like_the_deals_played_again():
    from tarot.tools.blunders import scan_selfplay, selfplay_deals
    from tarot.rules import Rules

    rules = Rules(players=4)
    lines = []
    for start, actions, _ in selfplay_deals(rules, ["random"] * 4, 4, seed=3):
        deal = start.copy()
        for seat, action in actions:
            deal.apply(action, seat=seat)
        lines.append(json.dumps(deal.to_record()))
    from_file = scan_records("\n".join(lines))
    played = scan_selfplay(rules, ["random"] * 4, 4, seed=3)
    assert from_file.counts == played.counts and sum(played.counts.values()) > 0
