"""Screenshots of the browser table for the docs: ``make screenshots`` writes
docs/screenshots/*.png from a live ``tuolaji serve`` and Debian's Chromium.

- ``lobby.png``: the lobby: Play now, the room settings folded (laptop, 1280×800);
- ``table-laptop.png``: a round in play, the player to follow a trick (the trick before
  it in the felt's corner), the hint's cards chosen and the preview saying what they
  make;
- ``refusal.png``: the same moment with cards of another suit chosen: the engine's
  refusal with its rule id (R-P3) and its cards drawn, and Play refused;
- ``round-summary.png``: the end of the round, with each team's point cards and the
  talon;
- ``replay.png``: the replay viewer on a trick of that round;
- ``table-phone-portrait.png`` and ``table-phone-landscape.png``: the starter's 33 cards
  before burying, the talon's marked, on a phone held upright (390×844) and sideways
  (844×390).

The end-to-end tests' server and table helpers do the driving (tests/web/); the game
is seeded, so the pictures are the same from run to run but for the bots' timing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the end-to-end tests' server and table helpers

from playwright.sync_api import Page, expect  # noqa: E402

from web.conftest import LAPTOP  # noqa: E402
from web.live_server import LiveServer, server_and_chromium  # noqa: E402
from web.table import (  # noqa: E402
    act_by_hint,
    ask_hint,
    click_cards,
    hand,
    observation,
    reach_burial,
    state,
    tid,
    wait_for_decision,
)

OUT = ROOT / "docs" / "screenshots"
#: a phone held upright and sideways (CSS pixels)
PHONE_UPRIGHT = {"width": 390, "height": 844}
PHONE_SIDEWAYS = {"width": 844, "height": 390}


def cards_of_another_suit(page: Page) -> list[str] | None:
    """When the page's seat follows a trick and holds the led suit, as many of its
    cards from other suits as were led (a follow the engine refuses, R-P3); else None.
    The suits are the hand's groups, as the server grouped them."""
    obs = observation(page)
    if not obs["trick"] or obs["lead"] is None:
        return None
    led = obs["lead"]["suit"]
    size = len(obs["trick"][0][1].split())
    groups = state(page)["table"]["hand_groups"]
    if not any(group["suit"] == led for group in groups):
        return None
    others = [card for group in groups if group["suit"] != led for card in group["cards"].split()]
    return others[:size] if len(others) >= size else None


def laptop_pictures(page: Page, server: LiveServer, out: Path) -> None:
    """The lobby, the table, a refusal, the round summary and the replay viewer."""
    page.goto(server.url)
    expect(tid(page, "play-now")).to_be_visible()
    expect(tid(page, "room-list")).to_be_visible()
    page.screenshot(path=out / "lobby.png")

    code = reach_burial(page, server)
    act_by_hint(page, "bury")
    refused = False
    while (step := wait_for_decision(page, 0)) not in ("summary", "over"):
        wrong = cards_of_another_suit(page) if step == "play" else None
        if wrong is not None and not refused and len(observation(page)["tricks"]) >= 1:
            ask_hint(page)
            expect(tid(page, "preview")).to_have_attribute("data-legal", "true")
            page.screenshot(path=out / "table-laptop.png")
            tid(page, "clear").click()
            click_cards(page, wrong)
            expect(tid(page, "preview")).to_have_attribute("data-legal", "false")
            expect(tid(page, "preview")).to_contain_text("R-P3")
            expect(tid(page, "play")).to_have_attribute("aria-disabled", "true")
            page.screenshot(path=out / "refusal.png")
            tid(page, "clear").click()
            refused = True
        if step in ("play", "bury"):
            act_by_hint(page, step)  # type: ignore[arg-type]
        else:
            tid(page, "pass").click()
    assert refused, "no trick to follow with a card of another suit came up"
    expect(tid(page, "round-summary")).to_be_visible()
    page.screenshot(path=out / "round-summary.png")

    page.goto(f"{server.url}replay?room={code}")
    expect(tid(page, "replay-step")).to_be_visible()
    for _ in range(5):
        tid(page, "replay-next").click()
    page.screenshot(path=out / "replay.png")


def phone_pictures(page: Page, server: LiveServer, out: Path) -> None:
    """The starter's 33 cards on a phone, upright and sideways."""
    reach_burial(page, server)
    click_cards(page, hand(page)[:3])
    expect(tid(page, "preview")).to_have_attribute("data-legal", "false")
    page.screenshot(path=out / "table-phone-portrait.png", full_page=True)
    page.set_viewport_size(PHONE_SIDEWAYS)  # type: ignore[arg-type]
    page.wait_for_function(f"() => window.innerWidth === {PHONE_SIDEWAYS['width']}")
    page.screenshot(path=out / "table-phone-landscape.png", full_page=True)


def main() -> None:
    """Take the pictures (``--out DIR`` elsewhere than docs/screenshots)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder of the pictures")
    out: Path = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    with server_and_chromium() as (server, browser):
        laptop = browser.new_page(viewport=LAPTOP, locale="en-GB")  # type: ignore[arg-type]
        laptop.set_default_timeout(30_000)
        laptop_pictures(laptop, server, out)
        phone = browser.new_context(
            viewport=PHONE_UPRIGHT,  # type: ignore[arg-type]
            locale="en-GB",
            is_mobile=True,
            has_touch=True,
            device_scale_factor=2,
        ).new_page()
        phone.set_default_timeout(30_000)
        phone_pictures(phone, server, out)
    for path in sorted(out.glob("*.png")):
        print(f"{path}  {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
