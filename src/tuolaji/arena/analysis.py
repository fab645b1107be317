"""Post-game analysis: how good each play of one seat was, judged from its own chair.

A game record is replayed through the game; at every play the seat made (a lead or a
follow, R-P1–R-P7, or the burial of the starter, R-K1) its observation at that moment
is all the analysis uses — the other
hands and, unless the seat buried it, the talon stay hidden, exactly as for the search
bot (:mod:`tuolaji.bots.search`). From that observation the analysis

1. takes the candidates the search would compare — the heuristic's best few plays, or
   for a burial the heuristic's burial and its variants (:mod:`tuolaji.bots.burial`) —
   and adds the one actually made;
2. guesses the hidden cards ``guesses`` times (:func:`~tuolaji.bots.hidden.sample_hidden`:
   consistent with every card seen and every void shown; with ``inference`` below 1,
   drawn as the search draws them, towards the deals that explain the others' earlier
   plays, :class:`~tuolaji.bots.inference.Guesser`), and on every guess plays each candidate
   and the rest of the round out with four heuristic players
   (:func:`~tuolaji.bots.search.play_candidates`; a burial is played out from the first
   lead, :func:`~tuolaji.bots.search.bury_candidates`) — all candidates on the same
   guesses, so that their comparison is not blurred by the luck of the guess;
3. averages, for each candidate, the levels the round gives the seat's team (R-S3), the
   opponents' points at its end (R-S1, R-S2) and the search's utility
   (:func:`~tuolaji.bots.search.round_utility`: the levels plus a little for the points).

The loss of a play is how much better, in utility, the best other candidate did. These
are estimates: from what the seat knew (not from the cards really held), over a sample
of guesses (``noise`` is the standard error of the difference), and with heuristic
players finishing the round. Declarations are not analysed: a declaration is made
while the cards are still being drawn, and the search has no playout of the draw.

The same record, seat, guess budget and seed always give the same analysis: no clock is
read, and each decision draws its guesses from its own seeded generator, so analysing
one round alone gives that round's numbers of the whole analysis, and spreading the
decisions over worker processes (``jobs``) or Ray (``arena.executors``) gives the
numbers of one process.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tuolaji.arena.executors import ExecutorChoice, check_executor, open_runner
from tuolaji.arena.limits import ANALYSIS_GUESSES, MAX_ANALYSIS_GUESSES, MAX_JOBS, check_rules
from tuolaji.bots.burial import burial_candidates
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.inference import Guesser, check_weight
from tuolaji.bots.knowledge import Knowledge, knowledge_for
from tuolaji.bots.search import (
    bury_candidates,
    candidate_plays,
    history_templates,
    paired_difference,
    play_candidates,
    round_utility,
    team_levels,
)
from tuolaji.core.cards import SEATS, format_cards, team_of
from tuolaji.game.actions import Bury, Play
from tuolaji.game.game import Game
from tuolaji.game.observation import Observation, observe
from tuolaji.game.record import GameRecord, record_from_json, replay
from tuolaji.game.state import Phase

#: Guesses per decision by default, and the most a decision takes (arena.limits).
DEFAULT_GUESSES = ANALYSIS_GUESSES
MAX_GUESSES = MAX_ANALYSIS_GUESSES
#: How many of the heuristic's best plays are compared with the play made.
DEFAULT_WIDTH = 4
#: The weight a guess keeps per earlier play of another seat it does not explain
#: (:mod:`tuolaji.bots.inference`). 1 — none: the inference assumes the others play as
#: the heuristic would, which holds for the bots but not for the people whose games are
#: analysed, and a game may start from a constructed position no one played to.
DEFAULT_INFERENCE = 1.0
FORMAT = "tuolaji-analysis"
VERSION = 2


class AnalysisError(ValueError):
    """A request the analysis refuses: a seat or round the record does not have."""


@dataclass(frozen=True, slots=True)
class SeatDecision:
    """A play (or burial) the seat made, with its observation just before it."""

    round_number: int
    #: the trick it belongs to, counted from 1 in its round; 0 for the burial
    trick: int
    observation: Observation
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Estimate:
    """The mean outcome of one candidate over the guesses."""

    cards: tuple[int, ...]
    #: levels the round gives the seat's team (negative: levels the other team gains)
    levels: float
    #: the opponents' points at the end of the round (the declarers want them low)
    points: float
    #: the search's measure: the levels plus a little for the points (round_utility)
    utility: float

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form, cards in record notation."""
        return {
            "cards": format_cards(self.cards),
            "levels": round(self.levels, 3),
            "points": round(self.points, 1),
            "utility": round(self.utility, 3),
        }


@dataclass(frozen=True, slots=True)
class DecisionAnalysis:
    """One play of the seat, its estimate and the best alternative's."""

    round_number: int
    #: the trick, counted from 1; 0 for the burial (before the first trick)
    trick: int
    leading: bool
    #: whether this is the burial (R-K1) rather than a play
    burying: bool
    #: whether the seat's team declared this round (its points are the opponents' then)
    declaring: bool
    guesses: int
    chosen: Estimate
    #: the best candidate other than the play made
    best: Estimate
    #: every candidate, the best first (the play made among them)
    estimates: tuple[Estimate, ...]
    #: how much better (utility, in levels) the best alternative did; 0 when none did
    loss: float
    #: the best alternative's levels minus the play's (0 when no alternative did better)
    loss_levels: float
    #: points the play cost the seat's team against the best alternative (0 likewise)
    loss_points: float
    #: standard error of the utility difference between the best alternative and the play
    noise: float

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form (docs/analysis.md lists the fields)."""
        return {
            "round": self.round_number,
            "trick": self.trick,
            "kind": "burial" if self.burying else "lead" if self.leading else "follow",
            "leading": self.leading,
            "declaring": self.declaring,
            "guesses": self.guesses,
            "played": self.chosen.to_json(),
            "best_alternative": self.best.to_json(),
            "loss": round(self.loss, 3),
            "loss_levels": round(self.loss_levels, 3),
            "loss_points": round(self.loss_points, 1),
            "noise": round(self.noise, 3),
            "candidates": [estimate.to_json() for estimate in self.estimates],
        }


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """The analysis of one seat's plays in a record."""

    seat: int
    guesses: int
    seed: int
    width: int
    #: the weight a guess keeps per earlier play it does not explain (1: none)
    inference: float
    #: the plays with alternatives, in the order they were made
    decisions: tuple[DecisionAnalysis, ...]
    #: plays that had no alternative among the candidates (a forced follow, the last card)
    forced: int

    def costliest(self, count: int) -> list[DecisionAnalysis]:
        """The ``count`` decisions with the largest loss (none that lost nothing), the
        largest first; equal losses in the order they were made."""
        costly = [decision for decision in self.decisions if decision.loss > 0]
        costly.sort(key=lambda decision: -decision.loss)
        return costly[:count]

    def to_json(self, top: int) -> dict[str, Any]:
        """The JSON document of ``tuolaji analyse --json`` (docs/analysis.md):
        ``costliest`` lists the indexes in ``decisions`` of the ``top`` costliest."""
        index = {id(decision): number for number, decision in enumerate(self.decisions)}
        return {
            "format": FORMAT,
            "version": VERSION,
            "seat": self.seat,
            "team": team_of(self.seat),
            "guesses": self.guesses,
            "seed": self.seed,
            "width": self.width,
            "inference": self.inference,
            "forced": self.forced,
            "total_loss": round(sum(decision.loss for decision in self.decisions), 3),
            "decisions": [decision.to_json() for decision in self.decisions],
            "costliest": [index[id(decision)] for decision in self.costliest(top)],
        }


def seat_decisions(
    record: GameRecord, seat: int, round_number: int | None = None
) -> list[SeatDecision]:
    """Every play ``seat`` made in ``record`` (in round ``round_number`` only, if given),
    each with the seat's observation just before it. The record is replayed and checked
    first: a bad one raises :class:`~tuolaji.game.record.RecordError`."""
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise AnalysisError(f"there is no seat {seat}: seats are 0 to {SEATS - 1} (R-N4)")
    played = replay(record)  # checks every action, with the rule it breaks
    rounds = observe(played, None).round_number
    if round_number is not None and not 1 <= round_number <= rounds:
        raise AnalysisError(
            f"the record has no round {round_number}: it holds rounds 1 to {rounds}"
        )
    # Replayed again step by step, as replay() deals: a version-2 record's packs, else
    # its stacked decks; any deal after the last action comes from the seed and is never
    # looked at.
    game = Game(
        record.rules,
        record.seed,
        decks=record.decks if record.version == 1 else record.packs,
        start=record.start,
        round_limit=record.round_limit,
    )
    decisions: list[SeatDecision] = []
    for action in record.actions:
        if isinstance(action, (Play, Bury)) and action.seat == seat:
            obs = observe(game, seat)
            if round_number is None or obs.round_number == round_number:
                trick = len(obs.tricks) + 1 if isinstance(action, Play) else 0
                decisions.append(SeatDecision(obs.round_number, trick, obs, action.cards))
        game.apply(action)
    return decisions


def decision_rng(seed: int, round_number: int, trick: int) -> random.Random:
    """The generator of one decision's guesses: from the seed and where the decision is,
    so that each decision's numbers do not depend on which others are analysed."""
    return random.Random(f"tuolaji-analysis/{seed}/{round_number}/{trick}")


def analyse_decision(
    observation: Observation,
    know: Knowledge,
    cards: Sequence[int],
    rng: random.Random,
    guesses: int = DEFAULT_GUESSES,
    width: int = DEFAULT_WIDTH,
    inference: float = DEFAULT_INFERENCE,
) -> DecisionAnalysis | None:
    """The estimate of playing ``cards`` from ``observation`` against the heuristic's
    ``width`` best plays (at the exchange: burying ``cards`` against the heuristic's
    burial and its variants), on ``guesses`` guesses drawn with ``rng`` (weighed by
    ``inference``, :class:`~tuolaji.bots.inference.Guesser`); None when no other
    candidate is there to compare. ``know`` is the seat's knowledge, brought up to date
    with ``observation`` (:func:`~tuolaji.bots.knowledge.knowledge_for`).

    Only the observation is read: what the seat could know at that moment."""
    seat = observation.seat
    declarers = observation.declarers
    if seat is None or declarers is None:
        raise AnalysisError(
            "only a seat's play, or the starter's burial, can be analysed (R-K1, R-P1)"
        )
    burying = observation.phase is Phase.EXCHANGE
    chosen = tuple(sorted(cards))
    candidates = [chosen]
    if burying:
        heuristic = HeuristicPlayer().bury(observation)
        others: list[Sequence[int]] = list(burial_candidates(observation, heuristic, width))
    else:
        others = list(candidate_plays(observation, know, width))
    for candidate in others:
        if tuple(sorted(candidate)) not in candidates:
            candidates.append(tuple(sorted(candidate)))
    if len(candidates) == 1:
        return None
    team = team_of(seat)
    utilities: list[list[float]] = [[] for _ in candidates]
    levels = [0.0] * len(candidates)
    points = [0.0] * len(candidates)
    templates = history_templates(observation)
    guesser = Guesser(rng, observation, know, inference)
    for _guess in range(guesses):
        hands, talon = guesser.draw()
        if burying:
            results = bury_candidates(observation, hands, candidates)
        else:
            results = play_candidates(observation, hands, talon, candidates, templates)
        for index, result in enumerate(results):
            utilities[index].append(round_utility(result, team))
            levels[index] += team_levels(result, team)
            points[index] += result.opponents_points
    estimates = [
        Estimate(cards, levels[i] / guesses, points[i] / guesses, sum(utilities[i]) / guesses)
        for i, cards in enumerate(candidates)
    ]
    # the best other candidate; among equals, the heuristic's preferred (listed first)
    best_index = max(range(1, len(candidates)), key=lambda i: (estimates[i].utility, -i))
    best, played = estimates[best_index], estimates[0]
    better = best.utility > played.utility
    # the points sign: the declarers' team wants the opponents' points low
    points_sign = -1.0 if team == declarers else 1.0
    return DecisionAnalysis(
        round_number=observation.round_number,
        trick=0 if burying else len(observation.tricks) + 1,
        leading=not burying and observation.lead is None,
        burying=burying,
        declaring=team == declarers,
        guesses=guesses,
        chosen=played,
        best=best,
        estimates=tuple(sorted(estimates, key=lambda e: -e.utility)),
        loss=best.utility - played.utility if better else 0.0,
        loss_levels=best.levels - played.levels if better else 0.0,
        loss_points=points_sign * (best.points - played.points) if better else 0.0,
        noise=paired_difference(utilities[best_index], utilities[0])[1],
    )


@dataclass(frozen=True, slots=True)
class Budget:
    """How each decision is analysed: the guesses, the seed they are drawn from, the
    heuristic candidates compared and the inference weight."""

    guesses: int
    seed: int
    width: int
    inference: float


def with_knowledge(decisions: Sequence[SeatDecision]) -> Iterator[tuple[SeatDecision, Knowledge]]:
    """Each decision with the seat's knowledge just before it, carried on from the one
    before (:func:`~tuolaji.bots.knowledge.knowledge_for`, which brings one knowledge up
    to date in place: each is current only until the next is yielded)."""
    know: Knowledge | None = None
    for decision in decisions:
        know = knowledge_for(decision.observation, know)
        yield decision, know


def analysed(decision: SeatDecision, know: Knowledge, budget: Budget) -> DecisionAnalysis | None:
    """The analysis of one decision (:func:`analyse_decision`), its guesses drawn from
    the generator of where it is (:func:`decision_rng`)."""
    rng = decision_rng(budget.seed, decision.round_number, decision.trick)
    return analyse_decision(
        decision.observation,
        know,
        decision.cards,
        rng,
        budget.guesses,
        budget.width,
        budget.inference,
    )


#: What every decision of one analysis shares, as plain data a worker gets: the record
#: as JSON (which every build pickles alike), the seat, the round (None: all) and the
#: budget.
AnalysisSetup = tuple[dict[str, Any], int, int | None, Budget]


class _WorkerDecisions:
    """The decisions a worker process analyses, found once per analysis, and the
    knowledge it has carried up to the next one (a worker mostly takes them in order)."""

    setup: AnalysisSetup | None = None
    decisions: Sequence[SeatDecision] = ()
    chain: Iterator[tuple[SeatDecision, Knowledge]] = iter(())
    next_index = 0


def analyse_decision_job(setup: AnalysisSetup, index: int) -> DecisionAnalysis | None:
    """Decision ``index`` of the analysis ``setup`` describes (a job of
    :mod:`tuolaji.arena.executors`), with the knowledge the seat had just before it.
    The record is read and the seat's decisions found once per worker process and
    analysis; the knowledge is carried on from the worker's last decision, and from the
    first one again when the index goes back."""
    work = _WorkerDecisions
    if work.setup != setup:  # a new analysis (on Ray the setup comes anew with each task)
        record_json, seat, round_number, _budget = setup
        work.decisions = seat_decisions(record_from_json(record_json), seat, round_number)
        work.setup, work.chain, work.next_index = setup, with_knowledge(work.decisions), 0
    budget = setup[3]
    if index < work.next_index:
        work.chain, work.next_index = with_knowledge(work.decisions), 0
    while True:
        decision, know = next(work.chain)
        work.next_index += 1
        if work.next_index > index:
            return analysed(decision, know, budget)


def analyse_record(
    record: GameRecord,
    seat: int = 0,
    *,
    guesses: int = DEFAULT_GUESSES,
    seed: int = 0,
    width: int = DEFAULT_WIDTH,
    inference: float = DEFAULT_INFERENCE,
    round_number: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    executor: str = "local",
    ray_address: str | None = None,
) -> GameAnalysis:
    """Analyse every play ``seat`` made in ``record`` (see the module docstring).
    ``progress(done, total)`` is called after each decision. ``jobs`` > 1 spreads the
    decisions over that many worker processes, ``executor="ray"`` over Ray (``jobs``
    CPUs of a Ray started for the analysis, or the cluster at ``ray_address``); the
    analysis is the same as with one. A bad record raises
    :class:`~tuolaji.game.record.RecordError`; a seat, round, budget, number of jobs or
    executor out of range :class:`AnalysisError`; a Ray address where no cluster
    answers :class:`~tuolaji.arena.jobs.ExecutorError`."""
    if type(guesses) is not int or not 1 <= guesses <= MAX_GUESSES:
        raise AnalysisError(f"the guesses must be 1 to {MAX_GUESSES}, not {guesses}")
    if type(width) is not int or width < 1:
        raise AnalysisError(f"the width must be 1 or more, not {width}")
    if type(jobs) is not int or not 1 <= jobs <= MAX_JOBS:
        raise AnalysisError(f"the worker processes (jobs) must be 1 to {MAX_JOBS}, not {jobs}")
    try:
        check_weight(inference)
        check_executor(executor, jobs, ray_address)
        check_rules(record.rules)
    except ValueError as error:
        raise AnalysisError(str(error)) from None
    budget = Budget(guesses, seed, width, inference)
    decisions = seat_decisions(record, seat, round_number)
    results: list[DecisionAnalysis | None] = [None] * len(decisions)

    def finished(done: int) -> None:
        if progress is not None:
            progress(done, len(decisions))

    choice = ExecutorChoice(executor, jobs, ray_address)
    if choice.in_process or not decisions or (choice.kind == "local" and len(decisions) < 2):
        for done, (decision, know) in enumerate(with_knowledge(decisions), start=1):
            results[done - 1] = analysed(decision, know, budget)
            finished(done)
    else:
        # Each worker reads the record once per analysis and takes decisions as it frees
        # up; the index puts each result in its place.
        setup: AnalysisSetup = (record.to_json(), seat, round_number, budget)
        with open_runner(choice) as runner:
            analyses = runner.map(analyse_decision_job, setup, range(len(decisions)))
            for done, (index, result) in enumerate(analyses, start=1):
                results[index] = result
                finished(done)
    kept = tuple(result for result in results if result is not None)
    forced = len(decisions) - len(kept)
    return GameAnalysis(seat, guesses, seed, width, inference, kept, forced)
