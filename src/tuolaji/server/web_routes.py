"""The browser table's routes: its built files, what its lobby offers, its translations.

- ``/``, ``/r/{code}`` and ``/replay`` answer the client's ``index.html`` (``make web``
  builds it into the server's static folder; never cached: it names the current
  assets), and ``/assets/*`` the files it loads (their names hold a hash of their
  content, so they are cached for a year). Without a built client, ``/`` is the plain
  page of the open rooms (:mod:`~tuolaji.server.page`), saying how to build it.
- ``GET /api/meta``: the languages, rule presets and options (each with its kind of
  control, group, labels and help as msgids, :mod:`~tuolaji.server.rule_options`), the
  groups of the settings panel, the players a seat may have and the turn clock's range.
- ``GET /api/catalog/{lang}``: the project's gettext catalog of ``lang`` (the terminal's
  translations, one source for both), as JSON, read once per language.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Final

from babel.messages.pofile import read_po
from fastapi import FastAPI, Response
from fastapi.responses import FileResponse, HTMLResponse
from starlette.staticfiles import StaticFiles

from tuolaji.i18n import DOMAIN, LOCALE_DIR, SUPPORTED
from tuolaji.server.botpool import SERVER_BOT_KINDS
from tuolaji.server.http_models import CLOCK_MAX_S, CLOCK_MIN_S
from tuolaji.server.page import lobby_page
from tuolaji.server.routing import HttpRefusal, Server
from tuolaji.server.rule_options import group_list, option_list, preset_options

#: each language of the game by its own name, as a language switch shows it
LANGUAGE_NAMES: Final[dict[str, str]] = {
    "en": "English",
    "zh_CN": "简体中文",
    "es": "Español",
    "da": "Dansk",
    "lv": "Latviešu",
    "hi": "हिन्दी",
}
#: the page's own address is always fetched again (it names the assets of this build)
NO_CACHE: Final = {"Cache-Control": "no-cache"}
#: an asset's name holds a hash of its content: it never changes under that name
IMMUTABLE: Final = "public, max-age=31536000, immutable"
#: what separates a message's context from its id in the catalog's keys (as gettext)
CONTEXT_SEPARATOR: Final = "\u0004"
#: the plural rule of the source language
ENGLISH_PLURALS: Final = "nplurals=2; plural=(n != 1);"


class BuiltAssets(StaticFiles):
    """The built client's assets, cached for good; none (404) before a build."""

    async def check_config(self) -> None:
        """No complaint about a missing folder: the client may not be built yet."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        """The file, marked as cacheable for a year."""
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = IMMUTABLE
        return response


def meta() -> dict[str, Any]:
    """What ``GET /api/meta`` answers (the same for every call)."""
    return {
        "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in SUPPORTED],
        "presets": preset_options(),
        "options": option_list(),
        "groups": group_list(),
        "players": ["human", *SERVER_BOT_KINDS],
        "clock": {"min": CLOCK_MIN_S, "max": CLOCK_MAX_S},
    }


def po_catalog(path: Path, lang: str) -> dict[str, Any]:
    """The translations of the ``.po`` file ``path`` as the client reads them: the plural
    rule of its header, its messages, plural messages (every form) and messages with a
    context (keyed ``context + "\\u0004" + msgid``). Fuzzy and untranslated entries are
    left out: the client shows their English."""
    with path.open("rb") as file:
        catalog = read_po(file, locale=None, domain=DOMAIN)
    messages: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    contexts: dict[str, str] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple | list):
            forms = [str(form) for form in message.string or ()]
            if forms and all(forms):
                key = str(message.id[0])
                if message.context:
                    key = message.context + CONTEXT_SEPARATOR + key
                plurals[key] = forms
            continue
        text = message.string
        if not isinstance(text, str) or not text:
            continue
        if message.context:
            contexts[message.context + CONTEXT_SEPARATOR + message.id] = text
        else:
            messages[message.id] = text
    return {
        "lang": lang,
        "plural_forms": _plural_forms(catalog.mime_headers),
        "messages": messages,
        "plurals": plurals,
        "contexts": contexts,
    }


def _plural_forms(headers: list[tuple[str, str]]) -> str:
    """The header's ``Plural-Forms`` as written (English's rule when it has none)."""
    for name, value in headers:
        if name.lower() == "plural-forms":
            return value
    return ENGLISH_PLURALS


@functools.lru_cache(maxsize=len(SUPPORTED))
def catalog_text(lang: str) -> str | None:
    """The catalog of ``lang`` as JSON text (read once), or None for a language the
    game does not have. English is the source: its maps are empty."""
    if lang not in SUPPORTED:
        return None
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == "en" or not path.is_file():
        data: dict[str, Any] = {
            "lang": lang,
            "plural_forms": ENGLISH_PLURALS,
            "messages": {},
            "plurals": {},
            "contexts": {},
        }
    else:
        data = po_catalog(path, lang)
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _page(static_dir: Path | None) -> Path | None:
    """The built client's page, or None when there is none."""
    if static_dir is None:
        return None
    page = static_dir / "index.html"
    return page if page.is_file() else None


def add_routes(app: FastAPI, server: Server) -> None:
    """Register the browser table's routes on ``app``."""
    static_dir = server.config.static_dir

    async def client_page() -> Response:
        page = _page(static_dir)
        if page is not None:
            return FileResponse(page, media_type="text/html", headers=NO_CACHE)
        lobby = server.the_lobby()
        rooms = await lobby.storage.listed_rooms(server.config.listed_rooms)
        return HTMLResponse(lobby_page(rooms), headers=NO_CACHE)

    @app.get("/", include_in_schema=False)
    async def front_page() -> Response:
        return await client_page()

    @app.get("/r/{code}", include_in_schema=False)
    async def room_page(code: str) -> Response:
        return await client_page()

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> Response:
        return await client_page()

    if static_dir is not None:
        app.mount(
            "/assets", BuiltAssets(directory=static_dir / "assets", check_dir=False), "assets"
        )

    @app.get("/api/meta")
    async def api_meta() -> dict[str, Any]:
        """The languages, rule presets and options, players and clock range."""
        return meta()

    @app.get("/api/catalog/{lang}")
    async def api_catalog(lang: str) -> Response:
        """The translations of ``lang`` (en, zh_CN, es, da, lv, hi)."""
        text = catalog_text(lang)
        if text is None:
            raise HttpRefusal(
                404,
                "unknown-language",
                f"the languages are {', '.join(SUPPORTED)}",
            )
        return Response(content=text, media_type="application/json")
