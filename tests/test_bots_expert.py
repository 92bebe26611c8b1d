"""The Expert: imagined deals that fit everything its seat saw, and a search over them."""
import pytest

from tarot.actions import BIDS, PASS, Ecart, Play
from tarot.bots import make_bot
from tarot.bots.expert import DEFAULT_SAMPLES, ExpertBot, distinct_cards, ecart_candidates
from tarot.bots.knowledge import Knowledge
from tarot.bots.rollout import above_table, rollout, seat_plan, shown_lacking
from tarot.bots.worlds import WorldBuilder, WorldSampler, world_deal
from tarot.cards import ALL_CARDS, EXCUSE_ID, MASK_FOR_SUIT, SUIT_OF, TRUMPS, cards_of, count, mask_of
from tarot.rng import Rng
from tarot.rules import Contract, Rules
from tarot.state import Deal, Phase

from .helpers import bid_until, card, cards, deal_with, play, to_play


def _views(players, seeds, every=3):
    """Views met while Standard bots play deals (every ``every``-th decision)."""
    out = []
    for seed in seeds:
        deal = Deal.new(Rules(players=players), dealer=seed % players, seed=seed)
        bots = [make_bot("standard", s) for s in range(players)]
        i = 0
        while not deal.is_over:
            seat = deal.to_act
            view = deal.view(seat)
            if i % every == 0:
                out.append(view)
            i += 1
            deal.apply(bots[seat].choose(view), seat=seat)
    return out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_imagined_deals_fit_everything_the_seat_saw(players):
    rng = Rng(players)
    checked = 0
    for view in _views(players, range(300, 306)):
        k = Knowledge(view)
        sampler = WorldSampler(view, k)
        for _ in range(2):
            world = sampler.sample(rng)
            me = view.seat
            assert world.hands[me] == mask_of(view.hand)
            assert [count(h) for h in world.hands] == list(view.hand_sizes)
            placed = world.pile
            for h in world.hands:
                assert not placed & h
                placed |= h
            assert placed | k.played | k.ecart_known | (mask_of(view.chien) if view.taker == me else 0) \
                == ALL_CARDS
            for s in range(players):
                for suit in range(5):
                    if k.void[s] >> suit & 1:
                        assert not world.hands[s] & MASK_FOR_SUIT[suit], (s, suit)
                assert world.hands[s] & k.known[s] == k.known[s]  # poignées shown stay put
            deal = world_deal(view, sampler, world)
            assert deal is not None
            assert deal.view(me) == view  # the same state, as far as this seat can tell
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_patched_imagined_deal_is_the_replayed_one(players):
    rng = Rng(10 + players)
    compared = 0
    for view in _views(players, range(310, 314), every=4):
        sampler = WorldSampler(view)
        builder = WorldBuilder(view, sampler)
        builder.deal(sampler.sample(rng))  # the template, from another world
        world = sampler.sample(rng)
        patched = builder.deal(world)
        replayed = world_deal(view, sampler, world)
        assert patched.view(view.seat) == replayed.view(view.seat)
        assert patched.hands == replayed.hands and patched.partner == replayed.partner
        if patched.phase is Phase.PLAY:
            rollout(patched)
            rollout(replayed)
            assert patched.result == replayed.result
            compared += 1
    assert compared > 5


def test_the_chien_shown_goes_to_the_taker_in_every_imagined_deal():
    for view in _views(4, range(400, 410), every=5):
        if view.phase != "play" or not view.chien or view.seat == view.taker:
            continue
        sampler = WorldSampler(view)
        world = sampler.sample(Rng(1))
        chien = mask_of(view.chien) & ~Knowledge(view).played
        assert not chien & ~(world.hands[view.taker] | world.pile)
        assert not world.pile & ~mask_of(cards_of(world.pile))  # an écart of real cards
        kings_or_trumps = [c for c in cards_of(world.pile) if c.is_king or c.is_trump or c == EXCUSE_ID]
        assert not kings_or_trumps  # an écart never hides a king, a bout or a trump


def test_the_expert_is_deterministic_for_a_seed():
    views = _views(4, [501], every=7)
    first = [ExpertBot(3, samples=3).choose(v) for v in views]
    again = [ExpertBot(3, samples=3).choose(v) for v in views]
    assert first == again


def test_the_default_budget_and_a_smaller_one():
    assert make_bot("expert", 1).samples == DEFAULT_SAMPLES
    assert make_bot("expert", 1, samples=5).samples == 5
    with pytest.raises(ValueError):
        ExpertBot(1, samples=0)


def test_the_expert_searches_imagined_deals():
    deal = to_play(deal_with({0: "QH 2H", 1: "KH 3H 4H"}), taker=0, contract="garde_sans")
    play(deal, "QH")
    bot = ExpertBot(5, samples=6)
    action = bot.choose(deal.view(1))
    assert bot.last_worlds == 6
    assert action == Play(card("KH"))  # the king behind the taker's queen


def test_the_expert_plays_the_excuse_before_the_last_trick():
    found = 0
    for seed in range(600, 640):
        deal = Deal.new(4, dealer=0, seed=seed)
        bots = [make_bot("standard", s) for s in range(4)]
        while not deal.is_over and len(deal.tricks) < 16:
            seat = deal.to_act
            deal.apply(bots[seat].choose(deal.view(seat)), seat=seat)
        if deal.is_over or deal.phase is not Phase.PLAY:
            continue
        # From here on, whoever holds the Excuse plays it before the last trick.
        holder = next((s for s in range(4) if deal.hands[s] >> EXCUSE_ID & 1), None)
        if holder is None:
            continue
        experts = [ExpertBot(s, samples=4) for s in range(4)]
        while len(deal.tricks) < 17:
            seat = deal.to_act
            deal.apply(experts[seat].choose(deal.view(seat)), seat=seat)
        assert not deal.hands[holder] >> EXCUSE_ID & 1
        found += 1
    assert found >= 3


def test_alike_cards_are_searched_once():
    deal = to_play(deal_with({0: "2H", 1: "3H 4H 6H KH"}, voids={1: "H"}), taker=0,
                   contract="garde_sans")
    play(deal, "2H")
    view = deal.view(1)
    k = Knowledge(view)
    legal = mask_of(a.card for a in view.legal if isinstance(a, Play))
    options = distinct_cards(k, legal)
    names = {str(c) for c in options}
    assert "KH" in names and len(names & {"3H", "4H"}) == 1  # nothing unseen lies between 3 and 4
    if "5H" not in {str(c) for c in view.hand} and "5H" not in {str(c) for c in cards_of(k.played)}:
        assert "6H" in names  # the unseen 5 separates 4 from 6


def test_every_ecart_candidate_is_legal():
    for seed in range(20):
        deal = Deal.new(4, dealer=0, seed=700 + seed)
        if deal.is_over:
            continue
        bid_until(deal, 0, "garde")
        while deal.phase is Phase.BIDDING:
            deal.apply(BIDS["pass"])
        if deal.phase is not Phase.ECART:
            continue
        for ecart in ecart_candidates(deal.hands[0], 6):
            assert deal.why_not(Ecart(tuple(ecart))) is None


def test_the_ecart_candidates_include_two_voids_at_once():
    # Clubs 1 card, spades 2, hearts 4, none with its king: the book voids clubs and
    # spades (the shortest first) and cannot void hearts too; clubs and hearts together
    # fit the six cards, and so do spades and hearts.
    hand = mask_of(cards("3C 4S 8S 2H 5H 9H JH KD QD 7D 6D 5D 4D 3D 2D 1D T1 T4 T7 T9 T12 T15 T18 T21"))
    candidates = [{str(c) for c in e} for e in ecart_candidates(hand, 6)]
    assert candidates[0] >= {"3C", "4S", "8S"}  # the book's écart comes first
    assert {"4S", "8S", "2H", "5H", "9H", "JH"} in candidates


def test_rollouts_play_legal_cards_to_the_end():
    from tarot.bots.expert import finish_setup

    for players in (3, 4, 5):
        for seed in range(15):
            deal = Deal.new(Rules(players=players), dealer=0, seed=800 + seed)
            if deal.is_over:
                continue
            deal.apply(BIDS["garde"])
            while deal.phase is Phase.BIDDING:
                deal.apply(BIDS["pass"])
            finish_setup(deal, 0)
            for public in (True, False):  # each seat from its own view; every hand seen
                played, checked = deal.copy(), deal.copy()
                rollout(played, public)
                assert played.phase is Phase.DONE and sum(played.result.scores) == 0
                assert EXCUSE_ID not in played.tricks[-1].cards  # never kept for the last trick
                for trick in played.tricks:  # the same cards through apply(), which refuses any illegal one
                    for c in trick.cards:
                        checked.apply(Play(c))
                assert [(t.cards, t.winner) for t in checked.tricks] == [(t.cards, t.winner) for t in played.tricks]
                assert checked.result == played.result


def _lacking(text: str, led: str | None, high: str | None) -> set[str]:
    """What playing ``text`` shows its seat lacks, as card names (suits and trumps whole)."""
    suit = {"S": 0, "H": 1, "D": 2, "C": 3, "T": 4}
    lacks = shown_lacking(card(text), -1 if led is None else suit[led], -1 if high is None else card(high),
                          above_table(Rules(players=4)))
    out = {s for s, m in zip("SHDCT", MASK_FOR_SUIT) if lacks & m == m}
    return out | {c for c in (f"T{r}" for r in range(1, 22)) if lacks >> card(c) & 1 and "T" not in out}


def test_a_card_off_the_suit_led_shows_a_void():
    assert _lacking("5S", "H", None) == {"H", "T"}  # neither hearts nor trumps
    assert _lacking("T3", "H", None) == {"H"}  # it trumped: no hearts
    assert _lacking("2H", "T", None) == {"T"}  # trumps led, a heart played: no trumps


def test_a_trump_under_the_highest_shows_none_above_it():
    assert _lacking("T5", "H", "T10") == {"H", "T11", "T12", "T13", "T14", "T15", "T16", "T17", "T18",
                                          "T19", "T20", "T21"}
    assert _lacking("T12", "T", "T10") == set()  # it went over: nothing shown


def test_following_or_leading_or_the_excuse_shows_nothing():
    assert _lacking("2H", "H", "T10") == set()
    assert _lacking("5S", None, None) == set()
    assert _lacking("EX", "H", None) == set()


def test_a_playout_seat_knows_the_other_side_and_who_plays_after_it():
    # 4 players, the taker in seat 1: seat 0 defends with seats 2 and 3.
    opponents, after = seat_plan(4, 0b0010)[0]
    assert opponents == (1,)
    # Leading, the taker and both partners play after it; last to play, nobody.
    assert after == (((1,), (2, 3)), ((1,), (2,)), ((1,), ()), ((), ()))
    # 5 players, the taker in seat 0 and its partner in seat 3: seat 3 plays second
    # (seat 2 led), then seats 4, 0 and 1.
    opponents, after = seat_plan(5, 0b01001)[3]
    assert opponents == (1, 2, 4)
    assert after[1] == ((4, 1), (0,))


def _first_playout_card(deal, public):
    d = deal.copy()
    rollout(d, public)
    return d.tricks[len(deal.tricks)].cards[len(deal.trick)]


def test_a_playout_seat_plays_from_its_hand_and_what_the_play_showed():
    # The other hands dealt again at random: the public play-out's next card stays,
    # that of the play-out where every hand is seen moves somewhere.
    rng = Rng(5)
    moved_when_seen = 0
    positions = 0
    for seed in range(40, 46):
        deal = Deal.new(Rules(players=4), dealer=0, seed=seed)
        bots = [make_bot("standard", s) for s in range(4)]
        while not deal.is_over:
            seat = deal.to_act
            if deal.phase is Phase.PLAY and len(deal.history) % 5 == 0 and deal.legal_cards_mask().bit_count() > 1:
                others = [s for s in range(4) if s != seat]
                pool = cards_of(sum(deal.hands[s] for s in others))
                rng.shuffle(pool)
                hands = list(deal.hands)
                for s in others:
                    size = count(hands[s])
                    hands[s], pool = mask_of(pool[:size]), pool[size:]
                elsewhere = deal.with_cards_moved(hands)
                positions += 1
                assert _first_playout_card(elsewhere, True) == _first_playout_card(deal, True)
                moved_when_seen += _first_playout_card(elsewhere, False) != _first_playout_card(deal, False)
            deal.apply(bots[seat].choose(deal.view(seat)), seat=seat)
    assert positions > 30 and moved_when_seen > 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_expert_plays_only_legal_actions(players):
    from .test_bots_rules import play_deal

    for seed in range(3):
        deal = play_deal(players, 900 + seed, ["expert", "standard"], [{}, {"misere": True}][seed % 2])
        assert deal.phase is Phase.DONE


def test_imagined_deals_where_a_defenders_low_lead_promised_no_honour_are_drawn_less():
    # Seat 1, a defender, leads a low heart: the FFT signal promises the king or the queen,
    # in five hearts or more.
    deal = to_play(deal_with({1: "2H KH 3S"}, dealer=0), taker=0, contract="garde_sans")
    play(deal, "2H")
    view = deal.view(3)
    sampler = WorldSampler(view, use_bids=False)
    rng = Rng(5)
    honours = mask_of([card("KH"), card("QH")])
    weights = {True: set(), False: set()}
    for _ in range(40):
        world = sampler.sample(rng)
        dealt = sampler.dealt_hand(world, 1)
        holds = bool(dealt & honours) and count(dealt & MASK_FOR_SUIT[SUIT_OF[card("2H")]]) >= 5
        weights[holds].add(sampler.signal_likelihood(world))
    assert weights[True] == {1.0} and weights[False] and max(weights[False]) < 1.0


def test_imagined_deals_where_a_defenders_first_trump_promised_a_card_it_lacks_are_drawn_less():
    # Seat 1, a defender, leads the 16 first: it promises the Excuse.
    deal = to_play(deal_with({1: "T16 T4 2H 3S"}, dealer=0), taker=0, contract="garde_sans")
    play(deal, "T16")
    sampler = WorldSampler(deal.view(3), use_bids=False)
    rng = Rng(5)
    weights = {True: set(), False: set()}
    for _ in range(40):
        world = sampler.sample(rng)
        dealt = sampler.dealt_hand(world, 1)
        if count(dealt & TRUMPS) < 7:  # as its even trump says
            weights[bool(dealt >> card("EX") & 1)].add(sampler.signal_likelihood(world))
    assert weights[True] == {1.0} and weights[False] and max(weights[False]) < 1.0


def test_a_first_trump_promising_a_card_seen_elsewhere_weighs_no_imagined_deal():
    # Seat 1, a defender, leads the 16 first, promising the Excuse that seat 3 holds:
    # no imagined deal can keep the promise, so none is drawn less for it.
    deal = to_play(deal_with({1: "T16 T4 2H 3S", 3: "EX 5H"}, dealer=0), taker=0, contract="garde_sans")
    play(deal, "T16")
    sampler = WorldSampler(deal.view(3), use_bids=False)
    rng = Rng(5)
    weights = set()
    for _ in range(40):
        world = sampler.sample(rng)
        if count(sampler.dealt_hand(world, 1) & TRUMPS) < 7:  # as its even trump says
            weights.add(sampler.signal_likelihood(world))
    assert weights == {1.0}


def test_a_low_lead_under_honours_seen_elsewhere_weighs_no_imagined_deal():
    # Seat 1, a defender, leads a low heart while seat 3 holds the king and the queen.
    deal = to_play(deal_with({1: "2H 3S", 3: "KH QH 4S"}, dealer=0), taker=0, contract="garde_sans")
    play(deal, "2H")
    sampler = WorldSampler(deal.view(3), use_bids=False)
    rng = Rng(5)
    assert {sampler.signal_likelihood(sampler.sample(rng)) for _ in range(40)} == {1.0}


def test_two_low_cards_around_a_card_in_the_trick_are_not_alike():
    from .test_bots_standard import position

    deal = position({0: "4S 2H", 1: "3S 5S", 2: "6H 7H", 3: "8H 9H"}, taker=0, leader=0)
    play(deal, "4S")
    k = Knowledge(deal.view(1))
    assert set(distinct_cards(k, deal.legal_cards_mask())) == {card("3S"), card("5S")}


def test_a_bid_of_the_scale_is_dropped_only_when_the_imagined_deals_lose_enough():
    deal = deal_with({0: "T21 T20 T18 T15 T12 T9 T5 T3 KS QS 2S 3S KH 4H 5D 6D 7C 8C"})  # a garde on the scale
    view = deal.view(0)
    kept = ExpertBot(seed=1, samples=4, bid_loss=1000).bid(view)  # a pass only past a loss of 1000 per defender
    dropped = ExpertBot(seed=1, samples=4, bid_loss=-1000).bid(view)  # a pass unless it wins 1000 per defender
    assert kept.contract in (Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS)  # one contract from the garde
    assert dropped == PASS


def test_a_hand_the_scale_passes_is_bid_only_when_the_imagined_deals_win_enough():
    deal = deal_with({0: "T14 T11 T9 T5 T3 T2 KS 2S 3S 4H 5H 6H 5D 6D 7D 7C 8C 9C"})  # 16 points: a pass
    view = deal.view(0)
    assert ExpertBot(seed=1, samples=4, bid_gain=1000).bid(view) == PASS
    assert ExpertBot(seed=1, samples=4, bid_gain=-1000).bid(view).contract is not None


def test_the_taker_edge_favours_the_higher_contracts():
    deal = deal_with({0: "T21 T20 T18 T15 T12 T9 T5 T3 KS QS 2S 3S KH 4H 5D 6D 7C 8C"})  # a garde on the scale
    view = deal.view(0)
    # A large edge per unit of multiplier: the highest contract searched, one above the scale's.
    assert ExpertBot(seed=1, samples=4, taker_edge=1000).bid(view).contract is Contract.GARDE_SANS
    # A large negative one: every contract loses more than a bid may, so the hand passes.
    assert ExpertBot(seed=1, samples=4, taker_edge=-1000).bid(view) == PASS


def _garde_at_ecart(seed):
    """A 4-player deal where seat 0 bid a garde and the others passed: its écart to make."""
    deal = Deal.new(4, dealer=0, seed=seed)
    bid_until(deal, 0, "garde")
    while deal.phase is Phase.BIDDING:
        deal.apply(BIDS["pass"])
    assert deal.phase is Phase.ECART
    return deal


def test_the_book_ecart_wins_a_near_tie_within_its_margin():
    deal = _garde_at_ecart(701)
    view = deal.view(0)
    book, other = "book", "other"
    rounds = iter(range(10_000))

    def play(d, option):  # the other écart 4 points better per imagined deal, give or take 20
        swing = 20 if next(rounds) // 2 % 2 else -20
        return 100.0 + (4 + swing if option == other else 0)

    def search(margin):
        bot = ExpertBot(seed=1, samples=8)
        return bot._search(view, Knowledge(view), [book, other], play, 40, book, margin)

    assert search(6.0) == book  # 4 points a deal: within the écart's margin
    assert search(1.0) == other  # but not within the card's


def test_the_ecart_search_gives_the_book_ecart_its_margin():
    deal = _garde_at_ecart(701)
    bot = ExpertBot(seed=1, samples=8, ecart_margin=7.5)
    seen = []
    bot._search = lambda view, k, options, play, count, prior=None, margin=None, look=None: (
        seen.append((prior, margin)) or prior)
    chosen = bot.ecart(deal.view(0))
    assert seen == [(chosen, 7.5)]
    assert set(chosen.cards) == set(ecart_candidates(deal.hands[0], 6)[0])  # the prior is the book's


# ------------------------------------------------- the partner of a prise (4 players)
def _prise_called(call):
    """Seat 1 takes a prise at 4 players (``prise_partner``) calling ``call`` (None: no call);
    seat 0, which holds the king of hearts, leads."""
    chien = "2D 3D 4D 5D 6D 7D"
    deal = deal_with({0: "KH 2S", 2: "QH 5H", 3: "4H"}, chien=chien, prise_partner=True)
    return to_play(deal, taker=1, contract="prise", call=call, ecart=chien)


def _partners(view, worlds=40):
    """The partners of imagined deals of ``view``, after checking that each replays to the view
    and that the king of hearts, while unplayed, is in its partner's hand."""
    sampler = WorldSampler(view)
    builder = WorldBuilder(view, sampler)
    rng = Rng(3)
    king = card("KH")
    partners = set()
    for _ in range(worlds):
        world = sampler.sample(rng)
        deal = builder.deal(world)
        assert deal is not None and deal.view(view.seat) == view
        holder = next((s for s in range(4) if world.hands[s] >> king & 1), deal.partner)
        assert deal.partner == holder
        partners.add(deal.partner)
    return partners


def test_a_defender_imagines_the_called_king_with_either_other_seat_until_it_falls():
    deal = _prise_called("KH")
    assert _partners(deal.view(2)) == {0, 3}  # never the taker (it would play alone), never the écart
    play(deal, "KH")
    assert _partners(deal.view(2)) == {0}


def test_a_prise_without_a_call_is_imagined_without_a_partner():
    deal = _prise_called(None)
    view = deal.view(2)
    sampler = WorldSampler(view)
    for seed in range(5):
        imagined = world_deal(view, sampler, sampler.sample(Rng(seed)))
        assert imagined is not None and imagined.partner is None and imagined.view(2) == view
