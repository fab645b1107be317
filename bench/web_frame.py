"""The browser table's speed: how long a frame takes with a 33-card hand, and how much
JavaScript the page loads first (gzipped). ``make bench-web``; docs/benchmarks.md.

It starts ``tuolaji serve`` on a free loopback port (tests/web/live_server.py, the
end-to-end tests' own), seats Chromium (Debian's, headless, through Playwright) as the
starter of a round at the burial, holding 33 cards, and measures with the Performance
API in the page:

- *update*: choosing or un-choosing one card — the click handler, Preact's render of the
  table (it renders in a microtask), then style and layout forced by reading a box —
  between two ``performance.mark`` calls, for ``--toggles`` clicks over the 33 cards;
  and clearing a choice of all 33 cards at once (``clear``);
- *frames*: clicks made by Playwright's mouse, as real input, while every frame's
  ``requestAnimationFrame`` time is recorded: the intervals between frames (a frame
  whose work, paint included, overran the 16.7 ms of a 60 Hz frame shows as a longer
  interval), and the Event Timing entries of clicks whose input-to-next-paint time
  reached 16 ms, with their handlers' processing time.

The initial JavaScript is what ``index.html`` loads before anything else (its module
script and module preloads), each file gzipped at level 9 as a server would send it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import re
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the end-to-end tests' server and table helpers

from web.live_server import CHROMIUM, STATIC_INDEX, server_and_chromium  # noqa: E402
from web.table import reach_burial, tid  # noqa: E402

#: one choice toggled in the page, timed from the click to the laid-out table (ms)
TOGGLE_JS = """
async (count) => {
  const query = '[data-testid="hand"] [data-testid="card"]';
  const cards = Array.from(document.querySelectorAll(query));
  const times = [];
  for (let i = 0; i < count; i++) {
    const card = cards[i % cards.length];
    const before = card.getAttribute('aria-pressed');
    await new Promise(requestAnimationFrame);       // start on a fresh frame
    performance.mark('toggle-start');
    card.click();
    await Promise.resolve();                        // Preact renders in a microtask
    document.querySelector('[data-testid="table"]').getBoundingClientRect();  // style + layout
    performance.mark('toggle-end');
    times.push(performance.measure('toggle', 'toggle-start', 'toggle-end').duration);
    const now = document.querySelectorAll(query)[i % cards.length];
    if (now.getAttribute('aria-pressed') === before) throw new Error('the click changed nothing');
  }
  return times;
}
"""

#: choose all 33 cards, then time the clear button (ms)
CLEAR_JS = """
async () => {
  const cards = Array.from(document.querySelectorAll('[data-testid="hand"] [data-testid="card"]'));
  for (const card of cards) if (card.getAttribute('aria-pressed') !== 'true') card.click();
  await new Promise(requestAnimationFrame);
  await new Promise(requestAnimationFrame);
  performance.mark('clear-start');
  document.querySelector('[data-testid="clear"]').click();
  await Promise.resolve();
  document.querySelector('[data-testid="table"]').getBoundingClientRect();
  performance.mark('clear-end');
  const chosen = document.querySelectorAll('[data-testid="hand"] [aria-pressed="true"]').length;
  if (chosen !== 0) throw new Error('clear left cards chosen');
  return performance.measure('clear', 'clear-start', 'clear-end').duration;
}
"""

#: start recording every frame (requestAnimationFrame times) and the Event Timing
#: entries of clicks that took 16 ms or more from input to the next paint
OBSERVE_JS = """
() => {
  window.__frames = [];
  window.__slowClicks = [];
  const record = (time) => {
    window.__frames.push(time);
    if (!window.__stopFrames) requestAnimationFrame(record);
  };
  requestAnimationFrame(record);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'click') continue;
      window.__slowClicks.push({
        duration: entry.duration,
        processing: entry.processingEnd - entry.processingStart,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: false });
}
"""

#: stop recording frames; the intervals between them (ms) and the slow clicks
COLLECT_JS = """
() => {
  window.__stopFrames = true;
  const times = window.__frames;
  const intervals = times.slice(1).map((time, i) => time - times[i]);
  return { intervals, slowClicks: window.__slowClicks };
}
"""


def initial_js_gzipped(index: Path) -> dict[str, int]:
    """Each JavaScript file ``index.html`` loads first, gzipped (level 9), in bytes."""
    html = index.read_text()
    sources = re.findall(r'<script[^>]*type="module"[^>]*src="([^"]+)"', html)
    sources += re.findall(r'<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"', html)
    sizes = {}
    for source in sources:
        data = (index.parent / source.lstrip("/")).read_bytes()
        sizes[source] = len(gzip.compress(data, compresslevel=9))
    return sizes


def summary(values: list[float]) -> dict[str, float]:
    """Median, 95th percentile and max, in ms, rounded."""
    ordered = sorted(values)
    return {
        "n": len(ordered),
        "median": round(statistics.median(ordered), 2),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        "max": round(ordered[-1], 2),
    }


def machine() -> dict[str, str]:
    """What the figures were measured on."""
    model = ""
    with open("/proc/cpuinfo") as info:
        for line in info:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    version = subprocess.run(
        [str(CHROMIUM), "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    return {
        "platform": platform.platform(),
        "cpu": f"{model} × {os.cpu_count()}",
        "chromium": version,
        "python": platform.python_version(),
    }


def measure(toggles: int, clicks: int) -> dict[str, Any]:
    """Run the measurements once; the figures as a dict."""
    results: dict[str, Any] = {"machine": machine()}
    with server_and_chromium() as (server, browser):  # (checks first that it is built)
        sizes = initial_js_gzipped(STATIC_INDEX)
        results["initial_js_gzip_bytes"] = {"files": sizes, "total": sum(sizes.values())}
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(30_000)
        reach_burial(page, server)
        page.wait_for_timeout(500)  # the verdicts and announcements settle
        results["update_ms"] = summary(page.evaluate(TOGGLE_JS, toggles))
        results["clear_33_ms"] = summary([page.evaluate(CLEAR_JS) for _ in range(20)])
        page.evaluate(OBSERVE_JS)
        cards = tid(page, "hand").locator('[data-testid="card"]')
        for index in range(clicks):
            cards.nth(index % 33).click()
        page.wait_for_timeout(500)  # the last entries come after a paint
        seen = page.evaluate(COLLECT_JS)
        intervals = seen["intervals"]
        slow = seen["slowClicks"]
        results["frames_while_clicking"] = {
            "clicks": clicks,
            "frames": len(intervals),
            "interval_ms": summary(intervals),
            "longer_than_20ms": sum(1 for gap in intervals if gap > 20),
            "clicks_16ms_or_more_to_paint": len(slow),
            "slowest_click_processing_ms": max(
                (round(entry["processing"], 1) for entry in slow), default=None
            ),
        }
    return results


def main() -> None:
    """Measure and print the figures (``--json FILE`` also writes them)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--toggles", type=int, default=330, help="timed card toggles")
    parser.add_argument("--clicks", type=int, default=66, help="real clicks watched")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    results = measure(args.toggles, args.clicks)
    text = json.dumps(results, indent=2, ensure_ascii=False)
    print(text)
    if args.json is not None:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
