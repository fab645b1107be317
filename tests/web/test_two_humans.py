"""Two people in two browser profiles and two bots at one table. Each seat has the same
name on both pages (and a spectator's), with its position from each chair. They play
a round: one reloads the page in the middle of a trick and plays on with the same hand
and trick; the other's page never shows a card of the first's hand that it may not see
(docs/rules.md §11: a seat is shown its own hand, the cards face up, the declarations,
and nothing else)."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from web.conftest import Chromium
from web.live_server import LiveServer
from web.table import (
    RANK_NAMES,
    act_by_hint,
    create_seeded_room,
    decision,
    hand,
    observation,
    press,
    take_seat,
    tid,
    visible_cards,
)

#: the seats of the two people: opponents, so neither may see any card of the other
FIRST, SECOND = 0, 1


def assert_no_card_of(secret: list[str], page: Page) -> None:
    """``page`` shows no more copies of a card of ``secret`` (a hand of another seat)
    than the copies outside that hand (every card is in the pack twice, R-D1), in any of
    its channels: ``data-card`` attributes, declarations offered, text, or accessible
    names."""
    held = Counter(secret)
    shown = visible_cards(page)
    for channel, counts in shown.items():
        leaked = {card: counts[card] for card in held if counts[card] > 2 - held[card]}
        assert not leaked, (
            f"the second page shows cards of the first's hand in its {channel}: {leaked} "
            f"(first's hand: {' '.join(secret)})"
        )


def assert_the_scan_sees(secret: list[str], page: Page) -> None:
    """The scan itself finds a card of ``secret`` put on ``page`` twice, as an attribute,
    as text and as an accessible name (so a clean scan means something)."""
    card = secret[0]
    label = ("10" if card[0] == "T" else card[0]) + "♠♥♦♣"["SHDC".index(card[1])]
    name = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[card[1]]
    rank = next(word for word, letter in RANK_NAMES.items() if letter == card[0])
    for probe, value in (
        (
            "(card) => document.body.insertAdjacentHTML('beforeend',"
            " `<i class=probe data-card=${card}></i><i class=probe data-card=${card}></i>`)",
            card,
        ),
        (
            "(label) => document.body.insertAdjacentHTML('beforeend',"
            " `<i class=probe>${label} and ${label}</i>`)",
            label,
        ),
        (
            "(name) => document.body.insertAdjacentHTML('beforeend',"
            " `<i class=probe aria-label='${name}'></i><i class=probe title='${name}'></i>`)",
            f"{rank} of {name}",
        ),
    ):
        page.evaluate(probe, value)
        with pytest.raises(AssertionError, match="cards of the first's hand"):
            assert_no_card_of(secret, page)
        page.evaluate("() => document.querySelectorAll('.probe').forEach((e) => e.remove())")
    assert_no_card_of(secret, page)


def reload_and_check(page: Page) -> None:
    """Reload ``page`` at its turn in the middle of a trick: it comes back by itself to
    the same seat, hand and trick, its turn again."""
    hand_before = Counter(hand(page))
    trick_before = observation(page)["trick"]
    assert trick_before, "the reload is made in the middle of a trick"
    page.reload()
    expect(tid(page, "connection")).to_have_attribute("data-state", "open")
    expect(tid(page, f"seat-{FIRST}")).to_have_attribute("data-to-act", "true")
    expect(tid(page, "hand").locator('[data-testid="card"]')).to_have_count(
        sum(hand_before.values())
    )
    assert Counter(hand(page)) == hand_before
    assert observation(page)["trick"] == trick_before
    for seat, cards in trick_before:
        shown = tid(page, f"trick-play-{seat}").locator("[data-card]")
        assert Counter(shown.evaluate_all("(all) => all.map((c) => c.dataset.card)")) == (
            Counter(cards.split())
        )


def test_a_reload_mid_trick_plays_on_and_the_other_page_sees_no_hidden_card(
    server: LiveServer, chromium: Chromium
) -> None:
    code = create_seeded_room(server, 5, ["human", "human", "heuristic", "heuristic"])
    first = chromium.new_page()
    second = chromium.new_page()
    take_seat(first, server, code, FIRST, name="Ana")
    take_seat(second, server, code, SECOND, name="Bo")

    reloaded = False
    scans = 0
    ended: set[int] = set()
    deadline = time.monotonic() + 240
    expect(tid(first, "hand").locator('[data-testid="card"]').first).to_be_visible()
    assert_the_scan_sees([card for card in hand(first) if card not in ("BJ", "RJ")], second)
    while len(ended) < 2:
        assert time.monotonic() < deadline, "the round did not end within 240 s"
        assert_no_card_of(hand(first), second)
        scans += 1
        for seat, page in ((FIRST, first), (SECOND, second)):
            step = decision(page, seat)
            if step in ("summary", "over"):
                ended.add(seat)
            elif step == "declare":
                press(page, "pass")
            elif step == "bury":
                act_by_hint(page, "bury")
            elif step == "play":
                if seat == FIRST and not reloaded and observation(page)["trick"]:
                    reload_and_check(page)
                    reloaded = True
                    assert_no_card_of(hand(first), second)
                act_by_hint(page, "play")
        first.wait_for_timeout(20)

    assert reloaded, "the first player reloaded in the middle of a trick"
    record = server.http.get(f"/api/rooms/{code}/record").json()
    plays = [action for action in record["actions"] if action[0] == "play" and action[1] == FIRST]
    assert plays and scans >= len(plays), "the second page was scanned at every step"
    expect(tid(first, "round-summary")).to_be_visible()
    expect(tid(second, "round-summary")).to_be_visible()


def seat_words(page: Page) -> dict[int, tuple[str, str]]:
    """Each seat's name and position as ``page`` shows them on its seat panel."""
    words = {}
    for seat in range(4):
        panel = tid(page, f"seat-{seat}")
        words[seat] = (
            panel.get_by_test_id("seat-name").inner_text().strip(),
            panel.get_by_test_id("seat-position").inner_text().strip(),
        )
    return words


def test_each_seat_has_the_same_name_on_both_pages_and_its_position_from_each_chair(
    server: LiveServer, chromium: Chromium
) -> None:
    code = create_seeded_room(server, 5, ["human", "human", "heuristic", "heuristic"])
    first = chromium.new_page()
    second = chromium.new_page()
    take_seat(first, server, code, FIRST, name="Ana")
    take_seat(second, server, code, SECOND, name="Bo")
    # the room frame that names Bo reaches the first page once the second takes its seat
    expect(tid(first, f"seat-{SECOND}").get_by_test_id("seat-name")).to_have_text("Bo")
    names = ["Ana", "Bo", "Bot 1 (heuristic)", "Bot 2 (heuristic)"]
    # R-N4: the next seat plays on your right, your partner sits across
    assert seat_words(first) == {
        0: (names[0], "you"),
        1: (names[1], "right"),
        2: (names[2], "partner"),
        3: (names[3], "left"),
    }
    assert seat_words(second) == {
        0: (names[0], "left"),
        1: (names[1], "you"),
        2: (names[2], "right"),
        3: (names[3], "partner"),
    }
    # a spectator sees the same names, placed by the compass
    watcher = chromium.new_page()
    watcher.goto(f"{server.url}r/{code}")
    tid(watcher, "watch").click()
    expect(tid(watcher, "seat-0").get_by_test_id("seat-name")).to_have_text("Ana")
    assert seat_words(watcher) == {
        seat: (name, compass)
        for seat, (name, compass) in enumerate(
            zip(names, ["South", "East", "North", "West"], strict=True)
        )
    }
