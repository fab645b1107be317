"""Player names (docs/bots.md): kinds and their options after colons, labels, and the
comma-separated lists of ``--players`` with their quoting rule.

- ``search:guesses=N`` and ``search:SECONDS`` / ``search:seconds=S`` give the search
  its budget; ``cmd:timeout=S:COMMAND`` an external bot its answer timeout;
  ``name=LABEL`` any player the name results show.
- A ``cmd:`` command keeps its colons, and its commas when quoted or escaped.
- Every malformed name is refused with a ``ValueError`` that says why, and nothing is
  started.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuolaji.bots.external import DEFAULT_TIMEOUT_S, ExternalPlayer
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.bots.registry import (
    MAX_BOT_TIMEOUT_S,
    MAX_SEARCH_GUESSES,
    PlayerSpec,
    check_player_names,
    make_player,
    parse_player,
    split_players,
)
from tuolaji.bots.search import DEFAULT_GUESSES, DEFAULT_WIDTH, SearchPlayer

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot.py"
BOT = shlex.join([sys.executable, str(EXAMPLE)])


# ------------------------------------------------------------------ the search


def test_search_takes_a_budget_in_guesses_or_in_seconds() -> None:
    plain = make_player("search", 1)
    assert isinstance(plain, SearchPlayer) and plain.name == "search"
    assert plain.seconds is None and plain.min_guesses == plain.max_guesses == DEFAULT_GUESSES
    counted = make_player("search:guesses=64", 1)
    assert isinstance(counted, SearchPlayer) and counted.seconds is None
    assert counted.min_guesses == counted.max_guesses == 64
    assert counted.name == "search:guesses=64"  # no label: the whole name
    for name in ("search:0.25", "search:seconds=0.25"):
        timed = make_player(name, 1)
        assert isinstance(timed, SearchPlayer) and timed.seconds == 0.25, name
    assert parse_player(f"search:guesses={MAX_SEARCH_GUESSES}").guesses == MAX_SEARCH_GUESSES


def test_search_width_is_how_many_plays_it_compares() -> None:
    wide = make_player("search:guesses=4:width=6", 1)
    assert isinstance(wide, SearchPlayer) and wide.width == 6 and wide.max_guesses == 4
    plain = make_player("search", 1)
    assert isinstance(plain, SearchPlayer) and plain.width == DEFAULT_WIDTH


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("search:guesses=0", "from 1 to 5000, not 0"),
        ("search:guesses=5001", "from 1 to 5000, not 5001"),
        ("search:guesses=1.5", "whole number of guesses from 1 to 5000, not 1.5"),
        ("search:guesses=-3", "not -3"),
        ("search:guesses=", "not ''"),
        ("search:seconds=0", "greater than 0 and at most 60 seconds, not 0"),
        ("search:seconds=soon", "at most 60 seconds, not 'soon'"),
        ("search:guesses=8:seconds=1", "one budget, in guesses or in seconds"),
        ("search:0.2:guesses=8", "one budget, in guesses or in seconds"),
        ("search:guesses=8:guesses=9", "the option guesses= is given twice"),
        ("search:width=0", "candidate plays from 1 to 32, not 0"),
        ("search:width=33", "from 1 to 32, not 33"),
        ("search:width=two", "from 1 to 32, not two"),
        ("search:width=", "not ''"),
        ("search:depth=5", "search takes the options guesses=…, seconds=…, name=…"),
        ("random:0.2", "random takes the options name=…, not '0.2'"),
        ("heuristic:guesses=3", "heuristic takes the options name=…"),
        ("searching", "unknown player 'searching'"),
        ("cmd", "unknown player 'cmd'"),
    ],
)
def test_bad_built_in_options_are_refused_with_the_reason(name: str, says: str) -> None:
    with pytest.raises(ValueError) as refused:
        make_player(name, 0)
    assert says in str(refused.value)


def test_a_search_player_takes_one_budget() -> None:
    with pytest.raises(ValueError, match="not both"):
        SearchPlayer(0, seconds=0.1, guesses=4)
    with pytest.raises(ValueError, match="at least 1 guess"):
        SearchPlayer(0, guesses=0)


# ------------------------------------------------------------ external bots


def test_cmd_options_come_before_the_command_and_colons_stay_in_it() -> None:
    spec = parse_player(f"cmd:timeout=20:name=mcts:{BOT} --map a:b")
    assert spec == PlayerSpec(
        text=f"cmd:timeout=20:name=mcts:{BOT} --map a:b",
        kind="cmd",
        label="mcts",
        timeout_s=20.0,
        command=(sys.executable, str(EXAMPLE), "--map", "a:b"),
    )
    # Options in any order; none at all is the old cmd:COMMAND.
    assert parse_player(f"cmd:name=m:timeout=0.5:{BOT}").timeout_s == 0.5
    assert parse_player(f"cmd:{BOT}") == PlayerSpec(
        text=f"cmd:{BOT}", kind="cmd", command=(sys.executable, str(EXAMPLE))
    )


def test_the_timeout_and_label_reach_the_player() -> None:
    bot = make_player(f"cmd:timeout=12.5:name=mcts:{BOT}", 3)
    plain = make_player(f"cmd:{BOT}", 3)
    assert isinstance(bot, ExternalPlayer) and isinstance(plain, ExternalPlayer)
    assert (bot.timeout_s, bot.name, bot.seed) == (12.5, "mcts", 3)
    assert bot.pid is None  # made, not started
    assert plain.timeout_s == DEFAULT_TIMEOUT_S and plain.name == f"cmd:{BOT}"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        (f"cmd:timeout=0:{BOT}", "greater than 0 and at most 600 seconds, not 0"),
        (f"cmd:timeout=601:{BOT}", "at most 600 seconds, not 601"),
        (f"cmd:timeout=nan:{BOT}", "at most 600 seconds, not 'nan'"),
        (f"cmd:timeout=soon:{BOT}", "not 'soon'"),
        (f"cmd:timeout=1:timeout=2:{BOT}", "the option timeout= is given twice"),
        (f"cmd:timout=20:{BOT}", "cmd takes the options timeout=SECONDS and name=LABEL"),
        ("cmd:timeout=20", "the command after the last one"),
        (f"cmd:name=my bot:{BOT}", "with no space in the value"),
        ("cmd:name=mcts:", "needs a command"),
        ("cmd:", "needs a command"),
        ('cmd:python "open', "cannot read the command"),
    ],
)
def test_bad_cmd_options_are_refused_with_the_reason(name: str, says: str) -> None:
    with pytest.raises(ValueError) as refused:
        make_player(name, 0)
    assert says in str(refused.value)
    assert MAX_BOT_TIMEOUT_S == 600


# ------------------------------------------------------------------- labels


def test_every_kind_takes_a_label() -> None:
    for name, kind in (
        ("random:name=r", RandomPlayer),
        ("heuristic:name=h", HeuristicPlayer),
        ("search:guesses=2:name=s2", SearchPlayer),
        ("search:name=s:0.1", SearchPlayer),
    ):
        player = make_player(name, 0)
        assert isinstance(player, kind)
        assert player.name == name.split("name=")[1].split(":")[0]
    assert make_player("search:guesses=4", 0).name == "search:guesses=4"  # no label
    assert check_player_names(["random:name=r", "heuristic", "random:name=r"]) == {
        "random:name=r": "r",
        "heuristic": "heuristic",
    }


@pytest.mark.parametrize("label", ["", "x" * 41, "a'b", 'a"b', "a\\b", "tab\there"], ids=repr)
def test_a_label_is_one_short_word(label: str) -> None:
    with pytest.raises(ValueError, match="name=LABEL takes 1 to 40 characters"):
        parse_player(f"random:name={label}")
    assert parse_player("random:name=" + "x" * 40).label == "x" * 40
    assert parse_player("heuristic:name=启发式#1").label == "启发式#1"


# -------------------------------------------------------------- player lists


def test_players_are_split_on_commas_outside_quotes() -> None:
    assert split_players(" random , heuristic ") == ["random", "heuristic"]
    assert split_players("random,") == ["random", ""]  # callers refuse the empty name
    listed = split_players(f'cmd:{BOT} --say "a, b",search:guesses=8:name=s8')
    assert listed == [f'cmd:{BOT} --say "a, b"', "search:guesses=8:name=s8"]
    assert parse_player(listed[0]).command[-2:] == ("--say", "a, b")
    # Single quotes, and a backslash before the comma, work as well.
    single = split_players(f"cmd:{BOT} 'x,y',random")
    assert single == [f"cmd:{BOT} 'x,y'", "random"]
    escaped = split_players(f"cmd:{BOT} x\\,y,random")
    assert escaped == [f"cmd:{BOT} x\\,y", "random"]
    assert parse_player(single[0]).command[-1] == parse_player(escaped[0]).command[-1] == "x,y"
    # A quote inside the other kind of quotes is just a character.
    assert split_players("""cmd:bot "it's, fine",random""") == [
        """cmd:bot "it's, fine\"""",
        "random",
    ]


@pytest.mark.parametrize("text", ['cmd:bot "a,b', "cmd:bot 'a,random", 'random,cmd:"'])
def test_an_unclosed_quote_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="unclosed"):
        split_players(text)


WORD = st.text(alphabet="abcz019:,;.=- ", min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(WORD, min_size=1, max_size=4), min_size=1, max_size=4))
def test_quoted_commands_survive_the_list_and_the_split(commands: list[list[str]]) -> None:
    # Any words, each in quotes, come back as the same words: commas, colons, spaces and
    # a first word that looks like an option ("a=b:c") included.
    names = ["cmd:" + " ".join(f"'{word}'" for word in words) for words in commands]
    assert split_players(",".join(names)) == names
    for name, words in zip(names, commands, strict=True):
        assert list(parse_player(name).command) == words
