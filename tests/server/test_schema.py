"""The protocol's published description matches the code: the checked-in JSON Schema
(docs/protocol.schema.json) is the one the pydantic models generate, and every example
frame in docs/protocol.md is a frame the server sends or accepts.

Convention of docs/protocol.md: each fenced ```json block holds exactly one frame
(client or server); HTTP exchanges are in ```http blocks, code in ```python blocks.
"""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from tuolaji.core.cards import parse_cards
from tuolaji.game import event_from_json
from tuolaji.game.observation_json import observation_from_json
from tuolaji.server import schema
from tuolaji.server.protocol import (
    Ack,
    Act,
    AnyServerFrame,
    Back,
    Check,
    ErrorFrame,
    EventFrame,
    FrameError,
    Hello,
    Hint,
    HintAnswer,
    Notice,
    Ping,
    Pong,
    RoomFrame,
    ServerFrame,
    Verdict,
    Welcome,
    parse_client_frame,
)

DOCS = Path(__file__).resolve().parents[2] / "docs"
SCHEMA_FILE = DOCS / "protocol.schema.json"
PROTOCOL_PAGE = DOCS / "protocol.md"
CLIENT_MODELS: tuple[type[BaseModel], ...] = (Hello, Act, Check, Hint, Back, Ping)
SERVER_MODELS: tuple[type[BaseModel], ...] = (
    Welcome,
    EventFrame,
    Ack,
    Verdict,
    HintAnswer,
    ErrorFrame,
    RoomFrame,
    Notice,
    Pong,
)
_SERVER_FRAME: TypeAdapter[AnyServerFrame] = TypeAdapter(ServerFrame)
_JSON_BLOCK = re.compile(r"^```json\n(.*?)^```", re.MULTILINE | re.DOTALL)


def frame_type(model: type[BaseModel]) -> str:
    """The ``type`` a model's frames carry (its Literal)."""
    (name,) = typing.get_args(model.model_fields["type"].annotation)
    return str(name)


def doc_frames() -> list[str]:
    """The text of every ```json block of docs/protocol.md."""
    return _JSON_BLOCK.findall(PROTOCOL_PAGE.read_text(encoding="utf-8"))


def check_frame(text: str) -> tuple[str, dict[str, typing.Any]]:
    """Whether ``text`` is a client or a server frame, and the frame as data; a
    ``ValueError`` that says why when it is neither. Server frames are checked
    beyond their model: an event must be an engine event, a welcome's observation an
    observation (docs/api.md)."""
    data = json.loads(text)
    try:
        parse_client_frame(text)
        return "client", data
    except FrameError as client_problem:
        try:
            _SERVER_FRAME.validate_json(text)
        except ValidationError as server_problem:
            raise ValueError(
                f"neither a client frame ({client_problem}) nor a server frame "
                f"({server_problem.error_count()} problems: {server_problem.errors()[0]['msg']})"
            ) from None
    if data["type"] == "event":
        event_from_json(data["event"])
    if data["type"] == "welcome":
        observation_from_json(data["observation"])
    if data.get("table") is not None:
        observation_from_json(data["table"]["observation"])
        for group in data["table"]["hand_groups"]:
            parse_cards(group["cards"])
    return "server", data


def test_the_checked_in_schema_is_the_generated_one() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema.schema_text(), (
        "docs/protocol.schema.json is not what the protocol's models generate: run "
        "`make schema` and commit the file"
    )


def test_the_schema_names_every_frame() -> None:
    definitions = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))["$defs"]
    for model in CLIENT_MODELS + SERVER_MODELS:
        assert model.__name__ in definitions
        assert definitions[model.__name__]["properties"]["type"]["const"] == frame_type(model)


def test_the_schema_command_prints_and_writes_the_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    schema.main([])
    assert capsys.readouterr().out == schema.schema_text()
    target = tmp_path / "protocol.schema.json"
    schema.main(["--write", str(target)])
    assert target.read_text(encoding="utf-8") == schema.schema_text()
    assert json.loads(target.read_text(encoding="utf-8"))["title"] == "tuolaji online protocol"


def test_every_example_frame_in_the_docs_is_a_frame_of_the_protocol() -> None:
    blocks = doc_frames()
    assert len(blocks) >= 20
    for text in blocks:
        try:
            check_frame(text)
        except (ValueError, KeyError) as problem:
            pytest.fail(f"docs/protocol.md shows a frame the protocol refuses: {problem}\n{text}")


def test_the_docs_show_every_frame_type_in_both_directions() -> None:
    shown = {(side, frame["type"]) for side, frame in map(check_frame, doc_frames())}
    expected = {("client", frame_type(model)) for model in CLIENT_MODELS}
    expected |= {("server", frame_type(model)) for model in SERVER_MODELS}
    assert expected <= shown, f"frames without an example: {sorted(expected - shown)}"


def test_the_rules_the_examples_cite_are_in_the_rules() -> None:
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    cited = [frame["rule"] for _, frame in map(check_frame, doc_frames()) if frame.get("rule")]
    assert cited  # the refusals shown name their rule (R-P1, R-P2…)
    for rule in cited:
        assert f"**{rule} " in rules, f"{rule} is not a rule of docs/rules.md"


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "act", "id": "a 1", "action": {"kind": "play", "cards": "AS"}}',  # bad id
        '{"type": "hello", "token": "short"}',  # not a token's shape
        '{"type": "ack", "id": "a1", "number": 3}',  # a server frame without seq
        '{"type": "event", "seq": 3, "event": {"type": "shuffled"}}',  # no such event
        '{"type": "welcome", "seq": 0, "seat": null, "room": {}, "observation": {}}',
        '{"type": "notice", "seq": 1, "notice": "bye", "message": "x"}',
    ],
)
def test_a_frame_of_neither_side_is_refused_by_the_docs_check(text: str) -> None:
    with pytest.raises((ValueError, KeyError)):
        check_frame(text)
