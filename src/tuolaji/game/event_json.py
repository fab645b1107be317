"""Events as JSON, both ways: :func:`event_to_json` and :func:`event_from_json`.

An event is a JSON object whose ``"type"`` names it (a stable name, below, not the class
name) and whose other keys are the event's fields. Cards are written in notation
(``"AS AS"``, one card ``"TH"``), ranks and suits as letters (``"2"`` … ``"A"``,
``S H D C``, null for no trump suit), seats, teams and points as numbers. A view of an
event (:func:`tuolaji.game.views.view`) is an event, so a seat's stream has this form
too.

>>> from tuolaji.game.events import Played
>>> event_to_json(Played(0, (12, 12)))
{'type': 'played', 'seat': 0, 'cards': 'AS AS'}
>>> event_from_json({"type": "played", "seat": 0, "cards": "AS AS"})
Played(seat=0, cards=(12, 12))
>>> event_from_json({"type": "played", "seat": 4, "cards": "AS"})
Traceback (most recent call last):
...
tuolaji.game.wire.WireFormatError: event 'played': 'seat' must be a seat 0-3, not the number 4
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, assert_never

from tuolaji.core.cards import (
    BJ,
    HAND_SIZE,
    TALON_SIZE,
    contains_layers,
    format_card,
    format_cards,
    to_layers,
)
from tuolaji.game.events import (
    Buried,
    CardDrawn,
    Declared,
    Event,
    GameOver,
    HiddenBuried,
    HiddenCardDrawn,
    HiddenTalonTaken,
    Passed,
    Played,
    Redealt,
    RoundEnded,
    RoundStarted,
    TakenBack,
    TalonBonus,
    TalonFlipped,
    TalonTaken,
    ThrowFailed,
    TrickWon,
    TrumpSettled,
)
from tuolaji.game.record_schema import found
from tuolaji.game.results import RoundResult
from tuolaji.game.wire import Fields, WireFormatError, is_int, rank_text, suit_text


def event_to_json(event: Event) -> dict[str, Any]:
    """The JSON form of ``event``: ``{"type": <name>, <field>: <value>, …}``.

    >>> from tuolaji.game.events import HiddenCardDrawn, TrumpSettled
    >>> event_to_json(TrumpSettled(rank=0, suit=1, declarers=0, starter=2))
    {'type': 'trump_settled', 'rank': '2', 'suit': 'H', 'declarers': 0, 'starter': 2}
    >>> event_to_json(HiddenCardDrawn(3))
    {'type': 'hidden_card_drawn', 'seat': 3}
    """
    match event:
        case RoundStarted():
            return {
                "type": "round_started",
                "number": event.number,
                "rank": rank_text(event.rank),
                "declarers": event.declarers,
                "starter": event.starter,
                "first_drawer": event.first_drawer,
            }
        case CardDrawn():
            return {"type": "card_drawn", "seat": event.seat, "card": format_card(event.card)}
        case HiddenCardDrawn():
            return {"type": "hidden_card_drawn", "seat": event.seat}
        case Declared():
            return {"type": "declared", "seat": event.seat, "cards": format_cards(event.cards)}
        case Passed():
            return {"type": "passed", "seat": event.seat}
        case Redealt():
            return {"type": "redealt", "number": event.number}
        case TalonFlipped():
            return {
                "type": "talon_flipped",
                "turned": format_cards(event.turned),
                "suit": suit_text(event.suit),
            }
        case TrumpSettled():
            return {
                "type": "trump_settled",
                "rank": rank_text(event.rank),
                "suit": suit_text(event.suit),
                "declarers": event.declarers,
                "starter": event.starter,
            }
        case TalonTaken():
            return {"type": "talon_taken", "seat": event.seat, "cards": format_cards(event.cards)}
        case HiddenTalonTaken():
            return {"type": "hidden_talon_taken", "seat": event.seat, "count": event.count}
        case Buried():
            return {"type": "buried", "seat": event.seat, "cards": format_cards(event.cards)}
        case HiddenBuried():
            return {"type": "hidden_buried", "seat": event.seat, "count": event.count}
        case ThrowFailed():
            return {"type": "throw_failed", **throw_to_json(event)}
        case Played():
            return {"type": "played", "seat": event.seat, "cards": format_cards(event.cards)}
        case TrickWon():
            return {
                "type": "trick_won",
                "number": event.number,
                "seat": event.seat,
                "points": event.points,
            }
        case TalonBonus():
            return {
                "type": "talon_bonus",
                "talon": format_cards(event.talon),
                "multiplier": event.multiplier,
                "points": event.points,
            }
        case RoundEnded():
            return {
                "type": "round_ended",
                "number": event.number,
                "opponents_points": event.opponents_points,
                "declarers_hold": event.declarers_hold,
                "levels_gained": event.levels_gained,
                "levels": list(event.levels),
                "next_declarers": event.next_declarers,
                "next_starter": event.next_starter,
                "result": None if event.result is None else result_to_json(event.result),
            }
        case GameOver():
            return {"type": "game_over", "winner": event.winner, "levels": list(event.levels)}
        case TakenBack():
            return {"type": "taken_back", "seat": event.seat, "kind": event.kind}
        case _:
            assert_never(event)


def event_from_json(data: object) -> Event:
    """The event whose JSON form is ``data`` (the reverse of :func:`event_to_json`).
    Anything that is not such a form — an unknown type, a missing or misspelt field, a
    seat out of range, cards that are not notation, cards no such event can hold (a
    declaration that is none, R-T2; a play of no cards, R-P2; a talon of other than 8
    cards, R-K1; a failed throw whose forced part is not part of the throw, R-H1) — is
    refused with a :class:`~tuolaji.game.wire.WireFormatError`.

    >>> event_from_json({"type": "hidden_buried", "seat": 2, "count": 8})
    HiddenBuried(seat=2, count=8)
    >>> event_from_json({"type": "shuffled"})
    Traceback (most recent call last):
    ...
    tuolaji.game.wire.WireFormatError: event: 'type' must be an event type (...), not ...
    """
    if not isinstance(data, dict):
        raise WireFormatError(f"an event must be a JSON object, not {found(data)}")
    name = data.get("type")
    reader = _READERS.get(name) if isinstance(name, str) else None
    if reader is None:
        raise WireFormatError(
            f"event: 'type' must be an event type ({', '.join(_READERS)}), not {found(name)}"
        )
    fields = Fields(data, f"event {name!r}")
    event = reader(fields)
    # every field read, none left over: the form of this type exactly
    fields.only(event_to_json(event))
    return event


def throw_to_json(throw: ThrowFailed) -> dict[str, Any]:
    """A failed throw's fields as JSON (the event's form without its ``"type"``): all
    public (R-H1–R-H3)."""
    return {
        "seat": throw.seat,
        "attempted": format_cards(throw.attempted),
        "forced": format_cards(throw.forced),
        "penalty": throw.penalty,
        "blocker": throw.blocker,
    }


def throw_from_fields(fields: Fields) -> ThrowFailed:
    """The failed throw written by :func:`throw_to_json`: cards were thrown, a part of
    them is led instead (R-H1, R-H2), and the blocker is another seat than the
    thrower's.

    >>> throw_from_fields(Fields(
    ...     {"seat": 0, "attempted": "AS KS", "forced": "QS", "penalty": 10, "blocker": 1},
    ...     "event 'throw_failed'"))
    Traceback (most recent call last):
    ...
    tuolaji.game.wire.WireFormatError: ...: 'forced' must be part of the attempted cards (R-H1), ...
    """
    seat = fields.seat("seat")
    attempted = fields.cards("attempted")
    if not attempted:
        raise fields.fail("attempted", "the cards thrown, at least one (R-H1)")
    forced = fields.cards("forced")
    if not forced:
        raise fields.fail("forced", "the part led instead, at least one card (R-H2)")
    if not contains_layers(to_layers(attempted), to_layers(forced)):
        raise fields.fail("forced", "part of the attempted cards (R-H1)")
    penalty = fields.number("penalty")
    # null: the blocker is not told to this seat (R-V2)
    blocker = fields.seat_or_none("blocker")
    if blocker == seat:
        raise fields.fail("blocker", f"another seat than the thrower's ({seat}) (R-H2)")
    return ThrowFailed(seat, attempted, forced, penalty, blocker)


def _declaration_shape_error(cards: tuple[int, ...]) -> str | None:
    """Why ``cards`` can be no declaration whatever the trump rank (R-T2), or None: a
    declaration is one card of a rank, or two identical cards of a rank or jokers."""
    if len(cards) == 1 and cards[0] < BJ:
        return None
    if len(cards) == 2 and cards[0] == cards[1]:
        return None
    return "a declaration: one trump-rank card, or two identical trump-rank cards or jokers (R-T2)"


def _declared(fields: Fields) -> Declared:
    seat = fields.seat("seat")
    cards = fields.cards("cards")
    error = _declaration_shape_error(cards)
    if error is not None:
        raise fields.fail("cards", error)
    return Declared(seat, cards)


def _played(fields: Fields) -> Played:
    seat = fields.seat("seat")
    cards = fields.cards("cards")
    if not 1 <= len(cards) <= HAND_SIZE:
        raise fields.fail("cards", f"a play of 1 to {HAND_SIZE} cards (R-P2)")
    return Played(seat, cards)


def _talon_cards(fields: Fields, name: str) -> tuple[int, ...]:
    """The talon taken or buried: exactly 8 cards (R-K1)."""
    cards = fields.cards(name)
    if len(cards) != TALON_SIZE:
        raise fields.fail(name, f"the {TALON_SIZE} cards of the talon (R-K1)")
    return cards


def _talon_count(fields: Fields, name: str) -> int:
    """How many talon cards were taken or buried, seen from another seat: 8 (R-K1)."""
    count = fields.get(name)
    if not is_int(count) or count != TALON_SIZE:
        raise fields.fail(name, f"{TALON_SIZE}, the size of the talon (R-K1)")
    return count


#: the kinds of action a takeback can undo (R-U1)
TAKEN_BACK_KINDS = ("declare", "pass", "bury", "play")


def _taken_back_kind(fields: Fields) -> str:
    kind = fields.get("kind")
    if not isinstance(kind, str) or kind not in TAKEN_BACK_KINDS:
        kinds = ", ".join(TAKEN_BACK_KINDS)
        raise fields.fail("kind", f"the kind of action taken back, one of {kinds}")
    return kind


def result_to_json(result: RoundResult) -> dict[str, Any]:
    """A finished round's result as JSON, its talon included: no secret once the round
    is over (R-K1) — unless ``talon_public`` is false (``show_talon`` off): the field is
    written only then, and another seat's view holds an empty ``talon``."""
    data: dict[str, Any] = {
        "round": result.number,
        "rank": rank_text(result.rank),
        "suit": suit_text(result.suit),
        "declarers": result.declarers,
        "starter": result.starter,
        "opponents_points": result.opponents_points,
        "trick_points": result.trick_points,
        "penalties": result.penalties,
        "talon_bonus": result.talon_bonus,
        "talon": format_cards(result.talon),
        "talon_shown": result.talon_shown,
        "declarers_hold": result.declarers_hold,
        "levels_gained": result.levels_gained,
        "failed_throws": result.failed_throws,
    }
    if not result.talon_public:
        data["talon_public"] = False
    return data


def result_from_fields(fields: Fields) -> RoundResult:
    """The round result written by :func:`result_to_json`."""
    result = RoundResult(
        number=fields.number("round", 1),
        rank=fields.rank("rank"),
        suit=fields.suit_or_none("suit"),
        declarers=fields.team("declarers"),
        starter=fields.seat("starter"),
        opponents_points=fields.signed("opponents_points"),
        trick_points=fields.number("trick_points"),
        penalties=fields.signed("penalties"),
        talon_bonus=fields.number("talon_bonus"),
        talon=fields.cards("talon"),
        talon_shown=fields.flag("talon_shown"),
        declarers_hold=fields.flag("declarers_hold"),
        levels_gained=fields.number("levels_gained"),
        failed_throws=fields.number("failed_throws"),
        talon_public=fields.flag("talon_public") if "talon_public" in fields.data else True,
    )
    fields.only(result_to_json(result))
    return result


def _round_ended(fields: Fields) -> RoundEnded:
    result = None if fields.get("result") is None else result_from_fields(fields.child("result"))
    return RoundEnded(
        fields.number("number", 1),
        fields.signed("opponents_points"),
        fields.flag("declarers_hold"),
        fields.number("levels_gained"),
        fields.pair_of_numbers("levels"),
        fields.team("next_declarers"),
        fields.seat("next_starter"),
        result,
    )


_READERS: dict[str, Callable[[Fields], Event]] = {
    "round_started": lambda f: RoundStarted(
        f.number("number", 1),
        f.rank("rank"),
        f.team_or_none("declarers"),
        f.seat_or_none("starter"),
        f.seat("first_drawer"),
    ),
    "card_drawn": lambda f: CardDrawn(f.seat("seat"), f.card("card")),
    "hidden_card_drawn": lambda f: HiddenCardDrawn(f.seat("seat")),
    "declared": _declared,
    "passed": lambda f: Passed(f.seat("seat")),
    "redealt": lambda f: Redealt(f.number("number", 1)),
    "talon_flipped": lambda f: TalonFlipped(f.cards("turned"), f.suit_or_none("suit")),
    "trump_settled": lambda f: TrumpSettled(
        f.rank("rank"), f.suit_or_none("suit"), f.team("declarers"), f.seat("starter")
    ),
    "talon_taken": lambda f: TalonTaken(f.seat("seat"), _talon_cards(f, "cards")),
    "hidden_talon_taken": lambda f: HiddenTalonTaken(f.seat("seat"), _talon_count(f, "count")),
    "buried": lambda f: Buried(f.seat("seat"), _talon_cards(f, "cards")),
    "hidden_buried": lambda f: HiddenBuried(f.seat("seat"), _talon_count(f, "count")),
    "throw_failed": throw_from_fields,
    "played": _played,
    "trick_won": lambda f: TrickWon(
        f.number("number", 1), f.seat("seat"), f.number_or_none("points")
    ),
    "talon_bonus": lambda f: TalonBonus(
        f.cards("talon"), f.number("multiplier"), f.number("points")
    ),
    "round_ended": _round_ended,
    "game_over": lambda f: GameOver(f.team("winner"), f.pair_of_numbers("levels")),
    "taken_back": lambda f: TakenBack(f.seat("seat"), _taken_back_kind(f)),
}
