"""The game screen reads right at 80×24 in every language: the main screens (dealing,
burying, a full trick on the table, the end-of-round box) keep every line inside 80
terminal cells, show every seat's label and cards, and keep the top bar to its lines.

Widths are counted as a terminal draws them (:func:`screen_cells`): Hindi's spacing vowel
signs take a cell there although Rich counts none, which once pushed East's cards off
the screen.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot

from play.screen_pilot import (
    LANGUAGES,
    SIZE,
    follow_hints,
    new_app,
    press,
    run,
    screen_lines,
    shown,
    too_wide,
)
from tuolaji.core.cards import parse_cards
from tuolaji.i18n import _, set_language
from tuolaji.play import view
from tuolaji.play.app import TuolajiApp
from tuolaji.play.cells import fit, screen_cells, wrap
from tuolaji.play.dialogs import SummaryScreen
from tuolaji.play.session import Waiting
from tuolaji.play.widgets import StatusBar, TrickView, log_rows, pack
from tuolaji.play.words import seat_name
from tuolaji.render import cards_text

WIDTH, HEIGHT = SIZE


@pytest.fixture
def language(request: pytest.FixtureRequest) -> object:
    """Play the test in the language it is given, English again afterwards."""
    set_language(request.param)
    yield request.param
    set_language("en")


def check_frame(app: TuolajiApp, where: str) -> None:
    """Every line within 80 cells, the top bar in at most two lines, the keys in one."""
    assert not too_wide(app), f"{where}: {too_wide(app)}"
    assert len(screen_lines(app)) == HEIGHT
    main = app.screen_stack[0]
    assert main.query_one(StatusBar).region.height <= 2, where
    assert main.query_one("#keys").region.height == 1, where
    for line in shown(app, "#status", main=True).splitlines():
        assert screen_cells(line) <= WIDTH - 2, (where, line)


def check_table(app: TuolajiApp, plays: dict[int, tuple[int, ...]], where: str) -> None:
    """Each seat's label is on the table, with its cards when it has played."""
    table = shown(app, "#trick").splitlines()
    lines = screen_lines(app)
    for seat in range(4):
        label = f"{seat_name(seat)}:"
        assert any(label in line for line in table), (where, label, table)
        assert any(label in line for line in lines), (where, label)
        cards = plays.get(seat)
        if cards:
            text = cards_text(cards).plain
            assert any(f"{label} {text}" in line for line in lines), (where, label, text)


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
def test_the_main_screens_fit_80_by_24(tmp_path: Path, language: str) -> None:
    seen: set[str] = set()

    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        session = app.session
        # dealing: the human may declare 2H 2H; the count of cards left is said once
        assert session.waiting() is Waiting.OFFER
        check_frame(app, "dealing")
        check_table(app, {}, "dealing")
        dealing = view.turn_line(session)
        assert sum(line.count(dealing) for line in screen_lines(app)) == 1, dealing
        await press(app, pilot, "d", "enter")
        for _step in range(200):
            waiting = session.waiting()
            if waiting is Waiting.BURY and "bury" not in seen:
                seen.add("bury")
                check_frame(app, "burying")  # a round start with the starter known
                check_table(app, {}, "burying")
                assert len(app.hand.places) == 33
                assert "Esc " in shown(app, "#keys")  # unselects: listed in every language
            if app.holding is not None and "trick" not in seen:
                seen.add("trick")
                check_frame(app, "full trick")
                check_table(app, dict(app.holding.plays), "full trick")
                # the mark before the leader's name is explained on the table's first row
                assert shown(app, "#trick").splitlines()[0].endswith(_("▸ led the trick"))
            if isinstance(app.screen, SummaryScreen):
                seen.add("summary")
                check_frame(app, "end of round")
                box = screen_lines(app)
                assert not any("█" in line for line in box), box
                summary = shown(app, "#summary").splitlines()
                assert summary and all(line.rstrip() in "\n".join(box) for line in summary)
                break
            await follow_hints(app, pilot)

    run(new_app(tmp_path, trick_pause=None), play)
    assert seen == {"bury", "trick", "summary"}


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
def test_long_throws_on_both_sides_stay_on_the_screen(tmp_path: Path, language: str) -> None:
    west = tuple(parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"))
    east = tuple(parse_cards("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"))

    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        table = app.query_one(TrickView)
        table.show("Trick 9", [(3, west), (0, west[:6]), (1, east), (2, east[:6])], 3)
        await pilot.pause()
        assert not too_wide(app)
        check_table(app, {3: west, 0: west[:6], 1: east, 2: east[:6]}, "long throws")

    run(new_app(tmp_path), play)


# ------------------------------------------------------------------ the layout helpers

SCRIPTS = st.sampled_from(
    ["abc ", "पश्चिम ", "पूर्व ", "दौर तुरुप ", "庄家方：", "东家 ", "♠A ", "ā ē ", "-", " "]
)
TEXTS = st.lists(SCRIPTS, max_size=40).map("".join)
CONSOLE = Console(width=200)


@settings(max_examples=150, deadline=None)
@given(text=TEXTS, width=st.integers(min_value=4, max_value=80))
def test_wrapped_and_cut_lines_never_pass_the_width(text: str, width: int) -> None:
    rows = wrap(Text(text), width)
    assert all(screen_cells(row.plain.rstrip()) <= width for row in rows)
    assert screen_cells(fit(Text(text), width).plain) <= width
    # nothing is lost by wrapping: the characters come back in order (spaces aside:
    # Chinese breaks between characters, so a "word" may be split across rows)
    assert "".join("".join(row.plain.split()) for row in rows) == "".join(text.split()) or any(
        screen_cells(word) > width for word in text.split()
    )


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(TEXTS, max_size=8), width=st.integers(min_value=10, max_value=80))
def test_the_top_bar_packs_into_two_lines_at_most(parts: list[str], width: int) -> None:
    rows = pack([Text(part) for part in parts], width, 2)
    assert len(rows) <= 2
    assert all(screen_cells(row.plain) <= width for row in rows)


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(TEXTS, max_size=12),
    width=st.integers(min_value=4, max_value=80),
    height=st.integers(min_value=1, max_value=12),
)
def test_the_log_shows_the_newest_whole_lines_at_the_bottom(
    lines: list[str], width: int, height: int
) -> None:
    texts = [Text(line) for line in lines]
    rows = log_rows(texts, width, height)
    assert len(rows) == height  # the log fills its rows: the newest line at the bottom
    wrapped = [[row.plain for row in wrap(text, width)] for text in texts]
    if wrapped and len(wrapped[-1]) >= height:  # a newest line taller than the log: its end
        assert [row.plain for row in rows] == wrapped[-1][-height:]
        return
    # else: the rows are whole lines, the newest ones, as many as fit
    count = 0
    while count < len(wrapped) and sum(map(len, wrapped[len(wrapped) - count - 1 :])) <= height:
        count += 1
    expected = [row for rows_of in wrapped[len(wrapped) - count :] for row in rows_of]
    assert [row.plain for row in rows][height - len(expected) :] == expected
    assert all(not row.plain for row in rows[: height - len(expected)])  # blank above


def test_terminal_cells_count_hindi_vowel_signs() -> None:
    # tmux and xterm give ि and ा a cell each; Rich's cell_len gives them none
    assert screen_cells("पश्चिम") == 5
    assert screen_cells("दौर तुरुप: दर्जा") == 13
    assert screen_cells("东家") == 4
    assert screen_cells("East: A♥") == 8
