"""Rule options and presets (docs/rules.md §12): one frozen object, never scattered ``if``s."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from tuolaji.core.errors import TuolajiError

TalonMultiplier = Literal["cards", "largest_part", "power"]
TALON_MULTIPLIERS: tuple[str, ...] = ("cards", "largest_part", "power")


class RulesError(TuolajiError, ValueError):
    """An unknown preset, an unknown option or a bad option value (§12)."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every option where tables differ (§12); defaults are the ``standard`` preset."""

    #: R-P5: a follower holding a tractor of the led length in the led suit must play one.
    follow_tractor_first: bool = False
    #: R-T7: in no-trump rounds the trump-rank cards stay trumps, below ``BJ``.
    rank_trumps_in_no_trump: bool = False
    #: R-S2: how the talon bonus multiplier is counted.
    talon_multiplier: TalonMultiplier = "cards"
    #: R-H3: points per card taken back after a failed throw.
    throw_penalty: int = 10
    #: R-H2: the blocker must beat the forced lead.
    failed_throw_must_beat: bool = True
    #: The preset this rule set was built from (for display and records).
    preset: str = "standard"

    def __post_init__(self) -> None:
        _check_value("follow_tractor_first", self.follow_tractor_first)
        _check_value("rank_trumps_in_no_trump", self.rank_trumps_in_no_trump)
        _check_value("talon_multiplier", self.talon_multiplier)
        _check_value("throw_penalty", self.throw_penalty)
        _check_value("failed_throw_must_beat", self.failed_throw_must_beat)
        if self.preset not in PRESET_OPTIONS:
            raise RulesError(
                f"unknown preset {self.preset!r}: choose {' or '.join(PRESET_OPTIONS)}"
            )

    def with_options(self, **options: Any) -> RuleSet:
        """A copy with some options changed; unknown options and bad values are refused.

        >>> STANDARD.with_options(talon_multiplier="power").talon_multiplier
        'power'
        >>> STANDARD.with_options(throw_penalty=-5)
        Traceback (most recent call last):
        ...
        tuolaji.core.rules.RulesError: option throw_penalty must be a whole number ...
        """
        for name in options:
            if name not in OPTION_NAMES:
                raise RulesError(_unknown_option(name))
        return dataclasses.replace(self, **options)

    def options(self) -> dict[str, Any]:
        """The option values by name (the preset not included)."""
        return {name: getattr(self, name) for name in OPTION_NAMES}

    def to_spec(self) -> dict[str, Any]:
        """A JSON-ready description that :func:`rules_from_spec` reads back."""
        return {"preset": self.preset, **self.options()}


def _check_value(name: str, value: object) -> None:
    if name == "talon_multiplier":
        if value not in TALON_MULTIPLIERS:
            raise RulesError(
                f"option talon_multiplier must be one of {', '.join(TALON_MULTIPLIERS)}, "
                f"not {value!r}"
            )
    elif name == "throw_penalty":
        # 200 a card is every point of the game: more could only overflow the totals
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 200:
            raise RulesError(
                f"option throw_penalty must be a whole number from 0 to 200, not {value!r}"
            )
    elif not isinstance(value, bool):
        raise RulesError(f"option {name} must be true or false, not {value!r}")


OPTION_NAMES: tuple[str, ...] = (
    "follow_tractor_first",
    "rank_trumps_in_no_trump",
    "talon_multiplier",
    "throw_penalty",
    "failed_throw_must_beat",
)

PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "standard": {},
    "classic": {
        "follow_tractor_first": True,
        "rank_trumps_in_no_trump": True,
        "talon_multiplier": "largest_part",
        "throw_penalty": 0,
        "failed_throw_must_beat": False,
    },
}


def _unknown_option(name: str) -> str:
    return f"unknown rule option {name!r}: the options are {', '.join(OPTION_NAMES)}"


def preset(name: str) -> RuleSet:
    """The rule set of a named preset: ``standard`` or ``classic``.

    >>> classic = preset("classic")
    >>> classic.throw_penalty, classic.talon_multiplier, classic.follow_tractor_first
    (0, 'largest_part', True)
    >>> preset("bridge")
    Traceback (most recent call last):
    ...
    tuolaji.core.rules.RulesError: unknown preset 'bridge': choose standard or classic
    """
    if name not in PRESET_OPTIONS:
        raise RulesError(f"unknown preset {name!r}: choose {' or '.join(PRESET_OPTIONS)}")
    return RuleSet(preset=name, **PRESET_OPTIONS[name])


def rules_from_spec(spec: object) -> RuleSet:
    """Read rules as the judge writes them: ``None``, a preset name, or an object
    ``{"preset": "standard", "<option>": value, …}`` (docs/judge.md); the reverse of
    :meth:`RuleSet.to_spec`.

    >>> rules = rules_from_spec({"preset": "classic", "throw_penalty": 5})
    >>> rules.preset, rules.throw_penalty, rules_from_spec(rules.to_spec()) == rules
    ('classic', 5, True)
    >>> rules_from_spec(None) == STANDARD
    True
    >>> rules_from_spec({"bombs": True})
    Traceback (most recent call last):
    ...
    tuolaji.core.rules.RulesError: unknown rule option 'bombs': the options are ...
    """
    if spec is None:
        return STANDARD
    if isinstance(spec, str):
        return preset(spec)
    if isinstance(spec, Mapping):
        options = dict(spec)
        name = options.pop("preset", "standard")
        if not isinstance(name, str):
            raise RulesError(f"preset must be a name, not {name!r}")
        return preset(name).with_options(**options)
    raise RulesError(f"rules must be a preset name or an object of options, not {spec!r}")


STANDARD = preset("standard")
CLASSIC = preset("classic")
