"""The JSON forms of events and observations: how values are written (cards in notation,
ranks and suits as letters) and how a JSON object is read back with every field checked.

Reading is strict: a field must be present, have its JSON type and its range (a boolean
is not a number, ``1.5`` is not a seat), and an object may hold no key its form does not
have. Anything else is refused with a :class:`WireFormatError` naming the place, the
field, what was found and what belongs there; reading raises nothing else.

>>> Fields({"seat": 5}, "event 'passed'").seat("seat")
Traceback (most recent call last):
...
tuolaji.game.wire.WireFormatError: event 'passed': 'seat' must be a seat 0-3, not the number 5
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeGuard

from tuolaji.core.cards import RANKS, SEATS, SUITS, NotationError, parse_cards, to_layers
from tuolaji.core.errors import TuolajiError
from tuolaji.game.record_schema import found


class WireFormatError(TuolajiError, ValueError):
    """A JSON event or observation that cannot be read; the message says where and why."""


def rank_text(rank: int) -> str:
    """A trump rank 0–12 as its letter: ``"2"`` … ``"A"``."""
    return RANKS[rank]


def suit_text(suit: int | None) -> str | None:
    """A suit 0–3 as its letter ``S H D C``; None (no trump suit) stays None."""
    return None if suit is None else SUITS[suit]


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a JSON whole number (``true`` is not one, although Python's
    bool is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Fields:
    """The fields of one JSON object, read one by one, each checked. ``where`` names the
    object in messages (``"event 'played'"``, ``"observation: tricks[3]"``)."""

    __slots__ = ("data", "where")

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise WireFormatError(f"{where} must be a JSON object, not {found(data)}")
        self.data: dict[str, Any] = data
        self.where = where

    def fail(self, name: str, what: str) -> WireFormatError:
        """The error for field ``name``, which must be ``what``."""
        return WireFormatError(
            f"{self.where}: {name!r} must be {what}, not {found(self.get(name))}"
        )

    def get(self, name: str) -> object:
        """The raw value of field ``name`` (refused when missing)."""
        try:
            return self.data[name]
        except KeyError:
            raise WireFormatError(f"{self.where}: the field {name!r} is missing") from None

    def only(self, names: Iterable[str]) -> None:
        """Refuse a key that is not one of ``names`` (a misspelt or foreign field)."""
        allowed = set(names)
        for key in self.data:
            if key not in allowed:
                raise WireFormatError(f"{self.where}: unknown field {key!r}")

    def child(self, name: str) -> Fields:
        """The object in field ``name``, to be read in turn."""
        return Fields(self.get(name), f"{self.where}: {name}")

    def number(self, name: str, low: int = 0, high: int | None = None) -> int:
        """A whole number from ``low`` to ``high`` (no bound when None)."""
        value = self.get(name)
        if not is_int(value) or value < low or (high is not None and value > high):
            bounds = f"{low} or more" if high is None else f"{low}-{high}"
            raise self.fail(name, f"a whole number {bounds}")
        return value

    def number_or_none(self, name: str) -> int | None:
        """A whole number 0 or more, or null (a number not told: R-V3)."""
        return None if self.get(name) is None else self.number(name)

    def signed(self, name: str) -> int:
        """A whole number of any sign (points can be negative: R-H3)."""
        value = self.get(name)
        if not is_int(value):
            raise self.fail(name, "a whole number")
        return value

    def flag(self, name: str) -> bool:
        """``true`` or ``false``."""
        value = self.get(name)
        if not isinstance(value, bool):
            raise self.fail(name, "true or false")
        return value

    def seat(self, name: str) -> int:
        """A seat 0–3 (R-N4)."""
        value = self.get(name)
        if not is_int(value) or not 0 <= value < SEATS:
            raise self.fail(name, "a seat 0-3")
        return value

    def seat_or_none(self, name: str) -> int | None:
        """A seat 0–3, or null."""
        return None if self.get(name) is None else self.seat(name)

    def team(self, name: str) -> int:
        """A team, 0 (seats 0 and 2) or 1 (seats 1 and 3)."""
        return self.number(name, 0, 1)

    def team_or_none(self, name: str) -> int | None:
        """A team 0 or 1, or null."""
        return None if self.get(name) is None else self.team(name)

    def rank(self, name: str) -> int:
        """A trump rank as its letter, ``"2"`` … ``"A"`` (R-N1)."""
        value = self.get(name)
        if not isinstance(value, str) or len(value) != 1 or value not in RANKS:
            raise self.fail(name, f"a rank, one of {' '.join(RANKS)}")
        return RANKS.index(value)

    def suit_or_none(self, name: str) -> int | None:
        """A suit letter ``S H D C`` (R-N2), or null for no trump suit."""
        value = self.get(name)
        if value is None:
            return None
        if not isinstance(value, str) or len(value) != 1 or value not in SUITS:
            raise self.fail(name, "a suit, one of S H D C, or null")
        return SUITS.index(value)

    def suit(self, name: str) -> int:
        """A suit letter ``S H D C`` (R-N2)."""
        suit = self.suit_or_none(name)
        if suit is None:
            raise self.fail(name, "a suit, one of S H D C")
        return suit

    def cards(self, name: str) -> tuple[int, ...]:
        """Cards in notation, space-separated (R-N3): ``"AS AS BJ"``; ``""`` is none.
        No card may appear more than twice: the pack holds each card twice (R-D1)."""
        return read_cards(self.get(name), lambda what: self.fail(name, what))

    def card(self, name: str) -> int:
        """One card in notation (R-N3): ``"TH"``."""
        cards = self.cards(name)
        if len(cards) != 1:
            raise self.fail(name, "one card in notation")
        return cards[0]

    def items(self, name: str) -> list[Any]:
        """A JSON list (its items read by the caller)."""
        value = self.get(name)
        if not isinstance(value, list):
            raise self.fail(name, "a list")
        return value

    def pair_of_numbers(self, name: str) -> tuple[int, int]:
        """Two whole numbers 0 or more, as ``[a, b]`` (the teams' levels)."""
        value = self.get(name)
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(is_int(n) and n >= 0 for n in value)
        ):
            raise self.fail(name, "a list of two whole numbers 0 or more")
        return (value[0], value[1])


def read_cards(value: object, fail: Callable[[str], WireFormatError]) -> tuple[int, ...]:
    """Cards in notation read from ``value``, none more than twice (R-D1); ``fail(what)``
    makes the error to raise."""
    if not isinstance(value, str):
        raise fail('cards in notation, such as "AS AS BJ"')
    try:
        cards = tuple(parse_cards(value))
        to_layers(cards)  # R-D1: refuses a third copy of a card
        return cards
    except NotationError as error:
        raise fail(f"cards in notation ({error})") from None
