"""Tournament statistics: per-side utility with a 95% confidence interval, hold rates, the
points the side let its opponents take, the decisions a fallback made in its place, and
the verdict, which says only what the numbers support (see docs/tournaments.md)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tuolaji.arena.deals import DealOutcome
from tuolaji.arena.limits import MAX_REPLACED_SHARE, MIN_DEALS_FOR_VERDICT
from tuolaji.bots.external import NO_FALLBACKS, FallbackTally

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.96


def mean_ci95(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% normal interval, mean ± 1.96·sd/√n with the
    sample standard deviation; one value gives the point itself."""
    if not values:
        raise ValueError("no values to average")
    mean = statistics.fmean(values)
    if len(values) == 1:
        return mean, mean, mean
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


@dataclass(frozen=True, slots=True)
class SideStats:
    """How one side did over a tournament."""

    name: str
    side: str
    utility_mean: float
    utility_ci95: tuple[float, float]
    #: of the runs where the side declared (one per deal), the fraction it held
    hold_rate: float
    #: mean points the side's opponents took in the runs where the side was the opponents
    opponent_points_mean: float
    rounds: int
    declared: int
    held: int
    #: duplicate deals played
    deals: int = 0
    #: decisions the side's players were asked for
    decisions: int = 0
    #: of those, the ones a fallback made in the player's place (external bots)
    replaced: int = 0
    #: those fallbacks by cause, and the answer timeouts that fired
    fallbacks: FallbackTally = NO_FALLBACKS

    @property
    def replaced_share(self) -> float:
        """The share of the side's decisions that a fallback made (0 with no decisions)."""
        return self.replaced / self.decisions if self.decisions else 0.0

    @property
    def replaced_too_often(self) -> bool:
        """Whether a fallback made more than :data:`MAX_REPLACED_SHARE` of its decisions."""
        return self.replaced_share > MAX_REPLACED_SHARE

    @property
    def interval_meaningful(self) -> bool:
        """Whether enough deals were played for the interval to mean something."""
        return self.deals >= MIN_DEALS_FOR_VERDICT

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "side": self.side,
            "utility_mean": self.utility_mean,
            "utility_ci95": list(self.utility_ci95),
            "utility_ci95_meaningful": self.interval_meaningful,
            "hold_rate": self.hold_rate,
            "opponent_points_mean": self.opponent_points_mean,
            "rounds": self.rounds,
            "declared": self.declared,
            "held": self.held,
            "decisions": self.decisions,
            "replaced_decisions": self.replaced,
            "replaced_share": self.replaced_share,
            "fallbacks": self.fallbacks.kinds_json(),
            "timeouts": self.fallbacks.timeouts_fired,
        }


def side_stats(name: str, side: int, deals: Sequence[DealOutcome]) -> SideStats:
    """The statistics of ``side`` (0 = A, 1 = B), named ``name``, over ``deals``."""
    sign = 1 if side == 0 else -1
    mean, low, high = mean_ci95([sign * deal.utility_a for deal in deals])
    runs = [run for deal in deals for run in deal.runs]
    declaring = [run for run in runs if run.declaring_side == side]
    opposing = [run for run in runs if run.declaring_side != side]
    held = sum(run.declarers_hold for run in declaring)
    return SideStats(
        name=name,
        side="AB"[side],
        utility_mean=mean,
        utility_ci95=(low, high),
        hold_rate=held / len(declaring) if declaring else 0.0,
        opponent_points_mean=(
            statistics.fmean(run.opponents_points for run in opposing) if opposing else 0.0
        ),
        rounds=len(runs),
        declared=len(declaring),
        held=held,
        deals=len(deals),
        decisions=sum(run.decisions[side] for run in runs),
        replaced=sum(run.replaced[side] for run in runs),
        fallbacks=sum((run.fallbacks[side] for run in runs), NO_FALLBACKS),
    )


#: Why a tournament says what it says (:attr:`Verdict.reason`).
REPLACED_TOO_OFTEN = "replaced-too-often"  # a fallback made too many of a side's decisions
TOO_FEW_DEALS = "too-few-deals"  # fewer than MIN_DEALS_FOR_VERDICT deals
NO_CLEAR_DIFFERENCE = "no-clear-difference"  # the interval contains 0
NOT_CALLED_STRONGER = "not-called-stronger"  # ahead, but a fallback played for it
STRONGER = "stronger"  # ahead, all its own play


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a tournament found, in English words and as data (from which a front end
    says it in another language)."""

    #: one sentence (with a note per side that a fallback stood in for)
    text: str
    #: the name of the side called stronger, or None
    stronger: str | None
    #: the names of the sides a fallback replaced in more than MAX_REPLACED_SHARE
    replaced_too_often: tuple[str, ...]
    #: one of the reasons above
    reason: str = NO_CLEAR_DIFFERENCE
    #: the side ahead (its interval above 0), whether or not it is called stronger
    leader: str | None = None
    #: the deals played
    deals: int = 0


Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]

#: written into the messages as a field: a percent sign before a letter ("95% interval")
#: reads as a printf format to the catalog tools
CONFIDENCE = "95%"


def _english(text: str) -> str:
    return text


def _english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def verdict(a: SideStats, b: SideStats) -> Verdict:
    """Which side is stronger: the one whose utility interval lies wholly above 0, if
    the result can say so. There is no verdict when fewer than
    :data:`MIN_DEALS_FOR_VERDICT` deals were played, or when a fallback made more than
    :data:`MAX_REPLACED_SHARE` of a side's decisions; and a side that a fallback
    stood in for even once is never called stronger (its result is not all its own).
    """
    too_often = tuple(side.name for side in (a, b) if side.replaced_too_often)
    low, high = a.utility_ci95
    leader = a if low > 0 else b if high < 0 else None
    stronger = None
    if too_often:
        reason = REPLACED_TOO_OFTEN
    elif a.deals < MIN_DEALS_FOR_VERDICT:
        reason = TOO_FEW_DEALS
    elif leader is None:
        reason = NO_CLEAR_DIFFERENCE
    elif leader.replaced:
        reason = NOT_CALLED_STRONGER
    else:
        reason = STRONGER
        stronger = leader.name
    found = Verdict(
        "", stronger, too_often, reason, None if leader is None else leader.name, a.deals
    )
    return replace(found, text=verdict_words(found, (a, b)))


def verdict_words(
    found: Verdict,
    sides: Sequence[SideStats],
    _: Translate = _english,
    ngettext: TranslatePlural = _english_plural,
) -> str:
    """The verdict in one sentence, then a note for each side a fallback stood in for:
    in English (result.json) or, given the translation functions, in the player's
    language (the table ``tuolaji tournament`` prints)."""
    reason = found.reason
    if reason == REPLACED_TOO_OFTEN:
        head = _(
            "no verdict: fallback moves stood in for {names} in more than {share} of the decisions"
        ).format(
            names=_(" and for ").join(found.replaced_too_often),
            share=f"{MAX_REPLACED_SHARE:.0%}",
        )
    elif reason == TOO_FEW_DEALS:
        head = _("no verdict: a verdict needs at least {count} duplicate deals, not {deals}")
        head = head.format(count=MIN_DEALS_FOR_VERDICT, deals=found.deals)
    elif reason == NOT_CALLED_STRONGER:
        head = _(
            "{name} is not called stronger although its {level} interval is above 0, "
            "because fallback moves played for it"
        ).format(name=found.leader, level=CONFIDENCE)
    elif reason == STRONGER:
        head = _("{name} is stronger ({level} interval above 0)").format(
            name=found.leader, level=CONFIDENCE
        )
    else:
        head = _("no clear difference (the {level} interval contains 0)").format(level=CONFIDENCE)
    notes = [_replaced_words(side, _, ngettext) for side in sides if side.replaced]
    return "; ".join([head, *notes])


def _replaced_words(side: SideStats, _: Translate, ngettext: TranslatePlural) -> str:
    """How often a fallback played for ``side``, and why."""
    note = _(
        "{name} was replaced by fallback moves in {replaced} of its {decisions} decisions ({share})"
    ).format(
        name=side.name,
        replaced=side.replaced,
        decisions=side.decisions,
        share=share_text(side.replaced_share),
    )
    # the causes of a fallback, by their names in FALLBACK_KINDS
    names = {
        "crash": _("crash"),
        "timeout": _("timeout"),
        "garbage": _("garbage"),
        "illegal": _("illegal"),
    }
    causes = []
    fired = side.fallbacks.timeouts_fired
    for kind, count in side.fallbacks.kinds_json().items():
        if not count:
            continue
        cause = f"{names[kind]} {count}"
        if kind == "timeout" and fired:
            times = ngettext(
                "its answer timeout fired {n} time", "its answer timeout fired {n} times", fired
            )
            cause += f" ({times.format(n=fired)})"
        causes.append(cause)
    return f"{note}: {', '.join(causes)}" if causes else note


def share_text(share: float) -> str:
    """A share as a percentage, never "0.0%" for a share above nothing."""
    if 0 < share < 0.001:
        return "<0.1%"
    return f"{share:.1%}"
