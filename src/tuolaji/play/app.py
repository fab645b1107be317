"""The game screen (Textual): ``tuolaji play``.

Top to bottom: the round's status, the table (the trick, or the declaration during the
deal), your hand, what the game expects of you and the last message, the game log, and
the keys. It fits 80×24 in every language (see :mod:`tuolaji.play.widgets`).

The bots move in a worker thread, so the screen answers keys while a search bot thinks
(and says who is thinking once it takes a while); the session belongs to that thread
until it is done, and keys that need the session wait for it. The bots play on a timer
so you can follow them; with ``delay=0`` (the tests) they play on at once until you are
asked. A finished trick stays on the table until you press Enter (or for
``trick_pause`` seconds; ``0``: it does not wait). A bot's failure or a bad key never
takes the screen down: it is shown on the message line.

At a table with takebacks on (R-U1), ``u`` takes back your last action while nobody has
acted after it; after an action that can still be taken back, the bots wait until you
press Enter (or ``u``), as the session holds the game (see
:class:`~tuolaji.play.session.Waiting`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message as TextualMessage
from textual.timer import Timer

from tuolaji.game.observation import Observation
from tuolaji.game.state import CompletedTrick, Phase
from tuolaji.i18n import _
from tuolaji.play import panels, view
from tuolaji.play.dialogs import OptionsScreen, RulesScreen, SummaryScreen
from tuolaji.play.narrate import summary_lines
from tuolaji.play.rules_text import rules_text
from tuolaji.play.saves import resume_command
from tuolaji.play.session import MAX_STEPS, Outcome, Session, Waiting
from tuolaji.play.widgets import HandView, KeysBar, LogView, MessageBar, StatusBar, TrickView
from tuolaji.play.words import (
    Message,
    display_context,
    effective_suit,
    rich,
    sort_hand,
)

DEFAULT_DELAY = 0.6  # seconds between two bot moves; cards are dealt twelve times faster
#: how long a bot may think before the screen says so
THINKING_AFTER_S = 0.3
#: how long a first q waits for the second that quits
QUIT_WINDOW_S = 3.0


class BotsMoved(TextualMessage):
    """The worker thread has let the bots move (``error``: a bot's failure)."""

    def __init__(self, error: Exception | None) -> None:
        super().__init__()
        self.error = error


class TuolajiApp(App[None]):
    """Tractor against three bots: you are South (seat 0), North is your partner."""

    TITLE = "tuolaji"
    CSS = """
    Screen { layout: vertical; }
    #trick { border-top: solid $primary-darken-2; }
    #hand { border-top: solid $primary-darken-2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("up", "group(-1)", show=False),
        Binding("down", "group(1)", show=False),
        Binding("space", "select_card", show=False),
        Binding("enter", "act", show=False),
        Binding("escape", "clear", show=False),
        Binding("d", "declare", show=False),
        Binding("p", "pass", show=False),
        Binding("u", "takeback", show=False),
        Binding("h", "hint", show=False),
        Binding("l", "last", show=False),
        Binding("s", "save", show=False),
        Binding("question_mark", "rules", show=False),
        Binding("q", "ask_quit", show=False),
    ]

    def __init__(
        self,
        session: Session,
        *,
        save_path: str,
        delay: float = DEFAULT_DELAY,
        notice: str = "",
        trick_pause: float | None = None,
    ) -> None:
        """``delay``: seconds between two bot moves (0: at once). ``trick_pause``: how
        long a finished trick stays on the table before a bot leads the next one: None
        until the player presses Enter, else that many seconds (0: no pause beyond the
        bots' own). ``notice``: a first message (a resumed game, a language fallback)."""
        super().__init__()
        self.session = session
        self.save_path = save_path
        self.delay = delay
        self.trick_pause = trick_pause
        self.feedback: Message | str = notice
        self.show_last = False
        #: what the terminal is told once the screen has closed (an unsaved game)
        self.exit_message: str | None = None
        self._timer: Timer | None = None
        self._busy = False  # a worker thread is letting the bots move: it owns the session
        self._stopping = False
        self._thinking: int | None = None  # the seat whose decision the worker awaits
        self._thinking_shown = False
        self._think_timer: Timer | None = None
        self._queued: list[Callable[[], None]] = []
        self._held: CompletedTrick | None = None  # a finished trick kept on the table
        self._hold_timer: Timer | None = None
        game = session.game
        self._tricks_seen = session.tricks_finished()  # a finished trick raises the count
        self._events_seen = len(game.events)
        self._quit_asked = float("-inf")
        self._prompt = Text()
        self._final: str | None = None

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """The screen's parts, top to bottom."""
        yield StatusBar(id="status")
        yield TrickView(id="trick")
        yield HandView(id="hand")
        yield MessageBar(id="message")
        yield LogView(id="log")
        yield KeysBar(id="keys")

    @property
    def hand(self) -> HandView:
        """The hand widget."""
        return self.query_one(HandView)

    @property
    def busy(self) -> bool:
        """Whether the bots are moving in the worker thread now."""
        return self._busy

    @property
    def holding(self) -> CompletedTrick | None:
        """The finished trick kept on the table until the player goes on, if any."""
        return self._held

    @property
    def settled(self) -> bool:
        """Whether the screen waits for the player (or for a dialog, or a held trick):
        nothing moves until a key is pressed."""
        if self._busy or self._timer is not None:
            return False
        return (
            self._held is not None
            or len(self.screen_stack) > 1
            or self.session.waiting() is not Waiting.NOTHING
        )

    def on_mount(self) -> None:
        """Tell the round so far (a resumed game's too), then start the game."""
        self.hand.focus()
        self.query_one(LogView).add([rich(m) for m in self.session.new_messages()])
        # The notice (a resumed game, a language fallback) is the first message shown
        # above the log (``feedback``), not a log line too.
        self._pump()

    def on_unmount(self) -> None:
        """The worker thread stops after the decision it is waiting for."""
        self._stopping = True

    # ------------------------------------------------------------------ the driver

    def _schedule(self, seconds: float) -> None:
        """Drive the game again in ``seconds``."""
        if self._timer is not None:
            self._timer.stop()
        # (a Textual timer needs a positive interval)
        self._timer = self.set_timer(max(seconds, 0.001), self._pump)

    def _pump(self) -> None:
        """Let the bots move when the game waits for them, else show what the player is
        asked (the end-of-round summary included)."""
        self._timer = None
        if self._busy or self._held is not None or self._stopping:
            return
        if len(self.screen_stack) > 1:
            # a dialog or the rules are open: the game waits
            self._schedule(max(self.delay, 0.1))
            return
        waiting = self.session.waiting()
        if waiting is Waiting.NOTHING:
            self._start_bots()
            return
        self.refresh_view()
        if waiting is Waiting.SUMMARY:
            self._open_summary()

    def _start_bots(self) -> None:
        """Hand the session to a worker thread for the bots' moves: one move with a
        delay, else every move until the player is asked or a trick is finished."""
        self._busy = True
        self._thinking = None
        self._think_timer = self.set_timer(THINKING_AFTER_S, self._show_thinking)
        self.run_worker(self._move_bots, thread=True, group="bots", exit_on_error=False)

    def _move_bots(self) -> None:
        """(In the worker thread.) The bots' moves; the screen hears when they are done."""
        session = self.session
        game = session.game
        error: Exception | None = None
        try:
            for _step in range(MAX_STEPS):
                if self._stopping or session.waiting() is not Waiting.NOTHING:
                    break
                self._thinking = None if game.phase is Phase.DRAW else game.to_act()
                session.advance()
                if self.delay > 0 or (self.trick_pause != 0 and self._trick_finished()):
                    break
        except Exception as caught:  # a bot's bug must not take the screen down
            error = caught
        self._thinking = None
        self.post_message(BotsMoved(error))

    def on_bots_moved(self, message: BotsMoved) -> None:
        """The bots are done: show their moves, run the keys that waited, go on."""
        self._busy = False
        self._thinking_shown = False
        if self._think_timer is not None:
            self._think_timer.stop()
            self._think_timer = None
        if self._stopping:
            return
        if message.error is not None:
            self.feedback = _("Something went wrong: {error}").format(error=message.error)
            self.refresh_view()
            return
        queued, self._queued = self._queued, []
        self._after_move()
        for action in queued:
            self._guarded(action)

    def _show_thinking(self) -> None:
        """A bot has been deciding for a while: say so."""
        self._think_timer = None
        if self._busy and self._thinking is not None:
            self._thinking_shown = True
            self._draw_message()

    def _trick_finished(self) -> bool:
        """Whether a trick has been finished since the last look (a round's last trick
        too, once the next round is dealt)."""
        return self.session.tricks_finished() > self._tricks_seen

    def _take_finished_trick(self) -> CompletedTrick | None:
        """The trick finished since the last look, if any; look again from now on."""
        session = self.session
        finished = session.last_finished_trick() if self._trick_finished() else None
        self._tricks_seen = session.tricks_finished()
        return finished

    def _after_move(self, pace: float | None = None) -> None:
        """The game has moved (a bot, or the player): an old message no longer applies;
        a finished trick is held on the table; then the bots go on (after ``pace``
        seconds, or the usual pause), or the summary opens."""
        game = self.session.game
        if len(game.events) != self._events_seen:
            self._events_seen = len(game.events)
            self.feedback = ""  # a refusal or a hint is about a situation that has passed
        finished = self._take_finished_trick()
        if finished is not None and self._hold_wanted():
            self._hold(finished)
            return
        self.refresh_view()
        waiting = self.session.waiting()
        if waiting is Waiting.NOTHING:
            self._schedule(self._pace(finished) if pace is None or finished else pace)
        elif waiting is Waiting.SUMMARY:
            self._open_summary()

    def _hold_wanted(self) -> bool:
        """Whether a finished trick should wait for the player: not when holds are off,
        nor when the player leads next (it stays on the table until they play)."""
        if self.trick_pause == 0:
            return False
        waiting = self.session.waiting()
        return not (waiting is Waiting.PLAY and not self.session.observation().trick)

    def _hold(self, trick: CompletedTrick) -> None:
        """Keep ``trick`` on the table until Enter (or the pause is over)."""
        self._held = trick
        self.refresh_view()
        if self.trick_pause is not None:
            self._hold_timer = self.set_timer(self.trick_pause, self._release_hold)

    def _release_hold(self) -> None:
        """The player has seen the finished trick: go on."""
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None
        if self._held is None:
            return
        self._held = None
        self.show_last = False
        self._pump()

    def _pace(self, finished: CompletedTrick | None = None) -> float:
        """How long to wait before the next bot move: short while dealing, longer after a
        trick is complete (when it is not held) so it can be seen."""
        if self.delay <= 0:
            return 0.0
        if self.session.game.phase is Phase.DRAW:
            return self.delay / 12
        return self.delay * 2 if finished is not None else self.delay

    def _done(self, outcome: Outcome) -> None:
        """Show how the player's action went; after a success the game goes on."""
        if not outcome.ok:
            self.feedback = outcome.shown
            self.refresh_view()
            return
        self.show_last = False
        self.hand.clear_selection()
        self.feedback = outcome.message
        self._events_seen = len(self.session.game.events)
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._after_move(pace=0.0)

    # ------------------------------------------------------------------ drawing

    def refresh_view(self) -> None:
        """Redraw every part from the session (only the message line while the bots'
        thread owns the session)."""
        if self._busy:
            self._draw_message()
            return
        session = self.session
        obs = session.observation()
        self.query_one(StatusBar).show([part for part in view.status_parts(session) if part])
        self._draw_table(obs)
        ctx = display_context(obs)
        groups = sort_hand(ctx, obs.rank, obs.hand)
        self.hand.set_hand([(effective_suit(ctx, obs.rank, g[0]), g) for g in groups])
        self._prompt = self._prompt_now()
        self._draw_message()
        self.query_one(LogView).add([rich(m) for m in session.new_messages()])
        self.query_one(KeysBar).show(panels.keys(self.session, self._held is not None))

    def _draw_table(self, obs: Observation) -> None:
        content = panels.table(self.session, obs, self._held, self.show_last)
        self.query_one(TrickView).show(
            content.heading,
            content.plays,
            content.leader,
            winner=content.winner,
            note=content.note,
        )

    def _prompt_now(self) -> Text:
        """The message line's first part: what is asked of the player, or what the game
        is doing (dealing, whose turn), or who won the game."""
        session = self.session
        waiting = session.waiting()
        if self._held is not None:
            return Text(_("Press Enter to go on."), style="bold")
        if waiting is Waiting.OVER:
            if self._final is None:
                # once: a game stopped at its round limit is saved here so it can go on
                self._final = session.finish(self.save_path).message
            return Text(self._final, style="bold")
        if waiting is Waiting.NOTHING:
            # while dealing, the table's heading counts the cards left
            return Text("" if session.game.phase is Phase.DRAW else view.turn_line(session))
        return Text(view.expected(session, self.hand.selected), style="bold")

    def _draw_message(self) -> None:
        prompt = self._prompt
        if self._busy and self._thinking_shown and self._thinking is not None:
            prompt = Text(view.thinking_line(self._thinking), style="italic")
        if self._quit_pending():
            message = rich(self._quit_question(), style="bold yellow")
        else:
            message = rich(self.feedback, style="yellow")
        over = self._final is not None  # the last words of a game may take more lines
        self.query_one(MessageBar).show(prompt, message, rows=7 if over else MessageBar.MAX_ROWS)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Game keys do nothing while a dialog or the rules are open (they have keys of
        their own); quitting always works (the rules screen takes q for closing)."""
        return len(self.screen_stack) == 1 or action in ("quit", "ask_quit", "command_palette")

    def _guarded(self, action: Callable[[], None]) -> None:
        """Run a key's action that needs the session (after the bots' thread is done
        with it); an unexpected error is shown, never a crash."""
        if self._busy:
            self._queued.append(action)
            return
        try:
            action()
        except Exception as error:  # the screen must outlive any bug behind a key
            self.feedback = _("Something went wrong: {error}").format(error=error)
            self.refresh_view()

    def on_hand_view_changed(self, _message: HandView.Changed) -> None:
        """The selection changed: the buried points may have too."""
        if not self._busy:
            self._prompt = self._prompt_now()
        self._draw_message()

    # ------------------------------------------------------------------ keys

    def action_move(self, step: int) -> None:
        """Move the cursor along the hand."""
        self.hand.move(step)

    def action_group(self, step: int) -> None:
        """Jump to the next or previous suit."""
        self.hand.move_group(step)

    def action_select_card(self) -> None:
        """Select or unselect the card under the cursor."""
        self.hand.toggle()

    def action_clear(self) -> None:
        """Unselect every card."""
        self.hand.clear_selection()

    def action_act(self) -> None:
        """See :meth:`_do_act`."""
        self._guarded(self._do_act)

    def _do_act(self) -> None:
        """Enter: go on after a finished trick; play, bury or declare the selection; with
        nothing selected, play the card under the cursor, let the dealing go on or pass
        in the final window."""
        session = self.session
        if self._held is not None:
            # Enter goes on from the trick and from the play that finished it (R-U1)
            if session.waiting() is Waiting.CONFIRM:
                session.go_on()
            self._release_hold()
            return
        waiting = session.waiting()
        selected = self.hand.selected
        if waiting is Waiting.CONFIRM:
            self._done(session.go_on())
        elif waiting is Waiting.OFFER:
            self._done(session.declare(selected) if selected else session.keep_drawing())
        elif waiting is Waiting.WINDOW:
            # as during the deal, Enter with nothing selected lets the game go on
            self._done(session.declare(selected) if selected else session.pass_turn())
        elif waiting is Waiting.BURY:
            self._done(session.bury(selected))
        elif waiting is Waiting.PLAY or session.game.phase is Phase.PLAY:
            self._done(session.play(self.hand.chosen))
        elif session.game.phase is Phase.DRAW and selected:
            self._done(session.declare(selected))
        elif waiting is Waiting.SUMMARY:
            self._open_summary()
        else:
            self._done(
                Outcome(False, _("Nothing to do now: {what}").format(what=view.expected(session)))
            )

    def action_declare(self) -> None:
        """See :meth:`_do_declare`."""
        self._guarded(self._do_declare)

    def _do_declare(self) -> None:
        """d: choose among the declarations that could stand now."""
        options = self.session.declaration_options()
        if not options:
            self._done(Outcome(False, _("Nothing you hold can be declared now.")))
            return

        def chosen(index: int | None) -> None:
            if index is not None and 0 <= index < len(options):
                self._guarded(lambda: self._done(self.session.declare(options[index])))

        self.push_screen(OptionsScreen(_("Declare which? (Escape: none)"), options), chosen)

    def action_pass(self) -> None:
        """See :meth:`_do_pass`."""
        self._guarded(self._do_pass)

    def _do_pass(self) -> None:
        """p: pass in the final window (or let the paused dealing go on)."""
        self._done(self.session.pass_turn())

    def action_takeback(self) -> None:
        """See :meth:`_do_takeback`."""
        self._guarded(self._do_takeback)

    def _do_takeback(self) -> None:
        """u: take back your last action (R-U1); a refusal says why not."""
        outcome = self.session.take_back()
        if outcome.ok:
            # the trick the play finished, if it was held, is unfinished again
            if self._hold_timer is not None:
                self._hold_timer.stop()
                self._hold_timer = None
            self._held = None
            self._tricks_seen = self.session.tricks_finished()
        self._done(outcome)

    def action_hint(self) -> None:
        """See :meth:`_do_hint`."""
        self._guarded(self._do_hint)

    def _do_hint(self) -> None:
        """h: what the heuristic bot would do; its cards are selected for you."""
        hint = self.session.hint()
        if hint.cards:
            self.hand.select_cards(hint.cards)
        self.feedback = hint.message
        self.refresh_view()

    def action_last(self) -> None:
        """See :meth:`_do_last`."""
        self._guarded(self._do_last)

    def _do_last(self) -> None:
        """l: show the last trick (again to go back)."""
        if self.session.last_trick() is None:
            self.feedback = _("No trick has been played yet this round.")
        else:
            self.show_last = not self.show_last
        self.refresh_view()

    def action_save(self) -> None:
        """See :meth:`_do_save`."""
        self._guarded(self._do_save)

    def _do_save(self) -> None:
        """s: save the game record."""
        outcome = self.session.save(self.save_path)
        self.feedback = outcome.message
        self.refresh_view()

    # ------------------------------------------------------------------ quitting

    def _quit_pending(self) -> bool:
        return time.monotonic() - self._quit_asked < QUIT_WINDOW_S

    def _quit_question(self) -> str:
        if self.session.unsaved:
            return _("Quit without saving? Press q again to quit, s to save first.")
        return _("Quit? The game is saved; press q again to quit.")

    def action_ask_quit(self) -> None:
        """q: quit — a second q within a few seconds, so a stray key loses no game;
        leaving a game with unsaved play says so, and how to save next time."""
        if self.session.game.phase is Phase.OVER or self._quit_pending():
            self._quit()
            return
        self._quit_asked = time.monotonic()
        if len(self.screen_stack) > 1:  # the message line is under a dialog
            self.notify(self._quit_question(), timeout=QUIT_WINDOW_S)
        self.set_timer(QUIT_WINDOW_S, self._draw_message)
        self._draw_message()

    async def action_quit(self) -> None:
        """ctrl+q (Textual's quit key) asks the same question as q."""
        self.action_ask_quit()

    def _quit(self) -> None:
        """Close the screen, telling the terminal what became of the game."""
        session = self.session
        if session.game.phase is Phase.OVER:
            if self._final is None:  # a game stopped at its round limit is saved now
                self._final = session.finish(self.save_path).message
            self.exit_message = self._final
        elif session.unsaved:
            self.exit_message = _(
                "The game was not saved. Press s before quitting next time to save it."
            )
        else:
            self.exit_message = _("It is saved in {path}: resume it with {command}").format(
                path=self.save_path, command=resume_command(self.save_path)
            )
        self._stopping = True
        self.exit(message=self.exit_message)

    # ------------------------------------------------------------------ screens

    def action_rules(self) -> None:
        """?: the rules of the game being played."""
        self.push_screen(RulesScreen(rules_text(self.session.game.rules)))

    def _open_summary(self) -> None:
        if isinstance(self.screen, SummaryScreen):
            return
        result = self.session.last_result()
        if result is None:
            return
        title = _("Round {n}").format(n=result[0].number)
        lines: list[Message | str] = list(summary_lines(*result))

        def closed(_none: None) -> None:
            self._guarded(lambda: self._done(self.session.next_round()))

        self.push_screen(SummaryScreen(title, lines, _("Press Enter to go on.")), closed)
