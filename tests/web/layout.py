"""Measuring the table's layout in the page: sideways scrolling, the boxes of its parts,
and the size of everything a finger has to hit."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from playwright.sync_api import Page

#: the smallest touch target, in CSS pixels (WCAG 2.5.5)
MIN_TARGET_PX = 44
#: rounding of fractional pixels that is not an overlap
TOLERANCE_PX = 0.5

#: the parts of the table that must not overlap: the seats, the trick, the hand, the
#: action bar (the section holding the ``hint`` button) and the information panel (the
#: section holding ``trump``); boxes in page coordinates
LAYOUT_JS = """
() => {
  const box = (element) => {
    if (element === null || !element.checkVisibility()) return null;
    const r = element.getBoundingClientRect();
    return { x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height };
  };
  const byId = (id) => document.querySelector(`[data-testid="${id}"]`);
  const parts = {
    'seat-0': box(byId('seat-0')), 'seat-1': box(byId('seat-1')),
    'seat-2': box(byId('seat-2')), 'seat-3': box(byId('seat-3')),
    trick: box(byId('trick')), hand: box(byId('hand')),
    actions: box(byId('hint') && byId('hint').closest('section')),
    info: box(byId('trump') && byId('trump').closest('section')),
  };
  const targets = Array.from(document.querySelectorAll('button, [role="button"]'))
    .filter((element) => element.checkVisibility())
    .map((element) => ({
      name: element.getAttribute('data-testid') || element.textContent.trim().slice(0, 30),
      card: element.getAttribute('data-card'),
      ...box(element),
    }));
  return {
    scrollWidth: document.scrollingElement.scrollWidth,
    innerWidth: window.innerWidth,
    parts,
    targets,
  };
}
"""


def measure(page: Page) -> dict[str, Any]:
    """The page's widths, the boxes of the table's parts and of its buttons."""
    measured: dict[str, Any] = page.evaluate(LAYOUT_JS)
    return measured


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes share more than a rounding error of area."""
    width = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return width > TOLERANCE_PX and height > TOLERANCE_PX


def layout_problems(page: Page) -> list[str]:
    """Everything wrong with the layout now, in words (empty: it is fine): sideways
    scrolling, a part missing, two parts that overlap, two cards that overlap, a
    button or card smaller than 44×44 px."""
    measured = measure(page)
    problems = []
    if measured["scrollWidth"] > measured["innerWidth"]:
        problems.append(
            f"the page scrolls sideways: {measured['scrollWidth']} px wide in a "
            f"{measured['innerWidth']} px window"
        )
    parts = measured["parts"]
    problems += [f"{name} is not shown" for name, box in parts.items() if box is None]
    shown = {name: box for name, box in parts.items() if box is not None}
    problems += [
        f"{first} {shown[first]} overlaps {second} {shown[second]}"
        for first, second in combinations(shown, 2)
        if overlap(shown[first], shown[second])
    ]
    cards = [target for target in measured["targets"] if target["card"]]
    problems += [
        f"cards {a['card']} and {b['card']} overlap"
        for a, b in combinations(cards, 2)
        if overlap(a, b)
    ]
    problems += [
        f"{target['name']!r} is {target['w']:.0f}×{target['h']:.0f} px"
        for target in measured["targets"]
        if target["w"] < MIN_TARGET_PX - TOLERANCE_PX or target["h"] < MIN_TARGET_PX - TOLERANCE_PX
    ]
    return problems
