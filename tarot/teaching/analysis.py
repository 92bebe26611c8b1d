"""The graded analysis of a deal (``tarot-analysis/1``): each decision of one seat, weighed.

For each decision the seat took in a record, the evaluator imagines deals of the cards
that seat could not see, consistent with all it had seen (the Expert's sampler:
:class:`~tarot.bots.worlds.WorldSampler` reading the bids, poignées, signals and voids
through :class:`~tarot.bots.knowledge.Knowledge`).  Every option is played out to the
end of the **same** imagined deals by the Expert's play-out policy (the others bid by
the points scale, the set-up goes the Standard way, the cards by
:func:`~tarot.bots.rollout.rollout`, the last tricks searched exactly as the Expert
does), and its expected score for the seat is averaged in deal units.  Every option
meets every imagined deal of the budget, so the loss of the action played against the
best has a paired standard error.  The budget adapts: a decision whose class more deals
could change (:func:`~tarot.teaching.accuracy.unsettled`) is weighed again on twice as
many, the next deals of the same draws (:class:`PlayOut`), up to :data:`MOST_FACTOR`
times the budget; so is the best played while a runner-up
:func:`~tarot.teaching.accuracy.may_be_a_mistake`'s worth better (the budget's best may be
a mistake).  The deals added are played out only for the options still in contention
(:func:`contenders`: the one played, the best, and those within :data:`PRUNE` standard
errors of it); the others keep the means of the deals they met.  Grades and accuracy:
:mod:`tarot.teaching.accuracy`.

The options: every bid, call, chelem answer, card and declaration (poignée, misère)
the rules allow; for the écart the Expert's candidates (:func:`~tarot.bots.expert.ecart_candidates`)
and the one played; for the purchase the Standard one, the engine's default and the one played.

:func:`grade_record` yields the graded decisions one at a time (:func:`seat_steps` says
which, for a page that shows progress; :func:`analysis_of` puts them together);
:func:`analyse_record` gives the whole ``tarot-analysis/1`` object; :func:`grade` grades
one decision.  Same record, seat, worlds and seed: the same figures.  :func:`advise` gives the
best action of a decision still to take (the page's *Conseil*): the same options on the same
imagined deals, so the same best and evs as :func:`grade` at that step where the played action
left the class settled.  Its parts serve other
weighings (the puzzle miner, :mod:`tarot.puzzles.mine`): :func:`options_of` (the options),
:func:`played_out` (each option's scores on the same imagined deals), :func:`decision_rng`,
:func:`paired_se` and :func:`why`.
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import TypeVar

from ..actions import ANNOUNCE_CHELEM, NO_CHELEM, Action, Ecart, Play, Poignee, seatless_json
from ..bot import Reason
from ..bots.clean import card_flaws
from ..bots.endgame import OverBudget, solve
from ..bots.expert import ENDGAME_CARDS, ENDGAME_NODES, ecart_candidates, finish_setup
from ..bots.knowledge import Knowledge
from ..bots.purchase import choose_purchase
from ..bots.reasons import explain
from ..bots.rollout import rollout
from ..bots.standard import StandardBot, standard_bid
from ..bots.worlds import World, WorldBuilder, WorldSampler
from ..cards import mask_of
from ..phase import Phase
from ..replay import decisions
from ..result import DealResult
from ..rng import Rng
from ..rules import Rules
from ..state import Deal
from ..view import SeatView
from .accuracy import accuracy, classify, counted_loss, may_be_a_mistake, unsettled

FORMAT = "tarot-analysis/1"
T = TypeVar("T")
DEFAULT_WORLDS = 24  # imagined deals per decision: the page's default budget (see docs/analysis.md)
MOST_FACTOR = 16  # an unsettled decision gets up to this many times the budget, doubling it each step
PRUNE = 4.0  # standard errors: an option so far below the best is not weighed on the deals added
# Which accuracy each phase of the engine counts in.
ACCURACY_OF = {"bidding": "bidding", "calling": "bidding", "chelem": "bidding",
               "ecart": "ecart", "purchase": "ecart", "play": "play"}
ACCURACY_KEYS = ("deal", "bidding", "ecart", "play")


@dataclass(frozen=True)
class Graded:
    """One decision of the seat, graded: the action played, the best one, the loss in deal
    units and its standard error, the class, a reason, and each option's expected score
    (best first; none for a forced decision)."""

    step: int
    phase: str
    played: Action
    best: Action
    loss: float
    se: float
    grade: str
    reason: Reason
    options: tuple[tuple[Action, float], ...]
    worlds: int = 0  # the imagined deals it was weighed on (0 for a forced decision)

    @property
    def forced(self) -> bool:
        return not self.options

    def to_json(self) -> dict[str, object]:
        return {
            "step": self.step,
            "phase": self.phase,
            "played": seatless_json(self.played),
            "best": seatless_json(self.best),
            "loss": round(self.loss, 2),
            "se": round(self.se, 2),
            "class": self.grade,
            "reason": self.reason.to_json(),
            "options": _option_entries(self.options),
        }


def _option_entries(options: tuple[tuple[Action, float], ...]) -> list[dict[str, object]]:
    """The options and their expected scores as the JSON lists them."""
    return [{"action": seatless_json(a), "ev": round(ev, 2)} for a, ev in options]


# ------------------------------------------------------------------ a record
def seat_steps(record: object, seat: int) -> list[int]:
    """The steps (indices in the record's actions) of the decisions ``seat`` took: what
    :func:`grade_record` will grade, to show progress.  :class:`~tarot.errors.RecordError`
    for a record that does not replay."""
    return [index for index, s, _action, _deal in decisions(record) if s == seat]


def grade_record(record: object, seat: int, worlds: int = DEFAULT_WORLDS, seed: int = 0,
                 most: int | None = None) -> Iterator[Graded]:
    """Each decision of ``seat`` in ``record``, graded (:func:`grade`), in order.  A record that
    does not replay raises :class:`~tarot.errors.RecordError` where it fails."""
    for index, s, action, deal in decisions(record):
        if s == seat:
            yield grade(deal.view(seat), action, index, worlds, seed, most)


def analyse_record(record: object, seat: int, worlds: int = DEFAULT_WORLDS, seed: int = 0) -> dict[str, object]:
    """The ``tarot-analysis/1`` object of ``seat`` in ``record``."""
    return analysis_of(list(grade_record(record, seat, worlds, seed)), seat, worlds)


def analysis_of(graded: list[Graded], seat: int, worlds: int) -> dict[str, object]:
    """The ``tarot-analysis/1`` object of the decisions :func:`grade_record` graded (a page
    that grades them one at a time, to show progress, puts them together with this)."""
    return {
        "format": FORMAT,
        "seat": seat,
        "worlds": worlds,
        "unit": "deal",
        "decisions": [g.to_json() for g in graded],
        "accuracy": accuracies(graded),
    }


def accuracies(graded: list[Graded]) -> dict[str, float | None]:
    """The accuracy of the deal and of each phase; forced decisions do not count (they are no
    decision), a phase without a decision is ``None``."""
    losses = _counted_losses(graded)
    return {key: accuracy(losses[key]) for key in ACCURACY_KEYS}


def phase_losses(graded: list[Graded]) -> dict[str, float]:
    """Where the points went: the deal units lost beyond the noise in the deal and in each
    phase (``bidding``, ``ecart``, ``play``), the sums the accuracies are made of."""
    return {key: sum(values) for key, values in _counted_losses(graded).items()}


def _counted_losses(graded: list[Graded]) -> dict[str, list[float]]:
    """The counted loss of each decision that was one, in the deal and in its phase."""
    losses: dict[str, list[float]] = {key: [] for key in ACCURACY_KEYS}
    for g in graded:
        if g.forced:
            continue
        lost = counted_loss(g.loss, g.se)
        losses["deal"].append(lost)
        losses[ACCURACY_OF[g.phase]].append(lost)
    return losses


# ---------------------------------------------------------------- a decision
def grade(view: SeatView, played: Action, step: int, worlds: int = DEFAULT_WORLDS, seed: int = 0,
          most: int | None = None) -> Graded:
    """The decision of the seat of ``view`` (to act) that played ``played`` at ``step``: weighed on
    ``worlds`` imagined deals, then, while its class is unsettled (:func:`~tarot.teaching.accuracy.unsettled`),
    on twice as many, up to ``most`` (default :data:`MOST_FACTOR` × ``worlds``; ``worlds`` for a
    fixed budget).  The deals added are the next ones of the same draws."""
    return finished(grading(view, played, step, worlds, seed, most))


def grading(view: SeatView, played: Action, step: int, worlds: int = DEFAULT_WORLDS, seed: int = 0,
            most: int | None = None) -> Generator[None, None, Graded]:
    """:func:`grade`, a step at a time: it yields after each imagined deal played out and returns
    the :class:`Graded` (for a worker that answers other requests in between)."""
    played_option = normal_action(played)
    options = options_of(view, played_option)
    if len(options) <= 1:
        return Graded(step, view.phase, played, played, 0.0, 0.0, "good", explain(view, played), ())
    mine = options.index(played_option)
    playout = PlayOut(view, options, decision_rng(seed, step))
    cap = MOST_FACTOR * worlds if most is None else max(worlds, most)
    target, active = worlds, list(range(len(options)))
    while True:
        yield from playout.extending(target, active)
        means, best, loss, se = weighed(playout.values, mine, active)
        if target >= cap or playout.made < target or not _unsettled(playout.values, means, best, mine, loss, se, active):
            break
        target, active = min(cap, 2 * target), contenders(playout.values, means, best, mine, active)
    order = sorted(range(len(options)), key=lambda i: (i != best, -means[i], i))  # the best first, ties after it
    reason = _reason(view, played_option, options[best], best != mine)
    return Graded(step, view.phase, played, options[best], loss, se, classify(loss, se), reason,
                  tuple((options[i], means[i]) for i in order), playout.made)


def finished(steps: Generator[None, None, T]) -> T:
    """What a step-at-a-time computation (:func:`grading`) returns, all its steps taken."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value  # type: ignore[no-any-return]


def _unsettled(values: list[list[float]], means: list[float], best: int, mine: int, loss: float, se: float,
               active: list[int]) -> bool:
    """Whether more imagined deals could change the class of option ``mine``: its loss against the
    best is :func:`~tarot.teaching.accuracy.unsettled`; or, the best itself (no loss, no error to
    weigh), a runner-up still weighed :func:`~tarot.teaching.accuracy.may_be_a_mistake`'s worth
    better than it."""
    if best != mine:
        return unsettled(loss, se)
    return any(may_be_a_mistake(means[j] - means[mine], paired_se(values[j], values[mine]))
               for j in active if j != mine)


def contenders(values: list[list[float]], means: list[float], best: int, mine: int, active: list[int]) -> list[int]:
    """The options of ``active`` worth weighing on more deals: ``mine``, the ``best``, and those
    less than :data:`PRUNE` standard errors (paired, on the deals they met together) below it."""
    return [i for i in active if i in (mine, best)
            or means[best] - means[i] <= PRUNE * paired_se(values[best], values[i])]


def weighed(values: list[list[float]], mine: int,
            active: list[int] | None = None) -> tuple[list[float], int, float, float]:
    """The options' means (each on the deals it met), the best of ``active`` (default all; a tie
    goes to ``mine``, then to the first), the loss of option ``mine`` against it and the loss's
    paired standard error."""
    means = [sum(v) / len(v) if v else 0.0 for v in values]
    best = max(range(len(values)) if active is None else active, key=lambda i: (means[i], i == mine, -i))
    return means, best, max(0.0, means[best] - means[mine]), paired_se(values[best], values[mine])


@dataclass(frozen=True)
class Advice:
    """The best action of a decision to take, as :func:`grade` would judge it: the action, why it
    makes sense, and each option's expected score in deal units (best first; none for a forced
    decision)."""

    step: int
    phase: str
    best: Action
    reason: Reason
    options: tuple[tuple[Action, float], ...]

    @property
    def forced(self) -> bool:
        return not self.options

    def to_json(self) -> dict[str, object]:
        return {
            "step": self.step,
            "phase": self.phase,
            "best": seatless_json(self.best),
            "reason": self.reason.to_json(),
            "options": _option_entries(self.options),
        }


def advise(view: SeatView, step: int, worlds: int = DEFAULT_WORLDS, seed: int = 0) -> Advice:
    """The best action for the seat of ``view`` (to act) at ``step``: the options of :func:`grade`
    (without a played one) on the same ``worlds`` imagined deals, so that the same view, step,
    worlds and seed give :func:`grade`'s best and evs for any action whose class the budget
    settles (the best among them, unless a runner-up may prove a mistake's worth better): an
    unsettled one :func:`grade` weighs on more deals."""
    if not view.legal:
        raise ValueError("this seat is not to act")
    options = _candidates(view)
    if len(options) == 1:
        return Advice(step, view.phase, options[0], explain(view, options[0]), ())
    values = played_out(view, options, worlds, decision_rng(seed, step))
    n = len(values[0])
    means = [sum(v) / n if n else 0.0 for v in values]
    best = max(range(len(options)), key=lambda i: (means[i], -i))
    order = sorted(range(len(options)), key=lambda i: (i != best, -means[i], i))
    return Advice(step, view.phase, options[best], why(view, options[best]),
                  tuple((options[i], means[i]) for i in order))


def forced(view: SeatView) -> bool:
    """Whether the seat of ``view`` (to act) has one option only: its :func:`advise` plays nothing out."""
    return bool(view.legal) and len(_candidates(view)) == 1


def decision_rng(seed: int, step: int) -> Rng:
    """The random draws of one decision: from the seed and the step alone, so that one
    decision graded alone gets the figures it gets in its whole deal."""
    return Rng(Rng(seed ^ (step << 32)).next64())


def normal_action(action: Action) -> Action:
    """The action as the options write it: an écart's or a poignée's cards in order."""
    if isinstance(action, Ecart):
        return Ecart(tuple(sorted(action.cards)))
    if isinstance(action, Poignee):
        return Poignee(tuple(sorted(action.cards)))
    return action


def options_of(view: SeatView, played: Action) -> list[Action]:
    """Every option of the decision, the one played among them."""
    options = _candidates(view)
    if isinstance(played, Poignee) and view.phase not in ("ecart", "purchase", "chelem"):
        # the trumps shown as played, for the poignée of that size
        options = [a for a in options if not (isinstance(a, Poignee) and len(a.cards) == len(played.cards))]
    options.append(played)
    return list(dict.fromkeys(options))


def _candidates(view: SeatView) -> list[Action]:
    """The options of the decision before any is played: every action the rules allow; for the
    écart the Expert's candidates, for the purchase the Standard one and the engine's default
    (none when the seat is not to act)."""
    phase = view.phase
    if phase == "ecart":
        size = view.rules.chien_size
        return [Ecart(tuple(e)) for e in ecart_candidates(mask_of(view.hand), size, view.called)]
    if phase == "purchase":
        return list(dict.fromkeys([choose_purchase(mask_of(view.hand), mask_of(view.ecart)), *view.legal]))
    if phase == "chelem":
        return [NO_CHELEM, ANNOUNCE_CHELEM]
    return list(dict.fromkeys(normal_action(a) for a in view.legal))


def played_out(view: SeatView, options: list[Action], worlds: int, rng: Rng) -> list[list[float]]:
    """Per option, the seat's score in deal units in each imagined deal (the same deals for all).

    Where the last tricks are few, every option of an imagined deal is searched exactly
    to the end, as the Expert does, until a search is too big; from then on the policy
    plays them all out: in each imagined deal, the options are played out alike."""
    playout = PlayOut(view, options, rng)
    playout.extend(worlds)
    return playout.values


class PlayOut:
    """The options of a decision played out on imagined deals drawn one after the other from
    ``rng``, which can be extended: extended to ``w`` deals, the values are those
    :func:`played_out` gives for ``w`` (the same draws, in the same order)."""

    def __init__(self, view: SeatView, options: list[Action], rng: Rng) -> None:
        self.view, self.options, self.rng = view, options, rng
        sampler = _Sampler(view, Knowledge(view))
        self.sampler, self.builder = sampler, WorldBuilder(view, sampler)
        self.exact = view.phase == "play" and sum(view.hand_sizes) <= ENDGAME_CARDS * view.rules.players
        self.values: list[list[float]] = [[] for _ in options]
        self.made = self.tries = 0

    def extend(self, worlds: int, only: list[int] | None = None) -> None:
        """Imagine deals until ``worlds`` are made (or twice as many were tried, in all), each played
        out for the options of ``only`` (default all): the others' values do not grow."""
        for _ in self.extending(worlds, only):
            pass

    def extending(self, worlds: int, only: list[int] | None = None) -> Iterator[None]:
        """:meth:`extend`, a step at a time: it yields after each imagined deal played out."""
        me = self.view.seat
        options = self.options if only is None else [self.options[i] for i in only]
        kept = range(len(self.options)) if only is None else only
        while self.made < worlds and self.tries < 2 * worlds:
            self.tries += 1
            deal = self.builder.deal(self.sampler.sample(self.rng))
            if deal is None or deal.phase.value != self.view.phase or deal.to_act != me:
                continue  # no deal, or one the sampler could not bring to this moment (after a purchase)
            self.made += 1
            row = None
            if self.exact:
                try:
                    row = [_after(deal, me, option, _solved) for option in options]
                except OverBudget:
                    self.exact = False  # too big here: the policy plays this deal and the next ones out
            if row is None:
                row = [_after(deal, me, option, _rolled) for option in options]
            for i, v in zip(kept, row):
                self.values[i].append(v)
            yield


class _Sampler(WorldSampler):
    """The Expert's sampler, but its exact placement, once it found none for this view (the
    search ran out of steps), is not searched again: the relaxed draw follows at once, as it
    does after each failed search."""

    exact_failed = False

    def _place_exact(self, rng: Rng, limit: int = 20000) -> World | None:
        if self.exact_failed:
            return None
        world = super()._place_exact(rng, limit)
        self.exact_failed = world is None
        return world


def _after(deal: Deal, me: int, option: Action, finish: Callable[[Deal, int], float]) -> float:
    d = deal.copy()
    d.apply(option)
    while d.phase is Phase.BIDDING:  # the others bid by the points scale
        d.apply(standard_bid(d.view(d.to_act or 0)))
    finish_setup(d, me)
    return finish(d, me)


def _rolled(d: Deal, me: int) -> float:
    rollout(d)
    return deal_units(d.result, me)


def _solved(d: Deal, me: int) -> float:
    return solve(d, me, ENDGAME_NODES) / _share(d.rules, d.taker, d.partner, me)


def deal_units(result: DealResult | None, seat: int) -> float:
    """``seat``'s score in deal units: the taker's divided by its share of the deal (3 at
    4 players, 2 at 3 players, 2 with a partner or 4 alone at 5 players), a partner's and a
    defender's as they are; 0 for a redeal."""
    if result is None or result.taker is None:
        return 0.0
    return result.scores[seat] / _share(result.rules, result.taker, result.partner, seat)


def _share(rules: Rules, taker: int | None, partner: int | None, seat: int) -> int:
    """What ``seat``'s score is divided by to be in deal units."""
    return max(1, rules.shares(partner is not None)[0]) if seat == taker else 1


def paired_se(best: list[float], mine: list[float]) -> float:
    """The standard error of the mean difference, deal by deal."""
    n = len(best)
    if n < 2:
        return 0.0
    diffs = [a - b for a, b in zip(best, mine)]
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    return float((var / n) ** 0.5)


def _reason(view: SeatView, played: Action, best: Action, missed: bool) -> Reason:
    """The flaw of the card played where the engine names one and it was not the best; else why
    the best action makes sense."""
    if missed and isinstance(played, Play):
        k = Knowledge(view)
        flaws = card_flaws(k, played.card, view.legal_cards)
        if flaws:
            return Reason(flaws[0], {"card": str(played.card)})
    return why(view, best)


def why(view: SeatView, action: Action) -> Reason:
    """Why ``action`` makes sense: a card by how the trick stands (:func:`~tarot.bots.reasons.explain`
    says only what the seat knows for sure); another action by the book's reason where it is
    the book's (the Standard bot's) choice, else as the search's best, as the Expert says it."""
    if isinstance(action, Play) or action == normal_action(StandardBot().choose(view)):
        return explain(view, action)
    return Reason("search_best")


__all__ = ["ACCURACY_KEYS", "DEFAULT_WORLDS", "FORMAT", "MOST_FACTOR", "PRUNE", "Advice", "Graded", "PlayOut", "accuracies",
           "advise", "analyse_record", "analysis_of", "contenders", "deal_units", "decision_rng", "finished", "forced", "grade",
           "grade_record", "grading", "normal_action", "options_of", "paired_se", "phase_losses", "played_out", "seat_steps",
           "weighed", "why"]
