"""Each of the six languages: the lobby and the table render with no untranslated
string (``window.__tuolaji.untranslated`` stays empty), and a refused action shows the
engine's own sentence in that language, with the rule id (here R-K1: burying 3 cards
instead of 8).

The page takes the browser's language; Latvian is chosen in the settings instead, on an
English browser, so switching is covered too (the choice then holds on the room's page).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tuolaji.core.cards import SEATS, parse_cards
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import rules_from_spec
from tuolaji.game import Game
from tuolaji.i18n import using_language
from tuolaji.wording import refusal_text
from web.conftest import Chromium
from web.deals import seed_where_seat_declares
from web.live_server import LiveServer
from web.table import click_cards, hand, reach_burial, tid, untranslated

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


def refusal_of_burying(cards: list[str]) -> IllegalAction:
    """The engine's refusal when the starter of the seeded deal buries ``cards`` (not
    8 of them, R-K1): the game is taken to that moment and asked."""
    game = Game(rules_from_spec("standard"), seed_where_seat_declares(0))
    while game.turn().chance:
        game.draw()
    game.declare(0, next(iter(game.legal_declarations(0))))
    for seat in range(1, SEATS + 1):
        game.pass_declaring(seat % SEATS)
    try:
        game.check_bury(0, parse_cards(" ".join(cards)))
    except IllegalAction as error:
        return error
    raise AssertionError(f"the engine allowed burying {cards}")


def lobby_in(page: Page, server: LiveServer, lang: str, locale: str | None) -> None:
    """Open the lobby in ``lang``: the browser's language, or chosen in the settings."""
    page.goto(server.url)
    expect(tid(page, "play-now")).to_be_visible()
    if locale is None:
        language = tid(page, "language")
        if not language.is_visible():
            tid(page, "settings").click()
        language.select_option(lang)
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

    reach_burial(page, server)
    expect(page.locator("html")).to_have_attribute("lang", lang.replace("_", "-"))
    three = hand(page)[:3]
    click_cards(page, three)
    tid(page, "bury").click()
    with using_language(lang):
        expected = refusal_text(refusal_of_burying(three), viewer=0)
    assert "R-K1" in expected
    expect(tid(page, "refusal")).to_contain_text(expected)
    missing = untranslated(page)
    assert not missing, "the table has untranslated strings:\n" + "\n".join(missing)
