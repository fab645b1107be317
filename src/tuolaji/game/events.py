"""What happens in a game, as frozen events: the game's log and the way every interface
learns about it.

:data:`Event` is a closed union of the event classes below, so a ``match`` over an event
is checked exhaustive by mypy (end it with ``case _: assert_never(event)``).

``Game.events`` holds every event whole. What one seat may see of an event is its view
(:func:`tuolaji.game.views.view`): another seat's drawn card becomes a
:class:`HiddenCardDrawn`, and the talon the starter takes and buries a
:class:`HiddenTalonTaken` and a :class:`HiddenBuried` (R-D2, R-K1). Those three hidden
events never appear in ``Game.events``; they exist so that a view of an event is itself
an event, with the same JSON form (:mod:`tuolaji.game.event_json`).

>>> from tuolaji.game.game import Game
>>> game = Game(seed=1)
>>> game.draw()
[CardDrawn(seat=0, card=...)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

from tuolaji.core.frozen import Frozen
from tuolaji.game.results import RoundResult


@dataclass(frozen=True, slots=True)
class RoundStarted(Frozen):
    """A round begins (or a round-1 deal is dealt again after nobody declared)."""

    number: int
    rank: int
    declarers: int | None
    starter: int | None
    first_drawer: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Frozen):
    """``seat`` drew ``card`` (R-D2); only that seat sees which card."""

    seat: int
    card: int

    # written out, not generated: see core.frozen (made for every card drawn or played)
    def __init__(self, seat: int, card: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class HiddenCardDrawn(Frozen):
    """``seat`` drew a card, seen from another seat: which card is hidden (R-D2)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Declared(Frozen):
    """``seat`` revealed cards; ``cards`` is the declaration that now stands (R-T2, R-T3)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Passed(Frozen):
    """``seat`` passed in the final declaring window (R-T4)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Redealt(Frozen):
    """Nobody declared in round 1: the cards are gathered and dealt again (R-T6)."""

    number: int


@dataclass(frozen=True, slots=True)
class TalonFlipped(Frozen):
    """Nobody declared in a later round: the talon was turned to find the suit (R-T6)."""

    turned: tuple[int, ...]
    #: the suit they give; None: no trump suit (a joker first, ``talon_flip: "first_card"``)
    suit: int | None


@dataclass(frozen=True, slots=True)
class TrumpSettled(Frozen):
    """The round's trump is fixed; the starter takes the talon next (R-T5, R-K1)."""

    rank: int
    suit: int | None
    declarers: int
    starter: int


@dataclass(frozen=True, slots=True)
class TalonTaken(Frozen):
    """The starter ``seat`` took the talon, ``cards``, into its hand (R-K1); only the
    starter sees them until the round ends."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HiddenTalonTaken(Frozen):
    """The starter ``seat`` took ``count`` cards of talon, seen from another seat (R-K1)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Buried(Frozen):
    """The starter laid 8 cards face down as the new talon (R-K1)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HiddenBuried(Frozen):
    """The starter ``seat`` laid ``count`` cards face down, seen from another seat (R-K1)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class ThrowFailed(Frozen):
    """A throw was beatable (R-H1): ``forced`` is led instead, ``penalty`` points are
    paid (R-H3), and ``blocker`` is the seat that can beat the forced part (R-H2). All
    of it is public — but for the blocker under the rules' ``hide_blocker`` (R-V2):
    the game's event then has ``blocker_hidden`` set, and every view of it but the
    blocker's own has ``blocker`` None. The blocker's hand is in no event."""

    seat: int
    attempted: tuple[int, ...]
    forced: tuple[int, ...]
    penalty: int
    #: the blocker's seat (None: not told to this seat, R-V2)
    blocker: int | None
    #: whether only the blocker may see ``blocker`` (R-V2; left out of the repr and of
    #: comparisons: a view does not carry it, and records' checks hash the repr)
    blocker_hidden: bool = field(default=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Played(Frozen):
    """``seat`` played ``cards`` to the current trick."""

    seat: int
    cards: tuple[int, ...]

    # written out, not generated: see core.frozen (made for every card drawn or played)
    def __init__(self, seat: int, cards: tuple[int, ...]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class TrickWon(Frozen):
    """``seat`` won trick ``number`` (1–25) worth ``points`` (R-W5). Under the rules'
    ``hide_declarer_points`` a trick the declarers win has ``points_hidden`` set, and
    every view of it has ``points`` None until the round ends (R-V3)."""

    number: int
    seat: int
    #: the trick's points (None: not told, R-V3)
    points: int | None
    #: whether no seat is told ``points`` (R-V3; out of the repr and of comparisons,
    #: as ``ThrowFailed.blocker_hidden``)
    points_hidden: bool = field(default=False, repr=False, compare=False)

    # written out, not generated: see core.frozen (made for every trick)
    def __init__(
        self, number: int, seat: int, points: int | None, points_hidden: bool = False
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "points_hidden", points_hidden)


@dataclass(frozen=True, slots=True)
class TalonBonus(Frozen):
    """The opponents won the last trick: the talon is shown and scored (R-S2)."""

    talon: tuple[int, ...]
    multiplier: int
    points: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Frozen):
    """The round is settled (R-S3, R-S4). ``result`` is the whole result, the talon
    included: at the round's end every seat sees the talon (R-K1). (The game always
    gives it; it may be left out only in events made by hand, for messages.)"""

    number: int
    opponents_points: int
    declarers_hold: bool
    levels_gained: int
    levels: tuple[int, int]
    next_declarers: int
    next_starter: int
    result: RoundResult | None = None


@dataclass(frozen=True, slots=True)
class TakenBack(Frozen):
    """``seat`` took back its last action, a ``kind`` of ``"declare"``, ``"pass"``,
    ``"bury"`` or ``"play"`` (R-U1): the game stands again where it stood before it."""

    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class GameOver(Frozen):
    """A team's level passed A (R-S5)."""

    winner: int
    levels: tuple[int, int]


Event: TypeAlias = (
    RoundStarted
    | CardDrawn
    | HiddenCardDrawn
    | Declared
    | Passed
    | Redealt
    | TalonFlipped
    | TrumpSettled
    | TalonTaken
    | HiddenTalonTaken
    | Buried
    | HiddenBuried
    | ThrowFailed
    | Played
    | TrickWon
    | TalonBonus
    | RoundEnded
    | GameOver
    | TakenBack
)
"""Every event there is (a closed union: a ``match`` over it is checked exhaustive)."""
