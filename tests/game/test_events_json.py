"""Events as JSON, both ways: every event of many seeded games, and every view of it,
reads back equal to itself; anything that is not an event's JSON form is refused with a
``WireFormatError`` (a ``TuolajiError``), whatever it is."""

from __future__ import annotations

import functools
import json
import typing
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuolaji.core import STANDARD, TuolajiError, parse_cards
from tuolaji.game import (
    Event,
    Game,
    WireFormatError,
    event_from_json,
    event_to_json,
    view,
)
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

from .test_properties import steps
from .test_streams import OBSERVERS, seeded_game

#: the stable names of the JSON forms: a client reads these, so they never change
TYPE_NAMES: dict[type, str] = {
    RoundStarted: "round_started",
    CardDrawn: "card_drawn",
    HiddenCardDrawn: "hidden_card_drawn",
    Declared: "declared",
    Passed: "passed",
    Redealt: "redealt",
    TalonFlipped: "talon_flipped",
    TrumpSettled: "trump_settled",
    TalonTaken: "talon_taken",
    HiddenTalonTaken: "hidden_talon_taken",
    Buried: "buried",
    HiddenBuried: "hidden_buried",
    ThrowFailed: "throw_failed",
    Played: "played",
    TrickWon: "trick_won",
    TalonBonus: "talon_bonus",
    RoundEnded: "round_ended",
    GameOver: "game_over",
    TakenBack: "taken_back",
}


def played_events(seeds: range) -> list[Event]:
    """Every event of the seeded games of the stream property, and every view of each."""
    events: list[Event] = []
    for seed in seeds:
        game, players = seeded_game(seed)
        for _ in steps(game, players):
            pass
        events += game.events
        events += [view(event, seat) for event in game.events for seat in OBSERVERS]
    return events


@functools.cache
def game_events() -> list[Event]:
    """The events of 16 games and their views (played once, when a test first asks)."""
    return played_events(range(16))


#: one valid JSON form of each type, for the refusal tests (the first 8 games bring
#: every type: tests/game/test_streams.py)
SAMPLES = {type(event): event_to_json(event) for event in played_events(range(8))}
# takebacks happen only at tables that allow them (R-U1): none of those games has one
SAMPLES[TakenBack] = event_to_json(TakenBack(2, "play"))


def test_every_event_type_is_in_the_union_and_has_its_stable_name() -> None:
    assert set(typing.get_args(Event)) == set(TYPE_NAMES)
    assert set(SAMPLES) == set(TYPE_NAMES), set(TYPE_NAMES) - set(SAMPLES)
    for kind, data in SAMPLES.items():
        assert data["type"] == TYPE_NAMES[kind]


def test_every_event_of_many_games_and_every_view_round_trips() -> None:
    for event in set(game_events()):
        data = json.loads(json.dumps(event_to_json(event)))
        assert event_from_json(data) == event, data


def test_cards_are_written_in_notation() -> None:
    assert event_to_json(Played(1, tuple(parse_cards("10H 10H JH")))) == {
        "type": "played",
        "seat": 1,
        "cards": "TH TH JH",
    }
    assert event_to_json(CardDrawn(3, parse_cards("RJ")[0]))["card"] == "RJ"


def test_r_k1_the_round_end_carries_its_result_and_talon() -> None:
    ended = next(event for event in game_events() if isinstance(event, RoundEnded))
    assert ended.result is not None
    data = event_to_json(ended)
    assert parse_cards(data["result"]["talon"]) == list(ended.result.talon)
    assert event_from_json(data) == ended
    by_hand = RoundEnded(1, 30, True, 2, (2, 0), 0, 2)  # an event made for a message
    assert event_from_json(event_to_json(by_hand)) == by_hand


def with_field(kind: type, name: str, value: object) -> dict[str, Any]:
    """The sample JSON form of ``kind`` with field ``name`` set to ``value``."""
    return {**SAMPLES[kind], name: value}


def without_field(kind: type, name: str) -> dict[str, Any]:
    """The sample JSON form of ``kind`` without field ``name``."""
    return {key: value for key, value in SAMPLES[kind].items() if key != name}


#: 26 cards, more than a hand holds (R-P2)
ALL_SPADES_TWICE = " ".join(f"{rank}S {rank}S" for rank in "23456789TJQKA")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param([], "must be a JSON object, not an empty list", id="not-an-object"),
        pytest.param({"seat": 1}, "'type' must be an event type", id="no-type"),
        pytest.param({"type": "shuffled"}, 'not the string "shuffled"', id="unknown-type"),
        pytest.param({"type": 3}, "not the number 3", id="type-not-a-string"),
        pytest.param(without_field(Played, "cards"), "'cards' is missing", id="missing-field"),
        pytest.param(with_field(Played, "extra", 1), "unknown field 'extra'", id="extra-field"),
        pytest.param(with_field(Played, "seat", 4), "a seat 0-3", id="r-n4-seat-4"),
        pytest.param(with_field(Played, "seat", True), "not true", id="r-n4-bool-seat"),
        pytest.param(with_field(Played, "seat", 1.0), "a seat 0-3", id="r-n4-float-seat"),
        pytest.param(with_field(Played, "cards", "1H"), "cannot read card", id="r-n3-notation"),
        pytest.param(with_field(Played, "cards", 12), "cards in notation", id="r-n3-kinds"),
        pytest.param(with_field(CardDrawn, "card", "AS AS"), "one card", id="two-cards-drawn"),
        pytest.param(with_field(TrumpSettled, "rank", "Z"), "a rank", id="r-n1-rank"),
        pytest.param(with_field(TrumpSettled, "rank", 0), "a rank", id="rank-as-number"),
        pytest.param(with_field(TrumpSettled, "suit", "X"), "a suit", id="r-n2-suit"),
        pytest.param(with_field(TrumpSettled, "declarers", 2), "0-1", id="team-2"),
        pytest.param(with_field(TrickWon, "points", -5), "0 or more", id="negative-points"),
        pytest.param(with_field(TrickWon, "number", 0), "1 or more", id="trick-0"),
        pytest.param(with_field(GameOver, "levels", [13]), "two whole numbers", id="levels"),
        pytest.param(
            with_field(RoundEnded, "result", {"round": 1}), "'rank' is missing", id="bad-result"
        ),
        pytest.param(with_field(Played, "cards", "AS AS AS"), "R-D1", id="r-d1-three-copies"),
        # cards no such event holds (R-T2, R-P2, R-K1, R-H1, R-H2)
        pytest.param(with_field(Declared, "cards", ""), "a declaration", id="r-t2-no-cards"),
        pytest.param(with_field(Declared, "cards", "2S 2S 2S"), "R-D1", id="r-t2-three"),
        pytest.param(with_field(Declared, "cards", "2S 2S 2H 2H"), "R-T2", id="r-t2-four"),
        pytest.param(with_field(Declared, "cards", "AS KD"), "R-T2", id="r-t2-not-identical"),
        pytest.param(with_field(Declared, "cards", "BJ RJ"), "R-T2", id="r-t2-two-jokers"),
        pytest.param(with_field(Declared, "cards", "BJ"), "R-T2", id="r-t2-one-joker"),
        pytest.param(with_field(Played, "cards", ""), "1 to 25 cards", id="r-p2-no-cards"),
        pytest.param(with_field(Played, "cards", ALL_SPADES_TWICE), "1 to 25", id="r-p2-26"),
        pytest.param(with_field(Buried, "cards", ""), "the 8 cards", id="r-k1-bury-none"),
        pytest.param(with_field(Buried, "cards", "AS KS"), "the 8 cards", id="r-k1-bury-2"),
        pytest.param(
            with_field(TalonTaken, "cards", "AS KS QS JS TS 9S 8S 7S 6S"),
            "the 8 cards",
            id="r-k1-take-9",
        ),
        pytest.param(with_field(HiddenBuried, "count", 0), "8, the size", id="r-k1-hidden-0"),
        pytest.param(with_field(HiddenBuried, "count", 10**6), "8, the size", id="r-k1-hidden-big"),
        pytest.param(with_field(HiddenTalonTaken, "count", 7), "8, the size", id="r-k1-taken-7"),
        pytest.param(with_field(HiddenTalonTaken, "count", True), "not true", id="r-k1-taken-bool"),
        pytest.param(with_field(ThrowFailed, "attempted", ""), "R-H1", id="r-h1-no-attempt"),
        pytest.param(with_field(ThrowFailed, "forced", ""), "R-H2", id="r-h2-no-forced"),
        pytest.param(
            {**SAMPLES[ThrowFailed], "attempted": "AS KS", "forced": "QS"},
            "part of the attempted cards",
            id="r-h1-forced-not-thrown",
        ),
        pytest.param(
            {**SAMPLES[ThrowFailed], "attempted": "AS KS", "forced": "AS AS"},
            "part of the attempted cards",
            id="r-h1-forced-twice",
        ),
        pytest.param(
            with_field(ThrowFailed, "blocker", SAMPLES[ThrowFailed]["seat"]),
            "another seat",
            id="r-h2-own-blocker",
        ),
    ],
)
def test_bad_json_is_refused_with_a_clean_error(data: object, message: str) -> None:
    with pytest.raises(WireFormatError, match=message) as refused:
        event_from_json(data)
    assert isinstance(refused.value, TuolajiError) and isinstance(refused.value, ValueError)


@pytest.mark.parametrize("cards", ["7H", "7H 7H", "BJ BJ", "RJ RJ", "2S 2S"])
def test_r_t2_every_shape_of_declaration_is_read(cards: str) -> None:
    # the trump rank is not in the event: any rank's single or pair, or a joker pair
    data = {"type": "declared", "seat": 1, "cards": cards}
    assert event_from_json(data) == Declared(1, tuple(parse_cards(cards)))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)
CARD_TEXT = st.sampled_from(["", "AS", "AS AS", "10h", "BJ RJ", "1H", "AS AS AS", "2C 3C"])


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(sorted(SAMPLES, key=lambda kind: kind.__name__)),
    data=st.data(),
)
def test_any_change_to_an_events_json_is_read_or_refused_cleanly(
    kind: type, data: st.DataObject
) -> None:
    form = dict(SAMPLES[kind])
    name = data.draw(st.sampled_from(sorted(form)), label="field")
    form[name] = data.draw(JSON | CARD_TEXT, label="value")
    try:
        event = event_from_json(form)
    except WireFormatError:
        return
    # read: it is an event again, and its own form reads back to it
    assert event_from_json(event_to_json(event)) == event


def test_a_game_view_is_an_event_in_the_same_form() -> None:
    game = Game(STANDARD, seed=8)
    drawn = game.draw()[0]
    hidden = view(drawn, 3)
    assert event_to_json(hidden) == {"type": "hidden_card_drawn", "seat": 0}
    assert event_from_json(event_to_json(hidden)) == hidden
