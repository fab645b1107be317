"""Observations as JSON, both ways: what a server sends a client when it takes a seat
(the *welcome*), and what a bot is asked with (docs/bot-protocol.md lists the keys).

Every field is written, so reading gives back the observation exactly: the hand, the
next drawer, the passes of the final window, each finished trick with its number and
its failed throw (the cards shown, the part led instead, the penalty, the blocker: a
bot need not remember them across requests), the last round's whole result. Two
fields are not written because the others give them: the trump context (from the rank,
the trump suit and the rules) and the lead's combination (from the trick's first play);
``"lead"`` is written for readers and ignored when read.

>>> from tuolaji.game.game import Game
>>> from tuolaji.game.observation import observe
>>> game = Game(seed=4)
>>> _ = game.draw()
>>> seen = observe(game, 0)
>>> observation_from_json(observation_to_json(seen)) == seen
True
"""

from __future__ import annotations

from typing import Any

from tuolaji.core.cards import PACK_SIZE, SEATS, format_cards, to_layers
from tuolaji.core.combos import classify
from tuolaji.core.declare import Declaration, declaration_error
from tuolaji.core.errors import TuolajiError
from tuolaji.core.rules import RuleSet, rules_from_spec
from tuolaji.core.trump import suit_label, trump_context
from tuolaji.game.event_json import (
    result_from_fields,
    result_to_json,
    throw_from_fields,
    throw_to_json,
)
from tuolaji.game.observation import Observation
from tuolaji.game.state import CompletedTrick, Phase
from tuolaji.game.wire import Fields, WireFormatError, is_int, rank_text, suit_text

Play = tuple[int, tuple[int, ...]]


def observation_to_json(obs: Observation) -> dict[str, Any]:
    """The JSON form of ``obs``: cards in notation, ranks and suits as letters, every
    field, so :func:`observation_from_json` rebuilds the observation exactly.

    >>> from tuolaji.game.game import Game
    >>> from tuolaji.game.observation import observe
    >>> data = observation_to_json(observe(Game(seed=2), 1))
    >>> data["phase"], data["next_drawer"], data["hand"], data["cards_left_in_pack"]
    ('draw', 0, '', 108)
    """
    return {
        "seat": obs.seat,
        "phase": obs.phase.value,
        "rules": obs.rules.to_spec(),
        "round": obs.round_number,
        "rank": rank_text(obs.rank),
        "trump_suit": suit_text(obs.trump_suit),
        "trump_settled": obs.trump_settled,
        "levels": list(obs.levels),
        "declarers": obs.declarers,
        "starter": obs.starter,
        "to_act": obs.to_act,
        "next_drawer": obs.next_drawer,
        "hand": format_cards(obs.hand),
        "hand_sizes": list(obs.hand_sizes),
        "cards_left_in_pack": obs.cards_left_in_pack,
        "declaration": None if obs.declaration is None else _declaration_json(obs.declaration),
        "window_passes": obs.window_passes,
        "talon_flipped": format_cards(obs.talon_flipped),
        "buried": format_cards(obs.buried),
        "trick": _plays_json(obs.trick),
        "failed_throw": None if obs.failed_throw is None else throw_to_json(obs.failed_throw),
        "must_beat": obs.must_beat,
        "tricks": [
            {
                "number": trick.number,
                "plays": _plays_json(trick.plays),
                "winner": trick.winner,
                "points": trick.points,
                "failed_throw": None
                if trick.failed_throw is None
                else throw_to_json(trick.failed_throw),
            }
            for trick in obs.tricks
        ],
        "opponents_points": obs.opponents_points,
        "penalties": obs.penalties,
        "declarations": [_declaration_json(d) for d in obs.declarations],
        "lead": None
        if obs.lead is None
        else {
            "kind": obs.lead.kind,
            "suit": suit_label(obs.lead.suit),
            "parts": obs.lead.layout_labels(),
        },
        "last_round": None if obs.last_round is None else result_to_json(obs.last_round),
        "winner": obs.winner,
    }


def observation_from_json(data: object) -> Observation:
    """The observation whose JSON form is ``data`` (the reverse of
    :func:`observation_to_json`); anything else is refused with a
    :class:`~tuolaji.game.wire.WireFormatError` naming the field.

    >>> observation_from_json({"seat": 1})
    Traceback (most recent call last):
    ...
    tuolaji.game.wire.WireFormatError: observation: the field 'phase' is missing
    """
    fields = Fields(data, "observation")
    try:
        obs = _read(fields)
    except WireFormatError:
        raise
    except TuolajiError as error:  # bad rules, three of a card in a hand (R-D1) …
        raise WireFormatError(f"observation: {error}") from None
    fields.only(observation_to_json(obs))
    return obs


def _read(fields: Fields) -> Observation:
    phase_name = fields.get("phase")
    phases = [phase.value for phase in Phase]
    if phase_name not in phases:
        raise fields.fail("phase", f"one of {', '.join(phases)}")
    try:
        rules = rules_from_spec(fields.get("rules"))
    except TypeError as error:  # a spec whose option names are not strings: {1: 2}
        raise WireFormatError(f"observation: 'rules' cannot be read: {error}") from None
    rank = fields.rank("rank")
    trump_suit = fields.suit_or_none("trump_suit")
    settled = fields.flag("trump_settled")
    ctx = trump_context(rank, trump_suit, rules) if settled else None
    trick = _read_plays(fields, "trick")
    lead = None
    if trick:
        if ctx is None:
            raise fields.fail("trick", "empty while the trump is not settled")
        lead = classify(ctx, trick[0][1])
    declaration = fields.get("declaration")
    return Observation(
        seat=fields.seat_or_none("seat"),
        phase=Phase(phase_name),
        rules=rules,
        round_number=fields.number("round", 1),
        rank=rank,
        trump_suit=trump_suit,
        trump_settled=settled,
        ctx=ctx,
        levels=fields.pair_of_numbers("levels"),
        declarers=fields.team_or_none("declarers"),
        starter=fields.seat_or_none("starter"),
        to_act=fields.seat_or_none("to_act"),
        next_drawer=fields.seat_or_none("next_drawer"),
        hand_layers=to_layers(fields.cards("hand")),
        hand_sizes=_read_hand_sizes(fields),
        cards_left_in_pack=fields.number("cards_left_in_pack", 0, PACK_SIZE),
        declaration=None
        if declaration is None
        else _read_declaration(Fields(declaration, "observation: declaration"), rank, rules),
        declarations=tuple(
            _read_declaration(Fields(item, f"observation: declarations[{index}]"), rank, rules)
            for index, item in enumerate(fields.items("declarations"))
        ),
        window_passes=fields.number("window_passes", 0, SEATS),
        talon_flipped=fields.cards("talon_flipped"),
        buried=fields.cards("buried"),
        trick=trick,
        lead=lead,
        failed_throw=None
        if fields.get("failed_throw") is None
        else throw_from_fields(fields.child("failed_throw")),
        must_beat=fields.flag("must_beat"),
        tricks=tuple(
            _read_trick(Fields(item, f"observation: tricks[{index}]"))
            for index, item in enumerate(fields.items("tricks"))
        ),
        opponents_points=fields.signed("opponents_points"),
        penalties=fields.signed("penalties"),
        last_round=None
        if fields.get("last_round") is None
        else result_from_fields(fields.child("last_round")),
        winner=fields.team_or_none("winner"),
    )


def _declaration_json(declaration: Declaration) -> dict[str, Any]:
    return {"seat": declaration.seat, "cards": format_cards(declaration.cards)}


def _read_declaration(fields: Fields, rank: int, rules: RuleSet) -> Declaration:
    """A declaration that stood in the round whose trump rank is ``rank`` under
    ``rules``: one card of that rank, or two identical cards of it or jokers (R-T2)."""
    cards = fields.cards("cards")
    error = declaration_error(rank, cards, rules)
    if error is not None:
        raise fields.fail("cards", f"a declaration (R-T2: {error})")
    declaration = Declaration(fields.seat("seat"), cards)
    fields.only(_declaration_json(declaration))
    return declaration


def _plays_json(plays: tuple[Play, ...]) -> list[list[Any]]:
    return [[seat, format_cards(cards)] for seat, cards in plays]


def _read_plays(fields: Fields, name: str) -> tuple[Play, ...]:
    plays: list[Play] = []
    for index, item in enumerate(fields.items(name)):
        what = f"a list of plays [seat, cards] (item {index} is not one)"
        if not isinstance(item, list) or len(item) != 2:
            raise fields.fail(name, what)
        seat, text = item
        if not is_int(seat) or not 0 <= seat < SEATS:
            raise fields.fail(name, what)
        cards = Fields({"cards": text}, f"{fields.where}: {name}[{index}]").cards("cards")
        if not cards:
            raise fields.fail(name, f"a list of plays of at least one card (item {index})")
        plays.append((seat, cards))
    return tuple(plays)


def _read_trick(fields: Fields) -> CompletedTrick:
    trick = CompletedTrick(
        number=fields.number("number", 1),
        plays=_read_plays(fields, "plays"),
        winner=fields.seat("winner"),
        points=fields.number_or_none("points"),
        failed_throw=None
        if fields.get("failed_throw") is None
        else throw_from_fields(fields.child("failed_throw")),
    )
    fields.only(("number", "plays", "winner", "points", "failed_throw"))
    return trick


def _read_hand_sizes(fields: Fields) -> tuple[int, ...]:
    sizes = fields.get("hand_sizes")
    if (
        not isinstance(sizes, list)
        or len(sizes) != SEATS
        or not all(is_int(size) and 0 <= size <= PACK_SIZE for size in sizes)
    ):
        raise fields.fail("hand_sizes", "a list of 4 whole numbers 0 or more")
    return tuple(sizes)
