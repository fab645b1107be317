"""The JSON bodies of the HTTP side: creating a room, taking a seat, seating a bot."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tuolaji.bots.registry import parse_player
from tuolaji.core.rules import rules_from_spec
from tuolaji.server.botpool import check_bot_name
from tuolaji.server.storage_rows import MAX_SEED

#: the longest name a seat may be given: a label, shown beside the seat
MAX_NAME = 40
Name = Annotated[str, Field(max_length=MAX_NAME)]
#: the guess budget of a search bot named without one (about half a second a decision)
SERVER_SEARCH_GUESSES = 40
#: the turn clock's range: seconds per decision
CLOCK_MIN_S = 5
CLOCK_MAX_S = 600


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _player(value: str) -> str:
    """``human``, or a bot the server can seat (random, heuristic, search…)."""
    return value if value == "human" else _server_bot(value)


def _server_bot(value: str) -> str:
    """A bot the server seats, its search budget counted in guesses: a bot that thinks
    for a number of seconds would decide differently on a resumed game (docs/protocol.md,
    "Durable games"), so ``search`` alone gets :data:`SERVER_SEARCH_GUESSES`.

    >>> _server_bot("search"), _server_bot("search:guesses=10"), _server_bot("heuristic")
    ('search:guesses=40', 'search:guesses=10', 'heuristic')
    """
    name = check_bot_name(value)
    spec = parse_player(name)
    if spec.kind != "search":
        return name
    if spec.seconds is not None:
        raise ValueError(
            f"{name!r}: a server's search bot thinks for a number of guesses, not seconds "
            "(search:guesses=N), so that a resumed game plays on exactly as it would have"
        )
    return name if spec.guesses is not None else f"{name}:guesses={SERVER_SEARCH_GUESSES}"


class SeatPlan(_Body):
    """Who sits in a seat: ``human`` (a person takes it with the seat link) or a bot."""

    player: Annotated[str, Field(max_length=80)] = "human"
    name: Name = ""

    @field_validator("player")
    @classmethod
    def _known_player(cls, value: str) -> str:
        return _player(value)


class CreateRoom(_Body):
    """A new room: the rules (a preset name, or ``{"preset": …, option: value}``), the
    four seats, the turn clock (seconds per decision, or none), whether spectators may
    watch, whether the room is listed on the front page, the bot that stands in for a
    human who is away, and how many rounds to play (none: a whole game). ``seed`` deals
    the game from a chosen seed: for tests, on a server started with ``--allow-seeds``
    only (whoever knows the seed knows every hand)."""

    rules: str | dict[str, Any] = "standard"
    seats: Annotated[list[SeatPlan], Field(min_length=4, max_length=4)] = Field(
        default_factory=lambda: [SeatPlan() for _ in range(4)]
    )
    clock_s: Annotated[float | None, Field(ge=CLOCK_MIN_S, le=CLOCK_MAX_S)] = None
    spectators: bool = True
    listed: bool = False
    stand_in: Annotated[str, Field(max_length=80)] = "heuristic"
    round_limit: Annotated[int | None, Field(ge=1, le=1000)] = None
    seed: Annotated[int | None, Field(ge=0, le=MAX_SEED, strict=True)] = None

    @field_validator("rules")
    @classmethod
    def _known_rules(cls, value: str | dict[str, Any]) -> str | dict[str, Any]:
        # a RulesError (a ValueError) is kept as it is: the refusal names its option and
        # words it in the request's language (app.py)
        rules_from_spec(value)
        return value

    @field_validator("stand_in")
    @classmethod
    def _stand_in_is_a_bot(cls, value: str) -> str:
        if value == "human":
            raise ValueError("the stand-in must be a bot")
        return _server_bot(value)


class TakeSeat(_Body):
    """Taking a seat: the name shown beside it (a label, never an identity)."""

    name: Name = ""


class SeatBot(_Body):
    """Seating a bot in an open seat (the room's admin only)."""

    player: Annotated[str, Field(max_length=80)]

    @field_validator("player")
    @classmethod
    def _is_bot(cls, value: str) -> str:
        if value == "human":
            raise ValueError("name a bot: random, heuristic or search")
        return _server_bot(value)
