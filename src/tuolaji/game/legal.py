"""Lazy views of the legal actions of one seat, modelled on python-chess's
``Board.legal_moves``.

``game.legal_plays(seat)``, ``game.legal_declarations(seat)`` and
``game.legal_burials(seat)`` return a view, not a list. A view is *live*: it reads the
game each time it is used, so one view follows the game as it moves on. What it reads
of the game is :class:`LiveGame` (the phase, the round, the checks): this module needs
no more of :class:`~tuolaji.game.game.Game`, which builds the views, and so does not
import it back.

- ``cards in view`` is exactly ``game.can_play(seat, cards)`` (``can_declare``,
  ``can_bury``): the same checks, never an error, whatever ``cards`` is;
- iterating yields every distinct legal action once, as a tuple of card kinds in
  ascending order, lazily (a lead can be any of millions of throws, R-H1);
- :meth:`~LegalView.count` (and ``len``) counts them, by combinatorics where the rules
  allow (leads, burials, follows without R-P5's ``follow_tractor_first`` or R-H2's
  must-beat), else by listing;
- ``bool(view)`` says cheaply whether there is any.

>>> from tuolaji.game.game import Game
>>> from tuolaji.game.state import RoundStart
>>> game = Game(seed=3, start=RoundStart(0, 0, 0))
>>> while game.turn().chance:
...     _ = game.draw()
>>> while game.phase is Phase.DECLARE:
...     _ = game.pass_declaring(game.to_act())
>>> burials = game.legal_burials(0)
>>> len(burials) > 10**6, bool(game.legal_burials(1)), len(game.legal_burials(1))
(True, False, 0)
>>> burial = next(iter(burials))
>>> burial in burials, game.can_bury(0, burial)
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol, cast

from tuolaji.core.cards import SEATS, TALON_SIZE, from_layers
from tuolaji.core.declare import declaration_options, earlier_declaration
from tuolaji.core.follow import count_legal_follows, count_multisets, legal_follow_layers, multisets
from tuolaji.core.leads import Leads
from tuolaji.core.rules import RuleSet
from tuolaji.game.state import Phase, RoundState


class LiveGame(Protocol):
    """What a view reads of the game it lists the actions of (``Game`` is one)."""

    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        ...

    @property
    def round(self) -> RoundState:
        """The round being played."""
        ...

    @property
    def rules(self) -> RuleSet:
        """The rules it is played under."""
        ...

    def can_play(self, seat: object, cards: Sequence[int]) -> bool:
        """Whether ``seat`` may play ``cards`` now."""
        ...

    def can_declare(self, seat: object, cards: Sequence[int]) -> bool:
        """Whether ``seat`` may reveal ``cards`` now."""
        ...

    def can_bury(self, seat: object, cards: Sequence[int]) -> bool:
        """Whether ``seat`` may bury ``cards`` now."""
        ...

    def could_declare(self, seat: object) -> bool:
        """Whether some declaration by ``seat`` would stand now."""
        ...


class LegalView:
    """The legal actions of one kind open to ``seat`` in ``game`` (see the module
    docstring). Subclasses say what the actions are."""

    __slots__ = ("_number", "game", "seat")

    #: what the view lists, for its ``repr``
    noun = "actions"

    def __init__(self, game: LiveGame, seat: object) -> None:
        self.game = game
        #: the seat as given: any value, and the view of a value that is not a seat 0–3
        #: (R-N4; ``True`` is not seat 1) is empty
        self.seat = seat
        self._number = seat if type(seat) is int and 0 <= seat < SEATS else -1

    def __contains__(self, cards: object) -> bool:
        raise NotImplementedError

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        raise NotImplementedError

    def count(self) -> int:
        """How many distinct legal actions there are."""
        return sum(1 for _ in self)

    def __len__(self) -> int:
        return self.count()

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of seat {self.seat}: {self.count()} {self.noun}>"


class LegalPlays(LegalView):
    """The leads (:class:`~tuolaji.core.leads.Leads`: singles, pairs, tractors, throws)
    or the follows (:func:`~tuolaji.core.follow.legal_follow_layers`) ``seat`` may play
    now; none when it is not its turn to play (R-P1)."""

    __slots__ = ()
    noun = "plays"

    def _open(self) -> bool:
        game = self.game
        return game.phase is Phase.PLAY and self._number == game.round.to_play

    def __contains__(self, cards: object) -> bool:
        # the check refuses what is not cards (R-N3) by answering False
        return self.game.can_play(self.seat, cast("Sequence[int]", cards))

    def __bool__(self) -> bool:
        # a seat whose turn it is holds cards, and some follow of them is always legal
        return self._open()

    def _leads(self) -> Leads:
        state = self.game.round
        assert state.ctx is not None
        return Leads(state.ctx, state.hands[self._number])

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        if not self._open():
            return
        state = self.game.round
        if state.lead is None:
            yield from self._leads()
            return
        assert state.ctx is not None
        must_beat = self._number == state.blocker
        hand = state.hands[self._number]
        for ones, twos in legal_follow_layers(state.ctx, state.lead, hand, must_beat):
            yield tuple(from_layers(ones, twos))

    def count(self) -> int:
        """How many distinct plays are legal (leads and follows are counted, not listed,
        except where R-P5's ``follow_tractor_first`` or R-H2's must-beat apply)."""
        if not self._open():
            return 0
        state = self.game.round
        if state.lead is None:
            return self._leads().count()
        assert state.ctx is not None
        hand = state.hands[self._number]
        return count_legal_follows(state.ctx, state.lead, hand, self._number == state.blocker)


class LegalDeclarations(LegalView):
    """The declarations ``seat`` may make now that would stand (R-T2–R-T4): a trump-rank
    card or a pair of them, a joker pair; strengthening one's own single is listed both
    as the single again and as the pair."""

    __slots__ = ()
    noun = "declarations"

    def __contains__(self, cards: object) -> bool:
        # the check refuses what is not cards (R-N3) by answering False
        return self.game.can_declare(self.seat, cast("Sequence[int]", cards))

    def __bool__(self) -> bool:
        return self.game.could_declare(self.seat)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        # could_declare holds the phase and turn rules (R-T4); the core lists what would
        # stand from the hand (R-T2, R-T3), the one copy of that rule
        if not self.game.could_declare(self.seat):
            return
        state = self.game.round
        rules = self.game.rules
        seat = self._number
        earlier = earlier_declaration(state.declarations, seat) if rules.reinforce_to_tie else None
        yield from declaration_options(
            state.rank, state.declaration, seat, state.hands[seat], rules, earlier
        )


class LegalBurials(LegalView):
    """The burials the starter may make in the talon exchange: every distinct multiset of
    8 of its 33 cards (R-K1) — over 10 million, so counted and listed lazily."""

    __slots__ = ()
    noun = "burials"

    def _open(self) -> bool:
        game = self.game
        return game.phase is Phase.EXCHANGE and self._number == game.round.starter

    def __contains__(self, cards: object) -> bool:
        # the check refuses what is not cards (R-N3) by answering False
        return self.game.can_bury(self.seat, cast("Sequence[int]", cards))

    def __bool__(self) -> bool:
        return self._open()

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        if not self._open():
            return
        for ones, twos in multisets(*self.game.round.hands[self._number], TALON_SIZE):
            yield tuple(from_layers(ones, twos))

    def count(self) -> int:
        """How many distinct burials there are: counted, not listed."""
        if not self._open():
            return 0
        return count_multisets(*self.game.round.hands[self._number], TALON_SIZE)
