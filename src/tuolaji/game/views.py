"""What one seat may see of an event: :func:`view`, and a seat's whole stream.

``Game.events`` holds every event whole; a server sends each seat only the view of each
event for that seat, and a spectator (``None``) the view that hides every hand. The
view of an event is itself an event (:data:`~tuolaji.game.events.Event`), with the same
JSON form, and :class:`~tuolaji.game.streams.SeatView` rebuilds the seat's observation
from its stream alone. What is hidden (docs/rules.md §11):

- another seat's drawn card (R-D2): :class:`~tuolaji.game.events.CardDrawn` becomes a
  :class:`~tuolaji.game.events.HiddenCardDrawn` naming only the drawer;
- the talon the starter takes and the cards it buries (R-K1), seen only by the starter:
  :class:`~tuolaji.game.events.TalonTaken` and :class:`~tuolaji.game.events.Buried` become
  :class:`~tuolaji.game.events.HiddenTalonTaken` and
  :class:`~tuolaji.game.events.HiddenBuried`, with the count of cards. At the round's end
  the talon is everyone's: :class:`~tuolaji.game.events.RoundEnded` carries it, in its
  result, to every seat (R-K1) — unless the rules' ``show_talon`` is off and the
  opponents did not turn it up for the bonus (R-S2): then the result is not
  ``talon_public`` and every seat but the starter sees it with no talon
  (:func:`hidden_talon`).

Everything else is public as it stands. A failed throw
(:class:`~tuolaji.game.events.ThrowFailed`) shows the attempted cards, the part led
instead, the penalty and the blocker's seat (R-H1–R-H3) — never the blocker's hand,
which no event carries; under ``hide_blocker`` every view but the blocker's own has no
blocker (R-V2). Under ``hide_declarer_points`` a
:class:`~tuolaji.game.events.TrickWon` the declarers win is seen by every seat without
its points (R-V3). (``hidden_history``, R-V1, hides no event: a play is sent while its
trick is on the table; what it hides is older tricks in an observation, a snapshot.)

>>> from tuolaji.game.events import CardDrawn, Played
>>> view(CardDrawn(seat=2, card=12), 2), view(CardDrawn(seat=2, card=12), 0)
(CardDrawn(seat=2, card=12), HiddenCardDrawn(seat=2))
>>> view(Played(1, (12,)), None)
Played(seat=1, cards=(12,))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

from tuolaji.game.events import (
    Buried,
    CardDrawn,
    Event,
    HiddenBuried,
    HiddenCardDrawn,
    HiddenTalonTaken,
    RoundEnded,
    TalonTaken,
    ThrowFailed,
    TrickWon,
)
from tuolaji.game.results import RoundResult


def view(event: Event, seat: int | None) -> Event:
    """What ``seat`` (``None``: a spectator) may see of ``event``: the event itself when
    it hides nothing from that seat, else its hidden form. A view of a view is the same
    view.

    >>> from tuolaji.game.events import Buried
    >>> view(Buried(0, (1, 2, 3, 4, 5, 6, 7, 8)), 1)
    HiddenBuried(seat=0, count=8)
    """
    if type(event) is CardDrawn:
        return event if event.seat == seat else HiddenCardDrawn(event.seat)
    if type(event) is TalonTaken:
        return event if event.seat == seat else HiddenTalonTaken(event.seat, len(event.cards))
    if type(event) is Buried:
        return event if event.seat == seat else HiddenBuried(event.seat, len(event.cards))
    if type(event) is RoundEnded and event.result is not None:
        result = hidden_talon(event.result, seat)
        return event if result is event.result else dataclasses.replace(event, result=result)
    if type(event) is TrickWon and event.points_hidden:
        return TrickWon(event.number, event.seat, None)
    if type(event) is ThrowFailed and event.blocker_hidden and event.blocker != seat:
        return dataclasses.replace(event, blocker=None, blocker_hidden=False)
    return event


def hidden_talon(result: RoundResult, seat: int | None) -> RoundResult:
    """``result`` as ``seat`` sees it (R-K1): whole, or without its talon when the talon
    is not public and ``seat`` is not the starter who buried it.

    >>> from tuolaji.game.results import RoundResult
    >>> result = RoundResult(1, 0, 1, 0, 0, 60, 60, 0, 0, (1, 2, 3, 4, 5, 6, 7, 8),
    ...                      False, True, 1, 0, talon_public=False)
    >>> hidden_talon(result, 0).talon, hidden_talon(result, 1).talon
    ((1, 2, 3, 4, 5, 6, 7, 8), ())
    """
    if result.talon_public or seat == result.starter or not result.talon:
        return result
    return dataclasses.replace(result, talon=())


def stream(events: Iterable[Event], seat: int | None) -> Iterator[Event]:
    """The views for ``seat`` of ``events``, in order: what a server sends that seat.

    >>> from tuolaji.game.game import Game
    >>> game = Game(seed=3)
    >>> events = game.draw() + game.draw()
    >>> [type(event).__name__ for event in stream(events, 1)]
    ['HiddenCardDrawn', 'CardDrawn']
    """
    for event in events:
        yield view(event, seat)
