"""The state machine of a whole game of Tractor: deal and declare, the talon exchange,
25 tricks, settlement, and rounds until a team passes A (RULES.md §2–§10).

Every action comes as a triple: ``check_…`` raises :class:`IllegalAction` naming the
rule, ``can_…`` answers with a bool, and the action itself returns the events it caused.
A refused action changes nothing: every check runs before any state is touched.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace

from tuolaji.core.cards import (
    HAND_SIZE,
    SEATS,
    Layers,
    NotationError,
    add_layers,
    contains_layers,
    format_cards,
    from_layers,
    full_pack,
    next_seat,
    points_of,
    remove_layers,
    team_of,
    to_layers,
)
from tuolaji.core.combos import MIXED, THROW, Combo, combo_of_layers
from tuolaji.core.declare import (
    JOKER_PAIR_DECLARATION,
    Declaration,
    declare_outcome,
    flip_talon,
)
from tuolaji.core.errors import IllegalAction
from tuolaji.core.follow import follow_error
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.core.throws import judge_throw
from tuolaji.core.tricks import winner_of
from tuolaji.core.trump import TrumpContext, trump_context
from tuolaji.game.actions import Action, Bury, Declare, Draw, Pass, Play
from tuolaji.game.events import (
    Buried,
    CardDrawn,
    Declared,
    Event,
    GameOver,
    Passed,
    Played,
    Redealt,
    RoundEnded,
    RoundStarted,
    TalonFlipped,
    ThrowFailed,
    TrickWon,
    TrumpSettled,
)
from tuolaji.game.settlement import settle_round
from tuolaji.game.state import CompletedTrick, Phase, RoundResult, RoundStart, RoundState

DRAWN_CARDS = HAND_SIZE * SEATS
ACE = 12


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
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.start = start
        self.round_limit = round_limit
        self._rng = random.Random(seed)
        self._decks = iter(decks)
        self.levels = [0, 0] if start is None else [start.rank, start.rank]
        self.phase = Phase.DRAW
        self.winner: int | None = None
        self.events: list[Event] = []
        self._actions: list[Action] = []
        # Draws since the last other action, recorded as one Draw(count) when read.
        self._pending_draws = 0
        self.results: list[RoundResult] = []
        self._redacted: RoundResult | None = None
        self.stacked_decks: list[tuple[int, ...]] = []
        if start is None:
            self.round = self._deal(1, 0, None, None, 0)
        else:
            # A deal set up as a later round: declarers and starter are given and
            # declarations only choose the suit (R-T5), as tournaments need.
            self.round = self._deal(1, start.rank, start.declarers, start.starter, start.starter)

    # ----------------------------------------------------------------- the deal

    def _shuffled_pack(self) -> list[int]:
        stacked = next(self._decks, None)
        if stacked is None:
            pack = full_pack()
            self._rng.shuffle(pack)
            return pack
        if sorted(stacked) != full_pack():
            raise ValueError("a stacked deck must hold the 108 cards of the pack (R-D1)")
        self.stacked_decks.append(tuple(stacked))
        return list(stacked)

    def _deal(
        self, number: int, rank: int, declarers: int | None, starter: int | None, first: int
    ) -> RoundState:
        self.phase = Phase.DRAW
        state = RoundState(number, rank, declarers, starter, first, self._shuffled_pack())
        self.events.append(RoundStarted(number, rank, declarers, starter, first))
        return state

    @property
    def ctx(self) -> TrumpContext | None:
        """The trump context, once the round's trump is settled."""
        return self.round.ctx

    def hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds (hidden information: interfaces use ``observe``)."""
        return from_layers(*self.round.hands[seat])

    def to_act(self) -> int | None:
        """The seat whose decision the game waits for; None while cards are drawn (anyone
        may declare then) and when the game is over."""
        phase = self.phase
        if phase is Phase.PLAY:
            return self.round.to_play
        if phase is Phase.DECLARE:
            return self.round.window_seat
        if phase is Phase.EXCHANGE:
            return self.round.starter
        return None

    def open_actions(self, seat: int) -> frozenset[str]:
        """The kinds of action ``seat`` may take now: ``declare``, ``pass``, ``bury``,
        ``play`` (and ``draw``, which belongs to no seat, while cards are drawn)."""
        phase = self.phase
        if phase is Phase.DRAW:
            standing = self.round.declaration
            if standing is not None and standing.strength == JOKER_PAIR_DECLARATION:
                return frozenset({"draw"})  # R-T3: nothing overrides a joker pair
            return frozenset({"draw", "declare"})
        if phase is Phase.DECLARE:
            return frozenset({"declare", "pass"}) if seat == self.round.window_seat else frozenset()
        if phase is Phase.EXCHANGE:
            return frozenset({"bury"}) if seat == self.round.starter else frozenset()
        if phase is Phase.PLAY and seat == self.round.to_play:
            return frozenset({"play"})
        return frozenset()

    def next_drawer(self) -> int | None:
        """The seat that draws the next card, during the draw."""
        if self.phase is not Phase.DRAW:
            return None
        return (self.round.first_drawer + self.round.drawn) % SEATS

    # --------------------------------------------------------------------- draw

    def check_draw(self) -> None:
        """Refuse a draw outside the draw phase (R-D2)."""
        if self.phase is not Phase.DRAW:
            raise IllegalAction("R-D2", f"no card is drawn in the {self.phase.value} phase")

    def can_draw(self) -> bool:
        """Whether a card can be drawn now."""
        return self.phase is Phase.DRAW

    def draw(self) -> list[Event]:
        """The next seat draws the next card (R-D2); after the last one the final
        declaring window opens (R-T4)."""
        self.check_draw()
        mark = len(self.events)
        state = self.round
        seat = (state.first_drawer + state.drawn) % SEATS
        card = state.deck[state.drawn]
        state.drawn += 1
        # add_layers(hand, (bit, 0)) written out: a round draws 100 cards
        ones, twos = state.hands[seat]
        bit = 1 << card
        state.hands[seat] = (ones | bit, twos | (ones & bit))
        self.events.append(CardDrawn(seat, card))
        self._pending_draws += 1
        if state.drawn == DRAWN_CARDS:
            state.talon = tuple(state.deck[DRAWN_CARDS:])
            declaration = state.declaration
            if declaration is not None and declaration.strength == JOKER_PAIR_DECLARATION:
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
        if self._pending_draws:
            return [*self._actions, Draw(self._pending_draws)]
        return list(self._actions)

    def _flush_draws(self) -> None:
        if self._pending_draws:
            self._actions.append(Draw(self._pending_draws))
            self._pending_draws = 0

    def _record(self, action: Action) -> None:
        self._flush_draws()
        self._actions.append(action)

    # ------------------------------------------------------------------ declare

    def check_declare(self, seat: int, cards: Sequence[int]) -> None:
        """Refuse a declaration the rules forbid (R-T2–R-T4)."""
        self._declaration_after(seat, cards)

    def _declaration_after(self, seat: int, cards: Sequence[int]) -> Declaration:
        state = self.round
        if self.phase is Phase.DECLARE:
            if seat != state.window_seat:
                raise IllegalAction(
                    "R-T4", f"in the final window it is seat {state.window_seat}'s turn to declare"
                )
        elif self.phase is not Phase.DRAW:
            raise IllegalAction("R-T4", "the declaring is over: the trump is settled")
        _check_seat(seat)
        outcome = declare_outcome(state.rank, state.declaration, seat, cards)
        # a declaration is at most two identical cards, so its layers always exist
        if not contains_layers(state.hands[seat], to_layers(outcome.cards)):
            raise IllegalAction("R-T2", f"seat {seat} does not hold {format_cards(outcome.cards)}")
        return outcome

    def can_declare(self, seat: int, cards: Sequence[int]) -> bool:
        """Whether ``seat`` may reveal ``cards`` now."""
        try:
            self._declaration_after(seat, cards)
        except IllegalAction:
            return False
        return True

    def declare(self, seat: int, cards: Sequence[int]) -> list[Event]:
        """``seat`` reveals ``cards``; they stand as the trump declaration (R-T2, R-T3)."""
        outcome = self._declaration_after(seat, cards)
        mark = len(self.events)
        state = self.round
        state.declaration = outcome
        state.declarations += (outcome,)
        self.events.append(Declared(seat, outcome.cards))
        self._record(Declare(seat, tuple(cards)))
        if self.phase is Phase.DECLARE:
            if outcome.strength == JOKER_PAIR_DECLARATION:
                self._settle_trump()
            else:
                state.window_passes = 0
                state.window_seat = next_seat(seat)
        return self.events[mark:]

    def check_pass(self, seat: int) -> None:
        """Refuse a pass out of turn or outside the final window (R-T4)."""
        if self.phase is not Phase.DECLARE:
            raise IllegalAction("R-T4", "passing is only for the final declaring window")
        if seat != self.round.window_seat:
            raise IllegalAction("R-T4", f"it is seat {self.round.window_seat}'s turn, not {seat}'s")

    def can_pass(self, seat: int) -> bool:
        """Whether ``seat`` may pass now."""
        return self.phase is Phase.DECLARE and seat == self.round.window_seat

    def pass_declaring(self, seat: int) -> list[Event]:
        """``seat`` passes; four passes in a row close the window (R-T4)."""
        self.check_pass(seat)
        mark = len(self.events)
        state = self.round
        self.events.append(Passed(seat))
        self._record(Pass(seat))
        state.window_passes += 1
        state.window_seat = next_seat(seat)
        if state.window_passes == SEATS:
            self._settle_trump()
        return self.events[mark:]

    def _settle_trump(self) -> None:
        state = self.round
        declaration = state.declaration
        if declaration is None:
            if state.declarers is None:
                # R-T6: nobody declared in round 1 — gather, reshuffle, deal again.
                self.events.append(Redealt(state.number))
                self.round = self._deal(state.number, state.rank, None, None, 0)
                return
            suit: int | None
            suit, turned = flip_talon(state.rank, state.talon)
            state.talon_flipped = state.talon[:turned]
            self.events.append(TalonFlipped(state.talon_flipped, suit))
        else:
            suit = declaration.suit
        if state.declarers is None:
            # R-T5: in round 1 the standing declarer starts and their team declares.
            assert declaration is not None
            state.starter = declaration.seat
            state.declarers = team_of(declaration.seat)
        assert state.starter is not None
        state.ctx = trump_context(state.rank, suit, self.rules)
        state.hands[state.starter] = add_layers(state.hands[state.starter], to_layers(state.talon))
        self.phase = Phase.EXCHANGE
        self.events.append(TrumpSettled(state.rank, suit, state.declarers, state.starter))

    # ------------------------------------------------------------------- bury

    def check_bury(self, seat: int, cards: Sequence[int]) -> None:
        """Refuse a burial that is not 8 of the starter's cards in the exchange (R-K1)."""
        state = self.round
        if self.phase is not Phase.EXCHANGE:
            raise IllegalAction("R-K1", "cards are buried only in the talon exchange")
        if seat != state.starter:
            raise IllegalAction("R-K1", f"only the starter (seat {state.starter}) buries")
        if len(cards) != 8:
            raise IllegalAction("R-K1", f"bury exactly 8 cards, not {len(cards)}")
        if _layers_held(state.hands[seat], cards) is None:
            raise IllegalAction("R-K1", f"seat {seat} does not hold {format_cards(cards)}")

    def can_bury(self, seat: int, cards: Sequence[int]) -> bool:
        """Whether ``seat`` may bury ``cards`` now."""
        try:
            self.check_bury(seat, cards)
        except IllegalAction:
            return False
        return True

    def bury(self, seat: int, cards: Sequence[int]) -> list[Event]:
        """The starter lays 8 cards face down; the starter then leads (R-K1, R-P1)."""
        self.check_bury(seat, cards)
        mark = len(self.events)
        state = self.round
        state.hands[seat] = remove_layers(state.hands[seat], to_layers(cards))
        state.talon = tuple(sorted(cards))
        state.to_play = seat
        self.phase = Phase.PLAY
        self.events.append(Buried(seat, state.talon))
        self._record(Bury(seat, tuple(cards)))
        return self.events[mark:]

    # -------------------------------------------------------------------- play

    def check_play(self, seat: int, cards: Sequence[int]) -> None:
        """Refuse a lead or follow the rules forbid (R-P1–R-P7, R-C4, R-H2)."""
        self._checked_play(seat, cards)

    def _checked_play(self, seat: int, cards: Sequence[int]) -> tuple[Layers, Combo | None]:
        """The play as layers, and the combination it leads (None for a follow)."""
        state = self.round
        if self.phase is not Phase.PLAY:
            raise IllegalAction("R-P1", f"no card is played in the {self.phase.value} phase")
        if seat != state.to_play:
            raise IllegalAction("R-P1", f"it is seat {state.to_play}'s turn to play, not {seat}'s")
        hand = state.hands[seat]
        play = _layers_held(hand, cards)
        if play is None:
            raise IllegalAction(
                "R-P2", f"seat {seat} does not hold {format_cards(cards) or 'that'}"
            )
        ctx = state.ctx
        assert ctx is not None
        lead = state.lead
        if lead is None:
            led = combo_of_layers(ctx, *play)
            if led.kind == MIXED:
                raise IllegalAction(
                    "R-C4", "a lead is one single, pair, tractor or throw of one effective suit"
                )
            return play, led
        error = follow_error(ctx, lead, hand, play, seat == state.blocker)
        if error is not None:
            raise IllegalAction(*error)
        return play, None

    def can_play(self, seat: int, cards: Sequence[int]) -> bool:
        """Whether ``seat`` may play ``cards`` now."""
        try:
            self._checked_play(seat, cards)
        except IllegalAction:
            return False
        return True

    def play(self, seat: int, cards: Sequence[int]) -> list[Event]:
        """``seat`` leads or follows with ``cards``. A beatable throw is taken back and
        its forced part led instead (R-H2, R-H3); the fourth play ends the trick."""
        play, lead = self._checked_play(seat, cards)
        mark = len(self.events)
        state = self.round
        ctx = state.ctx
        assert ctx is not None
        self._record(Play(seat, tuple(cards)))
        if lead is not None:
            if lead.kind == THROW:
                others = [state.hands[(seat + k) % SEATS] for k in (1, 2, 3)]
                verdict = judge_throw(ctx, lead, others)
                if not verdict.valid:
                    play = to_layers(verdict.forced)
                    lead = combo_of_layers(ctx, *play)
                    blocker = (seat + verdict.blocker) % SEATS
                    failed = ThrowFailed(
                        seat, tuple(sorted(cards)), verdict.forced, verdict.penalty, blocker
                    )
                    self.events.append(failed)
                    state.failed_throw = failed
                    state.failed_throws += 1
                    # R-H3: the declarers' penalty goes to the opponents; the opponents' is lost.
                    sign = 1 if team_of(seat) == state.declarers else -1
                    state.penalties += sign * verdict.penalty
                    if self.rules.failed_throw_must_beat:
                        state.blocker = blocker
            state.lead = lead
        state.hands[seat] = remove_layers(state.hands[seat], play)
        played = tuple(sorted(cards)) if state.failed_throw is None else tuple(from_layers(*play))
        state.trick.append((seat, played))
        state.trick_layers.append(play)
        self.events.append(Played(seat, played))
        if len(state.trick) == SEATS:
            self._finish_trick()
        else:
            state.to_play = next_seat(seat)
        return self.events[mark:]

    def _finish_trick(self) -> None:
        state = self.round
        assert state.ctx is not None and state.lead is not None
        index = winner_of(state.ctx, state.lead, state.trick_layers[1:])
        winner = state.trick[index][0]
        cards = [card for _, played in state.trick for card in played]
        points = points_of(cards)
        if team_of(winner) != state.declarers:
            state.trick_points += points
        state.won_cards[winner].extend(cards)
        number = len(state.tricks) + 1
        state.tricks += (
            CompletedTrick(number, tuple(state.trick), winner, points, state.failed_throw),
        )
        self.events.append(TrickWon(number, winner, points))
        last_lead = state.trick[0][1]
        state.trick = []
        state.trick_layers = []
        state.lead = None
        state.blocker = None
        state.failed_throw = None
        state.to_play = winner
        if state.hands[winner] == (0, 0):
            # Everyone has played every card: that was the last trick.
            self._end_round(winner, last_lead)

    # -------------------------------------------------------------- settlement

    def _end_round(self, last_winner: int, last_lead: tuple[int, ...]) -> None:
        state = self.round
        settled = settle_round(state, last_winner, last_lead)
        if settled.bonus is not None:
            self.events.append(settled.bonus)
        result = settled.result
        next_declarers, next_starter = settled.next_declarers, settled.next_starter
        self.levels[next_declarers] += result.levels_gained
        self.results.append(result)
        levels = (self.levels[0], self.levels[1])
        self.events.append(
            RoundEnded(
                state.number,
                result.opponents_points,
                result.declarers_hold,
                result.levels_gained,
                levels,
                next_declarers,
                next_starter,
            )
        )
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

    # ------------------------------------------------------------------ generic

    def apply(self, action: Action) -> list[Event]:
        """Carry out any action value (used by replay and by players)."""
        if isinstance(action, Draw):
            events: list[Event] = []
            for _ in range(action.count):
                events += self.draw()
            return events
        if isinstance(action, Declare):
            return self.declare(action.seat, action.cards)
        if isinstance(action, Pass):
            return self.pass_declaring(action.seat)
        if isinstance(action, Bury):
            return self.bury(action.seat, action.cards)
        return self.play(action.seat, action.cards)

    def redacted_last_result(self) -> RoundResult:
        """The last round's result without its talon, for seats that may not see it."""
        last = self.results[-1]
        cached = self._redacted
        if cached is None or cached.number != last.number:
            cached = self._redacted = replace(last, talon=())
        return cached

    def card_locations(self) -> dict[str, list[int]]:
        """Where all 108 cards are now, by place (for conservation checks)."""
        state = self.round
        places: dict[str, list[int]] = {f"hand{seat}": self.hand(seat) for seat in range(SEATS)}
        if self.phase is Phase.DRAW or self.phase is Phase.DECLARE:
            places["pack"] = state.deck[state.drawn :]
        elif self.phase is Phase.EXCHANGE:
            places["talon"] = []
        else:
            places["talon"] = list(state.talon)
        places["trick"] = [card for _, played in state.trick for card in played]
        for seat in range(SEATS):
            places[f"won{seat}"] = list(state.won_cards[seat])
        return places


def _check_seat(seat: int) -> None:
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise IllegalAction("R-N4", f"seats are 0 to 3, not {seat!r}")


def _layers_held(hand: Layers, cards: Sequence[int]) -> Layers | None:
    """The cards as layers when the hand holds them all, else None."""
    if not cards:
        return None
    try:
        layers = to_layers(cards)
    except NotationError:
        return None
    return layers if contains_layers(hand, layers) else None
