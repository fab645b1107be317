"""What happens in a game, as frozen events: the game's log and the way every interface
learns about it. Events that carry hidden cards say which seat may see them."""

from __future__ import annotations

from dataclasses import dataclass

from tuolaji.core.cards import format_cards


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; ``private_to`` is the only seat that may see it whole
    (``None``: everyone may)."""

    @property
    def private_to(self) -> int | None:
        """The one seat allowed to see this event's cards, or None for a public event."""
        return None

    def describe(self) -> str:
        """A one-line account for logs."""
        return type(self).__name__


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round begins (or a round-1 deal is dealt again after nobody declared)."""

    number: int
    rank: int
    declarers: int | None
    starter: int | None
    first_drawer: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """``seat`` drew ``card`` (R-D2); only that seat sees which card."""

    seat: int
    card: int

    @property
    def private_to(self) -> int | None:
        """The drawer alone sees the card."""
        return self.seat


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """``seat`` revealed cards; ``cards`` is the declaration that now stands (R-T2, R-T3)."""

    seat: int
    cards: tuple[int, ...]

    def describe(self) -> str:
        """A one-line account for logs."""
        return f"seat {self.seat} declares {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` passed in the final declaring window (R-T4)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Redealt(Event):
    """Nobody declared in round 1: the cards are gathered and dealt again (R-T6)."""

    number: int


@dataclass(frozen=True, slots=True)
class TalonFlipped(Event):
    """Nobody declared in a later round: the talon was turned to find the suit (R-T6)."""

    turned: tuple[int, ...]
    suit: int


@dataclass(frozen=True, slots=True)
class TrumpSettled(Event):
    """The round's trump is fixed; the starter takes the talon (R-T5, R-K1)."""

    rank: int
    suit: int | None
    declarers: int
    starter: int


@dataclass(frozen=True, slots=True)
class Buried(Event):
    """The starter laid 8 cards face down as the new talon (R-K1)."""

    seat: int
    cards: tuple[int, ...]

    @property
    def private_to(self) -> int | None:
        """Only the starter sees what was buried."""
        return self.seat


@dataclass(frozen=True, slots=True)
class ThrowFailed(Event):
    """A throw was beatable (R-H1): ``forced`` is led instead, ``penalty`` points are
    paid (R-H3), and ``blocker`` is the seat that can beat the forced part (R-H2)."""

    seat: int
    attempted: tuple[int, ...]
    forced: tuple[int, ...]
    penalty: int
    blocker: int


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` played ``cards`` to the current trick."""

    seat: int
    cards: tuple[int, ...]

    def describe(self) -> str:
        """A one-line account for logs."""
        return f"seat {self.seat} plays {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``seat`` won trick ``number`` (1–25) worth ``points`` (R-W5)."""

    number: int
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class TalonBonus(Event):
    """The opponents won the last trick: the talon is shown and scored (R-S2)."""

    talon: tuple[int, ...]
    multiplier: int
    points: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round is settled (R-S3, R-S4)."""

    number: int
    opponents_points: int
    declarers_hold: bool
    levels_gained: int
    levels: tuple[int, int]
    next_declarers: int
    next_starter: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """A team's level passed A (R-S5)."""

    winner: int
    levels: tuple[int, int]
