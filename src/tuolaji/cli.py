"""The ``tuolaji`` command line. Thin: every command calls into the package."""

from __future__ import annotations

import sys

import typer

from tuolaji import __version__

app = typer.Typer(
    help="tuolaji — Tractor (拖拉机 / Sheng Ji 升级): rules engine, games and bots.",
    no_args_is_help=True,
    add_completion=False,
)


@app.command()
def judge() -> None:
    """Answer rules questions: JSON Lines on stdin, one answer line each on stdout
    (see docs/judge.md)."""
    from tuolaji.judge import run

    run(sys.stdin, sys.stdout)


@app.command()
def version() -> None:
    """Print the version."""
    typer.echo(__version__)


def main() -> None:
    """Entry point of the ``tuolaji`` script."""
    app()
