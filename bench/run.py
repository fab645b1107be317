"""Benchmark the rules core: ``make bench`` (or ``.venv/bin/python bench/run.py``).

Prints the machine, then a table of microseconds per call (median and min over repeated
samples) for following, legal follows, trick winners, throws and classify; ``--json
PATH`` also writes the figures as JSON, ``--quick`` makes a short run. See
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cases_follow
import cases_game
import cases_play
import decisions
from measure import Case, Result, machine, measure

GOAL_US = 10.0
"""The goal for a typical check_follow and a trick winner: single-digit microseconds."""

SETTINGS: dict[str, dict[str, Any]] = {
    "full": {
        "repeats": 15,
        "target_ms": 50,
        "slow_repeats": 5,
        "instances": 64,
        "deadline_s": 5.0,
    },
    "quick": {
        "repeats": 5,
        "target_ms": 5,
        "slow_repeats": 1,
        "instances": 16,
        "deadline_s": 2.0,
    },
}


def build(seed: int, instances: int, deadline_s: float) -> list[Case]:
    """Every case; each builder draws from its own ``random.Random``, seeded from
    ``seed`` and its name, so a quick run and a full run share their single inputs."""

    def rng(name: str) -> random.Random:
        return random.Random(f"{seed}:{name}")

    return [
        *cases_follow.follow_cases(rng("follow"), instances),
        *cases_follow.typical_follow_cases(rng("typical"), instances),
        *cases_follow.worst_follow_cases(rng("worst"), deadline_s),
        *cases_play.trick_cases(rng("tricks"), instances),
        *cases_play.throw_cases(rng("throws"), instances),
        *cases_play.classify_cases(rng("classify"), instances),
        *cases_game.game_cases(rng("games"), instances),
    ]


def _us(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 100:
        return f"{value:.2f}"
    if value < 10_000:
        return f"{value:.1f}"
    return f"{value:,.0f}"


def table(results: Sequence[Result]) -> str:
    """The results as a plain-text table, one block per group."""
    width = max(len(r.name) for r in results) + 2
    head = f"{'case':<{width}}{'median µs':>12}{'min µs':>12}{'inputs':>8}   note"
    lines = [head, "-" * (len(head) + 30)]
    group = None
    for r in results:
        if r.group != group:
            group = r.group
            lines.append(f"[{group}]")
        figures = f"{_us(r.median_us):>12}{_us(r.min_us):>12}{r.instances:>8}"
        lines.append(f"{r.name:<{width}}{figures}   {r.note}")
    return "\n".join(lines)


def goals(results: Sequence[Result]) -> list[dict[str, Any]]:
    """The figures the goals speak of: a typical check_follow and every trick winner."""
    out = []
    for r in results:
        typical = r.group.startswith("check_follow") and "legal play" in r.name
        if (typical or r.group.startswith("trick winner")) and r.median_us is not None:
            out.append(
                {
                    "case": f"{r.group}: {r.name}",
                    "median_us": r.median_us,
                    "goal_us": GOAL_US,
                    "met": r.median_us < GOAL_US,
                }
            )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the tuolaji rules core.")
    parser.add_argument("--quick", action="store_true", help="a short run (fewer samples)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the inputs")
    args = parser.parse_args(argv)
    mode = "quick" if args.quick else "full"
    settings = SETTINGS[mode]
    info = machine()
    print(f"tuolaji bench ({mode}), {datetime.date.today().isoformat()}")
    print(f"platform: {info['platform']}")
    print(f"python:   {info['python']}")
    print(f"cpu:      {info['cpu']} ({info['cores']} cores)")
    print(
        f"figures:  µs per call, median and min of {settings['repeats']} samples "
        f"(slow cases {settings['slow_repeats']}), seed {args.seed}\n",
        flush=True,
    )
    start = time.perf_counter()
    built = build(args.seed, settings["instances"], settings["deadline_s"])
    target_ns = settings["target_ms"] * 1_000_000
    results = [
        measure(case, settings["repeats"], target_ns, settings["slow_repeats"]) for case in built
    ]
    print(table(results))
    checked = goals(results)
    met = sum(g["met"] for g in checked)
    print(f"\ngoal: under {GOAL_US:.0f} µs for a typical check_follow and a trick winner: ", end="")
    print(f"{met} of {len(checked)} met")
    for g in checked:
        if not g["met"]:
            print(f"  missed: {g['case']} ({_us(g['median_us'])} µs)")
    for r in results:
        if r.group == "whole games" and r.name.startswith("random self-play") and r.median_us:
            rate = 1e6 / r.median_us
            verdict = "met" if rate >= cases_game.ROUNDS_GOAL else "not met"
            print(
                f"goal: {cases_game.ROUNDS_GOAL} random rounds/s ({r.name}): {rate:,.0f}, {verdict}"
            )
    print("\ndecision times (every play call in whole rounds; the search's burials apart):")
    times = decisions.decision_times(search_rounds=1 if args.quick else 3)
    for bot, figures in times.items():
        print(
            f"  {bot:<26} median {figures['median_ms']:8.2f} ms   p95 {figures['p95_ms']:8.2f} ms"
            f"   max {figures['max_ms']:8.2f} ms   ({figures['decisions']:.0f} decisions)"
        )
    seconds = time.perf_counter() - start
    print(f"total {seconds:.1f} s")
    if args.json:
        report = {
            "date": datetime.date.today().isoformat(),
            "mode": mode,
            "seed": args.seed,
            "settings": settings,
            "machine": info,
            "results": [r.to_json() for r in results],
            "goals": checked,
            "decision_times": times,
            "seconds": seconds,
        }
        Path(args.json).write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
