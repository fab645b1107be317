"""The base of the engine's frozen records (events, results, declarations, contexts).

Pickle and ``copy`` restore an object attribute by attribute by default, which a frozen
class refuses in the compiled build (build_engine.py). Rebuilt through its constructor
from its fields instead, a record travels to worker processes (``--jobs``) and is
copied alike in both builds.

The records made most often (a card drawn or played, a trick, a declaration) write
their ``__init__`` out, setting each field with ``object.__setattr__`` as the generated
one does: the compiled build leaves the ``__init__`` that ``dataclass`` generates
interpreted, ten times slower than one it compiles (where ``object.__setattr__`` on a
field becomes a plain store). ``dataclass`` keeps an ``__init__`` the class defines.
The named tuples made most often (a combination and its parts, an observation) are built
through :data:`new_named_tuple` for the same reason.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final

new_named_tuple: Final = tuple.__new__
"""``new_named_tuple(cls, fields)``: the named tuple ``cls`` of ``fields``, given whole
and in order. A named tuple's own constructors (``cls(...)``, ``cls._make``) are
generated Python, which the compiled build runs interpreted; this is ``tuple``'s."""


class Frozen:
    """Mixed into a frozen dataclass: it pickles and copies through its constructor."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        record: Any = self  # a dataclass, which this base cannot say to the type checker
        return type(self), tuple(getattr(self, field.name) for field in fields(record))
