"""The translation layer: every word a player reads goes through ``_()`` or ``ngettext()``.

Messages are English in the source and looked up in gettext catalogs under
``src/tuolaji/locale/<lang>/LC_MESSAGES/tuolaji.mo`` (``make catalogs`` compiles them
from the ``.po`` files with Babel). Where a language has a ``.po`` file but no compiled
``.mo`` yet (a fresh checkout, an installed wheel built without ``make catalogs``), the
``.po`` file is compiled in memory, so a player never sees English by accident.

The language comes from ``--lang``, else from the locale variables (``LC_ALL``,
``LC_MESSAGES``, ``LANG``, in the order the C library reads them), else English. An
unknown language falls back to English with a notice (see :func:`choose_language`).
The online server, which words each message in its reader's language, sets the
language for one block at a time (:func:`using_language`).
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from tuolaji.extras import missing_modules, require_extra

DOMAIN = "tuolaji"
LOCALE_DIR = Path(__file__).parent / "locale"
DEFAULT = "en"
#: the languages the game declares; catalogs for all but English come with translations
SUPPORTED: tuple[str, ...] = ("en", "zh_CN", "es", "da", "lv", "hi")
#: the locale variables that may name a language, in the order gettext reads them
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class _Current:
    """The language in force and its catalog (one per process, as gettext has it)."""

    translations: gettext.NullTranslations = gettext.NullTranslations()
    language: str = DEFAULT


_current = _Current()


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current.translations.gettext(message)


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark ``message`` for extraction without translating it yet (for tables built at
    import time, translated later with ``_()`` when shown)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form of a message for ``count``, in the current language
    (languages with more plural forms choose among them by their own rule)."""
    return _current.translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words used
    elsewhere by ``context`` (e.g. "pass" the verb against "pass" the noun)."""
    return _current.translations.pgettext(context, message)


def current_language() -> str:
    """The code of the language messages are shown in now."""
    return _current.language


def normalize(code: str) -> str | None:
    """The supported code that ``code`` names, or None: ``zh-CN``, ``zh_CN.UTF-8`` and
    ``zh`` give ``zh_CN``; ``es_MX.UTF-8`` gives ``es``; ``C`` and ``POSIX`` give ``en``."""
    text = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not text:
        return None
    if text in ("C", "POSIX"):
        return DEFAULT
    lowered = {supported.lower(): supported for supported in SUPPORTED}
    exact = lowered.get(text.lower())
    if exact is not None:
        return exact
    base = text.split("_")[0].lower()
    if base in lowered:
        return lowered[base]
    for supported in SUPPORTED:
        if supported.split("_")[0].lower() == base:
            return supported
    return None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the locale variables name (the first one set), or None. ``LANGUAGE``
    may list several languages separated by colons; the first supported one wins."""
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            found = normalize(part)
            if found is not None:
                return found
        if name != "LANGUAGE":
            # the first set variable of LC_ALL, LC_MESSAGES, LANG decides, as in C
            return None
    return None


def choose_language(
    requested: str | None, environ: Mapping[str, str] | None = None
) -> tuple[str, str | None]:
    """The language to use and a notice to show (None when there is nothing to say):
    ``requested`` (from ``--lang``) if it is supported, else the locale's, else English."""
    if requested:
        found = normalize(requested)
        if found is not None:
            return found, None
        # English is in force while this is read, whatever the locale says
        return DEFAULT, _(
            "Unknown language '{code}': playing in English. Languages: {codes}."
        ).format(code=requested, codes=", ".join(SUPPORTED))
    return language_from_environment(environ) or DEFAULT, None


def _catalog(language: str) -> gettext.NullTranslations | None:
    """The compiled catalog of ``language``, or its ``.po`` file compiled in memory."""
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    compiled = folder / f"{DOMAIN}.mo"
    source = folder / f"{DOMAIN}.po"
    fresh = not source.is_file() or (
        compiled.is_file() and compiled.stat().st_mtime >= source.stat().st_mtime
    )
    # Without Babel (the [play] extra) a .mo is used even when its .po looks newer: an
    # installed wheel's files are dated when they are unpacked, in no useful order.
    if compiled.is_file() and (fresh or missing_modules("play", ("babel",))):
        with compiled.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    if source.is_file():
        # A source checkout whose catalogs are not compiled (make catalogs).
        require_extra("play", ("babel",))
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with source.open("rb") as handle:
            catalog = read_po(handle, locale=language, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        return gettext.GNUTranslations(buffer)
    return None


#: catalogs loaded so far, by language and the files they came from (their place, time
#: and size, so a catalog rewritten or moved, as tests do, is loaded again)
_loaded: dict[tuple[object, ...], gettext.NullTranslations] = {}


def _translations(language: str) -> gettext.NullTranslations:
    """The translations of a supported ``language``: its catalog, loaded once and kept,
    or none (English) where it has no catalog."""
    if language == DEFAULT:
        return gettext.NullTranslations()
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    key: tuple[object, ...] = (language, str(folder))
    for name in (f"{DOMAIN}.mo", f"{DOMAIN}.po"):
        try:
            found = (folder / name).stat()
        except OSError:
            key += (None,)
        else:
            key += (found.st_mtime_ns, found.st_size)
    cached = _loaded.get(key)
    if cached is None:
        cached = _catalog(language) or gettext.NullTranslations()
        _loaded[key] = cached
    return cached


def set_language(code: str) -> str:
    """Show messages in ``code`` from now on and return the code in force. A supported
    language without a catalog yet shows English; an unsupported code is refused."""
    language = normalize(code)
    if language is None:
        raise ValueError(f"unsupported language {code!r}: choose from {', '.join(SUPPORTED)}")
    _current.translations = _translations(language)
    _current.language = language
    return language


@contextmanager
def using_language(code: str | None) -> Iterator[str]:
    """Show messages in ``code`` inside the ``with`` block only, and give the code in
    force: an unknown or empty code gives English. The language before is back after
    the block, however it ends. Catalogs are loaded once, so this is cheap to repeat
    (the online server words each refusal in the language of the browser that reads
    it). The language is one per process: use it around synchronous code only, with no
    ``await`` inside the block.

    >>> with using_language("es-MX") as language:
    ...     language, current_language()
    ('es', 'es')
    >>> current_language()
    'en'
    """
    before = (_current.translations, _current.language)
    language = (normalize(code) if code else None) or DEFAULT
    try:
        _current.translations = _translations(language)
        _current.language = language
        yield language
    finally:
        _current.translations, _current.language = before


def available_catalogs() -> list[str]:
    """The languages that have a catalog (``.po`` or ``.mo``) in the package."""
    found = []
    for language in SUPPORTED:
        folder = LOCALE_DIR / language / "LC_MESSAGES"
        if (folder / f"{DOMAIN}.po").is_file() or (folder / f"{DOMAIN}.mo").is_file():
            found.append(language)
    return found
