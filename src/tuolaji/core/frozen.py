"""The base of the engine's frozen records (events, results, declarations, contexts).

Pickle and ``copy`` restore an object attribute by attribute by default, which a frozen
class refuses in the compiled build (build_engine.py). Rebuilt through its constructor
from its fields instead, a record travels to worker processes (``--jobs``) and is
copied alike in both builds.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any


class Frozen:
    """Mixed into a frozen dataclass: it pickles and copies through its constructor."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        record: Any = self  # a dataclass, which this base cannot say to the type checker
        return type(self), tuple(getattr(self, field.name) for field in fields(record))
