"""Scoring a round: the talon bonus (R-S2), the level change (R-S3) and the climb of a
team's level past the must-defend ranks (R-S6)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tuolaji.core.cards import points_of, to_layers
from tuolaji.core.combos import combo_of_layers
from tuolaji.core.frozen import Frozen
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.core.trump import TrumpContext

DECLARERS = "declarers"
OPPONENTS = "opponents"


def talon_multiplier(ctx: TrumpContext, last_lead: Sequence[int]) -> int:
    """What the talon's points are multiplied by when the opponents win the last trick
    (R-S2), under the rule set's ``talon_multiplier``."""
    option = ctx.rules.talon_multiplier
    if option == "cards":
        return 2 * len(last_lead)
    lead = combo_of_layers(ctx, *to_layers(last_lead))
    if lead.suit < 0:
        raise ValueError("the last lead mixes effective suits (R-C4)")
    largest = max(part.size for part in lead.parts)
    return 2 * largest if option == "largest_part" else 2**largest


def talon_bonus(ctx: TrumpContext, talon: Sequence[int], last_lead: Sequence[int]) -> int:
    """The points the opponents add for the talon when they win the last trick (R-S2).

    The ``standard`` multiplier is twice the cards of the last lead; ``classic`` counts
    twice its largest part. A talon of 25 points, a last lead of a pair and a single:

    >>> from tuolaji.core import CLASSIC, parse_cards, trump_context
    >>> talon = parse_cards("KD 5D TH 3C 4C 6C 7C 8C")
    >>> talon_bonus(trump_context(0, 1), talon, parse_cards("AS QS QS"))  # 25 × 6
    150
    >>> talon_bonus(trump_context(0, 1, CLASSIC), talon, parse_cards("AS QS QS"))  # 25 × 4
    100
    """
    return points_of(talon) * talon_multiplier(ctx, last_lead)


@dataclass(frozen=True, slots=True)
class Settlement(Frozen):
    """Who declares next round and how many levels that team goes up (R-S3)."""

    winner: str
    levels: int

    @property
    def declarers_hold(self) -> bool:
        """Whether the declaring team keeps declaring."""
        return self.winner == DECLARERS


def settle(points: int, rules: RuleSet = STANDARD) -> Settlement:
    """The level change for the opponents' final points (R-S3) under the rules'
    ``scoring``; a negative total counts as 0. The levels are those the scoring gives:
    whether the team can climb them all is R-S6's (:func:`climb`).

    >>> for points in (0, 35, 75, 80, 125, 165):
    ...     print(points, settle(points))
    0 Settlement(winner='declarers', levels=3)
    35 Settlement(winner='declarers', levels=2)
    75 Settlement(winner='declarers', levels=1)
    80 Settlement(winner='opponents', levels=0)
    125 Settlement(winner='opponents', levels=1)
    165 Settlement(winner='opponents', levels=2)
    >>> capped = STANDARD.with_options(scoring={"cap": 2})
    >>> settle(0, capped), settle(300, capped)
    (Settlement(winner='declarers', levels=2), Settlement(winner='opponents', levels=2))
    """
    points = max(points, 0)
    scoring = rules.scoring
    step, take_over = scoring.step, scoring.take_over
    if points < take_over:
        # one level for each step, or part of one, below the take-over (R-S3): with the
        # standard 40 and 80, 1 level from 40, 2 below 40, and the shut-out bonus at 0
        levels = -((points - take_over) // step)
        if points == 0:
            levels += scoring.shutout_bonus
        winner = DECLARERS
    else:
        # 80–115: take over with no change, then one level for every further 40 (R-S3)
        up = scoring.opponents_up
        levels = 0 if points < up else 1 + (points - up) // step
        winner = OPPONENTS
    cap = scoring.cap
    return Settlement(winner, levels if cap is None else min(levels, cap))


#: the level past A: a team that reaches it wins the game (R-S5)
PAST_ACE = 13


def climb(level: int, levels: int, declared: bool, rules: RuleSet = STANDARD) -> int:
    """The level a team at ``level`` reaches going up ``levels`` levels, one at a time
    (R-S6): it stops on the first must-defend rank it reaches, and moves off a
    must-defend rank it stands on only with its first step, as the declaring team
    (``declared``) holding on. 13 and above is past A: the team has won (R-S5).

    Levels are rank numbers (0 is 2, 12 is A). With 5, 10 and K to defend: declarers
    on 4 going up 3 stop on 5; declarers on 5 go on to 8; opponents on 5 who take over
    stay on 5; with A to defend, declarers on K going up 3 stop on A.

    >>> from tuolaji.core.cards import RANKS
    >>> rules = STANDARD.with_options(must_defend=["5", "T", "K"])
    >>> [RANKS[climb(RANKS.index(rank), 3, declared, rules)] for rank, declared in
    ...  (("4", True), ("5", True), ("5", False))]
    ['5', '8', '5']
    >>> RANKS[climb(RANKS.index("K"), 3, True, STANDARD.with_options(must_defend=["A"]))]
    'A'
    """
    defend = rules.must_defend
    for step in range(levels):
        if level in defend and (step > 0 or not declared):
            break
        level += 1
    return level
