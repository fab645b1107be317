"""Post-game analysis (tuolaji.arena.analysis, docs/analysis.md).

- It never uses hidden information: every decision analysed with the other hands and
  the talon guarded (the no-peeking guards of tests/bots) gives the analysis of the
  whole record, number for number.
- With a budget in guesses it is reproducible (no clock read), whatever rounds are
  analysed and however many worker processes share the decisions; another seed
  guesses differently.
- On a constructed position with one clearly best play it finds that play: leading the
  top trump early throws away the last trick and its talon bonus (R-S2).
- Bad requests (a seat or round the record lacks, a bad budget) are refused cleanly.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bots.test_no_peeking import GuardedHands, GuardedTalon
from noclock import forbid_the_clock
from tuolaji.arena import analysis
from tuolaji.arena.analysis import (
    DEFAULT_INFERENCE,
    AnalysisError,
    DecisionAnalysis,
    analyse_decision,
    analyse_record,
    decision_rng,
    seat_decisions,
)
from tuolaji.arena.runner import step
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.knowledge import Knowledge, knowledge_for
from tuolaji.core import STANDARD
from tuolaji.core.cards import RJ, full_pack, parse_card, parse_cards, points_of, to_layers
from tuolaji.game import Game, Phase, RoundStart, observe
from tuolaji.game.actions import Bury, Play
from tuolaji.game.position import Position
from tuolaji.game.record import GameRecord, record_of
from tuolaji.game.state import CompletedTrick


def heuristic_record(seed: int, rounds: int = 1) -> GameRecord:
    """The record of a game of four heuristic players."""
    game = Game(STANDARD, seed, start=RoundStart(seed % 13, 0, 0), round_limit=rounds)
    players = [HeuristicPlayer(seed * 4 + seat) for seat in range(4)]
    while game.phase is not Phase.OVER:
        step(game, players)
    return record_of(game, ["heuristic"] * 4)


# ------------------------------------------------------------------ no peeking


@pytest.mark.parametrize("seat", [0, 3])
def test_the_analysis_is_the_same_with_every_hidden_card_guarded(seat: int) -> None:
    record = heuristic_record(5)
    # with the inference on: it reads the others' earlier plays, and nothing hidden
    whole = analyse_record(record, seat, guesses=2, seed=1, inference=0.2)
    # The record replayed by hand: at each of the seat's plays, the other hands (and the
    # talon, unless the seat buried it) raise on any access while the analysis runs.
    game = Game(record.rules, record.seed, decks=record.packs, start=record.start)
    guarded: list[DecisionAnalysis] = []
    know: Knowledge | None = None
    for action in record.actions:
        if isinstance(action, (Play, Bury)) and action.seat == seat:
            obs = observe(game, seat)
            state = game.round
            hands, talon = state.hands, state.talon
            state.hands = GuardedHands(hands, seat)
            if seat != state.starter:
                state.talon = GuardedTalon(talon)
            try:
                know = knowledge_for(obs, know)
                trick = 0 if isinstance(action, Bury) else len(obs.tricks) + 1
                rng = decision_rng(1, obs.round_number, trick)
                result = analyse_decision(obs, know, action.cards, rng, guesses=2, inference=0.2)
            finally:
                state.hands, state.talon = hands, talon
            if result is not None:
                guarded.append(result)
        game.apply(action)
    assert len(guarded) > 10
    assert tuple(guarded) == whole.decisions


def test_the_decisions_are_the_seats_own_plays_with_its_observation() -> None:
    record = heuristic_record(6)
    decisions = seat_decisions(record, 2)
    plays = [a for a in record.actions if isinstance(a, Play) and a.seat == 2]
    assert [d.cards for d in decisions] == [p.cards for p in plays]
    for decision in decisions:
        obs = decision.observation
        assert obs.seat == 2 and obs.to_act == 2 and obs.phase is Phase.PLAY
        assert decision.trick == len(obs.tricks) + 1
        assert set(decision.cards) <= set(obs.hand)
    assert [d.trick for d in decisions] == list(range(1, len(decisions) + 1))


def test_the_starters_burial_is_analysed_from_its_hand_before_the_first_trick() -> None:
    record = heuristic_record(6)  # seat 0 starts the round, and buries (R-K1)
    decisions = seat_decisions(record, 0)
    burial = next(a for a in record.actions if isinstance(a, Bury))
    first = decisions[0]
    assert (first.trick, first.cards) == (0, burial.cards)
    assert first.observation.phase is Phase.EXCHANGE and len(first.observation.hand) == 33
    assert [d.trick for d in decisions[1:]] == list(range(1, len(decisions)))
    analysed = analyse_record(record, 0, guesses=3, seed=2, round_number=1)
    entry = analysed.to_json(3)["decisions"][0]
    assert (entry["kind"], entry["trick"], entry["leading"]) == ("burial", 0, False)
    hand = first.observation.hand
    for candidate in analysed.decisions[0].estimates:
        assert len(candidate.cards) == 8
        assert not Counter(candidate.cards) - Counter(hand)
    assert analysed.decisions[0].chosen.cards == tuple(sorted(burial.cards))
    # the seat that did not bury has no burial to analyse
    assert all(d.trick > 0 for d in seat_decisions(record, 1))


# ------------------------------------------------------------------ reproducible


def test_a_budget_in_guesses_is_reproducible_and_reads_no_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = heuristic_record(7, rounds=2)
    first = analyse_record(record, 0, guesses=2, seed=4)
    forbid_the_clock(monkeypatch)
    assert analyse_record(record, 0, guesses=2, seed=4) == first
    assert first.to_json(5) == analyse_record(record, 0, guesses=2, seed=4).to_json(5)
    # one round alone gives that round's part of the whole analysis
    second = analyse_record(record, 0, guesses=2, seed=4, round_number=2)
    assert second.decisions == tuple(d for d in first.decisions if d.round_number == 2)
    assert {d.round_number for d in first.decisions} == {1, 2}
    # another seed guesses other cards
    other = analyse_record(record, 0, guesses=2, seed=5, round_number=2)
    assert [d.estimates for d in other.decisions] != [d.estimates for d in second.decisions]


def test_the_json_document_holds_every_decision_and_the_costliest() -> None:
    record = heuristic_record(8)
    result = analyse_record(record, 1, guesses=3, seed=0)
    document = result.to_json(3)
    assert document["format"] == "tuolaji-analysis" and document["version"] == 2
    assert (document["seat"], document["team"], document["guesses"]) == (1, 1, 3)
    assert document["inference"] == DEFAULT_INFERENCE
    decisions = document["decisions"]
    assert len(decisions) == len(result.decisions) > 5
    assert document["forced"] + len(decisions) == len(seat_decisions(record, 1))
    for entry in decisions:
        assert entry["kind"] == ("lead" if entry["leading"] else "follow")
        assert entry["loss"] >= 0 and entry["noise"] >= 0
        assert entry["played"]["cards"] in [c["cards"] for c in entry["candidates"]]
        assert entry["best_alternative"]["cards"] != entry["played"]["cards"]
        utilities = [c["utility"] for c in entry["candidates"]]
        assert utilities == sorted(utilities, reverse=True)
        better = entry["best_alternative"]["utility"] - entry["played"]["utility"]
        assert entry["loss"] == pytest.approx(max(0.0, better), abs=0.002)
    costliest = document["costliest"]
    losses = [decisions[i]["loss"] for i in costliest]
    assert losses == sorted(losses, reverse=True) and all(loss > 0 for loss in losses)
    assert len(costliest) == min(3, sum(1 for d in decisions if d["loss"] > 0))


# ------------------------------------------------------------------ a clear best play


def last_tricks_position() -> Position:
    """Two tricks to go; West (seat 0) is an opponent of the declarers and leads,
    holding the top trump (RJ, the other one played) and 3C. Every unseen card beats
    3C (higher clubs and trumps: spades), and the 8 buried cards are among them, worth
    about 57 points. Leading 3C first saves RJ to win the last trick for sure, and with
    it the talon doubled (R-S2); leading RJ first leaves the last trick to whoever beats
    3C, an opponent two times in three."""
    unseen = parse_cards("5C 5C TC TC KC KC AC AC 5S 5S TS TS KS KS")
    own = [RJ, parse_card("3C")]
    rest = list(full_pack())
    for card in [*own, *unseen]:
        rest.remove(card)
    # the point cards first, in tricks the declarers (seat 1) win; no points in the
    # 23rd trick, which seat 0 wins, to lead the 24th
    rest.sort(key=lambda kind: (-points_of([kind]), kind))
    tricks: list[CompletedTrick] = []
    leader = 1
    for number in range(1, 24):
        cards = rest[(number - 1) * 4 : number * 4]
        plays = tuple(((leader + i) % 4, (cards[i],)) for i in range(4))
        winner = 0 if number == 23 else 1
        tricks.append(CompletedTrick(number, plays, winner, points_of(cards)))
        leader = winner
    assert points_of(rest[88:]) == 0
    hands = (to_layers(own), to_layers(unseen[0:2]), to_layers(unseen[2:4]), to_layers(unseen[4:6]))
    return Position(
        round_number=1,
        rank=0,
        trump_suit=0,  # spades; the trump rank is 2
        declarers=1,
        starter=1,
        hands=hands,
        talon=tuple(unseen[6:]),
        tricks=tuple(tricks),
    )


@pytest.mark.parametrize("seed", [0, 1])
def test_it_finds_the_play_that_keeps_the_last_trick(seed: int) -> None:
    game = Game.from_position(last_tricks_position(), STANDARD)
    obs = observe(game, 0)
    assert obs.to_act == 0 and obs.lead is None and obs.opponents_points == 0
    know = knowledge_for(obs, None)
    bad = analyse_decision(obs, know, [RJ], decision_rng(seed, 1, 24), guesses=16)
    assert bad is not None and bad.leading and not bad.declaring
    assert bad.best.cards == (parse_card("3C"),)
    assert bad.loss > 0.5 and bad.loss_levels > 0.5 and bad.loss_points > 20
    assert bad.loss > 2 * bad.noise
    good = analyse_decision(obs, know, parse_cards("3C"), decision_rng(seed, 1, 24), guesses=16)
    assert good is not None and good.loss == good.loss_levels == good.loss_points == 0
    assert good.best.cards == (RJ,) and good.best.utility < good.chosen.utility


# ------------------------------------------------------------------ refusals


def test_worker_processes_give_the_analysis_of_one_process() -> None:
    # Two rounds over three workers: each worker carries the seat's knowledge on from
    # its last decision, across the round's end too, and the results keep their order.
    record = heuristic_record(7, rounds=2)
    alone = analyse_record(record, 3, guesses=2, seed=4, inference=0.5)
    ticks: list[tuple[int, int]] = []
    shared = analyse_record(
        record,
        3,
        guesses=2,
        seed=4,
        inference=0.5,
        jobs=3,
        progress=lambda done, total: ticks.append((done, total)),
    )
    assert shared == alone and shared.to_json(99) == alone.to_json(99)
    total = len(alone.decisions) + alone.forced
    assert ticks == [(done, total) for done in range(1, total + 1)]
    assert {d.round_number for d in shared.decisions} == {1, 2}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"jobs": 0}, "the worker processes (jobs) must be 1 to 128, not 0"),
        ({"seat": 4}, "there is no seat 4: seats are 0 to 3 (R-N4)"),
        ({"seat": -1}, "there is no seat -1: seats are 0 to 3 (R-N4)"),
        ({"round_number": 2}, "the record has no round 2: it holds rounds 1 to 1"),
        ({"round_number": 0}, "the record has no round 0: it holds rounds 1 to 1"),
        ({"guesses": 0}, "the guesses must be 1 to 10000, not 0"),
        ({"width": 0}, "the width must be 1 or more, not 0"),
        ({"inference": 0}, "the inference weight is above 0 and at most 1, not 0"),
        ({"inference": 1.5}, "the inference weight is above 0 and at most 1, not 1.5"),
    ],
)
def test_requests_the_record_cannot_answer_are_refused(
    kwargs: dict[str, Any], message: str
) -> None:
    record = heuristic_record(9)
    with pytest.raises(AnalysisError) as error:
        analyse_record(record, **kwargs)
    assert str(error.value) == message


def test_the_command_line_limit_on_guesses_is_the_analysis_limit() -> None:
    from tuolaji import cli_analyse

    assert cli_analyse.MAX_GUESSES == analysis.MAX_GUESSES
