"""The browser table as a card table: a refusal belongs to the choice that caused it and
Play is refused with the engine's verdict; the 25-card hand stays above the fold at
1280×800 whatever the message; the talon's cards are marked while burying (R-K1); the
play winning the trick is marked as the server says (R-W1–R-W4) and the trick before
stays in view whoever won it; the round's end shows each team's point cards and the
talon as cards (R-O4, R-K1); plays of up to six cards keep to one line; the room's code
and link are on the table; a phone's seat marks have a legend.

Where a test must prove that the page *sends* nothing, it watches the page's WebSocket
(Playwright's ``route_web_socket``): the frames pass through unchanged, except the
``check`` frames while a test holds them back so that no verdict can come.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from playwright.sync_api import Page, WebSocketRoute, expect

from tuolaji.core.cards import format_card, parse_cards, points_of
from tuolaji.core.rules import rules_from_spec
from tuolaji.game import Game
from tuolaji.game.events import TalonTaken
from tuolaji.game.state import Phase
from web.conftest import LAPTOP, Chromium
from web.deals import seed_where_seat_declares
from web.live_server import LiveServer
from web.table import (
    act_by_hint,
    click_cards,
    press,
    reach_burial,
    state,
    tid,
    wait_for_decision,
)

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 640}


class SocketWatch:
    """The page's WebSocket frames as they go to the server: counted by type, and the
    ``check`` frames held back while ``hold_checks`` is set (so no verdict comes)."""

    def __init__(self, page: Page) -> None:
        self.sent: Counter[str] = Counter()
        self.hold_checks = False
        page.route_web_socket(re.compile(r"/ws/"), self._route)

    def _route(self, socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def from_page(message: str | bytes) -> None:
            kind = json.loads(message).get("type", "") if isinstance(message, str) else ""
            self.sent[kind] += 1
            if kind == "check" and self.hold_checks:
                return
            server.send(message)

        socket.on_message(from_page)

    def wait_for(self, page: Page, kind: str, more_than: int) -> None:
        """Wait until more than ``more_than`` frames of ``kind`` were sent."""
        for _ in range(200):
            if self.sent[kind] > more_than:
                return
            page.wait_for_timeout(25)
        raise AssertionError(f"the page sent no {kind} frame")


def talon_of_the_seeded_deal() -> list[str]:
    """The talon seat 0 takes in the seeded deal (R-K1), as the engine deals it."""
    game = Game(rules_from_spec("standard"), seed_where_seat_declares(0))
    while game.turn().chance:
        game.draw()
    game.declare(0, next(option for option in game.legal_declarations(0) if len(option) == 2))
    while game.phase is Phase.DECLARE:
        seat = game.turn().seat
        assert seat is not None
        game.pass_declaring(seat)
    taken = next(event for event in game.events if isinstance(event, TalonTaken))
    return sorted(format_card(card) for card in taken.cards)


def box(page: Page, testid: str) -> dict[str, float]:
    """The box of the element ``testid`` in the page's viewport."""
    found = tid(page, testid).bounding_box()
    assert found is not None, f"{testid} is not shown"
    return {"x": found["x"], "y": found["y"], "width": found["width"], "height": found["height"]}


def cards_in(page: Page, selector: str) -> list[str]:
    """The ``data-card`` of the cards ``selector`` finds, or of the cards inside what it
    finds, in the order shown."""
    codes: list[str] = page.locator(selector).evaluate_all(
        """(found) => found.flatMap((element) => element.dataset.card
          ? [element.dataset.card]
          : Array.from(element.querySelectorAll('[data-card]'), (card) => card.dataset.card))"""
    )
    return codes


#: six table cards put into a seat's place in the trick, measured, and taken out again:
#: whether they keep to one line inside the place
SIX_CARDS_JS = """
(seat) => {
  const place = document.querySelector(`[data-testid="trick-play-${seat}"]`);
  const face = document.querySelector('[data-testid="hand"] .card-face');
  const cards = document.createElement('span');
  cards.className = 'table-cards';
  for (let i = 0; i < 6; i++) {
    const card = document.createElement('span');
    card.className = 'table-card';
    card.appendChild(face.cloneNode(true));
    cards.appendChild(card);
  }
  place.appendChild(cards);
  const top = (card) => Math.round(card.getBoundingClientRect().top);
  const lines = new Set(Array.from(cards.children, top)).size;
  const inner = cards.getBoundingClientRect();
  const outer = place.getBoundingClientRect();
  cards.remove();
  return { lines, inside: inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 };
}
"""


def six_cards_fit(page: Page) -> dict[int, dict[str, Any]]:
    """For each seat, how six cards of one play lie in its place on the table."""
    return {seat: page.evaluate(SIX_CARDS_JS, seat) for seat in range(4)}


def test_a_refusal_belongs_to_its_choice_and_the_hand_stays_above_the_fold(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page(viewport=LAPTOP)
    watch = SocketWatch(page)
    reach_burial(page, server)

    # R-K1: the cards the talon brought are marked in the hand, and named so
    marked = cards_in(page, '[data-testid="hand"] [data-talon="true"]')
    assert sorted(marked) == sorted(state(page)["table"]["talon"].split())
    assert sorted(marked) == talon_of_the_seeded_deal()
    names = tid(page, "hand").locator('[data-talon="true"] .visually-hidden').all_inner_texts()
    assert len(names) == 8 and all(name.endswith(", from the talon") for name in names)
    expect(tid(page, "talon-legend")).to_contain_text("marks the 8 cards the talon brought.")
    # the room's code and its link are on the table, above the fold
    code = page.url.rstrip("/").split("/")[-1]
    expect(tid(page, "room-code")).to_have_text(code)
    expect(tid(page, "share-link")).to_have_value(re.compile(f"/r/{code}$"))
    assert box(page, "copy-link")["y"] + box(page, "copy-link")["height"] <= LAPTOP["height"]
    # plays of up to six cards keep to one line in every seat's place
    fits = six_cards_fit(page)
    assert all(fit == {"lines": 1, "inside": True} for fit in fits.values()), fits

    act_by_hint(page, "bury")
    assert wait_for_decision(page, 0) == "play"
    expect(tid(page, "hand").locator('[data-testid="card"]')).to_have_count(25)
    hand_at = box(page, "hand")
    assert hand_at["y"] + hand_at["height"] <= LAPTOP["height"], "the hand is below the fold"

    # no verdict can come: Play is pressable, and the server refuses two suits (R-C4)
    groups = [group["cards"].split() for group in state(page)["table"]["hand_groups"]]
    mixed = [groups[0][0], groups[1][0]]
    watch.hold_checks = True
    click_cards(page, mixed)
    tid(page, "play").click()
    refusal = tid(page, "refusal")
    expect(refusal).to_contain_text(re.compile(r"\(R-C\d\)"))
    # however long the message, the hand does not move
    assert box(page, "hand") == hand_at
    page.evaluate(
        """() => {
          const long = document.createElement('p');
          long.id = 'long-message';
          long.textContent = 'A long refusal in a long language. '.repeat(40);
          document.querySelector('[data-testid="refusal"]').appendChild(long);
        }"""
    )
    assert box(page, "hand") == hand_at
    page.evaluate("() => document.getElementById('long-message').remove()")

    # another choice: the refusal was about the old one, and goes
    tid(page, "clear").click()
    click_cards(page, mixed[:1])
    expect(refusal).to_have_text("")
    assert state(page)["refusal"] is None

    # with the verdict back, a choice it marks ✗ cannot be played, and says why
    watch.hold_checks = False
    tid(page, "clear").click()
    click_cards(page, mixed)
    preview = tid(page, "preview")
    expect(preview).to_have_attribute("data-legal", "false")
    play = tid(page, "play")
    expect(play).to_be_disabled()
    expect(play).to_have_attribute("aria-disabled", "true")
    expect(play).to_have_attribute("aria-describedby", preview.get_attribute("id") or "?")
    acts, checks = watch.sent["act"], watch.sent["check"]
    play.click(force=True)  # a click all the same: nothing is sent
    page.keyboard.press("Enter")
    tid(page, "clear").click()
    click_cards(page, mixed[:1])
    watch.wait_for(page, "check", checks)  # the page's frames after the clicks are out
    assert watch.sent["act"] == acts, "a refused choice was sent"


def test_the_winning_play_is_marked_and_a_trick_a_bot_won_stays_in_view(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page(viewport=LAPTOP)
    reach_burial(page, server)
    act_by_hint(page, "bury")
    seen_winning = seen_bot_trick = 0
    while (step := wait_for_decision(page, 0)) not in ("summary", "over"):
        if step == "declare":
            press(page, "pass")
            continue
        table = state(page)["table"]
        obs = table["observation"]
        if obs["trick"]:
            # the server names the play winning so far; the page marks that one only
            winning = table["winning"]
            marked = page.locator('[data-testid="trick"] [data-winning="true"]')
            expect(marked).to_have_count(1)
            expect(marked).to_have_attribute("data-testid", f"trick-play-{winning}")
            seen_winning += 1
            if obs["tricks"]:
                # the trick before in the felt's corner leaves the hand above the fold
                hand_at = box(page, "hand")
                assert hand_at["y"] + hand_at["height"] <= LAPTOP["height"]
                last = obs["tricks"][-1]
                played = [code for _, cards in last["plays"] for code in cards.split()]
                expect(tid(page, "last-trick")).to_be_visible()
                assert cards_in(page, '[data-testid="last-trick"]') == played
                won = tid(page, "last-trick").locator(".trick-winner")
                expect(won).to_have_attribute("data-seat", str(last["winner"]))
                seen_bot_trick += last["winner"] != 0
        else:
            expect(tid(page, "last-trick")).to_have_count(0)  # the middle shows it
        act_by_hint(page, step)  # type: ignore[arg-type]
    assert seen_winning > 5 and seen_bot_trick > 0

    # the round's end: the talon and each team's point cards, as cards (R-K1, R-O4)
    summary = tid(page, "round-summary")
    expect(summary).to_be_visible()
    result = state(page)["roundEnd"]["result"]
    assert cards_in(page, '[data-testid="summary-talon"]') == result["talon"].split()
    shown = {team: cards_in(page, f'[data-testid="point-cards-{team}"]') for team in (0, 1)}
    assert [" ".join(shown[team]) for team in (0, 1)] == state(page)["roundEndCards"]
    opponents = 1 - result["declarers"]
    assert points_of(parse_cards(" ".join(shown[opponents]))) == result["trick_points"]
    in_tricks = points_of(parse_cards(" ".join(shown[0] + shown[1])))
    assert in_tricks + points_of(parse_cards(result["talon"])) == 200  # every point card


def test_on_a_phone_the_seats_marks_have_a_legend_and_the_room_link_is_on_the_table(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    reach_burial(page, server)
    legend = tid(page, "seat-legend")
    expect(legend).to_be_visible()
    words = legend.inner_text()
    for mark, meaning in (("♔", "Declarer"), ("⚑", "Starter"), ("⚙", "Bot")):
        assert f"{mark} {meaning}" in words
    assert "Cards in hand" in words
    # every mark a seat shows is explained
    marks = page.locator(".seat .badge-mark").all_inner_texts()
    symbols = {char for mark in marks for char in mark if not char.isdigit()}
    assert symbols and all(symbol in words for symbol in symbols)
    code = page.url.rstrip("/").split("/")[-1]
    tid(page, "room-code").scroll_into_view_if_needed()
    expect(tid(page, "room-code")).to_have_text(code)
    expect(tid(page, "copy-link")).to_be_visible()
    for viewport in (PHONE, SMALL_PHONE):
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        fits = six_cards_fit(page)
        assert all(fit == {"lines": 1, "inside": True} for fit in fits.values()), (viewport, fits)
    # on a laptop the seats say it in words, and the legend is not needed
    page.set_viewport_size(LAPTOP)  # type: ignore[arg-type]
    expect(legend).to_be_hidden()
    expect(tid(page, "seat-1").locator(".badge-text").first).to_be_visible()
