"""The game driver both front ends share: the human at seat 0 (partner North, seat 2)
against bots, live dealing, declaring, burying, tricks, rounds, hints, saving, resuming.

The session never blocks: a front end asks :meth:`Session.waiting` what the game needs
(built on the game's own :meth:`~tuolaji.game.game.Game.turn`: the session reads the
game through its public API and the human's observation, never its round's state).
While it is ``NOTHING``, :meth:`Session.advance` takes one step that is not the human's
(one card drawn, a bot declaring, burying or playing, exactly as the arena runner does);
otherwise the human answers with :meth:`declare`, :meth:`keep_drawing`, :meth:`pass_turn`,
:meth:`bury`, :meth:`play` or :meth:`next_round`. Human actions that the rules refuse come
back as an :class:`Outcome` naming the rule in plain words; nothing raises.

At a table with takebacks on (R-U1), a human action that can still be taken back holds
the game (``CONFIRM``) until the human goes on (:meth:`go_on`) or takes it back
(:meth:`take_back`): the bots and the deal wait for the player's word rather than for a
clock, because a terminal player reads at their own pace (a screen reader, the line
mode, a slow look at the table) and any fixed moment is too short for some and slows
every trick for the rest. Where the human is asked next anyway (they lead after winning
a trick, they lead after burying) nothing is held: the takeback stays open until they act.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tuolaji.arena.runner import step
from tuolaji.bots.base import Player
from tuolaji.bots.registry import PLAYER_NAMES, make_player
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.game.events import Event, Played, RoundEnded, ThrowFailed, TrickWon
from tuolaji.game.game import Game
from tuolaji.game.observation import Observation, observe
from tuolaji.game.record import GameRecord, load_record, record_of, replay, save_record
from tuolaji.game.results import RoundResult
from tuolaji.game.state import CompletedTrick, Phase
from tuolaji.game.turn import ActionKind
from tuolaji.game.views import hidden_talon, view
from tuolaji.i18n import _, ngettext
from tuolaji.play.narrate import TrickFold, describe, game_over_text
from tuolaji.play.refusals import refusal_message, refusal_text
from tuolaji.play.saves import resume_command
from tuolaji.play.seats import BOT_CHOICES, HUMAN_NAME, HumanSeat, bot_names, deal_start
from tuolaji.play.words import HUMAN, Message, fill, refusal
from tuolaji.render import level_name

#: a guard against a driver loop that never reaches the human (a bug, not a game)
MAX_STEPS = 100_000

__all__ = [
    "BOT_CHOICES",
    "HUMAN_NAME",
    "MAX_STEPS",
    "Hint",
    "Outcome",
    "Session",
    "Waiting",
    "bot_names",
]


class Waiting(enum.Enum):
    """What the game needs next."""

    NOTHING = "nothing"  # not the human: call advance()
    OFFER = "offer"  # the draw paused: the human may declare (declare / keep_drawing)
    WINDOW = "window"  # the human's turn in the final declaring window (declare / pass)
    BURY = "bury"  # the human starts: bury 8 cards
    PLAY = "play"  # the human leads or follows
    SUMMARY = "summary"  # a round has ended: show the summary, then next_round()
    #: takebacks on (R-U1): the human's last action can still be taken back, and the
    #: bots or the deal would act next: go_on() or take_back()
    CONFIRM = "confirm"
    OVER = "over"  # the game is over (or the rounds asked for are played)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a human action went: ``ok``, and a message to show (a refusal names the rule)."""

    ok: bool
    message: str = ""
    rule: str | None = None
    #: the same message with its cards kept as cards, for a screen that colours them
    pieces: Message | None = None

    @property
    def shown(self) -> Message | str:
        """The message as the screen shows it: coloured cards where there are any."""
        return self.pieces if self.pieces is not None else self.message


@dataclass(frozen=True, slots=True)
class Hint:
    """What the heuristic bot would do in the human's place: ``cards`` to declare, bury or
    play (None: keep quiet or pass), and the advice in words."""

    cards: tuple[int, ...] | None
    message: Message


class Session:
    """A game between the human (seat 0) and three bots (see the module docstring)."""

    def __init__(self, game: Game, bots: Sequence[str], *, resumed: bool = False) -> None:
        self.game = game
        self.bot_names = tuple(bots)
        seed = game.seed
        self._bots: list[Player] = [
            make_player(name, seed * 4 + seat) for seat, name in enumerate(self.bot_names, 1)
        ]
        self._seats: list[Player] = [HumanSeat(), *self._bots]
        self._offer: list[tuple[int, ...]] = []
        self._offered: set[tuple[int, ...]] = set()
        # the game's events folded into deals and finished tricks, as far as `_folded`
        self._tricks = TrickFold()
        self._folded = 0
        self._fold()
        self._offer_deal = self._tricks.deals  # the deal the offers belong to (a redeal is new)
        # rounds whose summary the human has seen (a resumed game has seen the past ones)
        self._acknowledged = len(game.results)
        self._rounds_before = len(game.results)  # rounds played before this session
        self.log: list[Message] = []
        #: the event each line of the log tells, line by line
        self._log_events: list[Event] = []
        self._told = 0  # messages already handed out by new_messages()
        # a new game tells its story from the start; a resumed one from the start of the
        # deal in progress, so the player sees the round so far
        self._seen_events = deal_start(game) if resumed else 0
        self.resumed = resumed
        # how far the game had got when it was last saved (a resumed game is saved as it
        # stands; a new one not at all): see `unsaved`
        self._saved_at: int | None = len(game.events) if resumed else None
        #: the file this game was last saved to (or resumed from): saving may write it
        #: again, but never over any other existing file
        self.last_saved: Path | None = None
        self._own_files: set[Path] = set()
        # the game waits for the human's word after an action that can be taken back
        # (R-U1); a resumed game stopped after one waits again
        self._hold = game.can_takeback(HUMAN)
        if game.phase is Phase.DRAW:
            self._update_offer()

    # ------------------------------------------------------------------ creating

    @classmethod
    def new(
        cls,
        bots: str = "heuristic",
        seed: int | None = None,
        rules: RuleSet = STANDARD,
        rounds: int | None = None,
    ) -> Session:
        """A new game; ``seed`` None picks one at random; ``rounds`` stops the game after
        that many rounds (None: play until a team passes the ace)."""
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        game = Game(rules, seed, round_limit=rounds)
        return cls(game, bot_names(bots))

    @classmethod
    def resume(
        cls, path: str | Path, bots: str = "heuristic", rounds: int | None = None
    ) -> Session:
        """The game saved in ``path``, replayed to where it stopped. Bots named in the
        record are seated again when they are built-in players; any other name (an
        external command, which a file must never start) is replaced by ``bots``.

        A resumed game plays on until a team passes the ace, or for ``rounds`` more rounds
        (the one in progress counts): the round limit of the saved game is what stopped
        it, so it does not carry over. Raises :class:`tuolaji.game.record.RecordError`
        for a bad file."""
        record = load_record(path)
        # without its limit the replay deals the round after the last one played
        game = replay(dataclasses.replace(record, round_limit=None))
        if rounds is not None:
            game.round_limit = len(game.results) + rounds
        names = [
            name if name in PLAYER_NAMES else bot_names(bots)[0] for name in record.players[1:]
        ]
        session = cls(game, names, resumed=True)
        session.last_saved = Path(path)
        return session

    # ------------------------------------------------------------------ reading

    def observation(self) -> Observation:
        """What the human may see now."""
        return observe(self.game, HUMAN)

    def waiting(self) -> Waiting:
        """What the game needs next (see :class:`Waiting`)."""
        waiting = self._waiting()
        if waiting is Waiting.NOTHING and self._hold and self.game.can_takeback(HUMAN):
            return Waiting.CONFIRM
        return waiting

    def may_take_back(self) -> bool:
        """Whether the human may take back their last action now (R-U1: the table has
        takebacks on and nobody has acted after it)."""
        return self.game.can_takeback(HUMAN)

    def _waiting(self) -> Waiting:
        """What the game needs next, a takeback's hold left aside."""
        game = self.game
        if len(game.results) > self._acknowledged:
            return Waiting.SUMMARY
        turn = game.turn()
        if turn.over:
            return Waiting.OVER
        if turn.chance:  # the draw: the human is asked only when an offer pauses it
            return Waiting.OFFER if self._offer else Waiting.NOTHING
        kinds = turn.kinds(HUMAN)
        if ActionKind.PLAY in kinds:
            return Waiting.PLAY
        if ActionKind.BURY in kinds:
            return Waiting.BURY
        if ActionKind.DECLARE in kinds and self.declaration_options():
            return Waiting.WINDOW  # the final window (R-T4), with something to declare
        return Waiting.NOTHING

    def declaration_options(self) -> list[tuple[int, ...]]:
        """The declarations the human could make now that would stand (R-T2, R-T3): the
        game's legal declarations; empty when declaring is closed."""
        return list(self.game.legal_declarations(HUMAN))

    def last_trick(self) -> CompletedTrick | None:
        """The last finished trick of this round, if any."""
        tricks = self.observation().tricks
        return tricks[-1] if tricks else None

    def tricks_finished(self) -> int:
        """How many tricks the game has finished so far, every round counted: a front
        end notices a finished trick by this count going up."""
        self._fold()
        return self._tricks.finished

    def last_finished_trick(self) -> CompletedTrick | None:
        """The trick the game finished last, whatever its round: a round's last trick
        too, once the next round is dealt (when :meth:`last_trick` no longer has it)."""
        self._fold()
        return self._tricks.last

    def last_result(self) -> tuple[RoundResult, RoundEnded | None] | None:
        """The result of the last finished round and its end event, if a round ended,
        as the human's seat sees them: without the talon when the rules keep it the
        starter's (``show_talon`` off, R-K1)."""
        if not self.game.results:
            return None
        ended = next((e for e in reversed(self.game.events) if isinstance(e, RoundEnded)), None)
        seen = None if ended is None else view(ended, HUMAN)
        assert seen is None or isinstance(seen, RoundEnded)
        return hidden_talon(self.game.results[-1], HUMAN), seen

    def new_messages(self, leave_out: tuple[type[Event], ...] = ()) -> list[Message]:
        """The log lines added since the last call, but those that tell an event of
        the kinds in ``leave_out`` (which the front end tells in its own way)."""
        self._sync()
        told = zip(self.log[self._told :], self._log_events[self._told :], strict=True)
        fresh = [message for message, event in told if not isinstance(event, leave_out)]
        self._told = len(self.log)
        return fresh

    # ------------------------------------------------------------------ driving

    def advance(self) -> None:
        """Take one step that is not the human's: draw a card (its drawer may declare),
        let a bot declare, pass, bury or play, or pass for the human in the final window
        when nothing the human holds could stand. Does nothing while the human is asked."""
        if self.waiting() is not Waiting.NOTHING:
            return
        game = self.game
        # a bot's move or a card drawn: the human's last action is past taking back
        self._hold = False
        if game.turn().may(HUMAN, ActionKind.PASS):
            self._sync()
            passed = game.pass_declaring(HUMAN)
            # the pass is told here, with its reason; what it leads to (the trump settled
            # by the last pass of the window, or a redeal) is told below, as any event
            self._tell(fill(_("You pass: you have no stronger declaration to make.")), passed[0])
            self._seen_events += 1
        else:
            step(game, self._seats)
        if game.phase is Phase.DRAW:
            self._update_offer()
        self._sync()

    def run_until_human(self) -> None:
        """Advance until the human is asked something (or the game is over)."""
        for _step in range(MAX_STEPS):
            if self.waiting() is not Waiting.NOTHING:
                return
            self.advance()
        raise RuntimeError("the game did not reach the human")

    def _fold(self) -> None:
        """Fold the game's new events into the deals and tricks the session follows."""
        events = self.game.events
        add = self._tricks.add
        for event in events[self._folded :]:
            add(view(event, HUMAN))  # as the human may see it (R-V2, R-V3)
        self._folded = len(events)

    def _update_offer(self) -> None:
        """Pause the draw when the human could make a declaration not offered before."""
        self._fold()
        if self._tricks.deals != self._offer_deal:
            self._offer_deal = self._tricks.deals
            self._offered = set()
        options = self.declaration_options()
        fresh = [option for option in options if option not in self._offered]
        self._offer = options if fresh else []
        self._offered.update(options)

    def _sync(self) -> None:
        """Turn the game's new events into log lines. The story stops at the end of a
        round until the human has read its summary (:meth:`next_round`), so the next
        round's first lines never come before the last round's summary."""
        events = self.game.events
        while self._seen_events < len(events):
            told = self._seen_events
            if (
                told
                and isinstance(events[told - 1], RoundEnded)
                and self.waiting() is Waiting.SUMMARY
            ):
                break
            event = events[told]
            # a failed throw's blocker and a trick's points as the human may see them
            # (R-V2, R-V3); the other events the log tells in its own words
            seen = view(event, HUMAN) if isinstance(event, ThrowFailed | TrickWon) else event
            message = None if self._untold(event) else describe(seen)
            if message is not None:
                self._tell(message, event)
            self._seen_events = told + 1

    def _untold(self, event: Event) -> bool:
        """Whether the log leaves ``event`` out: under ``hidden_history`` the plays and
        failed throws, which the table shows while their trick is the one in progress
        or the last (R-V1), and a log line would keep for good."""
        return self.game.rules.hidden_history and isinstance(event, Played | ThrowFailed)

    def _tell(self, message: Message, event: Event) -> None:
        """Add a line that tells ``event`` to the log."""
        self.log.append(message)
        self._log_events.append(event)

    def _attempt(self, action: str, cards: Sequence[int]) -> Outcome:
        game = self.game
        try:
            if action == "declare":
                game.declare(HUMAN, cards)
            elif action == "bury":
                game.bury(HUMAN, cards)
            else:
                game.play(HUMAN, cards)
        except IllegalAction as error:
            return _refused(error)
        self._acted()
        return Outcome(True)

    def _acted(self) -> None:
        """The human has acted: tell it; hold the game while it can be taken back."""
        self._hold = True
        self._sync()

    # ------------------------------------------------------------------ human actions

    def declare(self, cards: Sequence[int]) -> Outcome:
        """The human reveals ``cards`` to declare (during the draw or on their turn in
        the final window)."""
        if self.waiting() is Waiting.SUMMARY:
            return Outcome(False, _("The round is over: go on to the next round first."))
        if not cards:
            return Outcome(False, _("Choose the cards to declare with first."))
        outcome = self._attempt("declare", cards)
        if outcome.ok:
            self._offer = []
        return outcome

    def keep_drawing(self) -> Outcome:
        """The human lets the paused draw go on without declaring."""
        if self.waiting() is not Waiting.OFFER:
            return Outcome(False, _("The draw is not waiting for you."))
        self._offer = []
        return Outcome(True)

    def pass_turn(self) -> Outcome:
        """The human passes in the final declaring window (R-T4)."""
        if self.waiting() is Waiting.OFFER:
            return self.keep_drawing()
        try:
            self.game.pass_declaring(HUMAN)
        except IllegalAction as error:
            return _refused(error)
        self._acted()
        return Outcome(True)

    def bury(self, cards: Sequence[int]) -> Outcome:
        """The human, as starter, lays 8 cards down as the new talon (R-K1)."""
        if self.waiting() is not Waiting.BURY:
            return Outcome(False, _("You have no cards to bury now."))
        return self._attempt("bury", cards)  # the game refuses a count other than 8

    def play(self, cards: Sequence[int]) -> Outcome:
        """The human leads or follows with ``cards``."""
        waiting = self.waiting()
        if waiting is not Waiting.PLAY:
            if self.game.phase is Phase.PLAY and waiting is Waiting.NOTHING:
                try:  # the game says whose turn it is
                    self.game.check_play(HUMAN, cards)
                except IllegalAction as error:
                    return _refused(error)
                return Outcome(False, refusal("R-P1"), "R-P1")
            return Outcome(False, _("It is not time to play a card."))
        if not cards:
            return Outcome(False, _("Choose the cards to play first."))
        return self._attempt("play", cards)

    def go_on(self) -> Outcome:
        """The human lets the game go on after an action they could still take back."""
        if self.waiting() is not Waiting.CONFIRM:
            return Outcome(False, _("Nothing is waiting for you to go on."))
        self._hold = False
        return Outcome(True)

    def take_back(self) -> Outcome:
        """The human takes back their last action (R-U1): the game stands again where it
        stood before it, and the human acts again. Refused, naming R-U1, when the table
        has takebacks off, when someone acted (or a card was drawn) since, when the
        action settled the trump or ended the round, or when there is nothing to take
        back."""
        try:
            self.game.takeback(HUMAN)
        except IllegalAction as error:
            return _refused(error)
        self._hold = False
        if self.game.phase is Phase.DRAW:
            # a declaration taken back during the deal: the draw waits for the human
            # again, to declare anew or let the dealing go on
            self._offer = self.declaration_options()
            self._offered.update(self._offer)
        self._sync()
        return Outcome(True)

    def next_round(self) -> Outcome:
        """The human has read the end-of-round summary: go on."""
        if self.waiting() is not Waiting.SUMMARY:
            return Outcome(False, _("No round summary is waiting."))
        self._acknowledged = len(self.game.results)
        if self.game.phase is Phase.DRAW:
            self._update_offer()
        self._sync()  # the next round's story, held back while the summary was shown
        return Outcome(True)

    def hint(self) -> Hint:
        """What the heuristic bot would do from the human's observation."""
        waiting = self.waiting()
        adviser = make_player("heuristic", self.game.seed)
        obs = self.observation()
        if waiting in (Waiting.OFFER, Waiting.WINDOW) or (
            self.game.phase is Phase.DRAW and self.declaration_options()
        ):
            choice = adviser.declaration(obs)
            if choice:
                return Hint(tuple(choice), fill(_("Hint: declare {cards}."), cards=tuple(choice)))
            if waiting is Waiting.WINDOW:
                return Hint(None, fill(_("Hint: pass.")))
            return Hint(None, fill(_("Hint: do not declare yet.")))
        if waiting is Waiting.BURY:
            cards = tuple(sorted(adviser.bury(obs)))
            return Hint(cards, fill(_("Hint: bury {cards}."), cards=cards))
        if waiting is Waiting.PLAY:
            cards = tuple(sorted(adviser.play(obs)))
            return Hint(cards, fill(_("Hint: play {cards}."), cards=cards))
        return Hint(None, fill(_("No hint: nothing is asked of you now.")))

    def follow_hint(self) -> Outcome:
        """Do what the hint says (the line mode's ``auto``): declare or not, pass, bury,
        play, or go on after a round summary."""
        waiting = self.waiting()
        if waiting is Waiting.SUMMARY:
            return self.next_round()
        if waiting is Waiting.CONFIRM:
            return self.go_on()
        hint = self.hint()
        if waiting is Waiting.OFFER:
            return self.declare(hint.cards) if hint.cards else self.keep_drawing()
        if waiting is Waiting.WINDOW:
            return self.declare(hint.cards) if hint.cards else self.pass_turn()
        if waiting is Waiting.BURY and hint.cards:
            return self.bury(hint.cards)
        if waiting is Waiting.PLAY and hint.cards:
            return self.play(hint.cards)
        return Outcome(False, _("Nothing is asked of you now."))

    # ------------------------------------------------------------------ records

    def record(self) -> GameRecord:
        """The game so far as a record (docs/records.md), seat 0 named "human"."""
        return record_of(self.game, [HUMAN_NAME, *self.bot_names])

    def save(self, path: str | Path) -> Outcome:
        """Write the game record to ``path``; ``tuolaji play --resume`` continues it and
        ``tuolaji replay`` prints it. An existing file is written over only when it is
        this game's own (saved or resumed from): another file, or another saved game,
        is never lost."""
        if not self.may_write(path):
            return Outcome(
                False,
                _("Not saved: {path} already exists and is not this game's file.").format(
                    path=path
                ),
            )
        try:
            save_record(self.record(), path)
        except OSError as error:
            return Outcome(
                False,
                _("Could not save to {path}: {reason}").format(
                    path=path, reason=error.strerror or error
                ),
            )
        self._saved_at = len(self.game.events)
        self.last_saved = Path(path)
        self._own_files.add(Path(path).resolve())
        return Outcome(True, _("Game saved to {path}.").format(path=path))

    def may_write(self, path: str | Path) -> bool:
        """Whether saving may write ``path``: a new file, or this game's own file."""
        target = Path(path)
        if not target.exists():
            return True
        own = self._own_files | ({self.last_saved.resolve()} if self.last_saved else set())
        return target.resolve() in own

    @property
    def unsaved(self) -> bool:
        """Whether quitting now would lose play: the game is not over and has moved on
        since it was last saved (or resumed), or was never saved."""
        if self.game.phase is Phase.OVER:
            return False
        return self._saved_at != len(self.game.events)

    def stopped_at_round_limit(self) -> bool:
        """Whether the game stopped because the rounds asked for (``--rounds``) are
        played, with no team past the ace: the game itself is not finished."""
        return self.game.phase is Phase.OVER and self.game.winner is None

    def finish(self, save_path: str | Path, *, plain: bool = False) -> Outcome:
        """The words for the end of play (call it once :meth:`waiting` is ``OVER``).

        A won game: who won. A game stopped at the round limit is not finished: it is
        saved to ``save_path`` and the words say how many rounds were played, the levels,
        and the command that resumes it (``plain``: in the line mode)."""
        game = self.game
        if game.winner is not None:
            return Outcome(True, game_over_text(game.winner))
        if game.phase is not Phase.OVER:
            return Outcome(False, _("The game is not over yet."))
        played = len(game.results) - self._rounds_before  # --rounds counts from here
        done = ngettext(
            "You played the {n} round you asked for (levels: We {we}, They {they}); "
            "the game is not finished.",
            "You played the {n} rounds you asked for (levels: We {we}, They {they}); "
            "the game is not finished.",
            played,
        ).format(
            n=played,
            we=level_name(game.levels[HUMAN % 2]),
            they=level_name(game.levels[1 - HUMAN % 2]),
        )
        saved = self.save(save_path)
        if not saved.ok:
            return Outcome(False, f"{done} {saved.message}")
        resume = _("It is saved in {path}: resume it with {command}").format(
            path=save_path, command=resume_command(save_path, plain=plain)
        )
        return Outcome(True, f"{done} {resume}")


def _refused(error: IllegalAction) -> Outcome:
    """The outcome of an action the rules refused: the actual mistake, in words."""
    return Outcome(False, refusal_text(error), error.rule, refusal_message(error))
