"""The search player: determinized Monte Carlo over the heuristic policy.

For each play decision with a real choice it takes the heuristic's best few candidates,
then repeatedly guesses the hidden cards (:mod:`hidden`: consistent with every card
seen, every void shown and its own burial), plays each candidate on that guess and the
rest of the round out with four heuristic players, and keeps the candidate with the best
mean outcome for its team. The guesses are drawn towards the deals that explain the
others' earlier plays (:mod:`inference`: would the heuristic have played what they
played, with the guessed hands?), each unexplained play keeping a guess only
``inference`` of its weight (``search:infer=W``; 1 draws every fitting deal alike).
All candidates are tried on the same guesses, so their comparison is not blurred by the
luck of the guess. Every ``PRUNE_EVERY`` guesses the candidates clearly behind the best
so far are dropped (:func:`prune`), so the later guesses go to the plays still in
question; once only the heuristic's own choice is left, the decision is made.
Declaring is left to the heuristic.

The burial (R-K1) is searched the same way: the heuristic's burial and a few variants
(:mod:`burial`) are each buried on the same guesses of the other three hands and the
round played out from its first lead; the heuristic's burial stands unless another is
better by a wider margin (``BURIAL_CONFIDENCE``). ``search_burial=False``
(``search:bury=heuristic``) leaves the burial to the heuristic.

Outcome: the levels the round gives the team (R-S3), plus a small term for the
opponents' points, so that among equal level outcomes more points still count.

The budget of a decision is a number of guesses (the default) or a thinking time. A
budget in guesses is exactly reproducible: no clock is read, so the same seed makes the
same decisions on any machine, under any load, in any worker process. A budget in
seconds makes as many guesses as fit (within ``min_guesses`` and ``max_guesses``), so
its decisions depend on the speed of the machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from mypy_extensions import mypyc_attr

from tuolaji.bots.burial import DEFAULT_BURIAL_WIDTH, burial_candidates
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.heuristic_play import ranked_follows, ranked_leads
from tuolaji.bots.inference import MISMATCH, Guesser, check_weight
from tuolaji.bots.knowledge import Knowledge, history_knowledge, knowledge_for
from tuolaji.core.cards import (
    SEATS,
    TALON_SIZE,
    Layers,
    contains_layers,
    from_layers,
    remove_layers,
    team_of,
    to_layers,
)
from tuolaji.game.determinize import game_from_observation, position_of
from tuolaji.game.game import Game
from tuolaji.game.observation import Observation, observe
from tuolaji.game.results import RoundResult
from tuolaji.game.state import Phase

#: Guesses per decision when no budget is given, and how many of the heuristic's plays
#: are compared on each (fewer after pruning): within the goals of a second at the
#: median and 3 s at the 95th percentile in both builds, and measured stronger than 96
#: guesses of 8 plays on the same deals (docs/bots.md, "Strength and speed").
DEFAULT_GUESSES = 96
DEFAULT_WIDTH = 16
POINTS_WEIGHT = 0.5  # levels per 40 opponents' points, on top of the level outcome
#: the weight a guess keeps for each earlier play of another seat that the heuristic
#: would not have made with it (:mod:`inference`); 1 draws every fitting guess alike
DEFAULT_INFERENCE = MISMATCH
#: how many standard errors a candidate must beat the heuristic's choice by
CONFIDENCE = 1.0
#: the same for a burial: up to four variants are weighed against the heuristic's, and
#: the best of four noisy estimates clears one standard error by luck alone too often
BURIAL_CONFIDENCE = 2.0
#: how many guesses between two prunings of the candidates (:func:`prune`), and how many
#: standard errors behind the leader a candidate must fall to be dropped: a candidate
#: that far behind would almost never end up taken, and its playouts are better spent
#: on the others
PRUNE_EVERY = 8
PRUNE_CONFIDENCE = 2.0


def team_levels(result: RoundResult, team: int) -> int:
    """The levels a finished round gives ``team`` (R-S3): those it gains, or minus those
    the other team gains."""
    gainer = result.declarers if result.declarers_hold else 1 - result.declarers
    return result.levels_gained if gainer == team else -result.levels_gained


def round_utility(result: RoundResult, team: int) -> float:
    """What a finished round is worth to ``team``: levels won minus levels given, plus a
    little for every point moved its way."""
    sign = 1.0 if team != result.declarers else -1.0
    return team_levels(result, team) + POINTS_WEIGHT * sign * (result.opponents_points - 80) / 40


def play_out(game: Game, seeds: Sequence[Knowledge] | None = None) -> RoundResult:
    """Finish the round of ``game`` with four heuristic players: fresh ones, or ones that
    start from the knowledge ``seeds`` (by seat) — the same play, without going over
    the round's history once a player (:func:`seeds_for`)."""
    if seeds is None:
        players = [HeuristicPlayer() for _ in range(4)]
    else:
        players = [HeuristicPlayer(knowledge=know) for know in seeds]
    while game.phase is Phase.PLAY:
        seat = game.to_act()
        assert seat is not None  # during play the game always waits for one seat
        game.play(seat, players[seat].play(observe(game, seat)))
    return game.results[-1]


def paired_difference(first: Sequence[float], second: Sequence[float]) -> tuple[float, float]:
    """The mean of ``first - second`` over the guesses (both on the same guesses) and its
    standard error (0 with a single guess)."""
    count = len(first)
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    mean = sum(diffs) / count
    if count < 2:
        return mean, 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (count - 1)
    return mean, float((variance / count) ** 0.5)


def leader(outcomes: Sequence[Sequence[float]], alive: Sequence[int]) -> int:
    """The candidate of ``alive`` with the best mean outcome so far (on a tie the
    earlier, the heuristic's choice first); all of them were played on the same
    guesses."""
    count = len(outcomes[0])
    return max(alive, key=lambda i: (sum(outcomes[i]) / count, -i))


def prune(outcomes: Sequence[Sequence[float]], alive: Sequence[int]) -> list[int]:
    """The candidates of ``alive`` worth more guesses: all but those behind the leader
    (the best mean so far) by more than ``PRUNE_CONFIDENCE`` standard errors of their
    paired differences. The heuristic's choice (index 0) always stays: it is the one a
    candidate must beat to be taken. Every candidate in ``alive`` has been played on
    the same guesses."""
    best = leader(outcomes, alive)
    kept = []
    for index in alive:
        if index not in (0, best):
            mean, error = paired_difference(outcomes[index], outcomes[best])
            if mean < -PRUNE_CONFIDENCE * error:
                continue
        kept.append(index)
    return kept


T = TypeVar("T")


def pick(items: Sequence[T], indices: Sequence[int]) -> list[T]:
    """The ``items`` at ``indices``, in that order."""
    return [items[index] for index in indices]


def candidate_plays(observation: Observation, know: Knowledge, width: int) -> list[list[int]]:
    """The heuristic's ``width`` best plays (leads or follows) from ``observation``, best
    first: the candidates a search compares."""
    ctx = observation.ctx
    assert ctx is not None
    hand = observation.hand_layers
    lead = observation.lead
    if lead is None:
        ranked = ranked_leads(ctx, know, hand)
    else:
        layers = [to_layers(cards) for _, cards in observation.trick]
        ranked = ranked_follows(
            ctx, know, lead, observation.trick, layers, hand, observation.must_beat
        )
    return [from_layers(*layers) for _, layers in ranked[:width]]


def history_templates(observation: Observation) -> list[Knowledge]:
    """Each seat's knowledge of the round's history in ``observation``
    (:func:`~tuolaji.bots.knowledge.history_knowledge`): made once a decision, shared by
    all its guesses."""
    return [history_knowledge(observation, seat) for seat in range(SEATS)]


def seeds_for(
    observation: Observation,
    templates: Sequence[Knowledge],
    hands: Sequence[Layers],
    talon: Sequence[int],
) -> list[Knowledge]:
    """The four players' knowledge at ``observation`` on one guess (``hands`` by seat,
    the observer's own included, and the ``talon``): the templates with each seat's
    guessed hand — and the starter's burial — taken out."""
    starter = observation.starter
    buried = tuple(talon)
    return [
        template.seeded(hands[seat], buried if seat == starter else ())
        for seat, template in enumerate(templates)
    ]


def play_candidates(
    observation: Observation,
    hands: Sequence[Layers],
    talon: Sequence[int],
    candidates: Sequence[Sequence[int]],
    templates: Sequence[Knowledge] | None = None,
) -> list[RoundResult]:
    """The round's result when the observer plays each candidate on one guess at the
    hidden cards (``hands`` and ``talon``, from :func:`~tuolaji.bots.hidden.sample_hidden`)
    and four heuristic players finish it: one result per candidate, in order. With the
    ``templates`` of :func:`history_templates` the players start from them (the same
    results, sooner)."""
    seat = observation.seat
    assert seat is not None
    # one position a guess, every candidate played from it
    position = position_of(observation, hands, talon)
    results: list[RoundResult] = []
    for cards in candidates:
        # the guess fits the observation by construction (sample_hidden, whose tests
        # check it): the position's check is left out of the playouts
        game = Game.from_position(position, observation.rules, check=False)
        seeds = None if templates is None else seeds_for(observation, templates, hands, talon)
        game.play(seat, cards)
        results.append(play_out(game, seeds))
    return results


def bury_candidates(
    observation: Observation, hands: Sequence[Layers], burials: Sequence[Sequence[int]]
) -> list[RoundResult]:
    """The round's result when the starter of ``observation`` (at the exchange) buries
    each of ``burials`` on one guess at the other three hands (``hands``, from
    :func:`~tuolaji.bots.hidden.sample_hidden`) and four heuristic players play the
    round from its first lead: one result per burial, in order."""
    seat = observation.seat
    if observation.phase is not Phase.EXCHANGE or seat != observation.starter:
        raise ValueError("only the starter at the exchange weighs burials (R-K1)")
    assert seat is not None
    results: list[RoundResult] = []
    for burial in burials:
        buried = to_layers(burial)
        if len(burial) != TALON_SIZE or not contains_layers(observation.hand_layers, buried):
            raise ValueError(f"R-K1: a burial is {TALON_SIZE} cards of the starter's hand")
        guess = list(hands)
        guess[seat] = remove_layers(observation.hand_layers, buried)
        results.append(play_out(game_from_observation(observation, guess, burial)))
    return results


# Bots are built on these players by subclassing them, which the compiled build allows
# only when asked (docs/architecture.md, "Two builds").
@mypyc_attr(allow_interpreted_subclasses=True)
class SearchPlayer:
    """Determinized Monte Carlo search (see the module docstring).

    The budget of one decision is ``guesses`` guesses (the default is
    :data:`DEFAULT_GUESSES`) or, when ``seconds`` is given, as many guesses as fit in
    that thinking time (checked between guesses), at least ``min_guesses`` and at most
    ``max_guesses``; fewer once pruning has left only the heuristic's choice. Giving
    both is a ``ValueError``. ``width`` is how many of the heuristic's candidates are
    compared for a play, ``burial_width`` how many burials
    (:func:`~tuolaji.bots.burial.burial_candidates`) on the same budget; with
    ``search_burial`` False the burial is the heuristic's. ``inference`` is the weight a
    guess keeps for each earlier play of another seat it does not explain
    (:class:`~tuolaji.bots.inference.Guesser`; 1: none).
    """

    def __init__(
        self,
        seed: int | None = None,
        seconds: float | None = None,
        max_guesses: int = 64,
        min_guesses: int = 4,
        width: int = DEFAULT_WIDTH,
        guesses: int | None = None,
        search_burial: bool = True,
        burial_width: int = DEFAULT_BURIAL_WIDTH,
        inference: float = DEFAULT_INFERENCE,
    ) -> None:
        if seconds is not None and guesses is not None:
            raise ValueError("give the search a budget in guesses or in seconds, not both")
        if guesses is not None and guesses < 1:
            raise ValueError(f"the search needs at least 1 guess a decision, not {guesses}")
        self.name = "search"
        self.rng = random.Random(seed)
        self.seconds = seconds
        if seconds is None:
            # A fixed count: every decision makes this many guesses (unless pruned).
            min_guesses = max_guesses = DEFAULT_GUESSES if guesses is None else guesses
        self.max_guesses = max_guesses
        self.min_guesses = min_guesses
        self.width = width
        self.search_burial = search_burial
        self.burial_width = burial_width
        self.inference = check_weight(inference)
        self.heuristic = HeuristicPlayer(seed)
        self._knowledge: Knowledge | None = None
        #: guesses made for each decision searched (for measurement)
        self.guesses: list[int] = []

    def declaration(self, observation: Observation) -> Sequence[int] | None:
        """As the heuristic player."""
        return self.heuristic.declaration(observation)

    def bury(self, observation: Observation) -> Sequence[int]:
        """The burial with the best mean outcome over guessed deals, among the
        heuristic's and a few variants (or the heuristic's, without burial search)."""
        chosen = self.heuristic.bury(observation)
        if not self.search_burial:
            return chosen
        burials = self.burial_candidates(observation, chosen)
        if len(burials) == 1:
            return burials[0]
        # kept: once buried, play begins it again with the burial taken out (knowledge_for)
        know = self._knowledge = knowledge_for(observation, self._knowledge)
        outcomes, alive = self._evaluate(
            observation,
            know,
            len(burials),
            lambda hands, _, alive: bury_candidates(observation, hands, pick(burials, alive)),
        )
        return burials[self._choose(outcomes, alive, BURIAL_CONFIDENCE)]

    def burial_candidates(
        self, observation: Observation, chosen: Sequence[int]
    ) -> list[tuple[int, ...]]:
        """The burials compared: the heuristic's ``chosen`` first, then a few variants
        (:func:`~tuolaji.bots.burial.burial_candidates`)."""
        return burial_candidates(observation, chosen, self.burial_width)

    def play(self, observation: Observation) -> Sequence[int]:
        """The candidate with the best mean outcome over guessed deals."""
        know = self._knowledge = knowledge_for(observation, self._knowledge)
        candidates = candidate_plays(observation, know, self.width)
        if len(candidates) == 1:
            return candidates[0]
        templates = history_templates(observation)
        outcomes, alive = self._evaluate(
            observation,
            know,
            len(candidates),
            lambda hands, talon, alive: play_candidates(
                observation, hands, talon, pick(candidates, alive), templates
            ),
        )
        return candidates[self._choose(outcomes, alive)]

    @staticmethod
    def _choose(
        outcomes: list[list[float]], alive: Sequence[int], confidence: float = CONFIDENCE
    ) -> int:
        """The index of the candidate to take among those ``alive`` (the heuristic's
        choice, index 0, always among them), from their outcomes on every guess: the
        best mean outcome, but the heuristic's own choice unless the better one is
        ahead by more than ``confidence`` standard errors of the paired differences —
        noisy estimates must not overturn a sound default."""
        best = leader(outcomes, alive)
        if best == 0 or len(outcomes[0]) < 2:
            return best
        mean, error = paired_difference(outcomes[best], outcomes[0])
        return best if mean > confidence * error else 0

    def _evaluate(
        self,
        observation: Observation,
        know: Knowledge,
        count: int,
        play_guess: Callable[[list[Layers], tuple[int, ...], list[int]], list[RoundResult]],
    ) -> tuple[list[list[float]], list[int]]:
        """The outcome of each of ``count`` candidates on the guesses it was played on
        (rows: candidates), and the candidates still in the race at the end (see
        :func:`prune`); ``play_guess`` plays the listed candidates on one guess of the
        hands and talon. The search ends early once only the heuristic's choice is
        left: nothing else could still be taken."""
        seat = observation.seat
        assert seat is not None
        team = team_of(seat)
        # With a budget in guesses no clock is read at all: nothing but the seed and
        # the observation decides the move.
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        outcomes: list[list[float]] = [[] for _ in range(count)]
        alive = list(range(count))
        guesses = 0
        guesser = Guesser(self.rng, observation, know, self.inference)
        while guesses < self.max_guesses and (
            guesses < self.min_guesses or self._time_left(deadline)
        ):
            hands, talon = guesser.draw()
            results = play_guess(hands, talon, alive)
            for index, result in zip(alive, results, strict=True):
                outcomes[index].append(round_utility(result, team))
            guesses += 1
            if guesses % PRUNE_EVERY == 0:
                alive = prune(outcomes, alive)
                if len(alive) == 1:
                    break
        self.guesses.append(guesses)
        return outcomes, alive

    @staticmethod
    def _time_left(deadline: float | None) -> bool:
        """Whether a budget in seconds has time left (never, for a budget in guesses:
        its count alone ends the search)."""
        return deadline is not None and time.perf_counter() < deadline
