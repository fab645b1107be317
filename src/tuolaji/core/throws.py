"""Throws: whether one stands, and what a failed one costs (R-H1–R-H3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tuolaji.core.cards import Layers, NotationError, card_list_error, from_layers, to_layers
from tuolaji.core.combos import THROW, Combo, Part, combo_of_layers, holds_higher
from tuolaji.core.errors import BAD_CARD, IllegalAction
from tuolaji.core.frozen import Frozen
from tuolaji.core.trump import TrumpContext


@dataclass(frozen=True, slots=True)
class ThrowVerdict(Frozen):
    """The outcome of a lead against the other three hands.

    For a failed throw: ``forced`` is the part that must be led instead (kinds
    ascending), ``penalty`` the points of R-H3 under the rule set (``throw_penalty`` for
    every card taken back, or once for the throw under ``throw_penalty_per: "throw"``),
    and ``blocker`` the position after the thrower (1–3) of the first player who can
    beat the forced part.
    """

    valid: bool
    forced: tuple[int, ...] = ()
    penalty: int = 0
    blocker: int = 0


def beatable_parts(ctx: TrumpContext, lead: Combo, others: Sequence[Layers]) -> list[Part]:
    """The parts of a throw that some other hand, taken alone, can beat (R-H1)."""
    return [
        part
        for part in lead.parts
        if any(holds_higher(ctx, lead.suit, hand, part) for hand in others)
    ]


def _weakest(ctx: TrumpContext, parts: list[Part]) -> Part:
    """R-H2 [resolved]: the part whose highest card ranks lowest, the smaller on a tie;
    among equal parts, the one whose cards sort lowest.

    Equal parts exist only among the off-suit trump-rank cards, which share one level
    (R-O1): two singles ``2S`` and ``2C``, or two pairs, with hearts trump. The tie is
    broken by suit order: ``ctx.strength`` sorts equal cards S above H above D above C,
    so the part of the suit latest in ``S H D C`` is forced (``2C`` before ``2D`` before
    ``2S``). The judge's ``throw`` answers depend on this choice.
    """
    strength = ctx.strength
    return min(
        parts,
        key=lambda p: (p.top, p.size, max(strength[k] for k in from_layers(p.kinds, 0))),
    )


def judge_throw(ctx: TrumpContext, lead: Combo, others: Sequence[Layers]) -> ThrowVerdict:
    """Whether a lead stands against the other three hands (in seat order after the
    thrower); a single combination always does."""
    if lead.suit < 0:
        raise ValueError("a throw must be of one effective suit (R-C4)")
    if lead.kind != THROW:
        return ThrowVerdict(True)
    beatable = beatable_parts(ctx, lead, others)
    if not beatable:
        return ThrowVerdict(True)
    forced = _weakest(ctx, beatable)
    blocker = next(
        position
        for position, hand in enumerate(others, start=1)
        if holds_higher(ctx, lead.suit, hand, forced)
    )
    rules = ctx.rules
    # R-H3: by each card taken back, or once for the failed throw (throw_penalty_per)
    taken_back = 1 if rules.throw_penalty_per == "throw" else lead.size - forced.size
    penalty = rules.throw_penalty * taken_back
    return ThrowVerdict(False, tuple(forced.cards()), penalty, blocker)


def check_throw(
    ctx: TrumpContext, lead: Sequence[int], others: Sequence[Sequence[int]]
) -> ThrowVerdict:
    """:func:`judge_throw` on lists of cards; :class:`IllegalAction` (R-N3, R-D1) for
    lists that are not cards of the pack, ``ValueError`` for a lead of no cards or of
    mixed suits.

    ``others`` are the other three hands in seat order after the thrower. Here ``AS QS``
    is thrown and the next seat holds ``KS``, which beats ``QS``: the throw fails, the
    thrower must lead ``QS`` alone and loses 10 points for the card taken back (R-H1–R-H3).

    >>> from tuolaji.core import format_cards, parse_cards, trump_context
    >>> ctx = trump_context(0, 1)  # rank 2, hearts trump
    >>> check_throw(ctx, parse_cards("AS KS"), [parse_cards("QS"), [], parse_cards("3H")])
    ThrowVerdict(valid=True, forced=(), penalty=0, blocker=0)
    >>> failed = check_throw(ctx, parse_cards("AS QS"), [parse_cards("KS"), [], []])
    >>> failed.valid, format_cards(failed.forced), failed.penalty, failed.blocker
    (False, 'QS', 10, 1)
    """
    for cards in (lead, *others):
        problem = card_list_error(cards)
        if problem is not None:
            raise IllegalAction("R-N3", problem, BAD_CARD)
    try:
        lead_layers = to_layers(lead)
        other_layers = [to_layers(hand) for hand in others]
    except NotationError as error:
        raise IllegalAction("R-D1", str(error).removeprefix("R-D1: "), BAD_CARD) from None
    return judge_throw(ctx, combo_of_layers(ctx, *lead_layers), other_layers)
