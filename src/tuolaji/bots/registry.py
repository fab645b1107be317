"""Players by name, as the command line and records name them (docs/bots.md).

A player name is a kind, then options, each after a colon::

    random   heuristic   search   cmd:COMMAND            the kinds
    search:guesses=64    search:0.2    search:seconds=0.2   the search's budget
    search:bury=search    search:bury=heuristic             who chooses its burial
    search:width=5                                          how many plays it compares
    search:infer=0.1    search:infer=1                      its inference (1: none)
    cmd:timeout=20:python examples/bot.py                  an external bot's timeout
    search:guesses=64:name=s64    cmd:name=mcts:./mcts     a label for the results

Every kind takes ``name=LABEL``: results name the player by its label instead of the
whole name. ``cmd:`` options come before the command; everything after them is the
command, colons included. A list of players (``--players``) is split on commas, except
commas inside quotes or written ``\\,`` (:func:`split_players`).
"""

from __future__ import annotations

import math
import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tuolaji.bots.base import Player
from tuolaji.bots.external import DEFAULT_TIMEOUT_S, ExternalPlayer
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.bots.search import SearchPlayer

_FACTORIES: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
    "search": SearchPlayer,
}

#: The built-in players, by their plain names.
PLAYER_NAMES: tuple[str, ...] = tuple(_FACTORIES)
#: The longest thinking budget per decision that ``search:SECONDS`` takes.
MAX_SEARCH_SECONDS = 60
#: The most guesses per decision that ``search:guesses=N`` takes (about a minute a
#: decision early in a round on the development machine, as MAX_SEARCH_SECONDS).
MAX_SEARCH_GUESSES = 5000
#: The most candidate plays ``search:width=N`` compares (each costs a playout a guess).
MAX_SEARCH_WIDTH = 32
#: Who may choose a search's burial (``search:bury=…``): its own search, or the heuristic.
BURIAL_CHOOSERS = ("search", "heuristic")
#: The longest answer timeout that ``cmd:timeout=SECONDS`` takes.
MAX_BOT_TIMEOUT_S = 600
#: The longest label ``name=LABEL`` takes.
MAX_LABEL = 40

# A label is shown in tables and used as a JSON key: one short word, and none of the
# characters that separate options, players or shell words.
_LABEL = re.compile(rf"[^\s:,'\"\\]{{1,{MAX_LABEL}}}")
# ``cmd:`` options: ``key=value:`` before the command (a value holds no colon or space).
_CMD_OPTION = re.compile(r"([a-z_]+)=([^:\s]*):")
# What is left when the options did not end with a colon, or a value held a space.
_CMD_OPTION_LEFT = re.compile(r"(?:timeout|name)=")
_OPTIONS = {
    "random": ("name",),
    "heuristic": ("name",),
    "search": ("guesses", "seconds", "name", "bury", "width", "infer"),
    "cmd": ("timeout", "name"),
}


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A player name, read: its kind and options (see the module docstring)."""

    #: the name as written
    text: str
    #: ``random``, ``heuristic``, ``search`` or ``cmd``
    kind: str
    #: the label results show, if ``name=LABEL`` gave one
    label: str | None = None
    #: a search budget in seconds (``search:SECONDS``, ``search:seconds=S``)
    seconds: float | None = None
    #: a search budget in guesses (``search:guesses=N``)
    guesses: int | None = None
    #: who chooses a search's burial, ``search`` or ``heuristic`` (``search:bury=…``)
    bury: str | None = None
    #: how many of the heuristic's best plays a search compares (``search:width=N``)
    width: int | None = None
    #: the weight a search's guess keeps per earlier play it does not explain
    #: (``search:infer=W``, 0 < W <= 1; 1 turns the inference off)
    infer: float | None = None
    #: an external bot's answer timeout (``cmd:timeout=SECONDS``)
    timeout_s: float | None = None
    #: an external bot's command, split into words
    command: tuple[str, ...] = ()

    @property
    def display_name(self) -> str:
        """What results call the player: its label, or else the whole name."""
        return self.label if self.label is not None else self.text


def parse_player(text: str) -> PlayerSpec:
    """Read a player name; anything it cannot run is a ``ValueError`` that says why.

    Whether an external bot's program exists is checked when the player is made
    (:func:`make_player`), not here.
    """
    kind, colon, rest = text.partition(":")
    if kind not in _OPTIONS or (kind == "cmd" and not colon):
        raise ValueError(
            f"unknown player {text!r}: choose from {', '.join(PLAYER_NAMES)} or "
            "cmd:COMMAND, with options such as search:guesses=N (see docs/bots.md)"
        )
    if kind == "cmd":
        options, command = _cmd_options(text, rest)
    else:
        options, command = _options(text, kind, rest.split(":") if colon else []), ()
    label = options.get("name")
    if label is not None and not _LABEL.fullmatch(label):
        raise ValueError(
            f"name=LABEL takes 1 to {MAX_LABEL} characters without spaces, colons, commas, "
            f"quotes or backslashes, not {label!r}"
        )
    return PlayerSpec(
        text=text,
        kind=kind,
        label=label,
        seconds=_search_seconds(options["seconds"]) if "seconds" in options else None,
        guesses=_search_guesses(options["guesses"]) if "guesses" in options else None,
        bury=_search_bury(options["bury"]) if "bury" in options else None,
        width=_search_width(options["width"]) if "width" in options else None,
        infer=_search_infer(options["infer"]) if "infer" in options else None,
        timeout_s=_bot_timeout(options["timeout"]) if "timeout" in options else None,
        command=command,
    )


def _options(text: str, kind: str, parts: list[str]) -> dict[str, str]:
    """The ``key=value`` options of a built-in player; for the search, a bare number is
    its budget in seconds (``search:0.2``, as before options existed)."""
    options: dict[str, str] = {}
    for part in parts:
        key, equals, value = part.partition("=")
        if not equals and kind == "search":
            key, value = "seconds", part
        elif key not in _OPTIONS[kind]:
            allowed = ", ".join(f"{option}=…" for option in _OPTIONS[kind])
            raise ValueError(f"{text!r}: {kind} takes the options {allowed}, not {part!r}")
        _add_option(text, options, key, value)
    if "seconds" in options and "guesses" in options:
        raise ValueError(f"{text!r}: give the search one budget, in guesses or in seconds")
    return options


def _cmd_options(text: str, rest: str) -> tuple[dict[str, str], tuple[str, ...]]:
    """The options of ``cmd:`` and the command after them, split into words like a
    shell command line (quotes group words)."""
    options: dict[str, str] = {}
    while (found := _CMD_OPTION.match(rest)) is not None:
        key, value = found.groups()
        if key not in _OPTIONS["cmd"]:
            raise ValueError(
                f"{text!r}: cmd takes the options timeout=SECONDS and name=LABEL before "
                f"the command, not {key}="
            )
        _add_option(text, options, key, value)
        rest = rest[found.end() :]
    if _CMD_OPTION_LEFT.match(rest):
        # No program is called "name=…": this is an option not closed by a colon.
        raise ValueError(
            f"{text!r}: write each option as key=value followed by a colon, with no space "
            "in the value, and the command after the last one (cmd:timeout=20:COMMAND)"
        )
    try:
        command = tuple(shlex.split(rest))
    except ValueError as error:  # an unclosed quote
        raise ValueError(f"cannot read the command of {text!r}: {error}") from None
    if not command:
        raise ValueError("an external bot needs a command to run")
    return options, command


def _add_option(text: str, options: dict[str, str], key: str, value: str) -> None:
    """Note one option; the same option twice is refused."""
    if key in options:
        raise ValueError(f"{text!r}: the option {key}= is given twice")
    options[key] = value


def _shown(value: str, number: float) -> str:
    """A refused value as a message shows it: the number as written, anything else
    quoted (so that an empty value is visible)."""
    return value.strip() if not math.isnan(number) else repr(value)


def _search_seconds(value: str) -> float:
    """The search's budget in seconds, from ``seconds=`` or a bare number."""
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_SEARCH_SECONDS:  # NaN fails this too
        raise ValueError(
            "search:SECONDS takes a budget greater than 0 and at most "
            f"{MAX_SEARCH_SECONDS} seconds, not {_shown(value, seconds)}"
        )
    return seconds


def _search_guesses(value: str) -> int:
    """The search's budget in guesses, from ``guesses=``: a whole number, no sign."""
    guesses = int(value) if value.strip().isdigit() else 0
    if not 1 <= guesses <= MAX_SEARCH_GUESSES:
        raise ValueError(
            "search:guesses=N takes a whole number of guesses from 1 to "
            f"{MAX_SEARCH_GUESSES}, not {value.strip() if value.strip() else repr(value)}"
        )
    return guesses


def _search_width(value: str) -> int:
    """How many candidate plays the search compares, from ``width=``: 1 to
    ``MAX_SEARCH_WIDTH`` (the search's ``DEFAULT_WIDTH`` when not given)."""
    width = int(value) if value.strip().isdigit() else 0
    if not 1 <= width <= MAX_SEARCH_WIDTH:
        raise ValueError(
            f"search:width=N takes a whole number of candidate plays from 1 to "
            f"{MAX_SEARCH_WIDTH}, not {value.strip() if value.strip() else repr(value)}"
        )
    return width


def _search_infer(value: str) -> float:
    """The search's inference weight, from ``infer=``: above 0 and at most 1."""
    try:
        weight = float(value)
    except ValueError:
        weight = math.nan
    if not 0 < weight <= 1:  # NaN fails this too
        raise ValueError(
            "search:infer=W takes the weight a guess keeps for each earlier play it does "
            f"not explain, above 0 and at most 1 (1: no inference), not {_shown(value, weight)}"
        )
    return weight


def _search_bury(value: str) -> str:
    """Who chooses the search's burial, from ``bury=``: ``search`` or ``heuristic``."""
    if value not in BURIAL_CHOOSERS:
        raise ValueError(
            f"search:bury= takes {' or '.join(BURIAL_CHOOSERS)} (who chooses the burial), "
            f"not {value!r}"
        )
    return value


def _bot_timeout(value: str) -> float:
    """An external bot's answer timeout in seconds, from ``timeout=``."""
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_BOT_TIMEOUT_S:
        raise ValueError(
            "cmd:timeout=SECONDS takes a timeout greater than 0 and at most "
            f"{MAX_BOT_TIMEOUT_S} seconds, not {_shown(value, seconds)}"
        )
    return seconds


def make_player(name: str, seed: int) -> Player:
    """A new player named ``name`` (see the module docstring), seeded; a name that
    names no player is a ``ValueError`` that says why.

    ``cmd:COMMAND`` seats an external bot: COMMAND is split like a shell command line
    (``cmd:python examples/bot.py``) and run speaking docs/bot-protocol.md. The
    player's ``name`` is its label when it has one.
    """
    spec = parse_player(name)
    if spec.kind == "cmd":
        timeout_s = DEFAULT_TIMEOUT_S if spec.timeout_s is None else spec.timeout_s
        return ExternalPlayer(spec.command, seed, timeout_s=timeout_s, name=spec.display_name)
    if spec.kind == "search":
        extra: dict[str, Any] = {} if spec.width is None else {"width": spec.width}
        if spec.bury is not None:
            extra["search_burial"] = spec.bury == "search"
        if spec.infer is not None:
            extra["inference"] = spec.infer
        player: Player = SearchPlayer(seed, seconds=spec.seconds, guesses=spec.guesses, **extra)
    else:
        player = _FACTORIES[spec.kind](seed)
    player.name = spec.display_name
    return player


def split_players(text: str) -> list[str]:
    """The player names of a comma-separated list, each stripped of surrounding spaces.

    A comma inside single or double quotes, or written ``\\,``, belongs to the name (a
    command such as ``cmd:mybot --weights "a,b"``); the quotes and backslashes stay in
    the name, for the command's own split. An unclosed quote is a ``ValueError``.
    """
    names: list[str] = []
    current: list[str] = []
    quote: str | None = None
    chars = iter(text)
    for char in chars:
        if char == "," and quote is None:
            names.append("".join(current).strip())
            current = []
            continue
        current.append(char)
        if char == "\\" and quote != "'":
            current.append(next(chars, ""))  # the escaped character is taken as it is
        elif char in "'\"" and quote in (None, char):
            quote = None if quote == char else char
    if quote is not None:
        raise ValueError(f"the player list has an unclosed {quote} quote: {text!r}")
    names.append("".join(current).strip())
    return names


def check_player_names(
    names: Sequence[str], factory: Callable[[str, int], Player] = make_player
) -> dict[str, str]:
    """Raise ``ValueError`` for a name that names no player, before any game starts
    (making a player is cheap: an external bot's process only starts when first asked).

    Returns what each player calls itself (its ``name``: the label of ``name=LABEL``),
    by the name it was made from: results show that.
    """
    shown: dict[str, str] = {}
    for name in dict.fromkeys(names):
        player = factory(name, 0)
        shown[name] = player.name
        close = getattr(player, "close", None)
        if callable(close):
            close()
    return shown
