"""The things a game can be told to do, as frozen values that records store: the five
actions of the rules, and a takeback where the table allows them (R-U1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tuolaji.core.cards import format_cards


@dataclass(frozen=True, slots=True)
class Draw:
    """The next card of the pack goes to the seat whose turn it is to draw (R-D2)."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class Declare:
    """``seat`` reveals ``cards`` to declare the trump suit (R-T2, R-T3)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` passes its turn in the final declaring window (R-T4)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Bury:
    """The starter lays 8 cards face down as the new talon (R-K1)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` leads or follows with ``cards`` (R-P1–R-P7)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Takeback:
    """``seat`` takes back its last action, which nobody has acted after (R-U1: only at
    a table whose rules have ``takebacks`` on)."""

    seat: int


Action = Draw | Declare | Pass | Bury | Play | Takeback


def action_to_json(action: Action) -> list[Any]:
    """The compact JSON form a record stores: ``["draw", 12]``, ``["play", 3, "AS AS"]``,
    ``["takeback", 3]``."""
    if isinstance(action, Draw):
        return ["draw", action.count]
    if isinstance(action, Pass):
        return ["pass", action.seat]
    if isinstance(action, Takeback):
        return ["takeback", action.seat]
    name = {Declare: "declare", Bury: "bury", Play: "play"}[type(action)]
    return [name, action.seat, format_cards(action.cards)]
