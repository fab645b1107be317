"""Takebacks in the terminal game (R-U1, ``--option takebacks=true``): the session holds
the bots after a human action that can still be taken back, ``u`` takes it back on the
game screen and in the line mode, a refused takeback is shown and changes nothing, and a
saved game keeps its takebacks."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from textual.pilot import Pilot

from play.screen_pilot import LANGUAGES, new_app, press, run, settle, shown
from play.test_screen_layout import check_frame
from tuolaji.core.cards import format_card
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.game.actions import Takeback
from tuolaji.game.events import TakenBack
from tuolaji.game.record import load_record
from tuolaji.i18n import set_language
from tuolaji.play.app import TuolajiApp
from tuolaji.play.narrate import TrickFold
from tuolaji.play.plain import run_plain
from tuolaji.play.session import Session, Waiting

TAKEBACKS = STANDARD.with_options(takebacks=True)
SEED = 3  # random bots: the human follows a single in the first trick


def at_first_play(rules: RuleSet = TAKEBACKS, seed: int = SEED) -> Session:
    """A game with the random bots, played as the hints say up to the human's first play."""
    session = Session.new("random", seed=seed, rules=rules, rounds=1)
    for _step in range(200):
        session.run_until_human()
        if session.waiting() is Waiting.PLAY:
            return session
        assert session.follow_hint().ok
    raise AssertionError("the human was never asked to play")


def legal_singles(session: Session) -> list[int]:
    """The cards of the human's hand that the rules let them play alone now."""
    legal = []
    for card in sorted(set(session.observation().hand)):
        try:
            session.game.check_play(0, [card])
        except IllegalAction:
            continue
        legal.append(card)
    return legal


def test_a_play_taken_back_leaves_the_hand_and_trick_as_before() -> None:
    session = at_first_play()
    before = session.observation()
    assert len(before.trick) == 3  # the human follows a single: two cards to choose from
    first, second = legal_singles(session)[:2]
    assert session.play([first]).ok
    # the bots wait: the play can still be taken back
    assert session.waiting() is Waiting.CONFIRM
    assert session.may_take_back()
    session.advance()  # does nothing while the human may take the play back
    assert session.waiting() is Waiting.CONFIRM
    assert session.take_back().ok
    after = session.observation()
    assert sorted(after.hand) == sorted(before.hand)
    assert after.trick == before.trick
    assert session.waiting() is Waiting.PLAY
    assert session.new_messages()[-1] == ["You take back your play."]
    # another card, then the game goes on
    assert session.play([second]).ok
    assert session.go_on().ok
    session.run_until_human()
    last = session.last_finished_trick()
    assert last is not None and (0, (second,)) in last.plays and len(last.plays) == 4


def test_a_refused_takeback_is_said_and_changes_nothing() -> None:
    session = at_first_play()
    # nothing of the human's to take back: the last action is a bot's
    events = len(session.game.events)
    refused = session.take_back()
    assert not refused.ok and refused.rule == "R-U1"
    assert "only they may take it back" in refused.message
    assert len(session.game.events) == events
    assert session.waiting() is Waiting.PLAY
    # a play the bots have answered can no longer be taken back
    assert session.play([legal_singles(session)[0]]).ok
    assert session.go_on().ok
    session.run_until_human()
    hand, trick = session.observation().hand, session.observation().trick
    refused = session.take_back()
    assert not refused.ok and refused.rule == "R-U1"
    assert "acted since" in refused.message
    assert session.observation().hand == hand and session.observation().trick == trick


def test_without_the_setting_nothing_waits_and_u_is_refused() -> None:
    session = at_first_play(STANDARD)
    assert session.play([legal_singles(session)[0]]).ok
    assert session.waiting() is Waiting.NOTHING  # the bots play on at once
    refused = session.take_back()
    assert not refused.ok and refused.rule == "R-U1"
    assert "Takebacks are off" in refused.message
    assert not session.go_on().ok


def test_a_declaration_taken_back_during_the_deal_pauses_the_deal_again() -> None:
    session = Session.new("random", seed=SEED, rules=TAKEBACKS, rounds=1)
    for _step in range(200):
        session.run_until_human()
        if session.waiting() is Waiting.OFFER:
            break
        assert session.follow_hint().ok
    assert session.waiting() is Waiting.OFFER
    option = session.declaration_options()[0]
    drawn = session.observation().cards_left_in_pack
    standing = session.observation().declaration
    assert session.declare(option).ok
    assert session.observation().declaration != standing
    assert session.waiting() is Waiting.CONFIRM  # the next card waits
    assert session.take_back().ok
    assert session.observation().declaration == standing
    assert session.observation().cards_left_in_pack == drawn
    # the human may declare again, or let the dealing go on
    assert session.waiting() is Waiting.OFFER
    assert option in session.declaration_options()


def test_a_saved_game_keeps_its_takebacks_and_waits_again(tmp_path: Path) -> None:
    session = at_first_play()
    trick = session.observation().trick
    first, second = legal_singles(session)[:2]
    assert session.play([first]).ok
    assert session.take_back().ok
    assert session.play([second]).ok
    path = tmp_path / "game.json"
    assert session.save(path).ok
    record = load_record(path)
    assert Takeback(0) in record.actions
    resumed = Session.resume(path, "random")
    # the resumed game stopped after a play that can still be taken back: it waits
    assert resumed.waiting() is Waiting.CONFIRM
    assert resumed.take_back().ok
    assert resumed.observation().trick == trick
    assert sum(isinstance(e, TakenBack) for e in resumed.game.events) == 2


def test_the_trick_fold_folds_a_taken_back_play_out() -> None:
    session = at_first_play()
    first, second = legal_singles(session)[:2]
    session.play([first])
    session.take_back()
    session.play([second])
    session.go_on()
    session.run_until_human()
    fold = TrickFold()
    for event in session.game.events:
        fold.add(event)
    # the trick the first play finished was unfinished again by its takeback
    assert fold.finished == 1
    assert fold.last is not None
    assert fold.last.plays == session.observation().tricks[0].plays


# ------------------------------------------------------------------ the game screen


def takebacks_app(tmp_path: Path) -> TuolajiApp:
    """The game screen at the human's first play, with takebacks on."""
    return new_app(tmp_path, session=at_first_play())


def test_the_screen_takes_a_play_back_with_u(tmp_path: Path) -> None:
    async def test(app: TuolajiApp, pilot: Pilot[None]) -> None:
        session = app.session
        before = session.observation()
        first, second = legal_singles(session)[:2]
        assert "u take back" not in shown(app, "#keys")
        app.hand.select_cards([first])
        await press(app, pilot, "enter")
        assert session.waiting() is Waiting.CONFIRM
        assert "u take back" in shown(app, "#keys")
        assert "take back" in shown(app, "#message")
        await press(app, pilot, "u")
        after = session.observation()
        assert sorted(after.hand) == sorted(before.hand) and after.trick == before.trick
        assert session.waiting() is Waiting.PLAY
        assert "You take back your play." in shown(app, "#log")
        app.hand.select_cards([second])
        await press(app, pilot, "enter")
        assert session.waiting() is Waiting.CONFIRM
        await press(app, pilot, "enter")  # the bots go on
        assert session.waiting() is Waiting.PLAY
        assert session.observation().tricks[0].plays.count((0, (second,))) == 1

    run(takebacks_app(tmp_path), test)


def test_the_screen_shows_a_refused_takeback(tmp_path: Path) -> None:
    async def test(app: TuolajiApp, pilot: Pilot[None]) -> None:
        session = app.session
        events = len(session.game.events)
        hand = session.observation().hand
        await press(app, pilot, "u")
        message = shown(app, "#message")
        assert "R-U1" in message and "only they may take it back" in message
        assert len(session.game.events) == events and session.observation().hand == hand

    run(takebacks_app(tmp_path), test)


def test_a_held_trick_goes_on_with_one_enter(tmp_path: Path) -> None:
    """The human's play finishes the trick: Enter goes on from the held trick and from
    the play at once; before it, u takes the trick's last play back."""
    session = at_first_play()
    app = new_app(tmp_path, session=session, trick_pause=None)

    async def test(app: TuolajiApp, pilot: Pilot[None]) -> None:
        before = session.observation()
        card = legal_singles(session)[0]
        app.hand.select_cards([card])
        await press(app, pilot, "enter")
        if app.holding is None:  # the human won and leads: nothing is held
            assert session.waiting() is Waiting.PLAY and session.may_take_back()
            return
        assert "u take back" in shown(app, "#keys")
        await press(app, pilot, "u")
        assert app.holding is None and session.observation().trick == before.trick
        app.hand.select_cards([card])
        await press(app, pilot, "enter")
        assert app.holding is not None
        await press(app, pilot, "enter")
        await settle(app, pilot)
        assert app.holding is None and session.waiting() is not Waiting.CONFIRM

    run(app, test)


@pytest.fixture
def language(request: pytest.FixtureRequest) -> object:
    """Play the test in the language it is given, English again afterwards."""
    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
def test_the_takeback_moment_fits_80_by_24(tmp_path: Path, language: str) -> None:
    async def test(app: TuolajiApp, pilot: Pilot[None]) -> None:
        app.hand.select_cards(legal_singles(app.session)[:1])
        await press(app, pilot, "enter")
        assert app.session.waiting() is Waiting.CONFIRM
        check_frame(app, f"{language}: the moment to take back")
        assert shown(app, "#keys").startswith("u ")
        await press(app, pilot, "u")
        check_frame(app, f"{language}: after the takeback")

    run(takebacks_app(tmp_path), test)


# ------------------------------------------------------------------ the line mode


def test_the_line_mode_takes_a_play_back_with_u() -> None:
    session = at_first_play()
    before = session.observation()
    first, second = legal_singles(session)[:2]
    lines = [format_card(first), "u", "u", format_card(second), "", "u"]
    out = io.StringIO()
    run_plain(session, io.StringIO("\n".join(lines) + "\n"), out, "unused.json")
    text = out.getvalue()
    assert "  u       take back your last action, while nobody" in text  # the help lists it
    assert "Type u to take it back, or press Enter to go on." in text
    assert "You take back your play." in text
    # the second u: nothing of the human's to take back; the last: the bots have played
    assert "Not allowed (R-U1): The last action is West's: only they may take it back." in text
    assert "has acted since your last action: it can no longer be taken back." in text
    trick = session.observation().tricks[0]
    assert (0, (second,)) in trick.plays and (0, (first,)) not in trick.plays
    assert sorted(before.hand) != sorted(session.observation().hand)


def test_the_line_mode_without_the_setting_has_no_u() -> None:
    session = at_first_play(STANDARD)
    out = io.StringIO()
    run_plain(session, io.StringIO("u\n"), out, "unused.json")
    text = out.getvalue()
    assert "take back your last action" not in text
    assert "Could not read 'u'" in text
