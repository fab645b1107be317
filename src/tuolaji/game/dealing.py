"""The deal's steps on a round's state, which :class:`~tuolaji.game.game.Game` takes
once its checks have passed (:mod:`tuolaji.game.checks`): a card drawn (R-D2), and the
trump settled when the declaring ends — the talon turned when nobody declared (R-T6),
round 1's starter and declaring team taken from the declaration that stood (R-T5) —
then the starter takes the talon (R-K1).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from tuolaji.core.cards import SEATS, add_layers, team_of, to_layers
from tuolaji.core.declare import flip_talon
from tuolaji.core.rules import RuleSet
from tuolaji.core.trump import trump_context
from tuolaji.game.events import CardDrawn, Event, TalonFlipped, TalonTaken, TrumpSettled
from tuolaji.game.state import RoundState


def draw_card(state: RoundState) -> CardDrawn:
    """The next seat draws the next card of the pack into its hand (R-D2)."""
    seat = (state.first_drawer + state.drawn) % SEATS
    card = state.deck[state.drawn]
    state.drawn += 1
    # add_layers(hand, (bit, 0)) written out: a round draws 100 cards
    ones, twos = state.hands[seat]
    bit = 1 << card
    state.hands[seat] = (ones | bit, twos | (ones & bit))
    state.hand_sizes[seat] += 1
    return CardDrawn(seat, card)


def chance_seat(pack: Sequence[int]) -> int:
    """A seat 0–3 drawn by chance from a deal's shuffled ``pack`` (the seeded shuffle
    dealt it), for ``first_round_starter: "random"`` (R-T6). The pack decides it, so
    the replay of a record, which deals the recorded packs, draws the same seat; a hash
    rather than a random generator, so that no Python version can change it.

    >>> from tuolaji.core.cards import full_pack
    >>> chance_seat(full_pack()) in range(4)
    True
    """
    digest = hashlib.sha256(bytes(pack)).digest()
    return int.from_bytes(digest[:8], "big") % SEATS


def settle_trump(state: RoundState, rules: RuleSet, events: list[Event]) -> None:
    """The declaring is over: fix the round's trump from the declaration that stands, or
    from the talon when none does in a later round (R-T6), and give the starter the
    talon (R-K1); the events go to ``events``. (Round 1 with no declaration is dealt
    again instead, R-T6: that is the game's to do, not this.)"""
    declaration = state.declaration
    suit: int | None
    if declaration is None:
        suit, turned = flip_talon(state.rank, state.talon, rules)
        state.talon_flipped = state.talon[:turned]
        events.append(TalonFlipped(state.talon_flipped, suit))
    else:
        suit = declaration.suit
    if state.declarers is None:
        # R-T5: in round 1 the standing declarer starts and their team declares (a
        # round 1 nobody declared in has its starter from first_round_starter, R-T6).
        # With first_declarer_starts the first player who declared starts instead; the
        # standing declaration still gives the suit.
        assert declaration is not None
        seat = state.declarations[0].seat if rules.first_declarer_starts else declaration.seat
        state.starter = seat
        state.declarers = team_of(seat)
    assert state.starter is not None
    state.ctx = trump_context(state.rank, suit, rules)
    state.hands[state.starter] = add_layers(state.hands[state.starter], to_layers(state.talon))
    state.hand_sizes[state.starter] += len(state.talon)
    events.append(TrumpSettled(state.rank, suit, state.declarers, state.starter))
    events.append(TalonTaken(state.starter, state.talon))
