"""Shared helpers of the judge tests: run the real ``tuolaji judge`` on a pipe and
check table-driven cases against its answers."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

MODULE_COMMAND = [sys.executable, "-m", "tuolaji", "judge"]
TIMEOUT = 60

H2 = {"rank": "2", "suit": "H"}
S2 = {"rank": "2", "suit": "S"}
NT = {"rank": "2", "suit": None}
CL = "classic"
ERROR = object()
"""Expected answer marker: an error line."""
Cases = list[tuple[str, Any, Any]]
Answers = list[dict[str, Any]]


def std(**options: Any) -> dict[str, Any]:
    """A rules object: ``standard`` with some options changed."""
    return {"preset": "standard", **options}


def cls(**options: Any) -> dict[str, Any]:
    """A rules object: ``classic`` with some options changed."""
    return {"preset": "classic", **options}


def script_command() -> list[str] | None:
    """The ``tuolaji`` script installed next to the interpreter, if there is one."""
    folder = Path(sys.executable).parent
    for name in ("tuolaji", "tuolaji.exe"):
        if (folder / name).exists():
            return [str(folder / name), "judge"]
    return None


def run_judge(
    lines: list[str], command: list[str] | None = None, env: dict[str, str] | None = None
) -> tuple[list[str], str]:
    """Pipe ``lines`` into one judge process (UTF-8); its output lines and its stderr.
    The process must exit 0."""
    done = subprocess.run(
        command or MODULE_COMMAND,
        env=env,
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


def requests_of(cases: Cases) -> list[Any]:
    """The requests of a table of (name, request, expected). A dict request without an
    ``id`` gets the case name as id, so the echo and the order are checked on every
    line; a name ending in ``!`` keeps the request without one."""
    return [
        {"id": name, **request}
        if isinstance(request, dict) and "id" not in request and not name.endswith("!")
        else request
        for name, request, _ in cases
    ]


def indexes(cases: Cases) -> pytest.MarkDecorator:
    """Parametrize over the indexes of a table, each case named after its name."""
    return pytest.mark.parametrize(
        "index", [pytest.param(i, id=case[0]) for i, case in enumerate(cases)]
    )


Check = Callable[[Cases, int], dict[str, Any]]


def make_check() -> Check:
    """Check one case of a table: the answer is exactly the expected one plus the echoed
    id, or an error line. Each table goes through one judge process, once."""
    cache: dict[int, Answers] = {}

    def check_case(cases: Cases, index: int) -> dict[str, Any]:
        if id(cases) not in cache:
            cache[id(cases)] = ask_all(requests_of(cases))
        answer = cache[id(cases)][index]
        request, expected = requests_of(cases)[index], cases[index][2]
        request_id = request.get("id") if isinstance(request, dict) else None
        if expected is ERROR:
            assert set(answer) == {"id", "error"}, answer
            assert answer["id"] == request_id
            assert isinstance(answer["error"], str)
            assert answer["error"].strip()
            assert "internal error" not in answer["error"]
        elif isinstance(request, dict) and "id" in request:
            assert answer == {"id": request_id, **expected}
        else:
            assert answer == expected
        return answer

    return check_case
