"""A seat's table as the browser shows it, from the engine: the ``table`` of welcome and
settled event frames (docs/protocol.md, "Tables").

A client holds no rules, so what needs them comes with every snapshot: the seat's
observation, its hand grouped by effective suit in the order a hand is shown
(:mod:`tuolaji.wording.hands`, the terminal game's order too), the kinds of action
the seat may take now and the declarations it may make, which play is winning the
trick in progress (R-W1–R-W4), the point cards each team has won in tricks this round
(R-O4, R-S1), and, to the starter burying, the cards the talon brought (R-K1).
Everything is read from the seat's own observation and the game's legal views of that
seat: nothing of another hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tuolaji.core.cards import PACK_SIZE, POINTS, format_cards, rank_of, team_of
from tuolaji.core.tricks import trick_winner
from tuolaji.core.trump import TrumpContext, suit_label
from tuolaji.game.events import Event, Played, RoundEnded, RoundStarted, TalonTaken, TrickWon
from tuolaji.game.game import Game
from tuolaji.game.observation import Observation, observe
from tuolaji.game.observation_json import observation_to_json
from tuolaji.game.state import Phase
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


#: the action a seat may take at a table with takebacks on (R-U1), after the others
TAKEBACK = "takeback"


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


def winning_seat(observation: Observation) -> int | None:
    """The seat whose play is winning the trick in progress, as the engine ranks the
    plays so far (R-W1–R-W4: the highest trump, else the highest card of the led suit,
    ties to the earlier play, a throw beaten only by a whole ruff); None between tricks.

    >>> from tuolaji.game.game import Game
    >>> winning_seat(observe(Game(seed=1), 0)) is None
    True
    """
    ctx, trick = observation.ctx, observation.trick
    if ctx is None or not trick:
        return None
    if len(trick) == 1:
        return trick[0][0]
    return trick[trick_winner(ctx, [cards for _, cards in trick])][0]


def point_cards(game: Game, observation: Observation) -> list[str]:
    """The point cards (fives, tens and kings, R-O4) in the tricks each team has won
    this round, team 0's then team 1's, each high to low, in notation: what a round's
    summary shows beside the points (R-S1; a failed throw's penalty is no card). From
    the end of a round until the next round's first card is dealt, they are those of
    the round that ended: the game deals the next round at once, and a summary is shown
    meanwhile. Under ``hidden_history`` none are listed (R-V1): only the points."""
    won: list[list[int]] = [[], []]
    if observation.rules.hidden_history:
        # R-V1: the cards of old tricks are not shown, so neither are their point cards
        return ["", ""]
    if observation.tricks or not _between_rounds(observation):
        for trick in observation.tricks:
            cards = won[team_of(trick.winner)]
            cards.extend(card for _, played in trick.plays for card in played if POINTS[card])
    else:
        _ended_round_cards(game.events, won)
    return [format_cards(sorted(cards, key=lambda card: (-rank_of(card), card))) for cards in won]


def _between_rounds(observation: Observation) -> bool:
    """Whether a round has ended and the next one has not dealt a card yet."""
    return (
        observation.last_round is not None
        and observation.phase is Phase.DRAW
        and observation.cards_left_in_pack == PACK_SIZE
    )


def _ended_round_cards(events: Sequence[Event], won: list[list[int]]) -> None:
    """Add the point cards of the tricks of the round that ended last to ``won`` (by
    team), read from the game's events: the plays since that round's start, each
    trick's going to the team of its winner."""
    start = len(events) - 1
    while start > 0 and not isinstance(events[start], RoundEnded):
        start -= 1
    while start > 0 and not isinstance(events[start], RoundStarted):
        start -= 1
    trick: list[int] = []
    for event in events[start:]:
        if isinstance(event, Played):
            trick.extend(card for card in event.cards if POINTS[card])
        elif isinstance(event, TrickWon):
            won[team_of(event.seat)].extend(trick)
            trick = []
        elif isinstance(event, RoundEnded):
            return


def talon_taken(game: Game, observation: Observation) -> str:
    """The cards the talon brought into the observed seat's hand when it is the starter
    about to bury (R-K1: only it sees them; the talon_taken event of the round told it),
    in notation and in the hand's order; "" for every other seat and at any other time."""
    if observation.phase is not Phase.EXCHANGE or observation.starter != observation.seat:
        return ""
    taken = next(event for event in reversed(game.events) if isinstance(event, TalonTaken))
    groups = suit_groups(display_context(observation), observation.rank, taken.cards)
    return format_cards(card for _, group in groups for card in group)


def table_json(game: Game, seat: int | None) -> dict[str, Any]:
    """The table ``seat`` sees now (``None``: a spectator's, with no hand)."""
    observation = observe(game, seat)
    shared = {
        "winning": winning_seat(observation),
        "point_cards": point_cards(game, observation),
    }
    if seat is None:
        return {
            "observation": observation_to_json(observation),
            "hand_groups": [],
            "actions": [],
            "declarations": [],
            **shared,
            "talon": "",
        }
    open_kinds = game.open_actions(seat)
    actions = [kind.value for kind in SEAT_ACTIONS if kind in open_kinds]
    if game.can_takeback(seat):
        # R-U1: not a kind of the game's turn (the bots never take back); offered to the
        # seat whose last action nobody has acted after, at a table that allows it
        actions.append(TAKEBACK)
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
        **shared,
        "talon": talon_taken(game, observation),
    }
