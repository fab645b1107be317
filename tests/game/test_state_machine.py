"""A hypothesis state machine over ``Game``: legal and refused actions interleaved.

Legal steps come from the game's own options: draws (``Draw(n)`` for any n that is
left), declarations from ``legal_declarations`` and passes (``can_pass``), a burial of
8 of the starter's cards, leads of any cards of one suit (singles, pairs, tractors and
throws, failed throws included; each one in ``legal_plays``) and follows from
``legal_plays`` (the same as core ``legal_follows``). A legal step is also taken on a
``copy()`` first: the game stays as it was, then takes the same step and matches the
copy. After each step the invariants of docs/rules.md §11 hold: the 108 cards each lie
in one place (R-D1, ``card_locations``), the opponents' points add up (R-S1, R-H3,
R-S2), once a round ends every seat and the spectator see its talon (R-K1), and
``turn()`` agrees with the checks (R-D2, R-T4, R-K1, R-P1).

Refused steps: values that are not cards (R-N3) or seats (R-N4), ``Draw(n)`` for every
kind of n (0, negative, huge, bools, floats, strings: R-D2), actions out of turn or in
the wrong phase, cards not held. Each is tried through ``check_…``, ``can_…`` and the
action itself: the check raises :class:`IllegalAction` naming an expected rule, ``can_…``
answers False, and a deep snapshot of the game (phase, round state, hands, events,
actions, levels, results, the shuffle's random state) is exactly as before.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from itertools import islice
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from tuolaji.core import CLASSIC, STANDARD, IllegalAction, legal_follows
from tuolaji.core.cards import BJ, POINTS, RJ, full_pack, team_of
from tuolaji.game import ActionKind, Bury, Declare, Draw, Game, Pass, Phase, Play, observe
from tuolaji.game.actions import Action, Takeback

FULL_PACK = Counter(full_pack())
BAD_CARD_VALUES = [-1, 54, 60, 10**9, 1.5, "AS", True, False, None, (3,)]
BAD_CARD_LISTS: list[Any] = [None, 5, "AS", "3S 4S", b"\x01", {1, 2}, {0: 0}, 3.0]
BAD_SEATS: list[Any] = [-1, 4, 5, 10**9, "0", "1", 1.5, True, False, None, (0,)]
DRAW_COUNTS = st.one_of(
    st.integers(-5, 110),
    st.sampled_from([-(10**12), 10**12, 2**64, True, False, 1.0, 2.5, "1", "3", None]),
)


def deep_snapshot(game: Game) -> tuple[object, ...]:
    """Everything a refused action must leave exactly as it was."""
    return (
        game.phase,
        dataclasses.astuple(game.round),  # every field of the round, copied deeply
        tuple(game.events),
        tuple(game.actions),
        tuple(game.levels),
        tuple(game.results),
        game.winner,
        game.dealer.random_state(),
    )


def forms(game: Game, action: Action) -> tuple[Callable[[], object], ...]:
    """The check_…, can_… and acting forms of ``action`` (applied as given, unconverted)."""
    if isinstance(action, Draw):
        return (
            lambda: game.check_draw(action.count),
            lambda: game.can_draw(action.count),
            lambda: game.apply(action),
        )
    if isinstance(action, Pass):
        return (
            lambda: game.check_pass(action.seat),
            lambda: game.can_pass(action.seat),
            lambda: game.apply(action),
        )
    check, can = {
        Declare: (game.check_declare, game.can_declare),
        Bury: (game.check_bury, game.can_bury),
        Play: (game.check_play, game.can_play),
    }[type(action)]
    assert not isinstance(action, Takeback)
    return (
        lambda: check(action.seat, action.cards),
        lambda: can(action.seat, action.cards),
        lambda: game.apply(action),
    )


class GameMachine(RuleBasedStateMachine):
    """Random games driven by legal steps, with refused steps tried in between."""

    game: Game

    @initialize(seed=st.integers(0, 2**16), rules=st.sampled_from([STANDARD, CLASSIC]))
    def start(self, seed: int, rules: Any) -> None:
        self.game = Game(rules, seed)
        self.refusals = 0

    # ---------------------------------------------------------------- legal steps

    def declarations(self, seats: list[int]) -> list[Action]:
        """The declarations the game accepts now from ``seats`` (its own view)."""
        game = self.game
        return [Declare(seat, cards) for seat in seats for cards in game.legal_declarations(seat)]

    def legal_action(self, data: st.DataObject) -> Action:
        """One action the game accepts now, chosen by ``data``."""
        game = self.game
        state = game.round
        phase = game.phase
        if phase is Phase.DRAW:
            left = 100 - state.drawn
            options: list[Action] = [Draw(1), Draw(data.draw(st.integers(1, left)))]
            options += self.declarations(list(range(4)))
            return data.draw(st.sampled_from(options))
        seat = game.to_act()
        assert seat is not None
        if phase is Phase.DECLARE:
            return data.draw(st.sampled_from([Pass(seat), *self.declarations([seat])]))
        hand = game.hand(seat)
        if phase is Phase.EXCHANGE:
            return Bury(seat, tuple(data.draw(st.permutations(hand))[:8]))
        ctx = state.ctx
        assert ctx is not None
        if state.lead is None:
            # any cards of one effective suit: a single, pair, tractor or throw (R-C4)
            suit = data.draw(st.sampled_from(sorted({ctx.eff[card] for card in hand})))
            cards = [card for card in hand if ctx.eff[card] == suit]
            size = data.draw(st.integers(1, min(len(cards), 6)))
            lead = tuple(data.draw(st.permutations(cards))[:size])
            assert tuple(sorted(lead)) in game.legal_plays(seat)
            return Play(seat, lead)
        follows = list(islice(game.legal_plays(seat), 40))
        assert follows == list(
            islice(legal_follows(ctx, state.lead, hand, seat == state.blocker), 40)
        )
        return Play(seat, data.draw(st.sampled_from(follows)))

    @precondition(lambda self: self.game.phase is not Phase.OVER)
    @rule(data=st.data())
    def act_legally(self, data: st.DataObject) -> None:
        action = self.legal_action(data)
        before = len(self.game.events)
        assert self.game.apply(action) == self.game.events[before:]

    @precondition(lambda self: self.game.phase is not Phase.OVER)
    @rule(data=st.data())
    def act_on_a_copy(self, data: st.DataObject) -> None:
        """A copy takes a legal action: the game is as it was; the game then takes the
        same action and the two are alike again."""
        game = self.game
        action = self.legal_action(data)
        before = deep_snapshot(game)
        twin = game.copy()
        twin.apply(action)
        assert deep_snapshot(game) == before
        game.apply(action)
        assert deep_snapshot(game) == deep_snapshot(twin)

    @precondition(lambda self: self.game.phase is Phase.PLAY)
    @rule(data=st.data(), tricks=st.integers(1, 25))
    def play_tricks(self, data: st.DataObject, tricks: int) -> None:
        """Legal plays to the end of the current trick and ``tricks - 1`` more, so that
        rounds end and the next ones begin within a run."""
        target = len(self.game.round.tricks) + tricks
        number = self.game.round.number
        while (
            self.game.phase is Phase.PLAY
            and self.game.round.number == number
            and len(self.game.round.tricks) < target
        ):
            self.game.apply(self.legal_action(data))

    # -------------------------------------------------------------- refused steps

    def refused(self, action: Action, rules: set[str]) -> None:
        """``action`` is refused naming one of ``rules`` and changes nothing."""
        game = self.game
        before = deep_snapshot(game)
        check, can, act = forms(game, action)
        for form in (check, act):
            with pytest.raises(IllegalAction) as info:
                form()
            assert info.value.rule in rules, (action, info.value)
            assert info.value.message
            assert deep_snapshot(game) == before, action
        assert can() is False
        assert deep_snapshot(game) == before, action
        self.refusals += 1

    @rule(n=DRAW_COUNTS)
    def draw_n(self, n: Any) -> None:
        """``Draw(n)`` for any n: taken whole when n cards are left to draw, else
        refused with nothing drawn (R-D2)."""
        game = self.game
        left = 100 - game.round.drawn
        valid = game.phase is Phase.DRAW and type(n) is int and 1 <= n <= left
        if not valid:
            self.refused(Draw(n), {"R-D2"})
            return
        drawn = game.round.drawn
        game.apply(Draw(n))
        assert game.round.drawn == drawn + n or game.phase is not Phase.DRAW

    @rule(
        seat=st.sampled_from(BAD_SEATS), kind=st.sampled_from(["declare", "pass", "bury", "play"])
    )
    def bad_seat(self, seat: Any, kind: str) -> None:
        cards = tuple(self.game.hand(0)[:1])
        actions: dict[str, Action] = {
            "declare": Declare(seat, cards),
            "pass": Pass(seat),
            "bury": Bury(seat, cards),
            "play": Play(seat, cards),
        }
        action = actions[kind]
        self.refused(action, {"R-N4"})

    @rule(
        data=st.data(),
        kind=st.sampled_from([Declare, Bury, Play]),
        whole=st.booleans(),
    )
    def bad_cards(self, data: st.DataObject, kind: type[Any], whole: bool) -> None:
        game = self.game
        seat = game.to_act()
        seat = 0 if seat is None else seat
        if whole:
            cards: Any = data.draw(st.sampled_from(BAD_CARD_LISTS))
        else:
            hand = game.hand(seat)
            good = data.draw(st.lists(st.sampled_from(hand), max_size=4)) if hand else []
            bad = data.draw(st.sampled_from(BAD_CARD_VALUES))
            at = data.draw(st.integers(0, len(good)))
            cards = (*good[:at], bad, *good[at:])
        self.refused(kind(seat, cards), {"R-N3"})

    @precondition(lambda self: self.game.phase is not Phase.DRAW)
    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        """The seat the game does not wait for tries what the phase is for."""
        game = self.game
        waiting = game.to_act()
        seat = data.draw(st.sampled_from([s for s in range(4) if s != waiting]))
        hand = game.hand(seat)
        phase = game.phase
        if phase is Phase.DECLARE:
            self.refused(Pass(seat), {"R-T4"})
            rank_card = game.round.rank  # the trump-rank spade, held or not
            self.refused(Declare(seat, (rank_card,)), {"R-T4"})
        elif phase is Phase.EXCHANGE:
            self.refused(Bury(seat, tuple(hand[:8])), {"R-K1"})
        elif phase is Phase.PLAY and hand:
            lead = game.round.lead
            size = 1 if lead is None else lead.size
            self.refused(Play(seat, tuple(hand[:size])), {"R-P1"})

    @rule(data=st.data())
    def wrong_phase(self, data: st.DataObject) -> None:
        """An action of another phase, by the seat the game waits for (or any seat)."""
        game = self.game
        seat = game.to_act()
        seat = data.draw(st.integers(0, 3)) if seat is None else seat
        cards = tuple(game.hand(seat)[:8])
        phase = game.phase
        candidates: list[tuple[Action, set[str]]] = []
        if phase is not Phase.DRAW:
            candidates.append((Draw(1), {"R-D2"}))
        if phase is not Phase.DECLARE:
            candidates.append((Pass(seat), {"R-T4"}))
        if phase not in (Phase.DRAW, Phase.DECLARE):
            candidates.append((Declare(seat, (game.round.rank,)), {"R-T4"}))
        if phase is not Phase.EXCHANGE:
            candidates.append((Bury(seat, cards), {"R-K1"}))
        if phase is not Phase.PLAY and cards:
            candidates.append((Play(seat, cards[:1]), {"R-P1"}))
        action, rules = data.draw(st.sampled_from(candidates))
        self.refused(action, rules)

    @precondition(lambda self: self.game.phase is not Phase.OVER)
    @rule(data=st.data())
    def cards_not_held(self, data: st.DataObject) -> None:
        """The seat to act names a card it does not hold (or one card too often)."""
        game = self.game
        phase = game.phase
        seat = game.to_act()
        seat = data.draw(st.integers(0, 3)) if seat is None else seat
        hand = game.hand(seat)
        held = Counter(hand)
        if phase in (Phase.DRAW, Phase.DECLARE):
            rank = game.round.rank
            absent = [k for k in [s * 13 + rank for s in range(4)] + [BJ, RJ] if held[k] < 2]
            if not absent:
                return
            kind = data.draw(st.sampled_from(absent))
            self.refused(Declare(seat, (kind,) * (held[kind] + 1)), {"R-T2"})
            return
        missing = data.draw(st.sampled_from([k for k in range(54) if held[k] < 2]))
        extra = (missing,) * (held[missing] + 1)
        if phase is Phase.EXCHANGE:
            rest = [card for card in hand if card != missing][: 8 - len(extra)]
            self.refused(Bury(seat, (*extra, *rest)), {"R-K1"})
            return
        lead = game.round.lead
        size = 1 if lead is None else lead.size
        others = [card for card in hand if card != missing][: max(size - len(extra), 0)]
        self.refused(Play(seat, (*extra, *others)), {"R-P2"})

    # ------------------------------------------------------------------ invariants

    @invariant()
    def the_turn_agrees_with_the_checks(self) -> None:
        game = self.game
        turn = game.turn()
        assert turn.seat == game.to_act() and turn.chance == game.can_draw()
        for seat in range(4):
            kinds = turn.kinds(seat)
            assert (ActionKind.PASS in kinds) == game.can_pass(seat)
            assert (ActionKind.PLAY in kinds) == bool(game.legal_plays(seat))
            assert (ActionKind.BURY in kinds) == bool(game.legal_burials(seat))
            assert game.could_declare(seat) <= (ActionKind.DECLARE in kinds)

    @invariant()
    def cards_are_conserved(self) -> None:
        places = self.game.card_locations()
        assert sum((Counter(cards) for cards in places.values()), Counter()) == FULL_PACK

    @invariant()
    def points_add_up(self) -> None:
        game = self.game
        state = game.round
        opponents = sum(
            (trick.points or 0)
            for trick in state.tricks
            if team_of(trick.winner) != state.declarers
        )
        assert state.trick_points == opponents
        assert state.opponents_points == state.trick_points + state.penalties
        for trick in state.tricks:
            assert trick.points == sum(POINTS[c] for _, cards in trick.plays for c in cards)
        for result in game.results:
            assert result.opponents_points == (
                result.trick_points + result.penalties + result.talon_bonus
            )

    @invariant()
    def the_last_talon_is_shown_to_everyone(self) -> None:
        game = self.game
        if game.results:
            talon = game.results[-1].talon
            assert len(talon) == 8
            for seat in (0, 1, 2, 3, None):
                last = observe(game, seat).last_round
                assert last is not None and last.talon == talon


GameMachine.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
test_game_state_machine = GameMachine.TestCase
