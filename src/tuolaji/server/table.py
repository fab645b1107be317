"""A seat's table as the browser shows it, from the engine: the ``table`` of welcome and
settled event frames (docs/protocol.md, "Tables").

A client holds no rules, so what needs them comes with every snapshot: the seat's
observation, its hand grouped by effective suit in the order a hand is shown
(:mod:`tuolaji.wording.hands`, the terminal game's order too), the kinds of action
the seat may take now and the declarations it may make. Everything is read from the
seat's own observation and the game's legal views of that seat: nothing of another hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tuolaji.core.cards import format_cards
from tuolaji.core.trump import TrumpContext, suit_label
from tuolaji.game.game import Game
from tuolaji.game.observation import Observation, observe
from tuolaji.game.observation_json import observation_to_json
from tuolaji.game.turn import ActionKind
from tuolaji.wording.hands import display_context, suit_groups

#: the kinds of action a seat takes, in the order a client shows them (a draw is no
#: seat's: the server deals)
SEAT_ACTIONS: tuple[ActionKind, ...] = (
    ActionKind.DECLARE,
    ActionKind.PASS,
    ActionKind.BURY,
    ActionKind.PLAY,
)


def hand_groups(ctx: TrumpContext | None, rank: int, hand: Sequence[int]) -> list[dict[str, str]]:
    """``hand`` as the protocol's groups: ``[{"suit": "trump", "cards": "BJ 2H"}, …]``,
    in the order a hand is shown (:func:`~tuolaji.wording.hands.sort_hand`).

    >>> from tuolaji.core.cards import parse_cards
    >>> for group in hand_groups(None, 0, parse_cards("3S 2H AS BJ 5D")):
    ...     print(group)
    {'suit': 'trump', 'cards': 'BJ 2H'}
    {'suit': 'S', 'cards': 'AS 3S'}
    {'suit': 'D', 'cards': '5D'}
    """
    return [
        {"suit": suit_label(suit), "cards": format_cards(group)}
        for suit, group in suit_groups(ctx, rank, hand)
    ]


def observed_hand_groups(observation: Observation) -> list[dict[str, str]]:
    """The observed seat's hand in groups, sorted by the trump the table shows now."""
    return hand_groups(display_context(observation), observation.rank, observation.hand)


def table_json(game: Game, seat: int | None) -> dict[str, Any]:
    """The table ``seat`` sees now (``None``: a spectator's, with no hand)."""
    observation = observe(game, seat)
    if seat is None:
        return {
            "observation": observation_to_json(observation),
            "hand_groups": [],
            "actions": [],
            "declarations": [],
        }
    open_kinds = game.open_actions(seat)
    actions = [kind.value for kind in SEAT_ACTIONS if kind in open_kinds]
    declarations = (
        [format_cards(option) for option in game.legal_declarations(seat)]
        if ActionKind.DECLARE in open_kinds
        else []
    )
    return {
        "observation": observation_to_json(observation),
        "hand_groups": observed_hand_groups(observation),
        "actions": actions,
        "declarations": declarations,
    }
