"""The tables ``tuolaji simulate`` and ``tuolaji tournament`` print (rich tables), their
words in the current language. The verdict under a tournament's table says, in that
language, what ``arena.stats`` found (result.json keeps its English sentence)."""

from __future__ import annotations

from rich.table import Table

from tuolaji.arena import stats
from tuolaji.arena.limits import MIN_DEALS_FOR_VERDICT
from tuolaji.arena.simulate import SimulationSummary
from tuolaji.arena.stats import share_text
from tuolaji.arena.tournament import TournamentResult
from tuolaji.i18n import _, ngettext


def simulation_table(summary: SimulationSummary, seed: int, preset: str) -> Table:
    """The summary of a simulation, one measure a row."""
    table = Table(
        title=_("Simulation, seed {seed}, {preset} rules").format(seed=seed, preset=preset)
    )
    table.add_column(_("measure"))
    table.add_column(_("value"), justify="right")
    rows = [
        (_("rounds"), str(summary.rounds)),
        (
            _("games finished / started"),
            f"{summary.games_finished} / {summary.games_started}",
        ),
        (_("team wins (0&2 / 1&3)"), f"{summary.team_wins[0]} / {summary.team_wins[1]}"),
        (_("declarer hold rate"), f"{summary.declarer_hold_rate:.1%}"),
        (_("opponents' mean points"), f"{summary.opponents_points_mean:.1f}"),
        (_("failed throws"), str(summary.failed_throws)),
        (_("talon bonuses (opponents took the last trick)"), str(summary.talon_bonuses)),
        (_("seconds"), f"{summary.seconds:.2f}"),
        (_("rounds per second"), f"{summary.rounds_per_second:.0f}"),
    ]
    for row in rows:
        table.add_row(*row)
    return table


def tournament_table(result: TournamentResult, preset: str) -> Table:
    """The table ``tuolaji tournament`` prints: one row per side, the verdict below."""
    sides = result.sides
    meaningful = all(side.interval_meaningful for side in sides)
    caption = [_("utility: levels per deal, the side's gain minus the other's")]
    if not meaningful:
        caption.append(
            _("*: with fewer than {count} deals the interval is not meaningful").format(
                count=MIN_DEALS_FOR_VERDICT
            )
        )
    caption.append(stats.verdict_words(result.verdict, result.sides, _, ngettext))
    deals = len(result.deals)
    title = ngettext(
        "Tournament: {count} duplicate deal, seed {seed}, {preset} rules",
        "Tournament: {count} duplicate deals, seed {seed}, {preset} rules",
        deals,
    )
    table = Table(
        title=title.format(count=deals, seed=result.seed, preset=preset),
        caption="\n".join(caption),
    )
    table.add_column(_("side"))
    table.add_column(_("player"), overflow="fold")  # a long command wraps, whole
    columns = [_("utility"), _("95% CI"), _("hold rate"), _("points as opponents")]
    # Only a tournament with an external bot that failed gets the column.
    show_replaced = any(side.replaced for side in sides)
    if show_replaced:
        columns.append(_("replaced moves"))
    for column in columns:
        # an interval broken over two lines reads as two numbers: headings wrap instead
        table.add_column(column, justify="right", no_wrap=column == _("95% CI"))
    for side in sides:
        low, high = side.utility_ci95
        row = [
            side.side,
            side.name,
            f"{side.utility_mean:+.3f}",
            f"[{low:+.3f}, {high:+.3f}]" + ("" if meaningful else "*"),
            f"{side.hold_rate:.1%}",
            f"{side.opponent_points_mean:.1f}",
        ]
        if show_replaced:
            row.append(share_text(side.replaced_share))  # the counts are in --json
        table.add_row(*row)
    return table
