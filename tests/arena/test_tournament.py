"""Tournaments on duplicate deals (docs/tournaments.md): the two runs of a deal put the
same cards in the same seats with the sides swapped, utilities are zero-sum and match
the levels the game gave (R-S3), the statistics are right, worker processes change
nothing, and the ``tuolaji tournament`` command reports, writes and refuses cleanly.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest

from clikit import run_cli
from tuolaji.arena.deals import DealOutcome, RunOutcome, make_deal, play_deal, side_at
from tuolaji.arena.stats import mean_ci95, side_stats, verdict
from tuolaji.arena.tournament import (
    check_tournament,
    parse_players,
    run_tournament,
    side_labels,
)
from tuolaji.bots.base import Player
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core.cards import full_pack, team_of
from tuolaji.core.rules import CLASSIC, STANDARD
from tuolaji.game.events import CardDrawn
from tuolaji.game.record import load_record, replay

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


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
        assert first.decks == second.decks == (deal.pack,)
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
            assert run.utility(0) + run.utility(1) == 0
            # The game's own levels agree: side A's team gain minus side B's.
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


def run(number: int, declaring: int, hold: bool, points: int, utility_a: int) -> RunOutcome:
    """A hand-made run outcome."""
    return RunOutcome(number, declaring, hold, points, abs(utility_a), utility_a)


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
    assert verdict(a, b).startswith("no clear difference")
    strong = [
        DealOutcome(i, 0, 0, (run(1, 0, True, 0, 3), run(2, 1, False, 90, 1))) for i in (0, 1)
    ]
    assert verdict(side_stats("x", 0, strong), side_stats("y", 1, strong)).startswith("x is")
    assert verdict(side_stats("y", 1, strong), side_stats("x", 0, strong)).startswith("x is")


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
    with pytest.raises(ValueError, match="at least one deal"):
        run_tournament(("random", "random"), 0)
    with pytest.raises(ValueError, match="at least one job"):
        run_tournament(("random", "random"), 1, jobs=0)


# ---------------------------------------------------------------- the command


def test_cli_json_prints_one_object_with_the_documented_keys() -> None:
    done = run_cli(
        "tournament", "--players", "random,random", "--deals", "4", "--seed", "1", "--json"
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout
    summary = json.loads(lines[0])
    assert set(summary) <= {"deals", "players", "seed", "rules"}
    assert summary["deals"] == 4 and summary["seed"] == 1
    assert list(summary["players"]) == ["random#1", "random#2"]
    a, b = summary["players"].values()
    for side in (a, b):
        low, high = side["utility_ci95"]
        assert low <= side["utility_mean"] <= high
        assert 0.0 <= side["hold_rate"] <= 1.0
        assert isinstance(side["opponent_points_mean"], float)
    assert a["utility_mean"] == -b["utility_mean"]


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
        (["--deals", "0"], "at least one deal"),
        (["--records"], "--records needs --out"),
        (["--rules", "casual"], "unknown preset"),
    ],
)
def test_cli_refuses_bad_input_cleanly(args: list[str], message: str) -> None:
    done = run_cli("tournament", "--deals", "2", *args)
    assert done.returncode != 0
    assert message in done.stderr
    assert "Traceback" not in done.stderr
