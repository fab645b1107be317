"""A room's rule options (docs/rules.md §12) from the settings to a played round.

``GET /api/meta`` offers every option of the rules with a control of its kind, a label
and help naming its rule, in a group; a room created with any option at a value other
than its default plays a whole round through the protocol (one seat a scripted client
over the WebSocket, the others bots) under the rules it reports; and rules the core
refuses are answered 422 naming the option, in the request's language, with nothing
created (neither a room in the lobby nor a row in storage).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.harness import (
    LiveServer,
    Player,
    new_room,
    play_all,
    room_status,
    running_server,
    sqlite_url,
)
from tuolaji.core.rule_values import SCORING_RANGES
from tuolaji.core.rules import NUMBER_RANGES, OPTION_NAMES, STANDARD, rules_from_spec
from tuolaji.i18n import _, normalize, using_language
from tuolaji.server.rule_options import GROUPS, OPTION_GROUPS, OPTION_TEXTS, option_list
from tuolaji.server.web_routes import meta

BOT = {"player": "heuristic"}

#: each option at a value other than its default: every option must have one here
NON_DEFAULT: dict[str, Any] = {
    "follow_tractor_first": True,
    "rank_trumps_in_no_trump": True,
    "talon_multiplier": "power",
    "throw_penalty": 30,
    "failed_throw_must_beat": False,
    "must_defend": ["5", "T", "K"],
    "ace_attempts": 3,
    "scoring": {"step": 30, "cap": 2},
    "red_jokers_override": True,
    "reinforce": False,
    "overturn_own": False,
    "joker_no_trump": False,
    "show_talon": False,
    "first_round_starter": 2,
    "hidden_history": True,
    "hide_blocker": True,
    "hide_declarer_points": True,
    "takebacks": True,
    "throw_penalty_per": "throw",
    "talon_flip": "first_card",
    "declaration_order": "joker_or_higher_suit",
    "reinforce_to_tie": True,
    "red_joker_single": True,
    "first_declarer_starts": True,
    "throw_evaluation": "highest",
}


def test_every_option_has_a_non_default_value_to_play() -> None:
    assert set(NON_DEFAULT) == set(OPTION_NAMES)
    for name, value in NON_DEFAULT.items():
        assert STANDARD.with_options(**{name: value}) != STANDARD, name


def test_meta_offers_every_option_with_words_a_group_and_its_control() -> None:
    answer = meta()
    options = {option["name"]: option for option in answer["options"]}
    assert list(options) == list(OPTION_NAMES)
    # a later option cannot be forgotten: it needs a label, a help naming a rule, a group
    assert set(OPTION_TEXTS) >= set(OPTION_NAMES)
    assert set(OPTION_GROUPS) >= set(OPTION_NAMES)
    groups = [group["name"] for group in answer["groups"]]
    assert groups == list(GROUPS)
    for name, option in options.items():
        assert option["label"] and "(R-" in option["help"], name
        assert option["group"] in groups, name
        assert option["kind"] in ("bool", "choice", "number", "ranks", "scoring"), name
    # the ranges are the core's
    for name, (low, high) in NUMBER_RANGES.items():
        assert (options[name]["min"], options[name]["max"]) == (low, high)
    fields = options["scoring"]["fields"]
    assert [(f["name"], f["min"], f["max"]) for f in fields] == list(SCORING_RANGES)
    assert [f for f in fields if "none_label" in f] == [fields[-1]]  # the cap: "no cap"
    assert len(options["must_defend"]["ranks"]) == 13
    starters = [choice["value"] for choice in options["first_round_starter"]["choices"]]
    assert starters == ["redeal", "random", 0, 1, 2, 3]
    # every preset gives a value for every option
    for values in answer["presets"].values():
        assert set(values) == set(OPTION_NAMES)
    assert [option["kind"] for option in option_list()][:5] == [
        "bool",
        "bool",
        "choice",
        "number",
        "bool",
    ]


@pytest.mark.asyncio
@pytest.mark.parametrize("name", list(NON_DEFAULT))
async def test_a_room_plays_a_whole_round_under_each_option(name: str, tmp_path: Path) -> None:
    value = NON_DEFAULT[name]
    expected = STANDARD.with_options(**{name: value})
    # with takebacks on, the bots would wait a moment after each of the person's
    # actions (R-U1); the round is played without that wait
    async with running_server(sqlite_url(tmp_path), allow_seeds=True, takeback_grace_s=0.0) as live:
        code, room = await new_room(
            live,
            rules={"preset": "standard", name: value},
            seats=[{"player": "human", "name": "Ann"}, BOT, BOT, BOT],
            seed=7,
            round_limit=1,
        )
        info = (await live.http.get(f"/api/rooms/{code}")).json()["room"]
        assert rules_from_spec(info["rules"]) == expected
        token = await live.take_seat(code, 0, "Ann")
        client = await live.join(code, token, label="seat 0")
        player = Player(client, 0, None, live.seq_of(code), token)
        await play_all([player], room_status("finished"), timeout=60)
        assert room.game.rules == expected
        assert player.room is not None and rules_from_spec(player.room["rules"]) == expected
        assert len(room.game.results) == 1
        result = room.game.results[0]
        if name == "scoring":
            # the cap of 2 levels a round holds
            assert result.levels_gained <= 2
        if name == "show_talon" and not result.talon_public and result.starter != 0:
            # the seat was not the starter: the round's end shows it no talon
            last = player.observation.last_round
            assert last is not None and last.talon == ()
        assert not player.errors, player.errors


# ------------------------------------------------------------------ refusals


async def refused_rules(live: LiveServer, rules: Any, lang: str | None = None) -> dict[str, Any]:
    """POST a room with ``rules``: refused with 422, and nothing created (no room in the
    lobby, none stored)."""
    rooms = len(live.lobby.rooms)
    stored = len(await live.lobby.storage.unfinished_rooms())
    headers = {} if lang is None else {"Accept-Language": lang}
    response = await live.http.post("/api/rooms", json={"rules": rules}, headers=headers)
    assert response.status_code == 422, response.text
    assert len(live.lobby.rooms) == rooms
    assert len(await live.lobby.storage.unfinished_rooms()) == stored
    answer: dict[str, Any] = response.json()
    assert answer["error"] == "bad-request"
    return answer


#: bad rules, the option each names, and words its English message holds
BAD_RULES: list[tuple[Any, str | None, str]] = [
    ({"bombs": True}, "bombs", "no rule option"),
    ({"show_talon": "yes"}, "show_talon", "on or off"),
    ({"reinforce": 1}, "reinforce", "on or off"),
    ({"throw_penalty": 500}, "throw_penalty", "from 0 to 200"),
    ({"throw_penalty": "10"}, "throw_penalty", "from 0 to 200"),
    ({"throw_penalty": True}, "throw_penalty", "from 0 to 200"),
    ({"ace_attempts": 10}, "ace_attempts", "from 0 to 9"),
    ({"talon_multiplier": "lots"}, "talon_multiplier", "choose one of cards"),
    ({"must_defend": ["5", "Z"]}, "must_defend", "Z is not a rank"),
    ({"must_defend": 5}, "must_defend", "a list of ranks"),
    ({"scoring": {"step": 0}}, "scoring", "Points a level (step): a whole number from 1 to 200"),
    ({"scoring": {"cap": 0}}, "scoring", "or none"),
    ({"scoring": {"steps": 30}}, "scoring", "no number steps"),
    ({"scoring": 40}, "scoring", "by name"),
    # contradicting options: the opponents go up before they take over
    ({"scoring": {"take_over": 100, "opponents_up": 90}}, "scoring", "before they take over"),
    ({"first_round_starter": 4}, "first_round_starter", "a seat from 0 to 3"),
    # contradicting options: the refusal names the option that needs the other
    (
        {"reinforce": False, "reinforce_to_tie": True},
        "reinforce_to_tie",
        "cannot go with reinforce",
    ),
    ({"first_round_starter": "north"}, "first_round_starter", "a seat from 0 to 3"),
    ("tournament", "preset", "no preset tournament"),
    ({"preset": 3}, "preset", "preset's name"),
]


@pytest.mark.asyncio
async def test_bad_rules_are_refused_naming_the_option_and_nothing_is_created(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path), create_burst=50) as live:
        for rules, option, words in BAD_RULES:
            answer = await refused_rules(live, rules)
            assert answer["option"] == option, (rules, answer)
            assert words in answer["message"], (rules, answer)
            assert answer["detail"][0]["loc"] == ["body", "rules"]


@pytest.mark.asyncio
async def test_a_refusal_of_the_rules_is_worded_in_the_requests_language(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path), create_burst=50) as live:
        english = await refused_rules(live, {"throw_penalty": 500})
        for lang in ("da", "es", "hi", "lv", "zh-CN,zh;q=0.9"):
            answer = await refused_rules(live, {"throw_penalty": 500}, lang)
            assert answer["option"] == "throw_penalty"
            # the numbers and the option's name stay; the option's label is the language's
            assert "200" in answer["message"] and "throw_penalty" in answer["message"]
            with using_language(normalize(lang.split(",")[0])):
                label = _("Failed throw penalty")
            assert label != "Failed throw penalty" and label in answer["message"], lang
        # a language the game does not have: English
        assert (await refused_rules(live, {"throw_penalty": 500}, "fr"))["message"] == (
            english["message"]
        )


# ------------------------------------------------------------------ fixed once created

HOUSE = {"preset": "shengji", "must_defend": ["5", "T", "K"], "scoring": {"step": 30, "cap": 2}}


@pytest.mark.asyncio
async def test_house_rules_are_fixed_once_the_room_exists_and_a_rematch_keeps_them(
    tmp_path: Path,
) -> None:
    async with running_server(sqlite_url(tmp_path)) as live:
        code, room = await new_room(
            live, rules=HOUSE, seats=[{"player": "human"}, BOT, BOT, BOT], round_limit=1
        )
        expected = rules_from_spec(HOUSE)
        # no route changes a room's rules: the room's own routes take no rules
        for method in ("PUT", "PATCH"):
            response = await live.http.request(method, f"/api/rooms/{code}", json={"rules": {}})
            assert response.status_code == 405, response.text
        token = await live.take_seat(code, 0, "Ann")
        player = Player(await live.join(code, token), 0, None, live.seq_of(code), token)
        await play_all([player], room_status("finished"), timeout=60)
        assert room.game.rules == expected
        again = await live.http.post(
            f"/api/rooms/{code}/rematch", headers={"Authorization": f"Bearer {token}"}
        )
        assert again.status_code == 201, again.text
        rematch = again.json()
        assert rules_from_spec(rematch["room"]["rules"]) == expected
        assert live.room(rematch["code"]).game.rules == expected
