"""Nothing outside ``game`` reads a round's state: the front ends, the bots and
the arena see the game through ``Game.turn()``, ``to_act()``, ``could_declare()``, the
legal views and ``observe(game, seat)`` — so ``game`` may change how it keeps a round."""

from __future__ import annotations

import re
from pathlib import Path

import tuolaji

PACKAGE = Path(tuolaji.__file__).resolve().parent
#: ``game.round.…`` or ``state.round`` (not ``round_limit``, ``round_number``), or the class
ROUND_STATE_READ = re.compile(r"\.round\b|\bRoundState\b")


def readers_of_round_state() -> list[str]:
    """Every line of the package outside ``game/`` that reads a round's state."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] == "game":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ROUND_STATE_READ.search(line):
                found.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    return found


def test_nothing_outside_game_reads_round_state() -> None:
    assert readers_of_round_state() == []


def test_the_scan_would_see_a_reader() -> None:
    # the pattern catches what it must and lets the public names through
    assert ROUND_STATE_READ.search("tricks = self.game.round.tricks")
    assert ROUND_STATE_READ.search("from tuolaji.game.state import RoundState")
    assert not ROUND_STATE_READ.search("game.round_limit = 3; obs.round_number")
