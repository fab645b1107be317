"""What the visibility options take out of a seat's picture (docs/rules.md, "What each
seat sees": R-V1–R-V3), shared by the observation and the views of events.

- ``hidden_history`` (R-V1): of the finished tricks, only the last shows its cards; an
  older one keeps its number, winner and points, its plays and failed throw gone.
- ``hide_blocker`` (R-V2): a failed throw names its blocker to the blocker alone.
- ``hide_declarer_points`` (R-V3): a trick the declarers won shows no points.

None of this runs in a game without these options: the callers ask ``rules.hides``
first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from tuolaji.core.cards import team_of
from tuolaji.core.rules import RuleSet
from tuolaji.game.events import Event, Played, RoundStarted, ThrowFailed, TrickWon
from tuolaji.game.state import CompletedTrick


def seen_throw(throw: ThrowFailed, seat: int | None) -> ThrowFailed:
    """``throw`` as ``seat`` sees it: without its blocker, unless it is ``seat`` or the
    blocker is public (R-V2).

    >>> throw = ThrowFailed(0, (1, 2), (1,), 10, 3, True)
    >>> seen_throw(throw, 1).blocker, seen_throw(throw, 3).blocker
    (None, 3)
    """
    if not throw.blocker_hidden or throw.blocker is None or throw.blocker == seat:
        return throw
    return dataclasses.replace(throw, blocker=None, blocker_hidden=False)


def seen_tricks(
    tricks: tuple[CompletedTrick, ...],
    rules: RuleSet,
    declarers: int | None,
    seat: int | None,
) -> tuple[CompletedTrick, ...]:
    """The finished ``tricks`` as ``seat`` sees them under ``rules`` (R-V1–R-V3)."""
    last = len(tricks) - 1
    seen = []
    for index, trick in enumerate(tricks):
        plays, points, throw = trick.plays, trick.points, trick.failed_throw
        if rules.hidden_history and index < last:
            plays, throw = (), None
        if throw is not None:
            throw = seen_throw(throw, seat)
        if rules.hide_declarer_points and team_of(trick.winner) == declarers:
            points = None
        if plays is trick.plays and points == trick.points and throw is trick.failed_throw:
            seen.append(trick)
        else:
            seen.append(CompletedTrick(trick.number, plays, trick.winner, points, throw))
    return tuple(seen)


def forgotten(trick: CompletedTrick) -> CompletedTrick:
    """``trick`` once it is no longer the last (R-V1): its number, winner and points.

    >>> forgotten(CompletedTrick(3, ((0, (1,)), (1, (2,)), (2, (3,)), (3, (4,))), 2, 0))
    CompletedTrick(number=3, plays=(), winner=2, points=0, failed_throw=None)
    """
    return CompletedTrick(trick.number, (), trick.winner, trick.points, None)


def shows_old_plays(events: Sequence[Event]) -> bool:
    """Whether ``events``, sent now as one catch-up, would show a play of a trick that is
    neither the trick in progress nor the last one won (R-V1): a play followed, within
    them, by two tricks won, or by the start of a round. A server sends a snapshot
    instead.

    >>> play, won = Played(0, (1,)), TrickWon(1, 0, 0)
    >>> shows_old_plays([play, won]), shows_old_plays([play, won, won])
    (False, True)
    """
    won = 0
    for event in reversed(events):
        kind = type(event)
        if kind is TrickWon:
            won += 1
        elif kind is RoundStarted:
            won += 2
        elif kind is Played and won >= 2:
            return True
    return False
