"""``tuolaji analyse``: how good one seat's plays were, from its own chair (the work is
:mod:`tuolaji.arena.analysis`; this module reads the options and prints). Kept apart
from cli.py, which registers it.

The decisions are printed as one table per round, narrow enough for an 80-column
terminal: a row per decision, the play made and the best alternative side by side,
their cards folded onto a second line where a throw or a burial is long.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tuolaji.arena.limits import ANALYSIS_GUESSES, MAX_ANALYSIS_GUESSES, MAX_JOBS, MAX_SEED
from tuolaji.cli_errors import fail, refuse
from tuolaji.cli_help import LANG_VARIABLE
from tuolaji.cli_options import (
    LANG_HELP,
    ExecutorOption,
    RayAddressOption,
    executor_choice,
    executor_errors,
    takebacks_refusal,
)
from tuolaji.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from tuolaji.arena.analysis import DecisionAnalysis, GameAnalysis

ANALYSE_SHORT_HELP = N_("Estimate how good one seat's plays were in a game record.")
ANALYSE_HELP = N_(
    "For every play a seat made in a game record, estimate from that seat's knowledge "
    "only (never the hidden cards) the play made and the best alternatives, by playing "
    "the rest of the round out on guesses of the hidden cards; then list the decisions "
    "that cost most. See docs/analysis.md."
)
MAX_TOP = 1000
#: the most guesses a decision may be given (the same bound as arena.analysis's)
MAX_GUESSES = MAX_ANALYSIS_GUESSES


def analyse(
    context: typer.Context,
    file: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD", help=N_("A game record (JSON), as simulate and play write.")
        ),
    ],
    seat: Annotated[
        int,
        typer.Option(
            metavar="N", min=0, max=3, help=N_("The seat whose plays are analysed (0-3).")
        ),
    ] = 0,
    guesses: Annotated[
        int,
        typer.Option(
            metavar="G",
            min=1,
            max=MAX_GUESSES,
            help=N_("Guesses of the hidden cards per decision: more is slower and less noisy."),
        ),
    ] = ANALYSIS_GUESSES,
    seed: Annotated[
        int,
        typer.Option(
            metavar="S",
            min=0,
            max=MAX_SEED,
            help=N_("Seed of the guesses: the same seed gives the same analysis."),
        ),
    ] = 0,
    infer: Annotated[
        float,
        typer.Option(
            metavar="W",
            min=0.0,
            max=1.0,
            help=N_(
                "Inference: the weight a guess keeps for each earlier play of another seat "
                "that the heuristic would not have made with it (1, the default: none)."
            ),
        ),
    ] = 1.0,
    round_number: Annotated[
        int | None,
        typer.Option("--round", metavar="N", min=1, help=N_("Analyse this round only.")),
    ] = None,
    top: Annotated[
        int,
        typer.Option(
            metavar="K", min=1, max=MAX_TOP, help=N_("How many of the costliest decisions to list.")
        ),
    ] = 5,
    jobs: Annotated[
        int,
        typer.Option(
            metavar="N",
            min=1,
            max=MAX_JOBS,
            help=N_(
                "Worker processes, or the CPUs of a Ray started for --executor ray; the "
                "analysis is the same as with one."
            ),
        ),
    ] = 1,
    executor: ExecutorOption = "local",
    ray_address: RayAddressOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print one JSON document instead of a table."))
    ] = False,
    lang: Annotated[
        str | None, typer.Option(metavar="CODE", envvar=LANG_VARIABLE, help=LANG_HELP)
    ] = None,
) -> None:
    """Analyse one seat's plays in a game record (see docs/analysis.md)."""
    from rich.console import Console

    from tuolaji.arena.analysis import AnalysisError, analyse_record
    from tuolaji.game.record import RecordError, load_record
    from tuolaji.play.launch import setup_language

    notice = setup_language(lang)
    if notice:
        typer.echo(notice, err=True)
    executor_choice(context, executor, jobs, ray_address)
    try:
        record = load_record(file)
    except RecordError as error:  # a file missing or unreadable, or not a record
        fail(str(error))
    if record.rules.takebacks:  # R-U1: the bots' analysis knows no takebacks
        refuse(takebacks_refusal())
    try:
        with executor_errors(), _progress(shown=not as_json) as tick:
            analysis = analyse_record(
                record,
                seat,
                guesses=guesses,
                seed=seed,
                inference=infer,
                round_number=round_number,
                progress=tick,
                jobs=jobs,
                executor=executor,
                ray_address=ray_address,
            )
    except RecordError as error:  # a record that does not verify
        fail(str(error))
    except AnalysisError as error:  # a round the record does not have, a bad weight …
        refuse(str(error))
    if as_json:
        typer.echo(json.dumps(analysis.to_json(top), ensure_ascii=False, indent=1))
        return
    console = Console(highlight=False)
    console.print(_heading(analysis))
    for table in _decision_tables(analysis):  # a blank line before each round
        console.print()
        console.print(table)
    console.print()
    console.print(_caption())
    console.print()
    for line in _summary_lines(analysis, top):
        console.print(line)


@contextmanager
def _progress(shown: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr while decisions are analysed, when ``shown`` and stderr
    is a terminal (a pipe, a log or ``--json`` gets nothing): gives the callback to
    tick, or None."""
    if not shown or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        # the number of decisions is known once the record is replayed
        task = bar.add_task(_("Analysing the decisions"), total=None)

        def tick(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield tick


def _heading(analysis: GameAnalysis) -> Text:
    """What the tables below show."""
    from rich.text import Text

    title = _(
        "Plays of seat {seat}, estimated on {guesses} guesses a decision (seed {seed})"
    ).format(seat=analysis.seat, guesses=analysis.guesses, seed=analysis.seed)
    return Text(title, style="bold")


def _caption() -> str:
    """What the columns mean."""
    return _(
        "levels: what the round gives the seat's team; points: the opponents' points; "
        "loss: how much better the best alternative did, in levels; ±: the noise of "
        "that estimate. All from the seat's knowledge, not the hidden cards."
    )


#: the widest a cards column starts out, in terminal cells (four cards): with the other
#: columns, two such columns still fit 80; a longer play folds
CARDS_WIDTH = 13


def _decision_tables(analysis: GameAnalysis) -> list[Table]:
    """A table per round of every analysed play: the play and its estimate, the best
    alternative and its, the loss and its noise; the columns as wide in every round."""
    from rich.cells import cell_len

    from tuolaji.render import cards_text

    rounds: dict[int, list[DecisionAnalysis]] = {}
    for decision in analysis.decisions:
        rounds.setdefault(decision.round_number, []).append(decision)
    widest = max(
        (
            cell_len(cards_text(estimate.cards).plain)
            for decision in analysis.decisions
            for estimate in (decision.chosen, decision.best)
        ),
        default=0,
    )
    width = min(widest, CARDS_WIDTH)
    return [_round_table(number, decisions, width) for number, decisions in rounds.items()]


def _round_table(number: int, decisions: list[DecisionAnalysis], cards_width: int) -> Table:
    """One round's decisions: no lines between the columns, which two spaces part, so
    that nine columns fit 80 terminal columns; the cards columns ``cards_width`` wide
    (or as wide as their headings' longest word), a longer play folding between cards."""
    from rich import box
    from rich.cells import cell_len
    from rich.table import Table

    from tuolaji.render import cards_text

    table = Table(
        title=_("Round {number}").format(number=number),
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
    )
    trick, burial = _("trick"), _("burial")
    played, alternative = _("played"), _("best alternative")

    def cards_column(heading: str) -> int:
        return max(cards_width, *map(cell_len, heading.split()))

    table.add_column(trick, justify="right", no_wrap=True, min_width=cell_len(burial))
    # the cards fold between cards, and a heading between its words, never inside one
    table.add_column(played, min_width=cards_column(played))
    table.add_column(_("levels"), justify="right", no_wrap=True)
    table.add_column(_("points"), justify="right", no_wrap=True)
    table.add_column(alternative, min_width=cards_column(alternative))
    table.add_column(_("levels"), justify="right", no_wrap=True)
    table.add_column(_("points"), justify="right", no_wrap=True)
    table.add_column(_("loss"), justify="right", no_wrap=True)
    table.add_column("±", justify="right", no_wrap=True)
    for decision in decisions:
        chosen, best = decision.chosen, decision.best
        cells: list[RenderableType] = [
            burial if decision.burying else str(decision.trick),
            cards_text(chosen.cards),
            f"{chosen.levels:+.2f}",
            f"{chosen.points:.0f}",
            cards_text(best.cards),
            f"{best.levels:+.2f}",
            f"{best.points:.0f}",
            f"{decision.loss:.2f}" if decision.loss else "",
            f"{decision.noise:.2f}",
        ]
        table.add_row(*cells)
    return table


def _summary_lines(analysis: GameAnalysis, top: int) -> list[RenderableType]:
    """The decisions that cost most, one sentence each (indented, so that a sentence
    folded onto a second line still reads as one), and what was left out."""
    from rich.padding import Padding

    lines: list[RenderableType] = []
    costliest = analysis.costliest(top)
    if costliest:
        lines.append(_("The decisions that cost most:"))
        lines += [Padding(_costly_sentence(decision), (0, 0, 0, 2)) for decision in costliest]
    elif analysis.decisions:
        lines.append(_("No play did worse than the alternatives tried."))
    else:
        lines.append(_("No play of this seat had an alternative to compare."))
    if analysis.forced:
        lines.append(
            ngettext(
                "{count} play had no alternative and is not listed.",
                "{count} plays had no alternative and are not listed.",
                analysis.forced,
            ).format(count=analysis.forced)
        )
    return lines


def _costly_sentence(decision: DecisionAnalysis) -> Text:
    """ "Round 1, trick 7: leading ♠A ♠A lost about 0.40 levels on average; ♥K was
    better (± 0.12).", the cards coloured."""
    from tuolaji.play.words import fill, rich

    if decision.burying:
        template = _(
            "Round {round}: burying {played} lost about {loss} levels on average; burying "
            "{better} was better (± {noise})."
        )
    elif decision.leading:
        template = _(
            "Round {round}, trick {trick}: leading {played} lost about {loss} levels on "
            "average; {better} was better (± {noise})."
        )
    else:
        template = _(
            "Round {round}, trick {trick}: following with {played} lost about {loss} levels "
            "on average; {better} was better (± {noise})."
        )
    return rich(
        fill(
            template,
            round=decision.round_number,
            trick=decision.trick,
            played=decision.chosen.cards,
            loss=f"{decision.loss:.2f}",
            better=decision.best.cards,
            noise=f"{decision.noise:.2f}",
        )
    )
