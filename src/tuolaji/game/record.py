"""Game records: a JSON file that replays, action by action, to the same game.

See docs/records.md for the format. A record is read whole and every field checked
(record_schema) before anything is replayed; replaying re-applies every action through
the rules, so a record that breaks them is refused with the rule id and the action
number. Every failure, from an unreadable file to a refused action, is a
:class:`RecordError`.
"""

from __future__ import annotations

import json
from pathlib import Path

from tuolaji.core.errors import IllegalAction
from tuolaji.game.actions import action_to_json
from tuolaji.game.game import Game
from tuolaji.game.record_schema import (
    FORMAT,
    VERSION,
    GameRecord,
    RecordError,
    action_text,
    record_from_json,
)

__all__ = [
    "FORMAT",
    "MAX_RECORD_BYTES",
    "VERSION",
    "GameRecord",
    "RecordError",
    "load_record",
    "record_from_json",
    "record_of",
    "replay",
    "save_record",
]

#: Records are small (a whole game is about 40 KB); a file far larger is not one, and
#: reading stops there rather than filling the memory (``/dev/zero``, a disk image …).
MAX_RECORD_BYTES = 64 * 1024 * 1024


def record_of(game: Game, players: tuple[str, ...] | list[str]) -> GameRecord:
    """The record of ``game`` so far."""
    return GameRecord(
        rules=game.rules,
        seed=game.seed,
        players=tuple(players),
        actions=tuple(game.actions),
        decks=tuple(game.stacked_decks),
        start=game.start,
        round_limit=game.round_limit,
    )


def load_record(path: str | Path) -> GameRecord:
    """Read and check a record file. A file that cannot be read, is not UTF-8, is not
    JSON or is not a valid record raises :class:`RecordError` saying which."""
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{path} is not a record: it is larger than 64 MiB")
    try:
        # utf-8-sig: a byte order mark, which some editors add, is not an error.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError(
            f"{path} is not a record: it is not UTF-8 text "
            f"(byte 0x{raw[error.start]:02x} at offset {error.start})"
        ) from None
    if not text.strip():
        raise RecordError(f"{path} is empty: a record is a JSON object")
    return record_from_json(_parse_json(text, path))


def _parse_json(text: str, path: str | Path) -> object:
    def refuse_constant(name: str) -> object:
        # Python's json reads NaN and Infinity, which JSON does not have.
        raise RecordError(f"{path} is not valid JSON: {name} is not a JSON value")

    try:
        return json.loads(text, parse_constant=refuse_constant)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"{path} is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(f"{path} is not a record: its JSON is nested too deeply") from None
    except ValueError:  # an integer beyond sys.get_int_max_str_digits()
        raise RecordError(
            f"{path} is not a record: it holds a number with too many digits"
        ) from None


def save_record(record: GameRecord, path: str | Path) -> None:
    """Write a record file (one action per line, so diffs stay readable)."""
    data = record.to_json()
    actions = data.pop("actions")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    lines = ",\n  ".join(json.dumps(action) for action in actions)
    Path(path).write_text(f'{head}, "actions": [\n  {lines}\n]}}\n', encoding="utf-8")


def replay(record: GameRecord) -> Game:
    """Re-apply every action of ``record`` to a new game; a breach of the rules raises
    :class:`RecordError` naming the action number and the rule."""
    try:
        game = Game(
            record.rules,
            record.seed,
            decks=record.decks,
            start=record.start,
            round_limit=record.round_limit,
        )
    except ValueError as error:
        raise RecordError(str(error)) from None
    for number, action in enumerate(record.actions, start=1):
        where = f"action {number} ({action_text(action_to_json(action))})"
        try:
            game.apply(action)
        except IllegalAction as error:
            raise RecordError(f"{where} breaks {error.rule}: {error.message}") from None
        except ValueError as error:
            # A record read by record_from_json has been checked so that the game only
            # refuses with IllegalAction; a GameRecord built by hand (a second stacked
            # deck that is not the pack, say) may still hold values the game rejects.
            raise RecordError(f"{where} is refused: {error}") from None
    return game
