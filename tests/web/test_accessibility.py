"""axe-core (web/node_modules/axe-core, installed by ``make web``) finds no violation
on the lobby (its room settings folded and open), the table (with the 33-card hand of
the starter, in both the two-colour and the four-colour deck, with a choice the engine
refuses, and on a phone with the seats' legend), the settings dialog and the round
summary."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from web.conftest import LAPTOP, Chromium
from web.live_server import ROOT, LiveServer
from web.table import act_by_hint, click_cards, hand, play_round, reach_burial, tid

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """What axe-core reports on the page as it is now (every rule axe runs by default:
    WCAG 2 A and AA, and its best practices)."""
    assert AXE.exists(), f"{AXE.relative_to(ROOT)} is missing: run `make web`"
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=AXE)
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const result = await window.axe.run(document);
          return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + n.failureSummary),
          }));
        }"""
    )
    return found


def described(violations: list[dict[str, Any]]) -> str:
    """The violations, one paragraph each, for the failure message."""
    return "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:8])
        for v in violations
    )


def test_axe_finds_no_violation_on_lobby_table_and_summary(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page()
    found: dict[str, list[dict[str, Any]]] = {}

    page.goto(server.url)
    expect(tid(page, "play-now")).to_be_visible()
    found["lobby"] = axe_violations(page)
    tid(page, "room-settings").click()
    expect(page.locator('[data-testid^="option-"]').first).to_be_visible()
    found["lobby, room settings open"] = axe_violations(page)

    reach_burial(page, server)
    found["table"] = axe_violations(page)
    # three cards chosen: the preview refuses them (its cards drawn) and Bury says why
    click_cards(page, hand(page)[:3])
    expect(tid(page, "bury")).to_have_attribute("aria-disabled", "true")
    found["table, a choice refused"] = axe_violations(page)
    tid(page, "settings").click()
    expect(tid(page, "settings-dialog")).to_be_visible()
    found["settings dialog"] = axe_violations(page)
    tid(page, "four-colour").check()
    tid(page, "settings-close").click()
    found["table, four-colour deck"] = axe_violations(page)
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    expect(tid(page, "seat-legend")).to_be_visible()
    found["table on a phone, with the seats' legend"] = axe_violations(page)
    page.set_viewport_size(LAPTOP)  # type: ignore[arg-type]
    tid(page, "clear").click()

    play_round(page, 0, act=act_by_hint)
    expect(tid(page, "round-summary")).to_be_visible()
    found["round summary"] = axe_violations(page)

    problems = {where: violations for where, violations in found.items() if violations}
    assert not problems, "\n".join(
        f"axe-core on the {where}:\n{described(violations)}"
        for where, violations in problems.items()
    )
