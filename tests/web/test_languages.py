"""Each of the six languages: the lobby and the table render with no untranslated
string (``window.__tuolaji.untranslated`` stays empty), and a refused choice shows the
engine's own sentence in that language, with the rule id and its cards drawn as the
table draws them (here R-T3: one card of the pair the seat declared, which cannot
replace it); no card is ever shown in notation ("2H", "RJ").

The page takes the browser's language; Latvian is chosen in the settings instead, on an
English browser, so switching is covered too (the choice then holds on the room's page).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tuolaji.core.cards import parse_cards
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import rules_from_spec
from tuolaji.game import Game
from tuolaji.game.state import Phase
from tuolaji.i18n import using_language
from tuolaji.wording import refusal_parts
from web.conftest import Chromium
from web.deals import seed_where_seat_declares
from web.live_server import LiveServer
from web.table import (
    as_shown,
    click_cards,
    create_seeded_room,
    declare_until_it_stands,
    notation_shown,
    press,
    take_seat,
    tid,
    untranslated,
    wait_for_decision,
)

#: each language of the project, and the browser locale that asks for it (None: an
#: English browser, the language chosen in the settings)
LANGUAGES = {
    "en": "en-GB",
    "zh_CN": "zh-CN",
    "es": "es-ES",
    "da": "da-DK",
    "lv": None,
    "hi": "hi-IN",
}


def refusal_of_declaring_weaker(pair: str) -> IllegalAction:
    """The engine's refusal when seat 0 of the seeded deal, whose ``pair`` stands, shows
    one card of it in the last declaring window (R-T3): the game is taken to that moment
    and asked."""
    game = Game(rules_from_spec("standard"), seed_where_seat_declares(0))
    while game.turn().chance:
        game.draw()
    cards = parse_cards(pair)
    game.declare(0, cards)
    while game.phase is Phase.DECLARE and game.turn().seat != 0:
        seat = game.turn().seat
        assert seat is not None
        game.pass_declaring(seat)
    try:
        game.check_declare(0, cards[:1])
    except IllegalAction as error:
        return error
    raise AssertionError(f"the engine allowed declaring {cards[:1]} over {pair}")


def lobby_in(page: Page, server: LiveServer, lang: str, locale: str | None) -> None:
    """Open the lobby in ``lang``: the browser's language, or chosen in the settings."""
    page.goto(server.url)
    expect(tid(page, "play-now")).to_be_visible()
    if locale is None:
        tid(page, "settings").click()
        tid(page, "language").select_option(lang)
        page.keyboard.press("Escape")
        expect(tid(page, "settings-dialog")).to_be_hidden()
    expect(page.locator("html")).to_have_attribute("lang", lang.replace("_", "-"))
    # the options come from the server (their labels from the catalog): all shown once
    # the room settings are open
    tid(page, "room-settings").click()
    expect(page.locator('[data-testid^="option-"]').first).to_be_visible()


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_lobby_and_table_are_fully_translated_and_a_refusal_is_in_the_language(
    server: LiveServer, chromium: Chromium, lang: str
) -> None:
    locale = LANGUAGES[lang]
    page = chromium.new_page(locale=locale or "en-GB")
    lobby_in(page, server, lang, locale)
    missing = untranslated(page)
    assert not missing, "the lobby has untranslated strings:\n" + "\n".join(missing)

    code = create_seeded_room(server, seed_where_seat_declares(0), ["human", *["heuristic"] * 3])
    take_seat(page, server, code, 0, name="Ana")
    expect(page.locator("html")).to_have_attribute("lang", lang.replace("_", "-"))
    pair = declare_until_it_stands(page, 0, size=2)
    assert wait_for_decision(page, 0) == "declare"
    click_cards(page, pair.split()[:1])
    preview = tid(page, "preview")
    expect(preview).to_have_attribute("data-legal", "false")
    with using_language(lang):
        parts = refusal_parts(refusal_of_declaring_weaker(pair), viewer=0)
    assert "R-T3" in str(parts[0].get("text")) and any("cards" in part for part in parts)
    expect(preview).to_contain_text(as_shown(parts))
    expect(preview.locator(".card-run").first).to_have_attribute("role", "img")
    assert notation_shown(page) == [], "cards in notation on the page"

    tid(page, "clear").click()
    while (step := wait_for_decision(page, 0)) == "declare":
        press(page, "pass")
    assert step == "bury"
    expect(tid(page, "hand").locator('[data-testid="card"]')).to_have_count(33)
    assert notation_shown(page) == [], "cards in notation on the page"
    missing = untranslated(page)
    assert not missing, "the table has untranslated strings:\n" + "\n".join(missing)
