"""The frames of the online game's WebSocket protocol, as pydantic models.

Every frame is a JSON object with a ``type``. A client's frames are validated strictly
(:func:`parse_client_frame`): unknown fields, wrong types and oversized values are
refused, so nothing unchecked reaches a room. A server frame carries ``seq``: the number
of game events the connection's stream holds when the frame is sent; an ``event`` frame's
``seq`` is that event's own number, counted from 1. docs/protocol.md describes the
conversation; :func:`protocol_schema` is the JSON Schema of every frame
(docs/protocol.schema.json, checked to be current by the tests).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from tuolaji.server.event_models import GameEvent

#: The largest client frame read, in bytes: the longest legal action (a throw of 25 cards
#: in notation) is under 100 bytes; a frame far larger is not a frame of this protocol.
MAX_CLIENT_FRAME_BYTES = 4096
#: A client action id: what the client chose to name its action, for retries (idempotency).
ACTION_ID_PATTERN = r"^[A-Za-z0-9_.:-]{1,64}$"
#: A seat or admin token as handed out (``secrets.token_urlsafe``), checked for shape only.
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{16,128}$"
#: A language code as browsers and locales write it (``es``, ``zh-CN``, ``da_DK.UTF-8``).
LANGUAGE_PATTERN = r"^[A-Za-z0-9_.@-]{1,35}$"
#: The kinds of action a seat takes (and a client names in ``act``, ``check``, hints);
#: ``takeback`` only at a table whose rules allow them (R-U1).
ActionKind = Literal["declare", "pass", "bury", "play", "takeback"]
#: An effective suit as the protocol writes it (R-O3): a printed suit, or trump.
SuitLabel = Literal["S", "H", "D", "C", "trump"]


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# ------------------------------------------------------------------ client → server


class Hello(_Frame):
    """The first frame of every connection: a seat's token (none: watch as a spectator),
    on a reconnect the ``seq`` of the last frame seen, to receive what was missed, and
    the language refusals are worded in (``lang``: ``es``, ``zh-CN``…; English when
    left out or not one of the game's languages)."""

    type: Literal["hello"]
    token: Annotated[str | None, Field(pattern=TOKEN_PATTERN)] = None
    last_seq: Annotated[int | None, Field(ge=0, le=10_000_000)] = None
    lang: Annotated[str | None, Field(pattern=LANGUAGE_PATTERN)] = None


class ActionBody(_Frame):
    """What a seat does: declare, pass (the final declaring window), bury or play, with
    the cards in notation (``"AS AS"``, docs/rules.md R-N3); or take back its last
    action (``takeback``, no cards: R-U1, where the table allows takebacks)."""

    kind: ActionKind
    cards: Annotated[str, Field(max_length=300)] = ""


class Act(_Frame):
    """A seat's action. ``id`` is the client's name for it: an action sent again with the
    same id (a retry after a lost connection) is applied once and acknowledged again."""

    type: Literal["act"]
    id: Annotated[str, Field(pattern=ACTION_ID_PATTERN)]
    action: ActionBody


class Check(_Frame):
    """Asks the engine what an action would be, without making it: a ``verdict`` with
    the same ``id`` answers (legal or why not; for a play, the combination)."""

    type: Literal["check"]
    id: Annotated[str, Field(pattern=ACTION_ID_PATTERN)]
    action: ActionBody


class Hint(_Frame):
    """Asks what the heuristic bot would do now in this seat, from the seat's own
    observation: a ``hint`` with the same ``id`` answers."""

    type: Literal["hint"]
    id: Annotated[str, Field(pattern=ACTION_ID_PATTERN)]


class Back(_Frame):
    """A seat marked away (its clock ran out) is back: the next decision is its own."""

    type: Literal["back"]


class Ping(_Frame):
    """Asks for a ``pong``: a client's check that the connection is alive."""

    type: Literal["ping"]


AnyClientFrame = Hello | Act | Check | Hint | Back | Ping
ClientFrame = Annotated[AnyClientFrame, Field(discriminator="type")]
_CLIENT_FRAME: TypeAdapter[AnyClientFrame] = TypeAdapter(ClientFrame)


class FrameError(ValueError):
    """A client frame that is not a frame of this protocol; the message says why."""


def parse_client_frame(text: str | bytes) -> AnyClientFrame:
    """The client frame ``text`` holds, validated; :class:`FrameError` otherwise.

    >>> parse_client_frame('{"type": "act", "id": "a1", "action": {"kind": "play", "cards": "AS"}}')
    Act(type='act', id='a1', action=ActionBody(kind='play', cards='AS'))
    >>> parse_client_frame('{"type": "act", "id": 5}')
    Traceback (most recent call last):
    ...
    tuolaji.server.protocol.FrameError: act.id: Input should be a valid string; act.action: ...
    """
    if len(text) > MAX_CLIENT_FRAME_BYTES:
        raise FrameError(f"a frame may hold at most {MAX_CLIENT_FRAME_BYTES} bytes")
    try:
        return _CLIENT_FRAME.validate_json(text)
    except ValidationError as error:
        raise FrameError(_validation_text(error)) from None


def _validation_text(error: ValidationError) -> str:
    """One line naming each field that is wrong and why (at most five)."""
    parts = []
    for problem in error.errors(include_url=False)[:5]:
        where = ".".join(str(part) for part in problem["loc"])
        parts.append(f"{where}: {problem['msg']}" if where else problem["msg"])
    return "; ".join(parts)


# ------------------------------------------------------------------ server → client


class SeatInfo(_Frame):
    """A seat as everyone at the table sees it. ``player`` is ``human`` or the bot's
    name; ``taken``: a human holds the seat's token; ``connected``: one of its
    connections is open; ``away``: the seat's stand-in bot plays for it (its clock ran
    out, or it left longer than the grace period)."""

    seat: int
    player: str
    name: str
    taken: bool
    connected: bool
    away: bool


class RoomInfo(_Frame):
    """The room around the game: its rules, seats and their presence, whose decision it
    is and until when (``deadline``, seconds since the epoch, when the clock is on)."""

    code: str
    status: Literal["waiting", "playing", "finished", "closed"]
    rules: dict[str, Any]
    round_limit: int | None
    clock_s: float | None
    spectators: bool
    stand_in: str
    seats: list[SeatInfo]
    watchers: int
    to_act: int | None
    deadline: float | None
    #: the room of the rematch once a player of this finished game asked for one
    rematch: str | None = None


class _ServerFrame(_Frame):
    seq: int


class HandGroup(_Frame):
    """Cards of one effective suit of a hand (R-O3), high to low (R-O1, R-O2)."""

    suit: SuitLabel
    cards: str


class Table(_Frame):
    """What a seat's table shows now, from the engine, so that a client holds no rules:
    the seat's observation (``Observation.to_json``), its hand grouped by effective suit
    in the order the engine shows a hand (trumps first; before the trump is settled, by
    the standing declaration), the kinds of action the seat may take now, and the
    declarations it may make now (R-T2–R-T4); the seat whose play is winning the trick
    in progress (R-W1–R-W4), the point cards each team has won in tricks this round
    (R-O4), and for the starter about to bury the cards the talon brought (R-K1). A
    spectator's has no hand, actions, declarations or talon."""

    observation: dict[str, Any]
    hand_groups: list[HandGroup]
    actions: list[ActionKind]
    declarations: list[str]
    #: the seat whose play is winning the trick in progress (None: no trick in progress)
    winning: int | None
    #: the point cards in the tricks won by team 0 (seats 0 and 2) and team 1, in notation
    point_cards: Annotated[list[str], Field(min_length=2, max_length=2)]
    #: the cards the talon brought into the hand, to the starter about to bury; else ""
    talon: str


class TextPart(_Frame):
    """Words of a message."""

    text: str


class CardsPart(_Frame):
    """Cards named in a message, in notation: a client shows them as it shows cards."""

    cards: str


class SeatPart(_Frame):
    """A seat named in a message, and the name the message gives it (from the reader's
    chair: "West"); a client may name the seat its own way."""

    seat: int
    name: str


#: one piece of a message: words, cards or a seat, in the order they are read
MessagePart = TextPart | CardsPart | SeatPart


class Welcome(_ServerFrame):
    """A snapshot: the connection's seat (``None``: spectator), the room, and the seat's
    observation after ``seq`` events (``Observation.to_json``), with its table."""

    type: Literal["welcome"] = "welcome"
    seat: int | None
    room: RoomInfo
    observation: dict[str, Any]
    table: Table


class EventFrame(_ServerFrame):
    """Game event number ``seq``, as this connection's seat may see it (its form:
    :mod:`~tuolaji.server.event_models`; docs/protocol.md, "Event types").
    ``settled``: the last event of an action (or of a catch-up) — the observation after
    it is one the game stands in, so a client may decide on it; between two events of
    one action it may not be (a trick's fourth card before the trick is won)."""

    type: Literal["event"] = "event"
    event: GameEvent
    settled: bool
    #: the seat's table after this event: on settled frames only
    table: Table | None = None


class Ack(_ServerFrame):
    """The action ``id`` is accepted and stored as the game's action ``number``;
    ``duplicate``: it had been accepted before, and was not applied again."""

    type: Literal["ack"] = "ack"
    id: str
    number: int
    duplicate: bool


class Combination(_Frame):
    """What a play's cards make under the round's trump (R-C1–R-C4): ``kind`` single,
    pair, tractor, throw, or mixed (no combination: cards of several suits); ``suit``
    S H D C or trump (None when mixed); ``size`` cards; ``parts`` the layout, longest
    first (``tractor2``, ``pair``, ``single``)."""

    kind: Literal["single", "pair", "tractor", "throw", "mixed"]
    suit: Literal["S", "H", "D", "C", "trump"] | None
    size: int
    parts: list[str]


class Verdict(_ServerFrame):
    """The answer to ``check`` ``id``: whether the action is legal now, the combination
    a play's cards make (None before the trump is settled, and for other actions), and,
    when it is not legal, why — the same fields as an ``illegal`` error."""

    type: Literal["verdict"] = "verdict"
    id: str
    legal: bool
    combination: Combination | None
    #: the card points of the cards (R-O4) for a play or a burial in good notation
    points: int | None = None
    rule: str | None = None
    reason: str | None = None
    message: str | None = None
    #: ``message`` in parts: its words, its cards and the seats it names
    parts: list[MessagePart] | None = None
    cards: str | None = None
    details: dict[str, Any] | None = None


ErrorCode = Literal[
    "bad-frame",
    "hello-first",
    "bad-token",
    "no-spectators",
    "not-seated",
    "not-started",
    "illegal",
    "rate-limited",
    "room-closed",
    "server-error",
]


class ErrorFrame(_ServerFrame):
    """A refusal. ``code`` says which kind; for ``illegal`` (the game refused the action)
    ``rule``, ``reason``, ``cards`` and ``details`` say why (docs/rules.md), as the
    engine's :class:`~tuolaji.core.errors.IllegalAction` does, and ``parts`` is the
    sentence in pieces (words, cards, seats). ``id`` names the refused action; nothing
    changed."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str
    id: str | None = None
    rule: str | None = None
    reason: str | None = None
    #: for ``illegal``: ``message`` in parts, its words, its cards and the seats it names
    parts: list[MessagePart] | None = None
    cards: str | None = None
    details: dict[str, Any] | None = None
    retry_after: float | None = None


class RoomFrame(_ServerFrame):
    """The room changed: someone came or left, a seat went away or came back, the clock
    started on a new decision, the game started or ended."""

    type: Literal["room"] = "room"
    room: RoomInfo


class Notice(_ServerFrame):
    """The server is restarting (reconnect in a moment: the game goes on), or the room
    is closed (idle too long; its record is kept)."""

    type: Literal["notice"] = "notice"
    notice: Literal["restarting", "closed"]
    message: str


class Pong(_ServerFrame):
    """The answer to ``ping``."""

    type: Literal["pong"] = "pong"


class SuggestedAction(_Frame):
    """An action a hint suggests: its kind and its cards in notation."""

    kind: ActionKind
    cards: str


class HintAnswer(_ServerFrame):
    """The answer to ``hint`` ``id``: what the heuristic bot would do in the seat now,
    from the seat's observation after ``seq`` events (None: nothing to do now)."""

    type: Literal["hint"] = "hint"
    id: str
    action: SuggestedAction | None


AnyServerFrame = (
    Welcome | EventFrame | Ack | Verdict | HintAnswer | ErrorFrame | RoomFrame | Notice | Pong
)
ServerFrame = Annotated[AnyServerFrame, Field(discriminator="type")]


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema of every frame: ``client`` (what a client sends) and ``server``
    (what it receives), generated from the models above."""
    client = TypeAdapter(ClientFrame).json_schema(ref_template="#/$defs/{model}")
    server = TypeAdapter(ServerFrame).json_schema(ref_template="#/$defs/{model}")
    definitions = {**client.pop("$defs", {}), **server.pop("$defs", {})}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "tuolaji online protocol",
        "description": "The WebSocket frames of `tuolaji serve` (docs/protocol.md).",
        "$defs": definitions,
        "properties": {"client": client, "server": server},
    }
