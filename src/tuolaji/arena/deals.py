"""Duplicate deals: one seeded deal played twice, the two sides swapping seats.

Deal ``i`` of a tournament seeded ``S`` fixes the 108-card pack, the trump rank and the
starter from its own generator. Run 1 seats side A at 0 and 2 and side B at 1 and 3;
run 2 swaps them, so each side plays each hand of the deal once and the luck of the
cards cancels out of the difference between the sides.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tuolaji.arena.runner import close_players, play_until
from tuolaji.bots.base import Player
from tuolaji.bots.external import NO_FALLBACKS, FallbackTally
from tuolaji.bots.registry import make_player
from tuolaji.core.cards import full_pack, team_of
from tuolaji.core.rules import RuleSet
from tuolaji.game.game import Game
from tuolaji.game.record import GameRecord, record_of, save_record
from tuolaji.game.results import RoundResult
from tuolaji.game.state import RoundStart

#: The two runs of a deal, numbered as record files and reports name them.
RUNS: tuple[int, int] = (1, 2)

PlayerFactory = Callable[[str, int], Player]


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed derived from ``parts`` (a hash, so neighbouring deals and seats get
    unrelated generators, and the same parts give the same seed in every process)."""
    text = ":".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


@dataclass(frozen=True, slots=True)
class Deal:
    """What both runs of a deal share: the pack order, the opening and the game seed."""

    index: int
    pack: tuple[int, ...]
    start: RoundStart
    game_seed: int


def make_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` of a tournament seeded ``seed``: a shuffled pack, a uniform trump
    rank (2 to A) and a uniform starter, whose team declares."""
    rng = random.Random(derive_seed(seed, index, "deal"))
    pack = full_pack()
    rng.shuffle(pack)
    rank = rng.randrange(13)
    starter = rng.randrange(4)
    start = RoundStart(rank=rank, declarers=team_of(starter), starter=starter)
    return Deal(index, tuple(pack), start, derive_seed(seed, index, "game"))


def side_at(run: int, seat: int) -> int:
    """The side (0 = A, 1 = B) sitting at ``seat`` in ``run``: A holds seats 0 and 2 in
    run 1 and seats 1 and 3 in run 2."""
    return team_of(seat) if run == 1 else 1 - team_of(seat)


@dataclass(frozen=True, slots=True)
class RunOutcome:
    """One run of a deal, seen from side A."""

    run: int
    #: the side (0 = A, 1 = B) that declared
    declaring_side: int
    declarers_hold: bool
    opponents_points: int
    levels_gained: int
    #: side A's levels gained minus side B's; side B's utility is its negation
    utility_a: int
    #: decisions asked of side A's seats and of side B's
    decisions: tuple[int, int] = (0, 0)
    #: of those, the ones a fallback made in the player's place (an external bot that
    #: crashed, fell silent or answered wrongly; see docs/bot-protocol.md)
    replaced: tuple[int, int] = (0, 0)
    #: the same fallbacks of side A and of side B by cause, with the answer timeouts
    #: that fired
    fallbacks: tuple[FallbackTally, FallbackTally] = (NO_FALLBACKS, NO_FALLBACKS)


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """Both runs of a deal."""

    index: int
    rank: int
    starter: int
    runs: tuple[RunOutcome, RunOutcome]

    @property
    def utility_a(self) -> float:
        """Side A's utility for the deal: the mean over its two runs."""
        return (self.runs[0].utility_a + self.runs[1].utility_a) / 2


def run_outcome(
    run: int,
    result: RoundResult,
    decisions: tuple[int, int] = (0, 0),
    replaced: tuple[int, int] = (0, 0),
    fallbacks: tuple[FallbackTally, FallbackTally] = (NO_FALLBACKS, NO_FALLBACKS),
) -> RunOutcome:
    """Score a finished one-round run for side A; ``decisions``, ``replaced`` and
    ``fallbacks`` are per side (A, B), as :class:`RunOutcome` keeps them."""
    declaring_side = side_at(run, result.starter)
    # The team that goes up is the declarers when they hold, else the opponents (R-S3).
    gaining_side = declaring_side if result.declarers_hold else 1 - declaring_side
    utility_a = result.levels_gained if gaining_side == 0 else -result.levels_gained
    return RunOutcome(
        run=run,
        declaring_side=declaring_side,
        declarers_hold=result.declarers_hold,
        opponents_points=result.opponents_points,
        levels_gained=result.levels_gained,
        utility_a=utility_a,
        decisions=decisions,
        replaced=replaced,
        fallbacks=fallbacks,
    )


def record_path(directory: Path, index: int, run: int) -> Path:
    """Where the record of one run of a deal is kept."""
    return directory / f"deal-{index:05d}-run{run}.json"


def play_run(
    deal: Deal,
    run: int,
    names: Sequence[str],
    *,
    tournament_seed: int,
    rules: RuleSet,
    factory: PlayerFactory = make_player,
    records: Path | None = None,
    keep: list[GameRecord] | None = None,
) -> RunOutcome:
    """Play one run of ``deal``, ``names`` being side A's player and side B's; its
    record is saved into ``records`` and appended to ``keep``, when given."""
    seat_names = [names[side_at(run, seat)] for seat in range(4)]
    players = [
        factory(name, derive_seed(tournament_seed, deal.index, run, seat))
        for seat, name in enumerate(seat_names)
    ]
    game = Game(rules, deal.game_seed, decks=[deal.pack], start=deal.start, round_limit=1)
    asked = [0, 0, 0, 0]
    try:
        play_until(game, players, decisions=asked)
    finally:
        close_players(players)
    if records is not None or keep is not None:
        record = record_of(game, seat_names)
        if records is not None:
            save_record(record, record_path(records, deal.index, run))
        if keep is not None:
            keep.append(record)
    decisions, replaced = [0, 0], [0, 0]
    tallies = [NO_FALLBACKS, NO_FALLBACKS]
    for seat, player in enumerate(players):
        side = side_at(run, seat)
        decisions[side] += asked[seat]
        # Players that can fail (external bots) count the moves a fallback made for them.
        replaced[side] += getattr(player, "fallbacks", 0)
        tallies[side] += FallbackTally.of(player)
    return run_outcome(
        run,
        game.results[0],
        (decisions[0], decisions[1]),
        (replaced[0], replaced[1]),
        (tallies[0], tallies[1]),
    )


def play_deal(
    index: int,
    names: Sequence[str],
    *,
    seed: int,
    rules: RuleSet,
    factory: PlayerFactory = make_player,
    records: Path | None = None,
    keep: list[GameRecord] | None = None,
) -> DealOutcome:
    """Play deal ``index`` twice, the sides swapping seats between the runs; the runs'
    records are saved into ``records`` and appended to ``keep`` (run 1 first), when
    given."""
    deal = make_deal(seed, index)
    first, second = (
        play_run(
            deal,
            run,
            names,
            tournament_seed=seed,
            rules=rules,
            factory=factory,
            records=records,
            keep=keep,
        )
        for run in RUNS
    )
    return DealOutcome(index, deal.start.rank, deal.start.starter, (first, second))
