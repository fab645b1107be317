"""The state machine of a whole game of Tractor: deal and declare, the talon exchange,
25 tricks, settlement, and rounds until a team passes A (docs/rules.md §2–§10).

Every action comes as a triple: ``check_…`` raises :class:`IllegalAction` naming the
rule, ``can_…`` answers with a bool, and the action itself returns the events it caused.
A refused action changes nothing: every check runs before any state is touched. Bad
values (a seat that is not 0–3, cards that are not card kinds, ``Draw(0)``) are refused
the same way, naming R-N4, R-N3 or R-D2; ``can_…`` answers False to them and never
raises.

Who acts is :meth:`Game.turn` (:mod:`tuolaji.game.turn`): the seats that may act and
with which :class:`~tuolaji.game.turn.ActionKind`, and whether the game waits for chance
— the next card, which :meth:`Game.draw` deals and a driver draws itself. What a seat
may do is listed by lazy views (:mod:`tuolaji.game.legal`): :meth:`Game.legal_plays`,
:meth:`Game.legal_declarations`, :meth:`Game.legal_burials`. A game can also start from
a position in the play phase (:meth:`Game.from_position`) and be copied for playouts
(:meth:`Game.copy`).

The game is the one owner of its state and says what may happen when; the work of each
step lives beside it: the checks (:mod:`tuolaji.game.checks`), who acts
(:mod:`tuolaji.game.turn`), the packs (:mod:`tuolaji.game.packs`), the deal's steps
(:mod:`tuolaji.game.dealing`), the play's (:mod:`tuolaji.game.playing`) and the round's
settlement (:mod:`tuolaji.game.settlement`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from tuolaji.core.cards import SEATS, Layers, from_layers, next_seat, remove_layers, team_of
from tuolaji.core.combos import Combo
from tuolaji.core.declare import Declaration, declaration_final
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.core.trump import TrumpContext
from tuolaji.game.action_log import ActionLog
from tuolaji.game.actions import Action, Bury, Declare, Draw, Pass, Play, Takeback
from tuolaji.game.checks import (
    DRAWN_CARDS,
    check_draw,
    check_pass,
    checked_bury,
    checked_play,
    declaration_after,
    seat_number,
)
from tuolaji.game.dealing import chance_seat, draw_card, settle_trump
from tuolaji.game.events import (
    Buried,
    Declared,
    Event,
    GameOver,
    Passed,
    Redealt,
    RoundStarted,
    TakenBack,
)
from tuolaji.game.legal import LegalBurials, LegalDeclarations, LegalPlays
from tuolaji.game.packs import Dealer
from tuolaji.game.playing import lay_cards
from tuolaji.game.position import Position, check_position, position_of_round, round_state_of
from tuolaji.game.results import RoundResult
from tuolaji.game.settlement import settle_round
from tuolaji.game.state import Phase, RoundStart, RoundState
from tuolaji.game.takebacks import Takebacks, takebacks_off
from tuolaji.game.turn import ActionKind, Turn, could_declare, seats_that_could_declare, turn_of

ACE: Final = 12


class Game:
    """A game of Tractor from the first deal to the end (R-S5).

    ``seed`` drives every shuffle. ``decks`` (for tests and puzzles) are pack orders used
    for the first deals before the seeded shuffle takes over.
    """

    def __init__(
        self,
        rules: RuleSet = STANDARD,
        seed: int = 0,
        decks: Iterable[Sequence[int]] = (),
        start: RoundStart | None = None,
        round_limit: int | None = None,
        *,
        _dealt: bool = True,
    ) -> None:
        self._setup(rules, seed, decks, start, round_limit)
        if not _dealt:
            # from_position and copy set the round themselves: no shuffle is spent
            return
        if start is None:
            self.round = self._deal(1, 0, None, None, 0)
        else:
            # A deal set up as a later round: declarers and starter are given and
            # declarations only choose the suit (R-T5), as tournaments need.
            self.round = self._deal(1, start.rank, start.declarers, start.starter, start.starter)

    def _setup(
        self,
        rules: RuleSet,
        seed: int,
        decks: Iterable[Sequence[int]],
        start: RoundStart | None,
        round_limit: int | None,
    ) -> None:
        """Everything but the round: the fields every way of making a game sets."""
        self.rules = rules
        self.seed = seed
        self.start = start
        self.round_limit = round_limit
        #: the packs of the deals: the stacked ``decks`` first, then seeded shuffles
        self.dealer = Dealer(seed, decks)
        self.levels = [0, 0] if start is None else [start.rank, start.rank]
        #: each team's rounds lost as declarers on A, for ``ace_attempts`` (R-S5)
        self.ace_failures = [0, 0]
        self.phase = Phase.DRAW
        self.winner: int | None = None
        self.events: list[Event] = []
        self._log = ActionLog()
        self.results: list[RoundResult] = []
        # R-U1: the rounds before the actions that may be taken back; None (nothing
        # kept, nothing paid) unless the table allows takebacks
        self._takebacks: Takebacks | None = Takebacks() if rules.takebacks else None

    @classmethod
    def from_position(
        cls,
        position: Position,
        rules: RuleSet = STANDARD,
        *,
        seed: int = 0,
        round_limit: int | None = 1,
        check: bool = True,
    ) -> Game:
        """A game whose round stands at ``position`` (:mod:`tuolaji.game.position`: a
        round in its play phase, every card placed), under ``rules``. The round is built
        directly — nothing is dealt or shuffled — and has no events or actions before
        it. By default the game ends with this round; with ``round_limit`` None or
        larger, later rounds are dealt from ``seed``. A position no game can reach is
        refused with :class:`~tuolaji.game.position.PositionError` naming the rule.

        ``check=False`` skips that check, for a position that is right by construction:
        a search's playouts rebuild a game from an observation and a guess made from it
        thousands of times a decision. A wrong position then makes a wrong game.

        A position holds no count of the rounds a team has lost on A (``ace_attempts``,
        R-S5): the game built from one counts from none."""
        if check:
            check_position(position, rules)
        start = RoundStart(position.rank, position.declarers, position.starter)
        game = cls(rules, seed, (), start, round_limit, _dealt=False)
        if position.levels is not None:
            game.levels = list(position.levels)
        game.round = round_state_of(position, rules)
        game.phase = Phase.PLAY
        return game

    def position(self) -> Position:
        """The position of the round being played, for :meth:`from_position`
        (:class:`~tuolaji.game.position.PositionError` outside the play phase)."""
        return position_of_round(self.phase, self.round, self.levels)

    def copy(self) -> Game:
        """An independent copy to play on (search playouts): what an action changes is
        copied (the round's lists and hands, the events, actions and results lists, the
        dealer: the shuffles' random state, the stacked decks to come); what never
        changes (rules, cards as tuples, frozen events) is shared."""
        # Field by field rather than through __dict__, which the compiled build's
        # classes do not have (docs/architecture.md, "Two builds").
        twin = Game(self.rules, self.seed, (), self.start, self.round_limit, _dealt=False)
        twin.dealer = self.dealer.copy()
        twin.levels = list(self.levels)
        twin.ace_failures = list(self.ace_failures)
        twin.phase = self.phase
        twin.winner = self.winner
        twin.events = list(self.events)
        twin._log = self._log.copy()
        twin.results = list(self.results)
        twin.round = self.round.copy()
        if self._takebacks is not None:
            twin._takebacks = self._takebacks.copy()
        return twin

    # ----------------------------------------------------------------- the deal

    def _deal(
        self, number: int, rank: int, declarers: int | None, starter: int | None, first: int
    ) -> RoundState:
        self.phase = Phase.DRAW
        state = RoundState(number, rank, declarers, starter, first, self.dealer.next_pack())
        self.events.append(RoundStarted(number, rank, declarers, starter, first))
        return state

    @property
    def packs(self) -> list[tuple[int, ...]]:
        """The pack of every deal so far, redeals included, in deal order (records store
        them: docs/records.md)."""
        return self.dealer.packs

    @property
    def ctx(self) -> TrumpContext | None:
        """The trump context, once the round's trump is settled."""
        return self.round.ctx

    def hand(self, seat: object) -> list[int]:
        """The cards ``seat`` holds (hidden information: interfaces use ``observe``)."""
        return from_layers(*self.round.hands[seat_number(seat)])

    def turn(self) -> Turn:
        """Who may act now and with which kinds of action, and whether the game waits
        for chance (the next card: :meth:`draw`). See :class:`~tuolaji.game.turn.Turn`."""
        return turn_of(self.phase, self.round, self.rules)

    def to_act(self) -> int | None:
        """The seat whose decision the game waits for; None while cards are drawn (anyone
        may declare then) and when the game is over (``turn().seat``)."""
        if self.phase is Phase.PLAY:
            # the common case, about 100 decisions a round: the seat to play is awaited
            # (what the turn says too, without building its kinds)
            return self.round.to_play
        return turn_of(self.phase, self.round, self.rules).seat

    def open_actions(self, seat: object) -> frozenset[ActionKind]:
        """The kinds of action ``seat`` may take now, and :data:`ActionKind.DRAW
        <tuolaji.game.turn.ActionKind.DRAW>` (no seat's, R-D2) while cards are drawn.
        The kinds are string enums: ``"declare" in game.open_actions(0)`` works."""
        turn = turn_of(self.phase, self.round, self.rules)
        kinds = turn.kinds(seat)
        return kinds | {ActionKind.DRAW} if turn.chance else kinds

    def could_declare(self, seat: object) -> bool:
        """Whether some declaration by ``seat`` would stand now (R-T2–R-T4): cheap bit
        tests, for a driver deciding whether a seat is worth asking."""
        return could_declare(self.phase, self.round, seat, self.rules)

    def seats_that_could_declare(self) -> tuple[int, ...]:
        """During the deal, the seats for which ``could_declare`` holds (in seat order)."""
        return seats_that_could_declare(self.phase, self.round, self.rules)

    def legal_plays(self, seat: object) -> LegalPlays:
        """The plays ``seat`` may make now: a lazy view (:mod:`tuolaji.game.legal`) whose
        ``in`` is :meth:`can_play`."""
        return LegalPlays(self, seat)

    def legal_declarations(self, seat: object) -> LegalDeclarations:
        """The declarations ``seat`` may make now: a view whose ``in`` is
        :meth:`can_declare`."""
        return LegalDeclarations(self, seat)

    def legal_burials(self, seat: object) -> LegalBurials:
        """The burials ``seat`` may make now: a lazy view whose ``in`` is
        :meth:`can_bury`."""
        return LegalBurials(self, seat)

    def next_drawer(self) -> int | None:
        """The seat that draws the next card, during the draw."""
        if self.phase is not Phase.DRAW:
            return None
        return (self.round.first_drawer + self.round.drawn) % SEATS

    # --------------------------------------------------------------------- draw

    def check_draw(self, count: object = 1) -> None:
        """Refuse drawing ``count`` cards outside the draw phase, or more than are left
        to draw before the final window (R-D2)."""
        check_draw(self.phase, self.round, count)

    def can_draw(self, count: object = 1) -> bool:
        """Whether ``count`` cards can be drawn now."""
        try:
            self.check_draw(count)
        except IllegalAction:
            return False
        return True

    def draw(self) -> list[Event]:
        """The next seat draws the next card (R-D2); after the last one the final
        declaring window opens (R-T4). This is the game's only chance step: it belongs to
        no seat, and a driver takes it whenever ``turn().chance`` is True."""
        self.check_draw()
        mark = len(self.events)
        state = self.round
        self.events.append(draw_card(state))
        self._log.draw()
        if self._takebacks is not None:
            self._takebacks.drawn()
        if state.drawn == DRAWN_CARDS:
            state.talon = tuple(state.deck[DRAWN_CARDS:])
            declaration = state.declaration
            if declaration is not None and declaration_final(declaration, self.rules):
                self._settle_trump()
            else:
                self.phase = Phase.DECLARE
                state.window_seat = state.first_drawer
                state.window_passes = 0
        return self.events[mark:]

    @property
    def actions(self) -> list[Action]:
        """Every action so far (a new list), consecutive draws merged into one
        ``Draw(count)``."""
        return self._log.actions()

    @property
    def action_count(self) -> int:
        """``len(game.actions)``, without building the list."""
        return self._log.count()

    @property
    def last_action(self) -> Action | None:
        """``game.actions[-1]`` (None before the first action), without building the list."""
        return self._log.last()

    # ------------------------------------------------------------------ declare

    def check_declare(self, seat: object, cards: Sequence[int]) -> None:
        """Refuse a declaration the rules forbid (R-T2–R-T4)."""
        self._declaration_after(seat_number(seat), cards)

    def _declaration_after(self, seat: int, cards: Sequence[int]) -> Declaration:
        return declaration_after(self.phase, self.round, seat, cards, self.rules)

    def can_declare(self, seat: object, cards: Sequence[int]) -> bool:
        """Whether ``seat`` may reveal ``cards`` now."""
        try:
            self._declaration_after(seat_number(seat), cards)
        except IllegalAction:
            return False
        return True

    def declare(self, seat: object, cards: Sequence[int]) -> list[Event]:
        """``seat`` reveals ``cards``; they stand as the trump declaration (R-T2, R-T3)."""
        return self._declare(seat_number(seat), cards)

    def _declare(self, seat: int, cards: Sequence[int]) -> list[Event]:
        outcome = self._declaration_after(seat, cards)
        mark = len(self.events)
        state = self.round
        phase = self.phase
        takebacks = self._takebacks
        if takebacks is not None:
            takebacks.keep(seat, "declare", state, phase)
        state.declaration = outcome
        state.declarations += (outcome,)
        self.events.append(Declared(seat, outcome.cards))
        self._log.add(Declare(seat, tuple(cards)))
        if self.phase is Phase.DECLARE:
            if declaration_final(outcome, self.rules):
                self._settle_trump()
            else:
                state.window_passes = 0
                state.window_seat = next_seat(seat)
        if takebacks is not None:
            takebacks.acted(seat, final=self.round is not state or self.phase is not phase)
        return self.events[mark:]

    def check_pass(self, seat: object) -> None:
        """Refuse a pass out of turn or outside the final window (R-T4)."""
        check_pass(self.phase, self.round, seat_number(seat))

    def can_pass(self, seat: object) -> bool:
        """Whether ``seat`` may pass now."""
        return self.phase is Phase.DECLARE and type(seat) is int and seat == self.round.window_seat

    def pass_declaring(self, seat: object) -> list[Event]:
        """``seat`` passes; four passes in a row close the window (R-T4)."""
        return self._pass(seat_number(seat))

    def _pass(self, seat: int) -> list[Event]:
        self.check_pass(seat)
        mark = len(self.events)
        state = self.round
        takebacks = self._takebacks
        if takebacks is not None:
            takebacks.keep(seat, "pass", state, self.phase)
        self.events.append(Passed(seat))
        self._log.add(Pass(seat))
        state.window_passes += 1
        state.window_seat = next_seat(seat)
        if state.window_passes == SEATS:
            self._settle_trump()
        if takebacks is not None:
            takebacks.acted(seat, final=state.window_passes == SEATS)
        return self.events[mark:]

    def _settle_trump(self) -> None:
        state = self.round
        if state.declaration is None and state.declarers is None:
            starter = self.rules.first_round_starter
            if starter == "redeal":
                # R-T6: nobody declared in round 1 — gather, reshuffle, deal again.
                self.events.append(Redealt(state.number))
                self.round = self._deal(state.number, state.rank, None, None, 0)
                return
            # R-T6, first_round_starter: a seat starts, its team declares, and the talon
            # is turned for the trump suit as in a later round
            seat = chance_seat(state.deck) if starter == "random" else int(starter)
            state.starter, state.declarers = seat, team_of(seat)
        settle_trump(state, self.rules, self.events)
        self.phase = Phase.EXCHANGE

    # ------------------------------------------------------------------- bury

    def check_bury(self, seat: object, cards: Sequence[int]) -> None:
        """Refuse a burial that is not 8 of the starter's cards in the exchange (R-K1)."""
        self._checked_bury(seat_number(seat), cards)

    def _checked_bury(self, seat: int, cards: Sequence[int]) -> Layers:
        return checked_bury(self.phase, self.round, seat, cards)

    def can_bury(self, seat: object, cards: Sequence[int]) -> bool:
        """Whether ``seat`` may bury ``cards`` now."""
        try:
            self._checked_bury(seat_number(seat), cards)
        except IllegalAction:
            return False
        return True

    def bury(self, seat: object, cards: Sequence[int]) -> list[Event]:
        """The starter lays 8 cards face down; the starter then leads (R-K1, R-P1)."""
        return self._bury(seat_number(seat), cards)

    def _bury(self, seat: int, cards: Sequence[int]) -> list[Event]:
        layers = self._checked_bury(seat, cards)
        mark = len(self.events)
        state = self.round
        takebacks = self._takebacks
        if takebacks is not None:
            takebacks.keep(seat, "bury", state, self.phase)
        state.hands[seat] = remove_layers(state.hands[seat], layers)
        state.hand_sizes[seat] -= len(cards)
        state.talon = tuple(sorted(cards))
        state.to_play = seat
        self.phase = Phase.PLAY
        self.events.append(Buried(seat, state.talon))
        self._log.add(Bury(seat, tuple(cards)))
        if takebacks is not None:
            takebacks.acted(seat, final=False)
        return self.events[mark:]

    # -------------------------------------------------------------------- play

    def check_play(self, seat: object, cards: Sequence[int]) -> None:
        """Refuse a lead or follow the rules forbid (R-P1–R-P7, R-C4, R-H2)."""
        self._checked_play(seat_number(seat), cards)

    def _checked_play(self, seat: int, cards: Sequence[int]) -> tuple[Layers, Combo | None]:
        return checked_play(self.phase, self.round, seat, cards)

    def can_play(self, seat: object, cards: Sequence[int]) -> bool:
        """Whether ``seat`` may play ``cards`` now."""
        try:
            self._checked_play(seat_number(seat), cards)
        except IllegalAction:
            return False
        return True

    def play(self, seat: object, cards: Sequence[int]) -> list[Event]:
        """``seat`` leads or follows with ``cards``. A beatable throw is taken back and
        its forced part led instead (R-H2, R-H3); the fourth play ends the trick."""
        return self._play(seat_number(seat), cards)

    def _play(self, seat: int, cards: Sequence[int]) -> list[Event]:
        play, lead = self._checked_play(seat, cards)
        mark = len(self.events)
        takebacks = self._takebacks
        if takebacks is not None:
            takebacks.keep(seat, "play", self.round, self.phase)
        self._log.play(seat, tuple(cards))
        ended = lay_cards(self.round, self.rules, seat, cards, play, lead, self.events)
        if ended:
            self._end_round()
        if takebacks is not None:
            takebacks.acted(seat, final=ended, ended=ended)
        return self.events[mark:]

    # --------------------------------------------------------------- takeback

    def check_takeback(self, seat: object) -> None:
        """Refuse a takeback (R-U1): the table's rules have ``takebacks`` off, or the
        last action is not ``seat``'s, or someone acted after it, or it settled the
        trump or ended the round, or ``seat`` has done nothing to take back."""
        number = seat_number(seat)
        if self._takebacks is None:
            raise takebacks_off()
        self._takebacks.check(number)

    def can_takeback(self, seat: object) -> bool:
        """Whether ``seat`` may take back its last action now (R-U1)."""
        if self._takebacks is None or type(seat) is not int:
            return False
        try:
            self.check_takeback(seat)
        except IllegalAction:
            return False
        return True

    def takeback(self, seat: object) -> list[Event]:
        """``seat`` takes back its last action (R-U1): the game stands again exactly
        where it stood before it, and a :class:`~tuolaji.game.events.TakenBack` says so
        (the events and actions of the game keep both the action and its takeback)."""
        number = seat_number(seat)
        if self._takebacks is None:
            raise takebacks_off()
        self._takebacks.check(number)
        kept = self._takebacks.take_back()
        # a copy: the kept round may be shared with copies of this game
        self.round = kept.state.copy()
        self.phase = kept.phase
        event = TakenBack(number, kept.kind)
        self.events.append(event)
        self._log.add(Takeback(number))
        return [event]

    # -------------------------------------------------------------- settlement

    def _end_round(self) -> None:
        state = self.round
        last = state.tricks[-1]
        settled = settle_round(
            state, last.winner, last.plays[0][1], self.rules, (self.levels[0], self.levels[1])
        )
        if settled.bonus is not None:
            self.events.append(settled.bonus)
        result = settled.result
        next_declarers, next_starter = settled.next_declarers, settled.next_starter
        self.levels[next_declarers] += result.levels_gained
        if self.rules.ace_attempts and not result.declarers_hold:
            self._lost_on(result.declarers)
        self.results.append(result)
        levels = (self.levels[0], self.levels[1])
        self.events.append(settled.ended(levels))
        if self.levels[next_declarers] > ACE:
            # R-S5: the game ends as soon as a team's level passes A.
            self.winner = next_declarers
            self.phase = Phase.OVER
            self.events.append(GameOver(next_declarers, levels))
            return
        if self.round_limit is not None and len(self.results) >= self.round_limit:
            self.phase = Phase.OVER  # the rounds asked for are played; nobody has won
            return
        self.round = self._deal(
            state.number + 1,
            self.levels[next_declarers],
            next_declarers,
            next_starter,
            next_starter,
        )

    def _lost_on(self, team: int) -> None:
        """R-S5, ``ace_attempts``: ``team`` declared and lost; on A, one more failure
        there, and the last one allowed sends it back to 2 (its count starts again)."""
        if self.levels[team] != ACE:
            return
        self.ace_failures[team] += 1
        if self.ace_failures[team] >= self.rules.ace_attempts:
            self.levels[team] = 0
            self.ace_failures[team] = 0

    # ------------------------------------------------------------------ generic

    def apply(self, action: Action) -> list[Event]:
        """Carry out any action value (used by replay and by players). ``Draw(n)`` is
        checked whole before the first card is drawn, so a refused one draws nothing."""
        # The fields are read untyped: the compiled build would convert a field typed
        # int or tuple on the way (True into seat 1, a str into TypeError), and a bad
        # value must reach the checks, which refuse it naming the rule (R-N3, R-N4, R-D2).
        fields: Any = action
        if isinstance(action, Draw):
            count = fields.count
            self.check_draw(count)
            events: list[Event] = []
            for _ in range(count):
                events += self.draw()
            return events
        if isinstance(action, Declare):
            return self.declare(fields.seat, fields.cards)
        if isinstance(action, Pass):
            return self.pass_declaring(fields.seat)
        if isinstance(action, Bury):
            return self.bury(fields.seat, fields.cards)
        if isinstance(action, Play):
            return self.play(fields.seat, fields.cards)
        if isinstance(action, Takeback):
            return self.takeback(fields.seat)
        raise TypeError(f"not an action: {action!r}")

    def card_locations(self) -> dict[str, list[int]]:
        """Where all 108 cards are now, by place (for conservation checks)."""
        return self.round.card_locations(self.phase)
