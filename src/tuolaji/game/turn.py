"""Who acts: the kinds of action, and which seats may take which of them now.

A game of Tractor waits, at every moment, either for one seat (the final declaring
window, the talon exchange, each play) or — while the cards are dealt — for chance: the
next card of the pack, while every seat may declare at any moment (R-D2, R-T2). A
:class:`Turn` says which, in every phase; :meth:`Game.turn
<tuolaji.game.game.Game.turn>` gives the current one. Drawing (``Game.draw()``) belongs
to no seat: a driver takes that step itself, as often as it likes, between its seats'
declarations — it is the game's only chance step.

>>> from tuolaji.game.game import Game
>>> game = Game(seed=1)
>>> turn = game.turn()
>>> turn.chance, turn.seat, sorted(turn.kinds(2))
(True, None, [<ActionKind.DECLARE: 'declare'>])
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from tuolaji.core.cards import BJ, RJ, SEATS
from tuolaji.core.declare import (
    Declaration,
    declaration_final,
    declaration_options,
    earlier_declaration,
)
from tuolaji.core.frozen import Frozen
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.game.state import Phase, RoundState


class ActionKind(enum.StrEnum):
    """The five kinds of action (their values are the names records use)."""

    DRAW = "draw"  # the next card goes to the next drawer: chance, no seat's choice (R-D2)
    DECLARE = "declare"  # reveal trump-rank cards or jokers (R-T2–R-T4)
    PASS = "pass"  # pass in the final declaring window (R-T4)
    BURY = "bury"  # the starter lays 8 cards face down (R-K1)
    PLAY = "play"  # lead or follow (R-P1)


_NONE: frozenset[ActionKind] = frozenset()
_DECLARE = frozenset({ActionKind.DECLARE})


@dataclass(frozen=True, slots=True)
class Turn(Frozen):
    """Who may act now, and with which kinds of action.

    ``chance`` is True while the game waits for the next card to be drawn (a
    :data:`ActionKind.DRAW`, which belongs to no seat). ``seat`` is the one seat the game
    waits for (None while cards are drawn and once the game is over). ``by_seat`` holds
    the kinds open to each seat, seat 0 first.
    """

    phase: Phase
    chance: bool
    seat: int | None
    by_seat: tuple[frozenset[ActionKind], ...]

    def kinds(self, seat: object) -> frozenset[ActionKind]:
        """The kinds of action open to ``seat`` (none for a value that is not a seat)."""
        if type(seat) is not int or not 0 <= seat < SEATS:
            return _NONE
        return self.by_seat[seat]

    def may(self, seat: object, kind: ActionKind) -> bool:
        """Whether ``seat`` may take an action of ``kind`` now."""
        return kind in self.kinds(seat)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that may act now, in seat order."""
        return tuple(seat for seat in range(SEATS) if self.by_seat[seat])

    @property
    def over(self) -> bool:
        """Whether the game is over: nobody acts any more."""
        return self.phase is Phase.OVER


def _one_seat(phase: Phase, seat: int, kinds: frozenset[ActionKind]) -> Turn:
    by_seat = tuple(kinds if other == seat else _NONE for other in range(SEATS))
    return Turn(phase, False, seat, by_seat)


# Every turn there can be, built once: Game.turn() runs for every step of self-play.
DRAW_TURN = Turn(Phase.DRAW, True, None, (_DECLARE,) * SEATS)
#: the draw once a declaration nothing overrides stands: a joker pair (R-T3)
DRAW_TURN_CLOSED = Turn(Phase.DRAW, True, None, (_NONE,) * SEATS)
OVER_TURN = Turn(Phase.OVER, False, None, (_NONE,) * SEATS)
WINDOW_TURNS = tuple(
    _one_seat(Phase.DECLARE, seat, frozenset({ActionKind.DECLARE, ActionKind.PASS}))
    for seat in range(SEATS)
)
EXCHANGE_TURNS = tuple(
    _one_seat(Phase.EXCHANGE, seat, frozenset({ActionKind.BURY})) for seat in range(SEATS)
)
PLAY_TURNS = tuple(
    _one_seat(Phase.PLAY, seat, frozenset({ActionKind.PLAY})) for seat in range(SEATS)
)


def turn_of(phase: Phase, state: RoundState, rules: RuleSet = STANDARD) -> Turn:
    """The turn of a round in ``phase`` under ``rules`` (see :class:`Turn`)."""
    if phase is Phase.PLAY:
        return PLAY_TURNS[state.to_play]
    if phase is Phase.DRAW:
        standing = state.declaration
        if standing is None:
            return DRAW_TURN
        if rules.custom_declaring:
            return DRAW_TURN_CLOSED if declaration_final(standing, rules) else DRAW_TURN
        # declaration_final written out (this runs for every card drawn): a joker pair is
        # never overridden (R-T3; under red_jokers_override only the red one), nor a pair
        # when jokers do not declare
        first = standing.cards[0]
        if first < BJ:
            final = len(standing.cards) == 2 and not rules.joker_no_trump
        else:
            final = first == RJ or not rules.red_jokers_override
        return DRAW_TURN_CLOSED if final else DRAW_TURN
    if phase is Phase.DECLARE:
        return WINDOW_TURNS[state.window_seat]
    if phase is Phase.EXCHANGE:
        assert state.starter is not None  # settled with the trump
        return EXCHANGE_TURNS[state.starter]
    return OVER_TURN


_JOKERS: Final = 1 << BJ | 1 << RJ
#: trump rank → the mask of its four cards, one per suit
_RANK_MASKS: Final = tuple(sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(13))


def _over(standing: Declaration, rank: int, rules: RuleSet) -> int:
    """The pairs (as a mask of kinds held twice) that override ``standing`` for a seat
    that did not make it (R-T2, R-T3): over a single, a pair of trump-rank cards or
    jokers; over a pair, a joker pair; over a black joker pair under
    ``red_jokers_override``, the red one; over a final declaration, none."""
    first = standing.cards[0]
    jokers = _JOKERS if rules.joker_no_trump else 0
    if first >= BJ:
        return 1 << RJ & jokers if first == BJ and rules.red_jokers_override else 0
    if len(standing.cards) == 2:
        return jokers
    return _RANK_MASKS[rank] | jokers


def _wanted(standing: Declaration | None, rank: int, rules: RuleSet, own: bool) -> tuple[int, int]:
    """The kinds a seat must hold (once, twice) for a declaration of its to stand over
    ``standing`` (R-T2, R-T3); ``own``: the seat made ``standing``. Over nothing, any
    trump-rank card or joker pair; over a declaration, the pairs of :func:`_over` — and
    for its own declarer, the twin of its single (``reinforce``) and the others only
    with ``overturn_own``."""
    if standing is None:
        return _RANK_MASKS[rank], _JOKERS if rules.joker_no_trump else 0
    wanted = _over(standing, rank, rules)
    if not own:
        return 0, wanted
    twin = 1 << standing.cards[0] if len(standing.cards) == 1 else 0
    others = wanted & ~twin if rules.overturn_own else 0
    return 0, others | (twin if rules.reinforce else 0)


def _could_declare_fully(state: RoundState, seat: int, rules: RuleSet) -> bool:
    """Whether some declaration by ``seat`` would stand now, asked of the core's full
    check: under the later declaring options (``declaration_order``,
    ``reinforce_to_tie``, ``red_joker_single``) the bit tests below do not know the
    order, and the default game never comes here."""
    earlier = earlier_declaration(state.declarations, seat) if rules.reinforce_to_tie else None
    return bool(
        declaration_options(state.rank, state.declaration, seat, state.hands[seat], rules, earlier)
    )


def could_declare(phase: Phase, state: RoundState, seat: object, rules: RuleSet = STANDARD) -> bool:
    """Whether some declaration by ``seat`` would stand now under ``rules``
    (R-T2–R-T4): bit tests on the hand (:func:`_wanted`), no declaration is built."""
    if type(seat) is not int or not 0 <= seat < SEATS:
        return False
    if phase is Phase.DECLARE:
        if seat != state.window_seat:
            return False
    elif phase is not Phase.DRAW:
        return False
    standing = state.declaration
    if rules.custom_declaring:
        return _could_declare_fully(state, seat, rules)
    once, twice = _wanted(
        standing, state.rank, rules, standing is not None and standing.seat == seat
    )
    ones, twos = state.hands[seat]
    return bool(ones & once or twos & twice)


def seats_that_could_declare(
    phase: Phase, state: RoundState, rules: RuleSet = STANDARD
) -> tuple[int, ...]:
    """The seats some declaration of which would stand now, during the deal (R-T2,
    R-T3): :func:`could_declare` for the four seats at once, for a driver that offers
    every seat the chance after every card — usually none, so one call answers it."""
    if phase is not Phase.DRAW:
        return ()
    if rules.custom_declaring:
        return tuple(seat for seat in range(SEATS) if _could_declare_fully(state, seat, rules))
    standing = state.declaration
    if standing is None:
        # the common case while the cards come in (asked after every card): nothing
        # stands yet, and any trump-rank card or joker pair would (_wanted, written out)
        once = _RANK_MASKS[state.rank]
        twice = _JOKERS if rules.joker_no_trump else 0
        return tuple(
            seat for seat, (ones, twos) in enumerate(state.hands) if ones & once or twos & twice
        )
    twice = _over(standing, state.rank, rules)
    if rules.reinforce and rules.overturn_own:
        # the standard declaring: the declarer may make what anyone may, its single's
        # twin among the pairs already (one pass, as this runs for every card drawn)
        return tuple(seat for seat, (_ones, twos) in enumerate(state.hands) if twos & twice)
    _own_once, own_twice = _wanted(standing, state.rank, rules, True)
    return tuple(
        seat
        for seat, (_ones, twos) in enumerate(state.hands)
        if twos & (own_twice if seat == standing.seat else twice)
    )
