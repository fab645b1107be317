"""Observations through JSON, both ways: ``observation_from_json(observation_to_json(o))``
is ``o`` for observations of seeded games in every phase, for every seat and the
spectator, with what the JSON once dropped (the next drawer, the window's passes, trick
numbers, each finished trick's failed throw); anything else is refused with a
``WireFormatError``."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuolaji.core import parse_cards
from tuolaji.game import (
    Game,
    Observation,
    Phase,
    WireFormatError,
    observation_from_json,
    observation_to_json,
    observe,
)

from .test_properties import steps
from .test_streams import OBSERVERS, seeded_game

#: the keys external bots read today (docs/bot-protocol.md): never removed or renamed
OLD_KEYS = {
    "seat",
    "phase",
    "rules",
    "round",
    "rank",
    "trump_suit",
    "trump_settled",
    "levels",
    "declarers",
    "starter",
    "to_act",
    "hand",
    "hand_sizes",
    "cards_left_in_pack",
    "declaration",
    "talon_flipped",
    "buried",
    "trick",
    "failed_throw",
    "must_beat",
    "tricks",
    "opponents_points",
    "penalties",
    "declarations",
    "lead",
    "last_round",
    "winner",
}
OLD_RESULT_KEYS = {
    "round",
    "declarers",
    "starter",
    "opponents_points",
    "talon_bonus",
    "talon",
    "declarers_hold",
    "levels_gained",
}


def through_json(obs: Observation) -> Observation:
    """``obs`` written as JSON text and read back."""
    return observation_from_json(json.loads(json.dumps(observation_to_json(obs))))


def sampled_observations(seeds: range, every: int = 7) -> list[Observation]:
    """Observations of the seeded games for every observer: after every ``every``-th
    action, and after every action that changes the phase or ends a trick."""
    sampled: list[Observation] = []
    for seed in seeds:
        game, players = seeded_game(seed)
        phase, tricks = game.phase, 0
        for number, _ in enumerate(steps(game, players)):
            moved = game.phase is not phase or len(game.round.tricks) != tricks
            phase, tricks = game.phase, len(game.round.tricks)
            if moved or number % every == 0:
                sampled += [observe(game, seat) for seat in OBSERVERS]
    return sampled


@functools.cache
def observations() -> list[Observation]:
    """The sampled observations of 12 games (played once, when a test first asks)."""
    return sampled_observations(range(12), every=9)


def test_observations_of_every_phase_and_seat_round_trip() -> None:
    assert {obs.phase for obs in observations()} == set(Phase)
    assert {obs.seat for obs in observations()} == set(OBSERVERS)
    for obs in observations():
        assert through_json(obs) == obs


def test_the_json_keeps_the_keys_bots_read_and_adds_what_it_dropped() -> None:
    for obs in observations()[::50]:
        data = observation_to_json(obs)
        assert OLD_KEYS | {"next_drawer", "window_passes"} <= set(data)
        if obs.last_round is not None:
            assert set(data["last_round"]) >= OLD_RESULT_KEYS | {"talon_shown", "penalties"}


def test_r_h1_to_r_h3_finished_tricks_keep_their_failed_throws() -> None:
    """A bot reading one observation learns each finished trick's failed throw: the
    cards shown, the part led instead, the penalty and the blocker (R-H1–R-H3)."""
    with_throw = [
        obs for obs in observations() if any(trick.failed_throw is not None for trick in obs.tricks)
    ]
    assert with_throw
    obs = with_throw[0]
    data = observation_to_json(obs)
    for trick, written in zip(obs.tricks, data["tricks"], strict=True):
        assert written["number"] == trick.number
        throw = trick.failed_throw
        if throw is None:
            assert written["failed_throw"] is None
            continue
        assert parse_cards(written["failed_throw"]["attempted"]) == list(throw.attempted)
        assert parse_cards(written["failed_throw"]["forced"]) == list(throw.forced)
        assert written["failed_throw"]["penalty"] == throw.penalty
        assert written["failed_throw"]["blocker"] == throw.blocker
    assert through_json(obs).tricks == obs.tricks


def test_r_d2_r_t4_the_next_drawer_and_the_windows_passes_come_back() -> None:
    game = Game(seed=9)
    game.draw()
    assert observation_to_json(observe(game, 2))["next_drawer"] == 1
    assert through_json(observe(game, 2)).next_drawer == 1
    while game.phase is Phase.DRAW:
        game.draw()
    seat = game.turn().seat
    assert seat is not None
    game.pass_declaring(seat)
    assert observation_to_json(observe(game, None))["window_passes"] == 1
    assert through_json(observe(game, None)).window_passes == 1


#: a play-phase observation's JSON, for the refusal tests
SAMPLE = observation_to_json(sampled_observations(range(1), every=100)[-12])


#: a pair of the sample's rank but another one's: no declaration in its round (R-T2)
OTHER_RANK = "3S 3S" if SAMPLE["rank"] != "3" else "4S 4S"


def changed(name: str, value: object) -> dict[str, Any]:
    """The sample observation's JSON with field ``name`` set to ``value``."""
    return {**SAMPLE, name: value}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param("{}", "must be a JSON object", id="not-an-object"),
        pytest.param({"seat": 0}, "'phase' is missing", id="missing"),
        pytest.param(changed("phase", "shuffle"), "'phase' must be one of", id="phase"),
        pytest.param(changed("seat", 4), "a seat 0-3", id="r-n4-seat"),
        pytest.param(changed("hand", "AS AS AS"), "R-D1", id="r-d1-three-of-a-card"),
        pytest.param(changed("hand", "XX"), "cannot read card", id="r-n3-card"),
        pytest.param(changed("rules", {"bombs": True}), "bombs", id="rules"),
        pytest.param(changed("hand_sizes", [1, 2, 3]), "4 whole numbers", id="hand-sizes"),
        pytest.param(changed("trick", [[0]]), "a list of plays", id="trick"),
        pytest.param(changed("trick", [[0, ""]]), "at least one card", id="empty-play"),
        pytest.param(changed("tricks", [{"number": 1}]), "'plays' is missing", id="tricks"),
        pytest.param(changed("declarations", [{"seat": 0, "cards": ""}]), "R-T2", id="decl"),
        # a declaration is one trump-rank card, or two identical ones or jokers (R-T2)
        pytest.param(changed("declaration", {"seat": 1, "cards": "BJ"}), "R-T2", id="one-joker"),
        pytest.param(changed("declaration", {"seat": 1, "cards": "AS KD"}), "R-T2", id="mixed"),
        pytest.param(changed("declaration", {"seat": 1, "cards": "BJ RJ"}), "R-T2", id="jokers"),
        pytest.param(changed("declaration", {"seat": 1, "cards": "BJ BJ BJ"}), "R-D1", id="3bj"),
        pytest.param(
            changed("declarations", [{"seat": 1, "cards": OTHER_RANK}]), "R-T2", id="other-rank"
        ),
        pytest.param(changed("rules", {1: 2}), "'rules'", id="rules-key-not-a-string"),
        pytest.param(changed("rules", {"preset": "classic", 3: 1}), "'rules'", id="rules-key-3"),
        pytest.param(
            changed(
                "failed_throw",
                {"seat": 0, "attempted": "AS", "forced": "", "penalty": 0, "blocker": 1},
            ),
            "R-H2",
            id="r-h2-nothing-forced",
        ),
        pytest.param(changed("window_passes", 5), "0-4", id="r-t4-passes"),
        pytest.param(changed("surprise", 1), "unknown field 'surprise'", id="extra"),
    ],
)
def test_bad_json_is_refused_with_a_clean_error(data: object, message: str) -> None:
    with pytest.raises(WireFormatError, match=message):
        observation_from_json(data)


@pytest.mark.parametrize("cards", ["2S", "2H 2H", "BJ BJ", "RJ RJ"])
def test_r_t2_a_declaration_of_the_rounds_rank_or_jokers_is_read(cards: str) -> None:
    data = {**SAMPLE, "rank": "2", "declaration": {"seat": 3, "cards": cards}}
    data["declarations"] = [data["declaration"]]
    obs = observation_from_json(data)
    assert obs.declaration is not None and obs.declaration.cards == tuple(parse_cards(cards))


def test_a_trick_before_the_trump_is_settled_is_refused() -> None:
    draw = observation_to_json(next(obs for obs in observations() if obs.phase is Phase.DRAW))
    with pytest.raises(WireFormatError, match="'trick' must be empty"):
        observation_from_json({**draw, "trick": [[0, "AS"]]})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 120) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from(sorted(SAMPLE)), value=JSON)
def test_any_change_to_an_observations_json_is_read_or_refused_cleanly(
    name: str, value: object
) -> None:
    try:
        obs = observation_from_json(changed(name, value))
    except WireFormatError:
        return
    assert through_json(obs) == obs
