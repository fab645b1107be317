"""``tuolaji analyse``: how good one seat's plays were, from its own chair (the work is
:mod:`tuolaji.arena.analysis`; this module reads the options and prints). Kept apart
from cli.py, which registers it."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tuolaji.arena.limits import ANALYSIS_GUESSES, MAX_ANALYSIS_GUESSES, MAX_SEED
from tuolaji.cli_help import LANG_VARIABLE
from tuolaji.cli_help import fail as _fail
from tuolaji.i18n import N_, _, ngettext

if TYPE_CHECKING:
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
#: bad input (a file that is not a record, a seat or round the record lacks) exits so
USAGE_EXIT_STATUS = 2
MAX_TOP = 1000
#: the most guesses a decision may be given (the same bound as arena.analysis's)
MAX_GUESSES = MAX_ANALYSIS_GUESSES


def analyse(
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
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print one JSON document instead of a table."))
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            metavar="CODE",
            envvar=LANG_VARIABLE,
            help=N_("Language: en, zh_CN, es, da, lv or hi (default: the locale's)."),
        ),
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
    try:
        record = load_record(file)
        with _progress() as tick:
            analysis = analyse_record(
                record,
                seat,
                guesses=guesses,
                seed=seed,
                inference=infer,
                round_number=round_number,
                progress=tick,
            )
    except (RecordError, AnalysisError) as error:
        _fail(str(error), USAGE_EXIT_STATUS)
    if as_json:
        typer.echo(json.dumps(analysis.to_json(top), ensure_ascii=False, indent=1))
        return
    console = Console(highlight=False)
    console.print(_decisions_table(analysis))
    for line in _summary_lines(analysis, top):
        console.print(line)


@contextmanager
def _progress() -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr while decisions are analysed, only when stderr is a
    terminal (a pipe or a log gets nothing): gives the callback to tick, or None."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(_("Analysing"), total=None)

        def tick(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield tick


def _decisions_table(analysis: GameAnalysis) -> Table:
    """Every analysed play: the play and its estimate, the best alternative and its."""
    from rich.table import Table

    from tuolaji.render import cards_text

    title = _(
        "Plays of seat {seat}, estimated on {guesses} guesses a decision (seed {seed})"
    ).format(seat=analysis.seat, guesses=analysis.guesses, seed=analysis.seed)
    table = Table(
        title=title,
        caption=_(
            "levels: what the round gives the seat's team; points: the opponents' points; "
            "loss: how much better the best alternative did, in levels; ±: the noise of "
            "that estimate. All from the seat's knowledge, not the hidden cards."
        ),
    )
    for header, justify in (
        (_("round"), "right"),
        (_("trick"), "right"),
        (_("played"), "left"),
        (_("levels"), "right"),
        (_("points"), "right"),
        (_("best alternative"), "left"),
        (_("levels"), "right"),
        (_("points"), "right"),
        (_("loss"), "right"),
        ("±", "right"),
    ):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    for decision in analysis.decisions:
        chosen, best = decision.chosen, decision.best
        table.add_row(
            str(decision.round_number),
            _("burial") if decision.burying else str(decision.trick),
            cards_text(chosen.cards),
            f"{chosen.levels:+.2f}",
            f"{chosen.points:.0f}",
            cards_text(best.cards),
            f"{best.levels:+.2f}",
            f"{best.points:.0f}",
            f"{decision.loss:.2f}" if decision.loss else "",
            f"{decision.noise:.2f}",
        )
    return table


def _summary_lines(analysis: GameAnalysis, top: int) -> list[Text | str]:
    """The decisions that cost most, one sentence each, and what was left out."""
    lines: list[Text | str] = []
    costliest = analysis.costliest(top)
    if costliest:
        lines.append(_("The decisions that cost most:"))
        lines += [_costly_sentence(decision) for decision in costliest]
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
