"""The replay viewer: a finished one-round game opened from its room, and the same
game's record uploaded as a file, stepped through trick by trick, forwards and back.
What each step shows (its words and all four hands) is the server's replay of it."""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from web.conftest import Chromium
from web.live_server import LiveServer
from web.table import create_seeded_room, tid


def finished_room(server: LiveServer) -> str:
    """A one-round room of four bots, played to its end."""
    code = create_seeded_room(server, 11, ["random"] * 4)
    deadline = time.monotonic() + 120
    while server.room(code)["status"] != "finished":
        assert time.monotonic() < deadline, "four bots did not finish a round in 120 s"
        time.sleep(1.0)  # within the server's rate of room lookups
    return code


def shown_hands(page: Page) -> list[Counter[str]]:
    """The cards of each seat's hand in ``replay-hands``, seat by seat."""
    hands = tid(page, "replay-hands").locator("[data-seat]")
    expect(hands).to_have_count(4)
    return [
        Counter(hands.nth(seat).locator("[data-card]").evaluate_all(
            "(all) => all.map((card) => card.dataset.card)"
        ))
        for seat in range(4)
    ]  # fmt: skip


def step_hands(step: dict[str, Any]) -> list[Counter[str]]:
    """The four hands of a step of the server's replay."""
    return [
        Counter(card for group in groups for card in group["cards"].split())
        for groups in step["hands"]
    ]


def assert_step(page: Page, step: dict[str, Any], text: str) -> None:
    """The page shows ``step``: its words and the four hands."""
    expect(tid(page, "replay-step")).to_have_text(text)
    assert shown_hands(page) == step_hands(step)


def test_a_finished_round_steps_forwards_and_back_from_the_room_and_from_a_file(
    server: LiveServer, chromium: Chromium, tmp_path: Path
) -> None:
    code = finished_room(server)
    replay = server.http.get(f"/api/rooms/{code}/replay").json()
    steps = replay["rounds"][0]["steps"]
    tricks = sum(1 for step in steps if step["kind"] == "trick")
    assert [step["kind"] for step in steps] == ["start"] + ["trick"] * tricks + ["end"]
    words = (
        ["Round 1 · before the first trick"]
        + [f"Round 1 · trick {n} of {tricks}" for n in range(1, tricks + 1)]
        + ["Round 1 · the round is over"]
    )

    page = chromium.new_page()
    page.goto(f"{server.url}replay?room={code}")
    assert_step(page, steps[0], words[0])
    expect(tid(page, "replay-prev")).to_be_disabled()
    for index in range(1, 4):
        tid(page, "replay-next").click()
        assert_step(page, steps[index], words[index])
    # the trick just won is shown, every card of it, besides the hands
    trick = Counter(
        card for _seat, cards in steps[3]["observation"]["tricks"][-1]["plays"]
        for card in cards.split()
    )  # fmt: skip
    on_page = Counter(
        page.locator("[data-card]").evaluate_all("(all) => all.map((c) => c.dataset.card)")
    )
    assert not trick - (on_page - sum(shown_hands(page), Counter()))
    for index in (2, 1):
        tid(page, "replay-prev").click()
        assert_step(page, steps[index], words[index])
    # the keyboard steps too
    page.keyboard.press("ArrowRight")
    assert_step(page, steps[2], words[2])

    # The same game from its record file.
    record = server.http.get(f"/api/rooms/{code}/record").json()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    upload = chromium.new_page()
    upload.goto(f"{server.url}replay")
    tid(upload, "replay-upload").set_input_files(path)
    assert_step(upload, steps[0], words[0])
    while tid(upload, "replay-next").is_enabled():
        tid(upload, "replay-next").click()
    assert_step(upload, steps[-1], words[-1])
    assert all(not hand for hand in shown_hands(upload)), "every card was played"
