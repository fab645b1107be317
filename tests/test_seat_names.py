"""The seats of an online room in words (tuolaji.wording.seats): every reader calls a
seat by the same name — its player's, or "Bot N (kind)" for a bot without one of its
own — and says where it sits from their own chair (R-N4: the next seat, who plays after
you, is on your right; your partner sits across)."""

from __future__ import annotations

import doctest

import pytest

from tuolaji.i18n import using_language
from tuolaji.wording import display_name, position_word, seat_label, seats


@pytest.fixture(autouse=True)
def in_english(english: None) -> None:
    """Every test starts in English, and the language in force is restored after."""


def seat(player: str, name: str = "", taken: bool = False) -> dict[str, object]:
    """A seat as a room frame gives it."""
    return {"player": player, "name": name, "taken": taken, "connected": taken}


READERS = (0, 1, 2, 3, None)
#: a room as the server fills it today: a person, and bots named after their spec
ROOM = [
    seat("human", "Ana", True),
    seat("heuristic", "heuristic"),
    seat("search:guesses=40", "search:guesses=40"),
    seat("random", "random"),
]


def test_bots_without_a_name_of_their_own_are_counted_in_seat_order() -> None:
    names = [display_name(ROOM, number) for number in range(4)]
    assert names == ["Ana", "Bot 1 (heuristic)", "Bot 2 (search)", "Bot 3 (random)"]


def test_a_bot_numbered_by_the_bots_before_it_not_by_its_seat() -> None:
    room = [seat("human", "Bo", True), seat("human", "", False), *ROOM[1:3]]
    assert [display_name(room, number) for number in range(4)] == [
        "Bo",
        "Open seat",  # a person's seat nobody has taken
        "Bot 1 (heuristic)",
        "Bot 2 (search)",
    ]


def test_a_bot_with_a_name_of_its_own_keeps_it() -> None:
    room = [*ROOM[:3], seat("cmd:python bot.py", "mine")]
    assert display_name(room, 3) == "mine"
    # a bot named with an empty name, or only spaces, has none of its own
    room = [*ROOM[:3], seat("random", "  ")]
    assert display_name(room, 3) == "Bot 3 (random)"


def test_a_person_who_typed_no_name_is_called_by_the_seat_number() -> None:
    room = [seat("human", "", True), *ROOM[1:]]
    assert display_name(room, 0) == "Seat 0"
    assert display_name([], 2) == "Seat 2"  # no room frame yet


def test_the_name_is_the_same_for_every_reader_the_position_is_theirs() -> None:
    labels = {reader: [seat_label(ROOM, n, reader) for n in range(4)] for reader in READERS}
    for number in range(4):
        names = {labels[reader][number].split(" · ")[0] for reader in READERS}
        assert names == {display_name(ROOM, number)}  # one name for everyone
        places = [labels[reader][number].split(" · ")[1] for reader in READERS]
        assert len(set(places[:4])) == 4  # each player sees the seat from their chair


@pytest.mark.parametrize("reader", [0, 1, 2, 3])
def test_positions_follow_the_order_of_play_r_n4(reader: int) -> None:
    after, across, before = (reader + 1) % 4, (reader + 2) % 4, (reader + 3) % 4
    assert position_word(reader, reader) == "you"
    assert position_word(after, reader) == "right"  # plays after the reader
    assert position_word(across, reader) == "partner"
    assert position_word(before, reader) == "left"  # plays before the reader


def test_a_spectator_gets_the_compass() -> None:
    assert [position_word(number, None) for number in range(4)] == [
        "South",
        "East",
        "North",
        "West",
    ]
    assert seat_label(ROOM, 1, None) == "Bot 1 (heuristic) · East"


def test_the_words_are_the_browser_tables_in_every_language() -> None:
    with using_language("zh_CN"):
        assert display_name(ROOM, 1) == "机器人 1（启发式）"
        assert position_word(2, 0) == "对家"
        assert seat_label(ROOM, 3, 0).endswith("上家")  # left: the seat before yours


def test_the_examples_in_the_docstrings_hold() -> None:
    results = doctest.testmod(seats)
    assert results.attempted > 0 and results.failed == 0
