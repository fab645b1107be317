"""The random player: uniform among legal actions, and fast enough for mass simulation.

- Follows are uniform over the distinct legal multisets (sampled by counting, never by
  listing them all; the rare extra constraints of R-P5 ``follow_tractor_first`` and R-H2
  are met by rejection, which keeps the choice uniform).
- Burials are uniform over the distinct 8-card multisets of the hand.
- Leads: with probability ``throw_rate`` a throw attempt (a uniform multiset of 2–8 cards
  of one held suit, which may fail, R-H2), otherwise a uniform choice among the distinct
  singles, pairs and tractors of the hand. (Every sub-multiset of a suit is a legal lead,
  so "uniform over all leads" would be almost always a huge failing throw.)
- Declarations: each time it may declare, it does with probability ``declare_rate``,
  choosing uniformly among the declarations that could stand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from mypy_extensions import mypyc_attr

from tuolaji.bots.sampling import sample_multiset
from tuolaji.core.cards import Layers, bits_of, from_layers
from tuolaji.core.chance import randbelow
from tuolaji.core.combos import TRACTOR, Combo
from tuolaji.core.declare import declaration_options, earlier_declaration
from tuolaji.core.follow import follow_fault, legal_follow_layers
from tuolaji.core.leads import tractor_masks
from tuolaji.core.trump import TrumpContext
from tuolaji.game.observation import Observation

_REJECTION_TRIES: Final = 64


def random_lead(rng: random.Random, ctx: TrumpContext, hand: Layers, throw_rate: float) -> Layers:
    """A random lead: sometimes a throw attempt, otherwise a uniform single combination."""
    ones, twos = hand
    if rng.random() < throw_rate:
        suits = [s for s, mask in enumerate(ctx.suit_mask) if (ones & mask).bit_count() >= 2]
        if suits:
            mask = ctx.suit_mask[suits[randbelow(rng, len(suits))]]
            s_ones, s_twos = ones & mask, twos & mask
            # randint(2, most), drawn the same way
            size = 2 + randbelow(rng, min(8, s_ones.bit_count() + s_twos.bit_count()) - 1)
            sample = sample_multiset(rng, s_ones, s_twos, size)
            if sample is not None:
                return sample
    singles = bits_of(ones)
    pairs = bits_of(twos)
    tractors = tractor_masks(ctx, twos) if len(pairs) >= 2 else []
    pick = randbelow(rng, len(singles) + len(pairs) + len(tractors))
    if pick < len(singles):
        return singles[pick], 0
    pick -= len(singles)
    chosen = pairs[pick] if pick < len(pairs) else tractors[pick - len(pairs)]
    return chosen, chosen


def random_follow(
    rng: random.Random, ctx: TrumpContext, lead: Combo, hand: Layers, must_beat: bool
) -> Layers:
    """A follow chosen uniformly among the legal ones (R-P2–R-P7, R-H2)."""
    ones, twos = hand
    mask = ctx.suit_mask[lead.suit]
    s_ones, s_twos = ones & mask, twos & mask
    held = s_ones.bit_count() + s_twos.bit_count()
    size = lead.size
    constrained = must_beat or (lead.kind == TRACTOR and ctx.rules.follow_tractor_first)
    for _ in range(_REJECTION_TRIES if constrained else 1):
        if held <= size:
            rest = sample_multiset(rng, ones & ~mask, twos & ~mask, size - held)
            assert rest is not None
            candidate = (s_ones | rest[0], s_twos | rest[1])
        else:
            need = min(lead.pairs, s_twos.bit_count())
            sample = sample_multiset(rng, s_ones, s_twos, size, need)
            assert sample is not None
            candidate = sample
        if not constrained or follow_fault(ctx, lead, hand, candidate, must_beat) is None:
            return candidate
    legal = list(legal_follow_layers(ctx, lead, hand, must_beat))
    return legal[randbelow(rng, len(legal))]


# Bots are built on these players by subclassing them, which the compiled build allows
# only when asked (docs/architecture.md, "Two builds").
@mypyc_attr(allow_interpreted_subclasses=True)
class RandomPlayer:
    """Plays uniformly at random among legal actions (see the module docstring)."""

    def __init__(
        self, seed: int | None = None, throw_rate: float = 0.1, declare_rate: float = 0.5
    ) -> None:
        self.name = "random"
        self.rng = random.Random(seed)
        self.throw_rate = throw_rate
        self.declare_rate = declare_rate

    def declaration(self, observation: Observation) -> Sequence[int] | None:
        """Declare with probability ``declare_rate`` when some declaration could stand."""
        seat = observation.seat
        assert seat is not None
        rules = observation.rules
        earlier = (
            earlier_declaration(observation.declarations, seat) if rules.reinforce_to_tie else None
        )
        options = declaration_options(
            observation.rank, observation.declaration, seat, observation.hand_layers, rules, earlier
        )
        if options and self.rng.random() < self.declare_rate:
            return options[randbelow(self.rng, len(options))]
        return None

    def bury(self, observation: Observation) -> Sequence[int]:
        """A uniform 8-card multiset of the hand."""
        ones, twos = observation.hand_layers
        sample = sample_multiset(self.rng, ones, twos, 8)
        assert sample is not None
        return from_layers(*sample)

    def play(self, observation: Observation) -> Sequence[int]:
        """A random lead, or a uniform legal follow."""
        ctx = observation.ctx
        assert ctx is not None
        if observation.lead is None:
            return from_layers(
                *random_lead(self.rng, ctx, observation.hand_layers, self.throw_rate)
            )
        return from_layers(
            *random_follow(
                self.rng, ctx, observation.lead, observation.hand_layers, observation.must_beat
            )
        )
