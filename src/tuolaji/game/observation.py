"""What one seat may see (docs/rules.md §11), as a frozen snapshot every interface shares.

A seat sees its own hand, every declaration, every card played face up, tricks won and
points, levels, the cards turned in a talon flip, and the talon while the round is
played only if it buried it. The buried cards are the starter's secret only until the
round ends (R-K1): the last round's result shows its talon to every seat and to the
spectator — unless the rules' ``show_talon`` is off and the opponents did not win the
last trick, when it stays the starter's (:func:`~tuolaji.game.views.hidden_talon`). A
spectator (``seat=None``) sees everything public and no hand. The visibility options
take more out (R-V1–R-V3, :mod:`tuolaji.game.visibility`): the cards of tricks older
than the last, a failed throw's blocker, the points the declarers took.

Its JSON form, both ways, is :mod:`tuolaji.game.observation_json`.
"""

from __future__ import annotations

from typing import NamedTuple

from tuolaji.core.cards import Layers, from_layers
from tuolaji.core.combos import Combo
from tuolaji.core.declare import Declaration
from tuolaji.core.frozen import new_named_tuple
from tuolaji.core.rules import RuleSet
from tuolaji.core.trump import TrumpContext
from tuolaji.game.events import ThrowFailed
from tuolaji.game.game import Game
from tuolaji.game.results import RoundResult
from tuolaji.game.state import CompletedTrick, Phase
from tuolaji.game.views import hidden_talon
from tuolaji.game.visibility import seen_throw, seen_tricks


class Observation(NamedTuple):
    """Everything ``seat`` may know now, and nothing more. (An immutable named tuple:
    one is built for every decision, and a tuple is the cheapest frozen record.)"""

    seat: int | None
    phase: Phase
    rules: RuleSet
    round_number: int
    rank: int
    #: the trump suit once settled (None: no trump suit, or not settled yet)
    trump_suit: int | None
    trump_settled: bool
    #: the trump context once the trump is settled (public information)
    ctx: TrumpContext | None
    levels: tuple[int, int]
    declarers: int | None
    starter: int | None
    to_act: int | None
    next_drawer: int | None
    hand_layers: Layers
    hand_sizes: tuple[int, ...]
    cards_left_in_pack: int
    declaration: Declaration | None
    declarations: tuple[Declaration, ...]
    window_passes: int
    talon_flipped: tuple[int, ...]
    #: the talon this seat buried, while the round is played (empty for every other seat)
    buried: tuple[int, ...]
    trick: tuple[tuple[int, tuple[int, ...]], ...]
    lead: Combo | None
    failed_throw: ThrowFailed | None
    #: whether this seat is the blocker that must beat the forced lead (R-H2)
    must_beat: bool
    tricks: tuple[CompletedTrick, ...]
    opponents_points: int
    penalties: int
    #: the last round's result, its talon included, shown to every seat (R-K1; unless
    #: the talon is not public, see ``hidden_talon``)
    last_round: RoundResult | None
    winner: int | None

    @property
    def hand(self) -> tuple[int, ...]:
        """The seat's own cards, kinds ascending."""
        return tuple(from_layers(*self.hand_layers))


def observe(game: Game, seat: int | None) -> Observation:
    """The snapshot of ``game`` that ``seat`` may see (``None``: a spectator)."""
    state = game.round
    ctx = state.ctx
    phase = game.phase
    if ctx is not None:
        trump_suit = ctx.suit
        cards_left = 0
    else:
        trump_suit = None if state.declaration is None else state.declaration.suit
        cards_left = len(state.deck) - state.drawn
    own: Layers = state.hands[seat] if seat is not None else (0, 0)
    buried: tuple[int, ...] = ()
    if seat is not None and seat == state.starter and phase is Phase.PLAY:
        buried = state.talon
    # R-K1: once the round is over its talon is no secret, whoever won the last trick
    # (unless show_talon is off: hidden_talon)
    results = game.results
    last = results[-1] if results else None
    if last is not None and not last.talon_public:
        last = hidden_talon(last, seat)
    levels = game.levels
    rules = game.rules
    tricks, failed = state.tricks, state.failed_throw
    if rules.hides:
        # R-V1–R-V3; one attribute in the default game, on the bots' hot path
        tricks = seen_tricks(tricks, rules, state.declarers, seat)
        if failed is not None:
            failed = seen_throw(failed, seat)
    # Built positionally, in the order of the fields: one is built for every decision,
    # and a named tuple's own constructors cost more than the rest of this function.
    return new_named_tuple(
        Observation,
        (
            seat,
            phase,
            rules,
            state.number,
            state.rank,
            trump_suit,
            ctx is not None,
            ctx,
            (levels[0], levels[1]),
            state.declarers,
            state.starter,
            game.to_act(),
            game.next_drawer(),
            own,
            tuple(state.hand_sizes),
            cards_left,
            state.declaration,
            state.declarations,
            state.window_passes,
            state.talon_flipped,
            buried,
            tuple(state.trick),
            state.lead,
            failed,
            seat is not None and seat == state.blocker,
            tricks,
            state.opponents_points,
            state.penalties,
            last,
            game.winner,
        ),
    )
