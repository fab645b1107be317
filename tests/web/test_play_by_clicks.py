"""A whole round against three bots, played in the browser by clicks: the deal, a
declaration as the cards come (R-T2), the last window (R-T4), the burial of the talon
by the starter (R-K1), every trick (R-P*), and the round summary. The game's record on
the server must hold exactly what was clicked."""

from __future__ import annotations

import re
from collections import Counter
from typing import Literal

from playwright.sync_api import Page, expect

from tuolaji.core.cards import parse_cards, points_of
from web.conftest import Chromium
from web.deals import first_hands, seed_where_seat_declares
from web.live_server import LiveServer
from web.table import (
    act_by_clicks,
    ask_hint,
    click_cards,
    create_seeded_room,
    declare_until_it_stands,
    hand,
    observation,
    play_round,
    press,
    submit,
    take_seat,
    tid,
)


def test_a_round_against_three_bots_by_clicks_declaring_and_burying(
    server: LiveServer, chromium: Chromium
) -> None:
    seed = seed_where_seat_declares(0)
    code = create_seeded_room(server, seed, ["human", "heuristic", "heuristic", "heuristic"])
    page = chromium.new_page()
    take_seat(page, server, code, 0, name="Ana")

    # The declaration: a button for each declaration the engine allows, as the cards come.
    expect(tid(page, "declare-option").first).to_be_visible(timeout=30_000)
    declared = declare_until_it_stands(page, 0)
    assert parse_cards(declared)[0] % 13 == 0, "a declaration shows cards of rank 2 (R-T2)"

    dealt = first_hands(seed)[0]
    buried: list[str] = []

    def last_window(page: Page) -> None:
        # The deal is over: the hand is the seat's hand of the seeded deal (R-D2).
        assert Counter(hand(page)) == Counter(dealt)
        press(page, "pass")

    def act(page: Page, kind: Literal["play", "bury"]) -> list[str]:
        if kind == "play":
            return act_by_clicks(page, "play")
        # The starter holds 33 cards (R-K1); the talon's points show for the choice.
        assert len(hand(page)) == 33
        talon = ask_hint(page)
        assert len(talon) == 8
        tid(page, "clear").click()
        click_cards(page, talon)
        points = points_of(parse_cards(" ".join(talon)))
        expect(tid(page, "talon-points")).to_contain_text(re.compile(rf"\b{points}\b"))
        submit(page, "bury")
        buried.extend(talon)
        return talon

    taken = play_round(page, 0, act=act, on_declare=last_window)
    assert buried, "the starter buried the talon"

    summary = tid(page, "round-summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("starter: you")
    final = observation(page)
    assert final["declarers"] == 0 and final["starter"] == 0, "the declarer starts (R-T5)"

    # The record holds what was clicked, in order: the declaration, the burial, the plays.
    record = server.http.get(f"/api/rooms/{code}/record").json()
    mine = [action for action in record["actions"] if len(action) > 2 and action[1] == 0]
    assert mine[0][0] == "declare" and Counter(mine[0][2].split()) == Counter(declared.split())
    declared_at = record["actions"].index(mine[0])
    assert any(action[0] == "draw" for action in record["actions"][declared_at:]), (
        "the declaration was made during the deal, as the cards came (R-T2)"
    )
    burials = [action[2] for action in mine if action[0] == "bury"]
    assert len(burials) == 1 and Counter(burials[0].split()) == Counter(buried)
    plays = [Counter(action[2].split()) for action in mine if action[0] == "play"]
    assert plays == [Counter(cards) for cards in taken["play"]]
    assert sum(len(cards) for cards in taken["play"]) == 25
    played = Counter(card for cards in taken["play"] for card in cards)
    assert not (Counter(dealt) - played - Counter(buried)), "each dealt card played or buried"
