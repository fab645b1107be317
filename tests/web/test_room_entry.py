"""From the lobby to a game with friends: a room created with an open seat shows its
code and a link to share; a friend who opens the link may watch (a spectator, who sees
no hand) or take the open seat; the creator may put a bot in it instead, and the game
starts once no seat is left open."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from web.conftest import Chromium
from web.live_server import LiveServer
from web.table import tid


def create_in_lobby(page: Page, server: LiveServer) -> str:
    """A room from the lobby's form: seat 0 (you), seat 1 open, two heuristic bots."""
    page.goto(server.url)
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
