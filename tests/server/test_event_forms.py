"""Every game event is described, in the schema and in the docs, as the server sends it.

The event forms of the protocol (:mod:`tuolaji.server.event_models`, which
docs/protocol.schema.json is generated from) are checked against the engine from three
sides: every event type the engine has (its closed union ``Event``) has a model, a
schema entry and a section of docs/protocol.md naming each of its fields; every event
frame of whole games — random players on both presets, with throws, failed throws,
redeals, talons turned, no-trump rounds, to ``game_over`` — fits its model for each
seat and a spectator, made by :func:`~tuolaji.server.fanout.event_frames` as the server
makes the frames it sends. (tests/server/test_no_leaks.py checks that every frame the
connections of live games receive fits the protocol too.)
"""

from __future__ import annotations

import json
import re
import typing
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from tuolaji.arena.runner import step
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core.cards import parse_cards
from tuolaji.core.rules import rules_from_spec
from tuolaji.game import Event, Game, Phase, RoundResult, event_to_json
from tuolaji.game.events import (
    Buried,
    CardDrawn,
    Declared,
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
from tuolaji.server.event_models import EVENT_MODELS, GameEvent, event_type
from tuolaji.server.fanout import event_frames
from tuolaji.server.protocol import AnyServerFrame, EventFrame, ServerFrame

DOCS = Path(__file__).resolve().parents[2] / "docs"
_EVENT: TypeAdapter[Any] = TypeAdapter(GameEvent)
_SERVER_FRAME: TypeAdapter[AnyServerFrame] = TypeAdapter(ServerFrame)
#: a spectator and the four seats: who an event frame is made for
VIEWERS = (None, 0, 1, 2, 3)


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


_TALON = _cards("5S TS KS 2H 7D 9D QC BJ")
_RESULT = RoundResult(
    number=2,
    rank=3,
    suit=None,
    declarers=1,
    starter=3,
    opponents_points=-10,
    trick_points=20,
    penalties=-30,
    talon_bonus=0,
    talon=_TALON,
    talon_shown=False,
    declarers_hold=True,
    levels_gained=2,
    failed_throws=3,
)
#: one event of every class of the engine, as the game makes them
SAMPLES: dict[type[Any], Event] = {
    RoundStarted: RoundStarted(number=1, rank=0, declarers=None, starter=None, first_drawer=0),
    CardDrawn: CardDrawn(seat=2, card=53),
    HiddenCardDrawn: HiddenCardDrawn(seat=2),
    Declared: Declared(seat=1, cards=_cards("BJ BJ")),
    Passed: Passed(seat=3),
    Redealt: Redealt(number=1),
    TalonFlipped: TalonFlipped(turned=_cards("BJ 4D 7S"), suit=0),
    TrumpSettled: TrumpSettled(rank=5, suit=None, declarers=0, starter=2),
    TalonTaken: TalonTaken(seat=0, cards=_TALON),
    HiddenTalonTaken: HiddenTalonTaken(seat=0, count=8),
    Buried: Buried(seat=0, cards=_TALON),
    HiddenBuried: HiddenBuried(seat=0, count=8),
    ThrowFailed: ThrowFailed(
        seat=1, attempted=_cards("AH KH KH 9H"), forced=_cards("9H"), penalty=30, blocker=0
    ),
    Played: Played(seat=1, cards=_cards("9H")),
    TrickWon: TrickWon(number=25, seat=0, points=35),
    TalonBonus: TalonBonus(talon=_TALON, multiplier=4, points=100),
    RoundEnded: RoundEnded(2, -10, True, 2, (3, 11), 1, 1, _RESULT),
    GameOver: GameOver(winner=1, levels=(4, 13)),
    TakenBack: TakenBack(seat=2, kind="play"),
}


def test_every_event_of_the_engine_has_a_form_and_no_form_is_extra() -> None:
    engine = set(typing.get_args(Event))
    assert set(SAMPLES) == engine, "an event class of the engine has no sample here"
    sent = {event_to_json(sample)["type"] for sample in SAMPLES.values()}
    assert sent == {event_type(model) for model in EVENT_MODELS}
    assert len(EVENT_MODELS) == len(engine)


@pytest.mark.parametrize("sample", list(SAMPLES.values()), ids=lambda event: type(event).__name__)
def test_each_events_json_fits_its_form_exactly(sample: Event) -> None:
    data = event_to_json(sample)
    fitted = _EVENT.validate_json(json.dumps(data))
    assert event_type(type(fitted)) == data["type"]
    # every field, none left out or added (a field the engine writes only when it is not
    # its default, such as talon_public, is left out here too)
    assert fitted.model_dump(mode="json", exclude_unset=True) == data


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "played", "seat": 1, "cards": ""},  # a play of no cards
        {"type": "played", "seat": 1, "cards": "9h"},  # notation as the engine never writes it
        {"type": "played", "seat": 4, "cards": "9H"},  # no such seat
        {"type": "played", "seat": True, "cards": "9H"},  # true is not seat 1
        {"type": "card_drawn", "seat": 0, "card": "AS AS"},  # two cards drawn at once
        {"type": "hidden_card_drawn", "seat": 0, "card": "AS"},  # a hidden draw that shows
        {"type": "hidden_buried", "seat": 0, "count": 7},  # a talon of 7
        {"type": "buried", "seat": 0, "cards": "AS"},  # a talon of 1
        {"type": "trump_settled", "rank": "10", "suit": "H", "declarers": 0, "starter": 0},
        # round 0
        {
            "type": "round_started",
            "number": 0,
            "rank": "2",
            "declarers": None,
            "starter": None,
            "first_drawer": 0,
        },
        {"type": "game_over", "winner": 2, "levels": [13, 4]},  # a team 2
        {"type": "game_over", "winner": 0, "levels": [13]},
        {"type": "shuffled"},
    ],
)
def test_a_form_no_event_has_is_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        _EVENT.validate_json(json.dumps(bad))


def test_the_schema_describes_every_event_in_the_event_frame() -> None:
    schema = json.loads((DOCS / "protocol.schema.json").read_text(encoding="utf-8"))
    definitions = schema["$defs"]
    event = definitions["EventFrame"]["properties"]["event"]
    mapping = event["discriminator"]["mapping"]
    assert set(mapping) == {event_type(model) for model in EVENT_MODELS}
    for name, reference in mapping.items():
        form = definitions[reference.removeprefix("#/$defs/")]
        assert form["properties"]["type"]["const"] == name
        assert form["additionalProperties"] is False and form["description"]


def _event_sections() -> dict[str, str]:
    """The sections of docs/protocol.md's "Event types": event type → its text."""
    page = (DOCS / "protocol.md").read_text(encoding="utf-8")
    part = page.split("\n### Event types\n", 1)[1].split("\n### ", 1)[0]
    sections = re.split(r"^#### `([a-z_]+)`\n", part, flags=re.MULTILINE)
    return dict(zip(sections[1::2], sections[2::2], strict=True))


def test_the_docs_have_a_section_for_every_event_that_names_its_fields() -> None:
    sections = _event_sections()
    assert list(sections) == [event_type(model) for model in EVENT_MODELS]
    for model in EVENT_MODELS:
        text = sections[event_type(model)]
        for field in model.model_fields:
            if field != "type":
                assert f"`{field}`" in text, f"{event_type(model)}: `{field}` is not explained"
        shown = re.findall(r"^```json\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
        assert shown, f"{event_type(model)} has no example"
        for frame in shown:
            parsed = _SERVER_FRAME.validate_json(frame)
            assert isinstance(parsed, EventFrame)
            assert event_type(type(parsed.event)) == event_type(model)


def test_the_engine_api_page_lists_every_event_class_and_its_type() -> None:
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    for event in typing.get_args(Event):
        name = event_to_json(SAMPLES[event])["type"]
        assert f"`{event.__name__}`" in page and f"`{name}`" in page, event.__name__


# ------------------------------------------------------------------ whole games


def _deal_quietly(game: Game) -> None:
    """Deal the whole pack and pass in the final window, nobody declaring: in round 1
    the cards are dealt again, in a later round the talon is turned (R-T6)."""
    while game.turn().chance:
        game.draw()
    while game.phase is Phase.DECLARE:
        seat = game.turn().seat
        assert seat is not None
        game.pass_declaring(seat)


def _whole_game(preset: str, seed: int, takebacks: bool = False) -> tuple[Game, Counter[str]]:
    """A whole game of random players (throwing often) to its end, every event frame of
    it, for every viewer, checked against its form; how many frames of each type. With
    ``takebacks``, now and then the last action is taken back (R-U1)."""
    rules = rules_from_spec(preset)
    game = Game(rules.with_options(takebacks=True) if takebacks else rules, seed)
    players = [RandomPlayer(seed * 4 + seat, throw_rate=0.3) for seat in range(4)]
    seen: Counter[str] = Counter()
    told = 0
    while game.phase is not Phase.OVER:
        dealing = game.turn().chance and not any(game.hand(seat) for seat in range(4))
        # the game's first deal, and round 2's, 5th's, 8th's…, with nobody declaring
        if dealing and (told == 0 or len(game.results) % 3 == 1):
            _deal_quietly(game)
        else:
            step(game, players)
            last = game.last_action
            seat = getattr(last, "seat", None)
            if takebacks and seat is not None and game.can_takeback(seat) and told % 5 == 0:
                game.takeback(seat)
        for viewer in VIEWERS:
            for text in event_frames(game.events[told:], told + 1, viewer):
                frame = _SERVER_FRAME.validate_json(text)
                assert isinstance(frame, EventFrame)
                seen[event_type(type(frame.event))] += 1
        told = len(game.events)
    return game, seen


def test_every_event_frame_of_whole_games_fits_its_form() -> None:
    seen: Counter[str] = Counter()
    no_trump = 0
    for preset in ("standard", "classic"):
        for seed in (1, 2):
            game, frames = _whole_game(preset, seed, takebacks=seed == 2)
            assert game.winner is not None
            no_trump += sum(1 for result in game.results if result.suit is None)
            seen += frames
    # the games went through every kind of event, hidden forms and rare ones too
    assert set(seen) == {event_type(model) for model in EVENT_MODELS}, seen
    assert no_trump > 0
    # a seat's own draw reaches it alone: one card_drawn for four hidden forms
    assert seen["hidden_card_drawn"] == 4 * seen["card_drawn"]


def test_a_hidden_talon_fits_its_form_for_every_viewer() -> None:
    """The shengji preset keeps the talon hidden at the end of a round it did not count
    in (show_talon off, R-K1): the round_ended frames of a whole game still fit their
    form, with an empty talon for every viewer but the starter."""
    game, _ = _whole_game("shengji", 1)
    assert game.winner is not None
    hidden = [result for result in game.results if not result.talon_public]
    assert hidden, "no round kept its talon hidden"
    for number, event in enumerate(game.events, 1):
        if not isinstance(event, RoundEnded) or event.result is None:
            continue
        if event.result.talon_public:
            continue
        for viewer in VIEWERS:
            (text,) = event_frames([event], number, viewer)
            frame = json.loads(text)["event"]["result"]
            assert frame["talon_public"] is False
            assert (frame["talon"] != "") == (viewer == event.result.starter), viewer
