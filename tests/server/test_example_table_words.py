"""What the example client says (examples/online_table.py), from the chair of the seat
it holds: sentences about that seat speak to the player ("You win it", "Your throw …
you lead"), other seats are named as the browser names them, and teams are "we" and
"they" from that chair."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "online_table.py"


@pytest.fixture(scope="module")
def words() -> ModuleType:
    """examples/online_table.py, imported from its file as the client imports it."""
    spec = importlib.util.spec_from_file_location("online_table", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def in_english(english: None) -> None:
    """The names of the seats in English."""


SEATS = [
    {"seat": 0, "player": "human", "name": "Ana", "taken": True},
    {"seat": 1, "player": "heuristic", "name": "heuristic", "taken": False},
    {"seat": 2, "player": "human", "name": "Bo", "taken": True},
    {"seat": 3, "player": "random", "name": "random", "taken": False},
]


def chair(words: ModuleType, seat: int) -> Any:
    """The words of ``seat``'s chair at the table of :data:`SEATS`."""
    table = words.TableWords(seat)
    table.seats = SEATS
    return table


def test_sentences_about_the_readers_seat_are_in_the_second_person(words: ModuleType) -> None:
    ana, bo = chair(words, 0), chair(words, 2)
    won = {"type": "trick_won", "number": 3, "seat": 0, "points": 10}
    assert ana.event_line(won) == "Trick 3: you win it (10 points)."
    assert bo.event_line(won) == "Trick 3: Ana wins it (10 points)."
    played = {"type": "played", "seat": 1, "cards": "AS"}
    assert ana.event_line(played) == "Bot 1 (heuristic) plays AS."
    passed = {"type": "passed", "seat": 2}
    assert bo.event_line(passed) == "You pass."
    assert ana.event_line(passed) == "Bo passes."


def test_a_failed_throw_says_who_can_beat_it_r_h2(words: ModuleType) -> None:
    throw = {
        "type": "throw_failed",
        "seat": 0,
        "attempted": "AS KS",
        "forced": "KS",
        "penalty": 10,
        "blocker": 3,
    }
    assert chair(words, 0).event_line(throw) == (
        "Your throw of AS KS fails: Bot 2 (random) can beat KS; "
        "you lead KS instead and pay 10 points."
    )
    assert chair(words, 3).event_line(throw) == (
        "Ana's throw of AS KS fails: you can beat KS; Ana leads KS instead and pays 10 points."
    )


def test_the_end_of_a_round_is_said_from_the_readers_team(words: ModuleType) -> None:
    ended = {
        "type": "round_ended",
        "number": 1,
        "opponents_points": 35,
        "declarers_hold": True,
        "levels_gained": 2,
        "levels": [2, 0],
        "next_declarers": 0,
        "next_starter": 2,
    }
    assert chair(words, 0).event_line(ended) == (
        "Round 1 is over: the opponents (they) won 35 points, so we stay declarers and go "
        "up 2 levels. Levels: We 4 · They 2."
    )
    assert chair(words, 1).event_line(ended) == (
        "Round 1 is over: the opponents (we) won 35 points, so they stay declarers and go "
        "up 2 levels. Levels: We 2 · They 4."
    )


def test_the_seats_line_names_each_seat_with_its_place(words: ModuleType) -> None:
    assert chair(words, 2).seats_line() == (
        "Seats: Ana · partner | Bot 1 (heuristic) · left | Bo · you | Bot 2 (random) · right"
    )
