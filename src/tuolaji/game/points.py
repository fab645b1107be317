"""Whom points count for while a round is played: the points of a trick (R-S1) and the
penalty of a failed throw (R-H3). The game and a client's
:class:`~tuolaji.game.streams.SeatView` both count the opponents' points with these,
so the rule is written once."""

from __future__ import annotations

from tuolaji.core.cards import team_of


def penalty_to_opponents(thrower: int, declarers: int | None, penalty: int) -> int:
    """What a failed throw's ``penalty`` adds to the opponents' points (R-H3): the
    declarers' penalty goes to the opponents; the opponents' own is taken off theirs.

    >>> penalty_to_opponents(0, 0, 20), penalty_to_opponents(1, 0, 20)
    (20, -20)
    """
    return penalty if team_of(thrower) == declarers else -penalty


def trick_points_to_opponents(winner: int, declarers: int | None, points: int) -> int:
    """What a trick worth ``points`` won by ``winner`` adds to the opponents' points:
    all of them when an opponent won it, none when a declarer did (R-S1).

    >>> trick_points_to_opponents(1, 0, 25), trick_points_to_opponents(2, 0, 25)
    (25, 0)
    """
    return points if team_of(winner) != declarers else 0
