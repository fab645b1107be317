"""The ``tuolaji`` command fits its ecosystem: ``--version``, boolean options shown and
parsed as flags, help that reads as whole sentences at 80 columns, usage lines that name
arguments by their metavar (``FILE``), and help in the language of ``--lang`` or of the
environment, every text going through the translation layer (``tuolaji.i18n``).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from typer.testing import CliRunner

from clikit import run_cli
from tuolaji import __version__, i18n
from tuolaji.arena.limits import MAX_REPLACED_SHARE, MIN_DEALS_FOR_VERDICT
from tuolaji.cli import app, main
from tuolaji.cli_help import HELP_OPTION_HELP, requested_language, wrap_cells
from tuolaji.engine_build import engine_build

#: The locale variables, cleared so that the test machine's locale does not leak in.
CLEAN_LOCALE = dict.fromkeys(("TUOLAJI_LANG", *i18n.LOCALE_VARIABLES))
#: Click wraps help to the terminal width less 2 (at most 78 on an 80-column screen).
WRAP_WIDTH = 78


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts in English with no language in the environment, and ends in
    English (the command switches the language of the whole process)."""
    for name in CLEAN_LOCALE:
        monkeypatch.delenv(name, raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def invoke(
    *args: str, env: dict[str, str | None] | None = None, input_text: str | None = None
) -> Any:
    """Run ``tuolaji ARGS`` in this process on an 80-column terminal."""
    environment: dict[str, str | None] = {**CLEAN_LOCALE, "COLUMNS": "80", **(env or {})}
    return CliRunner().invoke(app, list(args), env=environment, input=input_text)


def command_tree() -> Any:
    """The Click command Typer builds for ``tuolaji``."""
    return typer.main.get_command(app)


def help_pages() -> dict[str, list[str]]:
    """The argument lists that print each help page: the main one and every command's."""
    return {"tuolaji": ["--help"]} | {name: [name, "--help"] for name in command_tree().commands}


def cells(text: str) -> int:
    """The terminal columns ``text`` takes (wide CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


# ------------------------------------------------------------------ --version


#: what the version line says of each build of the engine (tuolaji.engine_build)
ENGINE_WORDS = {"compiled": "engine compiled with mypyc", "pure": "engine in pure Python"}


def test_version_option_prints_what_the_version_command_prints() -> None:
    option, command = invoke("--version"), invoke("version")
    assert option.exit_code == command.exit_code == 0
    assert option.stdout == command.stdout == f"{__version__} ({ENGINE_WORDS[engine_build()]})\n"


def test_version_option_works_from_the_installed_command() -> None:
    done = run_cli("--version")
    # the subprocess imports the same build as this one (the same import path)
    assert (
        done.returncode == 0 and done.stdout == f"{__version__} ({ENGINE_WORDS[engine_build()]})\n"
    )


# ---------------------------------------------------------------------- flags


def boolean_options() -> list[tuple[str, Any]]:
    """Every option of every command whose value is a bool, with its command's name."""
    tree = command_tree()
    found = [("tuolaji", p) for p in tree.params if p.type_descriptor.annotation is bool]
    for name, command in tree.commands.items():
        found += [(name, p) for p in command.params if p.type_descriptor.annotation is bool]
    return found


def test_every_boolean_option_is_a_flag_and_shown_as_one() -> None:
    options = boolean_options()
    assert {(name, option.name) for name, option in options} >= {
        ("simulate", "as_json"),
        ("tournament", "records"),
        ("play", "plain"),
        ("tuolaji", "version"),
    }
    pages = {name: invoke(*args).stdout for name, args in help_pages().items()}
    for name, option in options:
        assert option.is_flag, (name, option.name)
        flag = option.opts[0]
        (line,) = [line for line in pages[name].splitlines() if line.startswith(f"  {flag} ")]
        # "  --plain   Line mode: …": the flag, then its help; no value after it.
        assert re.match(rf"  {flag} {{2,}}[A-Z]", line), line
    for name, page in pages.items():
        assert "<bool>" not in page and "<str>" not in page and "<int>" not in page, name


def test_a_flag_refuses_a_value_cleanly() -> None:
    done = invoke("play", "--plain", "true")
    assert done.exit_code == 2
    assert "(true)" in done.stderr.strip().splitlines()[-1]
    assert done.exception is None or isinstance(done.exception, SystemExit)


# ----------------------------------------------------------------------- help


def test_replay_usage_names_its_argument_file() -> None:
    page = invoke("replay", "--help").stdout
    assert "Usage: root replay [OPTIONS] FILE\n" in page
    assert "{" not in page and "<path>" not in page
    assert re.search(r"^  FILE +A game record \(JSON\)\.", page, re.MULTILINE)


def wrapped_blocks(page: str) -> Iterator[tuple[int, list[str]]]:
    """The wrapped text blocks of a help page: the description under the usage line and
    each entry of its Options, Arguments and Commands lists, as (column where the text
    starts, its lines)."""
    block: list[str] = []
    column = 0
    for line in [*page.splitlines(), ""]:
        entry = re.match(r"^(  \S+(?: \S+)?\s{2,})(\S.*)$", line)
        continuing = bool(block) and line.startswith(" " * column) and line.strip()
        if continuing and not entry:
            block.append(line[column:])
            continue
        if block:
            yield column, block
        block = []
        if entry:
            column = len(entry.group(1))
            block = [entry.group(2)]
        elif line.startswith("  ") and not line.startswith("   "):  # the description
            column = 2
            block = [line[2:]]


@pytest.mark.parametrize("page", list(help_pages()))
def test_help_reads_as_whole_sentences_at_80_columns(page: str) -> None:
    done = invoke(*help_pages()[page])
    assert done.exit_code == 0
    lines = done.stdout.splitlines()
    assert all(cells(line) <= 80 for line in lines), done.stdout
    assert "..." not in done.stdout.split("Usage:")[1].split("\n", 1)[1]  # nothing cut off
    checked = 0
    for column, block in wrapped_blocks(done.stdout):
        checked += 1
        for line, following in itertools.pairwise(block):
            # A line ends only where the next word would not have fitted.
            next_word = following.split()[0]
            assert len(line) + 1 + len(next_word) > WRAP_WIDTH - column, (line, following)
    assert checked >= 2


def test_the_command_list_shows_each_short_help_whole() -> None:
    page = invoke("--help").stdout
    commands = page.split("Commands:\n")[1]
    for name, command in command_tree().commands.items():
        (row,) = [line for line in commands.splitlines() if line.startswith(f"  {name} ")]
        shown = command.get_short_help_str(limit=1000)
        assert row.split(None, 1)[1] == shown and shown.endswith(".")


def test_the_tournament_help_states_the_thresholds_it_applies() -> None:
    # The help is a msgid, so the figures are written out: they must match the code.
    text = " ".join(invoke("tournament", "--help").stdout.split())
    assert f"at least {MIN_DEALS_FOR_VERDICT} deals" in text
    assert f"more than {MAX_REPLACED_SHARE:.0%} of its decisions" in text
    assert "exit status 3" in text


# ---------------------------------------------------------------- translation


def help_texts() -> set[str]:
    """Every help text of the command tree: the msgids that need translating."""
    tree = command_tree()
    texts = {tree.help, HELP_OPTION_HELP, "Usage: ", "Options", "Commands", "Arguments"}
    for command in [tree, *tree.commands.values()]:
        texts |= {command.help, command.short_help}
        texts |= {parameter.help for parameter in command.params}
    return {text for text in texts if text}


def install_test_catalog(
    folder: Path, monkeypatch: pytest.MonkeyPatch, language: str, translate: Any
) -> dict[str, str]:
    """Install, through the translation layer, a catalog of ``language`` made for the
    test that translates every help text with ``translate``; the translations."""
    translations = {text: translate(text) for text in help_texts()}
    catalog = Catalog(locale=language, domain=i18n.DOMAIN)
    for text, translated in translations.items():
        catalog.add(text, translated)
    messages = folder / language / "LC_MESSAGES"
    messages.mkdir(parents=True)
    with (messages / f"{i18n.DOMAIN}.po").open("wb") as handle:
        write_po(handle, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    return translations


@pytest.fixture
def test_spanish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A Spanish catalog made for the test, which marks every help text ``[es] …``."""
    return install_test_catalog(tmp_path, monkeypatch, "es", lambda text: f"[es] {text}")


def test_chinese_help_wraps_by_display_width(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Chinese has no spaces and each character takes two columns: a line of 78
    # characters, as Click would make it, would take 156.
    def chinese(text: str) -> str:
        return "用法：" if text == "Usage: " else "帮助" * max(3, len(text) // 3) + "。"

    translations = install_test_catalog(tmp_path, monkeypatch, "zh_CN", chinese)
    for page, args in help_pages().items():
        done = invoke("--lang", "zh_CN", *args)
        assert done.exit_code == 0, page
        lines = done.stdout.splitlines()
        assert all(cells(line) <= 80 for line in lines), (page, done.stdout)
    text = "".join(
        line.strip()
        for line in invoke("--lang", "zh_CN", "tournament", "--help").stdout.splitlines()
    )
    assert translations[command_tree().commands["tournament"].help] in text


@given(
    st.lists(
        st.sampled_from(
            ["tractor", "拖拉机", "升级。", "ट्रैक्टर", "(see", "docs).", "a", "，", "x" * 12]
        ),
        max_size=40,
    ),
    st.integers(min_value=12, max_value=78),
)
@settings(max_examples=200, deadline=None)
def test_wrapping_keeps_every_word_and_fills_each_line(words: list[str], width: int) -> None:
    text = " ".join(words)
    lines = wrap_cells(text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line, following in itertools.pairwise(lines):
        assert cell_len(line) <= width
        # the next line could not have started on this one (it would not fit)
        first = re.match(r"\S+", following)
        assert first is not None
        assert cell_len(line) + 1 + cell_len(first.group()) > width or not following
    if lines:
        assert cell_len(lines[-1]) <= width


@pytest.mark.parametrize(
    ("args", "env"),
    [
        pytest.param(["--lang", "es", "--help"], {}, id="--lang es"),
        pytest.param(["--lang=es", "--help"], {}, id="--lang=es"),
        pytest.param(["--help"], {"LANGUAGE": "es"}, id="LANGUAGE"),
        pytest.param(["--help"], {"LANG": "es_ES.UTF-8"}, id="LANG"),
        pytest.param(["--help"], {"TUOLAJI_LANG": "es", "LANG": "da_DK.UTF-8"}, id="TUOLAJI_LANG"),
    ],
)
def test_the_help_is_shown_in_the_language_asked_for(
    args: list[str], env: dict[str, str], test_spanish: dict[str, str]
) -> None:
    page = invoke(*args, env=dict(env)).stdout
    assert page.startswith("[es] Usage: tuolaji") or page.startswith("[es] Usage: root")
    for heading in ("Options", "Commands"):
        assert f"\n[es] {heading}:\n" in page
    commands = page.split("[es] Commands:\n")[1]
    for name, command in command_tree().commands.items():
        assert f"  {name} " in commands
        shown = re.escape(command.short_help or command.help)
        assert re.search(rf"^  {name} +\[es\] {shown}$", commands, re.MULTILINE), name
    assert "[es] Show this message and exit." in page


def test_a_command_help_is_translated_too(test_spanish: dict[str, str]) -> None:
    page = " ".join(invoke("play", "--lang", "es", "--help").stdout.split())
    assert "[es] Line mode: text prompts for screen readers and pipes." in page
    assert "[es] Play Tractor in the terminal against three bots" in page
    english = " ".join(invoke("play", "--help").stdout.split())
    assert "[es]" not in english


def test_every_help_text_has_a_msgid_marked_for_translation() -> None:
    source = (Path(__file__).resolve().parents[1] / "src" / "tuolaji" / "cli.py").read_text(
        encoding="utf-8"
    )
    package = Path(__file__).resolve().parents[1] / "src" / "tuolaji"
    helpers = "".join(
        path.read_text(encoding="utf-8")
        for path in sorted(package.glob("cli_*.py"))  # the commands and their shared options
    )
    joined = re.sub(r'"\s*\n\s*"', "", source + helpers)  # implicit string concatenation
    marked = set(re.findall(r'N_\(\s*"((?:[^"\\]|\\.)*)"\s*\)', joined))
    assert help_texts() <= marked


def translated_short_help(po_file: Path, english_text: str) -> str | None:
    """The translation of ``english_text`` in ``po_file``, if it has one."""
    with po_file.open("rb") as handle:
        message = read_po(handle).get(english_text)
    if message is None or message.fuzzy or not message.string:
        return None
    return str(message.string)


@pytest.mark.parametrize(
    "language", [language for language in i18n.SUPPORTED if language != i18n.DEFAULT]
)
def test_the_shipped_catalogs_translate_the_command_list(language: str) -> None:
    po_file = i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    simulate = command_tree().commands["simulate"].short_help
    translated = translated_short_help(po_file, simulate) if po_file.is_file() else None
    if translated is None:
        pytest.skip(f"the {language} catalog does not translate the command help yet")
    page = " ".join(invoke("--lang", language, "--help").stdout.split())
    assert translated in page


def test_the_language_comes_from_lang_then_the_environment() -> None:
    assert requested_language(["--lang", "es", "play"], {}) == "es"
    assert requested_language(["play", "--lang=zh_CN"], {}) == "zh_CN"
    assert requested_language(["--lang", "es", "play", "--lang", "da"], {}) == "da"
    assert requested_language(["judge", "--", "--lang", "es"], {}) is None
    assert requested_language(["--lang"], {}) is None
    assert requested_language(["simulate"], {"TUOLAJI_LANG": "lv"}) == "lv"
    assert requested_language(["--lang", "hi"], {"TUOLAJI_LANG": "lv"}) == "hi"
    assert requested_language([], {"LANG": "es_ES.UTF-8"}) is None  # i18n reads those


def test_lang_before_the_command_holds_for_the_commands_that_take_it() -> None:
    before = invoke("--lang", "es", "rules")
    after = invoke("rules", "--lang", "es")
    english = invoke("rules", "--lang", "en")
    assert before.exit_code == after.exit_code == english.exit_code == 0
    assert before.stdout == after.stdout != english.stdout
    assert "R-P4" in before.stdout  # the rules text, with its rule ids


def test_an_unknown_language_falls_back_to_english_with_a_notice() -> None:
    done = invoke("--lang", "tlh", "version")
    assert (
        done.exit_code == 0 and done.stdout == f"{__version__} ({ENGINE_WORDS[engine_build()]})\n"
    )
    assert done.stderr == (
        "Unknown language 'tlh': using English. Languages: en, zh_CN, es, da, lv, hi.\n"
    )


def test_a_help_page_in_an_unknown_language_says_so() -> None:
    done = invoke("--lang", "tlh", "--help")
    assert done.exit_code == 0 and "Usage: " in done.stdout
    assert done.stderr == (
        "Unknown language 'tlh': using English. Languages: en, zh_CN, es, da, lv, hi.\n"
    )


# ------------------------------------------------------------ the other commands


def test_the_judge_still_answers_one_line_per_request() -> None:
    request = {"op": "combo", "trump": {"rank": "2", "suit": "H"}, "cards": "AH AH 2S 2S"}
    done = CliRunner().invoke(app, ["judge"], input=json.dumps(request) + "\n")
    assert done.exit_code == 0, done.stderr
    (line,) = done.stdout.splitlines()
    assert isinstance(json.loads(line), dict)


# ------------------------------------------------------------------- the extras
# ``pip install tuolaji`` has no screen, chart or Babel (pyproject.toml's extras). A
# package is made missing here by a ``None`` in ``sys.modules``, which is what an
# import of a package that is not installed sees.


def test_the_game_screen_without_a_terminal_says_to_use_plain(tmp_path: Path) -> None:
    # CliRunner's streams are no terminal: the screen would wait for keys forever
    done = invoke("play", "--seed", "1", "--save", str(tmp_path / "g.json"), input_text="q\n")
    assert done.exit_code == 2 and done.stdout == ""  # the command line is wrong: add --plain
    assert "needs a terminal: use --plain" in done.stderr
    assert not (tmp_path / "g.json").exists()


@pytest.mark.parametrize("extra", [["--seed", "4"], ["--rules", "classic"]])
def test_resume_refuses_rules_and_seed_of_its_own(extra: list[str], tmp_path: Path) -> None:
    done = invoke("play", "--plain", "--resume", str(tmp_path / "g.json"), *extra)
    assert done.exit_code == 2
    assert "--resume plays the saved game with its own rules and seed" in done.stderr


def test_play_without_the_play_extra_names_it_and_starts_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "textual", None)
    save = tmp_path / "game.json"
    done = invoke("play", "--plain", "--seed", "1", "--save", str(save), input_text="q\n")
    assert done.exit_code == 1
    assert done.stdout == ""
    assert done.stderr == (
        "Error: this command needs tuolaji[play], which is not fully installed (missing: "
        "textual). Install it with: pip install 'tuolaji[play]'\n"
    )
    assert not save.exists()


def test_rules_runs_without_the_play_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in ("platformdirs", "textual"):
        monkeypatch.setitem(sys.modules, module, None)
    done = invoke("rules", "--rules", "classic")
    assert done.exit_code == 0 and "R-H2" in done.stdout and "classic" in done.stdout


def test_a_tournament_chart_without_the_arena_extra_is_refused_before_the_deals(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    out = tmp_path / "out"
    done = invoke("tournament", "--deals", "2", "--jobs", "1", "--out", str(out))
    assert done.exit_code == 1 and done.stdout == ""
    assert "tuolaji[arena]" in done.stderr and "matplotlib" in done.stderr
    assert not out.exists()  # refused before the folder was made or a deal was played
    # without --out there is no chart: the tournament needs no extra
    plain = invoke("tournament", "--deals", "2", "--jobs", "1", "--json")
    assert plain.exit_code == 0, plain.stderr
    assert json.loads(plain.stdout)["deals"] == 2


def test_a_catalog_to_compile_without_babel_names_the_play_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A source checkout whose catalogs are not compiled needs Babel for --lang es; the
    # error comes from the translation layer, through the command's entry point.
    messages = tmp_path / "es" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    (messages / f"{i18n.DOMAIN}.po").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setitem(sys.modules, "babel", None)
    monkeypatch.setattr(sys, "argv", ["tuolaji", "--lang", "es", "version"])
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "Error: this command needs tuolaji[play], which is not fully installed (missing: "
        "babel). Install it with: pip install 'tuolaji[play]'\n"
    )


def test_the_engine_commands_run_without_any_extra() -> None:
    # A fresh interpreter in which no extra can be imported: the judge, self-play, the
    # replay printer and the help work; the screen refuses, naming its extra.
    script = """
import json, sys
for name in ("textual", "matplotlib", "babel", "platformdirs"):
    sys.modules[name] = None
from typer.testing import CliRunner
from tuolaji.cli import app, main
runner = CliRunner()
request = '{"op": "combo", "trump": {"rank": "2", "suit": "H"}, "cards": "AH AH 2S 2S"}\\n'
runs = {
    "judge": runner.invoke(app, ["judge"], input=request),
    "simulate": runner.invoke(app, ["simulate", "--games", "1", "--json"]),
    "replay": runner.invoke(app, ["replay", sys.argv[1]]),
    "help": runner.invoke(app, ["--help"]),
    "play": runner.invoke(app, ["play", "--plain"]),
}
print(json.dumps({name: [run.exit_code, run.stdout, run.stderr] for name, run in runs.items()}))
"""
    record = Path(__file__).parent / "data" / "game-standard-seed2.json"
    done = subprocess.run(
        [sys.executable, "-c", script, str(record)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    runs = json.loads(done.stdout)
    assert runs["judge"][:2] == [0, '{"kind": "tractor", "suit": "trump", "parts": ["tractor2"]}\n']
    assert runs["simulate"][0] == 0 and json.loads(runs["simulate"][1])["games_finished"] == 1
    assert runs["replay"][0] == 0 and "seed 2000006" in runs["replay"][1]
    assert runs["help"][0] == 0 and "Commands" in runs["help"][1]
    assert runs["play"][0] == 1 and "install 'tuolaji[play]'" in runs["play"][2]
