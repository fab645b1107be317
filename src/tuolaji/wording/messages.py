"""Messages with cards in them: words and :class:`CardRun` pieces.

A message keeps its cards apart from its words, so each front end shows them its own
way (the terminal colours them, the line mode and the server print them in notation),
whatever the language's word order puts around them.
"""

from __future__ import annotations

import string
from typing import NamedTuple

from tuolaji.core.cards import format_cards


class CardRun(NamedTuple):
    """Cards inside a message, rendered by whoever shows the message."""

    cards: tuple[int, ...]


Piece = str | CardRun
Message = list[Piece]


def fill(template: str, **values: object) -> Message:
    """``template`` (already translated, ``{name}`` fields) with ``values`` put in; card
    values (tuples of kinds, or :class:`CardRun`) stay cards so they can be coloured.

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
        if isinstance(value, CardRun):
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
