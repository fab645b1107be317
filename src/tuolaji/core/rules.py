"""Rule options and presets (docs/rules.md §12): one frozen object, never scattered ``if``s."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from tuolaji.core.errors import TuolajiError
from tuolaji.core.rule_values import (
    BAD_SPEC,
    CONTRADICTS,
    DEFAULT_SCORING,
    NOT_BOOL,
    NOT_CHOICE,
    OUT_OF_RANGE,
    UNKNOWN_OPTION,
    UNKNOWN_PRESET,
    OptionValueError,
    Scoring,
    check_ranks,
    check_scoring,
    check_starter,
    ranks_json,
    ranks_of,
    scoring_of,
)

TalonMultiplier = Literal["cards", "largest_part", "power"]
TALON_MULTIPLIERS: tuple[str, ...] = ("cards", "largest_part", "power")
#: what the throw penalty is counted by: each card taken back, or each failed throw (R-H3)
THROW_PENALTY_PER: tuple[str, ...] = ("card", "throw")
#: how the talon gives the trump when nobody declares in a later round (R-T6): turned
#: until a trump-rank card, else the highest card; or the first card alone
TALON_FLIPS: tuple[str, ...] = ("rank_or_highest", "first_card")
#: which declaration overrides which (R-T3): more cards, and at equal length jokers over
#: rank cards; the same, and at equal length a pair of a higher suit; or more cards only
DECLARATION_ORDERS: tuple[str, ...] = ("joker_or_length", "joker_or_higher_suit", "length")
#: which of two ruffs of a throw is higher (R-W4): by the highest part of the layout's
#: biggest kind, or by the highest card
THROW_EVALUATIONS: tuple[str, ...] = ("biggest_part", "highest")
#: who starts a first round nobody declares in: deal again, a seat drawn by chance, or
#: a seat 0–3 (R-T6)
FirstRoundStarter = Literal["redeal", "random"] | int


class RulesError(TuolajiError, OptionValueError):
    """An unknown preset, an unknown option or a bad option value (§12). ``option``
    names the option at fault (``"preset"`` for the preset, None when the rules as a
    whole are unreadable), ``reason`` is one of the reason constants of
    :mod:`tuolaji.core.rule_values` ("" when none fits) and ``details`` what a front end
    needs to word the refusal in any language (:mod:`tuolaji.wording.rule_errors`).

    >>> error = RulesError("option x must be true or false", "x", NOT_BOOL)
    >>> str(error), error.option, error.reason
    ('option x must be true or false', 'x', 'not-bool')
    """

    @classmethod
    def of(cls, error: OptionValueError) -> RulesError:
        """The rules error of a value that could not be read."""
        return cls(str(error), error.option, error.reason, error.details)


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
    #: R-S6: the ranks a team's level cannot jump over (rank numbers 0–12, sorted).
    must_defend: tuple[int, ...] = ()
    #: R-S5: declarers who lose this many rounds on A go back to 2 (0: never).
    ace_attempts: int = 0
    #: R-S3: the points of a level step, the thresholds and the cap of the level change.
    scoring: Scoring = DEFAULT_SCORING
    #: R-T3: a pair of red jokers overrides a pair of black jokers.
    red_jokers_override: bool = False
    #: R-T3: the player whose single stands may make it a pair with its twin.
    reinforce: bool = True
    #: R-T3: the player whose declaration stands may override it with a stronger one.
    overturn_own: bool = True
    #: R-T2: a pair of jokers declares a round with no trump suit.
    joker_no_trump: bool = True
    #: R-K1: every seat sees the talon at the end of the round.
    show_talon: bool = True
    #: R-T6: who starts round 1 when nobody declares (``"redeal"``: deal again).
    first_round_starter: FirstRoundStarter = "redeal"
    #: R-V1: a seat sees the cards of the trick in progress and of the last one only.
    hidden_history: bool = False
    #: R-V2: nobody but the blocker is told who blocked a failed throw.
    hide_blocker: bool = False
    #: R-V3: the points the declarers take in tricks are told to nobody until the round ends.
    hide_declarer_points: bool = False
    #: R-U1 (a table setting, not a rule of play): a player may take back their last
    #: play or declaration while nobody has acted after it.
    takebacks: bool = False
    #: R-H3: the throw penalty counts per card taken back (``"card"``) or per failed throw.
    throw_penalty_per: str = "card"
    #: R-T6: the talon turned until a trump-rank card (``"rank_or_highest"``), or its first card.
    talon_flip: str = "rank_or_highest"
    #: R-T3: which declaration overrides which (``"joker_or_length"``: today's order).
    declaration_order: str = "joker_or_length"
    #: R-T3: a player whose single was overridden by a pair may make it a pair that stands.
    reinforce_to_tie: bool = False
    #: R-T2: one red joker declares a round with no trump suit.
    red_joker_single: bool = False
    #: R-T5: round 1's starter is the first player to declare, not the one whose declaration stands.
    first_declarer_starts: bool = False
    #: R-W4: ruffs of a throw compared by their highest part of the biggest kind, or card.
    throw_evaluation: str = "biggest_part"
    #: The preset this rule set was built from (for display and records).
    preset: str = "standard"
    # the hash, computed once: a rule set keys the cache of trump contexts, which search
    # playouts ask for thousands of times a decision
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    #: whether any visibility option (R-V1–R-V3) is on, computed once: ``observe`` asks
    #: it for every decision, and the default game must pay one attribute for them all
    hides: bool = field(default=False, init=False, repr=False, compare=False)
    #: whether a declaring option beyond the first four is set (declaration_order,
    #: reinforce_to_tie, red_joker_single), computed once: the game's quick tests of who
    #: could declare then give way to the full check, which the default game never pays
    custom_declaring: bool = field(default=False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in OPTION_NAMES:
            try:
                _check_value(name, getattr(self, name))
            except RulesError as error:
                # every refusal names its option, whichever check wrote it
                if error.option is None:
                    error.option = name
                raise
        if self.preset not in PRESET_OPTIONS:
            raise _unknown_preset(self.preset)
        values = tuple(getattr(self, name) for name in OPTION_NAMES)
        object.__setattr__(self, "_hash", hash((values, self.preset)))
        hides = self.hidden_history or self.hide_blocker or self.hide_declarer_points
        object.__setattr__(self, "hides", hides)
        _check_together(self)
        custom = (
            self.declaration_order != "joker_or_length"
            or self.reinforce_to_tie
            or self.red_joker_single
        )
        object.__setattr__(self, "custom_declaring", custom)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # rebuilt from its fields, so that the hash (of strings, which differ from one
        # process to the next) is computed again where it is unpickled
        return (RuleSet, (*(getattr(self, name) for name in OPTION_NAMES), self.preset))

    def with_options(self, **options: Any) -> RuleSet:
        """A copy with some options changed; unknown options and bad values are refused.
        Values may be given in their JSON form (:meth:`options`): ``must_defend`` as
        rank names, ``scoring`` as an object of the fields to change.

        >>> STANDARD.with_options(talon_multiplier="power").talon_multiplier
        'power'
        >>> STANDARD.with_options(must_defend=["5", "T", "K"]).must_defend
        (3, 8, 11)
        >>> STANDARD.with_options(scoring={"cap": 2}).scoring.cap
        2
        >>> STANDARD.with_options(throw_penalty=-5)
        Traceback (most recent call last):
        ...
        tuolaji.core.rules.RulesError: option throw_penalty must be a whole number ...
        """
        changes: dict[str, Any] = {}
        for name, value in options.items():
            if name not in OPTION_NAMES:
                raise _unknown_option(name)
            try:
                if name == "must_defend":
                    changes[name] = ranks_of(value)
                elif name == "scoring":
                    changes[name] = scoring_of(value, self.scoring)
                else:
                    changes[name] = value
            except OptionValueError as error:
                raise RulesError.of(error) from None
        return dataclasses.replace(self, **changes)

    def options(self) -> dict[str, Any]:
        """The option values by name (the preset not included), in their JSON form."""
        values = {name: getattr(self, name) for name in OPTION_NAMES}
        values["must_defend"] = ranks_json(self.must_defend)
        values["scoring"] = self.scoring.to_json()
        return values

    def to_spec(self) -> dict[str, Any]:
        """A JSON-ready description that :func:`rules_from_spec` reads back: the preset
        and the first five options always, and each option added since when its value
        is not the default or the preset sets it — so that the rules of a game that uses
        none of them are written as they were before they existed (records,
        observations), and a missing option reads as its default.

        >>> list(STANDARD.to_spec())  # doctest: +NORMALIZE_WHITESPACE
        ['preset', 'follow_tractor_first', 'rank_trumps_in_no_trump', 'talon_multiplier',
         'throw_penalty', 'failed_throw_must_beat']
        >>> STANDARD.with_options(show_talon=False).to_spec()["show_talon"]
        False
        """
        values = self.options()
        spec: dict[str, Any] = {"preset": self.preset}
        preset_sets = PRESET_OPTIONS[self.preset]
        for name in OPTION_NAMES:
            value = values[name]
            if name in _FIRST_OPTIONS or name in preset_sets or value != _DEFAULTS[name]:
                spec[name] = value
        return spec


def _check_value(name: str, value: object) -> None:
    if name in OPTION_CHOICES:
        choices = OPTION_CHOICES[name]
        if not isinstance(value, str) or value not in choices:
            raise RulesError(
                f"option {name} must be one of {', '.join(choices)}, not {value!r}",
                name,
                NOT_CHOICE,
                {"choices": ", ".join(choices)},
            )
    elif name in NUMBER_RANGES:
        low, high = NUMBER_RANGES[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RulesError(
                f"option {name} must be a whole number from {low} to {high}, not {value!r}",
                name,
                OUT_OF_RANGE,
                {"low": low, "high": high},
            )
    elif name in _CHECKS:
        try:
            _CHECKS[name](value)
        except OptionValueError as error:
            raise RulesError.of(error) from None
    elif not isinstance(value, bool):
        raise RulesError(f"option {name} must be true or false, not {value!r}", name, NOT_BOOL)


#: the options whose value is one of a few names, with those names (the default first)
OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "talon_multiplier": TALON_MULTIPLIERS,
    "throw_penalty_per": THROW_PENALTY_PER,
    "talon_flip": TALON_FLIPS,
    "declaration_order": DECLARATION_ORDERS,
    "throw_evaluation": THROW_EVALUATIONS,
}
#: the options that take a whole number, with the smallest and largest they accept (the
#: one place these ranges are written: the server's room settings offer them)
NUMBER_RANGES: dict[str, tuple[int, int]] = {
    # 200 a card is every point of the game: more could only overflow the totals
    "throw_penalty": (0, 200),
    # 0: no limit
    "ace_attempts": (0, 9),
}


#: the options that contradict another: (option, its value, the other option, the
#: other's value it cannot go with, why)
_CONTRADICTIONS: tuple[tuple[str, object, str, object, str], ...] = (
    (
        "declaration_order",
        "length",
        "red_jokers_override",
        True,
        'option declaration_order "length" lets only more cards override, so a red joker '
        "pair cannot override a black one: it contradicts red_jokers_override (set it to "
        "false)",
    ),
    (
        "red_joker_single",
        True,
        "joker_no_trump",
        False,
        "option red_joker_single needs joker_no_trump: a red joker declares no trump, "
        "which joker_no_trump off forbids",
    ),
    (
        "reinforce_to_tie",
        True,
        "reinforce",
        False,
        "option reinforce_to_tie needs reinforce: it is a reinforcing, which reinforce off forbids",
    ),
)


def _check_together(rules: RuleSet) -> None:
    """Refuse options that contradict each other, naming the option that needs another."""
    for option, value, other, other_value, why in _CONTRADICTIONS:
        if getattr(rules, option) == value and getattr(rules, other) == other_value:
            raise RulesError(why, option, CONTRADICTS, {"other": other})


_CHECKS = {
    "must_defend": check_ranks,
    "scoring": check_scoring,
    "first_round_starter": check_starter,
}

OPTION_NAMES: tuple[str, ...] = (
    "follow_tractor_first",
    "rank_trumps_in_no_trump",
    "talon_multiplier",
    "throw_penalty",
    "failed_throw_must_beat",
    "must_defend",
    "ace_attempts",
    "scoring",
    "red_jokers_override",
    "reinforce",
    "overturn_own",
    "joker_no_trump",
    "show_talon",
    "first_round_starter",
    "hidden_history",
    "hide_blocker",
    "hide_declarer_points",
    "takebacks",
    "throw_penalty_per",
    "talon_flip",
    "declaration_order",
    "reinforce_to_tie",
    "red_joker_single",
    "first_declarer_starts",
    "throw_evaluation",
)

#: each preset's options, in their JSON form (the others keep the defaults)
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "standard": {},
    "classic": {
        "follow_tractor_first": True,
        "rank_trumps_in_no_trump": True,
        "talon_multiplier": "largest_part",
        "throw_penalty": 0,
        "failed_throw_must_beat": False,
    },
    # the defaults of shengji.io's Tractor mode, value by value in docs/rules.md §12
    "shengji": {
        "follow_tractor_first": True,
        "rank_trumps_in_no_trump": True,
        "talon_multiplier": "largest_part",
        "throw_penalty": 0,
        "failed_throw_must_beat": False,
        "must_defend": ["A"],
        "red_jokers_override": True,
        "overturn_own": False,
        "show_talon": False,
        "talon_flip": "first_card",
    },
}
#: the options every spec writes (the first five); the later ones only when set
_FIRST_OPTIONS = frozenset(OPTION_NAMES[:5])
_PRESET_CHOICE = ", ".join(list(PRESET_OPTIONS)[:-1]) + f" or {list(PRESET_OPTIONS)[-1]}"


def _unknown_option(name: str) -> RulesError:
    options = ", ".join(OPTION_NAMES)
    return RulesError(
        f"unknown rule option {name!r}: the options are {options}",
        name,
        UNKNOWN_OPTION,
        {"options": options},
    )


def _unknown_preset(name: str) -> RulesError:
    return RulesError(
        f"unknown preset {name!r}: choose {_PRESET_CHOICE}",
        "preset",
        UNKNOWN_PRESET,
        {"preset": name, "presets": ", ".join(PRESET_OPTIONS)},
    )


def preset(name: str) -> RuleSet:
    """The rule set of a named preset: ``standard``, ``classic`` or ``shengji``.

    >>> classic = preset("classic")
    >>> classic.throw_penalty, classic.talon_multiplier, classic.follow_tractor_first
    (0, 'largest_part', True)
    >>> preset("bridge")
    Traceback (most recent call last):
    ...
    tuolaji.core.rules.RulesError: unknown preset 'bridge': choose standard, classic or shengji
    """
    if name not in PRESET_OPTIONS:
        raise _unknown_preset(name)
    return RuleSet(preset=name).with_options(**PRESET_OPTIONS[name])


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
            raise RulesError(f"preset must be a name, not {name!r}", "preset", BAD_SPEC)
        return preset(name).with_options(**options)
    raise RulesError(
        f"rules must be a preset name or an object of options, not {spec!r}", None, BAD_SPEC
    )


#: options a preset came to set after specs of it were written, with the value they had
#: before: ``to_spec`` writes every option the preset sets, so a written spec of the
#: preset without one is older (shengji took shengji.io's first-card rule, R-T6, later)
LATER_PRESET_OPTIONS: dict[str, dict[str, Any]] = {"shengji": {"talon_flip": "rank_or_highest"}}


def rules_from_written_spec(spec: object) -> RuleSet:
    """:func:`rules_from_spec` for a spec :meth:`RuleSet.to_spec` wrote earlier (a game
    record's, a stored room's): a preset's option in :data:`LATER_PRESET_OPTIONS` that
    the spec lacks reads as it was before the preset set it, so the game replays as it
    was played.

    >>> rules_from_written_spec({"preset": "shengji"}).talon_flip
    'rank_or_highest'
    >>> rules_from_written_spec(SHENGJI.to_spec()) == SHENGJI
    True
    """
    if isinstance(spec, Mapping):
        name = spec.get("preset")
        earlier = LATER_PRESET_OPTIONS.get(name, {}) if isinstance(name, str) else {}
        missing = {option: value for option, value in earlier.items() if option not in spec}
        spec = {**missing, **spec}
    return rules_from_spec(spec)


#: every option's default, in its JSON form
_DEFAULTS = RuleSet().options()
STANDARD = preset("standard")
CLASSIC = preset("classic")
SHENGJI = preset("shengji")
