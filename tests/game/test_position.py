"""Positions (``Game.from_position``, ``Game.position``) and ``Game.copy``.

- A game built from the position of a real game at any play decision holds the same
  round (every field the play phase reads), shows every seat the same observation,
  and — played on by the same players — gives the same events and result (R-P1–R-S4),
  both presets, failed throws included (R-H2, R-H3).
- It is built without a deal: no shuffle, no events, no pack.
- ``determinize.game_from_observation`` builds the same game through it.
- Positions no game can reach are refused with a ``PositionError`` naming the rule
  (R-D1, R-K1, R-P1, R-P2, R-T5, R-H2, R-N3, R-N4 …); it is a ``TuolajiError`` and a
  ``ValueError``. Finished tricks that are not tricks and failed throws that are not
  the lead's (R-H2, R-H3) are refused so too, never with an AttributeError or a
  TypeError, and so is a lead that mixes effective suits (R-C4; with no trump suit,
  under the rules the game is built with, R-T7).
- ``copy()``: playing the copy to the end of the game leaves the original exactly as it
  was, and the original, played on, goes exactly where the copy went (in every phase,
  across rounds and with stacked decks).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tuolaji.arena.runner import step
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core import CLASSIC, STANDARD, RuleSet, TuolajiError
from tuolaji.core.cards import from_layers, full_pack, remove_layers, to_layers
from tuolaji.engine_build import engine_build
from tuolaji.game import Game, Phase, Position, PositionError, RoundStart, observe
from tuolaji.game.determinize import game_from_observation
from tuolaji.game.events import ThrowFailed
from tuolaji.game.position import check_position
from tuolaji.game.state import RoundState

#: the round's fields a game built from a position must hold as the original does
#: (the deck and the drawing and window fields belong to the deal, long over)
PLAY_FIELDS = [
    f.name
    for f in dataclasses.fields(RoundState)
    if f.name not in ("deck", "drawn", "first_drawer", "window_seat", "window_passes")
]


def players_for(seed: int) -> list[RandomPlayer]:
    return [RandomPlayer(seed * 4 + k, throw_rate=0.3) for k in range(4)]


def play_decisions(rules: RuleSet, seed: int) -> Iterator[Game]:
    """A seeded round, stopping at each play decision."""
    game = Game(rules, seed, start=RoundStart(seed % 13, seed % 2, seed % 2), round_limit=1)
    players = players_for(seed)
    while game.phase is not Phase.OVER:
        if game.phase is Phase.PLAY:
            yield game
        step(game, players)


def finish(game: Game, seed: int) -> Game:
    """Play ``game`` to its end with seeded random players."""
    players = players_for(seed)
    while game.phase is not Phase.OVER:
        step(game, players)
    return game


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
@pytest.mark.parametrize("seed", range(4))
def test_a_game_from_a_position_is_the_same_round(rules: RuleSet, seed: int) -> None:
    for number, game in enumerate(play_decisions(rules, seed)):
        rebuilt = Game.from_position(game.position(), rules)
        for name in PLAY_FIELDS:
            assert getattr(rebuilt.round, name) == getattr(game.round, name), name
        assert rebuilt.levels == game.levels and rebuilt.phase is Phase.PLAY
        for seat in (*range(4), None):
            # the passes of the final window belong to the deal, not to the position
            seen = observe(game, seat)._replace(window_passes=0)
            assert observe(rebuilt, seat) == seen
        if number % 20 == 7:
            # played on by the same players, the rebuilt game goes where the game goes
            twin_seed = seed + number
            ending = finish(game.copy(), twin_seed)
            rebuilt_ending = finish(rebuilt, twin_seed)
            assert rebuilt_ending.results == ending.results
            mark = len(game.events)
            assert rebuilt_ending.events == ending.events[mark:]


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_a_position_after_a_failed_throw_keeps_its_blocker_and_penalty(rules: RuleSet) -> None:
    # R-H2, R-H3: the forced lead, the blocker (who must beat it, in standard) and the
    # penalty all follow from the failed throw the position holds
    found = 0
    for seed in range(40):
        for game in play_decisions(rules, seed):
            if game.round.failed_throw is None or len(game.round.trick) != 1:
                continue
            rebuilt = Game.from_position(game.position(), rules)
            for name in ("lead", "blocker", "penalties", "failed_throws", "to_play"):
                assert getattr(rebuilt.round, name) == getattr(game.round, name), name
            blocker = game.round.failed_throw.blocker
            assert observe(rebuilt, blocker).must_beat == (rules is STANDARD)
            found += 1
        if found >= 3:
            return
    raise AssertionError("no failed throw in 40 seeded rounds")


def test_a_position_is_built_without_a_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    game = next(play_decisions(STANDARD, 2))
    position = game.position()

    def no_draw(*args: Any) -> int:
        raise AssertionError("a game from a position must not shuffle")

    # the deal shuffles with random.shuffle's own draws (core.chance.shuffle)
    monkeypatch.setattr(random.Random, "getrandbits", no_draw)
    rebuilt = Game.from_position(position, STANDARD)
    assert rebuilt.events == [] and rebuilt.actions == [] and rebuilt.packs == []
    assert rebuilt.results == [] and rebuilt.round_limit == 1


def test_determinize_builds_the_game_from_the_position() -> None:
    for game in play_decisions(STANDARD, 3):
        seat = game.to_act()
        assert seat is not None
        state = game.round
        rebuilt = game_from_observation(observe(game, seat), state.hands, state.talon)
        for name in PLAY_FIELDS:
            assert getattr(rebuilt.round, name) == getattr(state, name), name


def test_a_round_from_a_position_goes_on_into_the_next_rounds() -> None:
    game = next(play_decisions(STANDARD, 1))
    rebuilt = Game.from_position(game.position(), STANDARD, seed=9, round_limit=3)
    finish(rebuilt, 9)
    assert len(rebuilt.results) == 3 and len(rebuilt.packs) >= 2


def test_outside_the_play_phase_there_is_no_position() -> None:
    game = Game(STANDARD, 1)
    with pytest.raises(PositionError, match="R-P1"):
        game.position()


def mutations(position: Position) -> Iterator[tuple[str, Position]]:
    """Positions no game can reach, each with the rule it breaks."""
    replace = dataclasses.replace
    hands = position.hands
    first = from_layers(*hands[0])
    yield "R-D1", replace(position, talon=(*position.talon[:-1], first[0]))
    yield "R-K1", replace(position, talon=position.talon[:-1])
    yield "R-K1", replace(position, talon=list(position.talon))
    yield "R-T5", replace(position, starter=(position.starter + 1) % 4)
    yield "R-T1", replace(position, rank=13)
    yield "R-T1", replace(position, trump_suit=4)
    yield "R-N4", replace(position, declarers=2)
    yield "R-N4", replace(position, starter=True)
    yield "R-N4", replace(position, hands=hands[:3])
    yield "R-N3", replace(position, hands=(hands[0], hands[1], hands[2], (1, 2)))
    yield "R-N3", replace(position, hands=(hands[0], hands[1], hands[2], "AS"))
    yield "R-S5", replace(position, round_number=0)
    yield "R-D3", replace(position, levels=(13, 0))
    yield "R-T1", replace(position, levels=((position.rank + 1) % 13,) * 2)
    yield "R-T2", replace(position, declarations=("2S",))
    yield "R-T6", replace(position, talon_flipped=(99,))
    leader = position.to_play
    card = first[0]
    other = from_layers(*hands[(leader + 1) % 4])[0]
    yield "R-P1", replace(position, trick=(((leader + 1) % 4, (other,)),))
    yield "R-N3", replace(position, trick=((leader, "AS"),))
    yield "R-H2", replace(position, failed_throw=ThrowFailed(leader, (card,), (card,), 0, 1))


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_positions_no_game_reaches_are_refused_naming_the_rule(rules: RuleSet) -> None:
    game = next(play_decisions(rules, 5))
    assert game.round.trick == []  # the first lead: the starter holds 25 cards
    position = game.position()
    for rule, bad in mutations(position):
        with pytest.raises(PositionError) as info:
            Game.from_position(bad, rules)
        assert str(info.value).startswith(rule), (rule, str(info.value))
        assert isinstance(info.value, TuolajiError) and isinstance(info.value, ValueError)
    # a trick whose plays differ in size, and hands that cannot have played so (R-P2)
    mid = next(g for g in play_decisions(rules, 6) if len(g.round.trick) == 2)
    position = mid.position()
    (seat, cards), second = position.trick
    with pytest.raises(PositionError, match=r"^R-P2"):
        Game.from_position(dataclasses.replace(position, trick=((seat, cards + cards), second)))
    assert Game.from_position(position, rules).round.trick == mid.round.trick


def trick_mutations(position: Position) -> Iterator[tuple[str, Callable[[], Position]]]:
    """Finished tricks and failed throws no game can reach, each with the rule it breaks
    (``position`` has a finished trick and no trick in progress), each made when called:
    the compiled build's typed objects (tricks, events) refuse a wrongly typed field on
    construction already."""
    replace = dataclasses.replace
    first, *rest = position.tricks
    leader, lead = first.plays[0]
    other = (leader + 1) % 4

    def thrown(*fields: Any) -> Callable[[], Position]:
        """The position with the first trick's failed throw made of ``fields`` (or the
        one value given)."""

        def make() -> Position:
            throw = ThrowFailed(*fields) if len(fields) > 1 else fields[0]
            return replace(position, tricks=(replace(first, failed_throw=throw), *rest))

        return make

    yield "R-P1", lambda: replace(position, tricks=("junk",))
    yield "R-P1", lambda: replace(position, tricks=None)
    yield "R-P1", lambda: replace(position, tricks=list(position.tricks))
    yield "R-P1", lambda: replace(position, tricks=(replace(first, plays=None), *rest))
    yield "R-H2", thrown("junk")
    yield "R-H2", thrown(other, lead, lead, 10, leader)  # not the leader's
    yield "R-H3", thrown(leader, lead, lead, "10", other)
    yield "R-H3", thrown(leader, lead, lead, -10, other)
    if engine_build() != "compiled":  # where an int field holds True as the int 1
        yield "R-H3", thrown(leader, lead, lead, True, other)
    yield "R-H2", thrown(leader, lead, lead, 10, leader)  # its own blocker
    yield "R-H2", thrown(leader, lead, lead, 10, 4)
    yield "R-N3", thrown(leader, "AS", lead, 10, other)
    yield "R-H2", thrown(leader, lead, (), 10, other)  # not what was led
    yield "R-H2", thrown(leader, lead[1:], lead, 10, other)  # not thrown


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_r_p1_r_h2_bad_finished_tricks_and_failed_throws_are_refused(rules: RuleSet) -> None:
    # whatever the finished tricks hold, the refusal is a PositionError naming the rule,
    # never an AttributeError or a TypeError
    game = next(g for g in play_decisions(rules, 6) if g.round.tricks and not g.round.trick)
    position = game.position()
    for rule, make in trick_mutations(position):
        try:
            bad = make()
        except TypeError:
            # the compiled build refuses the wrongly typed field as the object is built
            assert engine_build() == "compiled", rule
            continue
        with pytest.raises(PositionError) as info:
            Game.from_position(bad, rules)
        assert str(info.value).startswith(rule), (rule, str(info.value))
    # a failed throw that is the lead's stands: thrown by the leader, forced what was led
    first, *rest = position.tricks
    leader, lead = first.plays[0]
    throw = ThrowFailed(leader, lead + lead[:1], lead, 10, (leader + 2) % 4)
    fine = dataclasses.replace(
        position, tricks=(dataclasses.replace(first, failed_throw=throw), *rest)
    )
    assert Game.from_position(fine, rules).round.tricks[0].failed_throw == throw


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC], ids=["standard", "classic"])
def test_r_c4_a_trick_in_progress_led_with_mixed_suits_is_refused(rules: RuleSet) -> None:
    game = next(play_decisions(rules, 5))
    position = game.position()
    ctx = game.round.ctx
    assert ctx is not None and not position.trick
    leader = position.to_play
    hand = from_layers(*position.hands[leader])
    # two cards of the leader's of different effective suits: no combination (R-C4)
    mixed = next((a, b) for a in hand for b in hand if ctx.eff[a] != ctx.eff[b])
    hands = list(position.hands)
    hands[leader] = remove_layers(hands[leader], to_layers(mixed))
    bad = dataclasses.replace(position, hands=tuple(hands), trick=((leader, mixed),))
    with pytest.raises(PositionError, match=r"^R-C4: the trick in progress"):
        Game.from_position(bad, rules)
    with pytest.raises(PositionError, match=r"^R-C4"):
        check_position(bad)
    # the same two cards, one of a suit each, led as two single leads would stand: the
    # refusal is the mix, not the cards
    single = dataclasses.replace(
        position,
        hands=tuple(
            remove_layers(hand_layers, to_layers(mixed[:1])) if seat == leader else hand_layers
            for seat, hand_layers in enumerate(position.hands)
        ),
        trick=((leader, mixed[:1]),),
    )
    assert Game.from_position(single, rules).round.trick == [(leader, mixed[:1])]


def test_r_c4_r_t7_with_no_trump_suit_a_mixed_lead_depends_on_the_rules() -> None:
    # With no trump suit, the rank cards are trumps under classic rules and stay in their
    # suits under standard ones (R-T7): a rank card led with a card of its suit is one
    # suit in standard and mixed in classic. check_position without rules refuses only
    # what every rule set refuses; Game.from_position refuses under its own rules.
    for seed in range(20):
        position = next(play_decisions(STANDARD, seed)).position()
        leader = position.to_play
        hand = from_layers(*position.hands[leader])
        pairs = [
            (a, b)
            for a in hand
            for b in hand
            if a < 52 and b < 52 and a % 13 == position.rank != b % 13 and a // 13 == b // 13
        ]
        if pairs:
            break
    else:
        raise AssertionError("no leader holds a rank card and a card of its suit")
    lead = pairs[0]
    hands = list(position.hands)
    hands[leader] = remove_layers(hands[leader], to_layers(lead))
    bad = dataclasses.replace(
        position, trump_suit=None, hands=tuple(hands), trick=((leader, lead),)
    )
    check_position(bad)
    check_position(bad, STANDARD)
    assert Game.from_position(bad, STANDARD).round.trick == [(leader, lead)]
    with pytest.raises(PositionError, match=r"^R-C4"):
        check_position(bad, CLASSIC)
    with pytest.raises(PositionError, match=r"^R-C4"):
        Game.from_position(bad, CLASSIC)


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything playing a copy must leave as it was."""
    return (
        game.phase,
        dataclasses.astuple(game.round),
        tuple(game.events),
        tuple(game.actions),
        tuple(game.levels),
        tuple(game.results),
        tuple(game.packs),
        game.winner,
        game.dealer.random_state(),
    )


@pytest.mark.parametrize("stop", [0, 30, 101, 104, 160, 400])
def test_playing_a_copy_leaves_the_original_unchanged(stop: int) -> None:
    # stop after ``stop`` steps: in the draw, the window, the exchange, the play
    pack = full_pack()
    random.Random(4).shuffle(pack)
    game = Game(STANDARD, 4, decks=[pack, list(reversed(pack))], round_limit=3)
    players = players_for(4)
    for _ in range(stop):
        step(game, players)
    before = snapshot(game)
    twin = game.copy()
    assert snapshot(twin) == before
    finish(twin, 11)
    assert snapshot(game) == before
    # and the original, played the same way, goes exactly where the copy went
    finish(game, 11)
    assert snapshot(game) == snapshot(twin) and game.packs == twin.packs
