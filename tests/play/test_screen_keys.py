"""The game screen's keys and what it shows of them: Enter with no card selected plays
the card under the cursor (a card the rules refuse is refused and nothing changes);
Esc unselects every card and is listed in the key bar; the table says what ▸ marks;
and the log shows only whole lines, so what is read there reads on from line to line."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.pilot import Pilot

from play.screen_pilot import follow_hints, new_app, press, run, screen_lines, shown
from tuolaji.game.events import Played
from tuolaji.play.app import TuolajiApp
from tuolaji.play.cells import wrap
from tuolaji.play.session import Waiting
from tuolaji.play.widgets import LogView
from tuolaji.play.words import HUMAN


async def until_single_to_play(app: TuolajiApp, pilot: Pilot[None], *, lead: bool) -> None:
    """Play on as the hints say until the human leads (``lead``) or follows a single."""
    for _step in range(300):
        seen = app.session.observation()
        asked = app.holding is None and app.session.waiting() is Waiting.PLAY
        if asked and (seen.lead is None) == lead and (lead or seen.lead.size == 1):  # type: ignore[union-attr]
            return
        await follow_hints(app, pilot)
    raise AssertionError("no such decision came")


def put_cursor_on(app: TuolajiApp, card: int) -> None:
    """Move the hand's cursor onto ``card``, nothing selected."""
    app.hand.clear_selection()
    app.hand.cursor = app.hand.cards.index(card)
    app.hand.refresh()


def test_enter_with_nothing_selected_plays_the_card_under_the_cursor(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        await until_single_to_play(app, pilot, lead=False)
        game = app.session.game
        card = next(iter(p for p in game.legal_plays(HUMAN) if len(p) == 1))[0]
        put_cursor_on(app, card)
        held = len(app.hand.cards)
        assert app.hand.selected == []
        await press(app, pilot, "enter")
        mine = [event for event in game.events if isinstance(event, Played) and event.seat == 0]
        assert mine[-1].cards == (card,)  # that card, and only it, went on the table
        assert len(app.session.observation().hand) == held - 1

    run(new_app(tmp_path), play)


def test_enter_on_a_card_the_rules_refuse_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        game = app.session.game
        for _attempt in range(20):
            await until_single_to_play(app, pilot, lead=False)
            legal = {p[0] for p in game.legal_plays(HUMAN) if len(p) == 1}
            wrong = [card for card in app.hand.cards if card not in legal]
            if wrong:
                break
            await follow_hints(app, pilot)  # this time any card follows: play on
        else:
            raise AssertionError("never held a card that may not follow")
        put_cursor_on(app, wrong[0])
        before = list(game.events)
        await press(app, pilot, "enter")
        assert game.events == before  # refused: the game is where it was
        assert "Not allowed (R-P" in shown(app, "#message")  # with the rule it breaks
        assert app.session.waiting() is Waiting.PLAY

    run(new_app(tmp_path), play)


def test_esc_is_in_the_key_bar_and_unselects_every_card(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        await until_single_to_play(app, pilot, lead=True)
        assert "Esc clear" in shown(app, "#keys")
        keys = next(line for line in screen_lines(app) if "⏎ play" in line)
        assert "Esc clear" in keys and "? rules" in keys  # every key fits 80 columns
        await press(app, pilot, "space", "right", "space")
        assert len(app.hand.selected) == 2
        await press(app, pilot, "escape")
        assert app.hand.selected == []
        assert app.session.waiting() is Waiting.PLAY  # nothing was played

    run(new_app(tmp_path), play)


def test_the_table_says_what_the_mark_before_a_name_means(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        await until_single_to_play(app, pilot, lead=False)
        table = shown(app, "#trick").splitlines()
        leader = app.session.observation().trick[0][0]
        assert table[0].startswith("Trick ") and table[0].endswith("▸ led the trick")
        marked = [line for line in table if "▸" in line]
        assert len(marked) == 2 and ("▸" + ("You" if leader == HUMAN else "")) in marked[1]

    run(new_app(tmp_path), play)


def test_the_log_shows_whole_lines_only(tmp_path: Path) -> None:
    async def play(app: TuolajiApp, pilot: Pilot[None]) -> None:
        log = app.query_one(LogView)
        height, width = log.content_region.height, log.content_region.width
        long = Text("The long line that wraps " * 5)
        assert len(wrap(long, width)) == 2
        # all but the first row of the long line would fit above the others: it is left
        # out, so the top row of the log is never the end of a line
        fillers = [Text(f"line {n}") for n in range(height - 1)]
        log.lines = [long, *fillers]
        log.refresh()
        await pilot.pause()
        rows = [row.strip() for row in shown(app, "#log").splitlines()]
        assert rows == ["", *(filler.plain for filler in fillers)]
        on_screen = screen_lines(app)[log.region.y : log.region.bottom]
        assert not any("wraps" in line for line in on_screen)
        assert on_screen[-1].strip() == fillers[-1].plain  # the newest line at the bottom
        # with room for it, the long line is shown whole, from its first row
        log.lines = [long, *fillers[1:]]
        log.refresh()
        await pilot.pause()
        rows = [row.strip() for row in shown(app, "#log").splitlines()]
        assert rows[:2] == [row.plain.strip() for row in wrap(long, width)]

    run(new_app(tmp_path), play)
