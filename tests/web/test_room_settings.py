"""The room's rules chosen in the lobby's form, shown at the table, played by clicks.

A room created in the form with house rules (must-defend 5, 10 and K, at most 2 levels
a round, the talon not shown after the round) reports them, the table shows them in
words to its seat, the round is played to its end by clicks and its result keeps to
them. The form passes axe with every group open and a value refused, and its
screenshots (laptop, phone, Chinese) are kept for a look by eye."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tuolaji.core.rules import STANDARD, rules_from_spec
from web.conftest import LAPTOP, Chromium
from web.live_server import ROOT, LiveServer
from web.table import act_by_clicks, observation, play_round, tid
from web.test_accessibility import PHONE, axe_violations, described

SHOTS = ROOT / "test-artifacts" / "room-settings"


def open_form(page: Page, server: LiveServer) -> None:
    """The lobby with its room settings open and every group of rules unfolded."""
    page.goto(server.url)
    tid(page, "room-settings").click()
    expect(tid(page, "create-form")).to_be_visible()
    for group in ("talon", "scoring", "seen", "table"):
        toggle = tid(page, f"rule-group-toggle-{group}")
        if toggle.count() and toggle.get_attribute("aria-expanded") == "false":
            toggle.click()


def shoot(page: Page, name: str) -> Path:
    """A screenshot of the whole page, kept under test-artifacts/room-settings/."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def test_house_rules_chosen_in_the_form_are_shown_and_played_by_clicks(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page()
    open_form(page, server)
    for rank in ("5", "T", "K"):
        tid(page, f"option-must_defend-{rank}").check()
    tid(page, "option-scoring-cap").fill("2")
    tid(page, "option-show_talon").uncheck()
    expect(tid(page, "rules-changed")).to_have_text("3 options differ from the preset.")
    tid(page, "your-name").fill("Ana")
    tid(page, "round-limit").fill("1")
    tid(page, "create-room").click()
    expect(tid(page, "table")).to_be_visible()

    code = page.url.rstrip("/").split("/")[-1]
    expected = STANDARD.with_options(
        must_defend=["5", "T", "K"], scoring={"cap": 2}, show_talon=False
    )
    assert rules_from_spec(server.room(code)["rules"]) == expected
    rules = tid(page, "room-rules")
    expect(rules).to_contain_text("Rules: Standard, 3 house rules")
    expect(tid(page, "room-rule-must_defend")).to_have_text("Must-defend ranks: 5, 10, K")
    expect(tid(page, "room-rule-scoring")).to_have_text("Scoring: at most 2 levels a round")
    expect(tid(page, "room-rule-show_talon")).to_have_text("Show the talon after the round: Off")
    shoot(page, "table-laptop")

    play_round(page, 0, act=act_by_clicks)
    expect(tid(page, "round-summary")).to_be_visible()
    last = observation(page)["last_round"]
    assert last is not None and last["levels_gained"] <= 2, last  # the cap holds
    if last["starter"] != 0 and not last["talon_shown"]:
        assert last["talon"] == "", last  # the talon stays the starter's


def focused(page: Page) -> str | None:
    """The test id of the element that has the focus."""
    found: str | None = page.evaluate("() => document.activeElement?.dataset?.testid ?? null")
    return found


def test_the_rules_are_used_by_keyboard_in_a_sensible_order(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page()
    page.goto(server.url)
    tid(page, "room-settings").click()
    tid(page, "preset").focus()
    # the reset is disabled while nothing differs: the next stop is the first group
    page.keyboard.press("Tab")
    assert focused(page) == "rule-group-toggle-following"
    page.keyboard.press("Tab")
    assert focused(page) == "option-follow_tractor_first"
    page.keyboard.press("Space")
    expect(tid(page, "rules-changed")).to_have_text("1 option differs from the preset.")
    # a folded group opens from the keyboard, and its first control follows its heading
    tid(page, "rule-group-toggle-scoring").focus()
    page.keyboard.press("Enter")
    expect(tid(page, "rule-group-toggle-scoring")).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Tab")
    assert focused(page) == "option-must_defend-2"
    # back to the preset, from the keyboard
    tid(page, "rules-reset").focus()
    page.keyboard.press("Enter")
    expect(tid(page, "rules-changed")).to_have_text("Every option is as the preset sets it.")


def test_the_form_passes_axe_and_fits_laptop_phone_and_chinese(
    server: LiveServer, chromium: Chromium
) -> None:
    page = chromium.new_page()
    open_form(page, server)
    found = {"every group open": axe_violations(page)}
    tid(page, "option-throw_penalty").fill("500")
    expect(tid(page, "option-throw_penalty")).to_have_attribute("aria-invalid", "true")
    expect(tid(page, "option-throw_penalty-problem")).to_have_text("A whole number from 0 to 200.")
    found["a value refused"] = axe_violations(page)
    assert not any(found.values()), "\n".join(
        f"{where}:\n{described(violations)}" for where, violations in found.items() if violations
    )
    shoot(page, "form-laptop")
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= LAPTOP["width"], width

    phone = chromium.new_page(viewport=PHONE)
    open_form(phone, server)
    shoot(phone, "form-phone")
    width = phone.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], width

    chinese = chromium.new_page(locale="zh-CN")
    open_form(chinese, server)
    expect(chinese.locator("html")).to_have_attribute("lang", "zh-CN")
    shoot(chinese, "form-zh_CN")
