"""shengji.io's remaining settings in whole games (docs/rules.md §12):

- R-H3 ``throw_penalty_per``: under ``"throw"`` every failed throw pays
  ``throw_penalty`` once, whatever it took back.
- R-T6 ``talon_flip``: under ``"first_card"`` a later round nobody declares in turns one
  card, whose suit is trump — a joker first makes a round with no trump suit.
- R-T2, R-T3 ``declaration_order``, ``reinforce_to_tie``, ``red_joker_single``: every
  declaration that stands overrides the one before by the order, or ties it by
  reinforcing; only with ``red_joker_single`` a red joker stands alone.
- R-T5 ``first_declarer_starts``: round 1's starter is the first seat that declared; the
  declaration that stands still gives the suit.
- R-W4 ``throw_evaluation``: each trick goes to the play the trick rules give under it.

Over random games with random settings: every action legal (each goes through the
game's checks), no card lost, each setting's invariant, and each record replaying to the
same events under the same rules.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tuolaji.core import RuleSet, parse_cards
from tuolaji.core.cards import BJ, RJ, full_pack, team_of
from tuolaji.core.declare import Declaration, _order_key
from tuolaji.core.rules import STANDARD, preset
from tuolaji.core.tricks import trick_winner
from tuolaji.game import Game, Phase
from tuolaji.game.events import (
    Declared,
    RoundStarted,
    TalonFlipped,
    ThrowFailed,
    TrumpSettled,
)
from tuolaji.game.record import record_from_json, record_of, replay
from tuolaji.game.state import RoundStart

from .test_house_rules import quiet_players
from .test_properties import check_conservation, steps
from .test_scenarios import random_players

# ------------------------------------------------------------------ R-T6 the first card


def later_round_nobody_declares(rules: RuleSet, talon: str, seed: int = 5) -> Game:
    """A later round (rank 5, team 0 declaring, seat 2 starting) whose pack ends with
    ``talon``, in which nobody declares: every card drawn, four passes."""
    rest = list(full_pack())
    for card in parse_cards(talon):
        rest.remove(card)
    deck = rest + parse_cards(talon)
    game = Game(rules, seed, decks=[deck], start=RoundStart(3, 0, 2))
    while game.phase is Phase.DRAW:
        game.draw()
    while game.phase is Phase.DECLARE:
        game.pass_declaring(game.round.window_seat)
    return game


def test_r_t6_under_first_card_the_first_card_turned_decides() -> None:
    rules = STANDARD.with_options(talon_flip="first_card")
    game = later_round_nobody_declares(rules, "KH 5S 5S 7C 8C 9C TC JC")
    flipped = next(event for event in game.events if isinstance(event, TalonFlipped))
    assert flipped.turned == tuple(parse_cards("KH")) and flipped.suit == 1
    assert game.ctx is not None and game.ctx.suit == 1
    # today's rule turns on to the first 5: spades
    game = later_round_nobody_declares(STANDARD, "KH 5S 5S 7C 8C 9C TC JC")
    assert game.ctx is not None and game.ctx.suit == 0


def test_r_t6_a_joker_turned_first_makes_a_round_without_a_trump_suit() -> None:
    rules = preset("shengji")  # its default: the first card
    game = later_round_nobody_declares(rules, "BJ 5S 5S 7C 8C 9C TC JC")
    flipped = next(event for event in game.events if isinstance(event, TalonFlipped))
    assert flipped.turned == (BJ,) and flipped.suit is None
    settled = next(event for event in game.events if isinstance(event, TrumpSettled))
    assert settled.suit is None and game.ctx is not None and game.ctx.suit is None
    assert game.phase is Phase.EXCHANGE and game.round.starter == 2


# ------------------------------------------------------------------ R-T5 the first declarer


def declaring_game(rules: RuleSet, want: Any, seeds: range = range(60)) -> Game:
    """The first seeded game whose draw, driven by ``want(game, seat)`` (the cards the
    seat that just drew declares, or None), reaches the exchange with the declarations
    ``want`` asked for made."""
    for seed in seeds:
        game = Game(rules, seed)
        while game.phase is Phase.DRAW:
            seat = game.next_drawer()
            assert seat is not None
            game.draw()
            cards = want(game, seat)
            if cards is not None and game.can_declare(seat, cards):
                game.declare(seat, cards)
        while game.phase is Phase.DECLARE:
            game.pass_declaring(game.round.window_seat)
        if game.phase is Phase.EXCHANGE and len(game.round.declarations) >= 2:
            return game
    raise AssertionError("no seed gave the declarations wanted")


def single_then_pair(game: Game, seat: int) -> list[int] | None:
    """Seat 1 declares the first 2 it holds; then a seat of the other team declares a
    pair of 2s when it holds one."""
    hand = game.hand(seat)
    twos = [card for card in hand if card < BJ and card % 13 == 0]
    if not game.round.declarations:
        return twos[:1] if seat == 1 and twos else None
    pairs = [card for card in set(twos) if twos.count(card) == 2]
    if len(game.round.declarations) == 1 and seat in (0, 2) and pairs:
        return [pairs[0], pairs[0]]
    return None


def test_r_t5_the_first_declarer_starts_and_the_standing_declaration_names_the_suit() -> None:
    rules = STANDARD.with_options(first_declarer_starts=True)
    game = declaring_game(rules, single_then_pair)
    first, standing = game.round.declarations[0], game.round.declaration
    assert first.seat == 1 and standing is not None and standing.seat in (0, 2)
    assert game.round.starter == 1 and game.round.declarers == team_of(1)
    assert game.ctx is not None and game.ctx.suit == standing.suit
    # today's rule: the seat whose declaration stands starts
    same = Game(STANDARD, game.seed)
    for action in game.actions:
        same.apply(action)
    assert same.round.starter == standing.seat and same.round.declarers == team_of(standing.seat)


# ------------------------------------------------------------------ R-T3 reinforcing to tie


def tie_when_possible(game: Game, seat: int) -> list[int] | None:
    """Seat 1 declares a single 2; a seat of the other team overrides it with a pair; then
    seat 1 shows its single's twin as soon as it holds it."""
    declarations = game.round.declarations
    if len(declarations) >= 2 and seat == 1 and len(declarations) == 2:
        twin = [declarations[0].cards[0]]
        return twin if game.hand(1).count(twin[0]) == 2 else None
    return single_then_pair(game, seat)


def test_r_t3_a_seat_ties_the_pair_that_overrode_its_single_and_its_pair_stands() -> None:
    rules = STANDARD.with_options(reinforce_to_tie=True)
    for seed in range(300):
        game = Game(rules, seed)
        tied = False
        while game.phase is Phase.DRAW:
            seat = game.next_drawer()
            assert seat is not None
            game.draw()
            cards = tie_when_possible(game, seat)
            if cards is not None and game.can_declare(seat, cards):
                if len(game.round.declarations) == 2:
                    assert tuple(cards) in game.legal_declarations(seat)
                    # without the option the same cards are refused
                    twin = Game(STANDARD, seed)
                    for action in game.actions:
                        twin.apply(action)
                    assert not twin.can_declare(seat, cards)
                    tied = True
                game.declare(seat, cards)
        if tied:
            standing = game.round.declaration
            assert standing is not None and standing.seat == 1 and len(standing.cards) == 2
            assert standing.cards[0] == game.round.declarations[0].cards[0]
            return
    raise AssertionError("no seed gave a tie")


# ------------------------------------------------------------------ random games

SETTINGS = st.builds(
    lambda name, per, flip, order, tie, red, first, penalty, ruffs: preset(name).with_options(
        throw_penalty_per=per,
        throw_penalty=penalty,
        talon_flip=flip,
        declaration_order=order,
        # the length order lets no red pair over a black one (RulesError otherwise)
        red_jokers_override=preset(name).red_jokers_override and order != "length",
        reinforce_to_tie=tie,
        red_joker_single=red,
        first_declarer_starts=first,
        throw_evaluation=ruffs,
    ),
    st.sampled_from(["standard", "classic", "shengji"]),
    st.sampled_from(["card", "throw"]),
    st.sampled_from(["rank_or_highest", "first_card"]),
    st.sampled_from(["joker_or_length", "joker_or_higher_suit", "length"]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from([0, 10, 15]),
    st.sampled_from(["biggest_part", "highest"]),
)


def check_declarations(rules: RuleSet, declarations: list[Declared]) -> None:
    """R-T3: each declaration that stands overrides the one before by the order, ties it
    by reinforcing (``reinforce_to_tie``), or is its own declarer's reinforcement; R-T2:
    a single joker only a red one under ``red_joker_single``."""
    for before, after in itertools.pairwise(declarations):
        higher = _order_key(after.cards, rules) > _order_key(before.cards, rules)
        tie = (
            rules.reinforce_to_tie
            and len(after.cards) == len(before.cards) == 2
            and before.cards[0] < BJ
            and after.seat != before.seat
        )
        assert higher or tie, (before, after)
    for declared in declarations:
        if len(declared.cards) == 1 and declared.cards[0] >= BJ:
            assert rules.red_joker_single and declared.cards == (RJ,)


def check_round(rules: RuleSet, events: list[Any]) -> None:
    """Each setting's invariant over one round's events (RoundStarted to the next)."""
    started = events[0]
    assert isinstance(started, RoundStarted)
    declared = [event for event in events if isinstance(event, Declared)]
    check_declarations(rules, declared)
    settled = next((event for event in events if isinstance(event, TrumpSettled)), None)
    if settled is None:
        return  # dealt again (round 1, nobody declared)
    flipped = next((event for event in events if isinstance(event, TalonFlipped)), None)
    if flipped is not None and rules.talon_flip == "first_card":
        first = flipped.turned[0]
        assert len(flipped.turned) == 1
        assert flipped.suit == settled.suit == (None if first >= BJ else first // 13)
    if declared:
        assert settled.suit == Declaration(0, declared[-1].cards).suit
        if started.declarers is None:  # round 1: R-T5
            seat = declared[0].seat if rules.first_declarer_starts else declared[-1].seat
            assert (settled.starter, settled.declarers) == (seat, team_of(seat))
    for failed in (event for event in events if isinstance(event, ThrowFailed)):
        taken_back = len(failed.attempted) - len(failed.forced)
        per = 1 if rules.throw_penalty_per == "throw" else taken_back
        assert failed.penalty == rules.throw_penalty * per


@settings(max_examples=30, deadline=None)
@given(rules=SETTINGS, seed=st.integers(0, 10_000))
def test_random_games_under_shengji_settings(rules: RuleSet, seed: int) -> None:
    game = Game(rules, seed, round_limit=4)
    for _ in steps(game, random_players(seed)):  # every action through the checks: legal
        check_conservation(game)
    assert game.phase is Phase.OVER
    starts = [i for i, event in enumerate(game.events) if isinstance(event, RoundStarted)]
    for begin, end in zip(starts, [*starts[1:], len(game.events)], strict=True):
        check_round(rules, game.events[begin:end])
    # R-W4 under throw_evaluation: each trick of the last round went to the play the
    # trick rules give
    ctx = game.round.ctx
    for trick in game.round.tricks:
        assert ctx is not None
        plays = [cards for _seat, cards in trick.plays]
        assert trick.plays[trick_winner(ctx, plays)][0] == trick.winner
    record = record_of(game, ["a", "b", "c", "d"])
    again = replay(record_from_json(record.to_json()))
    assert again.events == game.events and again.rules == rules


@settings(max_examples=15, deadline=None)
@given(rules=SETTINGS, seed=st.integers(0, 10_000))
def test_later_rounds_nobody_declares_in_under_shengji_settings(rules: RuleSet, seed: int) -> None:
    # quiet players: every later round turns the talon (R-T6)
    game = Game(rules, seed, start=RoundStart(seed % 13, seed % 2, seed % 4), round_limit=2)
    for _ in steps(game, quiet_players(seed)):
        pass
    flips = [event for event in game.events if isinstance(event, TalonFlipped)]
    assert len(flips) == len(game.results) >= 1  # the game may end with the first round
    starts = [i for i, event in enumerate(game.events) if isinstance(event, RoundStarted)]
    for begin, end in zip(starts, [*starts[1:], len(game.events)], strict=True):
        check_round(rules, game.events[begin:end])


# ------------------------------------------------------------------ records of the preset


def test_a_record_of_the_shengji_preset_from_before_talon_flip_replays_as_it_was_played() -> None:
    # a later round nobody declares in, played before the preset took the first card
    before = preset("shengji").with_options(talon_flip="rank_or_highest")
    game = Game(before, 9, start=RoundStart(3, 0, 2), round_limit=1)
    for _ in steps(game, quiet_players(9)):
        pass
    data = record_of(game, ["a", "b", "c", "d"]).to_json()
    assert data["rules"]["talon_flip"] == "rank_or_highest"  # written: the preset sets it
    del data["rules"]["talon_flip"]  # as records written before the option hold them
    again = replay(record_from_json(data))
    assert again.rules == before and again.events == game.events
    # a record written now holds the preset's first card, and replays under it
    now = Game(preset("shengji"), 9, start=RoundStart(3, 0, 2), round_limit=1)
    for _ in steps(now, quiet_players(9)):
        pass
    data = record_of(now, ["a", "b", "c", "d"]).to_json()
    assert data["rules"]["talon_flip"] == "first_card"
    assert replay(record_from_json(data)).events == now.events
