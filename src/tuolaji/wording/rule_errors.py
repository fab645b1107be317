"""What a player reads when rule options are refused: a :class:`RulesError` in words.

The core's :class:`~tuolaji.core.rules.RulesError` names the option at fault, a reason
constant (:mod:`tuolaji.core.rule_values`) and the numbers concerned; each reason has a
translated sentence here, as the refusals of actions have theirs
(:mod:`tuolaji.wording.refusals`). The option is named by its label where the caller
knows one (the server's room settings pass theirs, already translated), with its name
beside it, so that the sentence points at the control and at the JSON field alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tuolaji.core import rule_values as reasons
from tuolaji.core.rules import RulesError
from tuolaji.i18n import _

#: a reason's sentence: the error, the option as named, the scoring field as named
Word = Callable[[RulesError, str, str], str]


def rules_error_text(error: RulesError, labels: Mapping[str, str] | None = None) -> str:
    """The sentence that says why ``error``'s rules are refused, in the current
    language. ``labels`` names the options (``{"throw_penalty": "Failed throw
    penalty", "scoring.cap": "Most levels a round", …}``); an option without a label
    is named as written.

    >>> from tuolaji.core.rules import STANDARD
    >>> try:
    ...     STANDARD.with_options(throw_penalty=500)
    ... except RulesError as error:
    ...     print(rules_error_text(error, {"throw_penalty": "Failed throw penalty"}))
    Failed throw penalty (throw_penalty): a whole number from 0 to 200, please.
    """
    known = labels or {}
    option = error.option or ""
    label = known.get(option)
    named = f"{label} ({option})" if label else option
    field = str(error.details.get("field", ""))
    field_label = known.get(f"{option}.{field}")
    field_named = f"{field_label} ({field})" if field_label else field
    word = _WORDS.get(error.reason)
    if word is None:
        if not option:
            return _("These rules cannot be read.")
        return _("{option}: these rules do not accept this value.").format(option=named)
    return word(error, named, field_named)


def _detail(error: RulesError, name: str) -> str:
    return str(error.details.get(name, ""))


def _out_of_range(error: RulesError, option: str, field: str) -> str:
    low, high = _detail(error, "low"), _detail(error, "high")
    if not field:
        return _("{option}: a whole number from {low} to {high}, please.").format(
            option=option, low=low, high=high
        )
    if error.details.get("none_allowed"):
        return _("{option}, {field}: a whole number from {low} to {high}, or none.").format(
            option=option, field=field, low=low, high=high
        )
    return _("{option}, {field}: a whole number from {low} to {high}, please.").format(
        option=option, field=field, low=low, high=high
    )


# TRANSLATORS: the refusals of rule options (the browser's room settings, the judge):
# {option} is the option's label with its name, e.g. "Failed throw penalty
# (throw_penalty)"; keep the values in quotes ("redeal", "random") as they are.
_WORDS: dict[str, Word] = {
    reasons.UNKNOWN_OPTION: lambda error, option, _field: _(
        "There is no rule option {option}: the options are {options}."
    ).format(option=option, options=_detail(error, "options")),
    reasons.UNKNOWN_PRESET: lambda error, _option, _field: _(
        "There is no preset {preset}: choose {presets}."
    ).format(preset=_detail(error, "preset"), presets=_detail(error, "presets")),
    reasons.BAD_SPEC: lambda _error, _option, _field: _(
        "The rules must be a preset's name, or the preset and the options to change."
    ),
    reasons.NOT_BOOL: lambda _error, option, _field: _("{option}: on or off, please.").format(
        option=option
    ),
    reasons.NOT_CHOICE: lambda error, option, _field: _(
        "{option}: choose one of {choices}."
    ).format(option=option, choices=_detail(error, "choices")),
    reasons.OUT_OF_RANGE: _out_of_range,
    reasons.NOT_RANKS: lambda _error, option, _field: _(
        "{option}: a list of ranks, such as 5, 10 and K (none: an empty list)."
    ).format(option=option),
    reasons.NOT_A_RANK: lambda error, option, _field: _(
        "{option}: {item} is not a rank (2 to 10, J, Q, K, A)."
    ).format(option=option, item=_detail(error, "item")),
    reasons.NOT_AN_OBJECT: lambda _error, option, _field: _(
        "{option}: give the numbers to change by name (step, take_over, opponents_up, "
        "shutout_bonus, cap)."
    ).format(option=option),
    reasons.NO_SUCH_FIELD: lambda error, option, field: _(
        "{option} has no number {field}: its numbers are {fields}."
    ).format(option=option, field=field, fields=_detail(error, "fields")),
    reasons.SCORING_ORDER: lambda error, option, _field: _(
        "{option}: the opponents cannot go up a level ({up} points) before they take "
        "over ({over} points)."
    ).format(option=option, up=_detail(error, "opponents_up"), over=_detail(error, "take_over")),
    reasons.CONTRADICTS: lambda error, option, _field: _(
        "{option} cannot go with {other} as it is set: change one of the two."
    ).format(option=option, other=_detail(error, "other")),
    reasons.BAD_STARTER: lambda _error, option, _field: _(
        '{option}: "redeal" (deal again), "random" or a seat from 0 to 3.'
    ).format(option=option),
}
