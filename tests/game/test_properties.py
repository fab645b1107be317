"""Properties of whole games played by seeded random players, under both presets.

docs/rules.md §11 and the rules they rest on:

- R-D1 / §11: after every action the 108 cards lie in exactly one place each
  (``game.card_locations()``: hands, pack, talon, the trick, tricks taken).
- R-S1–R-S3, R-H3: every round's opponents' points are the points of the tricks the
  opponents took, plus the failed-throw penalties (signed by the thrower's team), plus
  the talon bonus; each piece recomputed here from the events.
- R-P1–R-P7, R-H2, R-K1, R-T4: the seat the game waits for always has a legal action.
- §11: a refused action (a card not held, a play out of turn, 7 cards buried …) names a
  rule and changes nothing.
- §11 / R-K1: ``observe(game, seat)`` shows a seat only what it may see, and the
  finished round's talon to everyone.
- Records: replaying a game's record gives exactly the same events.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import pytest

from tuolaji.arena.runner import play_until
from tuolaji.bots.base import Player
from tuolaji.core import (
    CLASSIC,
    STANDARD,
    IllegalAction,
    NotationError,
    RuleSet,
    classify,
    legal_follows,
    parse_cards,
    trump_context,
)
from tuolaji.core.cards import POINTS, count_layers, full_pack, team_of
from tuolaji.game import (
    ActionKind,
    Bury,
    Declare,
    Draw,
    Game,
    Observation,
    Pass,
    Phase,
    Play,
    observation_to_json,
    observe,
)
from tuolaji.game.actions import Action
from tuolaji.game.events import (
    CardDrawn,
    Played,
    RoundEnded,
    RoundStarted,
    TalonBonus,
    ThrowFailed,
    TrickWon,
    TrumpSettled,
)
from tuolaji.game.record import record_from_json, record_of, replay

from .test_scenarios import random_players, snapshot

PRESETS = [pytest.param(STANDARD, id="standard"), pytest.param(CLASSIC, id="classic")]
FULL_PACK = sorted(full_pack())


def steps(game: Game, players: Sequence[Player]) -> Iterator[None]:
    """Play ``game`` as ``arena.runner.step`` does, yielding after every single action:
    while the game waits for chance, draw, then ask the drawer to declare when a
    declaration of theirs would stand (R-T2); otherwise ask the seat the game waits for."""
    while (turn := game.turn()).phase is not Phase.OVER:
        if turn.chance:
            drawer = game.next_drawer()
            assert drawer is not None
            drawn = game.draw()[0]
            assert isinstance(drawn, CardDrawn) and drawn.seat == drawer
            yield
            if game.turn().chance and game.could_declare(drawer):
                cards = players[drawer].declaration(observe(game, drawer))
                if cards:
                    game.declare(drawer, cards)
                    yield
            continue
        seat = turn.seat
        assert seat is not None
        kinds = turn.kinds(seat)
        if ActionKind.PLAY in kinds:
            game.play(seat, players[seat].play(observe(game, seat)))
        elif ActionKind.BURY in kinds:
            game.bury(seat, players[seat].bury(observe(game, seat)))
        else:  # the final declaring window (R-T4)
            cards = players[seat].declaration(observe(game, seat))
            if cards:
                game.declare(seat, cards)
            else:
                game.pass_declaring(seat)
        yield


def checked_game(rules: RuleSet, seed: int, check: Callable[[Game, int], None]) -> Game:
    """A whole random game with ``check(game, action_number)`` after every action."""
    game = Game(rules, seed)
    check(game, 0)
    for number, _ in enumerate(steps(game, random_players(seed)), start=1):
        check(game, number)
    return game


# ------------------------------------------------------------ card conservation


def check_conservation(game: Game) -> None:
    """R-D1: the places together hold the full pack, each card once. (One sorted list
    compared with the pack: this runs after every action of every game, and adding
    ``Counter`` objects made it the slowest check of the suite.)"""
    everywhere = [card for cards in game.card_locations().values() for card in cards]
    everywhere.sort()
    assert everywhere == FULL_PACK, Counter(everywhere) - Counter(FULL_PACK)
    # the hand sizes the round keeps (for the observations) are the hands'
    state = game.round
    assert state.hand_sizes == [count_layers(*hand) for hand in state.hands]


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("seed", range(4))
def test_r_d1_every_card_is_in_exactly_one_place_after_every_action(
    rules: RuleSet, seed: int
) -> None:
    game = checked_game(rules, seed, lambda game, _: check_conservation(game))
    assert game.phase is Phase.OVER


def check_action_count(game: Game, number: int) -> None:
    """The log's count and last action are those of the listed actions (checked at
    every 50th action, since listing them all is what the count saves)."""
    if number % 50 == 0 or game.phase is Phase.OVER:
        actions = game.actions
        assert game.action_count == len(actions)
        assert game.last_action == (actions[-1] if actions else None)


@pytest.mark.parametrize("rules", PRESETS)
def test_the_action_count_and_last_action_are_those_of_the_action_list(rules: RuleSet) -> None:
    assert Game(rules, 0).action_count == 0 and Game(rules, 0).last_action is None
    checked_game(rules, 5, check_action_count)


# ------------------------------------------------------------- the seat to act


def check_legal_action_exists(game: Game) -> None:
    state = game.round
    seat = game.to_act()
    if game.phase is Phase.DRAW:
        assert seat is None and game.can_draw()
    elif game.phase is Phase.DECLARE:
        assert seat == state.window_seat and game.can_pass(seat)
    elif game.phase is Phase.EXCHANGE:
        assert seat is not None and seat == state.starter
        hand = game.hand(seat)
        assert len(hand) == 33 and game.can_bury(seat, hand[:8])
    elif game.phase is Phase.PLAY:
        assert seat is not None and state.ctx is not None
        hand = game.hand(seat)
        if state.lead is None:  # a leader may lead any single card (R-P1)
            assert hand and all(game.can_play(seat, [card]) for card in set(hand))
        else:
            must_beat = seat == state.blocker
            follow = next(legal_follows(state.ctx, state.lead, hand, must_beat), None)
            assert follow is not None and game.can_play(seat, follow)
    else:
        assert seat is None and game.winner is not None


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("seed", range(10, 13))
def test_r_p_the_seat_to_act_always_has_a_legal_action(rules: RuleSet, seed: int) -> None:
    checked_game(rules, seed, lambda game, _: check_legal_action_exists(game))


# ------------------------------------------------------------- refused actions


def refused_candidates(game: Game, rng: random.Random) -> list[tuple[Action, set[str]]]:
    """Random actions the rules forbid now, each with the rule ids it may be refused by."""
    state = game.round
    phase = game.phase
    seat = game.to_act()
    other = rng.choice([s for s in range(4) if s != seat])
    other_hand = game.hand(other)
    out: list[tuple[Action, set[str]]] = []
    if phase is not Phase.DRAW:
        out.append((Draw(), {"R-D2"}))
    if phase is not Phase.DECLARE:
        out.append((Pass(rng.randrange(4)), {"R-T4"}))
    if phase is not Phase.EXCHANGE:
        out.append((Bury(rng.randrange(4), tuple(other_hand[:8])), {"R-K1"}))
    else:
        assert seat is not None
        hand = game.hand(seat)
        out.append((Bury(seat, tuple(rng.sample(hand, 7))), {"R-K1"}))
        out.append((Bury(seat, tuple(rng.sample(hand, 9))), {"R-K1"}))
        out.append((Bury(other, tuple(other_hand[:8])), {"R-K1"}))
    if phase is not Phase.PLAY:
        out.append((Play(other, tuple(other_hand[:1])), {"R-P1"}))
    else:
        assert seat is not None
        hand = game.hand(seat)
        size = state.lead.size if state.lead is not None else 1
        missing = rng.choice([kind for kind in range(54) if kind not in hand])
        out.append((Play(seat, (missing, *hand[: size - 1])), {"R-P2"}))
        if other_hand:
            out.append((Play(other, tuple(other_hand[:size])), {"R-P1"}))
    if phase in (Phase.DRAW, Phase.DECLARE):
        # a rank card the seat does not hold: not held (R-T2), or too weak (R-T3)
        declarer = seat if seat is not None else rng.randrange(4)
        hand = game.hand(declarer)
        kinds = [s * 13 + state.rank for s in range(4)]
        absent = [kind for kind in kinds if kind not in hand]
        if absent:
            out.append((Declare(declarer, (rng.choice(absent),)), {"R-T2", "R-T3"}))
        if phase is Phase.DECLARE:
            out.append((Pass(other), {"R-T4"}))
    else:
        out.append((Declare(rng.randrange(4), (state.rank,)), {"R-T4"}))
    return out


def check_refusals(game: Game, rng: random.Random) -> None:
    for action, rules in refused_candidates(game, rng):
        before = snapshot(game)
        with pytest.raises(IllegalAction) as refused:
            game.apply(action)
        assert refused.value.rule in rules, (action, refused.value.message)
        assert snapshot(game) == before, action


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("seed", range(20, 22))
def test_refused_random_actions_change_nothing(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)

    def check(game: Game, number: int) -> None:
        if number % 3 == 0 or game.phase in (Phase.DECLARE, Phase.EXCHANGE, Phase.OVER):
            check_refusals(game, rng)

    checked_game(rules, seed, check)


# ---------------------------------------------------------------- observations


@functools.lru_cache(maxsize=8192)
def cards_in_text(text: str) -> tuple[int, ...]:
    """The cards a string of an observation writes (none when it is not card notation).
    Cached: the same strings (a trick, a declaration) come back in observation after
    observation."""
    try:
        return tuple(parse_cards(text))
    except NotationError:
        return ()


#: a string of a JSON document (json.dumps escapes every quote and backslash inside one)
JSON_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def cards_in_json(text: str) -> Counter[int]:
    """Every card written in any string (key or value) of a JSON document. The strings
    are read off the text: parsing it back and walking the tree cost more than the rest
    of the check."""
    found: list[int] = []
    for string in JSON_STRING.findall(text):
        found += cards_in_text(string)
    return Counter(found)


def visible_to(game: Game, seat: int | None) -> Counter[int]:
    """What ``seat`` may see now: its hand, the cards played this round, declarations
    (the standing one is shown again on its own), the turned talon, its own burial, the
    cards of a failed throw (shown face up), and the last round's talon (R-K1: the
    burial is secret only until the round ends)."""
    state = game.round
    seen: list[int] = []  # counted once at the end: cheaper than Counter.update per play
    if seat is not None:
        seen += game.hand(seat)
    for _, played in state.trick:
        seen += played
    for trick in state.tricks:
        for _, played in trick.plays:
            seen += played
        if trick.failed_throw is not None:  # kept whole with its trick (R-H1–R-H3)
            seen += trick.failed_throw.attempted
            seen += trick.failed_throw.forced
    for declaration in state.declarations:
        seen += declaration.cards
    if state.declaration is not None:
        seen += state.declaration.cards
    if game.results:  # R-K1: the last round's talon is no secret once it is over
        seen += game.results[-1].talon
    seen += state.talon_flipped
    if seat is not None and seat == state.starter and game.phase is Phase.PLAY:
        seen += state.talon
    if state.failed_throw is not None:
        seen += state.failed_throw.attempted
        seen += state.failed_throw.forced
    return Counter(seen)


def check_observation(game: Game, seat: int | None) -> None:
    obs = observe(game, seat)
    state = game.round
    names = set(Observation._fields)
    assert not any("hands" in name for name in names)
    assert obs.hand == (tuple(game.hand(seat)) if seat is not None else ())
    # Another seat's hand as bit layers must not appear in any field. Only hands of 8 or
    # more cards are looked for: the layers of a smaller hand are small pairs of ints
    # that an unrelated field can equal by chance (the levels (1, 0) are the layers of
    # a hand holding only 2S).
    others = {
        state.hands[s]
        for s in range(4)
        if s != seat and state.hands[s][0].bit_count() + state.hands[s][1].bit_count() >= 8
    }
    for name in names:
        value = getattr(obs, name)
        assert name == "hand_layers" or value not in others, name
    if seat is not None and seat == state.starter and game.phase is Phase.PLAY:
        assert obs.buried == state.talon
    else:
        assert obs.buried == ()
    # R-K1: every seat and the spectator see the finished round's talon
    assert obs.last_round == (game.results[-1] if game.results else None)
    shown = cards_in_json(json.dumps(observation_to_json(obs)))
    visible = visible_to(game, seat)
    assert all(count <= visible[kind] for kind, count in shown.items()), (
        seat,
        shown - visible,
    )


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("seed", range(30, 32))
def test_observe_never_shows_another_seats_hidden_cards(rules: RuleSet, seed: int) -> None:
    def check(game: Game, number: int) -> None:
        if number % 4 == 0 or game.phase in (Phase.EXCHANGE, Phase.OVER):
            for seat in (0, 1, 2, 3, None):
                check_observation(game, seat)

    checked_game(rules, seed, check)


# ---------------------------------------------------------------------- points


def check_points(game: Game, rules: RuleSet) -> int:
    """Recompute every round's opponents' points from the events; returns how many
    rounds were checked."""
    results = iter(game.results)
    checked = 0
    declarers = None
    ctx = None
    trick: list[tuple[int, tuple[int, ...]]] = []
    last_lead: tuple[int, ...] = ()
    trick_points = penalties = bonus = 0
    last_winner = -1
    for event in game.events:
        if isinstance(event, RoundStarted):
            trick_points = penalties = bonus = 0
            trick = []
        elif isinstance(event, TrumpSettled):
            declarers = event.declarers
            ctx = trump_context(event.rank, event.suit, rules)
        elif isinstance(event, ThrowFailed):
            lost = rules.throw_penalty * (len(event.attempted) - len(event.forced))
            assert event.penalty == lost
            penalties += lost if team_of(event.seat) == declarers else -lost
        elif isinstance(event, Played):
            trick.append((event.seat, event.cards))
        elif isinstance(event, TrickWon):
            points = sum(POINTS[card] for _, cards in trick for card in cards)
            assert event.points == points
            if team_of(event.seat) != declarers:  # R-S1
                trick_points += points
            last_lead, last_winner, trick = trick[0][1], event.seat, []
        elif isinstance(event, TalonBonus):
            assert ctx is not None and team_of(last_winner) != declarers
            largest = max(part.size for part in classify(ctx, last_lead).parts)
            expected = {
                "cards": 2 * len(last_lead),
                "largest_part": 2 * largest,
                "power": 2**largest,
            }[rules.talon_multiplier]
            assert event.multiplier == expected
            bonus = sum(POINTS[card] for card in event.talon) * expected
            assert event.points == bonus
        elif isinstance(event, RoundEnded):
            result = next(results)
            assert result.talon_shown == (team_of(last_winner) != declarers)  # R-S2
            assert (result.trick_points, result.penalties, result.talon_bonus) == (
                trick_points,
                penalties,
                bonus,
            )
            assert result.opponents_points == trick_points + penalties + bonus
            assert event.opponents_points == result.opponents_points
            checked += 1
    assert next(results, None) is None
    return checked


@pytest.mark.parametrize("rules", PRESETS)
def test_r_s2_r_h3_opponents_points_add_up(rules: RuleSet) -> None:
    rounds = 0
    for seed in range(40, 52):
        game = Game(rules, seed)
        play_until(game, random_players(seed))
        rounds += check_points(game, rules)
    assert rounds > 100


# ---------------------------------------------------------------------- replay


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("seed", range(60, 64))
def test_replaying_a_record_gives_the_same_events(rules: RuleSet, seed: int) -> None:
    game = Game(rules, seed)
    play_until(game, random_players(seed))
    record = record_of(game, ["random"] * 4)
    again = replay(record)
    assert again.events == game.events
    assert (again.levels, again.winner, again.results) == (game.levels, game.winner, game.results)
    through_json = replay(record_from_json(json.loads(json.dumps(record.to_json()))))
    assert through_json.events == game.events


@pytest.mark.parametrize("rules", PRESETS)
def test_replaying_an_unfinished_game_gives_the_same_state(rules: RuleSet) -> None:
    game = Game(rules, 70)
    play_until(game, random_players(70), max_rounds=2)
    for _ in range(37):  # stop in the middle of a deal
        game.draw()
    again = replay(record_of(game, ["random"] * 4))
    assert again.events == game.events
    assert snapshot(again) == snapshot(game)
