"""The data of a round in progress, and the summary a finished trick leaves (a finished
round's is :class:`~tuolaji.game.results.RoundResult`)."""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field

from tuolaji.core.cards import Layers, from_layers, team_of
from tuolaji.core.combos import Combo
from tuolaji.core.declare import Declaration
from tuolaji.core.frozen import Frozen
from tuolaji.core.trump import TrumpContext
from tuolaji.game.events import ThrowFailed


class Phase(enum.Enum):
    """Where a game stands."""

    DRAW = "draw"  # cards are drawn one at a time; anyone may declare (R-D2, R-T2)
    DECLARE = "declare"  # the final declaring window after the last draw (R-T4)
    EXCHANGE = "exchange"  # the starter buries 8 cards (R-K1)
    PLAY = "play"  # 25 tricks (R-P1)
    OVER = "over"  # a team passed A (R-S5)


@dataclass(frozen=True, slots=True)
class CompletedTrick(Frozen):
    """A finished trick: plays in order (the lead first), its winner and points. In an
    observation under the visibility options, an old trick's ``plays`` are empty and its
    ``failed_throw`` None (R-V1), and a trick the declarers won has ``points`` None
    while the round is played (R-V3)."""

    number: int
    plays: tuple[tuple[int, tuple[int, ...]], ...]
    winner: int
    points: int | None
    failed_throw: ThrowFailed | None = None

    # written out, not generated: see core.frozen (made for every trick)
    def __init__(
        self,
        number: int,
        plays: tuple[tuple[int, tuple[int, ...]], ...],
        winner: int,
        points: int | None,
        failed_throw: ThrowFailed | None = None,
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "failed_throw", failed_throw)


@dataclass(slots=True)
class RoundState:
    """Everything about the round being played. Owned and changed only by ``Game``."""

    number: int
    rank: int
    declarers: int | None
    starter: int | None
    first_drawer: int
    deck: list[int]
    drawn: int = 0
    hands: list[Layers] = field(default_factory=lambda: [(0, 0)] * 4)
    #: how many cards each hand holds, kept with ``hands`` (an observation shows them,
    #: and counting the bits of four hands for every decision costs more)
    hand_sizes: list[int] = field(default_factory=lambda: [0] * 4)
    declaration: Declaration | None = None
    #: every declaration of the round, in order (a tuple, so observations share it)
    declarations: tuple[Declaration, ...] = ()
    window_seat: int = 0
    window_passes: int = 0
    ctx: TrumpContext | None = None
    talon: tuple[int, ...] = ()
    talon_flipped: tuple[int, ...] = ()
    # the play
    to_play: int = 0
    lead: Combo | None = None
    trick: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    #: the same plays as bit layers, kept beside ``trick`` so the winner is not re-read
    trick_layers: list[Layers] = field(default_factory=list)
    blocker: int | None = None
    failed_throw: ThrowFailed | None = None
    #: the finished tricks of the round (a tuple, so observations share it)
    tricks: tuple[CompletedTrick, ...] = ()
    trick_points: int = 0
    penalties: int = 0
    failed_throws: int = 0
    won_cards: list[list[int]] = field(default_factory=lambda: [[], [], [], []])

    @property
    def opponents_points(self) -> int:
        """The opponents' points so far: tricks won plus penalties (R-H3, R-S1)."""
        return self.trick_points + self.penalties

    def card_locations(self, phase: Phase) -> dict[str, list[int]]:
        """Where all 108 cards are in ``phase``, by place (:meth:`Game.card_locations
        <tuolaji.game.game.Game.card_locations>`)."""
        places = {f"hand{seat}": from_layers(*hand) for seat, hand in enumerate(self.hands)}
        if phase is Phase.DRAW or phase is Phase.DECLARE:
            places["pack"] = self.deck[self.drawn :]
        elif phase is Phase.EXCHANGE:
            places["talon"] = []
        else:
            places["talon"] = list(self.talon)
        places["trick"] = [card for _, played in self.trick for card in played]
        for seat, won in enumerate(self.won_cards):
            places[f"won{seat}"] = list(won)
        return places

    def copy(self) -> RoundState:
        """A copy whose lists are new (an action changes them in place) and whose
        tuples and frozen values are shared (nothing changes them)."""
        return dataclasses.replace(
            self,
            deck=list(self.deck),
            hands=list(self.hands),
            hand_sizes=list(self.hand_sizes),
            trick=list(self.trick),
            trick_layers=list(self.trick_layers),
            won_cards=[list(won) for won in self.won_cards],
        )


@dataclass(frozen=True, slots=True)
class RoundStart(Frozen):
    """How to open a game that does not start from round 1's open declaring: the trump
    rank (both teams' level), the declaring team and the starter (who draws first)."""

    rank: int
    declarers: int
    starter: int

    def __post_init__(self) -> None:
        if not 0 <= self.rank <= 12 or self.declarers not in (0, 1) or not 0 <= self.starter < 4:
            raise ValueError(f"bad round start {self}")
        if team_of(self.starter) != self.declarers:
            raise ValueError("the starter must belong to the declaring team (R-T5)")
