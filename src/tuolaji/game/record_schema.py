"""The record document (docs/records.md): its fields, how they are written, and how a
document is read with every field checked before anything is replayed.

Reading is careful: each field must have the JSON type and the range the format gives it
(a boolean is not a number, ``1.5`` is not a seat, ``"1"`` is not the version), and a
field that does not is refused with a :class:`RecordError` naming the field, what was
found there and what belongs there. Reading raises nothing else, whatever the document.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any, TypeGuard

from tuolaji.core.cards import (
    HAND_SIZE,
    PACK_SIZE,
    RANKS,
    SEATS,
    NotationError,
    format_card,
    format_cards,
    full_pack,
    parse_cards,
    parse_rank,
    team_of,
)
from tuolaji.core.errors import TuolajiError
from tuolaji.core.rules import RuleSet, rules_from_written_spec
from tuolaji.game.actions import (
    Action,
    Bury,
    Declare,
    Draw,
    Pass,
    Play,
    Takeback,
    action_to_json,
)
from tuolaji.game.state import RoundStart

FORMAT = "tuolaji-record"
#: The version tuolaji writes: version 2 stores the pack of every deal, so replay does
#: not depend on ``random.shuffle`` giving the same order on every Python.
VERSION = 2
#: The versions tuolaji reads. Version 1 (seed and stacked ``decks``) still replays,
#: dealing from the seed as it always did.
READ_VERSIONS = (1, 2)
#: A deal draws 100 cards and any other action ends a run of draws (R-D2), so no
#: ``["draw", n]`` of a valid record is longer.
MAX_DRAW = HAND_SIZE * SEATS
_FULL_PACK = Counter(full_pack())
#: (``takeback`` only in a game whose rules allow them, R-U1: replay refuses it elsewhere)
_ACTION_NAMES = ("draw", "declare", "pass", "bury", "play", "takeback")
_EXAMPLES = {
    "draw": '["draw", 5]',
    "pass": '["pass", 2]',
    "declare": '["declare", 0, "2D"]',
    "bury": '["bury", 0, "9S 5H 6H QH 4D 5D 8C TC"]',
    "play": '["play", 0, "AS AS"]',
    "takeback": '["takeback", 2]',
}
#: What 'version' and 'packs' must be, as messages say it.
_VERSIONS_ARE = "the number 1 or 2"
_PACKS_ARE = "a list of the pack of every deal, each a string of the 108 cards"
_NO_PACKS = "'packs' must hold the pack of every deal, the first deal's at least, not an empty list"
#: Longest piece of a found value quoted in a message; the rest is cut with "…".
_QUOTE_LIMIT = 60


class RecordError(TuolajiError, ValueError):
    """A record that cannot be read or does not replay; the message says where."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything needed to replay a game: rules, seed, players, actions, and the
    packs dealt.

    A version-2 record (what :func:`~tuolaji.game.record.record_of` makes) holds in
    ``packs`` the pack order of every deal, redeals included, in deal order; its
    ``seed`` is only information. A version-1 record holds instead the stacked
    ``decks`` of the first deals, the seed shuffling every later one.
    """

    rules: RuleSet
    seed: int
    players: tuple[str, ...]
    actions: tuple[Action, ...]
    decks: tuple[tuple[int, ...], ...] = ()
    start: RoundStart | None = None
    round_limit: int | None = None
    packs: tuple[tuple[int, ...], ...] = ()
    version: int = VERSION

    def to_json(self) -> dict[str, Any]:
        """The JSON document of docs/records.md."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": self.version,
            "rules": self.rules.to_spec(),
            "seed": self.seed,
            "players": list(self.players),
        }
        # A version-1 record read from a file is written back as it was: it has no
        # packs to write (replay it and take record_of to get version 2).
        if self.version == 1 and self.decks:
            data["decks"] = [format_cards(deck) for deck in self.decks]
        if self.start is not None:
            data["start"] = {
                "rank": RANKS[self.start.rank],
                "declarers": self.start.declarers,
                "starter": self.start.starter,
            }
        if self.round_limit is not None:
            data["round_limit"] = self.round_limit
        if self.version != 1:
            data["packs"] = [format_cards(pack) for pack in self.packs]
        data["actions"] = [action_to_json(action) for action in self.actions]
        return data


# ------------------------------------------------------------------ describing values


def found(value: object) -> str:
    """A value as a message names what was found: ``the number 2``, ``the string "1"``,
    ``null``, ``true``, ``a list of 3 items``, ``an object``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {_number_text(value)}"
    if isinstance(value, str):
        return f"the string {quote(value)}"
    if isinstance(value, list | tuple):
        if not value:
            return "an empty list"
        return f"a list of {len(value)} item{'s' if len(value) > 1 else ''}"
    if isinstance(value, dict):
        return "an object" if value else "an empty object"
    # Only an API caller can pass a value JSON cannot hold.
    return f"a {type(value).__name__}"


def _number_text(value: int | float) -> str:
    try:
        text = json.dumps(value)
    except ValueError:  # an int too long for str() (sys.get_int_max_str_digits)
        return "with too many digits to print"
    return _cut(text)


def quote(text: str) -> str:
    """``text`` in double quotes as JSON writes it, cut when long, and with every
    character that could break the message's single line escaped."""
    return _one_line(json.dumps(_cut(text), ensure_ascii=False))


def _cut(text: str) -> str:
    return text if len(text) <= _QUOTE_LIMIT else text[: _QUOTE_LIMIT - 1] + "…"


def _one_line(text: str) -> str:
    # json.dumps escapes control characters but keeps U+2028, U+0085 … that some
    # readers take for line breaks; a message stays one line.
    return "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in text)


def action_text(item: object) -> str:
    """An action as the record writes it, for messages: ``["play", 0, "AS"]``."""
    try:
        text = json.dumps(item, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON: only an API caller can pass one
        text = repr(item)
    return _one_line(_cut(text))


def _is_int(value: object) -> TypeGuard[int]:
    # JSON true and false are not numbers, although Python's bool is an int.
    return isinstance(value, int) and not isinstance(value, bool)


# ----------------------------------------------------------------- reading fields


def record_from_json(data: object) -> GameRecord:
    """Read and check a record document; anything wrong raises :class:`RecordError`
    naming the field (checked in the order of docs/records.md)."""
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {found(data)}")
    _check_format(data)
    version = _check_version(data)
    rules = _read_rules(_required(data, "rules", "the rule set"))
    seed = _required(data, "seed", "a whole number")
    if not _is_int(seed):
        raise RecordError(f"'seed' must be a whole number, not {found(seed)}")
    players = _read_players(_required(data, "players", "a list of 4 names"))
    decks: tuple[tuple[int, ...], ...] = ()
    packs: tuple[tuple[int, ...], ...] = ()
    if version == 1:
        decks = _read_decks(data.get("decks"))
    else:
        _refuse_decks(data.get("decks"))
    start = _read_start(data.get("start"))
    round_limit = _read_round_limit(data.get("round_limit"))
    if version != 1:
        packs = _read_packs(_required(data, "packs", _PACKS_ARE))
    actions = _read_actions(_required(data, "actions", "a list of actions"))
    return GameRecord(rules, seed, players, actions, decks, start, round_limit, packs, version)


def _required(data: dict[str, Any], name: str, what: str) -> object:
    if name not in data:
        raise RecordError(f"the record has no '{name}': it must be {what}")
    return data[name]


def _check_format(data: dict[str, Any]) -> None:
    if "format" not in data:
        raise RecordError(f"not a tuolaji record: it has no 'format' (the string {quote(FORMAT)})")
    if data["format"] != FORMAT:
        raise RecordError(
            f"not a tuolaji record: 'format' must be the string {quote(FORMAT)}, "
            f"not {found(data['format'])}"
        )


def _check_version(data: dict[str, Any]) -> int:
    if "version" not in data:
        raise RecordError(f"the record has no 'version': it must be {_VERSIONS_ARE}")
    version = data["version"]
    if not _is_int(version):
        raise RecordError(f"'version' must be {_VERSIONS_ARE}, not {found(version)}")
    if version not in READ_VERSIONS:
        raise _unknown_version(version)
    return version


def _unknown_version(version: int) -> RecordError:
    return RecordError(
        f"unknown record version {_number_text(version)}: this tuolaji reads versions 1 and 2"
    )


def _read_rules(spec: object) -> RuleSet:
    if spec is not None and not isinstance(spec, str | dict):
        raise RecordError(
            "'rules' must be an object of options like "
            f'{{"preset": "standard"}}, a preset name or null, not {found(spec)}'
        )
    try:
        # written by to_spec: a preset's later option missing reads as it was then
        return rules_from_written_spec(spec)
    except (ValueError, TypeError) as error:  # RulesError is a ValueError
        raise RecordError(f"'rules': {error}") from None


def _read_players(players: object) -> tuple[str, ...]:
    if not isinstance(players, list):
        raise RecordError(
            f"'players' must be a list of 4 names, seat 0 first, not {found(players)}"
        )
    if len(players) != SEATS:
        raise RecordError(f"'players' must list 4 names, seat 0 first, not {len(players)}")
    for seat, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise RecordError(f"'players[{seat}]' must be a name, not {found(name)}")
    return tuple(players)


def _read_decks(decks: object) -> tuple[tuple[int, ...], ...]:
    if decks is None:
        return ()
    if not isinstance(decks, list):
        raise RecordError(
            "'decks' must be a list of stacked packs, each a string of the 108 cards, "
            f"not {found(decks)}"
        )
    return tuple(_read_deck(f"decks[{index}]", text) for index, text in enumerate(decks))


def _read_packs(packs: object) -> tuple[tuple[int, ...], ...]:
    """The pack of every deal of a version-2 record; the first deal has one at least."""
    if not isinstance(packs, list):
        raise RecordError(f"'packs' must be {_PACKS_ARE}, not {found(packs)}")
    if not packs:
        raise RecordError(_NO_PACKS)
    return tuple(_read_deck(f"packs[{index}]", text) for index, text in enumerate(packs))


def _refuse_decks(decks: object) -> None:
    # Stacked decks would say a second time what 'packs' says; a document holding both
    # is not one tuolaji wrote, and which of them counts would be a guess.
    if decks not in (None, [], ()):
        raise RecordError(
            "'decks' must be left out of a version-2 record, which holds every deal's "
            f"pack in 'packs', not {found(decks)}"
        )


def check_deals(record: GameRecord) -> None:
    """Check the version of a :class:`GameRecord` and the fields that say what it deals
    as reading does, for a record built by hand rather than read from a document."""
    if record.version not in READ_VERSIONS:
        raise _unknown_version(record.version)
    if record.version != 1:
        _refuse_decks(record.decks)
        if not record.packs:
            raise RecordError(_NO_PACKS)


def _read_deck(field: str, text: object) -> tuple[int, ...]:
    """One stacked pack: the 108 cards, each of the 54 kinds twice (R-D1)."""
    if not isinstance(text, str):
        raise RecordError(
            f"'{field}' must be a string of the 108 cards of the pack in notation (R-N3), "
            f"not {found(text)}"
        )
    try:
        deck = tuple(parse_cards(text))
    except NotationError as error:
        raise RecordError(f"'{field}': {error}") from None
    if len(deck) != PACK_SIZE:
        raise RecordError(
            f"'{field}' must hold the 108 cards of the pack (R-D1), not {len(deck)} cards"
        )
    counts = Counter(deck)
    if counts != _FULL_PACK:
        wrong = [kind for kind in sorted(_FULL_PACK) if counts[kind] != _FULL_PACK[kind]]
        listed = ", ".join(f"{format_card(kind)} ×{counts[kind]}" for kind in wrong[:4])
        more = ", …" if len(wrong) > 4 else ""
        raise RecordError(
            f"'{field}' must hold each card of the pack twice (R-D1), not {listed}{more}"
        )
    return deck


def _read_start(start: object) -> RoundStart | None:
    if start is None:
        return None
    if not isinstance(start, dict):
        raise RecordError(
            '\'start\' must be an object like {"rank": "2", "declarers": 0, "starter": 0} '
            f"or null, not {found(start)}"
        )
    fields = {
        "rank": 'a rank like "2" or "A"',
        "declarers": "the declaring team, 0 or 1",
        "starter": "the starting seat, 0-3",
    }
    for name, what in fields.items():
        if name not in start:
            raise RecordError(f"'start' has no '{name}': it must be {what}")
    rank_text, declarers, starter = start["rank"], start["declarers"], start["starter"]
    if not isinstance(rank_text, str):
        raise RecordError(f"'start.rank' must be {fields['rank']}, not {found(rank_text)}")
    try:
        rank = parse_rank(rank_text)
    except NotationError:
        raise RecordError(
            f"'start.rank' must be {fields['rank']} (2-9, T or 10, J, Q, K, A), "
            f"not {found(rank_text)}"
        ) from None
    if not _is_int(declarers) or declarers not in (0, 1):
        raise RecordError(
            f"'start.declarers' must be {fields['declarers']}, not {found(declarers)}"
        )
    if not _is_int(starter) or not 0 <= starter < SEATS:
        raise RecordError(f"'start.starter' must be {fields['starter']}, not {found(starter)}")
    if team_of(starter) != declarers:
        raise RecordError(
            f"'start.starter' must be a seat of the declaring team {declarers} "
            f"(seats {declarers} and {declarers + 2}), not seat {starter} (R-T5)"
        )
    return RoundStart(rank, declarers, starter)


def _read_round_limit(limit: object) -> int | None:
    if limit is None:
        return None
    if not _is_int(limit) or limit < 1:
        raise RecordError(f"'round_limit' must be a whole number ≥ 1 or null, not {found(limit)}")
    return limit


# ---------------------------------------------------------------- reading actions


def _read_actions(actions: object) -> tuple[Action, ...]:
    if not isinstance(actions, list):
        raise RecordError(f"'actions' must be a list of actions, not {found(actions)}")
    return tuple(read_action(number, item) for number, item in enumerate(actions, start=1))


def read_action(number: int, item: object) -> Action:
    """Action ``number`` (counted from 1) of a record, checked: its name, the seat 0-3,
    the count of a draw (1-100) and the cards in notation (R-N3). Whether the rules
    allow it is for replay to find out."""
    if not isinstance(item, list) or not item:
        raise RecordError(
            f'action {number} must be a list like ["play", 0, "AS"], not {found(item)}'
        )
    name = item[0]
    if not isinstance(name, str):
        raise RecordError(
            f"action {number} ({action_text(item)}) must start with the action's name "
            f"(draw, declare, pass, bury, play or takeback), not {found(name)}"
        )
    where = f"action {number} ({action_text(item)})"
    if name not in _ACTION_NAMES:
        raise RecordError(
            f"{where}: unknown action {quote(name)}: "
            "the actions are draw, declare, pass, bury, play and takeback"
        )
    seat_only = name in ("pass", "takeback")
    takes = "one count" if name == "draw" else "a seat" if seat_only else "a seat and cards"
    if len(item) != (2 if name == "draw" or seat_only else 3):
        raise RecordError(f"{where}: {name} takes {takes}, like {_EXAMPLES[name]}")
    if name == "draw":
        count = item[1]
        if not _is_int(count) or not 1 <= count <= MAX_DRAW:
            raise RecordError(
                f"{where}: the count must be a whole number from 1 to {MAX_DRAW} "
                f"(a deal draws {MAX_DRAW} cards, R-D2), not {found(count)}"
            )
        return Draw(count)
    seat = item[1]
    if not _is_int(seat) or not 0 <= seat < SEATS:
        raise RecordError(f"{where}: the seat must be 0-3, not {found(seat)}")
    if name == "pass":
        return Pass(seat)
    if name == "takeback":
        return Takeback(seat)
    text = item[2]
    if not isinstance(text, str):
        raise RecordError(
            f'{where}: the cards must be a string in notation like "AS AS" (R-N3), '
            f"not {found(text)}"
        )
    try:
        cards = tuple(parse_cards(text))
    except NotationError as error:
        raise RecordError(f"{where}: {error}") from None
    if name == "declare":
        return Declare(seat, cards)
    return Bury(seat, cards) if name == "bury" else Play(seat, cards)
