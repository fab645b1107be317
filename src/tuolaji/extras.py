"""The optional parts of tuolaji and the packages each one needs.

``pip install tuolaji`` installs the engine (core, game), the bots, the judge and the
``tuolaji`` command. The front ends that need more are extras (pyproject.toml):

- ``play``: the terminal game (``tuolaji play``, ``tuolaji rules``) — Textual for the
  screen, platformdirs for the saved-games folder, Babel to compile a translation that
  has no compiled catalog yet;
- ``arena``: tournament charts (``tuolaji tournament --out``) — matplotlib;
- ``cluster``: batch work on Ray (``--executor ray`` of ``tuolaji tournament``,
  ``simulate`` and ``analyse``) — Ray, with its client for ``ray://`` addresses;
- ``server``: the online game (``tuolaji serve``) — FastAPI, uvicorn, WebSockets,
  SQLAlchemy with Alembic and the SQLite and PostgreSQL drivers, Babel for the
  browser table's translations.

A command that needs a missing extra stops before it starts any work, with a
:class:`MissingExtra` that names the extra to install:

>>> missing_modules("arena") in ((), ("matplotlib",))
True
>>> str(MissingExtra("play", ("textual",)))
"textual is not installed: install tuolaji[play] (pip install 'tuolaji[play]')"
"""

from __future__ import annotations

import importlib.util

from tuolaji.core.errors import TuolajiError

#: extra → the top-level modules of its packages (keep in step with pyproject.toml)
EXTRAS: dict[str, tuple[str, ...]] = {
    "play": ("textual", "platformdirs", "babel"),
    "arena": ("matplotlib",),
    "cluster": ("ray",),
    "server": (
        "fastapi",
        "uvicorn",
        "websockets",
        "pydantic",
        "sqlalchemy",
        "alembic",
        "aiosqlite",
        "asyncpg",
        "platformdirs",
        "babel",
    ),
}


class MissingExtra(TuolajiError, ImportError):
    """A feature needs packages of an extra that are not installed: ``extra`` names the
    extra, ``missing`` the modules that cannot be imported."""

    def __init__(self, extra: str, missing: tuple[str, ...]) -> None:
        self.extra = extra
        self.missing = missing
        verb = "is" if len(missing) == 1 else "are"
        super().__init__(
            f"{', '.join(missing)} {verb} not installed: "
            f"install tuolaji[{extra}] (pip install 'tuolaji[{extra}]')",
            name=missing[0] if missing else None,
        )


def _importable(module: str) -> bool:
    """Whether ``module`` (a top-level name) can be imported, without importing it."""
    try:
        return importlib.util.find_spec(module) is not None
    except ValueError:  # in sys.modules without a spec (a stand-in): it is there
        return True


def missing_modules(extra: str, modules: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The modules of ``extra`` (or only those of ``modules`` among them) that cannot be
    imported here: none when it is installed. An unknown extra or a module that is not
    the extra's is a ``KeyError``, a mistake of the caller."""
    wanted = EXTRAS[extra]
    for module in modules or ():
        if module not in wanted:
            raise KeyError(f"{module} is not a package of tuolaji[{extra}]")
    return tuple(module for module in modules or wanted if not _importable(module))


def require_extra(extra: str, modules: tuple[str, ...] | None = None) -> None:
    """Raise :class:`MissingExtra` when a package of ``extra`` (or of ``modules``, the
    part of it a feature needs) is not installed.

    Cheap (no package is imported), so a command calls it before any work: a tournament
    of an hour must not fail at its end for want of the chart's package.
    """
    missing = missing_modules(extra, modules)
    if missing:
        raise MissingExtra(extra, missing)
