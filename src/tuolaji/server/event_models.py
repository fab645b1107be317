"""The JSON form of every game event, as pydantic models: what an ``event`` frame holds.

The engine writes events as JSON with :func:`~tuolaji.game.event_json.event_to_json`,
and each connection gets the view of its own seat (:func:`~tuolaji.game.views.view`).
The models below describe those forms field by field — cards in notation (R-N3), ranks
and suits as letters, seats 0–3 and teams 0–1 — and which seats see each one; the
``event`` of :class:`~tuolaji.server.protocol.EventFrame` is their union, so the JSON
Schema the protocol publishes (docs/protocol.schema.json) describes every event's shape.
The tests check them against the engine: every event type there is has a model, and
every event frame of whole games, for every seat and a spectator, fits its model.

>>> from pydantic import TypeAdapter
>>> TypeAdapter(GameEvent).validate_json('{"type": "played", "seat": 1, "cards": "AS AS"}')
PlayedEvent(type='played', seat=1, cards='AS AS')
>>> sorted(event_type(model) for model in EVENT_MODELS)[:3]
['buried', 'card_drawn', 'declared']
"""

from __future__ import annotations

import typing
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from tuolaji.core.cards import HAND_SIZE, TALON_SIZE

#: one card in notation, as the engine writes it (R-N3): rank and suit, or a joker
_CARD = r"(?:[2-9TJQKA][SHDC]|BJ|RJ)"


def _cards(least: int, most: int, what: str) -> typing.Any:
    """A text of ``least`` to ``most`` cards in notation, one space between two (R-N3)."""
    more = f"(?: {_CARD}){{{max(least - 1, 0)},{most - 1}}}"
    pattern = f"^(?:{_CARD}{more})?$" if least == 0 else f"^{_CARD}{more}$"
    return Field(pattern=pattern, description=what)


Seat = Annotated[int, Field(ge=0, le=3, description="a seat, 0 to 3 (R-N4)")]
Team = Annotated[
    int, Field(ge=0, le=1, description="a team: 0 (seats 0 and 2) or 1 (seats 1 and 3)")
]
Rank = Annotated[
    Literal["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"],
    Field(description="a trump rank (R-T1), as its letter (R-N1)"),
]
Suit = Literal["S", "H", "D", "C"]
Level = Annotated[
    int, Field(ge=0, description="a team's level: 0 is 2, 12 is A, past 12 past A (R-D3, R-S5)")
]
#: the levels of team 0 and team 1
Levels = tuple[Level, Level]
Talon = Annotated[str, _cards(TALON_SIZE, TALON_SIZE, "the 8 cards of the talon (R-K1)")]
TalonCount = Annotated[Literal[8], Field(description="how many cards: the 8 of the talon (R-K1)")]


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class RoundStartedEvent(_Event):
    """A round is dealt: the first event of the game, of every round after the last
    one's ``round_ended``, and again after a ``redealt``. Seen by every seat."""

    type: Literal["round_started"]
    number: Annotated[int, Field(ge=1, description="the round, counted from 1")]
    rank: Rank
    declarers: Annotated[
        Team | None, Field(description="the declaring team; null in round 1 (R-T5)")
    ]
    starter: Annotated[Seat | None, Field(description="the starter; null in round 1 (R-T5)")]
    first_drawer: Annotated[
        Seat, Field(description="the seat that draws first: 0 in round 1, else the starter")
    ]


class CardDrawnEvent(_Event):
    """A seat drew a card (R-D2): only the drawer gets this form, with the card."""

    type: Literal["card_drawn"]
    seat: Seat
    card: Annotated[str, _cards(1, 1, "the card drawn")]


class HiddenCardDrawnEvent(_Event):
    """A seat drew a card, as every other seat and the spectators see it: who drew, not
    which card (R-D2)."""

    type: Literal["hidden_card_drawn"]
    seat: Seat


class DeclaredEvent(_Event):
    """A seat declared (R-T2, R-T3): the cards are shown to every seat, and stand as
    the declaration until a stronger one replaces them."""

    type: Literal["declared"]
    seat: Seat
    cards: Annotated[str, _cards(1, 2, "the declaration that now stands: 1 or 2 cards")]


class PassedEvent(_Event):
    """A seat passed in the final declaring window (R-T4). Seen by every seat."""

    type: Literal["passed"]
    seat: Seat


class RedealtEvent(_Event):
    """Nobody declared in round 1: the cards are gathered and dealt again (R-T6); a
    ``round_started`` of the same round follows. Seen by every seat."""

    type: Literal["redealt"]
    number: Annotated[int, Field(ge=1, description="the round dealt again (always 1)")]


class TalonFlippedEvent(_Event):
    """Nobody declared in a later round: the talon is turned up to find the trump suit
    (R-T6). Seen by every seat."""

    type: Literal["talon_flipped"]
    turned: Annotated[str, _cards(1, TALON_SIZE, "the cards turned, in order")]
    suit: Annotated[
        Suit | None,
        Field(
            description="the trump suit they give; null: no trump suit (a joker turned "
            'first under talon_flip "first_card")'
        ),
    ]


class TrumpSettledEvent(_Event):
    """The round's trump is fixed (R-T4–R-T6); ``talon_taken`` follows. Seen by every
    seat."""

    type: Literal["trump_settled"]
    rank: Rank
    suit: Annotated[Suit | None, Field(description="the trump suit; null: no trump (R-T7)")]
    declarers: Team
    starter: Seat


class TalonTakenEvent(_Event):
    """The starter took the talon into its hand (R-K1): only the starter gets this
    form, with the cards."""

    type: Literal["talon_taken"]
    seat: Seat
    cards: Talon


class HiddenTalonTakenEvent(_Event):
    """The starter took the talon, as every other seat and the spectators see it
    (R-K1)."""

    type: Literal["hidden_talon_taken"]
    seat: Seat
    count: TalonCount


class BuriedEvent(_Event):
    """The starter laid 8 cards face down as the new talon (R-K1): only the starter
    gets this form, with the cards (everyone sees them in ``round_ended``)."""

    type: Literal["buried"]
    seat: Seat
    cards: Talon


class HiddenBuriedEvent(_Event):
    """The starter buried the talon, as every other seat and the spectators see it
    (R-K1)."""

    type: Literal["hidden_buried"]
    seat: Seat
    count: TalonCount


class ThrowFailedEvent(_Event):
    """A throw could be beaten (R-H1): it is taken back, its forced part is led instead
    (R-H2) in the ``played`` that follows, and the penalty is paid (R-H3). Seen by
    every seat; the blocker's hand is in no event."""

    type: Literal["throw_failed"]
    seat: Annotated[Seat, Field(description="the thrower")]
    attempted: Annotated[str, _cards(2, HAND_SIZE, "the cards thrown")]
    forced: Annotated[str, _cards(1, HAND_SIZE, "the part led instead (R-H2)")]
    penalty: Annotated[int, Field(ge=0, description="the points the throw costs (R-H3)")]
    blocker: Annotated[
        Seat | None,
        Field(
            description="the seat that can beat the forced part; null for every seat "
            "but the blocker's own under hide_blocker (R-V2)"
        ),
    ]


class PlayedEvent(_Event):
    """A seat led or followed (R-P1–R-P7). Seen by every seat."""

    type: Literal["played"]
    seat: Seat
    cards: Annotated[str, _cards(1, HAND_SIZE, "the cards played")]


class TrickWonEvent(_Event):
    """The fourth play ended a trick (R-W1–R-W5); the winner leads next. Seen by every
    seat."""

    type: Literal["trick_won"]
    number: Annotated[int, Field(ge=1, le=HAND_SIZE, description="the trick, 1 to 25")]
    seat: Annotated[Seat, Field(description="the winner")]
    points: Annotated[
        int | None,
        Field(
            ge=0,
            description="the card points in it (R-O4); null for a trick the declarers "
            "won under hide_declarer_points (R-V3)",
        ),
    ]


class TalonBonusEvent(_Event):
    """The opponents won the last trick: the talon is shown and its points, multiplied,
    go to them (R-S2). Seen by every seat."""

    type: Literal["talon_bonus"]
    talon: Talon
    multiplier: Annotated[
        int, Field(ge=2, description="what the talon's points are multiplied by (R-S2)")
    ]
    points: Annotated[int, Field(ge=0, description="the bonus: its points times the multiplier")]


class RoundResultJson(_Event):
    """A settled round (R-S1–R-S4), the talon included (R-K1) unless the rules keep it
    hidden."""

    round: Annotated[int, Field(ge=1)]
    rank: Rank
    suit: Suit | None
    declarers: Team
    starter: Seat
    opponents_points: Annotated[
        int, Field(description="the opponents' total: tricks, penalties, talon bonus (R-S1)")
    ]
    trick_points: Annotated[int, Field(ge=0)]
    penalties: Annotated[int, Field(description="the throw penalties, for (+) or against (-)")]
    talon_bonus: Annotated[int, Field(ge=0)]
    talon: Annotated[
        Talon | Literal[""],
        Field(
            description=(
                "the 8 cards of the talon; empty for every seat but the starter's when "
                "the talon stays hidden (talon_public false)"
            )
        ),
    ]
    talon_shown: Annotated[bool, Field(description="whether the talon counted (R-S2)")]
    talon_public: Annotated[
        bool,
        Field(
            description=(
                "false only when the rules keep the talon hidden at the end of the round "
                "(show_talon off, R-K1) and it did not count: written only then"
            )
        ),
    ] = True
    declarers_hold: bool
    levels_gained: Annotated[int, Field(ge=0)]
    failed_throws: Annotated[int, Field(ge=0)]


class RoundEndedEvent(_Event):
    """The round is settled (R-S3, R-S4); the talon is everyone's now (R-K1), unless the
    rules keep it hidden (show_talon off: only the starter's view holds it). Seen by
    every seat."""

    type: Literal["round_ended"]
    number: Annotated[int, Field(ge=1)]
    opponents_points: Annotated[
        int, Field(description="the opponents' total (below 0 counts as 0, R-S3)")
    ]
    declarers_hold: Annotated[bool, Field(description="whether the declarers stay (R-S3)")]
    levels_gained: Annotated[
        int, Field(ge=0, description="levels the next declaring team goes up (R-S3)")
    ]
    levels: Levels
    next_declarers: Team
    next_starter: Seat
    result: RoundResultJson


class GameOverEvent(_Event):
    """A team's level passed A: it wins the game (R-S5). Seen by every seat. (A room
    with a round limit ends after its last round without one.)"""

    type: Literal["game_over"]
    winner: Team
    levels: Levels


class TakenBackEvent(_Event):
    """A seat took back its last action, of ``kind``, while nobody had acted after it
    (R-U1, at a table with takebacks on): the game stands again where it stood before
    that action. Seen by every seat; the settled frame's ``table`` is the table as it
    stands again (a client that folds events goes back to the observation it held
    before the action)."""

    type: Literal["taken_back"]
    seat: Seat
    kind: Literal["declare", "pass", "bury", "play"]


#: every event form, in the order of a round
EVENT_MODELS: tuple[type[BaseModel], ...] = (
    RoundStartedEvent,
    CardDrawnEvent,
    HiddenCardDrawnEvent,
    DeclaredEvent,
    PassedEvent,
    RedealtEvent,
    TalonFlippedEvent,
    TrumpSettledEvent,
    TalonTakenEvent,
    HiddenTalonTakenEvent,
    BuriedEvent,
    HiddenBuriedEvent,
    ThrowFailedEvent,
    PlayedEvent,
    TrickWonEvent,
    TalonBonusEvent,
    RoundEndedEvent,
    GameOverEvent,
    TakenBackEvent,
)

AnyEvent = (
    RoundStartedEvent
    | CardDrawnEvent
    | HiddenCardDrawnEvent
    | DeclaredEvent
    | PassedEvent
    | RedealtEvent
    | TalonFlippedEvent
    | TrumpSettledEvent
    | TalonTakenEvent
    | HiddenTalonTakenEvent
    | BuriedEvent
    | HiddenBuriedEvent
    | ThrowFailedEvent
    | PlayedEvent
    | TrickWonEvent
    | TalonBonusEvent
    | RoundEndedEvent
    | GameOverEvent
    | TakenBackEvent
)
#: an event as a connection's seat may see it, told apart by its ``type``
GameEvent = Annotated[AnyEvent, Field(discriminator="type")]


def event_type(model: type[BaseModel]) -> str:
    """The ``type`` the events of ``model`` carry (``"played"``)."""
    (name,) = typing.get_args(model.model_fields["type"].annotation)
    return str(name)
