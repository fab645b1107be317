"""The browser table of a room with ``hidden_history`` (docs/rules.md, R-V1): the
past-tricks dialog lists only the last trick and says that older ones are hidden, and
no observation the page holds has the cards of an older trick."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from web.conftest import LAPTOP, Chromium, artifact_folder
from web.live_server import LiveServer
from web.table import (
    act_by_hint,
    create_seeded_room,
    press,
    state,
    take_seat,
    tid,
    wait_for_decision,
)


def test_r_v1_the_table_shows_no_trick_older_than_the_last(
    server: LiveServer, chromium: Chromium, request: pytest.FixtureRequest
) -> None:
    page = chromium.new_page(viewport=LAPTOP)
    rules = {"preset": "standard", "hidden_history": True}
    code = create_seeded_room(
        server, 5, ["human", "heuristic", "heuristic", "heuristic"], rules=rules
    )
    take_seat(page, server, code, 0, name="Ana")
    while True:
        step = wait_for_decision(page, 0, timeout_ms=60_000)
        obs = state(page)["table"]["observation"]
        assert all(not trick["plays"] for trick in obs["tricks"][:-1])
        if step == "play" and len(obs["tricks"]) >= 4:
            break
        assert step not in ("summary", "over")
        if step == "declare":
            press(page, "pass")
        else:
            act_by_hint(page, "bury" if step == "bury" else "play")
    tid(page, "show-tricks").click()
    dialog = tid(page, "tricks-dialog")
    expect(dialog).to_be_visible()
    expect(tid(page, "older-tricks-hidden")).to_be_visible()
    expect(dialog.locator(".past-trick")).to_have_count(1)
    last = obs["tricks"][-1]
    expect(dialog.locator(".past-trick-plays li")).to_have_count(4)
    expect(dialog.locator(".past-trick-heading")).to_contain_text(str(last["number"]))
    page.screenshot(path=str(artifact_folder(request.node) / "hidden-history-tricks.png"))
