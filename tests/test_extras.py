"""The extras (pyproject.toml): the engine installs without Textual, matplotlib and
Babel, and what needs them says which extra to install (tuolaji/extras.py). A package
is made missing by a ``None`` in ``sys.modules``, which an import of a package that is
not installed sees too. The commands' side is in test_cli.py."""

from __future__ import annotations

import gettext
import os
import re
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from tuolaji import i18n
from tuolaji.core.errors import TuolajiError
from tuolaji.extras import EXTRAS, MissingExtra, missing_modules, require_extra

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def declared_extras() -> dict[str, set[str]]:
    """pyproject.toml's optional dependencies, as package names, less ``dev``."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    return {
        extra: {re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0] for requirement in packages}
        for extra, packages in project["optional-dependencies"].items()
        if extra != "dev"
    }


def test_the_extras_checked_are_the_extras_declared() -> None:
    assert {extra: set(modules) for extra, modules in EXTRAS.items()} == declared_extras()


def test_the_engine_depends_on_none_of_the_extras_packages() -> None:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    required = {re.split(r"[<>=!~\[; ]", item, maxsplit=1)[0] for item in project["dependencies"]}
    # mypy_extensions: one decorator the compiled build reads (build_engine.py)
    assert required == {"typer", "rich", "mypy_extensions"}
    assert not required & set().union(*declared_extras().values())


def test_nothing_is_missing_here() -> None:
    # the tests run with .[dev,play,arena,server,cluster] (make test)
    for extra in ("play", "arena", "server", "cluster"):
        assert missing_modules(extra) == ()
    require_extra("play")
    require_extra("arena", ("matplotlib",))


def test_a_missing_package_is_named_with_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "textual", None)
    monkeypatch.setitem(sys.modules, "babel", None)
    assert missing_modules("play") == ("textual", "babel")
    assert missing_modules("play", ("platformdirs",)) == ()
    assert missing_modules("arena") == ()
    with pytest.raises(MissingExtra) as refused:
        require_extra("play")
    error = refused.value
    assert (error.extra, error.missing, error.name) == ("play", ("textual", "babel"), "textual")
    assert str(error) == (
        "textual, babel are not installed: install tuolaji[play] (pip install 'tuolaji[play]')"
    )
    # one root for the package's own errors, and an ImportError for generic handlers
    assert isinstance(error, TuolajiError) and isinstance(error, ImportError)
    require_extra("play", ("platformdirs",))  # the part a feature needs is there


def test_an_unknown_extra_or_package_is_a_mistake_of_the_caller() -> None:
    with pytest.raises(KeyError):
        missing_modules("rl")
    with pytest.raises(KeyError, match="numpy is not a package of tuolaji"):
        require_extra("arena", ("numpy",))


def write_catalog(folder: Path, translation: str) -> Path:
    """An ``es`` catalog translating "Options" as ``translation``, as a .po and a .mo;
    the .po is dated after the .mo, as unpacking a wheel may leave them."""
    catalog = Catalog(locale="es", domain=i18n.DOMAIN)
    catalog.add("Options", translation)
    messages = folder / "es" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    with (messages / f"{i18n.DOMAIN}.mo").open("wb") as handle:
        write_mo(handle, catalog)
    source = messages / f"{i18n.DOMAIN}.po"
    catalog.get("Options").string = f"{translation} (newer)"  # type: ignore[union-attr]
    with source.open("wb") as handle:
        write_po(handle, catalog)
    compiled = source.with_suffix(".mo").stat().st_mtime
    os.utime(source, (compiled + 60, compiled + 60))
    return messages


def translation_of_options(language: str) -> str:
    """What "Options" reads as in ``language``'s catalog, as the translation layer loads it."""
    catalog = i18n._catalog(language)
    assert isinstance(catalog, gettext.NullTranslations)
    return catalog.gettext("Options")


def test_a_compiled_catalog_is_used_without_babel_even_if_its_source_looks_newer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_catalog(tmp_path, "Opciones")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert translation_of_options("es") == "Opciones (newer)"  # Babel compiles the .po
    monkeypatch.setitem(sys.modules, "babel", None)
    assert translation_of_options("es") == "Opciones"  # without it, the .mo as it is


def test_a_catalog_with_only_its_source_needs_babel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    messages = write_catalog(tmp_path, "Opciones")
    (messages / f"{i18n.DOMAIN}.mo").unlink()
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setitem(sys.modules, "babel", None)
    with pytest.raises(MissingExtra) as refused:
        i18n._catalog("es")
    assert (refused.value.extra, refused.value.missing) == ("play", ("babel",))
