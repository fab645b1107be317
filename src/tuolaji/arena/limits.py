"""The bounds on the counts a simulation or a tournament accepts, and the thresholds
below which a tournament's result is not a verdict.

A typo such as ``--games 99999999999999999999`` would otherwise start a run that never
ends. Each bound allows a run of about an hour of random self-play (some 550 rounds a
second on one core, docs/benchmarks.md), more than any measurement here needs, and
each message states it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tuolaji.core.rules import RuleSet

#: Most whole games one ``simulate`` run plays.
MAX_GAMES = 100_000
#: Whole games ``tuolaji simulate`` plays when given neither a number of games nor of
#: rounds: about 200 rounds of random players, a few seconds.
DEFAULT_GAMES = 10
#: Most rounds one ``simulate --rounds`` run plays.
MAX_ROUNDS = 1_000_000
#: Most duplicate deals one tournament plays (each deal is played twice).
MAX_DEALS = 100_000
#: Most worker processes a tournament starts.
MAX_JOBS = 128
#: Largest seed of a run. Seeds are 0 to 2³² − 1: a negative seed would give the same
#: shuffles as its positive twin, and the derived seeds must stay plain JSON numbers.
MAX_SEED = 2**32 - 1
#: Guesses per decision ``tuolaji analyse`` makes by default (a whole round analyses in
#: seconds), and the most it takes (here, so that the command line reads them without
#: loading the bots).
ANALYSIS_GUESSES = 24
MAX_ANALYSIS_GUESSES = 10_000

#: Fewer duplicate deals than this give a tournament no verdict, and their interval is
#: reported as not meaningful: the normal interval needs a few dozen deals to be a fair
#: one, and from one deal it is a single point.
MIN_DEALS_FOR_VERDICT = 30
#: A side whose moves a fallback made in more than this share of its decisions was not
#: measured: the tournament says so, calls no side stronger, and fails.
MAX_REPLACED_SHARE = 0.01


def check_count(noun: str, value: int, high: int, low: int = 1) -> None:
    """Raise ``ValueError`` unless ``value`` is a whole number from ``low`` to ``high``;
    ``noun`` names what is counted ("deals", "worker processes") in the message."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"the number of {noun} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"the number of {noun} must be from {low} to {high}, not {value}")


#: why a run of bots refuses the ``takebacks`` table setting (R-U1)
TAKEBACKS_REFUSED = (
    "the option takebacks is a table setting for people (R-U1): bots never take back, so "
    "tournaments, simulations and analyses play without it; leave out "
    "--option takebacks=true"
)


def check_rules(rules: RuleSet) -> None:
    """Refuse rules a run of bots cannot stand for, with a ``ValueError`` that says why:
    ``takebacks`` on (R-U1), a table setting for people that no bot ever uses, so that a
    measure made with it would claim what it never tried."""
    if rules.takebacks:
        raise ValueError(TAKEBACKS_REFUSED)


def check_seed(seed: int) -> None:
    """Raise ``ValueError`` unless ``seed`` is a whole number from 0 to :data:`MAX_SEED`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"the seed must be from 0 to {MAX_SEED}, not {seed}")
