"""The values of the rule options that are more than a flag or a number (docs/rules.md
§12): the must-defend ranks (R-S6), the scoring steps (R-S3) and who starts the first
round when nobody declares (R-T6). Each has a value the rule set holds and a JSON form
that the judge, the records and ``--option`` write; this module reads the one from the
other and checks it.

A value that cannot be read raises :class:`OptionValueError` (a ``ValueError``) naming
the option, a reason constant and the numbers concerned, so that a front end can word it
in any language; :mod:`tuolaji.core.rules` turns it into a ``RulesError``. (This module
imports nothing of the package but the card notation, so that the rules module can
import it.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from tuolaji.core.cards import RANKS, NotationError, parse_rank

# The reasons a rule option's value is refused (``RulesError.reason``); ``details`` holds
# what the sentence needs to say it.
UNKNOWN_OPTION = "unknown-option"
"""No option has this name; ``details``: ``options`` (the names, comma-separated)."""
UNKNOWN_PRESET = "unknown-preset"
"""No preset has this name; ``details``: ``preset``, ``presets``."""
BAD_SPEC = "bad-spec"
"""The rules are neither a preset name nor an object of options (or the preset is no
name)."""
NOT_BOOL = "not-bool"
"""A yes/no option given something other than true or false."""
NOT_CHOICE = "not-choice"
"""A value that is none of the option's choices; ``details``: ``choices``."""
OUT_OF_RANGE = "out-of-range"
"""Not a whole number within the range; ``details``: ``low``, ``high``, and ``field``
for a field of ``scoring`` (``none_allowed`` 1 when null is accepted too)."""
NOT_RANKS = "not-ranks"
"""``must_defend`` is not a list of rank names."""
NOT_A_RANK = "not-a-rank"
"""An item of ``must_defend`` names no rank; ``details``: ``item``."""
NOT_AN_OBJECT = "not-an-object"
"""``scoring`` is not an object of fields."""
NO_SUCH_FIELD = "no-such-field"
"""``scoring`` names an unknown field; ``details``: ``field``, ``fields``."""
SCORING_ORDER = "scoring-order"
"""``scoring``'s ``opponents_up`` below its ``take_over``; ``details``: both."""
BAD_STARTER = "bad-starter"
"""``first_round_starter`` is not "redeal", "random" or a seat 0-3."""
CONTRADICTS = "contradicts"
"""Two options contradict each other; ``details``: ``other``, the option it contradicts."""


class OptionValueError(ValueError):
    """A rule option's value that cannot be read: ``message`` in English (logs, the
    judge), ``option`` the option's name, ``reason`` one of the constants above and
    ``details`` what a translated sentence needs (docs/rules.md §12)."""

    def __init__(
        self,
        message: str,
        option: str | None = None,
        reason: str = "",
        details: Mapping[str, str | int] | None = None,
    ) -> None:
        super().__init__(message)
        self.option = option
        self.reason = reason
        self.details: Mapping[str, str | int] = {} if details is None else details


# ------------------------------------------------------------------ must-defend ranks


def ranks_of(value: object) -> tuple[int, ...]:
    """The must-defend ranks of an option value: a list of rank names (``["5", "T",
    "K"]``; ``"10"`` reads as ``T``), or one string of them separated by spaces or
    commas (``"5,T,K"``, as ``--option`` takes it). The result is sorted, each rank
    once, as rank numbers 0–12.

    >>> ranks_of(["K", "5", "10", "5"])
    (3, 8, 11)
    >>> ranks_of("5, T K")
    (3, 8, 11)
    >>> ranks_of([5])
    Traceback (most recent call last):
    ...
    tuolaji.core.rule_values.OptionValueError: option must_defend must list ranks by name, ...
    """
    if isinstance(value, str):
        items: list[object] = [part for part in value.replace(",", " ").split() if part]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        raise OptionValueError(
            'option must_defend must be a list of ranks such as ["5", "T", "K"] '
            f"(empty: none), not {value!r}",
            "must_defend",
            NOT_RANKS,
        )
    ranks: set[int] = set()
    for item in items:
        if not isinstance(item, str):
            raise OptionValueError(
                "option must_defend must list ranks by name, such as "
                f'["5", "T", "K"], not {item!r}',
                "must_defend",
                NOT_RANKS,
            )
        try:
            ranks.add(parse_rank(item))
        except NotationError:
            raise OptionValueError(
                f"option must_defend: {item!r} is not a rank (2-9, T or 10, J, Q, K, A)",
                "must_defend",
                NOT_A_RANK,
                {"item": item},
            ) from None
    return tuple(sorted(ranks))


def check_ranks(value: object) -> None:
    """Refuse a must-defend value that is not sorted rank numbers 0–12, each once (the
    form a rule set holds)."""
    if (
        not isinstance(value, tuple)
        or any(isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < 13 for r in value)
        or list(value) != sorted(set(value))
    ):
        raise OptionValueError(
            "option must_defend must be sorted rank numbers 0-12, each once "
            f"(with_options reads rank names), not {value!r}",
            "must_defend",
            NOT_RANKS,
        )


def ranks_json(ranks: tuple[int, ...]) -> list[str]:
    """The JSON form of must-defend ranks: their names, low to high."""
    return [RANKS[rank] for rank in ranks]


# ------------------------------------------------------------------ scoring steps


@dataclass(frozen=True, slots=True)
class Scoring:
    """The level change of R-S3 as numbers (the option ``scoring``): with the
    opponents' final points ``P`` (0 when negative), the declarers go up
    ``ceil((take_over − P) / step)`` levels when ``P < take_over``, plus
    ``shutout_bonus`` when ``P`` is 0; from ``take_over`` the opponents take over, and
    from ``opponents_up`` they also go up a level, and one more for every further
    ``step``. ``cap`` (None: no cap) is the most levels a team gains in one round."""

    step: int = 40
    take_over: int = 80
    opponents_up: int = 120
    shutout_bonus: int = 1
    cap: int | None = None

    def problem(self) -> str | None:
        """Why these numbers make no scoring table, or None."""
        error = self.error()
        return None if error is None else str(error)

    def error(self) -> OptionValueError | None:
        """Why these numbers make no scoring table (the error to raise), or None."""
        for name, low, high in SCORING_RANGES:
            value = getattr(self, name)
            if name == "cap" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                what = " or null" if name == "cap" else ""
                details: dict[str, str | int] = {"field": name, "low": low, "high": high}
                if name == "cap":
                    details["none_allowed"] = 1
                return OptionValueError(
                    f"option scoring: {name} must be a whole number from {low} to "
                    f"{high}{what}, not {value!r}",
                    "scoring",
                    OUT_OF_RANGE,
                    details,
                )
        if self.opponents_up < self.take_over:
            return OptionValueError(
                f"option scoring: opponents_up ({self.opponents_up}) is below take_over "
                f"({self.take_over}): the opponents cannot go up before they take over",
                "scoring",
                SCORING_ORDER,
                {"opponents_up": self.opponents_up, "take_over": self.take_over},
            )
        return None

    def to_json(self) -> dict[str, Any]:
        """The JSON form: every field by name."""
        return {name: getattr(self, name) for name in SCORING_FIELDS}


#: each field of :class:`Scoring` with the smallest and largest value it may take (the
#: one place these ranges are written: the server's room settings offer them)
SCORING_RANGES: Final = (
    ("step", 1, 200),
    ("take_over", 1, 200),
    # the opponents can pass 200 with a talon bonus (R-S2)
    ("opponents_up", 1, 1000),
    ("shutout_bonus", 0, 12),
    ("cap", 1, 12),
)
SCORING_FIELDS: Final = tuple(name for name, _low, _high in SCORING_RANGES)
DEFAULT_SCORING: Final = Scoring()


def scoring_of(value: object, base: Scoring) -> Scoring:
    """The scoring steps of an option value: a :class:`Scoring`, or an object of some of
    its fields, the others taken from ``base``.

    >>> scoring_of({"cap": 3}, DEFAULT_SCORING).to_json()
    {'step': 40, 'take_over': 80, 'opponents_up': 120, 'shutout_bonus': 1, 'cap': 3}
    >>> scoring_of({"steps": 30}, DEFAULT_SCORING)
    Traceback (most recent call last):
    ...
    tuolaji.core.rule_values.OptionValueError: option scoring has no field 'steps': ...
    """
    if isinstance(value, Scoring):
        return value
    if not isinstance(value, Mapping):
        raise OptionValueError(
            'option scoring must be an object such as {"step": 40, "take_over": 80}, '
            f"not {value!r}",
            "scoring",
            NOT_AN_OBJECT,
        )
    fields = base.to_json()
    for name, field_value in value.items():
        if name not in fields:
            raise OptionValueError(
                f"option scoring has no field {name!r}: its fields are {', '.join(SCORING_FIELDS)}",
                "scoring",
                NO_SUCH_FIELD,
                {"field": str(name), "fields": ", ".join(SCORING_FIELDS)},
            )
        fields[name] = field_value
    return Scoring(**fields)


def check_scoring(value: object) -> None:
    """Refuse a scoring value that is not a :class:`Scoring` making a table."""
    if not isinstance(value, Scoring):
        raise OptionValueError(
            f"option scoring must be a Scoring (with_options reads objects), not {value!r}",
            "scoring",
            NOT_AN_OBJECT,
        )
    error = value.error()
    if error is not None:
        raise error


# ------------------------------------------------------------------ the first round's starter

#: the starters of a first round nobody declares in, besides a seat 0–3 (R-T6)
STARTER_CHOICES: Final = ("redeal", "random")


def check_starter(value: object) -> None:
    """Refuse a ``first_round_starter`` that is not ``"redeal"``, ``"random"`` or a
    seat 0–3."""
    if value in STARTER_CHOICES and isinstance(value, str):
        return
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return
    raise OptionValueError(
        f'option first_round_starter must be "redeal", "random" or a seat 0-3, not {value!r}',
        "first_round_starter",
        BAD_STARTER,
    )
