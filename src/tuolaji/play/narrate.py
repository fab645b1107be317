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
from tuolaji.play.words import HUMAN, Message, fill, seat_name, team_name, trump_words
from tuolaji.render import level_name


def points_text(points: int) -> str:
    """The points as words ("35 points"), with the language's plural."""
    return ngettext("{n} point", "{n} points", points).format(n=points)


def levels_text(levels: int) -> str:
    """The levels as words ("2 levels"), with the language's plural."""
    return ngettext("{n} level", "{n} levels", levels).format(n=levels)


def _by(seat: int, mine: str, theirs: str, **values: object) -> Message:
    """The human's form of a message or another seat's (the grammar differs)."""
    if seat == HUMAN:
        return fill(mine, **values)
    return fill(theirs, who=seat_name(seat), **values)


def describe(event: Event) -> Message | None:
    """One event as a message for seat 0, or None when it is not worth a line (draws)."""
    if isinstance(event, RoundStarted):
        return fill(
            _("Round {n} begins: trump rank {rank}."), n=event.number, rank=RANKS[event.rank]
        )
    if isinstance(event, Declared):
        return _by(
            event.seat, _("You declare {cards}."), _("{who} declares {cards}."), cards=event.cards
        )
    if isinstance(event, Passed):
        return _by(event.seat, _("You pass."), _("{who} passes."))
    if isinstance(event, Redealt):
        return fill(_("Nobody declared: the cards are shuffled and dealt again."))
    if isinstance(event, TalonFlipped):
        return fill(_("Nobody declared: the talon is turned up: {cards}."), cards=event.turned)
    if isinstance(event, TrumpSettled):
        return _by(
            event.starter,
            _("Trump: {trump}. You start and take the talon."),
            _("Trump: {trump}. {who} starts and takes the talon."),
            trump=trump_words(event.rank, event.suit, True),
        )
    if isinstance(event, Buried):
        return _by(
            event.seat, _("You bury {cards}."), _("{who} buries 8 cards."), cards=event.cards
        )
    if isinstance(event, ThrowFailed):
        return _by(
            event.seat,
            _("Your throw {cards} can be beaten: {forced} is led instead (penalty {points})."),
            _("{who}'s throw {cards} can be beaten: {forced} is led instead (penalty {points})."),
            cards=event.attempted,
            forced=event.forced,
            points=points_text(event.penalty),
        )
    if isinstance(event, Played):
        return _by(event.seat, _("You play {cards}."), _("{who} plays {cards}."), cards=event.cards)
    if isinstance(event, TrickWon) and not event.points:
        return _by(
            event.seat,
            _("Trick {n}: you win it."),
            _("Trick {n}: {who} wins it."),
            n=event.number,
        )
    if isinstance(event, TrickWon):
        return _by(
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
    return None


def round_verdict(event: RoundEnded) -> str:
    """The end of a round in one line: points, who goes up, the levels, who starts next."""
    gainer = team_name(event.next_declarers)
    levels = levels_text(event.levels_gained)
    if event.declarers_hold:
        change = _("{team} hold on and go up {levels}.").format(team=gainer, levels=levels)
    elif event.levels_gained:
        change = _("{team} take over and go up {levels}.").format(team=gainer, levels=levels)
    else:
        change = _("{team} take over without going up.").format(team=gainer)
    return _(
        "Round {n} is over: the opponents have {points}. {change} Levels: We {we}, They "
        "{they}. Next round: {starter} starts."
    ).format(
        n=event.number,
        points=points_text(event.opponents_points),
        change=change,
        we=level_name(event.levels[HUMAN % 2]),
        they=level_name(event.levels[1 - HUMAN % 2]),
        starter=seat_name(event.next_starter),
    )


def game_over_text(winner: int) -> str:
    """Who won the game."""
    if winner == HUMAN % 2:
        return _("Game over: we pass the ace and win the game!")
    return _("Game over: they pass the ace and win the game.")


def summary_lines(result: RoundResult, event: RoundEnded | None) -> list[str]:
    """The end-of-round summary, line by line: trick points, penalties, talon bonus,
    total, the level change and who declares and starts next."""
    lines = [
        _("Declarers: {team}; starter: {seat}.").format(
            team=team_name(result.declarers), seat=seat_name(result.starter)
        ),
        _("Opponents' points in tricks: {points}.").format(points=points_text(result.trick_points)),
    ]
    if result.penalties:
        lines.append(_("Throw penalties: {points}.").format(points=points_text(result.penalties)))
    if result.talon_shown:
        lines.append(_("Talon bonus: {points}.").format(points=points_text(result.talon_bonus)))
    else:
        lines.append(_("Talon bonus: none (the declarers took the last trick)."))
    lines.append(
        _("Opponents' total: {points}.").format(points=points_text(result.opponents_points))
    )
    if event is not None:
        lines.append(round_verdict(event))
        if event.next_declarers == HUMAN % 2:
            lines.append(_("Next round we declare."))
        else:
            lines.append(_("Next round they declare."))
    return lines
