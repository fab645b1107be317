"""A scanner for frames that show a seat a card it may not see (docs/rules.md §11).

It does not trust the server's own redaction (``view``): it works out, from the whole
event list of the game (every card, as the engine recorded it), which card kinds a seat
may know after a given number of events, and finds every card named anywhere in a frame
(any string, in any field, messages included). What a seat may know in the current
deal: the cards it drew, the talon it took and buried, and every public event's cards
(declarations, plays, failed throws, the flipped talon, the talon shown at the round's
end). The other seats' drawn cards and the talon held by another seat are hidden.

Cards are compared by kind: the pack holds two copies of each, so a frame naming a kind
the seat may know is not counted as a leak even if the copy meant was another seat's.
What is caught is a kind the seat has no legitimate way to know in this deal.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from tuolaji.core.cards import format_card, parse_card
from tuolaji.game.event_json import event_to_json
from tuolaji.game.events import (
    Buried,
    CardDrawn,
    Event,
    Redealt,
    RoundStarted,
    TalonTaken,
)

#: one card in notation, written as the server writes cards (capitals)
CARD_TOKEN = re.compile(r"^(?:10|[2-9TJQKA])[SHDC]$|^[BR]J$")
#: a previous round's result, repeated in an observation (public when it happened)
SKIPPED_KEYS = frozenset({"last_round"})
#: events whose cards only their seat sees
PRIVATE = (CardDrawn, TalonTaken, Buried)


def cards_named(value: Any, key: str = "") -> Iterator[int]:
    """Every card kind named in a JSON value: each run of capitals and digits, in any
    string, that is a card in notation (``KS`` in ``"does not hold KS."`` too)."""
    if key in SKIPPED_KEYS:
        return
    if isinstance(value, dict):
        for name, item in value.items():
            yield from cards_named(item, name)
    elif isinstance(value, list):
        for item in value:
            yield from cards_named(item, key)
    elif isinstance(value, str):
        for token in re.split(r"[^A-Z0-9]+", value):
            if CARD_TOKEN.match(token):
                yield parse_card(token)


def known_kinds(events: Sequence[Event], seat: int | None) -> Counter[int]:
    """How many copies of each kind ``seat`` may have seen in the deal that ``events``
    (a prefix of the game's events) ends in: its own private cards and all public ones."""
    start = 0
    for index, event in enumerate(events):
        if type(event) in (RoundStarted, Redealt):
            start = index
    seen: Counter[int] = Counter()
    for event in events[start:]:
        if isinstance(event, PRIVATE) and event.seat != seat:
            continue
        # public events and the seat's own private ones: the copies they show
        seen.update(Counter(cards_named(event_to_json(event))))
    return seen


def leaks(frame: dict[str, Any], events: Sequence[Event], seat: int | None) -> list[str]:
    """What ``frame`` (sent to ``seat`` after ``frame['seq']`` events) shows that the seat
    may not see; empty when nothing."""
    known = known_kinds(events[: frame["seq"]], seat)
    return [
        f"{format_card(kind)} is not known to seat {seat} after {frame['seq']} events"
        for kind in sorted(set(cards_named(frame)))
        if known[kind] == 0
    ]
