"""What happened, told to the human at seat 0: game events as translated messages.

Only what seat 0 may see is told: other seats' drawn and buried cards never appear.
"""

from __future__ import annotations

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
    TalonBonus,
    TalonFlipped,
    ThrowFailed,
    TrickWon,
    TrumpSettled,
)
from tuolaji.game.state import RoundResult
from tuolaji.i18n import _, ngettext
from tuolaji.play.words import (
    HUMAN,
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
    if isinstance(event, TrickWon) and not event.points:
        return by_seat(
            event.seat,
            _("Trick {n}: you win it."),
            _("Trick {n}: {who} wins it."),
            n=event.number,
        )
    if isinstance(event, TrickWon):
        return by_seat(
            event.seat,
            _("Trick {n}: you win it ({points})."),
            _("Trick {n}: {who} wins it ({points})."),
            n=event.number,
            points=points_text(event.points),
        )
    if isinstance(event, TalonBonus):
        return fill(
            _("The defenders took the last trick: the talon {cards} counts × {times} = {points}."),
            cards=event.talon,
            times=event.multiplier,
            points=points_text(event.points),
        )
    if isinstance(event, RoundEnded):
        return fill(_("Round {n} is over."), n=event.number)
    if isinstance(event, GameOver):
        return fill(game_over_text(event.winner))
    return None


def failed_throw_message(event: ThrowFailed) -> Message:
    """A failed throw told in full: whose throw failed, who can beat which part (the
    blocker, R-H2), the part led instead and the penalty paid (R-H3). The event names the
    blocker's seat, not the blocker's cards: those stay hidden until they are played."""
    cards, forced = event.attempted, event.forced
    if event.seat == HUMAN:
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


def defenders_of(event: RoundEnded) -> int:
    """The team that defended in the round ``event`` ends (the declarers' opponents): the
    declarers declare again when they hold on, else the defenders take over (R-S3)."""
    return 1 - event.next_declarers if event.declarers_hold else event.next_declarers


def level_change_text(event: RoundEnded) -> str:
    """Which team goes up and by how much, as one sentence from the human's side."""
    team, levels = event.next_declarers, levels_text(event.levels_gained)
    if event.declarers_hold:
        message = by_team(
            team,
            _("We hold on and go up {levels}."),
            _("They hold on and go up {levels}."),
            levels=levels,
        )
    elif event.levels_gained:
        message = by_team(
            team,
            _("We take over and go up {levels}."),
            _("They take over and go up {levels}."),
            levels=levels,
        )
    else:
        message = by_team(
            team, _("We take over without going up."), _("They take over without going up.")
        )
    return plain(message)


def round_verdict(event: RoundEnded) -> str:
    """The end of a round in one line: the defenders' points, who goes up, the levels, and
    who starts next (whole sentences, each in the right grammatical person)."""
    points = by_team(
        defenders_of(event),
        _("Round {n} is over: we defended and have {points}."),
        _("Round {n} is over: they defended and have {points}."),
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


def summary_lines(result: RoundResult, event: RoundEnded | None) -> list[str]:
    """The end-of-round summary, line by line: the defenders' trick points (said from the
    human's side: ours or theirs), penalties, the talon and its bonus, the total, the level
    change and who declares and starts next."""
    defenders = 1 - result.declarers
    lines = [
        by_seat_text(
            result.starter,
            _("Declarers: {team}; starter: you."),
            _("Declarers: {team}; starter: {who}."),
            team=team_name(result.declarers),
        ),
        plain(
            by_team(
                defenders,
                _("We defended: our points in tricks: {points}."),
                _("They defended: their points in tricks: {points}."),
                points=points_text(result.trick_points),
            )
        ),
    ]
    if result.penalties:
        lines.append(_("Throw penalties: {points}.").format(points=points_text(result.penalties)))
    if result.talon:
        # R-K1: the buried cards are the starter's secret only until the round ends
        lines.append(
            by_seat_text(
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
        plain(
            by_team(
                defenders,
                _("Our total as defenders: {points}."),
                _("Their total as defenders: {points}."),
                points=points_text(result.opponents_points),
            )
        )
    )
    if event is not None:
        lines.append(round_verdict(event))
        if event.next_declarers == HUMAN % 2:
            lines.append(_("Next round we declare."))
        else:
            lines.append(_("Next round they declare."))
    return lines
