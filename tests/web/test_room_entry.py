"""From the lobby to a game: "Play now", in the first screen of a laptop and of a phone,
seats you with three bots in one click; the room settings, folded under it, create a
room with an open seat that shows its code and a link to share; a friend who opens the
link may watch (a spectator, who sees no hand) or take the open seat; the creator may
put a bot in it instead, and the game starts once no seat is left open."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tuolaji.core.rules import rules_from_spec
from web.conftest import LAPTOP, Chromium
from web.live_server import LiveServer
from web.table import tid

PHONE = {"width": 360, "height": 640}


def open_room_settings(page: Page) -> None:
    """Unfold the lobby's room settings (the create form) with their heading's button."""
    toggle = tid(page, "room-settings")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(tid(page, "create-form")).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(tid(page, "create-form")).to_be_visible()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_play_now_is_in_the_first_screen_and_one_click_seats_you_with_three_bots(
    server: LiveServer, chromium: Chromium, viewport: dict[str, int]
) -> None:
    page = chromium.new_page(viewport=viewport)
    page.goto(server.url)
    button = tid(page, "play-now")
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box is not None
    assert page.evaluate("() => window.scrollY") == 0
    assert box["x"] >= 0 and box["y"] >= 0, box
    inside = box["x"] + box["width"] <= viewport["width"]
    assert inside and box["y"] + box["height"] <= viewport["height"], (
        f"Play now {box} lies outside the first {viewport['width']}×{viewport['height']} screen"
    )
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= viewport["width"]
    expect(tid(page, "create-form")).to_be_hidden()  # the rules fold away

    button.click()
    expect(tid(page, "table")).to_be_visible()
    code = page.url.rstrip("/").split("/")[-1]
    room = server.room(code)
    assert [seat["player"] for seat in room["seats"]] == [
        "human",
        "heuristic",
        "heuristic",
        "heuristic",
    ]
    assert room["seats"][0]["taken"] and room["status"] == "playing"
    standard = server.http.get("/api/meta").json()["presets"]["standard"]
    # the default rules (the room's spec leaves out the options at their defaults)
    assert rules_from_spec(room["rules"]) == rules_from_spec({"preset": "standard", **standard})
    assert room["clock_s"] is None
    you = tid(page, "seat-0")
    expect(you.get_by_test_id("seat-name")).to_have_text("Player")  # no name saved yet
    expect(you.get_by_test_id("seat-position")).to_have_text("you")
    for seat in (1, 2, 3):
        expect(tid(page, f"seat-{seat}")).to_have_attribute("data-bot", "true")
        expect(tid(page, f"seat-{seat}").get_by_test_id("seat-name")).to_have_text(
            f"Bot {seat} (heuristic)"
        )
    expect(tid(page, "hand").locator('[data-testid="card"]').first).to_be_visible()


def create_in_lobby(page: Page, server: LiveServer) -> str:
    """A room from the lobby's form: seat 0 (you), seat 1 open, two heuristic bots."""
    page.goto(server.url)
    open_room_settings(page)
    tid(page, "seat-plan-1").select_option("human")
    tid(page, "seat-plan-2").select_option("heuristic")
    tid(page, "seat-plan-3").select_option("heuristic")
    tid(page, "your-name").fill("Ana")
    tid(page, "round-limit").fill("1")
    tid(page, "create-room").click()
    expect(tid(page, "room-code")).to_be_visible()
    code = tid(page, "room-code").inner_text().strip()
    assert page.url.endswith(f"/r/{code}")
    return code


def test_a_shared_link_lets_a_friend_watch_and_the_creator_fill_the_open_seat_with_a_bot(
    server: LiveServer, chromium: Chromium
) -> None:
    creator = chromium.new_page()
    code = create_in_lobby(creator, server)
    link = tid(creator, "share-link").input_value()
    assert link == f"{server.url}r/{code}"
    room = server.room(code)
    assert room["status"] == "waiting"
    players = [seat["player"] for seat in room["seats"]]
    assert players == ["human", "human", "heuristic", "heuristic"]
    assert room["seats"][0]["taken"] and not room["seats"][1]["taken"]

    friend = chromium.new_page()
    friend.goto(link)
    expect(tid(friend, "take-seat-1")).to_be_visible()
    expect(tid(friend, "take-seat-0")).to_have_count(0)  # the creator's seat is taken
    tid(friend, "watch").click()
    expect(tid(friend, "table")).to_be_visible()

    tid(creator, "seat-bot-1").click()
    expect(tid(creator, "hand").locator('[data-testid="card"]')).to_have_count(25, timeout=30_000)
    assert server.room(code)["seats"][1]["player"] == "heuristic"
    expect(tid(friend, "seat-1")).to_have_attribute("data-bot", "true")
    # the spectator sees the deal but holds no hand, and is offered nothing to do
    expect(tid(friend, "seat-0")).to_contain_text("25")
    for control in ("hand", "card", "play", "bury", "pass", "hint", "declare-option"):
        expect(tid(friend, control)).to_have_count(0)
