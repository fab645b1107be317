"""Messages with cards in them: words, :class:`CardRun` pieces and :class:`SeatName`s.

A message keeps its cards apart from its words, so each front end shows them its own
way (the terminal colours them, the line mode prints them in notation, the browser draws
them as the table's cards: :func:`message_parts`), whatever the language's word order
puts around them. A seat named in a message is a :class:`SeatName`: text to whoever
prints the message, and the seat it names to a client that names seats itself.
"""

from __future__ import annotations

import string
from typing import NamedTuple

from tuolaji.core.cards import format_cards


class CardRun(NamedTuple):
    """Cards inside a message, rendered by whoever shows the message."""

    cards: tuple[int, ...]


class SeatName(str):
    """A seat's name inside a message ("West", from the reader's chair), which still
    knows the seat it names: every front end prints it as the text it is, and
    :func:`message_parts` hands the seat to clients that name seats their own way.

    >>> name = SeatName("West", 3)
    >>> name + " plays", name.seat
    ('West plays', 3)
    """

    seat: int

    def __new__(cls, name: str, seat: int) -> SeatName:
        made = super().__new__(cls, name)
        made.seat = seat
        return made

    def __getnewargs__(self) -> tuple[str, int]:  # type: ignore[override]
        # copies and pickles are made again from the name and the seat
        return (str(self), self.seat)


Piece = str | CardRun
Message = list[Piece]


def fill(template: str, **values: object) -> Message:
    """``template`` (already translated, ``{name}`` fields) with ``values`` put in; card
    values (tuples of kinds, or :class:`CardRun`) stay cards so they can be coloured,
    and a :class:`SeatName` stays the seat it names.

    >>> fill("{who} plays {cards}.", who="East", cards=(12,))
    ['East', ' plays ', CardRun(cards=(12,)), '.']
    """
    out: Message = []
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        if literal:
            out.append(literal)
        if field is None:
            continue
        value = values[field]
        if isinstance(value, CardRun | SeatName):
            out.append(value)
        elif isinstance(value, tuple) and all(isinstance(v, int) for v in value):
            out.append(CardRun(tuple(value)))
        else:
            out.append(str(value))
    return out


def plain(message: Message | str) -> str:
    """A message as plain text, cards in the notation of docs/rules.md (typeable back).

    >>> plain(["East plays ", CardRun((12, 12)), "."])
    'East plays AS AS.'
    """
    if isinstance(message, str):
        return message
    return "".join(
        piece if isinstance(piece, str) else format_cards(piece.cards) or "—" for piece in message
    )


def message_parts(message: Message | str) -> list[dict[str, str | int]]:
    """A message as the online protocol's ``parts``: ``{"text": …}`` for words (the
    words between two cards or seats in one piece), ``{"cards": …}`` for cards in
    notation, ``{"seat": …, "name": …}`` for a seat and the name the message gives it.

    >>> message_parts([SeatName("West", 3), " plays ", CardRun((12, 12)), "."])
    [{'seat': 3, 'name': 'West'}, {'text': ' plays '}, {'cards': 'AS AS'}, {'text': '.'}]
    """
    pieces: Message = [message] if isinstance(message, str) else message
    parts: list[dict[str, str | int]] = []
    for piece in pieces:
        if isinstance(piece, CardRun):
            parts.append({"cards": format_cards(piece.cards)})
        elif isinstance(piece, SeatName):
            parts.append({"seat": piece.seat, "name": str(piece)})
        elif not piece:
            continue
        elif parts and set(parts[-1]) == {"text"}:
            parts[-1] = {"text": f"{parts[-1]['text']}{piece}"}
        else:
            parts.append({"text": piece})
    return parts
