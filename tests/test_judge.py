"""The rules judge as other programs use it: the real command, JSON Lines on a pipe.

Covers every op of shared/JUDGE.md — ``combo`` (R-C1–R-C4), ``follow`` (R-P2–R-P6, R-H2
with the ``blocker`` extension), ``winner`` (R-W1–R-W5), ``throw`` (R-H1–R-H3),
``bonus`` (R-S2), ``settle`` (R-S3), ``declare`` (R-T2, R-T3) and ``flip`` (R-T6) —
under both presets and with option objects (§12); the ``id`` echoed unchanged; answers
in request order; card lists in canonical ASCII, high to low (R-N3); bad input answered
with one ``{"id": …, "error": …}`` line while the judge carries on and exits 0; blank
lines skipped. Each group of requests goes through one judge process.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

MODULE_COMMAND = [sys.executable, "-m", "tuolaji", "judge"]
TIMEOUT = 60

H2 = {"rank": "2", "suit": "H"}
NO_TRUMP = {"rank": "2", "suit": None}
TRACTOR_FIRST_OFF = {"preset": "classic", "follow_tractor_first": False}
ERROR = object()
"""Expected answer marker: an error line."""


def script_command() -> list[str] | None:
    """The ``tuolaji`` script installed next to the interpreter, if there is one."""
    folder = Path(sys.executable).parent
    for name in ("tuolaji", "tuolaji.exe"):
        if (folder / name).exists():
            return [str(folder / name), "judge"]
    return None


def run_judge(lines: list[str], command: list[str] | None = None) -> tuple[list[str], str]:
    """Pipe ``lines`` into one judge process; its output lines and its stderr. The
    process must exit 0."""
    done = subprocess.run(
        command or MODULE_COMMAND,
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines(), done.stderr


def as_line(request: Any) -> str:
    return request if isinstance(request, str) else json.dumps(request)


def ask_all(requests: list[Any], command: list[str] | None = None) -> list[dict[str, Any]]:
    """The parsed answers to ``requests`` (dicts are sent as JSON, strings as is)."""
    out, _ = run_judge([as_line(r) for r in requests], command)
    answers = [json.loads(line) for line in out]
    assert len(answers) == len(requests)
    return answers


def check_answer(answer: dict[str, Any], request: Any, expected: Any) -> None:
    """The answer must be exactly ``expected`` plus the echoed id, or an error line."""
    request_id = request.get("id") if isinstance(request, dict) else None
    if expected is ERROR:
        assert set(answer) == {"id", "error"}, answer
        assert answer["id"] == request_id
        assert isinstance(answer["error"], str)
        assert answer["error"].strip()
        assert "internal error" not in answer["error"]
    else:
        want = dict(expected)
        if isinstance(request, dict) and "id" in request:
            want = {"id": request["id"], **want}
        assert answer == want


class JudgeGroup:
    """A table of (name, request, expected answer), all sent to one judge process.

    Requests that are dicts without an ``id`` get the case name as id, so the echo and
    the order are checked on every line."""

    CASES: list[tuple[str, Any, Any]] = []

    @classmethod
    def requests(cls) -> list[Any]:
        out = []
        for name, request, _ in cls.CASES:
            if isinstance(request, dict) and "id" not in request and not name.endswith("!"):
                request = {"id": name, **request}
            out.append(request)
        return out

    @pytest.fixture(scope="class")
    def answers(self) -> list[dict[str, Any]]:
        return ask_all(self.requests())


def cases_of(group: type[JudgeGroup]) -> pytest.MarkDecorator:
    """Parametrize a group's test over its cases by index, named after the case."""
    return pytest.mark.parametrize(
        "index", [pytest.param(i, id=case[0]) for i, case in enumerate(group.CASES)]
    )


def req(op: str, rules: Any = None, **fields: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"op": op, **fields}
    if rules is not None:
        request["rules"] = rules
    return request
