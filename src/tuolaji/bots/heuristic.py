"""The heuristic player: card memory and a handful of sound habits, and fast.

- Remembers every card played and who has shown a void (:mod:`knowledge`).
- Declares when the suit it would name gives it a long trump holding.
- Buries to make voids in short plain suits, keeping trumps, high cards, pairs and
  points (points in the talon risk the last-trick bonus).
- Leads and follows as described in :mod:`heuristic_play`.

It sees the game only through its observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from mypy_extensions import mypyc_attr

from tuolaji.bots.heuristic_play import choose_follow, choose_lead
from tuolaji.bots.knowledge import Knowledge, knowledge_for
from tuolaji.bots.valuation import keep_value
from tuolaji.core.cards import BJ, POINTS, Layers, count_layers, from_layers, to_layers
from tuolaji.core.declare import declaration_options, earlier_declaration
from tuolaji.core.rules import RuleSet
from tuolaji.core.trump import TRUMP, trump_context
from tuolaji.game.observation import Observation

#: share of the hand that must be trumps under a declaration before the bot makes it
DECLARE_SHARE: Final = 0.3


def trump_share(rank: int, suit: int | None, hand: Sequence[int], rules: RuleSet) -> float:
    """The share of ``hand`` that would be trumps with this trump suit."""
    if not hand:
        return 0.0
    return trump_count(rank, suit, to_layers(hand), rules) / len(hand)


def trump_count(rank: int, suit: int | None, hand: Layers, rules: RuleSet) -> int:
    """How many cards of ``hand`` (bit layers) would be trumps with this trump suit:
    counted with the trump context's mask, no card list built (the declaration asks it
    for every option after every card drawn)."""
    trumps = trump_context(rank, suit, rules).suit_mask[TRUMP]
    return (hand[0] & trumps).bit_count() + (hand[1] & trumps).bit_count()


# Bots are built on these players by subclassing them, which the compiled build allows
# only when asked (docs/architecture.md, "Two builds").
@mypyc_attr(allow_interpreted_subclasses=True)
class HeuristicPlayer:
    """A fast rule-of-thumb player (see the module docstring)."""

    def __init__(self, seed: int | None = None, knowledge: Knowledge | None = None) -> None:
        """``knowledge``: what the seat knows already (a search playout's seed,
        :meth:`~tuolaji.bots.knowledge.Knowledge.seeded`), carried on from its next
        decision when it is of the same round."""
        self.name = "heuristic"
        self.seed = seed
        self._knowledge = knowledge

    def declaration(self, observation: Observation) -> Sequence[int] | None:
        """Declare the option whose suit gives the longest trumps, if long enough."""
        seat = observation.seat
        assert seat is not None
        rules = observation.rules
        # the options the rules give, the engine's own list (R-T2, R-T3): under
        # reinforce_to_tie it needs the seat's last declaration
        earlier = (
            earlier_declaration(observation.declarations, seat) if rules.reinforce_to_tie else None
        )
        options = declaration_options(
            observation.rank, observation.declaration, seat, observation.hand_layers, rules, earlier
        )
        if not options:
            return None
        hand = observation.hand_layers
        size = count_layers(*hand)
        # early in the draw a few cards say little: ask for a minimum count as well
        need = max(DECLARE_SHARE * size, 3.0)

        def strength(option: tuple[int, ...]) -> float:
            suit = None if option[0] >= BJ else option[0] // 13
            share = trump_count(observation.rank, suit, hand, observation.rules) / size
            # a joker pair names no suit: only the jokers and rank cards stay trumps
            return share * size + (0.5 if len(option) == 2 else 0.0)

        best = max(options, key=strength)
        return best if strength(best) >= need else None

    def bury(self, observation: Observation) -> Sequence[int]:
        """The 8 cards least worth keeping, voiding short plain suits when it can."""
        ctx = observation.ctx
        assert ctx is not None
        hand = observation.hand
        counts = [0] * 5
        for kind in hand:
            counts[ctx.eff[kind]] += 1

        def bury_cost(kind: int) -> float:
            suit = ctx.eff[kind]
            cost = keep_value(ctx, kind) + 4.0 * POINTS[kind]
            if suit == TRUMP:
                return cost + 100.0
            if counts[suit] <= 3:
                cost -= 6.0 - counts[suit]  # shorter suits are cheaper to empty
            return cost

        ordered = sorted(hand, key=bury_cost)
        return ordered[:8]

    def play(self, observation: Observation) -> Sequence[int]:
        """Lead or follow by the rules of thumb of :mod:`heuristic_play`."""
        ctx = observation.ctx
        assert ctx is not None
        know = self._knowledge = knowledge_for(observation, self._knowledge)
        hand = observation.hand_layers
        lead = observation.lead
        if lead is None:
            return from_layers(*choose_lead(ctx, know, hand))
        trick = observation.trick
        layers = [to_layers(cards) for _, cards in trick]
        played = choose_follow(ctx, know, lead, trick, layers, hand, observation.must_beat)
        assert count_layers(*played) == lead.size
        return from_layers(*played)
