"""The line mode (``tuolaji play --plain``): the same game as text prompts on stdin and
stdout, for screen readers, pipes and very small terminals.

Every prompt ends in ``> `` and the line before it says what is expected. Cards are
typed in the notation of docs/rules.md (case-insensitive; ``10`` and ``♠♥♦♣`` accepted).
Commands work at every prompt: help, hint, auto, hand, table, last, status, rules,
save [FILE], quit; at a table with takebacks on (R-U1), ``u`` too. ``quit`` and Ctrl-C
ask whether to save an unsaved game first; the end of input ends the game cleanly and
says whether it was saved.

With takebacks on, after an action that can still be taken back the game asks once more
before the bots go on: Enter goes on, ``u`` takes the action back (a prompt, not a
clock, for the same reasons as the game screen: see :mod:`tuolaji.play.session`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from tuolaji.core.cards import NotationError, format_cards, parse_card
from tuolaji.game.events import RoundEnded
from tuolaji.i18n import N_, _, ngettext, pgettext
from tuolaji.play import view
from tuolaji.play.narrate import summary_lines, trick_message
from tuolaji.play.rules_text import rules_text
from tuolaji.play.saves import resume_command
from tuolaji.play.session import Outcome, Session, Waiting
from tuolaji.play.words import (
    CardRun,
    Message,
    display_context,
    effective_suit,
    plain,
    sort_hand,
    suit_heading,
)


class _EndOfInput(Exception):
    """stdin is closed."""


class _Quit(Exception):
    """The player typed quit."""


#: the exit code of a game left with Ctrl-C (128 + SIGINT, as shells report it)
INTERRUPTED = 130
#: the commands in the order the help lists them, each with what it does
_COMMAND_HELP = (
    # TRANSLATORS: what each command of the line mode does, shown after the command's
    # name (help, hint, auto, hand, table, last, status, rules, save, quit), which
    # players type in English.
    ("help", N_("this list")),
    ("hint", N_("what the heuristic bot would do in your place")),
    ("auto", N_("do what the hint says")),
    ("hand", N_("your hand, by suit")),
    ("table", N_("the cards on the table in this trick")),
    ("last", N_("the last finished trick")),
    ("status", N_("the round, the trump, the levels and the points")),
    ("rules", N_("the rules in plain words")),
    ("save", N_("save the game (save FILE: save it to that file)")),
    ("quit", N_("leave the game (you are asked whether to save it first)")),
)
#: the takeback command, listed only at a table with takebacks on (R-U1)
_TAKEBACK_HELP = ("u", N_("take back your last action, while nobody has acted after it"))


def read_cards(text: str) -> tuple[list[int], str | None]:
    """Cards typed by the player, or an explanation of the first one that cannot be read."""
    cards = []
    for token in text.split():
        try:
            cards.append(parse_card(token))
        except NotationError:
            return [], _(
                "Could not read '{token}': write a rank (2-9, T or 10, J, Q, K, A) then a "
                "suit (S, H, D, C or ♠♥♦♣), or BJ / RJ; separate cards by spaces."
            ).format(token=token)
    return cards, None


class PlainGame:
    """The line-mode loop over a :class:`Session`."""

    def __init__(self, session: Session, stdin: TextIO, stdout: TextIO, save_path: str) -> None:
        self.session = session
        self.stdin = stdin
        self.stdout = stdout
        self.save_path = save_path
        self._shown: tuple[Waiting, int] | None = None
        self._commands: dict[str, Callable[[str], object]] = {
            "help": self._help,
            "?": self._help,
            "hint": self._hint,
            "hand": lambda _arg: self._show_hand(),
            "table": lambda _arg: self._say(view.current_trick_message(self.session)),
            "last": self._last,
            "status": lambda _arg: self._status(),
            "rules": lambda _arg: self._say(rules_text()),
            "save": self._save,
            "quit": self._quit,
            "exit": self._quit,
        }
        if session.game.rules.takebacks:
            self._commands["u"] = lambda _arg: self._report(self.session.take_back())

    # ------------------------------------------------------------------ output

    def _say(self, message: Message | str) -> None:
        print(plain(message), file=self.stdout, flush=True)

    def _ask(self, question: str) -> str:
        """Print what is expected, then the prompt; the answer line (EOF ends the game)."""
        self._say(question)
        print("> ", end="", file=self.stdout, flush=True)
        line = self.stdin.readline()
        if not line:
            raise _EndOfInput
        return line.strip()

    def _show_hand(self) -> None:
        obs = self.session.observation()
        ctx = display_context(obs)
        groups = sort_hand(ctx, obs.rank, obs.hand)
        count = len(obs.hand)
        self._say(
            ngettext("Your hand ({n} card):", "Your hand ({n} cards):", count).format(n=count)
        )
        for group in groups:
            heading = suit_heading(effective_suit(ctx, obs.rank, group[0]))
            self._say(["  ", heading, ": ", CardRun(tuple(group))])

    def _status(self) -> None:
        for line in view.status_lines(self.session):
            self._say(line)

    def _flush_log(self) -> None:
        # A round's end is told by its summary, printed next: it begins "Round N is over"
        for message in self.session.new_messages(leave_out=(RoundEnded,)):
            self._say(message)

    # ------------------------------------------------------------------ commands

    def _help(self, _arg: str) -> None:
        """One command a line: a single long line is hard to read and to hear."""
        self._say(_("Type cards in notation, like 'AS AS', '10h' or '2♣'."))
        self._say(_("Commands, at any prompt:"))
        commands: tuple[tuple[str, str], ...] = _COMMAND_HELP
        if self.session.game.rules.takebacks:
            commands = (*commands[:-1], _TAKEBACK_HELP, commands[-1])
        width = max(len(name) for name, _about in commands) + 2
        for name, about in commands:
            self._say(f"  {name.ljust(width)}{_(about)}")

    def _hint(self, _arg: str) -> None:
        self._say(self.session.hint().message)

    def _last(self, _arg: str) -> None:
        trick = self.session.last_trick()
        if trick is None:
            self._say(_("No trick has been played yet this round."))
        else:
            self._say(trick_message(trick))

    def _save(self, arg: str) -> Outcome:
        """Save to ``arg``, else to the game's save file; later saves go to the same
        place."""
        path = arg or self.save_path
        outcome = self.session.save(path)
        self._say(outcome.message)
        if outcome.ok:
            self.save_path = path
            self._say(
                _("Resume it with: {command}").format(command=resume_command(path, plain=True))
            )
        return outcome

    def _quit(self, _arg: str) -> None:
        raise _Quit

    def _ask_yes_no(self, question: str, how: str, **values: str) -> bool:
        """Ask until the answer is yes or no (in English or the player's language); ``how``
        says what to type, with ``{yes}`` and ``{no}`` fields and ``values``."""
        # TRANSLATORS: the short answers typed to a yes/no question; English y and n are
        # accepted too.
        yes, no = pgettext("answer", "y"), pgettext("answer", "n")
        while True:
            answer = self._ask(f"{question}\n{how.format(yes=yes, no=no, **values)}").lower()
            if answer in {"y", "yes", yes.lower()}:
                return True
            if answer in {"n", "no", no.lower()}:
                return False

    def _say_not_saved(self) -> None:
        """The game is being left unsaved: say so, and how not to lose the next one."""
        if self.session.last_saved is not None:
            self._say(
                _("The moves since the last save ({path}) were not saved.").format(
                    path=self.session.last_saved
                )
            )
            return
        self._say(_("The game was not saved. Type `save` before quitting next time."))

    def _may_leave(self) -> bool:
        """The player wants to leave (quit or Ctrl-C): offer to save an unsaved game
        first. Whether to leave (not when the save failed: the game goes on)."""
        if not self.session.unsaved:
            self._say(_("Goodbye."))
            return True
        try:
            wanted = self._ask_yes_no(
                _("Save the game before quitting?"),
                # TRANSLATORS: {yes} and {no} are the short answers translated with the
                # context "answer" (y and n in English).
                _("Type {yes} to save it to {path}, or {no} to quit without saving."),
                path=self.save_path,
            )
        except (_EndOfInput, KeyboardInterrupt):
            self._say("")
            wanted = False
        if not wanted:
            self._say_not_saved()
            self._say(_("Goodbye."))
            return True
        if self._save("").ok:
            self._say(_("Goodbye."))
            return True
        self._say(_("The game goes on: type 'save FILE' to save it elsewhere, or 'quit'."))
        return False

    def _command(self, line: str) -> bool:
        """Run ``line`` if it is a command; whether it was one."""
        word, _sep, arg = line.partition(" ")
        command = self._commands.get(word.lower())
        if command is None:
            return False
        command(arg.strip())
        return True

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play until the game ends, the player quits or the input ends; the exit code
        (0; 1 when something broke; 130 after Ctrl-C)."""
        self._say(_("Tractor in plain text. You sit South; North is your partner."))
        self._help("")
        while True:
            try:
                return self._play()
            except _EndOfInput:
                self._say(_("Input ended."))
                if self.session.unsaved:
                    self._say_not_saved()
                self._say(_("Goodbye."))
                return 0
            except _Quit:
                if self._may_leave():
                    return 0
            except KeyboardInterrupt:
                self._say("")  # the terminal's ^C leaves the cursor mid-line
                if self._may_leave():
                    return INTERRUPTED

    def _play(self) -> int:
        """The game loop; the exit code once the game is over."""
        while True:
            try:
                self.session.run_until_human()
            except Exception as error:  # a bot's bug: say so and stop, no traceback
                self._say(_("Something went wrong: {error}").format(error=error))
                return 1
            self._flush_log()
            if self.session.waiting() is Waiting.OVER:
                return self._end()
            try:
                self._turn()
            except (_EndOfInput, _Quit):
                raise
            except Exception as error:  # bad input must never end the game
                self._say(_("Something went wrong: {error}").format(error=error))

    def _end(self) -> int:
        """The last words: the winner is in the log already; a game stopped at the round
        limit is saved and the words say how to resume it."""
        if not self.session.stopped_at_round_limit():
            self._say(_("The game is over."))
            return 0
        outcome = self.session.finish(self.save_path, plain=True)
        self._say(outcome.message)
        return 0 if outcome.ok else 1

    def _turn(self) -> None:
        """Ask the human once and carry out the answer."""
        session = self.session
        waiting = session.waiting()
        if waiting is Waiting.SUMMARY:
            self._summary()
            return
        # the table and the hand once per decision, not again after a command or a refusal
        moment = (waiting, len(session.game.events))
        if moment != self._shown:
            self._shown = moment
            if waiting is Waiting.PLAY or (
                waiting is Waiting.CONFIRM and session.observation().trick
            ):
                self._say(view.current_trick_message(session))
            if waiting is not Waiting.CONFIRM:  # the hand is shown again once asked to act
                self._show_hand()
        line = self._ask(self._question(waiting))
        if line.lower() in ("auto", "play hint"):
            self._report(session.follow_hint())
            return
        if self._command(line):
            return
        self._report(self._answer(waiting, line))

    def _question(self, waiting: Waiting) -> str:
        session = self.session
        expected = view.expected(session)
        if waiting in (Waiting.OFFER, Waiting.WINDOW):
            options = "  ".join(
                f"{number}) {format_cards(option)}"
                for number, option in enumerate(session.declaration_options(), 1)
            )
            how = (
                _("Type a number or the cards to declare, or press Enter to go on.")
                if waiting is Waiting.OFFER
                else _("Type a number or the cards to declare, or 'pass'.")
            )
            label = _("Options:")
            return f"{expected}\n{label} {options}\n{how}"
        if waiting is Waiting.BURY:
            return f"{view.expected(session)}\n" + _("Type the 8 cards to bury.")
        if waiting is Waiting.CONFIRM:
            return f"{expected}\n" + _("Type u to take it back, or press Enter to go on.")
        return f"{expected}\n" + _("Type the cards to play.")

    def _answer(self, waiting: Waiting, line: str) -> Outcome:
        session = self.session
        if waiting is Waiting.CONFIRM:
            if not line:
                return session.go_on()
            return Outcome(False, _("Type u to take it back, or press Enter to go on."))
        if waiting in (Waiting.OFFER, Waiting.WINDOW):
            if not line or line.lower() == "pass":
                return session.keep_drawing() if waiting is Waiting.OFFER else session.pass_turn()
            options = session.declaration_options()
            if line.isdigit():
                number = int(line)
                if not 1 <= number <= len(options):
                    return Outcome(False, _("Choose a number from the list."))
                return session.declare(options[number - 1])
        if not line:
            return Outcome(False, _("Nothing typed. Type 'help' for help."))
        cards, error = read_cards(line)
        if error is not None:
            return Outcome(False, error)
        if waiting in (Waiting.OFFER, Waiting.WINDOW):
            return session.declare(cards)
        if waiting is Waiting.BURY:
            return session.bury(cards)
        return session.play(cards)

    def _report(self, outcome: Outcome) -> None:
        if outcome.message:
            self._say(outcome.message)
        elif not outcome.ok:
            self._say(_("That did not work. Type 'help' for help."))

    def _summary(self) -> None:
        result = self.session.last_result()
        if result is not None:
            for line in summary_lines(*result):
                self._say(line)
        line = self._ask(_("Press Enter to go on."))
        if line and line.lower() not in ("auto", "play hint") and self._command(line):
            return
        self.session.next_round()


def run_plain(session: Session, stdin: TextIO, stdout: TextIO, save_path: str) -> int:
    """Play ``session`` in line mode; the exit code (0: the game or the input ended)."""
    return PlainGame(session, stdin, stdout, save_path).run()
