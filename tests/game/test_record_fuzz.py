"""Fuzzing the record reader (docs/records.md): valid records mutated field by field.

Every mutated document must give one of two outcomes:

- a clean :class:`RecordError` with a one-line message, the document left unchanged; a
  refusal during replay names the action's number and the rule it breaks (R-xx), and
  the game driven directly by the same actions refuses that same action; for a
  version-2 record, replay may also refuse a count of packs that does not match the
  deals (the action that deals beyond them, or the packs left over), exactly where the
  direct game finds the mismatch;
- or a record that means exactly what the document says (read back, nothing rounded,
  no ``true`` taken for 1, no ``1.5`` for 1) and replays to the same events as the game
  driven directly from the document's values.

The valid starting points are the golden records in both versions (tests/data/*.json,
cut to their first rounds to keep the test fast; a version-2 record keeps the packs of
the deals left) and small freshly simulated games, each in version 2 and in version 1,
that use the optional fields: ``start`` and ``round_limit`` (a tournament deal) and two
stacked packs (a round-1 redeal, R-T6).
"""

from __future__ import annotations

import copy
import functools
import json
import random
import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tuolaji.arena.runner import play_until
from tuolaji.core.cards import RANKS, format_cards, full_pack, parse_cards, parse_rank
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import CLASSIC, rules_from_spec
from tuolaji.game import Bury, Declare, Draw, Game, Pass, Play, RoundStart
from tuolaji.game.actions import Action
from tuolaji.game.record import RecordError, load_record, record_from_json, record_of, replay

from .test_records import pack_text, redealt_game, version_1_of
from .test_scenarios import random_players

DATA = Path(__file__).resolve().parent.parent / "data"
#: Actions kept of each golden record: round 1 and part of round 2.
GOLDEN_PREFIX = 160
FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@functools.cache
def sources() -> tuple[dict[str, Any], ...]:
    """Valid record documents to mutate."""
    documents = []
    for path in sorted(DATA.glob("game-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        data["actions"] = data["actions"][:GOLDEN_PREFIX]
        if data["version"] == 2:
            # The packs left over after the cut would be refused (one pack per deal).
            data["packs"] = data["packs"][: len(direct_game(data)[0].packs)]
        documents.append(data)
    # A tournament deal: a later round's start, one round, a stacked pack.
    deal = Game(
        CLASSIC,
        11,
        decks=[parse_cards(pack_text(11))],
        start=RoundStart(rank=5, declarers=1, starter=3),
        round_limit=1,
    )
    play_until(deal, random_players(11))
    # Nobody declares on the first stacked pack: round 1 is dealt from the second.
    redealt = redealt_game(12)
    for record in (
        record_of(deal, ["random", "heuristic", "random", "cmd:bot"]),
        record_of(redealt, ["random"] * 4),
    ):
        documents += [record.to_json(), version_1_of(record).to_json()]
    return tuple(json.loads(json.dumps(document)) for document in documents)


# ------------------------------------------------------------------ the mutations

GARBAGE_CARDS = st.sampled_from(
    ["XX", "1Z", "A", "10", "S", "AS,", "♠A", "BJJ", "2s2s", "JJ", "AS\u2028", "🂡", "-1", "54"]
) | st.text(max_size=4)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 110),
    st.sampled_from([2**64, -(2**64), 10**40]),
    st.sampled_from([0.0, 1.0, 1.5, -1.0, 1e300]),
    st.sampled_from(["", "1", "2", "A", "T", "10", "AS", "2D", "AS AS", "BJ BJ", "XX"]),
    st.sampled_from(["standard", "classic", "tuolaji-record", "draw", "pass", "play", "bury"]),
    st.text(max_size=6),
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
TOP_LEVEL = [
    "format",
    "version",
    "rules",
    "seed",
    "players",
    "decks",
    "start",
    "round_limit",
    "packs",
    "actions",
    "note",
]


def choose_slot(document: dict[str, Any], data: st.DataObject) -> tuple[Any, Any]:
    """A place in ``document``: a (container, key or index) pair, reached by picking a
    top-level field (perhaps absent) and then descending at random."""
    container: Any = document
    # The actions are most of a record: they are picked as often as all the rest.
    key: Any = data.draw(st.sampled_from([*TOP_LEVEL, *["actions"] * 9]), label="field")
    while isinstance(container, list) or key in container:
        value = container[key]
        if not isinstance(value, list | dict) or not value or not data.draw(st.booleans()):
            break
        container = value
        if isinstance(value, list):
            key = data.draw(st.integers(0, len(value) - 1), label="index")
        else:
            key = data.draw(st.sampled_from(sorted(value)), label="key")
    return container, key


def mutate_cards(text: str, data: st.DataObject) -> str:
    """Cards in notation changed one token at a time: dropped, doubled, swapped for
    garbage or for another card."""
    tokens = text.split()
    index = data.draw(st.integers(0, max(len(tokens) - 1, 0)), label="token")
    how = data.draw(st.sampled_from(["drop", "double", "garbage", "card", "lower"]))
    if not tokens or how == "garbage":
        tokens[index : index + 1] = [data.draw(GARBAGE_CARDS, label="garbage")]
    elif how == "drop":
        del tokens[index]
    elif how == "double":
        tokens.insert(index, tokens[index])
    elif how == "card":
        tokens[index] = data.draw(st.sampled_from(["AS", "2D", "BJ", "RJ", "TH", "10C", "5♠"]))
    else:
        tokens[index] = tokens[index].lower()
    return " ".join(tokens)


def mutate(document: dict[str, Any], data: st.DataObject) -> None:
    """One change somewhere in ``document``."""
    container, key = choose_slot(document, data)
    present = key in container if isinstance(container, dict) else True
    if not present:
        container[key] = data.draw(JSON_VALUES, label="new value")
        return
    value = container[key]
    ways = ["delete", "replace"]
    if isinstance(container, list):
        ways.append("duplicate")
    if isinstance(value, list):
        ways += ["truncate", "extend"]
    if isinstance(value, str):
        ways += ["cards", "cards", "retype"]
    if isinstance(value, int | float) and not isinstance(value, bool):
        ways += ["nudge", "retype"]
    how = data.draw(st.sampled_from(ways), label="how")
    if how == "delete":
        del container[key]
    elif how == "replace":
        container[key] = data.draw(JSON_VALUES, label="value")
    elif how == "duplicate":
        container.insert(key, copy.deepcopy(value))
    elif how == "truncate":
        del value[data.draw(st.integers(0, len(value)), label="keep") :]
    elif how == "extend":
        extra = data.draw(st.sampled_from(value) if value else JSON_VALUES, label="extra")
        value.append(copy.deepcopy(extra))
    elif how == "cards":
        container[key] = mutate_cards(value, data)
    elif how == "nudge":
        container[key] = value + data.draw(st.sampled_from([-101, -4, -2, -1, 1, 2, 4, 100]))
    elif isinstance(value, str):  # retype a string: a number written as text, …
        container[key] = data.draw(st.sampled_from([len(value), None, [value], {"text": value}]))
    else:
        container[key] = data.draw(
            st.sampled_from([str(value), float(value), bool(value), [value]])
        )


def respell(document: dict[str, Any], data: st.DataObject) -> None:
    """A change that keeps the document valid and its game the same: a run of draws
    split in two, cards reordered or written another way (R-N3), other player names, an
    unknown field, the rules as a bare preset name."""
    actions = document["actions"]
    how = data.draw(st.sampled_from(["split", "cards", "names", "unknown", "rules", "pack"]))
    if how == "split":
        runs = [i for i, action in enumerate(actions) if action[0] == "draw" and action[1] > 1]
        if runs:
            index = data.draw(st.sampled_from(runs), label="run")
            count = actions[index][1]
            first = data.draw(st.integers(1, count - 1), label="split at")
            actions[index : index + 1] = [["draw", first], ["draw", count - first]]
    elif how == "cards":
        with_cards = [i for i, action in enumerate(actions) if len(action) == 3]
        if with_cards:
            action = actions[data.draw(st.sampled_from(with_cards), label="action")]
            tokens = data.draw(st.permutations(action[2].split()), label="order")
            spell = data.draw(st.sampled_from([str.lower, str.upper, spelled_out]))
            action[2] = " ".join(spell(token) for token in tokens)
    elif how == "pack":
        if document.get("packs"):
            # The same pack, each card spelled another way but none moved (R-N3).
            index = data.draw(st.integers(0, len(document["packs"]) - 1), label="pack")
            spell = data.draw(st.sampled_from([str.lower, spelled_out]))
            document["packs"][index] = " ".join(map(spell, document["packs"][index].split()))
    elif how == "names":
        document["players"] = data.draw(
            st.lists(st.text(max_size=8).map("p{}".format), min_size=4, max_size=4)
        )
    elif how == "unknown":
        document[data.draw(st.sampled_from(["note", "date", "event"]))] = data.draw(JSON_VALUES)
    elif document["rules"] in ({"preset": "standard"}, rules_from_spec("standard").to_spec()):
        document["rules"] = data.draw(st.sampled_from(["standard", None]))


def spelled_out(token: str) -> str:
    """A card the long way: ``10`` for ``T`` and a suit symbol for the letter (R-N3)."""
    token = format_cards(parse_cards(token))  # respelled before, it may be "4s" or "10♠"
    if token in ("BJ", "RJ"):
        return token
    rank, suit = token[:-1], token[-1]
    return ("10" if rank == "T" else rank) + "♠♥♦♣"["SHDC".index(suit)]


# ---------------------------------------------------------- what the outcome must be


def meaning(document: dict[str, Any]) -> str:
    """What a valid document says, in one canonical text: unknown fields dropped, the
    rules, ranks and cards written canonically (by the core, not the reader)."""
    start = document.get("start")
    version = document["version"]
    canonical = {
        "version": version,
        "rules": rules_from_spec(document["rules"]).to_spec(),
        "seed": document["seed"],
        "players": document["players"],
        # Version 1 reads stacked decks and ignores packs; version 2 the other way round.
        "decks": [format_cards(parse_cards(deck)) for deck in document.get("decks") or []]
        if version == 1
        else [],
        "packs": [format_cards(parse_cards(pack)) for pack in document["packs"]]
        if version == 2
        else [],
        "start": None
        if start is None
        else [RANKS[parse_rank(start["rank"])], start["declarers"], start["starter"]],
        "round_limit": document.get("round_limit"),
        "actions": [
            [*action[:2], format_cards(parse_cards(action[2]))] if len(action) == 3 else action
            for action in document["actions"]
        ],
    }
    # json.dumps tells true from 1 and 1.0 from 1, which == does not.
    return json.dumps(canonical, sort_keys=True, ensure_ascii=False)


def direct_action(item: list[Any]) -> Action:
    """An action of a valid document, taken at face value."""
    name = item[0]
    if name == "draw":
        return Draw(item[1])
    if name == "pass":
        return Pass(item[1])
    cards = tuple(parse_cards(item[2]))
    if name == "declare":
        return Declare(item[1], cards)
    return Bury(item[1], cards) if name == "bury" else Play(item[1], cards)


def seed_packs(seed: int, skip: int, count: int) -> list[list[int]]:
    """The packs the seed shuffles for deals ``skip + 1`` … ``skip + count`` (R-D1)."""
    rng = random.Random(seed)
    packs = []
    for _ in range(skip + count):
        pack = full_pack()
        rng.shuffle(pack)
        packs.append(pack)
    return packs[skip:]


def direct_game(document: dict[str, Any]) -> tuple[Game, int | None]:
    """The game driven straight from a valid document's values, without the reader, and
    the number of the first action it refuses (None: all are taken). For a version-2
    document, an action before the last that deals beyond its packs is refused too, and
    so (as action 0) is a document whose packs are more than the deals."""
    start = document.get("start")
    if document["version"] == 1:
        decks = [parse_cards(deck) for deck in document.get("decks") or []]
        packs = None
    else:
        packs = [parse_cards(pack) for pack in document["packs"]]
        # Only the last action may deal beyond the packs, and one deal at most.
        decks = packs + seed_packs(document["seed"], len(packs), 1)
    game = Game(
        rules_from_spec(document["rules"]),
        document["seed"],
        decks=decks,
        start=None
        if start is None
        else RoundStart(parse_rank(start["rank"]), start["declarers"], start["starter"]),
        round_limit=document.get("round_limit"),
    )
    last = len(document["actions"])
    for number, item in enumerate(document["actions"], start=1):
        try:
            game.apply(direct_action(item))
        except IllegalAction:
            return game, number
        if packs is not None and number < last and len(game.packs) > len(packs):
            return game, number
    if packs is not None and len(game.packs) < len(packs):
        return game, 0
    return game, None


def check_outcome(document: dict[str, Any]) -> str:
    """Read and replay ``document``, assert the outcome is one of the two allowed, and
    say which it was."""
    before = copy.deepcopy(document)
    try:
        record = record_from_json(document)
    except RecordError as error:
        assert "\n" not in str(error) and str(error).isprintable(), str(error)
        assert document == before
        return "refused when read"
    assert document == before
    assert meaning(record.to_json()) == meaning(document)
    assert record_from_json(record.to_json()) == record
    direct, refused_at = direct_game(document)
    try:
        game = replay(record)
    except RecordError as error:
        message = str(error)
        assert "\n" not in message
        if message.startswith("'packs' holds "):  # more packs than deals
            assert refused_at == 0, message
            return "refused in replay"
        found = re.match(
            r"action (\d+) \(.*\) (breaks R-[A-Z]+\d+: |starts deal \d+, but 'packs' holds)",
            message,
        )
        assert found, message
        assert int(found.group(1)) == refused_at
        return "refused in replay"
    assert refused_at is None
    assert game.events == direct.events
    return "replayed"


def test_every_source_record_replays() -> None:
    for document in sources():
        assert check_outcome(copy.deepcopy(document)) == "replayed"


@FUZZ
@given(data=st.data())
def test_a_mutated_record_is_refused_cleanly_or_replays_exactly(data: st.DataObject) -> None:
    document = copy.deepcopy(data.draw(st.sampled_from(sources()), label="source"))
    # Changes that keep the game first (they need a valid document), then breakages.
    respellings = data.draw(st.integers(0, 2), label="respellings")
    for _ in range(respellings):
        respell(document, data)
    for _ in range(data.draw(st.integers(0 if respellings else 1, 2), label="mutations")):
        mutate(document, data)
    event(check_outcome(document))


@settings(max_examples=100, deadline=None)
@given(
    document=st.dictionaries(st.sampled_from(TOP_LEVEL), JSON_VALUES, max_size=10),
    version=st.sampled_from([1, 2]),
)
def test_any_json_object_is_read_or_refused_with_a_record_error(
    document: dict[str, Any], version: int
) -> None:
    document.setdefault("format", "tuolaji-record")
    document.setdefault("version", version)
    try:
        record_from_json(document)
    except RecordError as error:
        assert "\n" not in str(error)


@settings(max_examples=100, deadline=None)
@given(content=st.binary(max_size=64) | st.text(max_size=64).map(str.encode))
def test_any_file_content_is_refused_with_a_record_error(
    content: bytes, tmp_path_factory: Any
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "x.json"
    path.write_bytes(content)
    try:
        load_record(path)
    except RecordError as error:
        assert "\n" not in str(error)
