"""What one seat may see (docs/rules.md §11), as a frozen snapshot every interface shares.

A seat sees its own hand, every declaration, every card played face up, tricks won and
points, levels, the cards turned in a talon flip, and the talon while the round is
played only if it buried it. The buried cards are the starter's secret only until the
round ends (R-K1): the last round's result shows its talon to every seat and to the
spectator. A spectator (``seat=None``) sees everything public and no hand.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tuolaji.core.cards import Layers, format_cards, from_layers
from tuolaji.core.combos import Combo
from tuolaji.core.declare import Declaration
from tuolaji.core.rules import RuleSet
from tuolaji.core.trump import TrumpContext, suit_label
from tuolaji.game.events import ThrowFailed
from tuolaji.game.game import Game
from tuolaji.game.state import CompletedTrick, Phase, RoundResult


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
    #: the last round's result, its talon included, shown to every seat (R-K1)
    last_round: RoundResult | None
    winner: int | None

    @property
    def hand(self) -> tuple[int, ...]:
        """The seat's own cards, kinds ascending."""
        return tuple(from_layers(*self.hand_layers))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form, cards in notation (for protocols and logs)."""
        return {
            "seat": self.seat,
            "phase": self.phase.value,
            "rules": self.rules.to_spec(),
            "round": self.round_number,
            "rank": "23456789TJQKA"[self.rank],
            "trump_suit": None if self.trump_suit is None else "SHDC"[self.trump_suit],
            "trump_settled": self.trump_settled,
            "levels": list(self.levels),
            "declarers": self.declarers,
            "starter": self.starter,
            "to_act": self.to_act,
            "hand": format_cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "cards_left_in_pack": self.cards_left_in_pack,
            "declaration": None
            if self.declaration is None
            else {"seat": self.declaration.seat, "cards": format_cards(self.declaration.cards)},
            "talon_flipped": format_cards(self.talon_flipped),
            "buried": format_cards(self.buried),
            "trick": [[seat, format_cards(cards)] for seat, cards in self.trick],
            "failed_throw": None
            if self.failed_throw is None
            else {
                "seat": self.failed_throw.seat,
                "attempted": format_cards(self.failed_throw.attempted),
                "forced": format_cards(self.failed_throw.forced),
                "penalty": self.failed_throw.penalty,
                "blocker": self.failed_throw.blocker,
            },
            "must_beat": self.must_beat,
            "tricks": [
                {
                    "plays": [[seat, format_cards(cards)] for seat, cards in trick.plays],
                    "winner": trick.winner,
                    "points": trick.points,
                }
                for trick in self.tricks
            ],
            "opponents_points": self.opponents_points,
            "penalties": self.penalties,
            "declarations": [
                {"seat": d.seat, "cards": format_cards(d.cards)} for d in self.declarations
            ],
            "lead": None
            if self.lead is None
            else {
                "kind": self.lead.kind,
                "suit": suit_label(self.lead.suit),
                "parts": self.lead.layout_labels(),
            },
            "last_round": None if self.last_round is None else _result_json(self.last_round),
            "winner": self.winner,
        }


def observe(game: Game, seat: int | None) -> Observation:
    """The snapshot of ``game`` that ``seat`` may see (``None``: a spectator)."""
    state = game.round
    hands = state.hands
    h0, h1, h2, h3 = hands
    ctx = state.ctx
    settled = ctx is not None
    if ctx is not None:
        trump_suit = ctx.suit
    else:
        trump_suit = None if state.declaration is None else state.declaration.suit
    own: Layers = hands[seat] if seat is not None else (0, 0)
    buried: tuple[int, ...] = ()
    if seat is not None and seat == state.starter and game.phase is Phase.PLAY:
        buried = state.talon
    # R-K1: once the round is over its talon is no secret, whoever won the last trick
    last = game.results[-1] if game.results else None
    return Observation(
        seat=seat,
        phase=game.phase,
        rules=game.rules,
        round_number=state.number,
        rank=state.rank,
        trump_suit=trump_suit,
        trump_settled=settled,
        ctx=ctx,
        levels=(game.levels[0], game.levels[1]),
        declarers=state.declarers,
        starter=state.starter,
        to_act=game.to_act(),
        next_drawer=game.next_drawer(),
        hand_layers=own,
        hand_sizes=(
            h0[0].bit_count() + h0[1].bit_count(),
            h1[0].bit_count() + h1[1].bit_count(),
            h2[0].bit_count() + h2[1].bit_count(),
            h3[0].bit_count() + h3[1].bit_count(),
        ),
        cards_left_in_pack=len(state.deck) - state.drawn if not settled else 0,
        declaration=state.declaration,
        declarations=state.declarations,
        window_passes=state.window_passes,
        talon_flipped=state.talon_flipped,
        buried=buried,
        trick=tuple(state.trick),
        lead=state.lead,
        failed_throw=state.failed_throw,
        must_beat=seat is not None and seat == state.blocker,
        tricks=state.tricks,
        opponents_points=state.opponents_points,
        penalties=state.penalties,
        last_round=last,
        winner=game.winner,
    )


def _result_json(result: RoundResult) -> dict[str, Any]:
    """A finished round as JSON, its talon included (no secret once the round ends)."""
    return {
        "round": result.number,
        "declarers": result.declarers,
        "starter": result.starter,
        "opponents_points": result.opponents_points,
        "talon_bonus": result.talon_bonus,
        "talon": format_cards(result.talon),
        "declarers_hold": result.declarers_hold,
        "levels_gained": result.levels_gained,
    }
