"""The five things a game can be told to do, as frozen values that records store."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tuolaji.core.cards import NotationError, format_cards, parse_cards


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


Action = Draw | Declare | Pass | Bury | Play


def action_to_json(action: Action) -> list[Any]:
    """The compact JSON form a record stores: ``["draw", 12]``, ``["play", 3, "AS AS"]``."""
    if isinstance(action, Draw):
        return ["draw", action.count]
    if isinstance(action, Pass):
        return ["pass", action.seat]
    name = {Declare: "declare", Bury: "bury", Play: "play"}[type(action)]
    return [name, action.seat, format_cards(action.cards)]


class ActionFormatError(ValueError):
    """A stored action that cannot be read."""


def action_from_json(data: object) -> Action:
    """Read an action written by :func:`action_to_json`."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ActionFormatError(f'an action is a list like ["play", 0, "AS"], not {data!r}')
    name, args = data[0], data[1:]
    if name == "draw":
        if len(args) != 1 or not _is_int(args[0]) or args[0] < 1:
            raise ActionFormatError(f"draw takes one count ≥ 1: {data!r}")
        return Draw(args[0])
    if len(args) < 1 or not _is_int(args[0]) or not 0 <= args[0] <= 3:
        raise ActionFormatError(f"{name} needs a seat 0-3 first: {data!r}")
    seat = args[0]
    if name == "pass" and len(args) == 1:
        return Pass(seat)
    if name in ("declare", "bury", "play") and len(args) == 2 and isinstance(args[1], str):
        try:
            cards = tuple(parse_cards(args[1]))
        except NotationError as error:
            raise ActionFormatError(f"{data!r}: {error}") from None
        if name == "declare":
            return Declare(seat, cards)
        return Bury(seat, cards) if name == "bury" else Play(seat, cards)
    raise ActionFormatError(f"unknown or malformed action {data!r}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
