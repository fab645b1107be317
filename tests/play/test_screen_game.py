"""What the game screen says about the game: whose points the top bar counts, the end of
a round with its talon (R-K1), a failed throw with its blocker (R-H2), a resumed game's
round so far, and quitting (ctrl+q asks like q; an unsaved game says so)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from play.screen_pilot import (
    follow_hints,
    new_app,
    press,
    run,
    screen_lines,
    shown,
)
from tuolaji.core.cards import format_cards
from tuolaji.play.app import TuolajiApp
from tuolaji.play.cells import screen_cells
from tuolaji.play.dialogs import SummaryScreen
from tuolaji.play.session import HUMAN_NAME, Session, Waiting
from tuolaji.play.widgets import LogView, TrickView
from tuolaji.play.words import seat_name
from tuolaji.render import cards_text


async def until_summary(app: TuolajiApp, pilot: Pilot[None]) -> None:
    """Play on as the hints say until the end-of-round box is open."""
    for _step in range(150):
        if isinstance(app.screen, SummaryScreen):
            return
        await follow_hints(app, pilot)
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("we_declare", [True, False])
def test_the_points_say_whose_they_are(tmp_path: Path, we_declare: bool) -> None:
    seen: dict[str, str] = {}

    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        if we_declare:
            await press(app, pilot, "d", "enter")  # 2H 2H: we declare, they are the opponents
        while app.session.waiting() is not Waiting.PLAY:
            await follow_hints(app, pilot)
        seen["status"] = shown(app, "#status")
        await until_summary(app, pilot)
        seen["summary"] = shown(app, "#summary")

    app = run(new_app(tmp_path), play)
    declarers = app.session.game.results[0].declarers
    assert (declarers == 0) is we_declare  # the human's team is team 0
    summary = " ".join(seen["summary"].split())  # the box wraps its lines
    if we_declare:  # the points counted are the opponents', here the other team's
        assert "Opponents: They · their points: 0" in seen["status"]
        assert "they were the opponents and won" in summary
    else:
        assert "Opponents: We · our points: 0" in seen["status"]
        assert "we were the opponents and won" in summary
    assert "defend" not in (seen["status"] + summary).lower()


def test_the_end_of_round_box_shows_the_talon(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        await until_summary(app, pilot)
        result = app.session.last_result()
        assert result is not None
        talon = result[0].talon
        assert len(talon) == 8  # R-K1: once the round is over, everyone sees the talon
        summary = shown(app, "#summary")
        assert format_cards(talon) in summary or cards_text(talon).plain in summary
        box = screen_lines(app)
        assert not any("█" in line or "█·" in line for line in box)
        await press(app, pilot, "enter")
        assert not isinstance(app.screen, SummaryScreen)

    run(new_app(tmp_path), play)


def session_with_failed_throw(blocked_by_human: bool) -> Session:
    """A game stopped at the player's turn just after a bot's throw failed."""
    for seed in range(1, 60):
        session = Session.new("random", seed=seed, rounds=1)
        for _step in range(40):
            session.run_until_human()
            waiting = session.waiting()
            throw = session.observation().failed_throw
            if waiting is Waiting.PLAY and throw is not None and throw.seat != 0:
                if (throw.blocker == 0) is blocked_by_human:
                    return session
                break
            if waiting is Waiting.OVER or waiting is Waiting.SUMMARY:
                break
            session.follow_hint()
    raise AssertionError("no failed throw found")


@pytest.mark.parametrize("blocked_by_human", [True, False])
def test_a_failed_throw_is_shown_with_who_blocked_it(
    tmp_path: Path, blocked_by_human: bool
) -> None:
    session = session_with_failed_throw(blocked_by_human)
    throw = session.observation().failed_throw
    assert throw is not None and throw.blocker is not None
    blocker_seat = throw.blocker

    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        table = " ".join(shown(app, "#trick").split())
        assert "R-H2" in table
        assert seat_name(throw.seat) in table
        blocker = "you" if blocked_by_human else seat_name(blocker_seat)
        assert blocker in table
        assert cards_text(throw.forced).plain in table  # the part led instead
        # the forced part is what the thrower has on the table
        assert dict(session.observation().trick)[throw.seat] == throw.forced
        assert app.query_one(TrickView).region.bottom <= 24

    run(new_app(tmp_path, session=session), play)


def test_a_resumed_game_is_drawn_full_width_and_tells_the_round_so_far(tmp_path: Path) -> None:
    session = Session.new("random", seed=3, rounds=1)
    while len(session.game.round.tricks) < 3 or session.waiting() is not Waiting.PLAY:
        session.run_until_human()
        if len(session.game.round.tricks) < 3 or session.waiting() is not Waiting.PLAY:
            session.follow_hint()
    path = tmp_path / "saved.json"
    assert session.save(path).ok
    resumed = Session.resume(path, "random")
    assert resumed.record().players[0] == HUMAN_NAME

    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        # before any key: the table spans the screen, East at its right edge
        middle = next(line for line in screen_lines(app) if f"{seat_name(1)}:" in line)
        assert screen_cells(middle) >= 70, middle
        assert f"{seat_name(3)}:" in middle
        # the log tells the round so far: the plays of the tricks before the save
        told = [line.plain for line in app.query_one(LogView).lines]
        assert any(line.startswith("Round 1 begins") for line in told)
        assert sum(line.startswith("You play") for line in told) >= 3
        assert any(line.startswith("Trick 3:") for line in told)
        # and its newest line is in view
        assert shown(app, "#log").splitlines()[-1].strip() in told[-1]

    run(new_app(tmp_path, session=resumed), play)


def test_ctrl_q_asks_like_q_and_says_the_game_was_not_saved(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        await press(app, pilot, "ctrl+q")
        assert app.is_running  # the first press only asks
        message = " ".join(shown(app, "#message").split())
        assert "Quit without saving? Press q again to quit, s to save first." in message
        await pilot.press("ctrl+q")

    app = run(new_app(tmp_path), play)
    assert app.exit_message is not None and "was not saved" in app.exit_message
    assert "Press s" in app.exit_message
    assert not (tmp_path / "game.json").exists()


def test_quitting_a_saved_game_says_where_it_is(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        await press(app, pilot, "s", "q")
        assert "The game is saved; press q again" in shown(app, "#message")
        await pilot.press("q")

    app = run(new_app(tmp_path), play)
    path = tmp_path / "game.json"
    assert path.exists()
    assert app.exit_message is not None
    assert f"tuolaji play --resume {path}" in app.exit_message


def test_ctrl_q_under_the_end_of_round_box_asks_too(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        await until_summary(app, pilot)
        await press(app, pilot, "ctrl+q")
        assert app.is_running and isinstance(app.screen, SummaryScreen)
        await pilot.press("ctrl+q")

    app = run(new_app(tmp_path, rounds=2), play)
    assert app.exit_message is not None and "was not saved" in app.exit_message


def test_quitting_when_the_rounds_asked_for_are_played_saves_the_game(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        await until_summary(app, pilot)  # the only round asked for is over
        await pilot.press("q")

    app = run(new_app(tmp_path, rounds=1), play)
    assert app.exit_message is not None and "not finished" in app.exit_message
    assert (tmp_path / "game.json").exists()
