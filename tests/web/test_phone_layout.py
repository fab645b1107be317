"""The table on a phone, held upright (360×640) and sideways (640×360), with the
largest hand there is: the starter's 33 cards after taking the talon, before burying
(R-K1). The page never scrolls sideways, the seats, trick, hand, action bar and
information panel do not overlap (their element boxes), and every card and button is
at least 44×44 px. Screenshots of both are kept in test-artifacts/."""

from __future__ import annotations

from playwright.sync_api import expect

from web.conftest import ARTIFACTS, Chromium
from web.layout import layout_problems
from web.live_server import LiveServer
from web.table import click_cards, hand, reach_burial, tid

PORTRAIT = {"width": 360, "height": 640}
LANDSCAPE = {"width": 640, "height": 360}


def test_a_33_card_hand_fits_a_phone_upright_and_sideways(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page(
        viewport=PORTRAIT, is_mobile=True, has_touch=True, device_scale_factor=2
    )
    reach_burial(page, server)
    # A few cards chosen, so that the preview and the talon's points show too.
    click_cards(page, hand(page)[:3])
    expect(tid(page, "preview")).to_have_attribute("data-legal", "false")
    folder = ARTIFACTS / "phone-layout"
    folder.mkdir(parents=True, exist_ok=True)

    found = {}
    for name, viewport in (("portrait", PORTRAIT), ("landscape", LANDSCAPE)):
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        page.wait_for_function(f"() => window.innerWidth === {viewport['width']}")
        expect(tid(page, "hand").locator('[data-testid="card"]')).to_have_count(33)
        page.screenshot(path=folder / f"table-{name}.png", full_page=True)
        found[name] = layout_problems(page)
    assert found == {"portrait": [], "landscape": []}
