"""What happened, told to the human at seat 0: game events as translated messages.

Only what seat 0 may see is told: other seats' drawn and buried cards never appear
until the rules make them public (a round's talon, at its end: R-K1). This is the one
narrator of events: the terminal game's log, its summaries, and ``tuolaji replay``
(:func:`record_story`, a whole recorded game told from seat 0's chair) all use it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from tuolaji.core.cards import RANKS
from tuolaji.game.events import (
    Buried,
    Declared,
    Event,
    GameOver,
    Passed,
    Played,
    Redealt,
    RoundEnded,
    RoundStarted,
    TakenBack,
    TalonBonus,
    TalonFlipped,
    ThrowFailed,
    TrickWon,
    TrumpSettled,
)
from tuolaji.game.results import RoundResult
from tuolaji.game.state import CompletedTrick
from tuolaji.i18n import _, ngettext
from tuolaji.play.words import (
    HUMAN,
    CardRun,
    Message,
    by_seat,
    by_seat_text,
    by_team,
    fill,
    plain,
    seat_name,
    team_name,
    trump_words,
)
from tuolaji.render import level_name


class _Fold(NamedTuple):
    """What a :class:`TrickFold` knew before a play."""

    plays: tuple[tuple[int, tuple[int, ...]], ...]
    throw: ThrowFailed | None
    finished: int
    last: CompletedTrick | None


class TrickFold:
    """The tricks a stream of events finishes, rebuilt from the events alone (the plays,
    a failed throw, the winner and its points), as the game's own
    :class:`~tuolaji.game.state.CompletedTrick`: a front end that follows the events
    knows a round's last trick even once the next round is dealt. Also counts the deals
    (a redeal is a deal of its own, R-T6). A play taken back (R-U1) is folded out again:
    the trick stands as it stood before the play, a trick the play finished unfinished."""

    __slots__ = ("_before", "_opened", "_plays", "_throw", "deals", "finished", "last")

    def __init__(self) -> None:
        self._plays: list[tuple[int, tuple[int, ...]]] = []
        self._throw: ThrowFailed | None = None
        #: the fold as it stood before each play of this round, the last one last: what
        #: a takeback of a play goes back to (a failed throw and its forced lead are one
        #: play)
        self._before: list[_Fold] = []
        self._opened = False  # the last event was a failed throw: its forced lead follows
        #: deals dealt so far (each RoundStarted)
        self.deals = 0
        #: tricks finished so far, every round counted
        self.finished = 0
        #: the trick finished last, if any
        self.last: CompletedTrick | None = None

    def add(self, event: Event) -> CompletedTrick | None:
        """Take in the next event; the trick it finishes, if it finishes one."""
        opened, self._opened = self._opened, False
        if isinstance(event, Played):
            if not opened:
                self._keep()
            self._plays.append((event.seat, event.cards))
        elif isinstance(event, ThrowFailed):
            self._keep()
            self._opened = True
            self._throw = event
        elif isinstance(event, TrickWon):
            trick = CompletedTrick(
                event.number, tuple(self._plays), event.seat, event.points, self._throw
            )
            self._plays, self._throw = [], None
            self.finished += 1
            self.last = trick
            return trick
        elif isinstance(event, RoundStarted):
            self._plays, self._throw, self._before = [], None, []
            self.deals += 1
        elif isinstance(event, TakenBack) and event.kind == "play" and self._before:
            plays, self._throw, self.finished, self.last = self._before.pop()
            self._plays = list(plays)
        return None

    def _keep(self) -> None:
        """A play begins: keep the fold as it stands, for a takeback of it."""
        self._before.append(_Fold(tuple(self._plays), self._throw, self.finished, self.last))


def points_text(points: int) -> str:
    """The points as words ("35 points"), with the language's plural."""
    return ngettext("{n} point", "{n} points", points).format(n=points)


def levels_text(levels: int) -> str:
    """The levels as words ("2 levels"), with the language's plural."""
    return ngettext("{n} level", "{n} levels", levels).format(n=levels)


def describe(event: Event) -> Message | None:
    """One event as a message for seat 0, or None when it is not worth a line (draws)."""
    if isinstance(event, RoundStarted):
        return fill(
            _("Round {n} begins: trump rank {rank}."), n=event.number, rank=RANKS[event.rank]
        )
    if isinstance(event, Declared):
        return by_seat(
            event.seat, _("You declare {cards}."), _("{who} declares {cards}."), cards=event.cards
        )
    if isinstance(event, Passed):
        return by_seat(event.seat, _("You pass."), _("{who} passes."))
    if isinstance(event, Redealt):
        return fill(_("Nobody declared: the cards are shuffled and dealt again."))
    if isinstance(event, TalonFlipped):
        return fill(_("Nobody declared: the talon is turned up: {cards}."), cards=event.turned)
    if isinstance(event, TrumpSettled):
        return by_seat(
            event.starter,
            _("Trump: {trump}. You start and take the talon."),
            _("Trump: {trump}. {who} starts and takes the talon."),
            trump=trump_words(event.rank, event.suit, True),
        )
    if isinstance(event, Buried):
        return by_seat(
            event.seat, _("You bury {cards}."), _("{who} buries 8 cards."), cards=event.cards
        )
    if isinstance(event, ThrowFailed):
        return failed_throw_message(event)
    if isinstance(event, Played):
        return by_seat(
            event.seat, _("You play {cards}."), _("{who} plays {cards}."), cards=event.cards
        )
    if isinstance(event, TrickWon):
        if not event.points:  # none, or not told (R-V3)
            return by_seat(
                event.seat,
                _("Trick {n}: you win it."),
                _("Trick {n}: {who} wins it."),
                n=event.number,
            )
        return by_seat(
            event.seat,
            _("Trick {n}: you win it ({points})."),
            _("Trick {n}: {who} wins it ({points})."),
            n=event.number,
            points=points_text(event.points),
        )
    if isinstance(event, TalonBonus):
        return fill(
            _("The opponents took the last trick: the talon {cards} counts × {times} = {points}."),
            cards=event.talon,
            times=event.multiplier,
            points=points_text(event.points),
        )
    if isinstance(event, RoundEnded):
        return fill(_("Round {n} is over."), n=event.number)
    if isinstance(event, GameOver):
        return fill(game_over_text(event.winner))
    if isinstance(event, TakenBack):
        return taken_back_message(event)
    return None


def taken_back_message(event: TakenBack) -> Message:
    """R-U1: a seat took back its last action, told by the kind of action."""
    own, other = {
        "declare": (_("You take back your declaration."), _("{who} took back their declaration.")),
        "pass": (_("You take back your pass."), _("{who} took back their pass.")),
        "bury": (_("You take back your burial."), _("{who} took back their burial.")),
    }.get(event.kind, (_("You take back your play."), _("{who} took back their play.")))
    return by_seat(event.seat, own, other)


def trick_message(trick: CompletedTrick) -> Message:
    """A finished trick in one line: who played what, who won, its points."""
    out: Message = [_("Trick {n}:").format(n=trick.number)]
    for index, (seat, cards) in enumerate(trick.plays):
        out += [", " if index else " ", seat_name(seat), " ", CardRun(cards)]
    if not trick.plays:
        # TRANSLATORS: an old trick whose cards the table's rules hide (R-V1)
        out += [" ", _("(its cards are hidden)")]
    out.append(" — ")
    if trick.points is None:  # the declarers' points are not told (R-V3)
        out += by_seat(trick.winner, _("you win."), _("{who} wins."))
        return out
    out += by_seat(
        trick.winner,
        _("you win, {points}."),
        _("{who} wins, {points}."),
        points=points_text(trick.points),
    )
    return out


def record_story(events: Sequence[Event], results: Sequence[RoundResult]) -> Iterator[Message]:
    """A whole recorded game told round by round from seat 0's chair, in the log's words:
    every declaration, pass and burial as it happens, each trick on one line (failed
    throws told before it), and at each round's end its summary — the talon among it,
    no secret once the round is over (R-K1) — then the game's end. ``results`` are the
    game's round results, one per :class:`RoundEnded` of ``events``. An empty message
    comes before each deal."""
    tricks = TrickFold()
    ended = 0
    for event in events:
        trick = tricks.add(event)
        if trick is not None:
            yield trick_message(trick)
        elif isinstance(event, RoundEnded):
            for line in summary_lines(results[ended], event):
                told: Message = [line] if isinstance(line, str) else line
                yield told
            ended += 1
        elif not isinstance(event, Played):  # a play is told with its trick
            message = describe(event)
            if message is None:
                continue
            if isinstance(event, RoundStarted):
                yield []  # an empty line between rounds
            yield message


def failed_throw_message(event: ThrowFailed) -> Message:
    """A failed throw told in full: whose throw failed, who can beat which part (the
    blocker, R-H2), the part led instead and the penalty paid (R-H3). The event names the
    blocker's seat, not the blocker's cards: those stay hidden until they are played."""
    cards, forced = event.attempted, event.forced
    if event.blocker is None:  # who blocked it is not told (R-V2)
        fails = by_seat(
            event.seat,
            _("Your throw of {cards} fails: {forced} can be beaten (R-H2)."),
            # TRANSLATORS: {who} is the seat that threw; the seat that can beat the
            # throw is not told under the table's rules. "'s" is only English.
            _("{who}'s throw of {cards} fails: {forced} can be beaten (R-H2)."),
            cards=cards,
            forced=forced,
        )
    elif event.seat == HUMAN:
        fails = fill(
            _("Your throw of {cards} fails: {blocker} can beat {forced} (R-H2)."),
            cards=cards,
            blocker=seat_name(event.blocker),
            forced=forced,
        )
    elif event.blocker == HUMAN:
        fails = fill(
            # TRANSLATORS: {who} is the seat that threw (East, North or West); {cards} and
            # {forced} are cards. Reword freely; "'s" is only English.
            _("{who}'s throw of {cards} fails: you can beat {forced} (R-H2)."),
            who=seat_name(event.seat),
            cards=cards,
            forced=forced,
        )
    else:
        fails = fill(
            _("{who}'s throw of {cards} fails: {blocker} can beat {forced} (R-H2)."),
            who=seat_name(event.seat),
            cards=cards,
            blocker=seat_name(event.blocker),
            forced=forced,
        )
    if event.penalty:
        leads = by_seat(
            event.seat,
            _("You lead {forced} instead and pay {points} (R-H3)."),
            _("{who} leads {forced} instead and pays {points} (R-H3)."),
            forced=forced,
            points=points_text(event.penalty),
        )
    else:  # a rule set without throw penalties
        leads = by_seat(
            event.seat,
            _("You lead {forced} instead."),
            _("{who} leads {forced} instead."),
            forced=forced,
        )
    return [*fails, " ", *leads]


def opponents_of(event: RoundEnded) -> int:
    """The opponents of the round ``event`` ends (the team that did not declare): the
    declarers declare again when they stay declarers, else the opponents take over
    (R-S3)."""
    return 1 - event.next_declarers if event.declarers_hold else event.next_declarers


def level_change_text(event: RoundEnded) -> str:
    """What the round's points mean, as one sentence from the human's side: who stays or
    becomes the declarers, and how many levels they go up (R-S3)."""
    team, levels = event.next_declarers, levels_text(event.levels_gained)
    if event.declarers_hold:
        message = by_team(
            team,
            _("We stay declarers and go up {levels}."),
            _("They stay declarers and go up {levels}."),
            levels=levels,
        )
    elif event.levels_gained:
        message = by_team(
            team,
            _("We become the declarers and go up {levels}."),
            _("They become the declarers and go up {levels}."),
            levels=levels,
        )
    else:
        message = by_team(
            team,
            _("We become the declarers, without going up."),
            _("They become the declarers, without going up."),
        )
    return plain(message)


def round_verdict(event: RoundEnded) -> str:
    """The end of a round in one line: which team were the opponents and what they won,
    what it means, the levels, and who starts next (whole sentences, each in the right
    grammatical person)."""
    points = by_team(
        opponents_of(event),
        _("Round {n} is over: we were the opponents and won {points}."),
        _("Round {n} is over: they were the opponents and won {points}."),
        n=event.number,
        points=points_text(event.opponents_points),
    )
    levels = _("Levels: We {we}, They {they}.").format(
        we=level_name(event.levels[HUMAN % 2]), they=level_name(event.levels[1 - HUMAN % 2])
    )
    starter = by_seat(
        event.next_starter, _("Next round: you start."), _("Next round: {who} starts.")
    )
    return " ".join((plain(points), level_change_text(event), levels, plain(starter)))


def game_over_text(winner: int) -> str:
    """Who won the game."""
    if winner == HUMAN % 2:
        return _("Game over: we pass the ace and win the game!")
    return _("Game over: they pass the ace and win the game.")


def summary_lines(result: RoundResult, event: RoundEnded | None) -> list[Message | str]:
    """The end-of-round summary, line by line, in the rules' terms (the declarers, and
    the opponents, who alone score, R-S1): who declared and started, the points in
    tricks, penalties, the talon and its bonus, the opponents' total, then the verdict
    (which team were the opponents, what it means, the levels, who starts next). The
    talon's line is a message with its cards kept as cards (to colour them); the others
    are text."""
    lines: list[Message | str] = [
        by_seat_text(
            result.starter,
            _("Declarers: {team}; starter: you."),
            _("Declarers: {team}; starter: {who}."),
            team=team_name(result.declarers),
        ),
        _("Points in tricks: {points}.").format(points=points_text(result.trick_points)),
    ]
    if result.penalties:
        lines.append(_("Throw penalties: {points}.").format(points=points_text(result.penalties)))
    if result.talon:
        # R-K1: the buried cards are the starter's secret only until the round ends
        lines.append(
            by_seat(
                result.starter,
                _("You buried {cards} in the talon."),
                _("{who} buried {cards} in the talon."),
                cards=result.talon,
            )
        )
    if result.talon_shown:
        lines.append(_("Talon bonus: {points}.").format(points=points_text(result.talon_bonus)))
    else:
        lines.append(_("Talon bonus: none (the declarers took the last trick)."))
    lines.append(
        _("Total for the opponents: {points}.").format(points=points_text(result.opponents_points))
    )
    if event is not None:
        lines.append(round_verdict(event))
    return lines
