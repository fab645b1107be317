"""How the game screen moves: a finished trick stays until the player goes on, a slow
bot is shown thinking while the screen answers keys, a refusal leaves once the game has
moved on, and however long it is, the newest line of the log stays in view."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot

from play.screen_pilot import (
    follow_hints,
    new_app,
    press,
    run,
    screen_lines,
    settle,
    shown,
)
from tuolaji.bots.base import Player
from tuolaji.bots.registry import make_player
from tuolaji.game.observation import Observation
from tuolaji.play import session as session_module
from tuolaji.play.app import THINKING_AFTER_S, TuolajiApp
from tuolaji.play.cells import wrap
from tuolaji.play.dialogs import SummaryScreen
from tuolaji.play.session import Outcome, Session, Waiting
from tuolaji.play.widgets import KeysBar, LogView, MessageBar


async def until_held(app: TuolajiApp, pilot: Pilot[None]) -> None:
    """Play on as the hints say until a finished trick is held on the table."""
    for _step in range(100):
        if app.holding is not None:
            return
        await follow_hints(app, pilot)
    raise AssertionError("no trick was held")


def test_a_finished_trick_stays_on_the_table_until_enter(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        await until_held(app, pilot)
        held = app.holding
        assert held is not None and len(held.plays) == 4
        table = shown(app, "#trick")
        assert f"Trick {held.number}:" in table and "wins it" in table
        for seat_label in ("You:", "East:", "North:", "West:"):
            assert seat_label in table
        assert "Press Enter to go on." in shown(app, "#message")
        assert "go on" in shown(app, "#keys")
        events = len(app.session.game.events)
        await pilot.pause(0.3)  # nothing moves while the trick is held
        assert app.holding is held and len(app.session.game.events) == events
        await press(app, pilot, "enter")
        assert app.holding is not held
        assert len(app.session.game.events) > events  # the game went on

    run(new_app(tmp_path, trick_pause=None), play)


def test_a_trick_the_player_leads_after_is_not_held(tmp_path: Path) -> None:
    seen: list[str] = []

    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        session = app.session
        for _step in range(150):
            obs = session.observation()
            last = session.last_trick()
            if session.waiting() is Waiting.PLAY and not obs.trick and last is not None:
                # the player leads: the trick they won stays in view, nothing is held
                assert app.holding is None
                seen.append(shown(app, "#trick").splitlines()[0])
            if isinstance(app.screen, SummaryScreen) or session.waiting() is Waiting.OVER:
                break
            await follow_hints(app, pilot)

    run(new_app(tmp_path, trick_pause=None), play)
    assert seen and all("you win it" in heading for heading in seen)


def test_a_timed_trick_pause_goes_on_by_itself(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        await until_held(app, pilot)
        held = app.holding
        await pilot.pause(0.3)
        await settle(app, pilot)
        assert app.holding is not held

    run(new_app(tmp_path, trick_pause=0.05), play)


def test_without_a_trick_pause_nothing_is_held(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        for _step in range(150):
            assert app.holding is None
            if isinstance(app.screen, SummaryScreen):
                return
            await follow_hints(app, pilot)
        raise AssertionError("the round did not end")

    run(new_app(tmp_path, trick_pause=0), play)


class SlowPlayer:
    """A random player that takes its time over its plays while ``slow`` is set."""

    def __init__(self, inner: Player, slow: threading.Event) -> None:
        self.inner, self.slow, self.name = inner, slow, inner.name

    def declaration(self, observation: Observation) -> Sequence[int] | None:
        return self.inner.declaration(observation)

    def bury(self, observation: Observation) -> Sequence[int]:
        return self.inner.bury(observation)

    def play(self, observation: Observation) -> Sequence[int]:
        if self.slow.is_set():
            time.sleep(0.8)
        return self.inner.play(observation)


def test_a_slow_bot_is_shown_thinking_while_keys_still_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow = threading.Event()
    monkeypatch.setattr(
        session_module, "make_player", lambda name, seed: SlowPlayer(make_player(name, seed), slow)
    )
    session = Session.new("random", seed=3, rounds=1)
    session.run_until_human()
    while session.waiting() is not Waiting.PLAY:
        session.follow_hint()
        session.run_until_human()

    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        slow.set()
        for _attempt in range(5):
            app.action_hint()
            await pilot.press("enter")  # the player plays; a bot is next, or soon
            started = time.monotonic()
            while not app.busy and time.monotonic() - started < 1:
                await pilot.pause(0.01)
            if app.busy:
                break
            await settle(app, pilot)
        assert app.busy
        await pilot.pause(THINKING_AFTER_S + 0.1)
        assert app.busy  # still deciding…
        assert "is thinking…" in shown(app, "#message")
        cursor = app.hand.cursor
        await pilot.press("right")  # … and the screen answers keys meanwhile
        assert app.hand.cursor == (cursor + 1) % len(app.hand.cards)
        await pilot.press("s")  # a key that needs the game waits for the bot
        assert app.busy and not (tmp_path / "game.json").exists()
        slow.clear()
        await settle(app, pilot)
        assert (tmp_path / "game.json").exists()
        assert "is thinking…" not in shown(app, "#message")

    run(new_app(tmp_path, session=session, delay=0.01), play)


def test_a_refusal_goes_when_the_player_acts(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        session = app.session
        # during the deal: a card that cannot declare is refused …
        hand = app.hand
        hand.cursor = len(hand.cards) - 1  # the lowest card of the last suit
        standing = session.game.round.declaration
        await press(app, pilot, "space", "enter")
        assert "Not allowed" in shown(app, "#message")
        assert session.game.round.declaration == standing  # refused: nothing changed
        # … and the refusal goes once the player has declared (2H 2H)
        await press(app, pilot, "escape", "d", "enter")
        assert "Not allowed" not in shown(app, "#message")
        # in the tricks: a mixed lead is refused, and the refusal goes with a good play
        while session.waiting() is not Waiting.PLAY:
            await follow_hints(app, pilot)
        assert not session.observation().trick  # the player starts the round
        await press(app, pilot, "space", "down", "space", "enter")
        assert "R-C4" in shown(app, "#message")
        assert len(hand.cards) == 25
        await press(app, pilot, "escape", "h", "enter")
        assert len(hand.cards) == 24
        assert "R-C4" not in shown(app, "#message")

    run(new_app(tmp_path), play)


def test_a_refusal_goes_when_a_bot_moves(tmp_path: Path) -> None:
    # the player's turn with two bots or more to follow in the trick
    session = Session.new("random", seed=3, rounds=1)
    while not (session.waiting() is Waiting.PLAY and len(session.observation().trick) <= 1):
        session.run_until_human()
        if session.waiting() is not Waiting.PLAY or len(session.observation().trick) > 1:
            session.follow_hint()

    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        app.action_hint()
        app.action_act()  # the player plays; the first bot follows at once …
        for _tick in range(100):
            await pilot.pause(0.01)
            if session.waiting() is Waiting.NOTHING and not app.busy:
                break
        events = len(session.game.events)
        app.action_act()  # … and Enter before the next bot's move is out of turn
        await pilot.pause(0)
        assert "R-P1" in shown(app, "#message")
        assert len(session.game.events) == events  # refused: nothing changed
        for _tick in range(100):
            await pilot.pause(0.01)
            if len(session.game.events) > events and not app.busy:
                break
        await pilot.pause(0)
        assert len(session.game.events) > events  # a bot has played …
        assert "R-P1" not in shown(app, "#message")  # … so the refusal is gone

    run(new_app(tmp_path, session=session, delay=0.3), play)


def test_a_long_refusal_keeps_the_newest_log_line_in_view(tmp_path: Path) -> None:
    long = "Not allowed (R-P3): " + "follow with a card of the led suit " * 12

    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        session = app.session
        while session.waiting() is not Waiting.PLAY:
            await follow_hints(app, pilot)
        before = session.game.events[:]
        app.session.play = lambda cards: Outcome(False, long, "R-P3")  # type: ignore[method-assign]
        await press(app, pilot, "h", "enter")
        assert session.game.events == before  # refused: nothing changed
        message = app.query_one(MessageBar)
        assert message.region.height == MessageBar.MAX_ROWS  # the message took its room
        log = app.query_one(LogView)
        newest = wrap(log.lines[-1], log.content_region.width)[-1]
        lines = screen_lines(app)
        keys_row = app.query_one(KeysBar).region.y
        # the row just above the keys is the end of the newest log line
        assert lines[keys_row - 1].strip() == newest.plain.strip()
        assert log.region.bottom <= keys_row

    run(new_app(tmp_path), play)


def test_the_log_keeps_its_newest_line_whatever_the_message(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        log = app.query_one(LogView)
        for size in (0, 1, 3, 9):
            app.feedback = "word " * (size * 16)
            log.add([Text(f"line {size}")])
            app.refresh_view()
            await pilot.pause()
            assert shown(app, "#log").splitlines()[-1].strip() == f"line {size}"

    run(new_app(tmp_path), play)
