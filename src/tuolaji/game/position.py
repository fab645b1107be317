"""A position: a round in its play phase with every card placed, to build a game from.

Search players guess the cards they cannot see and play the round out from there
(:mod:`tuolaji.game.determinize`); puzzles and tests start from a chosen trick. A
:class:`Position` holds what such a game needs and nothing that follows from it:

- the public story of the round: its number, the trump (rank and suit), the declaring
  team and the starter, the declarations, the cards turned in a talon flip, the finished
  tricks, the trick in progress and its failed throw, both teams' levels;
- the hidden cards: the four hands (as bit layers, see
  :func:`tuolaji.core.cards.to_layers`) and the 8 buried cards.

Who plays next, the lead, the blocker of a failed throw (R-H2), the points won and the
penalties (R-H3, R-S1) are worked out from these, so they cannot disagree.
:meth:`Game.from_position <tuolaji.game.game.Game.from_position>` checks a position
(:func:`check_position`) and builds the game directly: no deal, no shuffle;
:meth:`Game.position <tuolaji.game.game.Game.position>` gives the position of a game
being played, and :meth:`Game.copy <tuolaji.game.game.Game.copy>` a copy to play on.

>>> from tuolaji.game.game import Game
>>> from tuolaji.game.state import RoundStart
>>> game = Game(seed=2, start=RoundStart(0, 0, 0))
>>> while game.turn().chance:
...     _ = game.draw()
>>> while game.phase is Phase.DECLARE:  # nobody declares: the talon is turned (R-T6)
...     _ = game.pass_declaring(game.to_act())
>>> _ = game.bury(0, game.hand(0)[:8])
>>> position = game.position()
>>> rebuilt = Game.from_position(position, game.rules)
>>> rebuilt.hand(2) == game.hand(2), rebuilt.to_act(), rebuilt.events
(True, 0, [])
>>> twin = game.copy()
>>> _ = twin.play(0, next(iter(twin.legal_plays(0))))
>>> twin.to_act(), game.to_act()
(1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tuolaji.core.cards import (
    ALL_KINDS_MASK,
    HAND_SIZE,
    KINDS,
    PACK_SIZE,
    SEATS,
    TALON_SIZE,
    Layers,
    NotationError,
    count_layers,
    points_of,
    team_of,
    to_layers,
)
from tuolaji.core.combos import combo_of_layers
from tuolaji.core.declare import Declaration
from tuolaji.core.errors import TuolajiError
from tuolaji.core.rules import RuleSet
from tuolaji.core.trump import TrumpContext, trump_context
from tuolaji.game.events import ThrowFailed
from tuolaji.game.state import CompletedTrick, Phase, RoundState


class PositionError(TuolajiError, ValueError):
    """A position that no game of Tractor can reach: the rule it breaks and why."""


@dataclass(frozen=True, slots=True)
class Position:
    """A round in its play phase, every card placed (see the module docstring).

    ``hands`` are the four hands as bit layers, seat 0 first; ``talon`` the 8 buried
    cards; ``tricks`` the finished tricks (each play with the cards that counted, the
    forced part of a failed throw); ``trick`` the plays of the trick in progress, the
    lead first; ``failed_throw`` the failed throw of the trick in progress, if its lead
    was one. ``levels`` default to both teams at the trump rank.
    """

    round_number: int
    rank: int
    trump_suit: int | None
    declarers: int
    starter: int
    hands: tuple[Layers, ...]
    talon: tuple[int, ...]
    tricks: tuple[CompletedTrick, ...] = ()
    trick: tuple[tuple[int, tuple[int, ...]], ...] = ()
    failed_throw: ThrowFailed | None = None
    levels: tuple[int, int] | None = None
    declarations: tuple[Declaration, ...] = ()
    talon_flipped: tuple[int, ...] = ()

    @property
    def leader(self) -> int:
        """The seat that led (or leads) the trick in progress: the last trick's winner,
        the starter for the first trick (R-P1)."""
        return self.tricks[-1].winner if self.tricks else self.starter

    @property
    def to_play(self) -> int:
        """The seat whose turn it is to play."""
        return (self.leader + len(self.trick)) % SEATS


def _is_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _is_cards(value: object) -> bool:
    return type(value) is tuple and all(_is_int(kind, 0, 53) for kind in value)


def _refuse(rule: str, message: str) -> PositionError:
    return PositionError(f"{rule}: {message}")


def _check_scalars(position: Position) -> None:
    """Refuse fields that are not of their type and range."""
    number = position.round_number
    if type(number) is not int or number < 1:
        raise _refuse("R-S5", f"rounds are numbered from 1, not {number!r}")
    if not _is_int(position.rank, 0, 12):
        raise _refuse("R-T1", f"the trump rank must be 0-12, not {position.rank!r}")
    if position.trump_suit is not None and not _is_int(position.trump_suit, 0, 3):
        raise _refuse("R-T1", f"the trump suit must be 0-3 or None, not {position.trump_suit!r}")
    if not _is_int(position.declarers, 0, 1):
        raise _refuse("R-N4", f"the declarers are team 0 or 1, not {position.declarers!r}")
    if not _is_int(position.starter, 0, SEATS - 1):
        raise _refuse("R-N4", f"the starter is a seat 0-3, not {position.starter!r}")
    if team_of(position.starter) != position.declarers:
        raise _refuse("R-T5", "the starter must belong to the declaring team")
    levels = position.levels
    if levels is not None and not (
        type(levels) is tuple and len(levels) == 2 and all(_is_int(lv, 0, 12) for lv in levels)
    ):
        raise _refuse("R-D3", f"levels are two ranks 0-12, not {levels!r}")
    if levels is not None and levels[position.declarers] != position.rank:
        raise _refuse("R-T1", "the trump rank is the declarers' level")
    hands = position.hands
    if type(hands) is not tuple or len(hands) != SEATS:
        raise _refuse("R-N4", "a position holds four hands, seat 0 first")
    for seat, hand in enumerate(hands):
        if not (
            type(hand) is tuple
            and len(hand) == 2
            and all(type(layer) is int and 0 <= layer <= ALL_KINDS_MASK for layer in hand)
            and not hand[1] & ~hand[0]
        ):
            raise _refuse("R-N3", f"hand {seat} is not bit layers of cards: {hand!r}")
    if not _is_cards(position.talon) or len(position.talon) != TALON_SIZE:
        raise _refuse("R-K1", f"the talon is {TALON_SIZE} cards, not {position.talon!r}")
    declarations = position.declarations
    if type(declarations) is not tuple or not all(
        type(declaration) is Declaration for declaration in declarations
    ):
        raise _refuse("R-T2", f"declarations are a tuple of Declaration, not {declarations!r}")
    if not _is_cards(position.talon_flipped):
        raise _refuse("R-T6", f"the cards turned are a tuple of cards: {position.talon_flipped!r}")


def _check_tricks(position: Position) -> None:
    """Refuse finished tricks and a trick in progress that break the order of play or
    its sizes (R-P1, R-P2)."""
    leader = position.starter
    for number, done in enumerate(position.tricks, start=1):
        plays = done.plays
        if type(done) is not CompletedTrick or len(plays) != SEATS or done.number != number:
            raise _refuse("R-P1", f"finished trick {number} is not four plays numbered {number}")
        _check_plays(plays, leader, f"finished trick {number}")
        if not _is_int(done.winner, 0, SEATS - 1):
            raise _refuse("R-W5", f"finished trick {number} has no winner seat")
        leader = done.winner
    trick = position.trick
    if type(trick) is not tuple or len(trick) >= SEATS:
        raise _refuse("R-P1", "the trick in progress holds 0 to 3 plays")
    if trick:
        _check_plays(trick, leader, "the trick in progress")
    failed = position.failed_throw
    if failed is not None and (
        type(failed) is not ThrowFailed or not trick or failed.seat != leader
    ):
        raise _refuse("R-H2", "a failed throw belongs to the lead of the trick in progress")


def _check_plays(plays: Sequence[tuple[int, tuple[int, ...]]], leader: int, where: str) -> None:
    """Refuse plays out of seat order (R-P1) or of another size than the lead (R-P2);
    the cards themselves are checked with the whole pack (:func:`_check_cards`)."""
    size = -1
    for index, play in enumerate(plays):
        if type(play) is not tuple or len(play) != 2 or type(play[1]) is not tuple:
            raise _refuse("R-N3", f"{where}: play {index + 1} is not (seat, cards)")
        seat = (leader + index) % SEATS
        if play[0] != seat or type(play[0]) is not int:
            raise _refuse("R-P1", f"{where}: play {index + 1} is seat {seat}'s, not {play[0]!r}'s")
        if size < 0:
            size = len(play[1])
        if not size or len(play[1]) != size:
            raise _refuse("R-P2", f"{where}: every play has as many cards as the lead")


def _check_cards(position: Position) -> None:
    """Refuse a position whose cards are not the pack (R-D1) or whose hands cannot have
    played the same number of cards (R-P2)."""
    # the cards out of the hands, then the hands' layers added one by one
    cards = list(position.talon)
    for done in position.tricks:
        for _, played in done.plays:
            cards += played
    for _, played in position.trick:
        cards += played
    if not all(type(kind) is int and 0 <= kind < KINDS for kind in cards):
        raise _refuse("R-N3", "the cards played are card kinds 0-53")
    try:
        ones, twos = to_layers(cards)
    except NotationError:
        ones = twos = -1  # some card three times: not the pack
    for h_ones, h_twos in position.hands:
        if ones < 0 or h_ones & twos or h_twos & ones:
            ones = twos = -1
            break
        ones, twos = ones | h_ones, twos | h_twos | (ones & h_ones)
    if ones != ALL_KINDS_MASK or twos != ALL_KINDS_MASK:
        raise _refuse("R-D1", "the cards of a position must be the 108 cards of the pack")
    played_each = sum(len(done.plays[0][1]) for done in position.tricks)
    in_trick = {seat: len(played) for seat, played in position.trick}
    for seat, hand in enumerate(position.hands):
        held = count_layers(*hand)
        if held + played_each + in_trick.get(seat, 0) != HAND_SIZE:
            raise _refuse("R-P2", f"seat {seat} holds {held} cards: it cannot have played so")
    if not any(position.hands[seat][0] for seat in range(SEATS)):
        raise _refuse("R-P1", "every card is played: the round is over")


def check_position(position: Position) -> None:
    """Raise :class:`PositionError` naming the rule when no game can reach ``position``:
    fields out of type or range, cards that are not the pack (R-D1), tricks out of turn
    (R-P1) or of the wrong size (R-P2). The winners of finished tricks are not
    replayed: they are taken as given."""
    _check_scalars(position)
    _check_tricks(position)
    _check_cards(position)


def position_of_round(phase: Phase, state: RoundState, levels: Sequence[int]) -> Position:
    """The position of a round in its play phase (the inverse of :func:`round_state_of`)."""
    ctx = state.ctx
    if phase is not Phase.PLAY or ctx is None or state.declarers is None or state.starter is None:
        raise PositionError(f"R-P1: a position is a round in its play phase, not {phase.value}")
    return Position(
        round_number=state.number,
        rank=state.rank,
        trump_suit=ctx.suit,
        declarers=state.declarers,
        starter=state.starter,
        hands=tuple(state.hands),
        talon=state.talon,
        tricks=state.tricks,
        trick=tuple(state.trick),
        failed_throw=state.failed_throw,
        levels=(levels[0], levels[1]),
        declarations=state.declarations,
        talon_flipped=state.talon_flipped,
    )


def round_state_of(position: Position, rules: RuleSet) -> RoundState:
    """The state of the round ``position`` describes (the caller has checked it)."""
    ctx: TrumpContext = trump_context(position.rank, position.trump_suit, rules)
    declarers = position.declarers
    won: list[list[int]] = [[], [], [], []]
    trick_points = penalties = failed_throws = 0
    throws = [done.failed_throw for done in position.tricks]
    throws.append(position.failed_throw)
    for throw in throws:
        if throw is not None:
            failed_throws += 1
            # R-H3: the declarers' penalty goes to the opponents; the opponents' is lost
            penalties += throw.penalty if team_of(throw.seat) == declarers else -throw.penalty
    for done in position.tricks:
        cards = [card for _, played in done.plays for card in played]
        won[done.winner].extend(cards)
        if team_of(done.winner) != declarers:
            trick_points += points_of(cards)
    trick = list(position.trick)
    trick_layers = [to_layers(cards) for _, cards in trick]
    failed = position.failed_throw
    blocker = failed.blocker if failed is not None and rules.failed_throw_must_beat else None
    declarations = position.declarations
    return RoundState(
        number=position.round_number,
        rank=position.rank,
        declarers=declarers,
        starter=position.starter,
        first_drawer=position.starter,
        deck=[],
        drawn=PACK_SIZE - TALON_SIZE,
        hands=list(position.hands),
        declaration=declarations[-1] if declarations else None,
        declarations=declarations,
        ctx=ctx,
        talon=position.talon,
        talon_flipped=position.talon_flipped,
        to_play=position.to_play,
        lead=combo_of_layers(ctx, *trick_layers[0]) if trick_layers else None,
        trick=trick,
        trick_layers=trick_layers,
        blocker=blocker,
        failed_throw=failed,
        tricks=position.tricks,
        trick_points=trick_points,
        penalties=penalties,
        failed_throws=failed_throws,
        won_cards=won,
    )
