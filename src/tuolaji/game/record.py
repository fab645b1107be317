"""Game records: a JSON file that replays, action by action, to the same game.

See docs/records.md for the format. Replaying re-applies every action through the
rules, so a record that breaks them is refused with the rule id and the action number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tuolaji.core.cards import RANKS, NotationError, format_cards, parse_cards, parse_rank
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import RulesError, RuleSet, rules_from_spec
from tuolaji.game.actions import Action, ActionFormatError, action_from_json, action_to_json
from tuolaji.game.game import Game
from tuolaji.game.state import RoundStart

FORMAT = "tuolaji-record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message says where."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything needed to replay a game: rules, seed, stacked decks, players, actions."""

    rules: RuleSet
    seed: int
    players: tuple[str, ...]
    actions: tuple[Action, ...]
    decks: tuple[tuple[int, ...], ...] = ()
    start: RoundStart | None = None
    round_limit: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON document of docs/records.md."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_spec(),
            "seed": self.seed,
            "players": list(self.players),
        }
        if self.decks:
            data["decks"] = [format_cards(deck) for deck in self.decks]
        if self.start is not None:
            data["start"] = {
                "rank": RANKS[self.start.rank],
                "declarers": self.start.declarers,
                "starter": self.start.starter,
            }
        if self.round_limit is not None:
            data["round_limit"] = self.round_limit
        data["actions"] = [action_to_json(action) for action in self.actions]
        return data


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


def record_from_json(data: object) -> GameRecord:
    """Read and validate a record document."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a tuolaji record: 'format' must be {FORMAT!r}")
    version = data.get("version")
    if version != VERSION:
        raise RecordError(
            f"unknown record version {version!r}: this tuolaji reads version {VERSION}"
        )
    for name in ("rules", "seed", "players", "actions"):
        if name not in data:
            raise RecordError(f"the record has no {name!r}")
    try:
        rules = rules_from_spec(data["rules"])
    except RulesError as error:
        raise RecordError(f"bad rules: {error}") from None
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"'seed' must be a whole number, not {seed!r}")
    players = data["players"]
    if not isinstance(players, list) or len(players) != 4:
        raise RecordError("'players' must list 4 names")
    if not isinstance(data["actions"], list):
        raise RecordError("'actions' must be a list")
    actions = []
    for number, item in enumerate(data["actions"], start=1):
        try:
            actions.append(action_from_json(item))
        except ActionFormatError as error:
            raise RecordError(f"action {number}: {error}") from None
    decks = []
    for text in data.get("decks", []):
        try:
            decks.append(tuple(parse_cards(text)))
        except (NotationError, AttributeError) as error:
            raise RecordError(f"bad stacked deck: {error}") from None
    return GameRecord(
        rules,
        seed,
        tuple(str(p) for p in players),
        tuple(actions),
        tuple(decks),
        _start_from_json(data.get("start")),
        _round_limit_from_json(data.get("round_limit")),
    )


def _start_from_json(data: object) -> RoundStart | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise RecordError("'start' must be an object with rank, declarers and starter")
    try:
        return RoundStart(parse_rank(data["rank"]), int(data["declarers"]), int(data["starter"]))
    except (KeyError, TypeError, ValueError) as error:
        raise RecordError(f"bad 'start': {error}") from None


def _round_limit_from_json(data: object) -> int | None:
    if data is None:
        return None
    if isinstance(data, bool) or not isinstance(data, int) or data < 1:
        raise RecordError(f"'round_limit' must be a whole number ≥ 1, not {data!r}")
    return data


def load_record(path: str | Path) -> GameRecord:
    """Read a record file; a corrupted file fails with a clear message."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not valid JSON: {error.msg} at line {error.lineno}") from None
    return record_from_json(data)


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
        try:
            game.apply(action)
        except IllegalAction as error:
            raise RecordError(
                f"action {number} ({action_to_json(action)}) breaks {error.rule}: {error.message}"
            ) from None
    return game
