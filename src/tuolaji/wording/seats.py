"""What the seats of an online room are called: the same name for everyone at the table,
and beside it where the seat sits from the reader's chair.

A seat's name is the one its player typed, for a person; a bot without a name of its
own is "Bot N (kind)", N counting the room's bot seats in seat order from 1 and the kind
being its player spec before any option (``search:guesses=40`` is a search bot); a
person's seat nobody has taken is "Open seat", and a person who typed no name is
"Seat N". The server fills a bot seat's ``name`` with its player spec, so a bot whose
name is empty or its spec has no name of its own. The browser table names seats by the
same rule (``web/src/table/seating.ts``), with the same messages.

The position is said from the reader's chair (R-N4: play passes to the right): "you",
"right" (the next seat, who plays after the reader), "partner" (across) and "left" (the
seat before); a reader without a seat (a spectator) gets the compass instead, seat 0
being South (:func:`~tuolaji.wording.names.seat_name`).

The seats are the ``seats`` of a ``room`` frame (docs/protocol.md): mappings with at
least ``player``, ``name`` and ``taken``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tuolaji.core.cards import SEATS
from tuolaji.i18n import _, pgettext
from tuolaji.wording.names import seat_name

#: a seat as a room frame describes it: ``{"seat": 1, "player": "heuristic", …}``
SeatInfo = Mapping[str, object]

#: the ``player`` of a seat kept for a person
HUMAN_PLAYER = "human"


def bot_kind(player: str) -> str:
    """The kind of bot a player spec names: the spec before any option.

    >>> bot_kind("search:guesses=40"), bot_kind("heuristic")
    ('search', 'heuristic')
    """
    return player.split(":", 1)[0].strip()


def kind_word(kind: str) -> str:
    """A bot's kind in words, for its seat's name; a kind with no words of its own (an
    external bot, say) is shown as it is."""
    if kind == "heuristic":
        return pgettext("bot kind", "heuristic")
    if kind == "random":
        return pgettext("bot kind", "random")
    if kind == "search":
        return pgettext("bot kind", "search")
    return kind


def is_bot(info: SeatInfo) -> bool:
    """Whether the seat is played by a bot (its ``player`` is not ``human``)."""
    return str(info.get("player", HUMAN_PLAYER)) != HUMAN_PLAYER


def own_name(info: SeatInfo) -> str:
    """The name the seat's player gave it, or "" when it has none of its own."""
    name = str(info.get("name") or "").strip()
    if is_bot(info) and name == str(info.get("player", "")).strip():
        return ""  # the server's stand-in name for a bot: its player spec
    return name


def display_name(seats: Sequence[SeatInfo], seat: int) -> str:
    """What ``seat`` is called, the same for every reader (see the module docstring).

    >>> seats = [
    ...     {"player": "human", "name": "Ana", "taken": True},
    ...     {"player": "heuristic", "name": "heuristic", "taken": False},
    ...     {"player": "human", "name": "", "taken": False},
    ...     {"player": "search:guesses=40", "name": "", "taken": False},
    ... ]
    >>> [display_name(seats, seat) for seat in range(4)]
    ['Ana', 'Bot 1 (heuristic)', 'Open seat', 'Bot 2 (search)']
    """
    if not 0 <= seat < len(seats):
        return _("Seat {n}").format(n=seat)
    info = seats[seat]
    name = own_name(info)
    if name:
        return name
    if is_bot(info):
        number = sum(1 for other in seats[: seat + 1] if is_bot(other))
        kind = kind_word(bot_kind(str(info.get("player", ""))))
        return _("Bot {n} ({kind})").format(n=number, kind=kind)
    if not info.get("taken"):
        return _("Open seat")
    return _("Seat {n}").format(n=seat)


def position_word(seat: int, viewer: int | None) -> str:
    """Where ``seat`` sits from ``viewer``'s chair: you, right (the next to play),
    partner or left; the compass for a reader without a seat.

    >>> [position_word(seat, 1) for seat in range(4)]
    ['left', 'you', 'right', 'partner']
    >>> position_word(0, None)
    'South'
    """
    if viewer is None:
        return seat_name(seat, None)
    step = (seat - viewer) % SEATS
    if step == 1:
        return pgettext("seat position", "right")
    if step == 2:
        return pgettext("seat position", "partner")
    if step == 3:
        return pgettext("seat position", "left")
    return pgettext("seat position", "you")


def seat_label(seats: Sequence[SeatInfo], seat: int, viewer: int | None) -> str:
    """A seat's name with its position, where a table names a seat.

    >>> seats = [{"player": "human", "name": "Ana", "taken": True}] + [
    ...     {"player": "random", "name": "random", "taken": False}
    ... ] * 3
    >>> seat_label(seats, 0, 0), seat_label(seats, 3, 0)
    ('Ana · you', 'Bot 3 (random) · left')
    """
    return _("{name} · {position}").format(
        name=display_name(seats, seat), position=position_word(seat, viewer)
    )
