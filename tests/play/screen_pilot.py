"""Helpers for the game screen's pilot tests: a screen at 80×24, waiting until it is
settled, what it shows, and a quick way through a round."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from tuolaji.i18n import available_catalogs
from tuolaji.play.app import TuolajiApp
from tuolaji.play.cells import screen_cells
from tuolaji.play.dialogs import SummaryScreen
from tuolaji.play.session import Session, Waiting

SEED = 3  # with random bots: the human can declare 2H 2H early, then starts and buries
SIZE = (80, 24)
LANGUAGES = ["en", *available_catalogs()]

Test = Callable[[TuolajiApp, Pilot[None]], Awaitable[None]]


def new_app(
    tmp_path: Path,
    seed: int = SEED,
    *,
    rounds: int | None = 1,
    delay: float = 0,
    trick_pause: float | None = 0,
    session: Session | None = None,
) -> TuolajiApp:
    """A game screen against random bots (no delay, no trick held unless asked)."""
    session = session or Session.new("random", seed=seed, rounds=rounds)
    return TuolajiApp(
        session, delay=delay, trick_pause=trick_pause, save_path=str(tmp_path / "game.json")
    )


def run(app: TuolajiApp, test: Test) -> TuolajiApp:
    """Run ``test`` against ``app`` at 80×24, once the screen has settled."""

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await test(app, pilot)

    asyncio.run(main())
    return app


async def settle(app: TuolajiApp, pilot: Pilot[None]) -> None:
    """Wait until the screen waits for the player (the bots' thread done, no timer)."""
    for _ in range(5000):
        await pilot.pause(0.002)
        if app.settled:
            await pilot.pause(0)
            return
    raise AssertionError("the screen never settled")


async def press(app: TuolajiApp, pilot: Pilot[None], *keys: str) -> None:
    """Press keys and wait until the screen has settled."""
    await pilot.press(*keys)
    await settle(app, pilot)


async def follow_hints(app: TuolajiApp, pilot: Pilot[None]) -> None:
    """One quick step through the game as the hints say, by the screen's own actions
    (keys through the pilot take a tenth of a second each)."""
    waiting = app.session.waiting()
    if app.holding is None and waiting in (Waiting.BURY, Waiting.PLAY):
        app.action_hint()
    if isinstance(app.screen, SummaryScreen):
        app.screen.action_close()
    else:
        app.action_act()
    await settle(app, pilot)


def screen_lines(app: TuolajiApp) -> list[str]:
    """What the terminal shows now, line by line (the dialog on top included)."""
    return [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]


def too_wide(app: TuolajiApp, width: int = SIZE[0]) -> list[str]:
    """The lines on screen that take more than ``width`` cells on a terminal."""
    return [line for line in screen_lines(app) if screen_cells(line) > width]


def shown(app: TuolajiApp, selector: str, main: bool = False) -> str:
    """The text a widget shows now, on the active screen (or on the game's own screen
    under a dialog: ``main``)."""
    screen = app.screen_stack[0] if main else app.screen
    widget = screen.query_one(selector)
    return str(widget.render().plain)  # type: ignore[union-attr]
