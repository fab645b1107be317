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
    contains_layers,
    count_layers,
    points_of,
    team_of,
    to_layers,
)
from tuolaji.core.combos import MIXED, combo_of_layers, suit_of_layers
from tuolaji.core.declare import Declaration
from tuolaji.core.errors import TuolajiError
from tuolaji.core.rules import STANDARD, RuleSet
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
    tricks = position.tricks
    if type(tricks) is not tuple:
        raise _refuse("R-P1", f"the finished tricks are a tuple of CompletedTrick, not {tricks!r}")
    leader = position.starter
    for number, done in enumerate(tricks, start=1):
        if type(done) is not CompletedTrick:
            raise _refuse("R-P1", f"finished trick {number} is not a CompletedTrick: {done!r}")
        plays = done.plays
        if type(plays) is not tuple or len(plays) != SEATS or done.number != number:
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


def _check_throw(throw: object, leader: int, lead: tuple[int, ...], where: str) -> None:
    """Refuse a failed throw that is not the one led: thrown by the leader, its forced
    part the lead's cards and part of the cards thrown (R-H1, R-H2), its penalty a
    whole number 0 or more (R-H3), its blocker another seat (R-H2)."""
    if type(throw) is not ThrowFailed:
        raise _refuse("R-H2", f"{where}: a failed throw is a ThrowFailed, not {throw!r}")
    if throw.seat != leader or type(throw.seat) is not int:
        raise _refuse("R-H2", f"{where}: the failed throw is the leader's (seat {leader})")
    if not _is_cards(throw.attempted) or not _is_cards(throw.forced):
        raise _refuse("R-N3", f"{where}: the failed throw's cards are tuples of cards")
    if sorted(throw.forced) != sorted(lead):
        raise _refuse("R-H2", f"{where}: the forced part of the failed throw is what was led")
    try:
        thrown = to_layers(throw.attempted)
    except NotationError:
        thrown = (0, 0)  # a card three times: never thrown
    if not contains_layers(thrown, to_layers(throw.forced)):
        raise _refuse("R-H2", f"{where}: the forced part is part of the cards thrown")
    if type(throw.penalty) is not int or throw.penalty < 0:
        raise _refuse("R-H3", f"{where}: the penalty is a whole number 0 or more")
    if not _is_int(throw.blocker, 0, SEATS - 1) or throw.blocker == leader:
        raise _refuse("R-H2", f"{where}: the blocker is another seat than the thrower's")


#: rule sets for both readings of the rank cards with no trump suit (R-T7)
_NO_TRUMP_READINGS = tuple(
    STANDARD.with_options(rank_trumps_in_no_trump=flag) for flag in (False, True)
)


def _contexts(position: Position, rules: RuleSet | None) -> list[TrumpContext]:
    """The trump contexts the position may be played under: the rules' own, or, rules
    unknown, every one that reads its effective suits differently (only whether the
    rank cards are trumps with no trump suit depends on the rules, R-T7)."""
    if rules is not None:
        return [trump_context(position.rank, position.trump_suit, rules)]
    if position.trump_suit is not None:
        return [trump_context(position.rank, position.trump_suit)]
    return [trump_context(position.rank, None, both) for both in _NO_TRUMP_READINGS]


def _check_leads(position: Position, rules: RuleSet | None) -> None:
    """Refuse a lead that mixes effective suits (R-C4) and failed throws that are not
    the lead's (R-H1–R-H3)."""
    contexts = _contexts(position, rules)
    leader = position.starter
    leads: list[tuple[str, tuple[int, ...]]] = []
    for number, done in enumerate(position.tricks, start=1):
        where = f"finished trick {number}"
        lead = done.plays[0][1]
        leads.append((where, lead))
        if done.failed_throw is not None:
            _check_throw(done.failed_throw, leader, lead, where)
        leader = done.winner
    if position.trick:
        lead = position.trick[0][1]
        leads.append(("the trick in progress", lead))
        if position.failed_throw is not None:
            _check_throw(position.failed_throw, leader, lead, "the trick in progress")
    for where, lead in leads:
        ones = to_layers(lead)[0]
        if all(suit_of_layers(ctx, ones) < 0 for ctx in contexts):
            raise _refuse("R-C4", f"{where}: a lead that mixes effective suits is no combination")


def check_position(position: Position, rules: RuleSet | None = None) -> None:
    """Raise :class:`PositionError` naming the rule when no game can reach ``position``:
    fields out of type or range, cards that are not the pack (R-D1), tricks out of turn
    (R-P1) or of the wrong size (R-P2), a lead mixing effective suits (R-C4), a failed
    throw that is not the lead's (R-H1–R-H3). The winners of finished tricks are not
    replayed: they are taken as given. Without ``rules``, a lead is refused as mixed
    only when it is mixed under every rule set (with no trump suit, whether the rank
    cards are trumps is a rule, R-T7); :func:`round_state_of` refuses the rest."""
    _check_scalars(position)
    _check_tricks(position)
    _check_cards(position)
    _check_leads(position, rules)


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
    """The state of the round ``position`` describes (the caller has checked it; a lead
    that mixes effective suits under ``rules`` is refused here, R-C4)."""
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
            # a trick whose cards a seat does not see (R-V1), rebuilt from its
            # observation by a search, counts by the points it shows
            trick_points += points_of(cards) if cards else done.points or 0
    trick = list(position.trick)
    trick_layers = [to_layers(cards) for _, cards in trick]
    lead = combo_of_layers(ctx, *trick_layers[0]) if trick_layers else None
    if lead is not None and lead.kind == MIXED:
        raise _refuse("R-C4", "the trick in progress: a lead that mixes effective suits")
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
        hand_sizes=[count_layers(*hand) for hand in position.hands],
        declaration=declarations[-1] if declarations else None,
        declarations=declarations,
        ctx=ctx,
        talon=position.talon,
        talon_flipped=position.talon_flipped,
        to_play=position.to_play,
        lead=lead,
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
