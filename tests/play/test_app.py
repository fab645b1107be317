"""The game screen, driven through Textual's pilot with key presses and clicks, at the
80×24 size the screen is made for."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from play.screen_pilot import LANGUAGES, SEED, SIZE, new_app, shown, too_wide
from play.screen_pilot import press as _press
from play.screen_pilot import run as run_app
from tuolaji.game.record import load_record
from tuolaji.i18n import set_language
from tuolaji.play.app import TuolajiApp
from tuolaji.play.cells import screen_cells
from tuolaji.play.dialogs import OptionsScreen, RulesScreen, SummaryScreen
from tuolaji.play.session import Waiting
from tuolaji.play.widgets import HandView, LogView, TrickView


async def press(pilot: Pilot[None], *keys: str) -> None:
    """Press keys and wait until the screen has settled."""
    await _press(pilot.app, pilot, *keys)  # type: ignore[arg-type]


def run(
    test: Callable[[TuolajiApp, Pilot[None]], Awaitable[None]],
    tmp_path: Path,
    seed: int = SEED,
) -> TuolajiApp:
    """Run ``test`` against a new game screen (bots move at once, tricks are not held)."""
    return run_app(new_app(tmp_path, seed), test)


def test_a_whole_round_is_played_with_the_keyboard(tmp_path: Path) -> None:
    seen: dict[str, str] = {}

    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        session = app.session
        declared = False
        for _ in range(300):
            waiting = session.waiting()
            if waiting is Waiting.OVER:
                break
            if waiting is Waiting.OFFER and not declared:
                seen["offer"] = shown(app, "#message")
                await press(pilot, "d")
                assert isinstance(app.screen, OptionsScreen)
                await press(pilot, "enter")
                declared = True
            elif waiting is Waiting.OFFER:
                await press(pilot, "enter")
            elif waiting is Waiting.WINDOW:
                await press(pilot, "p")
            elif waiting is Waiting.BURY:
                seen["status"] = shown(app, "#status")
                await press(pilot, "h")
                seen["bury"] = shown(app, "#message")
                await press(pilot, "enter")
                assert len(app.hand.cards) == 25
            elif waiting is Waiting.PLAY:
                await press(pilot, "h", "enter")
                seen.setdefault("table", shown(app, "#trick", main=True))
            elif waiting is Waiting.SUMMARY:
                assert isinstance(app.screen, SummaryScreen)
                seen["summary"] = shown(app, "#summary")
                await press(pilot, "enter")
        seen["end"] = " ".join(shown(app, "#message").split())
        seen["log"] = shown(app, "#log")

    app = run(play, tmp_path)
    assert "You may declare now" in seen["offer"]
    assert "Declarers: We · starter: You" in seen["status"]
    assert "Trump: rank 2, ♥ hearts" in seen["status"]
    assert "Choose 8 cards to bury: 8 chosen" in seen["bury"]
    assert "Hint: bury" in seen["bury"]
    # the table shows who played what, or the trick just won
    assert "You:" in seen["table"] and "North:" in seen["table"]
    assert "trick" in seen["table"].lower()
    summary = seen["summary"]
    for words in ("Declarers: We", "Points in tricks", "Talon bonus", "Levels: We"):
        assert words in summary
    # one round was asked for: the game stops there, saved, and says it is not finished
    assert "the game is not finished" in seen["end"]
    # the message wraps on the screen, maybe inside the long path: compare unwrapped
    resume = f"tuolaji play --resume {tmp_path / 'game.json'}"
    assert resume.replace(" ", "") in seen["end"].replace(" ", "")
    assert app.session.game.results and app.session.waiting() is Waiting.OVER


def test_an_illegal_play_shows_the_rule_and_the_game_goes_on(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        session = app.session
        await press(pilot, "d", "enter")  # declare 2H 2H: the human will start
        await press(pilot, "enter")  # a burial without cards is refused
        assert "R-K1" in shown(app, "#message")
        while session.waiting() is not Waiting.PLAY:
            await press(pilot, "h", "enter") if session.waiting() is Waiting.BURY else await press(
                pilot, "enter"
            )
        # select the first trump and the first card of the next suit: a mixed lead
        await press(pilot, "space", "down", "space", "enter")
        message = shown(app, "#message")
        assert "Not allowed (R-C4)" in message
        assert session.waiting() is Waiting.PLAY and len(app.hand.cards) == 25
        await press(pilot, "escape")
        assert app.hand.selected == []
        await press(pilot, "h", "enter")  # a legal play is taken
        assert len(app.hand.cards) == 24

    run(play, tmp_path)


def test_keys_for_rules_last_trick_saving_and_the_mouse(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, RulesScreen)
        rules = shown(app, "#rules")
        assert "R-P3" in rules and "R-S3" in rules
        await press(pilot, "escape")
        assert not isinstance(app.screen, RulesScreen)
        await press(pilot, "l")
        assert "No trick has been played yet" in shown(app, "#message")
        await press(pilot, "s")
        assert "Game saved to" in shown(app, "#message")
        assert load_record(tmp_path / "game.json").players[0] == "human"
        # a click on the first card (after the "Trumps" label) selects it
        hand = app.query_one(HandView)
        first = hand.cards[0]
        await pilot.click(HandView, offset=(1 + len("Trumps "), 1))
        await pilot.pause()
        assert hand.selected == [first]
        await press(pilot, "d", "escape")  # the options close without declaring
        assert app.session.game.round.declaration is None or (
            app.session.game.round.declaration.seat != 0
        )
        await press(pilot, "q")
        # one stray q loses nothing; the game was just saved, so the question says so
        assert "The game is saved; press q again to quit" in shown(app, "#message")
        assert app.is_running
        await press(pilot, "q")

    app = run(play, tmp_path)
    assert app.return_code in (None, 0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_screen_fits_80_by_24(tmp_path: Path, language: str) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        session = app.session
        while session.waiting() is not Waiting.PLAY:
            await press(pilot, "h", "enter") if session.waiting() is Waiting.BURY else await press(
                pilot, "enter"
            )
        width, height = SIZE
        for widget in app.screen.query("*"):
            region = widget.region
            assert region.right <= width and region.bottom <= height, widget
        assert not too_wide(app)
        for selector in ("#status", "#keys"):
            for line in shown(app, selector).splitlines():
                assert screen_cells(line) <= width - 2, line
        assert app.query_one(TrickView).region.height >= 5
        assert app.query_one(LogView).region.height >= 3
        # the whole hand of 25 cards is visible
        hand = app.query_one(HandView)
        assert len(hand.cards) == 25 and len(hand.places) == 25
        assert max(line for line, _column in hand.places) < hand.content_region.height

    set_language(language)
    try:
        run(play, tmp_path)
    finally:
        set_language("en")


def test_an_error_behind_a_key_is_shown_not_a_crash(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        def broken() -> None:
            raise RuntimeError("the adviser is out")

        app.session.hint = broken  # type: ignore[method-assign,assignment]
        await press(pilot, "h")
        assert "Something went wrong: the adviser is out" in shown(app, "#message")
        await press(pilot, "enter")  # the game still answers keys
        assert app.is_running

    run(play, tmp_path)


def test_cards_selected_with_space_are_declared_with_enter(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        session = app.session
        option = session.declaration_options()[-1]  # 2H 2H
        hand = app.hand
        start = hand.cards.index(option[0])
        await press(pilot, *["right"] * start, "space", "right", "space")
        assert hand.selected == list(option)
        await press(pilot, "enter")
        declaration = session.game.round.declaration
        assert declaration is not None and declaration.seat == 0
        assert declaration.cards == option

    run(play, tmp_path)
