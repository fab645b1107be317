"""The translation layer: choosing the language, catalogs (compiled or not), and the
checks that keep translations complete: the template matches the source, and every
catalog translates every message of the template."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from tuolaji import i18n

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot"


@pytest.fixture(autouse=True)
def english() -> object:
    """Every test starts and ends in English."""
    i18n.set_language("en")
    yield None
    i18n.set_language("en")


def message_id(
    message: str | tuple[str, ...] | list[str], context: str | None
) -> tuple[object, ...]:
    """A message's identity: its context and its singular (plural forms share it)."""
    singular = message if isinstance(message, str) else message[0]
    return (context, singular)


def pot_keywords() -> dict[str, Any]:
    """The translation functions ``make pot`` looks for: gettext's, and the ``--keyword``s
    its recipe adds (the browser table's ``t()``, ``tn()``, ``tc()``)."""
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8")
    added = re.findall(r"--keyword (\S+)", recipe)
    assert added, "the Makefile's pot target names no --keyword"
    return {**DEFAULT_KEYWORDS, **parse_keywords(added)}


def source_messages() -> set[tuple[object, ...]]:
    """Every message the source marks for translation, extracted as ``make pot`` does."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)  # type: ignore[no-untyped-call]
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=pot_keywords()
    ):
        found.add(message_id(message, context))
    return found


def template_messages() -> set[tuple[object, ...]]:
    """The messages of the shipped template."""
    with TEMPLATE.open("rb") as handle:
        template = read_po(handle)
    return {message_id(m.id, m.context) for m in template if m.id}


def missing_translations(po_file: Path) -> list[str]:
    """The template's messages that ``po_file`` leaves untranslated (or fuzzy)."""
    with po_file.open("rb") as handle:
        catalog = read_po(handle)
    missing = []
    for wanted in template_messages():
        context, singular = wanted
        message = catalog.get(singular, context=context)  # type: ignore[arg-type]
        found = None if message is None else message.string
        strings = [found] if isinstance(found, str) else list(found or [])
        if message is None or message.fuzzy or not all(strings):
            missing.append(str(singular))
    return sorted(missing)


def catalogs() -> list[Path]:
    """Every translation catalog in the package."""
    return sorted(i18n.LOCALE_DIR.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po"))


def test_the_template_is_up_to_date_with_the_source() -> None:
    source, template = source_messages(), template_messages()
    assert len(source) > 150
    assert not source - template, (
        f"run `make pot`: new messages {sorted(source - template, key=str)[:5]}"
    )
    assert not template - source, (
        f"run `make pot`: stale messages {sorted(template - source, key=str)[:5]}"
    )


@pytest.mark.parametrize("po_file", catalogs(), ids=lambda path: path.parts[-3])
def test_every_catalog_translates_every_message(po_file: Path) -> None:
    assert missing_translations(po_file) == []


def test_catalogs_belong_to_supported_languages() -> None:
    for po_file in catalogs():
        assert po_file.parts[-3] in i18n.SUPPORTED


def test_the_completeness_check_catches_a_missing_message(tmp_path: Path) -> None:
    catalog = Catalog(locale="da")
    catalog.add("You", "Du")
    po_file = tmp_path / "tuolaji.po"
    with po_file.open("wb") as handle:
        write_po(handle, catalog)
    missing = missing_translations(po_file)
    assert "You" not in missing
    assert "East" in missing and len(missing) == len(template_messages()) - 1


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", "en"),
        ("zh-CN", "zh_CN"),
        ("zh_CN.UTF-8", "zh_CN"),
        ("zh", "zh_CN"),
        ("es_MX.UTF-8", "es"),
        ("DA", "da"),
        ("lv_LV", "lv"),
        ("hi_IN.utf8", "hi"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("fr_FR", None),
        ("", None),
    ],
)
def test_language_codes_are_normalized(code: str, expected: str | None) -> None:
    assert i18n.normalize(code) == expected


def test_the_language_comes_from_the_option_then_the_locale_then_english() -> None:
    assert i18n.choose_language("es", {"LANG": "da_DK.UTF-8"}) == ("es", None)
    assert i18n.choose_language(None, {"LANG": "da_DK.UTF-8"}) == ("da", None)
    assert i18n.choose_language(None, {"LC_ALL": "lv_LV", "LANG": "da_DK"}) == ("lv", None)
    assert i18n.choose_language(None, {"LC_MESSAGES": "hi_IN", "LANG": "da_DK"}) == ("hi", None)
    assert i18n.choose_language(None, {"LANG": "fr_FR.UTF-8"}) == ("en", None)
    assert i18n.choose_language(None, {}) == ("en", None)


def test_an_unknown_language_falls_back_to_english_with_a_notice() -> None:
    language, notice = i18n.choose_language("klingon", {"LANG": "da_DK"})
    assert language == "en"
    assert notice is not None and "klingon" in notice and "zh_CN" in notice
    with pytest.raises(ValueError, match="unsupported"):
        i18n.set_language("klingon")


def test_a_supported_language_without_a_catalog_shows_english() -> None:
    for code in i18n.SUPPORTED:
        if code not in i18n.available_catalogs():
            assert i18n.set_language(code) == code
            assert i18n._("East") == "East"
            assert i18n.ngettext("{n} point", "{n} points", 2) == "{n} points"


def fake_catalog(folder: Path) -> Catalog:
    """A Danish catalog with two messages, in ``folder``/da/LC_MESSAGES/tuolaji.po."""
    catalog = Catalog(locale="da", domain=i18n.DOMAIN)
    catalog.add("East", "Øst")
    catalog.add(("{n} point", "{n} points"), ("{n} point", "{n} point"))
    target = folder / "da" / "LC_MESSAGES"
    target.mkdir(parents=True)
    with (target / f"{i18n.DOMAIN}.po").open("wb") as handle:
        write_po(handle, catalog)
    return catalog


def test_a_po_file_is_read_even_before_it_is_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_catalog(tmp_path)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.available_catalogs() == ["da"]
    i18n.set_language("da_DK.UTF-8")
    assert i18n.current_language() == "da"
    assert i18n._("East") == "Øst"
    assert i18n.ngettext("{n} point", "{n} points", 3) == "{n} point"
    assert i18n._("West") == "West"  # untranslated messages stay English


def test_a_compiled_catalog_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalog = fake_catalog(tmp_path)
    catalog.get("East").string = "Østen"  # type: ignore[union-attr]
    mo_file = tmp_path / "da" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    with mo_file.open("wb") as handle:
        write_mo(handle, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.set_language("da")
    assert i18n._("East") == "Østen"


def test_no_message_reads_as_a_printf_format() -> None:
    # A percent sign before a letter ("95% interval") makes the catalog tools treat a
    # message as a printf format, and a translation that moves the letter then fails
    # to compile: figures with % go into {fields} instead.
    with TEMPLATE.open("rb") as handle:
        template = read_po(handle)
    flagged = [m.id for m in template if m.id and "python-format" in m.flags]
    assert not flagged
