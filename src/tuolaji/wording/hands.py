"""The order a hand is shown in: grouped by effective suit, trumps first, high to low.

Both front ends show a hand this way (the terminal's hand panel and line mode, the
online table's ``hand_groups``), so a player sees the same order everywhere. The order
is the trump context's own (R-O1 to R-O3); only the grouping is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.core.rules import STANDARD
from tuolaji.core.trump import TRUMP, TrumpContext, trump_context
from tuolaji.game.observation import Observation

#: the rules that give the order of a hand before the trump suit is known
RANK_TRUMPS = STANDARD.with_options(rank_trumps_in_no_trump=True)


def display_context(obs: Observation) -> TrumpContext | None:
    """The trump context to sort a hand by: the round's once settled, else the one the
    standing declaration would give (None before anyone declares)."""
    if obs.ctx is not None:
        return obs.ctx
    if obs.declaration is None:
        return None
    return trump_context(obs.rank, obs.declaration.suit, obs.rules)


def sort_hand(ctx: TrumpContext | None, rank: int, hand: Sequence[int]) -> list[list[int]]:
    """The hand in groups by effective suit, trumps first, each group high to low.

    Before the trump is settled, the trump-rank cards and jokers are trumps whatever the
    suit (they always are, R-O1) and the rest sort by printed suit.
    """
    ctx = ctx or _unsettled(rank)
    groups: list[list[int]] = [[], [], [], [], []]
    for kind in sorted(hand, key=lambda k: ctx.strength[k], reverse=True):
        groups[ctx.eff[kind]].append(kind)
    order = (TRUMP, 0, 1, 3, 2)  # trumps, then ♠ ♥ ♣ ♦: black and red alternate
    return [groups[suit] for suit in order if groups[suit]]


def effective_suit(ctx: TrumpContext | None, rank: int, kind: int) -> int:
    """The group a card is shown in (see :func:`sort_hand`)."""
    return (ctx or _unsettled(rank)).eff[kind]


def _unsettled(rank: int) -> TrumpContext:
    """Before anyone declares: the trump-rank cards and jokers are trumps whatever the
    suit will be — exactly a no-trump round that keeps its rank cards trump."""
    return trump_context(rank, None, RANK_TRUMPS)


def suit_groups(
    ctx: TrumpContext | None, rank: int, hand: Sequence[int]
) -> list[tuple[int, list[int]]]:
    """:func:`sort_hand` with each group's effective suit (0–3, or ``TRUMP``) beside it,
    for a front end that labels the groups."""
    return [(effective_suit(ctx, rank, group[0]), group) for group in sort_hand(ctx, rank, hand)]
