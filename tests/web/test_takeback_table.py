"""Takebacks at the browser table (R-U1): a room created with ``takebacks`` on, one
person against three bots. The person plays a card by clicks and takes it back with the
"Take back" button, then plays another and takes that back with the ``u`` key: each
time the card is back in the hand and the trick as it was; the third card stays. The
room's record keeps every play and takeback in order. The table with the button
showing is photographed at laptop and phone widths, and its parts do not overlap."""

from __future__ import annotations

from collections import Counter

from playwright.sync_api import Page, expect

from web.conftest import ARTIFACTS, Chromium
from web.deals import seed_where_seat_declares
from web.layout import layout_problems
from web.live_server import LiveServer
from web.table import (
    act_by_hint,
    card_button,
    create_seeded_room,
    declare_until_it_stands,
    hand,
    last_seq,
    observation,
    press,
    submit,
    take_seat,
    tid,
    wait_for_decision,
    wait_for_progress,
)

RULES = {"preset": "standard", "takebacks": True}
LAPTOP = {"width": 1280, "height": 800}
PORTRAIT = {"width": 360, "height": 640}
LANDSCAPE = {"width": 640, "height": 360}


def reach_lead(page: Page, server: LiveServer) -> str:
    """Seat ``page`` at seat 0 of a one-round room with takebacks on whose deal makes
    it the starter; declare, pass, bury as the hint says: the seat leads the first
    trick. The room's code."""
    seed = seed_where_seat_declares(0)
    bots = ["human", "heuristic", "heuristic", "heuristic"]
    code = create_seeded_room(server, seed, bots, rules=RULES)
    take_seat(page, server, code, 0, name="Ana")
    declare_until_it_stands(page, 0)
    while (step := wait_for_decision(page, 0, timeout_ms=60_000)) == "declare":
        press(page, "pass")
    assert step == "bury", f"the declarer is asked to bury, not {step}"
    act_by_hint(page, "bury")
    assert wait_for_decision(page, 0) == "play"
    return code


def play_single(page: Page, card: str) -> None:
    """Lead ``card`` alone, by clicks, and wait until the server took it."""
    card_button(page, card).click()
    submit(page, "play")


def test_a_play_is_taken_back_by_the_button_and_by_u(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page()
    code = reach_lead(page, server)
    before_hand = Counter(hand(page))
    assert observation(page)["trick"] == []
    # the burial can still be taken back: nobody has acted since, the seat leads
    expect(tid(page, "takeback")).to_be_visible()
    distinct = list(dict.fromkeys(hand(page)))
    first, second, third = distinct[0], distinct[1], distinct[2]

    # a card by clicks, taken back with the button
    play_single(page, first)
    assert observation(page)["trick"] == [[0, first]]
    expect(tid(page, "takeback")).to_be_visible()
    before = last_seq(page)
    tid(page, "takeback").click()
    wait_for_progress(page, before)
    assert Counter(hand(page)) == before_hand
    assert observation(page)["trick"] == []

    # another card, taken back with the u key in the hand
    play_single(page, second)
    card_button(page, third).focus()
    before = last_seq(page)
    page.keyboard.press("u")
    wait_for_progress(page, before)
    assert Counter(hand(page)) == before_hand
    assert observation(page)["trick"] == []

    # a third card stays: the bots answer it once the moment to take it back is over
    play_single(page, third)
    page.wait_for_function(
        "() => window.__tuolaji.state().table.observation.tricks.length >= 1", timeout=30_000
    )
    plays = observation(page)["tricks"][0]["plays"]
    assert len(plays) == 4 and plays[0] == [0, third]

    # the seat's own record (the whole one waits for the end of the game)
    token = page.evaluate(f"() => JSON.parse(localStorage.getItem('tuolaji.seat.{code}')).token")
    answer = server.http.get(
        f"/api/rooms/{code}/record", headers={"Authorization": f"Bearer {token}"}
    )
    events = answer.json()["events"]
    mine = [
        (event["type"], event.get("cards", event.get("kind")))
        for event in events
        if event["type"] in ("played", "taken_back") and event["seat"] == 0
    ]
    assert mine[:5] == [
        ("played", first),
        ("taken_back", "play"),
        ("played", second),
        ("taken_back", "play"),
        ("played", third),
    ]


def test_the_take_back_button_fits_the_table_on_a_laptop_and_a_phone(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page(viewport=LAPTOP)
    reach_lead(page, server)
    # after the burial the seat leads: the button stays while nobody acts
    button = tid(page, "takeback")
    expect(button).to_be_visible()
    folder = ARTIFACTS / "takeback-table"
    folder.mkdir(parents=True, exist_ok=True)
    found = {}
    for name, viewport in (("laptop", LAPTOP), ("portrait", PORTRAIT), ("landscape", LANDSCAPE)):
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        page.wait_for_function(f"() => window.innerWidth === {viewport['width']}")
        expect(button).to_be_visible()
        page.screenshot(path=folder / f"table-{name}.png", full_page=True)
        found[name] = layout_problems(page)
    assert found == {"laptop": [], "portrait": [], "landscape": []}
