"""A client's side of a per-seat stream: :class:`SeatView` rebuilds what one seat may
know from that seat's events alone.

A server seats a client by sending it the seat's observation (``observe(game, seat)``,
as JSON: :meth:`Observation.to_json <tuolaji.game.observation.Observation.to_json>`) —
the *welcome*: rules, seat, levels, where the game stands — and then, after every
action, the view of each new event for that seat (:func:`tuolaji.game.views.view`, as
JSON: :func:`tuolaji.game.event_json.event_to_json`). The client applies them one by
one; after the events of an action, its observation equals ``observe(game, seat)``
exactly (tests/game/test_streams.py plays many seeded games to show it, for every seat
and the spectator). So a client that receives only its own stream knows exactly what
it may know, and nothing more.

Between two events of one action the observation may be one no game shows: after
:class:`~tuolaji.game.events.RoundEnded` it says the game is over, until the
:class:`~tuolaji.game.events.RoundStarted` that comes with it when the game goes on.

>>> from tuolaji.game.game import Game
>>> from tuolaji.game.observation import observe
>>> from tuolaji.game.views import stream
>>> game = Game(seed=5)
>>> client = SeatView(observe(game, 2))  # the welcome
>>> mark = len(game.events)
>>> for _ in range(8):
...     _ = game.draw()
>>> client.apply_all(stream(game.events[mark:], 2))
>>> client.observation == observe(game, 2), len(client.observation.hand)
(True, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Never, NoReturn

from tuolaji.core.cards import (
    PACK_SIZE,
    SEATS,
    TALON_SIZE,
    Layers,
    add_layers,
    card_list_error,
    contains_layers,
    format_cards,
    next_seat,
    remove_layers,
    to_layers,
)
from tuolaji.core.combos import classify
from tuolaji.core.declare import Declaration, declaration_error, declaration_final
from tuolaji.core.errors import TuolajiError
from tuolaji.core.trump import trump_context
from tuolaji.game.checks import DRAWN_CARDS
from tuolaji.game.events import (
    Buried,
    CardDrawn,
    Declared,
    Event,
    GameOver,
    HiddenBuried,
    HiddenCardDrawn,
    HiddenTalonTaken,
    Passed,
    Played,
    Redealt,
    RoundEnded,
    RoundStarted,
    TakenBack,
    TalonBonus,
    TalonFlipped,
    TalonTaken,
    ThrowFailed,
    TrickWon,
    TrumpSettled,
)
from tuolaji.game.observation import Observation
from tuolaji.game.points import penalty_to_opponents, trick_points_to_opponents
from tuolaji.game.state import CompletedTrick, Phase
from tuolaji.game.views import view
from tuolaji.game.visibility import forgotten, seen_throw

_NO_CARDS: Layers = (0, 0)


class StreamError(TuolajiError, ValueError):
    """An event a seat's observation cannot follow: another seat's view of this seat's
    own cards, a play before the trump is settled, a round's end without its result,
    cards this seat plays or buries that its hand does not hold, an event whose fields
    are not what such an event holds."""


def _resized(sizes: tuple[int, ...], seat: int, change: int) -> tuple[int, ...]:
    """The hand sizes with ``seat``'s changed by ``change`` (never below none)."""
    resized = tuple(size + change if other == seat else size for other, size in enumerate(sizes))
    if resized[seat] < 0:
        raise StreamError(f"seat {seat} holds {sizes[seat]} cards: it cannot give up {-change}")
    return resized


def _check_cards(cards: tuple[int, ...], talon: bool = False) -> None:
    """Refuse what is not card kinds (R-N3), or, for the talon, not 8 of them (R-K1)."""
    error = card_list_error(cards)
    if error is not None:
        raise StreamError(f"R-N3: {error}")
    if talon:
        _check_talon_count(len(cards))


def _check_talon_count(count: int) -> None:
    if type(count) is not int or count != TALON_SIZE:
        raise StreamError(f"R-K1: the talon is {TALON_SIZE} cards, not {count!r}")


def _added(hand: Layers, cards: tuple[int, ...]) -> Layers:
    """This seat's ``hand`` with ``cards`` added, no card more than twice (R-D1)."""
    added = to_layers(cards)
    if hand[1] & added[0] or hand[0] & added[1]:
        raise StreamError(f"R-D1: {format_cards(cards)} would put a third copy of a card in hand")
    return add_layers(hand, added)


def _removed(hand: Layers, cards: tuple[int, ...], what: str) -> Layers:
    """This seat's ``hand`` without ``cards``, which it must hold."""
    taken = to_layers(cards)
    if not contains_layers(hand, taken):
        raise StreamError(f"this seat {what} {format_cards(cards) or 'no cards'}, not in its hand")
    return remove_layers(hand, taken)


def _refuse_hidden_own(obs: Observation, seat: int, what: str) -> None:
    if seat == obs.seat:
        raise StreamError(
            f"seat {seat} is shown {what} of its own hidden: "
            f"this is another seat's stream, not seat {seat}'s"
        )


def next_observation(obs: Observation, event: Event) -> Observation:
    """What ``obs.seat`` knows once ``event`` (a view for that seat, or the event whole)
    has happened, given that it knew ``obs``. ``obs`` is left as it was; an event it
    cannot follow raises :class:`StreamError` (and nothing else). What a seat may not
    see is not taken from a whole event: another seat's drawn card or burial changes
    only hand sizes.

    >>> from tuolaji.game.game import Game
    >>> from tuolaji.game.observation import observe
    >>> from tuolaji.game.events import HiddenCardDrawn
    >>> start = observe(Game(seed=5), 1)
    >>> after = next_observation(start, HiddenCardDrawn(0))
    >>> after.hand_sizes, after.next_drawer, after.cards_left_in_pack
    ((1, 0, 0, 0), 1, 107)
    >>> from tuolaji.game.events import Declared
    >>> next_observation(start, Declared(1, ()))
    Traceback (most recent call last):
    ...
    tuolaji.game.streams.StreamError: R-T2: seat 1 declares no cards: ...
    """
    try:
        return _next_observation(obs, event)
    except StreamError:
        raise
    except (TuolajiError, ValueError, IndexError, TypeError) as error:
        raise _cannot_follow(event, error) from error


def _cannot_follow(event: object, error: Exception) -> StreamError:
    return StreamError(f"the observation cannot follow {event!r}: {error}")


def _not_an_event(event: Never) -> NoReturn:
    """Refuse what is no event (typed like ``assert_never``: the match stays exhaustive)."""
    raise StreamError(f"not an event: {event!r}")


def _next_observation(obs: Observation, event: Event) -> Observation:
    seat = obs.seat
    mover = getattr(event, "seat", 0)
    if type(mover) is not int or not 0 <= mover < SEATS:
        raise StreamError(f"R-N4: a seat is 0-3, not {mover!r}")
    match event:
        case RoundStarted():
            return obs._replace(
                phase=Phase.DRAW,
                round_number=event.number,
                rank=event.rank,
                trump_suit=None,
                trump_settled=False,
                ctx=None,
                declarers=event.declarers,
                starter=event.starter,
                to_act=None,
                next_drawer=event.first_drawer,
                hand_layers=_NO_CARDS,
                hand_sizes=(0,) * SEATS,
                cards_left_in_pack=PACK_SIZE,
                declaration=None,
                declarations=(),
                window_passes=0,
                talon_flipped=(),
                buried=(),
                trick=(),
                lead=None,
                failed_throw=None,
                must_beat=False,
                tricks=(),
                opponents_points=0,
                penalties=0,
            )
        case CardDrawn() | HiddenCardDrawn():
            hand = obs.hand_layers
            if type(event) is CardDrawn:
                _check_cards((event.card,))
            if type(event) is CardDrawn and event.seat == seat:
                hand = _added(hand, (event.card,))
            elif event.seat == seat:
                _refuse_hidden_own(obs, event.seat, "a draw")
            left = obs.cards_left_in_pack - 1
            if left < 0:
                raise StreamError(f"seat {event.seat} draws from an empty pack (R-D2)")
            drawn = obs._replace(
                hand_layers=hand,
                hand_sizes=_resized(obs.hand_sizes, event.seat, 1),
                cards_left_in_pack=left,
                next_drawer=next_seat(event.seat),
            )
            if PACK_SIZE - left < DRAWN_CARDS:
                return drawn
            # the last card drawn: the final declaring window opens at the first drawer,
            # who drew the first of the 100 cards (R-T4)
            first_drawer = (event.seat - (DRAWN_CARDS - 1)) % SEATS
            return drawn._replace(
                phase=Phase.DECLARE, next_drawer=None, to_act=first_drawer, window_passes=0
            )
        case Declared():
            _check_cards(event.cards)
            error = declaration_error(obs.rank, event.cards, obs.rules)
            if error is not None:
                shown = format_cards(event.cards) or "no cards"
                raise StreamError(f"R-T2: seat {event.seat} declares {shown}: {error}")
            if event.seat == seat and not contains_layers(obs.hand_layers, to_layers(event.cards)):
                raise StreamError(
                    f"this seat declares {format_cards(event.cards)}, not in its hand"
                )
            declaration = Declaration(event.seat, event.cards)
            declared = obs._replace(
                declaration=declaration,
                declarations=(*obs.declarations, declaration),
                trump_suit=declaration.suit,
            )
            if obs.phase is Phase.DECLARE and not declaration_final(declaration, obs.rules):
                # in the window a declaration restarts the count of passes (R-T4); a
                # joker pair settles the trump at once (the TrumpSettled that follows)
                return declared._replace(window_passes=0, to_act=next_seat(event.seat))
            return declared
        case Passed():
            return obs._replace(window_passes=obs.window_passes + 1, to_act=next_seat(event.seat))
        case Redealt() | TalonBonus():
            # a redeal is followed by its RoundStarted; a talon bonus is counted in
            # the result the RoundEnded that follows carries
            return obs
        case TalonFlipped():
            return obs._replace(talon_flipped=event.turned)
        case TrumpSettled():
            ctx = trump_context(event.rank, event.suit, obs.rules)
            return obs._replace(
                phase=Phase.EXCHANGE,
                trump_suit=ctx.suit,
                trump_settled=True,
                ctx=ctx,
                declarers=event.declarers,
                starter=event.starter,
                to_act=event.starter,
                next_drawer=None,
                cards_left_in_pack=0,
            )
        case TalonTaken():
            _check_cards(event.cards, talon=True)
            hand = obs.hand_layers
            if event.seat == seat:
                hand = _added(hand, event.cards)
            return obs._replace(
                hand_layers=hand,
                hand_sizes=_resized(obs.hand_sizes, event.seat, len(event.cards)),
            )
        case HiddenTalonTaken():
            _refuse_hidden_own(obs, event.seat, "the talon")
            _check_talon_count(event.count)
            return obs._replace(hand_sizes=_resized(obs.hand_sizes, event.seat, event.count))
        case Buried():
            _check_cards(event.cards, talon=True)
            buried = obs._replace(
                phase=Phase.PLAY,
                to_act=event.seat,
                hand_sizes=_resized(obs.hand_sizes, event.seat, -len(event.cards)),
            )
            if event.seat != seat:
                return buried
            return buried._replace(
                hand_layers=_removed(obs.hand_layers, event.cards, "buries"),
                buried=event.cards,
            )
        case HiddenBuried():
            _refuse_hidden_own(obs, event.seat, "a burial")
            _check_talon_count(event.count)
            return obs._replace(
                phase=Phase.PLAY,
                to_act=event.seat,
                hand_sizes=_resized(obs.hand_sizes, event.seat, -event.count),
            )
        case ThrowFailed():
            penalty = penalty_to_opponents(event.seat, obs.declarers, event.penalty)
            return obs._replace(
                # a whole event is seen as this seat may see it (R-V2)
                failed_throw=seen_throw(event, seat),
                penalties=obs.penalties + penalty,
                opponents_points=obs.opponents_points + penalty,
                must_beat=obs.rules.failed_throw_must_beat
                and seat is not None
                and event.blocker == seat,
            )
        case Played():
            return _played(obs, event)
        case TrickWon():
            if len(obs.trick) != SEATS:
                raise StreamError(
                    f"trick {event.number} is won after {len(obs.trick)} plays, not 4"
                )
            # the points not told are the declarers' (R-V3): none go to the opponents
            points = None if event.points_hidden else event.points
            trick = CompletedTrick(event.number, obs.trick, event.seat, points, obs.failed_throw)
            gained = trick_points_to_opponents(event.seat, obs.declarers, points or 0)
            tricks = obs.tricks
            if tricks and obs.rules.hidden_history:
                # the last trick is one trick older now: its cards are gone (R-V1)
                tricks = (*tricks[:-1], forgotten(tricks[-1]))
            return obs._replace(
                tricks=(*tricks, trick),
                opponents_points=obs.opponents_points + gained,
                trick=(),
                lead=None,
                failed_throw=None,
                must_beat=False,
                to_act=event.seat,
            )
        case RoundEnded():
            if event.result is None:
                raise StreamError(f"round {event.number} ended without its result")
            # over, unless the next round's RoundStarted follows (see the module's note)
            return obs._replace(
                levels=event.levels,
                last_round=event.result,
                phase=Phase.OVER,
                to_act=None,
                buried=(),
            )
        case GameOver():
            return obs._replace(
                winner=event.winner, levels=event.levels, phase=Phase.OVER, to_act=None
            )
        case TakenBack():
            # the observation before the action is needed: SeatView keeps it (R-U1)
            raise StreamError(
                "R-U1: a takeback goes back to the observation before the action taken "
                "back, which only a SeatView that followed the action keeps"
            )
        case _:
            _not_an_event(event)


def _played(obs: Observation, event: Played) -> Observation:
    """A play: the trick grows, the lead is read from its first play (R-C1–R-C4)."""
    ctx = obs.ctx
    if ctx is None:
        raise StreamError(f"seat {event.seat} plays before the trump is settled")
    _check_cards(event.cards)
    if not event.cards:
        raise StreamError(f"seat {event.seat} plays no cards (R-P2)")
    lead = obs.lead if obs.trick else classify(ctx, event.cards)
    hand = obs.hand_layers
    if event.seat == obs.seat:
        hand = _removed(hand, event.cards, "plays")
    return obs._replace(
        hand_layers=hand,
        hand_sizes=_resized(obs.hand_sizes, event.seat, -len(event.cards)),
        trick=(*obs.trick, (event.seat, event.cards)),
        lead=lead,
        to_act=next_seat(event.seat),
    )


#: the events after which nothing before can be taken back (R-U1): a card drawn, the
#: trump settled, a deal gathered, a round ended or begun
_FORGETTING = (CardDrawn, HiddenCardDrawn, TrumpSettled, Redealt, RoundEnded, RoundStarted)


def _starts_action(event: Event, last: Event | None) -> bool:
    """Whether ``event`` is the first of a declaration, pass, burial or play (a failed
    throw's play comes after its ``ThrowFailed``, in the same action)."""
    kind = type(event)
    if kind is Played:
        return type(last) is not ThrowFailed
    return kind in (Declared, Passed, Buried, HiddenBuried, ThrowFailed)


class SeatView:
    """What one seat knows, kept up to date from that seat's stream: start it from the
    welcome (the seat's observation when it joins) and :meth:`apply` each event of the
    seat's stream. ``observation`` is what the seat knows now.

    >>> from tuolaji.game.game import Game
    >>> from tuolaji.game.observation import observe
    >>> game = Game(seed=5)
    >>> spectator = SeatView(observe(game, None))
    >>> spectator.apply_all(game.draw())  # a whole event is viewed first
    >>> spectator.observation.hand_sizes
    (1, 0, 0, 0)
    """

    __slots__ = ("_before", "_last", "observation", "seat")

    def __init__(self, welcome: Observation) -> None:
        self.seat = welcome.seat
        self.observation = welcome
        # R-U1, takebacks: the observation before each action that may still be taken
        # back, as the game keeps the round before it (None: the table has none)
        self._before: list[Observation] | None = [] if welcome.rules.takebacks else None
        self._last: Event | None = None

    def apply(self, event: Event) -> None:
        """Follow ``event``, first viewed for this seat (so a whole event may be given:
        what the seat may not see of it is dropped). An event the observation cannot
        follow raises :class:`StreamError` and changes nothing."""
        try:
            seen = view(event, self.seat)
        except (TuolajiError, ValueError, IndexError, TypeError) as error:
            raise _cannot_follow(event, error) from error
        before = self._before
        if before is None:
            self.observation = next_observation(self.observation, seen)
            return
        if type(seen) is TakenBack:
            if not before:
                raise StreamError(
                    f"R-U1: seat {seen.seat} takes back an action this view did not follow"
                )
            self.observation = before.pop()
            self._last = seen
            return
        observation = next_observation(self.observation, seen)
        if _starts_action(seen, self._last):
            before.append(self.observation)
        elif type(seen) in _FORGETTING:
            before.clear()
        self.observation, self._last = observation, seen

    def apply_all(self, events: Iterable[Event]) -> None:
        """Follow ``events`` in order (each as :meth:`apply` does)."""
        for event in events:
            self.apply(event)
