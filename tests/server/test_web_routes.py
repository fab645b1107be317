"""The browser table's routes (docs/protocol.md, "The browser table"): the built
client's page and assets with their caching, the plain page when it is not built,
gzip, ``/api/meta`` (every rule option, with msgids the catalogs translate) and
``/api/catalog/{lang}`` (the terminal's own catalogs, fuzzy and untranslated entries
left out). Each test serves a static folder of its own: none depends on a build."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from server.harness import running_server, sqlite_url
from tuolaji import i18n
from tuolaji.cli import app as cli_app
from tuolaji.core.rules import (
    OPTION_NAMES,
    PRESET_OPTIONS,
    TALON_MULTIPLIERS,
    RulesError,
    preset,
    rules_from_spec,
)
from tuolaji.server import run as server_run
from tuolaji.server.config import ServerConfig
from tuolaji.server.rule_options import CHOICE_LABELS, OPTION_TEXTS
from tuolaji.server.web_routes import catalog_text, po_catalog

PAGE = "<!doctype html><html><body><div id=app></div><script src=/assets/app-1a2b.js></script>"
#: an asset large enough to be compressed (over 1 KB)
SCRIPT = "console.log('tuolaji');\n" * 200


def built_client(folder: Path) -> Path:
    """A static folder as ``make web`` leaves it: a page and a hashed asset."""
    (folder / "assets").mkdir(parents=True)
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    (folder / "assets" / "app-1a2b.js").write_text(SCRIPT, encoding="utf-8")
    return folder


@pytest.mark.asyncio
async def test_the_built_client_is_served_with_its_caching(tmp_path: Path) -> None:
    static = built_client(tmp_path / "static")
    async with running_server(sqlite_url(tmp_path), static_dir=static) as live:
        code = (await live.create_room())["code"]
        for path in ("/", f"/r/{code}", "/r/NOSUCHROOM", "/replay", "/replay?room=X"):
            page = await live.http.get(path)
            assert page.status_code == 200, path
            assert page.text == PAGE and page.headers["cache-control"] == "no-cache"
            assert page.headers["content-type"].startswith("text/html")
        asset = await live.http.get("/assets/app-1a2b.js", headers={"accept-encoding": "gzip"})
        assert asset.status_code == 200 and asset.text == SCRIPT
        assert asset.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert asset.headers["content-encoding"] == "gzip"  # over 1 KB: compressed
        # files outside the assets folder, and missing ones, are not found
        for missing in ("/assets/none.js", "/assets/../index.html", "/assets/%2e%2e/index.html"):
            assert (await live.http.get(missing)).status_code == 404, missing


@pytest.mark.asyncio
async def test_without_a_build_the_front_page_says_how_to_build_it(tmp_path: Path) -> None:
    empty = tmp_path / "static"
    empty.mkdir()
    for static in (empty, None):
        async with running_server(sqlite_url(tmp_path), static_dir=static) as live:
            listed = await live.create_room(listed=True)
            for path in ("/", "/r/ABC", "/replay"):
                page = await live.http.get(path)
                assert page.status_code == 200
                assert "make web" in page.text and listed["code"] in page.text
            assert (await live.http.get("/assets/app.js")).status_code == 404


@pytest.mark.asyncio
async def test_small_answers_are_not_compressed_and_large_ones_are(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        small = await live.http.get("/api/health", headers={"accept-encoding": "gzip"})
        assert "content-encoding" not in small.headers
        large = await live.http.get("/api/catalog/es", headers={"accept-encoding": "gzip"})
        assert large.headers["content-encoding"] == "gzip"
        raw = await live.http.get("/api/catalog/es", headers={"accept-encoding": "identity"})
        assert "content-encoding" not in raw.headers
        assert large.json() == raw.json()
        assert len(gzip.compress(raw.content)) < len(raw.content) / 2


@pytest.mark.asyncio
async def test_meta_lists_languages_presets_every_option_players_and_the_clock(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        meta = (await live.http.get("/api/meta")).json()
    assert [language["code"] for language in meta["languages"]] == list(i18n.SUPPORTED)
    assert dict((lang["code"], lang["name"]) for lang in meta["languages"])["zh_CN"] == "简体中文"
    assert meta["presets"] == {name: preset(name).options() for name in PRESET_OPTIONS}
    offered = [name for name in OPTION_NAMES if name in OPTION_TEXTS]
    assert [option["name"] for option in meta["options"]] == offered
    for option in meta["options"]:
        label, help_text = OPTION_TEXTS[option["name"]]
        assert (option["label"], option["help"]) == (label, help_text)
        assert option["help"].endswith(").") and "(R-" in option["help"]  # names its rule
    kinds = {option["name"]: option for option in meta["options"]}
    assert kinds["follow_tractor_first"]["kind"] == "bool"
    choices = kinds["talon_multiplier"]["choices"]
    assert [choice["value"] for choice in choices] == list(TALON_MULTIPLIERS)
    assert [choice["label"] for choice in choices] == [
        CHOICE_LABELS["talon_multiplier"][value] for value in TALON_MULTIPLIERS
    ]
    assert (kinds["throw_penalty"]["kind"], kinds["throw_penalty"]["min"]) == ("number", 0)
    assert meta["players"] == ["human", "random", "heuristic", "search"]
    assert meta["clock"] == {"min": 5, "max": 600}


def contradicts(rules: Any) -> bool:
    """Whether these rules contradict themselves (the rule set refuses them)."""
    try:
        rules_from_spec(rules)
    except RulesError:
        return True
    return False


@pytest.mark.asyncio
async def test_every_value_meta_offers_makes_a_room_and_one_past_the_range_does_not(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path), create_burst=1000) as live:
        meta = (await live.http.get("/api/meta")).json()
        bodies: list[dict[str, Any]] = []
        for name in meta["presets"]:
            for option in meta["options"]:
                if option["kind"] == "bool":
                    values: list[Any] = [True, False]
                elif option["kind"] == "choice":
                    values = [choice["value"] for choice in option["choices"]]
                elif option["kind"] == "ranks":
                    values = [[], option["ranks"], option["ranks"][3::5]]
                elif option["kind"] == "scoring":
                    # each field at its smallest and largest (opponents_up at least take_over)
                    values = [
                        {field["name"]: field[end]}
                        for field in option["fields"]
                        for end in ("min", "max")
                        if field["name"] not in ("take_over", "opponents_up")
                    ]
                    values += [{"take_over": 1, "opponents_up": 1}]
                    values += [{"take_over": 200, "opponents_up": 200}]
                    values += [{"opponents_up": 1000}, {"cap": None}]
                else:
                    values = [option["min"], option["max"]]
                bodies += [{"rules": {"preset": name, option["name"]: v}} for v in values]
        bodies += [{"clock_s": meta["clock"]["min"]}, {"clock_s": meta["clock"]["max"]}]
        bodies += [{"seats": [{"player": player}] * 4} for player in meta["players"]]
        for body in bodies:
            response = await live.http.post("/api/rooms", json={**body, "round_limit": 1})
            if contradicts(body.get("rules")):
                # a value that contradicts an option of the preset (shengji's red pair
                # under declaration_order "length") is refused, naming the option
                assert response.status_code == 422, (body, response.text)
                assert next(iter(set(body["rules"]) - {"preset"})) in response.text
                continue
            assert response.status_code == 201, (body, response.text)
        penalty = next(option for option in meta["options"] if option["name"] == "throw_penalty")
        for body in (
            {"rules": {"throw_penalty": penalty["max"] + 1}},
            {"rules": {"throw_penalty": penalty["min"] - 1}},
            {"clock_s": meta["clock"]["max"] + 1},
        ):
            assert (await live.http.post("/api/rooms", json=body)).status_code == 422, body


@pytest.mark.asyncio
async def test_a_catalog_holds_the_terminals_translations(tmp_path: Path) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        spanish = (await live.http.get("/api/catalog/es")).json()
        english = (await live.http.get("/api/catalog/en")).json()
        unknown = await live.http.get("/api/catalog/tlh")
        for bad in ("/api/catalog/ES", "/api/catalog/..%2Fes", "/api/catalog/"):
            assert (await live.http.get(bad)).status_code == 404, bad
    assert spanish["lang"] == "es"
    # the refusal template the server words illegal actions with (R-P1 …)
    assert spanish["messages"]["Not allowed ({rule}): {why}"] == "No permitido ({rule}): {why}"
    assert spanish["plural_forms"].startswith("nplurals=3;")
    assert len(spanish["plurals"]["{n} point"]) == 3
    assert spanish["contexts"]["key\u0004pass"]
    assert english == {
        "lang": "en",
        "plural_forms": "nplurals=2; plural=(n != 1);",
        "messages": {},
        "plurals": {},
        "contexts": {},
    }
    assert unknown.status_code == 404 and unknown.json()["error"] == "unknown-language"
    assert catalog_text("es") is catalog_text("es")  # read once, then kept


def test_fuzzy_and_untranslated_entries_are_left_out(tmp_path: Path) -> None:
    po_file = tmp_path / "tuolaji.po"
    po_file.write_text(
        """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Hand"
msgstr "Mano"

#, fuzzy
msgid "Trick"
msgstr "Baza?"

msgid "Talon"
msgstr ""

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} carta"
msgstr[1] "{n} cartas"

msgid "{n} trick"
msgid_plural "{n} tricks"
msgstr[0] "{n} baza"
msgstr[1] ""

msgctxt "key"
msgid "play"
msgstr "jugar"

msgctxt "key"
msgid "bury"
msgstr ""

#~ msgid "Old"
#~ msgstr "Viejo"
""",
        encoding="utf-8",
    )
    catalog = po_catalog(po_file, "es")
    assert catalog == {
        "lang": "es",
        "plural_forms": "nplurals=2; plural=(n != 1);",
        "messages": {"Hand": "Mano"},
        "plurals": {"{n} card": ["{n} carta", "{n} cartas"]},
        "contexts": {"key\u0004play": "jugar"},
    }
    json.dumps(catalog)  # JSON as it is


def test_serve_allow_seeds_reaches_the_servers_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[ServerConfig] = []

    def serve(config: ServerConfig, *_args: object) -> bool:
        started.append(config)
        return True  # stopped cleanly

    monkeypatch.setattr(server_run, "serve", serve)
    runner = CliRunner()
    for args, allowed in ((["--allow-seeds"], True), ([], False)):
        result = runner.invoke(cli_app, ["serve", "--db", "sqlite:///x.db", *args])
        assert result.exit_code == 0, result.output
        assert started[-1].allow_seeds is allowed
