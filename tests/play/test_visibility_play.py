"""The terminal game under the visibility options (docs/rules.md, R-V1–R-V3): its log
never keeps a play or a failed throw when old tricks are hidden, a trick told from the
observation says its cards are hidden, and the blocker and the declarers' points are
told only as the rules allow."""

from __future__ import annotations

from tuolaji.core.cards import team_of
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.game.events import Played, ThrowFailed, TrickWon
from tuolaji.play.narrate import trick_message
from tuolaji.play.session import Session, Waiting
from tuolaji.play.words import HUMAN, plain


def played_round(rules: RuleSet, seed: int) -> tuple[Session, list[str]]:
    """A one-round game under ``rules`` in which the human follows the hint; the session
    and every log line it told, as text."""
    session = Session.new("random", seed=seed, rules=rules, rounds=1)
    told: list[str] = []
    for _ in range(2000):
        session.run_until_human()
        told += [plain(message) for message in session.new_messages()]
        obs = session.observation()
        for trick in obs.tricks[:-1] if rules.hidden_history else ():
            assert trick.plays == ()
            assert "(its cards are hidden)" in plain(trick_message(trick))
        if session.waiting() in (Waiting.SUMMARY, Waiting.OVER):
            break
        assert session.follow_hint().ok
    return session, told


def test_r_v1_the_log_keeps_no_play_of_a_hidden_history() -> None:
    session, told = played_round(STANDARD.with_options(hidden_history=True), 3)
    assert session.game.results
    assert not any(isinstance(event, Played | ThrowFailed) for event in session._log_events)
    assert not any(" plays " in line or line.startswith("You play") for line in told)
    # the tricks won are still told, with their points
    assert sum(1 for event in session._log_events if isinstance(event, TrickWon)) >= 12


def test_r_v1_without_the_option_the_log_tells_every_play() -> None:
    session, _told = played_round(STANDARD, 3)
    assert any(isinstance(event, Played) for event in session._log_events)


def test_r_v2_r_v3_the_log_tells_no_blocker_and_no_declarers_points() -> None:
    rules = STANDARD.with_options(hide_blocker=True, hide_declarer_points=True)
    for seed in range(4):
        session, told = played_round(rules, seed)
        declarers = session.game.results[-1].declarers
        for line, event in zip(told, session._log_events, strict=False):
            if isinstance(event, TrickWon) and team_of(event.seat) == declarers:
                assert "(" not in line, line  # no points in brackets
            if isinstance(event, ThrowFailed) and event.blocker != HUMAN:
                assert "can be beaten" in line, line
