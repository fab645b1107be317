"""The game screen (Textual): ``tuolaji play``.

Top to bottom: the round's status, the table (the trick, or the declaration during the
deal), your hand, what the game expects of you and the last message, the game log, and
the keys. The bots play on a timer so you can follow them; with ``delay=0`` (the tests)
everything that is not yours happens at once. A bot's failure or a bad key never takes
the screen down: it is shown on the message line.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.widgets import Static

from tuolaji.game.state import Phase
from tuolaji.i18n import _, pgettext
from tuolaji.play import view
from tuolaji.play.narrate import game_over_text, points_text, summary_lines
from tuolaji.play.rules_text import rules_text
from tuolaji.play.session import Outcome, Session, Waiting
from tuolaji.play.widgets import (
    HandView,
    OptionsScreen,
    RulesScreen,
    SummaryScreen,
    TrickView,
)
from tuolaji.play.words import (
    Message,
    display_context,
    effective_suit,
    rich,
    seat_name,
    sort_hand,
)

DEFAULT_DELAY = 0.6  # seconds between two bot moves; cards are dealt twelve times faster
LOG_KEEP = 200


#: how long a first q waits for the second that quits
QUIT_WINDOW_S = 3.0


class TuolajiApp(App[None]):
    """Tractor against three bots: you are South (seat 0), North is your partner."""

    TITLE = "tuolaji"
    CSS = """
    Screen { layout: vertical; }
    #status { height: auto; max-height: 3; padding: 0 1; background: $boost; }
    #trick { border-top: solid $primary-darken-2; }
    #hand { border-top: solid $primary-darken-2; }
    #message { height: auto; max-height: 3; padding: 0 1; background: $boost; }
    #log { height: 1fr; padding: 0 1; color: $text-muted; }
    #keys { height: 1; padding: 0 1; background: $panel; }
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
        save_path: str = "tuolaji-game.json",
        delay: float = DEFAULT_DELAY,
        notice: str = "",
    ) -> None:
        super().__init__()
        self.session = session
        self.save_path = save_path
        self.delay = delay
        self.feedback: Message | str = notice
        self.show_last = False
        self._timer: Timer | None = None
        self._log_lines: list[Text] = []
        self._quit_asked = float("-inf")

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """The screen's parts, top to bottom."""
        yield Static(id="status")
        yield TrickView(id="trick")
        yield HandView(id="hand")
        yield Static(id="message")
        yield Static(id="log")
        yield Static(id="keys")

    @property
    def hand(self) -> HandView:
        """The hand widget."""
        return self.query_one(HandView)

    def on_mount(self) -> None:
        """Start the game."""
        self.hand.focus()
        self._pump()

    # ------------------------------------------------------------------ the driver

    def _pump(self) -> None:
        """Let the game go on until the human is asked (at once without a delay, else
        one step per tick), then redraw."""
        self._timer = None
        session = self.session
        if len(self.screen_stack) > 1:
            # a dialog or the rules are open: the game waits
            self._timer = self.set_timer(max(self.delay, 0.1), self._pump)
            return
        try:
            if self.delay <= 0:
                session.run_until_human()
            elif session.waiting() is Waiting.NOTHING:
                session.advance()
        except Exception as error:  # a bot's bug must not take the screen down
            self.feedback = _("Something went wrong: {error}").format(error=error)
            self.refresh_view()
            return
        self.refresh_view()
        waiting = session.waiting()
        if waiting is Waiting.NOTHING:
            self._timer = self.set_timer(self._pace(), self._pump)
        elif waiting is Waiting.SUMMARY:
            self._open_summary()

    def _pace(self) -> float:
        """How long to wait before the next bot move: short while dealing, longer after a
        trick is complete so it can be seen."""
        game = self.session.game
        if game.phase is Phase.DRAW:
            return self.delay / 12
        if game.phase is Phase.PLAY and not game.round.trick and game.round.tricks:
            return self.delay * 2
        return self.delay

    def _restart(self) -> None:
        """Drive the game again now (after a human action)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._pump()

    def _done(self, outcome: Outcome) -> None:
        """Show how a human action went; after a success the game goes on."""
        self.feedback = outcome.message
        if outcome.ok:
            self.show_last = False
            self.hand.clear_selection()
            self._restart()
        else:
            self.refresh_view()

    # ------------------------------------------------------------------ drawing

    def refresh_view(self) -> None:
        """Redraw every part from the session."""
        session = self.session
        obs = session.observation()
        self.query_one("#status", Static).update("\n".join(view.status_lines(session)))
        self._draw_table()
        ctx = display_context(obs)
        groups = sort_hand(ctx, obs.rank, obs.hand)
        self.hand.set_hand([(effective_suit(ctx, obs.rank, g[0]), g) for g in groups])
        self._draw_message()
        for message in session.new_messages():
            self._log_lines.append(rich(message))
        del self._log_lines[:-LOG_KEEP]
        log = self.query_one("#log", Static)
        lines = max(1, log.size.height)
        log.update(Text("\n").join(self._log_lines[-lines:]))
        self.query_one("#keys", Static).update(self._keys_text())

    def _draw_table(self) -> None:
        session = self.session
        obs = session.observation()
        table = self.query_one(TrickView)
        last = session.last_trick()
        if obs.phase in (Phase.DRAW, Phase.DECLARE):
            standing = obs.declaration
            title = view.turn_line(session)
            plays = [] if standing is None else [(standing.seat, standing.cards)]
            label = _("Declaration")
            table.show(f"{title} · {label}", plays, None)
        elif obs.phase is Phase.EXCHANGE:
            starter = obs.starter if obs.starter is not None else 0
            title = _("{who} takes the talon and buries 8 cards.").format(who=seat_name(starter))
            table.show(title, [], None)
        elif (self.show_last or not obs.trick) and last is not None:
            title = _("Last trick: {who} won {points}").format(
                who=seat_name(last.winner), points=points_text(last.points)
            )
            table.show(title, last.plays, last.plays[0][0])
        else:
            number = len(obs.tricks) + 1
            leader = obs.trick[0][0] if obs.trick else None
            table.show(_("Trick {n}").format(n=number), obs.trick, leader)

    def _draw_message(self) -> None:
        session = self.session
        selected = self.hand.selected
        expected = view.expected(session, selected)
        if session.waiting() is Waiting.OVER:
            winner = session.game.winner
            expected = game_over_text(winner) if winner is not None else expected
        text = Text(expected, style="bold")
        if self.feedback:
            text.append("\n")
            text.append_text(rich(self.feedback, style="yellow"))
        self.query_one("#message", Static).update(text)

    def _keys_text(self) -> Text:
        """The keys that matter now, in a line that fits 80 columns."""
        waiting = self.session.waiting()
        # TRANSLATORS: "key" labels stand after a key in the one-line key bar: keep them
        # short, the whole bar must fit 80 columns.
        keys: list[tuple[str, str]] = []
        if waiting is Waiting.OFFER:
            keys = [("d", pgettext("key", "declare")), ("⏎", pgettext("key", "go on"))]
        elif waiting is Waiting.WINDOW:
            keys = [("d", pgettext("key", "declare")), ("p", pgettext("key", "pass"))]
        elif waiting is Waiting.BURY:
            keys = [("←→", pgettext("key", "move")), ("␣", pgettext("key", "select"))]
            keys.append(("⏎", pgettext("key", "bury")))
        elif waiting is Waiting.PLAY:
            keys = [("←→", pgettext("key", "move")), ("␣", pgettext("key", "select"))]
            keys.append(("⏎", pgettext("key", "play")))
        elif self.session.game.phase is Phase.DRAW:
            keys = [("d", pgettext("key", "declare"))]
        keys += [("h", pgettext("key", "hint")), ("l", pgettext("key", "last trick"))]
        keys += [("s", pgettext("key", "save")), ("?", pgettext("key", "rules"))]
        keys.append(("q", pgettext("key", "quit")))
        out = Text()
        for key, word in keys:
            if out:
                out.append("  ")
            out.append(key, style="bold reverse")
            out.append(" " + word)
        return out

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Game keys do nothing while a dialog or the rules are open (they have keys of
        their own); quitting always works."""
        return len(self.screen_stack) == 1 or action in ("quit", "command_palette")

    def _guarded(self, action: Callable[[], None]) -> None:
        """Run a key's action; an unexpected error is shown, never a crash."""
        try:
            action()
        except Exception as error:  # the screen must outlive any bug behind a key
            self.feedback = _("Something went wrong: {error}").format(error=error)
            self.refresh_view()

    def on_hand_view_changed(self, _message: HandView.Changed) -> None:
        """The selection changed: the buried points may have too."""
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
        """Enter: play, bury or declare the selection; with nothing selected, let the
        dealing go on or pass in the final window."""
        session = self.session
        waiting = session.waiting()
        selected = self.hand.selected
        if waiting is Waiting.OFFER:
            self._done(session.declare(selected) if selected else session.keep_drawing())
        elif waiting is Waiting.WINDOW:
            # as during the deal, Enter with nothing selected lets the game go on
            self._done(session.declare(selected) if selected else session.pass_turn())
        elif waiting is Waiting.BURY:
            self._done(session.bury(selected))
        elif waiting is Waiting.PLAY or session.game.phase is Phase.PLAY:
            self._done(session.play(selected))
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
                self._done(self.session.declare(options[index]))

        self.push_screen(OptionsScreen(_("Declare which? (Escape: none)"), options), chosen)

    def action_pass(self) -> None:
        """See :meth:`_do_pass`."""
        self._guarded(self._do_pass)

    def _do_pass(self) -> None:
        """p: pass in the final window (or let the paused dealing go on)."""
        self._done(self.session.pass_turn())

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

    def action_ask_quit(self) -> None:
        """q: quit — a second q within a few seconds, so a stray key loses no game."""
        now = time.monotonic()
        if self.session.game.phase is Phase.OVER or now - self._quit_asked < QUIT_WINDOW_S:
            self.exit()
            return
        self._quit_asked = now
        self.feedback = _("Press q again to quit; s saves the game first.")
        self.refresh_view()

    def action_rules(self) -> None:
        """?: the rules screen."""
        self.push_screen(RulesScreen(rules_text()))

    def _open_summary(self) -> None:
        if isinstance(self.screen, SummaryScreen):
            return
        result = self.session.last_result()
        lines: list[Message | str] = []
        if result is not None:
            lines = [_("Round {n} is over.").format(n=result[0].number), *summary_lines(*result)]
        footer = _("Press Enter to go on.")

        def closed(_none: None) -> None:
            self._done(self.session.next_round())

        self.push_screen(SummaryScreen(lines, footer), closed)
