"""A room created in the lobby and a whole round played with the keyboard only: Tab
between controls (Enter unfolds the room settings), arrows and Home in the hand (one
tab stop, roving focus), Space to choose a card, Enter to play or bury, Escape to
clear, ``h`` for a hint; Enter on the declaring window's buttons; Escape closes the
round summary. After the page is opened, nothing is clicked: the test only presses
keys (it reads the page to know which). And the arrows, Home and End move the focus
along a 33-card hand one card per press, and the settings open over the page, keep the
focus inside and close with Escape."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from web.conftest import Chromium
from web.live_server import LiveServer
from web.table import (
    decision,
    last_seq,
    reach_burial,
    selected,
    tid,
    wait_for_decision,
    wait_for_progress,
)

#: Tab presses that reach any control of the page from anywhere
MAX_TABS = 150


def focused_testid(page: Page) -> str | None:
    """The ``data-testid`` of the focused element (or of the card it is)."""
    found: str | None = page.evaluate(
        "() => document.activeElement && document.activeElement.getAttribute('data-testid')"
    )
    return found


def tab_to(page: Page, testid: str) -> None:
    """Press Tab until the element with ``testid`` has the focus."""
    for _ in range(MAX_TABS):
        if focused_testid(page) == testid:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {testid!r}")


def choose_with_arrows(page: Page, testid: str, value: str) -> None:
    """Focus the select ``testid`` with Tab and move its choice to ``value`` with the
    arrow keys."""
    tab_to(page, testid)
    select = tid(page, testid)
    values: list[str] = select.evaluate("(s) => Array.from(s.options, (o) => o.value)")
    steps = values.index(value) - values.index(select.input_value())
    for _ in range(abs(steps)):
        page.keyboard.press("ArrowDown" if steps > 0 else "ArrowUp")
    expect(select).to_have_value(value)


def type_into(page: Page, testid: str, text: str) -> None:
    """Focus the input ``testid`` with Tab, clear it and type ``text``."""
    tab_to(page, testid)
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.keyboard.type(text)
    expect(tid(page, testid)).to_have_value(text)


def act_with_keys(page: Page) -> list[str]:
    """Play or bury by keys: into the hand, ``h`` for the hint's choice, Escape to clear
    it, then Home, arrows and Space to choose the same cards, and Enter."""
    if focused_testid(page) != "card":
        tab_to(page, "card")
    page.keyboard.press("h")
    page.wait_for_function(
        '() => document.querySelector(\'[data-testid="hand"] [aria-pressed="true"]\') !== null'
    )
    cards = tid(page, "hand").locator('[data-testid="card"]')
    pressed: list[bool] = cards.evaluate_all(
        "(all) => all.map((card) => card.getAttribute('aria-pressed') === 'true')"
    )
    chosen = selected(page)
    page.keyboard.press("Escape")
    expect(tid(page, "hand").locator('[aria-pressed="true"]')).to_have_count(0)
    page.keyboard.press("Home")
    at = 0
    for index, wanted in enumerate(pressed):
        if not wanted:
            continue
        for _ in range(index - at):
            page.keyboard.press("ArrowRight")
        at = index
        expect(cards.nth(index)).to_be_focused()
        page.keyboard.press(" ")
    expect(tid(page, "hand").locator('[aria-pressed="true"]')).to_have_count(len(chosen))
    assert sorted(selected(page)) == sorted(chosen)
    expect(tid(page, "preview")).to_have_attribute("data-legal", "true")
    before = last_seq(page)
    page.keyboard.press("Enter")
    wait_for_progress(page, before)
    return chosen


def answer_window_with_keys(page: Page) -> str:
    """In the last declaring window: Enter on a declaration when one is offered, else on
    ``pass``; which it was."""
    before = last_seq(page)
    if tid(page, "declare-option").count() > 0:
        tab_to(page, "declare-option")
        chosen = "declare"
    else:
        tab_to(page, "pass")
        chosen = "pass"
    page.keyboard.press("Enter")
    wait_for_progress(page, before)
    return chosen


def test_a_room_created_and_a_whole_round_played_with_the_keyboard_only(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page()
    page.goto(server.url)
    # the room settings fold under their heading's button: Enter opens them
    tab_to(page, "room-settings")
    expect(tid(page, "room-settings")).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Enter")
    expect(tid(page, "room-settings")).to_have_attribute("aria-expanded", "true")
    expect(tid(page, "create-form")).to_be_visible()
    for seat in (1, 2, 3):
        choose_with_arrows(page, f"seat-plan-{seat}", "random")
    type_into(page, "your-name", "Kay")
    type_into(page, "round-limit", "1")
    tab_to(page, "create-room")
    page.keyboard.press("Enter")
    expect(tid(page, "table")).to_be_visible()
    code = page.url.rstrip("/").split("/")[-1]
    room = server.room(code)
    assert [seat["player"] for seat in room["seats"]] == ["human", "random", "random", "random"]
    assert room["round_limit"] == 1 and room["seats"][0]["name"] == "Kay"

    steps: dict[str, int] = {"play": 0, "bury": 0, "declare": 0, "pass": 0}
    deadline = time.monotonic() + 240
    while (step := wait_for_decision(page, 0)) not in ("summary", "over"):
        assert time.monotonic() < deadline, "the round did not end within 240 s"
        if step == "declare":
            steps[answer_window_with_keys(page)] += 1
        else:
            act_with_keys(page)
            steps[step] += 1
    assert steps["play"] > 0

    # The summary has the focus, keeps Tab inside it, and closes with Escape.
    summary = tid(page, "round-summary")
    expect(summary).to_be_visible()
    for _ in range(3):
        page.keyboard.press("Tab")
        assert page.evaluate(
            "() => document.querySelector('[data-testid=\"round-summary\"]')"
            ".contains(document.activeElement)"
        )
    page.keyboard.press("Escape")
    expect(summary).to_be_hidden()
    expect(tid(page, "game-over")).to_be_visible()
    assert decision(page, 0) == "over"
    tab_to(page, "open-replay")


def focused_index(page: Page) -> int | None:
    """The place in the hand of the card that has the focus (None: no card has it)."""
    index: str | None = page.evaluate(
        "() => document.activeElement && document.activeElement.getAttribute('data-index')"
    )
    return None if index is None else int(index)


def test_arrows_home_and_end_move_the_focus_along_the_hand_and_settings_close_with_escape(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page()
    reach_burial(page, server)
    last = tid(page, "hand").locator('[data-testid="card"]').count() - 1
    tab_to(page, "card")
    start = focused_index(page)
    assert start is not None
    # each press moves the focus one card at once (the next key finds it moved), and the
    # hand stays one tab stop: the focused card alone is in the tab order
    page.keyboard.press("Home")
    for key, where in [("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("End", last),
                       ("ArrowLeft", last - 1), ("ArrowRight", last), ("ArrowRight", last),
                       ("Home", 0), ("ArrowLeft", 0)]:  # fmt: skip
        page.keyboard.press(key)
        assert focused_index(page) == where, f"after {key} the focus is not on card {where}"
    stops = tid(page, "hand").locator('[data-testid="card"][tabindex="0"]')
    expect(stops).to_have_count(1)
    expect(stops).to_be_focused()

    # Settings open over the page with the focus inside, and Escape brings it back
    tab_to(page, "settings")
    page.keyboard.press("Enter")
    dialog = tid(page, "settings-dialog")
    expect(dialog).to_be_visible()
    expect(tid(page, "language")).to_be_focused()
    for _ in range(8):
        page.keyboard.press("Tab")
        assert page.evaluate(
            "() => document.querySelector('[data-testid=\"settings-dialog\"]')"
            ".contains(document.activeElement)"
        ), "Tab left the settings dialog"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(tid(page, "settings")).to_be_focused()
