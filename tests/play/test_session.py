"""The game driver: a whole round with the human at seat 0, refusals in plain words,
hints, and saving and resuming game records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuolaji.arena.runner import step
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core.cards import parse_cards
from tuolaji.core.rules import STANDARD
from tuolaji.game.events import Played, RoundEnded, TrickWon
from tuolaji.game.game import Game
from tuolaji.game.record import RecordError, load_record, replay
from tuolaji.game.state import Phase
from tuolaji.play.narrate import TrickFold, describe, game_over_text
from tuolaji.play.session import Session, Waiting
from tuolaji.play.view import expected
from tuolaji.play.words import plain

SEED = 3  # with random bots: the human may declare 2H 2H early, and then starts


def until(session: Session, wanted: Waiting, limit: int = 500) -> None:
    """Follow the hints until the session waits for ``wanted``."""
    for _ in range(limit):
        session.run_until_human()
        if session.waiting() is wanted:
            return
        assert session.follow_hint().ok
    raise AssertionError(f"never reached {wanted}")


def test_a_whole_round_follows_the_hints_to_the_summary() -> None:
    session = Session.new("random", seed=SEED, rounds=1)
    until(session, Waiting.SUMMARY)
    result, ended = session.last_result()  # type: ignore[misc]
    assert ended is not None and ended.number == 1
    assert result.opponents_points == ended.opponents_points
    log = [plain(message) for message in session.new_messages()]
    assert log[0] == "Round 1 begins: trump rank 2."
    assert any(line.startswith("Trick 1:") for line in log)
    assert "Round 1 is over." in log
    assert session.next_round().ok
    assert session.waiting() is Waiting.OVER


#: with random bots: the human, holding nothing that would stand, passes last in the
#: final window (R-T4), and that pass settles the trump
LAST_PASS_SEED = 193


@pytest.mark.parametrize("seed", [SEED, LAST_PASS_SEED])
def test_the_log_tells_every_event_worth_a_line_in_order(seed: int) -> None:
    session = Session.new("random", seed=seed, rounds=1)
    until(session, Waiting.SUMMARY)
    told = [plain(message) for message in session.new_messages()]
    described = [describe(event) for event in session.game.events]
    expected_lines = [plain(message) for message in described if message is not None]
    # the human's own pass, made for them, says why (no stronger declaration to make)
    automatic = "You pass: you have no stronger declaration to make."
    assert [line if line != automatic else "You pass." for line in told] == expected_lines
    if seed == LAST_PASS_SEED:  # the trump the last pass settled is told right after it
        trump = next(line for line in told if line.startswith("Trump: "))
        assert told[told.index(trump) - 1] == automatic


def test_a_front_end_may_leave_out_the_events_it_tells_its_own_way() -> None:
    session = Session.new("random", seed=SEED, rounds=1)
    until(session, Waiting.SUMMARY)
    told = [plain(message) for message in session.new_messages(leave_out=(RoundEnded, Played))]
    assert told and "Round 1 is over." not in told
    assert not any(" play " in line or line.endswith(" plays") for line in told)
    assert any(line.startswith("Trick 1: ") for line in told)  # the rest is all there
    assert session.new_messages() == []  # what was left out is not told later either


def test_the_draw_pauses_when_the_human_could_declare() -> None:
    session = Session.new("random", seed=SEED)
    session.run_until_human()
    assert session.waiting() is Waiting.OFFER
    assert session.game.phase is Phase.DRAW
    options = session.declaration_options()
    assert options  # what the human could declare, offered once
    assert session.declare(options[0]).ok
    assert session.game.round.declaration is not None
    assert session.game.round.declaration.seat == 0
    # the same options are not offered again: the draw goes on
    assert session.waiting() is not Waiting.OFFER


def test_keep_drawing_lets_the_deal_go_on() -> None:
    session = Session.new("random", seed=SEED)
    session.run_until_human()
    drawn = session.game.round.drawn
    assert session.keep_drawing().ok
    session.advance()
    assert session.game.round.drawn == drawn + 1
    assert not session.keep_drawing().ok  # nothing is paused now


def test_illegal_actions_are_refused_with_the_rule_and_change_nothing() -> None:
    session = Session.new("random", seed=SEED)
    session.run_until_human()
    refused = session.declare(parse_cards("AS"))
    assert not refused.ok and refused.rule == "R-T2"
    assert "R-T2" in refused.message and "trump rank" in refused.message
    assert session.declare(session.declaration_options()[0]).ok
    until(session, Waiting.BURY)
    actions = len(session.game.actions)
    short = session.bury(session.observation().hand[:3])
    assert not short.ok and short.rule == "R-K1" and "You chose 3." in short.message
    assert session.bury(session.observation().hand[:8]).ok
    until(session, Waiting.PLAY)
    obs = session.observation()
    hand = obs.hand
    assert obs.ctx is not None
    trump = next(card for card in hand if obs.ctx.is_trump(card))
    plain_card = next(card for card in hand if not obs.ctx.is_trump(card))
    mixed = session.play([plain_card, trump])
    assert not mixed.ok and mixed.rule == "R-C4"
    assert not session.play([]).ok
    assert len(session.game.actions) == actions + 1  # only the burial went in
    assert session.observation().hand == hand


def test_playing_out_of_turn_names_the_rule() -> None:
    session = Session.new("random", seed=SEED)
    session.run_until_human()
    assert session.keep_drawing().ok
    assert not session.play(session.observation().hand[:1]).ok  # still dealing
    until(session, Waiting.PLAY)
    assert session.play(session.hint().cards or ()).ok
    if session.game.phase is Phase.PLAY and session.game.round.to_play != 0:
        refused = session.play(session.observation().hand[:1])
        assert refused.rule == "R-P1"


def test_hints_are_legal_in_every_phase() -> None:
    session = Session.new("random", seed=5, rounds=1)
    for _ in range(400):
        session.run_until_human()
        waiting = session.waiting()
        if waiting is Waiting.SUMMARY:
            break
        hint = session.hint()
        if waiting is Waiting.PLAY:
            assert hint.cards and session.game.can_play(0, hint.cards)
        if waiting is Waiting.BURY:
            assert hint.cards and session.game.can_bury(0, hint.cards)
        if hint.cards and waiting in (Waiting.OFFER, Waiting.WINDOW):
            assert session.game.can_declare(0, hint.cards)
        assert session.follow_hint().ok
    assert session.waiting() is Waiting.SUMMARY


def test_save_and_resume_continue_the_same_game(tmp_path: Path) -> None:
    session = Session.new("random", seed=SEED, rounds=1)
    until(session, Waiting.PLAY)
    for _ in range(5):
        assert session.follow_hint().ok
        session.run_until_human()
    path = tmp_path / "game.json"
    saved = session.save(path)
    assert saved.ok and str(path) in saved.message
    resumed = Session.resume(path, "random")
    assert resumed.resumed and resumed.bot_names == ("random",) * 3
    before, after = session.observation(), resumed.observation()
    assert after.hand == before.hand
    assert after.trick == before.trick and after.tricks == before.tricks
    assert after.opponents_points == before.opponents_points
    assert resumed.waiting() is session.waiting()
    until(resumed, Waiting.SUMMARY)
    # the record is one `tuolaji replay` reads: the human is named, the actions replay
    record = load_record(path)
    assert record.players[0] == "human"
    assert replay(record).round.number == 1


def test_resume_never_starts_a_command_named_in_a_file(tmp_path: Path) -> None:
    session = Session.new("random", seed=SEED)
    path = tmp_path / "game.json"
    assert session.save(path).ok
    data = json.loads(path.read_text())
    data["players"] = ["human", "cmd:touch hacked", "heuristic", "random"]
    path.write_text(json.dumps(data))
    resumed = Session.resume(path, "random")
    assert resumed.bot_names == ("random", "heuristic", "random")


def test_resume_refuses_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(RecordError):
        Session.resume(path)


def test_saving_to_a_bad_place_is_a_message_not_a_crash(tmp_path: Path) -> None:
    session = Session.new("random", seed=SEED)
    outcome = session.save(tmp_path / "no" / "such" / "dir" / "game.json")
    assert not outcome.ok and "Could not save" in outcome.message


def test_unknown_bots_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bots"):
        Session.new("nobody", seed=1)


def test_the_round_summary_comes_before_the_next_round_begins() -> None:
    session = Session.new("random", seed=SEED, rounds=2)
    until(session, Waiting.SUMMARY)
    told = [plain(message) for message in session.new_messages()]
    assert told[-1] == "Round 1 is over."
    assert not any(line.startswith("Round 2 begins") for line in told)
    # reading the log again while the summary is shown tells nothing new
    session.advance()
    assert session.new_messages() == []
    assert session.next_round().ok
    after = [plain(message) for message in session.new_messages()]
    assert after[0].startswith("Round 2 begins: trump rank ")


def test_a_game_stopped_at_the_round_limit_is_saved_and_says_how_to_resume(
    tmp_path: Path,
) -> None:
    session = Session.new("random", seed=SEED, rounds=1)
    assert not session.finish(tmp_path / "early.json").ok  # not over yet: nothing saved
    assert not (tmp_path / "early.json").exists()
    until(session, Waiting.SUMMARY)
    assert session.next_round().ok
    assert session.waiting() is Waiting.OVER and session.stopped_at_round_limit()
    assert not session.unsaved  # an ended session has nothing to lose
    path = tmp_path / "my games" / "one round.json"
    path.parent.mkdir()
    done = session.finish(path)
    assert done.ok
    assert done.message.startswith("You played the 1 round you asked for (levels: We ")
    assert "the game is not finished." in done.message
    assert f"resume it with tuolaji play --resume '{path}'" in done.message
    assert "The game is over" not in done.message
    # what the screen then says is expected: nothing, and not that the game is over
    assert expected(session) == "The rounds you asked for are played; the game is not finished."
    # resuming goes on with round 2: the saved limit is what stopped the game
    resumed = Session.resume(path, "random")
    assert resumed.game.round.number == 2 and resumed.waiting() is not Waiting.OVER
    assert resumed.game.round_limit is None
    assert Session.resume(path, "random", rounds=2).game.round_limit == 3


def test_finishing_says_who_won_or_why_it_could_not_save(tmp_path: Path) -> None:
    session = Session.new("random", seed=SEED, rounds=1)
    until(session, Waiting.SUMMARY)
    assert session.next_round().ok
    failed = session.finish(tmp_path / "no" / "such" / "folder.json")
    assert not failed.ok and "the game is not finished." in failed.message
    assert "Could not save" in failed.message
    session.game.winner = 0  # as if we had passed the ace (R-S5)
    assert session.finish(tmp_path / "won.json").message == game_over_text(0)
    assert not (tmp_path / "won.json").exists()


def test_unsaved_says_whether_quitting_would_lose_play(tmp_path: Path) -> None:
    session = Session.new("random", seed=SEED)
    session.run_until_human()
    assert session.unsaved
    path = tmp_path / "game.json"
    assert session.save(path).ok and not session.unsaved
    assert session.keep_drawing().ok
    session.run_until_human()
    assert session.unsaved  # the deal went on after the save
    assert not Session.resume(path, "random").unsaved


def test_a_resumed_game_counts_the_rounds_asked_for_from_where_it_resumed(
    tmp_path: Path,
) -> None:
    session = Session.new("random", seed=SEED, rounds=1)
    until(session, Waiting.SUMMARY)
    assert session.next_round().ok
    path = tmp_path / "game.json"
    assert session.finish(path).ok
    resumed = Session.resume(path, "random", rounds=1)
    until(resumed, Waiting.SUMMARY)
    assert resumed.next_round().ok and resumed.stopped_at_round_limit()
    assert resumed.game.round.number == 2
    assert resumed.finish(path).message.startswith("You played the 1 round you asked for")


def test_tricks_are_rebuilt_from_the_events_exactly() -> None:
    """The trick fold the session follows the game with gives the game's own completed
    tricks (R-W5), a failed throw's (R-H2) included, every round, and counts the deals."""
    game = Game(STANDARD, 5, round_limit=2)
    players = [RandomPlayer(seat, throw_rate=0.5) for seat in range(4)]
    rounds = [game.round]  # the game's own round states, read here to compare
    fold = TrickFold()
    rebuilt = []
    seen = 0  # the first deal's RoundStarted is already there
    while game.phase is not Phase.OVER:
        step(game, players)
        fresh, seen = game.events[seen:], len(game.events)
        for event in fresh:
            trick = fold.add(event)
            if trick is not None:
                rebuilt.append(trick)
                assert fold.last == trick
        if game.round is not rounds[-1]:
            rounds.append(game.round)
    kept = [trick for state in rounds for trick in state.tricks]
    assert rebuilt == kept and fold.finished == len(kept) > 40
    assert any(trick.failed_throw is not None for trick in kept)
    assert fold.deals == len(rounds)


def test_a_rounds_last_trick_is_known_once_the_next_round_is_dealt() -> None:
    session = Session.new("random", seed=SEED, rounds=2)
    until(session, Waiting.SUMMARY)
    finished = sum(isinstance(event, TrickWon) for event in session.game.events)
    assert session.tricks_finished() == finished
    last = session.last_finished_trick()
    assert last is not None and last.number == finished  # the round's last trick
    assert session.last_trick() is None  # the next round has no trick yet
    assert session.next_round().ok
