"""Who acts: ``Game.turn()``, ``ActionKind``, ``could_declare`` and the runner on them.

- In every phase of seeded games the turn agrees with the game's own checks: chance
  (a draw) exactly while ``can_draw()``, every seat may declare during the draw unless
  a joker pair stands (R-D2, R-T2, R-T3), the window seat may declare or pass (R-T4),
  the starter buries (R-K1), the seat to play plays (R-P1); ``to_act()`` is
  ``turn().seat``; ``open_actions`` adds DRAW while cards come and still answers
  ``"declare" in …``.
- ``could_declare(seat)`` is exactly whether some declaration of that seat would stand
  (checked against ``can_declare`` on every candidate, at every step of the draw and
  the window).
- The runner asks a drawer after each of its draws while some declaration of theirs
  would stand, so a player may decline and declare later with a card it already held
  (R-T2); it never asks a seat that has nothing to declare, and reads no round state.
- Values that are not seats get no kinds and no declaration, never an error (R-N4).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from tuolaji.arena import runner
from tuolaji.arena.runner import step
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core import CLASSIC, STANDARD, RuleSet
from tuolaji.core.cards import BJ, RJ, full_pack, parse_cards
from tuolaji.core.declare import JOKER_PAIR_DECLARATION
from tuolaji.game import ActionKind, Game, Observation, Phase, RoundStart
from tuolaji.game.events import CardDrawn, Declared

BAD_SEATS: list[object] = [-1, 4, "0", 1.5, True, None]


def walk(game: Game, seed: int, declare_rate: float = 0.3) -> Iterator[Game]:
    """The game before each step of random play, to its end."""
    players = [
        RandomPlayer(seed * 4 + k, throw_rate=0.2, declare_rate=declare_rate) for k in range(4)
    ]
    while True:
        yield game
        if game.phase is Phase.OVER:
            return
        step(game, players)


def declaration_candidates(rank: int) -> list[tuple[int, ...]]:
    """Every declaration shape for ``rank``: a rank card, a pair of one, a joker pair."""
    out: list[tuple[int, ...]] = []
    for suit in range(4):
        kind = suit * 13 + rank
        out += [(kind,), (kind, kind)]
    return [*out, (BJ, BJ), (RJ, RJ)]


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
@pytest.mark.parametrize("seed", range(3))
def test_the_turn_agrees_with_the_checks_in_every_phase(rules: RuleSet, seed: int) -> None:
    game = Game(rules, seed, round_limit=2)
    seen = set()
    for _ in walk(game, seed):
        turn = game.turn()
        seen.add(turn.phase)
        assert turn.phase is game.phase
        assert turn.seat == game.to_act()
        assert turn.chance == game.can_draw()
        assert turn.over == (game.phase is Phase.OVER)
        for seat in range(4):
            kinds = turn.kinds(seat)
            assert (ActionKind.PASS in kinds) == game.can_pass(seat)
            assert (ActionKind.PLAY in kinds) == bool(game.legal_plays(seat))
            assert (ActionKind.BURY in kinds) == bool(game.legal_burials(seat))
            assert ActionKind.DRAW not in kinds  # chance belongs to no seat (R-D2)
            if turn.chance:
                standing = game.round.declaration
                joker_pair = standing is not None and standing.strength == JOKER_PAIR_DECLARATION
                assert kinds == (frozenset() if joker_pair else {ActionKind.DECLARE})
                assert game.open_actions(seat) == kinds | {ActionKind.DRAW}
                assert ("declare" in game.open_actions(seat)) == (not joker_pair)
            else:
                assert game.open_actions(seat) == kinds
                assert bool(kinds) == (seat == turn.seat)
            assert turn.may(seat, ActionKind.DECLARE) == (ActionKind.DECLARE in kinds)
        assert turn.seats == tuple(s for s in range(4) if turn.kinds(s))
    assert seen >= {Phase.DRAW, Phase.DECLARE, Phase.EXCHANGE, Phase.PLAY, Phase.OVER}


@pytest.mark.parametrize("seed", range(6))
def test_could_declare_is_exactly_whether_a_declaration_would_stand(seed: int) -> None:
    start = RoundStart(seed % 13, seed % 2, seed % 2) if seed % 3 else None
    game = Game(STANDARD, seed, start=start, round_limit=1)
    checked = 0
    for _ in walk(game, seed, declare_rate=0.02):
        if game.phase not in (Phase.DRAW, Phase.DECLARE):
            if game.phase is Phase.PLAY:
                assert not any(game.could_declare(seat) for seat in range(4))
                break
            continue
        rank = game.round.rank
        for seat in range(4):
            expected = any(game.can_declare(seat, c) for c in declaration_candidates(rank))
            assert game.could_declare(seat) == expected, (seat, game.round.declaration)
            checked += expected
        # the four seats at once, as the runner asks after every card of the deal
        during_deal = game.phase is Phase.DRAW
        every = tuple(seat for seat in range(4) if during_deal and game.could_declare(seat))
        assert game.seats_that_could_declare() == every
    assert checked > 5


def test_draws_are_a_step_a_driver_takes_itself() -> None:
    game = Game(STANDARD, 5)
    drawn = 0
    while game.turn().chance:
        seat = game.next_drawer()
        (event,) = game.draw()
        assert isinstance(event, CardDrawn) and event.seat == seat
        drawn += 1
    assert drawn == 100 and game.phase is Phase.DECLARE and game.turn().seat == 0


class DeclinesFirst:
    """A player that declines the first ``patience`` asks, then declares its first
    option; it records the asks."""

    name = "patient"

    def __init__(self, patience: int) -> None:
        self.patience = patience
        self.asked: list[Observation] = []

    def declaration(self, observation: Observation) -> Sequence[int] | None:
        self.asked.append(observation)
        if len(self.asked) <= self.patience:
            return None
        rank = observation.rank
        return next(
            c for c in declaration_candidates(rank) if len(c) == 1 and c[0] in observation.hand
        )

    def bury(self, observation: Observation) -> Sequence[int]:
        return observation.hand[:8]

    def play(self, observation: Observation) -> Sequence[int]:
        raise AssertionError("not played here")


def test_a_seat_may_decline_and_declare_later_with_a_card_it_held() -> None:
    # R-T2: declaring is open to every seat at every moment of the draw. Seat 0 draws 2S
    # first (round 1, rank 2) and nothing else of the rank; it is asked after every
    # card drawn by anyone while 2S would stand, declines twice, then declares 2S.
    pack = full_pack()
    two_spades, *late = parse_cards("2S 2H 2D 2C")
    specials = {two_spades, *late, BJ, RJ}
    plain = [card for card in pack if card not in specials]
    # seat 0 draws cards 0, 4, 8 …: 2S, then plain cards only; seats 1–3 draw one single
    # rank card each at the very end (no pair: they can never override); the talon
    # holds the rest
    talon = parse_cards("2S 2H 2D 2C BJ BJ RJ RJ")
    deck = [two_spades, *plain, *late, *talon]
    assert sorted(deck) == pack
    game = Game(STANDARD, 0, decks=[deck])
    patient = DeclinesFirst(patience=2)
    silent = [DeclinesFirst(patience=10**6) for _ in range(3)]
    players = [patient, *silent]
    while game.phase is Phase.DRAW:
        step(game, players)
    assert all(not player.asked for player in silent)  # they never could declare
    assert len(patient.asked) == 3
    # after its own first card, then after West's and North's next cards
    assert [len(obs.hand) for obs in patient.asked] == [1, 1, 1]
    assert [sum(obs.hand_sizes) for obs in patient.asked] == [1, 2, 3]
    declared = [e for e in game.events if isinstance(e, Declared)]
    assert declared == [Declared(0, (two_spades,))]
    drawn_before = game.events.index(declared[0])
    assert sum(isinstance(e, CardDrawn) for e in game.events[:drawn_before]) == 3


def test_the_runner_reads_no_round_state() -> None:
    # read from the file, not inspect.getsource: the compiled build's module has none
    source = Path(runner.__file__ or "").with_name("runner.py").read_text(encoding="utf-8")
    assert "def play_until" in source and ".round" not in source


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_values_that_are_not_seats_get_nothing(seat: object) -> None:
    game = Game(STANDARD, 1)
    for _ in range(40):
        game.draw()
    turn = game.turn()
    assert turn.kinds(seat) == frozenset() and not turn.may(seat, ActionKind.DECLARE)
    assert not game.could_declare(seat)
    assert game.open_actions(seat) == {ActionKind.DRAW}
    assert list(game.legal_declarations(seat)) == []
    assert not game.legal_plays(seat) and game.legal_plays(seat).count() == 0


def test_action_kinds_are_the_names_records_use() -> None:
    assert [kind.value for kind in ActionKind] == ["draw", "declare", "pass", "bury", "play"]
    assert ActionKind("play") is ActionKind.PLAY and str(ActionKind.PASS) == "pass"
