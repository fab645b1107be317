"""The JSON Schema of the online protocol's frames, as docs/protocol.schema.json holds it.

``python -m tuolaji.server.schema`` prints it; ``--write PATH`` writes it (``make
schema``). The schema is generated from the pydantic models of
:mod:`tuolaji.server.protocol`, and a test checks that the checked-in file is current.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from tuolaji.server.protocol import protocol_schema


def schema_text() -> str:
    """The schema as the checked-in file holds it: indented JSON and a final newline."""
    return json.dumps(protocol_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> None:
    """Print the schema, or write it to the file ``--write`` names."""
    parser = argparse.ArgumentParser(
        prog="python -m tuolaji.server.schema",
        description="The JSON Schema of the frames of `tuolaji serve` (docs/protocol.md).",
    )
    parser.add_argument("--write", type=Path, metavar="PATH", help="write it to PATH")
    args = parser.parse_args(argv)
    if args.write is None:
        print(schema_text(), end="")
    else:
        args.write.write_text(schema_text(), encoding="utf-8")


if __name__ == "__main__":
    main()
