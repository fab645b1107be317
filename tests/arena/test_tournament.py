"""Tournaments on duplicate deals (docs/tournaments.md): the two runs of a deal put the
same cards in the same seats with the sides swapped, utilities are zero-sum and match
the levels the game gave (R-S3), the statistics are right, worker processes change
nothing, the verdict says only what the numbers support (no verdict under 30 deals, no
side called stronger when fallback moves played for it), and the ``tuolaji tournament``
command reports, writes and refuses cleanly.
"""

from __future__ import annotations

import errno
import json
import logging
import math
import os
import shlex
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clikit import run_cli
from tuolaji.arena.deals import DealOutcome, RunOutcome, make_deal, play_deal, side_at
from tuolaji.arena.limits import MAX_DEALS, MAX_JOBS, MIN_DEALS_FOR_VERDICT
from tuolaji.arena.stats import mean_ci95, share_text, side_stats, verdict
from tuolaji.arena.tournament import (
    check_tournament,
    parse_players,
    run_tournament,
    side_labels,
)
from tuolaji.bots.base import Player
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.cli import app as cli
from tuolaji.core.cards import full_pack, team_of
from tuolaji.core.rules import CLASSIC, STANDARD
from tuolaji.game import Observation
from tuolaji.game.events import CardDrawn
from tuolaji.game.record import load_record, replay

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MISBEHAVING = Path(__file__).resolve().parents[1] / "bots" / "misbehaving_bot.py"


class SeatLog:
    """A player factory that hands out random players under any name and notes every
    (name, seed) it was asked for, so tests can tell the two sides apart."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []

    def __call__(self, name: str, seed: int) -> Player:
        self.calls.append((name, seed))
        player = RandomPlayer(seed)
        player.name = name
        return player


# ------------------------------------------------------------------- the deals


def test_a_deal_is_a_seeded_pack_rank_and_starter() -> None:
    deals = [make_deal(7, index) for index in range(40)]
    for deal in deals:
        assert sorted(deal.pack) == full_pack()
        assert 0 <= deal.start.rank <= 12 and 0 <= deal.start.starter < 4
        assert deal.start.declarers == team_of(deal.start.starter)
    assert make_deal(7, 3) == deals[3]  # the same seed and index give the same deal
    assert len({deal.pack for deal in deals}) == 40
    assert make_deal(8, 3).pack != deals[3].pack
    # Over 40 deals the rank and the starter are not stuck on one value.
    assert len({deal.start.rank for deal in deals}) > 5
    assert set(Counter(deal.start.starter for deal in deals)) == {0, 1, 2, 3}


def test_side_a_sits_at_0_and_2_then_at_1_and_3() -> None:
    assert [side_at(1, seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [side_at(2, seat) for seat in range(4)] == [1, 0, 1, 0]


def test_the_two_runs_swap_the_sides_on_the_same_cards(tmp_path: Path) -> None:
    factory = SeatLog()
    for index in range(3):
        play_deal(
            index, ("alpha", "beta"), seed=5, rules=STANDARD, factory=factory, records=tmp_path
        )
        first = load_record(tmp_path / f"deal-{index:05d}-run1.json")
        second = load_record(tmp_path / f"deal-{index:05d}-run2.json")
        deal = make_deal(5, index)
        # Both runs deal the deal's pack, and only it (records keep every pack dealt).
        assert first.packs == second.packs == (deal.pack,)
        assert first.start == second.start == deal.start
        assert first.round_limit == second.round_limit == 1
        assert first.players == ("alpha", "beta", "alpha", "beta")
        assert second.players == ("beta", "alpha", "beta", "alpha")
        # Every seat draws the same cards in both runs: each side holds each hand once.
        draws = [
            [(e.seat, e.card) for e in replay(record).events if isinstance(e, CardDrawn)]
            for record in (first, second)
        ]
        assert draws[0] == draws[1] and len(draws[0]) == 100
    # Players are made fresh for every seat of every run, each with its own seed.
    assert len(factory.calls) == 3 * 2 * 4
    assert len({seed for _, seed in factory.calls}) == len(factory.calls)


def test_r_s3_run_utilities_are_the_level_difference_and_zero_sum(tmp_path: Path) -> None:
    for index in range(6):
        outcome = play_deal(index, ("random", "random"), seed=2, rules=STANDARD, records=tmp_path)
        for run in outcome.runs:
            # Side A's utility is the game's own levels: its team's gain minus side B's
            # (side B's utility is its negative: zero-sum by construction).
            game = replay(load_record(tmp_path / f"deal-{index:05d}-run{run.run}.json"))
            team_a = 0 if run.run == 1 else 1
            rank = game.start.rank if game.start else 0
            gains = [game.levels[team] - rank for team in (0, 1)]
            assert run.utility_a == gains[team_a] - gains[1 - team_a]
            assert run.declaring_side == side_at(run.run, game.results[0].starter)
        assert outcome.utility_a == (outcome.runs[0].utility_a + outcome.runs[1].utility_a) / 2


# -------------------------------------------------------------- the statistics


def test_mean_and_95_interval_by_hand() -> None:
    mean, low, high = mean_ci95([1.0, 2.0, 3.0, 4.0])
    half = 1.96 * math.sqrt(5 / 3) / 2  # sample sd of 1..4 is sqrt(5/3), n = 4
    assert mean == 2.5
    assert low == pytest.approx(2.5 - half) and high == pytest.approx(2.5 + half)
    assert mean_ci95([-1.5]) == (-1.5, -1.5, -1.5)  # one deal: the interval is the point
    assert mean_ci95([2.0, 2.0, 2.0]) == (2.0, 2.0, 2.0)
    with pytest.raises(ValueError):
        mean_ci95([])


def run(
    number: int,
    declaring: int,
    hold: bool,
    points: int,
    utility_a: int,
    decisions: tuple[int, int] = (0, 0),
    replaced: tuple[int, int] = (0, 0),
) -> RunOutcome:
    """A hand-made run outcome."""
    return RunOutcome(
        number, declaring, hold, points, abs(utility_a), utility_a, decisions, replaced
    )


def test_side_statistics_on_hand_made_deals() -> None:
    deals = [
        # A declares in run 2 and holds on 20 points; B declares in run 1 and is overturned.
        DealOutcome(0, 0, 1, (run(1, 1, False, 120, 1), run(2, 0, True, 20, 2))),
        # Both sides hold on 60 points.
        DealOutcome(1, 0, 0, (run(1, 0, True, 60, 1), run(2, 1, True, 60, -1))),
    ]
    a, b = side_stats("x", 0, deals), side_stats("y", 1, deals)
    assert [deal.utility_a for deal in deals] == [1.5, 0.0]
    assert a.utility_mean == 0.75 and b.utility_mean == -0.75
    half = 1.96 * math.sqrt(1.125) / math.sqrt(2)
    assert a.utility_ci95 == pytest.approx((0.75 - half, 0.75 + half))
    assert b.utility_ci95 == pytest.approx((-0.75 - half, -0.75 + half))
    assert (a.declared, a.held, a.hold_rate) == (2, 2, 1.0)
    assert (b.declared, b.held, b.hold_rate) == (2, 1, 0.5)
    assert a.opponent_points_mean == 90.0  # B declared: A took 120 and 60
    assert b.opponent_points_mean == 40.0  # A declared: B took 20 and 60
    assert a.rounds == b.rounds == 4
    assert a.deals == 2 and not a.interval_meaningful
    assert a.decisions == a.replaced == 0 and a.replaced_share == 0.0


# ------------------------------------------------------------------ the verdict


def strong_deals(count: int, replaced: tuple[int, int] = (0, 0)) -> list[DealOutcome]:
    """``count`` hand-made deals that side A wins by two levels, each run with 100
    decisions per side, of which ``replaced`` (A's, B's) a fallback made."""
    runs = (
        run(1, 0, True, 0, 3, decisions=(100, 100), replaced=replaced),
        run(2, 1, False, 90, 1, decisions=(100, 100), replaced=replaced),
    )
    return [DealOutcome(i, 0, 0, runs) for i in range(count)]


def mixed_deals(count: int) -> list[DealOutcome]:
    """``count`` hand-made deals that the sides win in turn: no difference."""
    return [
        DealOutcome(i, 0, 0, (run(1, 0, True, 60, 1 - 2 * (i % 2)), run(2, 1, True, 60, 0)))
        for i in range(count)
    ]


def test_a_verdict_needs_30_deals() -> None:
    assert MIN_DEALS_FOR_VERDICT == 30
    few = strong_deals(29)
    found = verdict(side_stats("x", 0, few), side_stats("y", 1, few))
    assert found.stronger is None and found.replaced_too_often == ()
    assert found.text == "no verdict: a verdict needs at least 30 duplicate deals, not 29"
    enough = strong_deals(30)
    x, y = side_stats("x", 0, enough), side_stats("y", 1, enough)
    assert x.interval_meaningful and y.interval_meaningful
    assert verdict(x, y) == verdict(y, x)
    assert verdict(x, y).text == "x is stronger (95% interval above 0)"
    assert verdict(x, y).stronger == "x"
    even = mixed_deals(30)
    found = verdict(side_stats("x", 0, even), side_stats("y", 1, even))
    assert found.text.startswith("no clear difference") and found.stronger is None


def test_one_deal_gives_no_verdict_and_a_meaningless_interval() -> None:
    one = strong_deals(1)
    a = side_stats("random#1", 0, one)
    assert a.utility_ci95 == (2.0, 2.0)  # a single point, not an interval
    assert not a.interval_meaningful and not a.to_json()["utility_ci95_meaningful"]
    assert verdict(a, side_stats("random#2", 1, one)).text.startswith("no verdict")


def test_a_side_a_fallback_played_for_is_never_called_stronger() -> None:
    # 1 of 100 decisions in each run: exactly the 1% allowed. The result stands, but x
    # is not called stronger.
    rare = strong_deals(30, replaced=(1, 0))
    x, y = side_stats("x", 0, rare), side_stats("y", 1, rare)
    assert (x.decisions, x.replaced, y.replaced) == (6000, 60, 0)
    assert x.replaced_share == pytest.approx(0.01) and not x.replaced_too_often
    found = verdict(x, y)
    assert found.stronger is None and found.replaced_too_often == ()
    assert found.text.startswith("x is not called stronger")
    assert "x was replaced by fallback moves in 60 of its 6000 decisions (1.0%)" in found.text
    # Above 1% there is no verdict at all, whoever leads.
    often = strong_deals(30, replaced=(2, 0))
    x, y = side_stats("x", 0, often), side_stats("y", 1, often)
    assert x.replaced_share == pytest.approx(0.02) and x.replaced_too_often
    found = verdict(x, y)
    assert found.stronger is None and found.replaced_too_often == ("x",)
    assert found.text.startswith("no verdict: fallback moves stood in for x in more than 1%")
    assert x.to_json()["replaced_decisions"] == 120 and x.to_json()["decisions"] == 6000


def test_a_side_replaced_less_than_the_winner_does_not_hide_the_winner() -> None:
    # The fallback played for the weaker side only: the stronger side is still named.
    deals = strong_deals(30, replaced=(0, 1))
    x, y = side_stats("x", 0, deals), side_stats("y", 1, deals)
    found = verdict(x, y)
    assert found.stronger == "x" and "y was replaced by fallback moves" in found.text


def test_side_labels_tell_a_player_against_itself_apart() -> None:
    assert side_labels(("random", "heuristic")) == ("random", "heuristic")
    assert side_labels(("random", "random")) == ("random#1", "random#2")


# ------------------------------------------------------------- the tournament


def test_jobs_2_gives_exactly_the_result_of_jobs_1() -> None:
    one = run_tournament(("random", "random"), 8, seed=11, rules=CLASSIC)
    two = run_tournament(("random", "random"), 8, seed=11, rules=CLASSIC, jobs=2)
    assert [deal.index for deal in two.deals] == list(range(8))
    assert two.deals == one.deals
    assert two.summary_json() == one.summary_json()
    assert run_tournament(("random", "random"), 8, seed=12).deals != one.deals


def test_progress_is_reported_after_each_deal() -> None:
    seen: list[tuple[int, int]] = []
    result = run_tournament(
        ("random", "random"), 3, seed=1, progress=lambda done, total: seen.append((done, total))
    )
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert result.summary_json()["deals"] == 3


def test_settings_that_cannot_run_are_refused() -> None:
    assert parse_players(" random , heuristic ") == ("random", "heuristic")
    for text in ("random", "random,random,random", "random,", ""):
        with pytest.raises(ValueError, match="exactly two players"):
            parse_players(text)
    with pytest.raises(ValueError, match="exactly two players"):
        check_tournament(("random",), 1)
    with pytest.raises(ValueError, match="unknown player 'nobody'"):
        check_tournament(("random", "nobody"), 1)
    bad = [
        ({"deals": 0}, "the number of deals must be from 1 to 100000, not 0"),
        ({"deals": MAX_DEALS + 1}, "the number of deals must be from 1 to 100000, not 100001"),
        ({"deals": 10**20}, "from 1 to 100000"),
        ({"deals": 1, "jobs": 0}, "the number of worker processes (jobs) must be from 1 to 128"),
        ({"deals": 1, "jobs": MAX_JOBS + 1}, "from 1 to 128, not 129"),
        ({"deals": 1, "seed": -1}, "the seed must be from 0 to 4294967295, not -1"),
        ({"deals": 1, "seed": 2**32}, "the seed must be from 0 to 4294967295"),
    ]
    for settings, message in bad:
        with pytest.raises(ValueError) as refused:
            run_tournament(("random", "random"), **settings)  # type: ignore[arg-type]
        assert message in str(refused.value)


class CountingPlayer(RandomPlayer):
    """A random player that counts the decisions asked of it and, if ``claims``, says
    that a fallback made every third of them (as an external bot's ``fallbacks``)."""

    def __init__(self, seed: int, claims: bool) -> None:
        super().__init__(seed)
        self.asked = 0
        self.claims = claims
        self.fallbacks = 0

    def _note(self) -> None:
        self.asked += 1
        if self.claims and self.asked % 3 == 0:
            self.fallbacks += 1

    def declaration(self, observation: Observation) -> Sequence[int] | None:
        self._note()
        return super().declaration(observation)

    def bury(self, observation: Observation) -> Sequence[int]:
        self._note()
        return super().bury(observation)

    def play(self, observation: Observation) -> Sequence[int]:
        self._note()
        return super().play(observation)


def test_decisions_and_replaced_decisions_are_counted_per_side() -> None:
    made: list[CountingPlayer] = []

    def factory(name: str, seed: int) -> Player:
        player = CountingPlayer(seed, claims=name == "beta")
        player.name = name
        made.append(player)
        return player

    outcome = play_deal(3, ("alpha", "beta"), seed=9, rules=STANDARD, factory=factory)
    assert len(made) == 8  # four seats, two runs
    for number, run_players in ((0, made[:4]), (1, made[4:])):
        asked = {n: sum(p.asked for p in run_players if p.name == n) for n in ("alpha", "beta")}
        replaced = sum(p.fallbacks for p in run_players if p.name == "beta")
        outcome_run = outcome.runs[number]
        assert outcome_run.decisions == (asked["alpha"], asked["beta"])
        assert outcome_run.replaced == (0, replaced) and replaced > 10
        assert min(outcome_run.decisions) > 20  # each seat plays a part of every trick


def crashing_bot() -> str:
    """The name of an external bot that exits at once: every decision is a fallback."""
    return "cmd:" + shlex.join([sys.executable, "-c", "pass"])


def test_a_crashed_bot_is_reported_and_not_called_stronger(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.CRITICAL, logger="tuolaji.bots.external"):
        result = run_tournament((crashing_bot(), "random"), 1, seed=2)
    bot, other = result.sides
    assert bot.decisions == bot.replaced > 50 and bot.replaced_share == 1.0
    assert other.decisions > 50 and other.replaced == 0
    assert result.verdict.replaced_too_often == (crashing_bot(),)
    assert result.verdict.stronger is None
    summary = result.summary_json()
    assert summary["replaced_too_often"] == [crashing_bot()]
    assert summary["stronger"] is None and summary["verdict"].startswith("no verdict")
    assert summary["players"][crashing_bot()]["replaced_share"] == 1.0
    assert summary["min_deals_for_verdict"] == 30 and summary["max_replaced_share"] == 0.01


# ---------------------------------------------------------------- the command


def test_cli_json_prints_one_object_with_the_documented_keys() -> None:
    done = run_cli(
        "tournament", "--players", "random,random", "--deals", "4", "--seed", "1", "--json"
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout
    summary = json.loads(lines[0])
    assert set(summary) == {
        "deals",
        "players",
        "seed",
        "rules",
        "verdict",
        "stronger",
        "replaced_too_often",
        "min_deals_for_verdict",
        "max_replaced_share",
    }
    assert summary["deals"] == 4 and summary["seed"] == 1
    assert list(summary["players"]) == ["random#1", "random#2"]
    a, b = summary["players"].values()
    for side in (a, b):
        low, high = side["utility_ci95"]
        assert low <= side["utility_mean"] <= high
        assert 0.0 <= side["hold_rate"] <= 1.0
        assert isinstance(side["opponent_points_mean"], float)
        # Four deals: the interval is reported, and marked as not meaningful.
        assert side["utility_ci95_meaningful"] is False
        assert side["decisions"] > 4 * 50 and side["replaced_decisions"] == 0
        assert side["replaced_share"] == 0.0
    assert a["utility_mean"] == -b["utility_mean"]
    assert summary["verdict"] == "no verdict: a verdict needs at least 30 duplicate deals, not 4"
    assert summary["stronger"] is None and summary["replaced_too_often"] == []


def test_cli_one_deal_gives_no_verdict_and_marks_the_interval() -> None:
    done = run_cli("tournament", "--players", "random,random", "--deals", "1")
    assert done.returncode == 0, done.stderr
    assert "random#1 is stronger" not in done.stdout
    assert "no verdict: a verdict needs at least 30 duplicate deals, not 1" in done.stdout
    assert "]*" in done.stdout  # the interval, marked…
    assert "*: with fewer than 30 deals the interval is not meaningful" in done.stdout  # …why


def test_cli_a_crashed_bot_fails_with_status_3_and_keeps_the_results(tmp_path: Path) -> None:
    out = tmp_path / "out"
    players = f"{crashing_bot()},random"
    done = run_cli("tournament", "--players", players, "--deals", "1", "--json", "--out", str(out))
    assert done.returncode == 3
    summary = json.loads(done.stdout)
    assert summary["replaced_too_often"] == [crashing_bot()] and summary["stronger"] is None
    assert summary["players"][crashing_bot()]["replaced_decisions"] > 50
    error_lines = [line for line in done.stderr.splitlines() if line.startswith("Error:")]
    assert len(error_lines) == 1, done.stderr
    assert f"of {crashing_bot()} (100.0%), more than the 1% allowed" in error_lines[0]
    assert "Traceback" not in done.stderr
    # Nothing is lost: the results were written before the command failed.
    written = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert written["replaced_too_often"] == [crashing_bot()]
    table = run_cli("tournament", "--players", f"{crashing_bot()},random", "--deals", "1")
    assert table.returncode == 3
    assert "replaced moves" in table.stdout and "100.0%" in table.stdout
    assert "no verdict: fallback moves stood in for" in table.stdout


def test_cli_out_writes_the_result_the_chart_and_records(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = run_cli("tournament", "--deals", "3", "--seed", "4", "--out", str(out), "--records")
    assert done.returncode == 0, done.stderr
    assert "95% CI" in done.stdout and "random#1" in done.stdout
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert result["settings"]["players"] == ["random", "random"]
    assert result["settings"]["deals"] == result["deals"] == 3
    assert [deal["deal"] for deal in result["per_deal"]] == [0, 1, 2]
    mean = sum(deal["utility_a"] for deal in result["per_deal"]) / 3
    assert result["players"]["random#1"]["utility_mean"] == pytest.approx(mean)
    assert (out / "cumulative_utility.png").read_bytes().startswith(PNG_SIGNATURE)
    records = sorted(path.name for path in (out / "records").iterdir())
    assert records == [f"deal-{i:05d}-run{r}.json" for i in range(3) for r in (1, 2)]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "random,random,random"], "exactly two players"),
        (["--players", "random,nobody"], "unknown player 'nobody'"),
        (
            ["--players", "search:0,random"],
            "search:SECONDS takes a budget greater than 0 and at most 60 seconds, not 0",
        ),
        (
            ["--players", "search:guesses=0,random"],
            "search:guesses=N takes a whole number of guesses from 1 to 5000, not 0",
        ),
        (
            ["--players", "cmd:timeout=0:python3 bot.py,random"],
            "cmd:timeout=SECONDS takes a timeout greater than 0 and at most 600 seconds, not 0",
        ),
        (["--players", "random:name=a b,random"], "name=LABEL takes 1 to 40 characters"),
        (["--deals", "0"], "'--deals': Input should be greater than or equal to 1"),
        (["--deals", "99999999999999999999"], "less than or equal to 100000"),
        (["--jobs", "0"], "'--jobs': Input should be greater than or equal to 1"),
        (["--jobs", "129"], "'--jobs': Input should be less than or equal to 128"),
        (["--seed", "-1"], "'--seed': Input should be greater than or equal to 0"),
        (["--seed", "4294967296"], "'--seed': Input should be less than or equal to 4294967295"),
        (["--records"], "--records needs --out"),
        (["--rules", "casual"], "unknown preset"),
    ],
)
def test_cli_refuses_bad_input_cleanly(args: list[str], message: str) -> None:
    done = CliRunner().invoke(cli, ["tournament", "--deals", "2", *args])
    assert done.exit_code == 2
    assert message in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("Error: ")  # one line says why
    assert done.stdout == ""
    assert done.exception is None or isinstance(done.exception, SystemExit)


def marker_bot(marker: Path) -> str:
    """A well-behaved external bot that notes every line it is sent in ``marker``: the
    file exists once any deal has started."""
    return "cmd:" + shlex.join([sys.executable, str(MISBEHAVING), "good", "--record", str(marker)])


def bad_out_folders(tmp_path: Path) -> dict[str, tuple[list[str], str]]:
    """Output folders ``--out`` must refuse, with what the message says."""
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("keep me\n")
    earlier = tmp_path / "earlier"
    earlier.mkdir()
    (earlier / "result.json").write_text("{}")
    records = tmp_path / "with-records"
    (records / "records").mkdir(parents=True)
    (records / "records" / "deal-00000-run1.json").write_text("{}")
    return {
        "an existing file": (["--out", str(a_file)], f"{a_file} is a file, not a folder"),
        "under a file": (
            ["--out", str(a_file / "out")],
            f"cannot create {a_file / 'out'}: {a_file} is a file, not a folder",
        ),
        "missing parent": (
            ["--out", str(tmp_path / "no" / "such" / "out")],
            f"cannot create {tmp_path / 'no' / 'such' / 'out'}: "
            f"the folder {tmp_path / 'no' / 'such'} does not exist",
        ),
        "earlier results": (
            ["--out", str(earlier)],
            f"{earlier} already holds result.json from an earlier run",
        ),
        "earlier records": (
            ["--out", str(records), "--records"],
            f"{records / 'records'} already holds deal-00000-run1.json from an earlier run",
        ),
    }


@pytest.mark.parametrize(
    "case",
    ["an existing file", "under a file", "missing parent", "earlier results", "earlier records"],
)
def test_cli_out_is_checked_before_the_first_deal(case: str, tmp_path: Path) -> None:
    args, message = bad_out_folders(tmp_path)[case]
    before = sorted(str(path) for path in tmp_path.rglob("*"))
    marker = tmp_path.parent / f"{tmp_path.name}-marker"
    players = f"{marker_bot(marker)},random"
    done = CliRunner().invoke(cli, ["tournament", "--players", players, "--deals", "2", *args])
    assert done.exit_code == 2
    assert f"Invalid value for '--out': {message}" in done.stderr
    assert not marker.exists()  # no deal was played
    assert sorted(str(path) for path in tmp_path.rglob("*")) == before  # nothing changed
    assert (tmp_path / "a-file.txt").read_text() == "keep me\n"


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write anywhere"
)
def test_cli_out_in_a_folder_that_cannot_be_written_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    try:
        done = CliRunner().invoke(cli, ["tournament", "--deals", "1", "--out", str(locked)])
        nested = CliRunner().invoke(
            cli, ["tournament", "--deals", "1", "--out", str(locked / "out")]
        )
    finally:
        locked.chmod(0o700)
    assert done.exit_code == 2 and f"cannot write in the folder {locked}" in done.stderr
    assert nested.exit_code == 2 and f"cannot create the folder {locked / 'out'}" in nested.stderr


def test_cli_out_creates_its_own_folder_when_the_parent_exists(tmp_path: Path) -> None:
    out = tmp_path / "new"
    done = CliRunner().invoke(cli, ["tournament", "--deals", "1", "--out", str(out), "--json"])
    assert done.exit_code == 0, done.stderr
    assert sorted(path.name for path in out.iterdir()) == ["cumulative_utility.png", "result.json"]


def test_cli_prints_the_results_when_they_cannot_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("tuolaji.arena.tournament.write_outputs", disk_full)
    out = tmp_path / "out"
    done = CliRunner().invoke(cli, ["tournament", "--deals", "2", "--out", str(out), "--json"])
    assert done.exit_code == 1
    assert json.loads(done.stdout)["deals"] == 2  # the results are not lost
    assert done.stderr.strip() == (
        f"Error: could not write the results into {out}: {os.strerror(errno.ENOSPC)}"
    )


def test_a_share_above_nothing_never_reads_as_nothing() -> None:
    assert share_text(0.0) == "0.0%" and share_text(1 / 2713) == "<0.1%"
    assert share_text(0.001) == "0.1%" and share_text(1.0) == "100.0%"


def test_the_interval_is_never_broken_over_two_lines_of_a_narrow_table() -> None:
    from rich.console import Console

    from tuolaji.cli_tables import tournament_table

    result = run_tournament(("random", "random"), 2, seed=3)
    console = Console(width=60, record=True, color_system=None)
    console.print(tournament_table(result, "standard"))
    shown = console.export_text()
    for side in result.sides:
        low, high = side.utility_ci95
        assert f"[{low:+.3f}, {high:+.3f}]*" in shown  # whole, on one line


def test_the_verdict_under_the_table_is_the_verdicts_own_words_in_english() -> None:
    import dataclasses

    from tuolaji.arena.stats import verdict_words
    from tuolaji.i18n import _, ngettext

    few = run_tournament(("random", "random"), 2, seed=3)
    crashed = run_tournament((crashing_bot(), "random"), 1, seed=3)
    decided = run_tournament(("heuristic", "random"), MIN_DEALS_FOR_VERDICT, seed=3)
    # the same result with one fallback move for the side ahead: not called stronger
    ahead, behind = decided.sides
    helped = dataclasses.replace(decided, sides=(dataclasses.replace(ahead, replaced=1), behind))
    reasons = set()
    for result in (few, crashed, decided, helped):
        reasons.add(result.verdict.reason)
        assert verdict_words(result.verdict, result.sides, _, ngettext) == result.verdict.text
    assert reasons == {"too-few-deals", "replaced-too-often", "stronger", "not-called-stronger"}
