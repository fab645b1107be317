"""Two trees side by side: the same speed measurements on each, alternately, as ratios.

``make bench-compare`` (or ``.venv/bin/python bench/compare.py``) checks the baseline
commit (a323782 by default, ``--base``) out with ``git worktree add`` into a temporary
folder, then measures, for each repetition, every measurement on the baseline and on the
working tree in turn (A B A B …), each in a subprocess of its own whose import path is
that tree's ``src`` — the two trees never share a process. The worktree is removed at
the end, whatever happened.

Measurements (each reports a rate, higher is faster):

- ``random``: random self-play, ``tuolaji.arena.simulate.simulate`` with four random
  players under the standard rules, rounds per second;
- ``heuristic``: the same with four heuristic players;
- ``playout``: one search playout per call, as the search bot makes one: a game rebuilt
  from a seat's mid-round observation and the real hidden cards
  (``game_from_observation``), played to the end of the round by
  ``tuolaji.bots.search.play_out`` — with its players seeded with the knowledge of the
  round's history where the tree's search does that; playouts per second.

``--compiled`` adds a third side: the working tree's compiled copy (``make compiled``,
``build/compiled``), so the pure and the compiled build are both compared with the
baseline in one run.

The table gives each side's median over the repetitions, the ratio of the medians, the
median of the per-pair ratios and their range (the cores are shared and noisy: compare
ratios taken in one run, never figures from different days). ``--json PATH`` writes
every sample too. docs/benchmarks.md has the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "a323782"
MEASUREMENTS = ("random", "heuristic", "playout")
#: default work per sample: rounds for self-play, playouts for ``playout`` (about a
#: second each for the baseline on the 2-core development machine)
SIZES = {"random": 500, "heuristic": 250, "playout": 500}
#: cards left in the four hands when the playout positions are taken, at the start of a
#: trick (mid-round: half of the 100)
PLAYOUT_CARDS_LEFT = 50
#: how many different mid-round positions the playouts cycle through
PLAYOUT_POSITIONS = 8


# ---------------------------------------------------------------- in the worker

Clock = Callable[[], float]


def _selfplay_rate(player: str, rounds: int, seed: int, clock: Clock) -> float:
    """Rounds per second of ``simulate`` with four ``player`` seats (one warm-up round
    first, so the imports and first-call costs are not timed)."""
    from tuolaji.arena.simulate import simulate
    from tuolaji.core.rules import STANDARD

    simulate(rounds=1, seed=seed + 1000, players=[player] * 4, rules=STANDARD)
    start = clock()
    summary = simulate(rounds=rounds, seed=seed, players=[player] * 4, rules=STANDARD)
    return summary.rounds / (clock() - start)


def _playout_positions(seed: int) -> list[tuple[Any, Any, Any]]:
    """Mid-round positions (observation of the seat to act, true hands, true talon),
    the same on both trees: a later-round deal (seat 0 starts for team 0) drawn whole
    with nobody declaring, the talon turned (R-T6), a heuristic burial and heuristic
    play until a trick starts with at most :data:`PLAYOUT_CARDS_LEFT` cards in the
    hands, through calls both trees have."""
    from tuolaji.bots.heuristic import HeuristicPlayer
    from tuolaji.core.rules import STANDARD
    from tuolaji.game.game import Game
    from tuolaji.game.observation import observe
    from tuolaji.game.state import Phase, RoundStart

    positions = []
    for index in range(PLAYOUT_POSITIONS):
        game = Game(STANDARD, seed * 7919 + index, start=RoundStart(index % 13, 0, 0))
        players = [HeuristicPlayer() for _ in range(4)]
        while game.phase is Phase.DRAW:
            game.draw()
        while game.phase is Phase.DECLARE:
            game.pass_declaring(game.round.window_seat)
        game.bury(0, players[0].bury(observe(game, 0)))
        while game.round.trick or _cards_left(game.round.hands) > PLAYOUT_CARDS_LEFT:
            seat = game.round.to_play
            game.play(seat, players[seat].play(observe(game, seat)))
        state = game.round
        positions.append((observe(game, state.to_play), list(state.hands), tuple(state.talon)))
    return positions


def _cards_left(hands: Sequence[tuple[int, int]]) -> int:
    """The cards in four hands given as bit layers."""
    return sum(ones.bit_count() + twos.bit_count() for ones, twos in hands)


def _fingerprint(positions: list[tuple[Any, Any, Any]]) -> str:
    """A digest of the positions' cards, to check both trees play from the same ones."""
    import hashlib

    text = repr(
        [
            (hands, talon, obs.tricks and [t.plays for t in obs.tricks])
            for obs, hands, talon in positions
        ]
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _playout_rate(playouts: int, seed: int, clock: Clock) -> tuple[float, str]:
    """Playouts per second from :func:`_playout_positions` (one warm-up pass first),
    and the positions' fingerprint. Each playout is made as the tree's search makes
    one: where the search seeds its playout players with the knowledge of the round's
    history (``seeds_for``) and rebuilds the guessed game unchecked, so does this; the
    seat's templates, made once a decision for all its playouts, are made before the
    timing."""
    from tuolaji.bots import search
    from tuolaji.game.determinize import game_from_observation

    positions = _playout_positions(seed)
    seeded = hasattr(search, "seeds_for")
    templates = [
        search.history_templates(observation) if seeded else None for observation, _, _ in positions
    ]

    def one(index: int) -> None:
        observation, hands, talon = positions[index]
        if seeded:  # and, in the same trees, the guess's position left unchecked
            game = game_from_observation(observation, hands, talon, check=False)
            seeds = search.seeds_for(observation, templates[index], hands, talon)
            search.play_out(game, seeds)
        else:
            search.play_out(game_from_observation(observation, hands, talon))

    for index in range(len(positions)):
        one(index)
    start = clock()
    for n in range(playouts):
        one(n % len(positions))
    return playouts / (clock() - start), _fingerprint(positions)


def worker(measurement: str, size: int, seed: int, wall: bool) -> dict[str, Any]:
    """Run one measurement in this process; what the parent reads from its stdout. It
    is timed with the process's CPU time (one thread, so on an idle core it is the wall
    time; on shared cores it leaves out the time another process had the core), or with
    the wall clock when ``wall`` is set."""
    clock = time.perf_counter if wall else time.process_time
    import tuolaji

    answer: dict[str, Any] = {"package": tuolaji.__file__}
    if measurement == "playout":
        answer["rate"], answer["positions"] = _playout_rate(size, seed, clock)
    else:
        answer["rate"] = _selfplay_rate(measurement, size, seed, clock)
    return answer


# ---------------------------------------------------------------- in the parent


def measure_tree(
    package_root: Path, measurement: str, size: int, seed: int, wall: bool = False
) -> dict[str, Any]:
    """One sample of ``measurement`` on the package under ``package_root`` (a tree's
    ``src``, or the compiled copy), in a fresh subprocess importing it (checked: a
    sample from the wrong tree is an error): its rate, and for playouts the
    fingerprint of the positions played from."""
    env = dict(os.environ, PYTHONPATH=str(package_root), PYTHONHASHSEED="0")
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", measurement]
    command += ["--size", str(size), "--seed", str(seed)] + (["--wall"] if wall else [])
    done = subprocess.run(
        command, check=False, env=env, cwd=package_root, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise RuntimeError(f"{measurement} on {package_root} failed:\n{done.stderr}")
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if not Path(answer["package"]).resolve().is_relative_to(package_root.resolve()):
        raise RuntimeError(f"{measurement} on {package_root} imported {answer['package']}")
    return answer


def add_worktree(base: str) -> Path:
    """A detached worktree of ``base`` in a new temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="tuolaji-base-"))
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(folder), base],
        check=True,
    )
    return folder


def remove_worktree(folder: Path) -> None:
    """Remove the worktree and its administrative files."""
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)], check=False
    )
    subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], check=False)


def compare(
    sides: Sequence[tuple[str, Path]],
    measurements: Sequence[str],
    repeats: int,
    scale: float,
    report: Callable[[str], None],
    wall: bool = False,
) -> dict[str, Any]:
    """Every measurement ``repeats`` times on each side (a name and the package root it
    imports; the first is the baseline), in turn — the order rotated each repetition, so
    no side always runs on a machine warmed by another; the samples and their summaries,
    each side's ratios to the baseline."""
    base_name = sides[0][0]
    samples: dict[str, dict[str, list[float]]] = {
        name: {side: [] for side, _ in sides} for name in measurements
    }
    for repetition in range(repeats):
        for name in measurements:
            size = max(1, round(SIZES[name] * scale))
            turn = repetition % len(sides)
            order = [*sides[turn:], *sides[:turn]]
            answers = {
                side: measure_tree(root, name, size, repetition, wall) for side, root in order
            }
            fingerprints = {answer.get("positions") for answer in answers.values()}
            if len(fingerprints) > 1:
                # the heuristic reached other positions: the playouts differ in length
                report(f"  warning: the {name} positions differ between the trees")
            for side, answer in answers.items():
                samples[name][side].append(float(answer["rate"]))
            base = samples[name][base_name][-1]
            rates = "  ".join(
                f"{side} {samples[name][side][-1]:8.1f} ({samples[name][side][-1] / base:4.2f}×)"
                for side, _ in sides
            )
            report(f"  {repetition + 1}/{repeats} {name:9} {rates}")
    summary: dict[str, Any] = {}
    for name, by_side in samples.items():
        base_samples = by_side[base_name]
        row: dict[str, Any] = {"base_median": statistics.median(base_samples), "sides": {}}
        for side, _ in sides[1:]:
            ratios = [w / b for b, w in zip(base_samples, by_side[side], strict=True)]
            median = statistics.median(by_side[side])
            row["sides"][side] = {
                "median": median,
                "ratio_of_medians": median / row["base_median"],
                "median_pair_ratio": statistics.median(ratios),
                "min_pair_ratio": min(ratios),
                "max_pair_ratio": max(ratios),
                "samples": by_side[side],
                "pair_ratios": ratios,
            }
        row["base_samples"] = base_samples
        summary[name] = row
    return summary


UNITS = {"random": "rounds/s", "heuristic": "rounds/s", "playout": "playouts/s"}


def table(summary: dict[str, Any], base: str) -> str:
    """The summary as a Markdown table: one row per measurement and side."""
    lines = [
        f"| measurement | side | {base} | side's rate | ratio of medians | median pair ratio "
        "| pair ratios |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for name, row in summary.items():
        for side, figures in row["sides"].items():
            lines.append(
                f"| {name} ({UNITS[name]}) | {side} | {row['base_median']:.1f} "
                f"| {figures['median']:.1f} | {figures['ratio_of_medians']:.2f} "
                f"| {figures['median_pair_ratio']:.2f} "
                f"| {figures['min_pair_ratio']:.2f}–{figures['max_pair_ratio']:.2f} |"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line; run a worker, or the whole comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default=BASELINE, help="the baseline commit (a323782)")
    parser.add_argument("--repeats", type=int, default=7, help="pairs per measurement (7)")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="work per sample, times the default sizes"
    )
    parser.add_argument(
        "--only", choices=MEASUREMENTS, action="append", help="this measurement only"
    )
    parser.add_argument("--json", type=Path, help="also write the figures as JSON here")
    parser.add_argument(
        "--wall", action="store_true", help="time with the wall clock, not CPU time"
    )
    parser.add_argument(
        "--compiled",
        type=Path,
        nargs="?",
        const=ROOT / "build" / "compiled",
        help="also measure the compiled copy of the working tree (make compiled; "
        "default build/compiled)",
    )
    parser.add_argument("--worker", choices=MEASUREMENTS, help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.worker, args.size, args.seed, args.wall)))
        return 0
    if args.repeats < 1 or args.scale <= 0:
        parser.error("--repeats must be at least 1 and --scale above 0")
    from measure import machine

    measurements = args.only or list(MEASUREMENTS)
    print(f"machine: {machine()}", flush=True)
    started = time.perf_counter()
    if args.compiled is not None and not (args.compiled / "tuolaji").is_dir():
        parser.error(f"no compiled copy in {args.compiled}: run make compiled first")
    base_tree = add_worktree(args.base)
    try:
        sides = [(args.base, base_tree / "src"), ("work", ROOT / "src")]
        if args.compiled is not None:
            sides.append(("compiled", args.compiled))
        summary = compare(
            sides,
            measurements,
            args.repeats,
            args.scale,
            lambda line: print(line, flush=True),
            args.wall,
        )
    finally:
        remove_worktree(base_tree)
    print()
    print(table(summary, args.base))
    clock = "wall-clock" if args.wall else "CPU"
    print(f"\n{args.repeats} pairs, {clock} time, {time.perf_counter() - started:.0f} s")
    if args.json:
        data = {
            "machine": machine(),
            "base": args.base,
            "repeats": args.repeats,
            "scale": args.scale,
            "clock": "wall" if args.wall else "cpu",
            "sizes": {name: max(1, round(SIZES[name] * args.scale)) for name in measurements},
            "measurements": summary,
        }
        args.json.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
