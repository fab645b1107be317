"""Game records: a JSON file that replays, action by action, to the same game.

See docs/records.md for the format. A record is read whole and every field checked
(record_schema) before anything is replayed; replaying re-applies every action through
the rules, so a record that breaks them is refused with the rule id and the action
number. Every failure, from an unreadable file to a refused action, is a
:class:`RecordError`.

Records are written as version 2, which holds the pack of every deal: replay deals those
packs again, so it does not depend on ``random.shuffle`` staying the same across Python
versions. Version 1 records (a seed and stacked decks) still read and replay as before.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tuolaji.core.cards import full_pack
from tuolaji.core.errors import IllegalAction
from tuolaji.game.actions import action_to_json
from tuolaji.game.game import Game
from tuolaji.game.record_schema import (
    FORMAT,
    READ_VERSIONS,
    VERSION,
    GameRecord,
    RecordError,
    action_text,
    check_deals,
    record_from_json,
)

__all__ = [
    "FORMAT",
    "MAX_RECORD_BYTES",
    "READ_VERSIONS",
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
    """The version-2 record of ``game`` so far: its actions and the pack of every deal
    it has made (``Game.packs``)."""
    return GameRecord(
        rules=game.rules,
        seed=game.seed,
        players=tuple(players),
        actions=tuple(game.actions),
        start=game.start,
        round_limit=game.round_limit,
        packs=tuple(game.packs),
        version=VERSION,
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
            # json's messages may end in "at" ("Unterminated string starting at"): the
            # position then reads on from them
            f"{path} is not valid JSON: {error.msg.removesuffix(' at')} at line "
            f"{error.lineno} column {error.colno}"
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
    """Write a record file: the header on the first line, then one pack and one action
    per line, so that diffs stay readable."""
    data = record.to_json()
    actions = data.pop("actions")
    packs = data.pop("packs", None)
    text = json.dumps(data, ensure_ascii=False)[:-1]
    if packs is not None:
        text += f', "packs": {_one_per_line(packs)}'
    text += f', "actions": {_one_per_line(actions)}}}\n'
    Path(path).write_text(text, encoding="utf-8")


def _one_per_line(items: list[Any]) -> str:
    lines = ",\n  ".join(json.dumps(item, ensure_ascii=False) for item in items)
    return f"[\n  {lines}\n]"


def replay(record: GameRecord) -> Game:
    """Re-apply every action of ``record`` to a new game; a breach of the rules raises
    :class:`RecordError` naming the action number and the rule.

    A version-2 record deals its ``packs`` in turn and must hold one for every deal its
    actions make; only a deal made by its last action may lack one (a game saved at its
    round limit and replayed without it, to play on), and that deal and any later ones
    are shuffled from the seed. A version-1 record deals its stacked ``decks`` and then
    shuffles from the seed."""
    packs = _packs_to_deal(record)
    try:
        game = Game(
            record.rules,
            record.seed,
            decks=record.decks if packs is None else _PacksThenSeed(packs, record.seed),
            start=record.start,
            round_limit=record.round_limit,
        )
    except ValueError as error:
        raise RecordError(str(error)) from None
    last = len(record.actions)
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
        if packs is not None and number < last and len(game.packs) > len(packs):
            raise RecordError(
                f"{where} starts deal {len(game.packs)}, but 'packs' holds only "
                f"{_packs_text(len(packs))}: a version-2 record holds the pack of every deal"
            )
    if packs is not None and len(game.packs) < len(packs):
        raise RecordError(
            f"'packs' holds {_packs_text(len(packs))}, but the actions deal only "
            f"{len(game.packs)}: a version-2 record holds one pack per deal"
        )
    return game


def _packs_to_deal(record: GameRecord) -> tuple[tuple[int, ...], ...] | None:
    """The packs a version-2 record deals, or None for a version-1 record."""
    check_deals(record)
    return None if record.version == 1 else record.packs


def _packs_text(count: int) -> str:
    return f"{count} pack" if count == 1 else f"{count} packs"


class _PacksThenSeed:
    """The packs a version-2 replay deals: the record's, one per deal, then (for the
    deals of a game played on from its record) the packs the seed shuffles there.

    An iterator object rather than a generator, so that a game holding it can still be
    copied. The seed's shuffles of the recorded deals are made and dropped, so that a
    game dealt from its seed alone (every game of the terminal, every self-play game)
    deals, played on, what the same game never stopped would have dealt on the same
    Python, as version 1 did. A game that began from stacked decks (a tournament deal)
    goes on with the seed's shuffles after as many as it has recorded deals: version 2
    does not record which of its packs were stacked, and such games are not resumed."""

    def __init__(self, packs: tuple[tuple[int, ...], ...], seed: int) -> None:
        self._packs = iter(packs)
        self._count = len(packs)
        self._seed = seed
        self._rng: random.Random | None = None

    def __iter__(self) -> _PacksThenSeed:
        return self

    def __next__(self) -> tuple[int, ...]:
        pack = next(self._packs, None)
        if pack is not None:
            return pack
        if self._rng is None:
            self._rng = random.Random(self._seed)
            for _ in range(self._count):
                self._rng.shuffle(full_pack())
        shuffled = full_pack()
        self._rng.shuffle(shuffled)
        return tuple(shuffled)
