"""Seats and suits in words, in the current language.

A seat is named from the chair of the player who reads the message (the *viewer*): the
viewer is "You", the next to play (on their right, R-N4) "East", their partner across
"North", and the one before them "West". The terminal game's reader is always seat 0
(:data:`HUMAN`); the online server names seats for whichever seat reads, and for a
reader without a seat (a spectator) by the table's own compass, seat 0 being South.
"""

from __future__ import annotations

from tuolaji.core.cards import SUIT_SYMBOLS
from tuolaji.core.trump import TRUMP
from tuolaji.i18n import N_, _
from tuolaji.wording.messages import SeatName

#: the seat of the terminal game's human player, who reads every message there
HUMAN = 0

# TRANSLATORS: the seats at the card table as the player (South) sees them: East plays
# after you, North is your partner, West plays before you.
_SEAT_NAMES = (N_("You"), N_("East"), N_("North"), N_("West"))
# TRANSLATORS: seat 0 of the table, named for a reader who has no seat (a spectator of
# an online game): South, with East, North and West as above.
_COMPASS = (N_("South"), *_SEAT_NAMES[1:])


def seat_name(seat: int, viewer: int | None = HUMAN) -> SeatName:
    """The short name of ``seat`` as ``viewer`` sees the table: You, East (the next to
    play, on their right), North (their partner, across) and West; with no viewer,
    seat 0 is South and the others keep their compass names. The name is a
    :class:`~tuolaji.wording.messages.SeatName`: a message it goes into still knows the
    seat (:func:`~tuolaji.wording.messages.message_parts`).

    >>> [seat_name(seat) for seat in range(4)]
    ['You', 'East', 'North', 'West']
    >>> seat_name(0, viewer=2), seat_name(2, viewer=None)
    ('North', 'North')
    """
    if viewer is None:
        return SeatName(_(_COMPASS[seat % 4]), seat)
    return SeatName(_(_SEAT_NAMES[(seat - viewer) % 4]), seat)


_SUIT_NAMES = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"), N_("trumps"))


def suit_name(suit: int) -> str:
    """An effective suit in words: spades, hearts, diamonds, clubs, or trumps (4)."""
    return _(_SUIT_NAMES[suit])


def suit_heading(suit: int) -> str:
    """A short heading for a group of cards: the suit symbol and name, or "Trumps"."""
    if suit == TRUMP:
        return _("Trumps")
    return f"{SUIT_SYMBOLS[suit]} {suit_name(suit)}"
