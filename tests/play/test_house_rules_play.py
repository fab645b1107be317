"""The terminal game under the house-rule options (docs/rules.md §12): with
``show_talon`` off, the round's summary shows the human the talon only when the human
buried it or the opponents turned it up for the bonus (R-K1); the game's own record
keeps it whole."""

from __future__ import annotations

from tuolaji.core.rules import STANDARD
from tuolaji.game.events import TalonBonus
from tuolaji.play.session import Session, Waiting
from tuolaji.play.words import HUMAN


def finished_round(seed: int) -> Session:
    """A one-round game in which the human always does what the hint says."""
    session = Session.new(
        "random", seed=seed, rules=STANDARD.with_options(show_talon=False), rounds=1
    )
    for _ in range(2000):
        session.run_until_human()
        if session.waiting() in (Waiting.SUMMARY, Waiting.OVER):
            break
        assert session.follow_hint().ok
    return session


def test_r_k1_the_summary_keeps_the_talon_the_starters_when_show_talon_is_off() -> None:
    hidden = shown = 0
    for seed in range(12):
        session = finished_round(seed)
        last = session.last_result()
        assert last is not None
        result, ended = last
        whole = session.game.results[-1]
        assert len(whole.talon) == 8
        bonus = any(isinstance(event, TalonBonus) for event in session.game.events)
        if bonus or whole.starter == HUMAN:
            assert result.talon == whole.talon
            shown += 1
        else:
            assert result.talon == () and ended is not None and ended.result is not None
            assert ended.result.talon == ()
            hidden += 1
    assert hidden and shown
