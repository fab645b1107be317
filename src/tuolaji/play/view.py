"""What the table shows, in words both front ends use: the status of the round, the
trick on the table, the last trick, and what the game expects of the human now."""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.core.cards import points_of
from tuolaji.game.events import ThrowFailed, TrickWon
from tuolaji.game.state import CompletedTrick, Phase
from tuolaji.i18n import _, ngettext
from tuolaji.play.narrate import describe, points_text
from tuolaji.play.session import Session, Waiting
from tuolaji.play.words import (
    HUMAN,
    CardRun,
    Message,
    by_team,
    fill,
    plain,
    seat_name,
    team_name,
    trump_words,
)
from tuolaji.render import level_name


def trump_line(session: Session) -> str:
    """The trump line, e.g. "Trump: rank 2, ♥ hearts"."""
    obs = session.observation()
    return _("Trump: {trump}").format(
        trump=trump_words(obs.rank, obs.trump_suit, obs.trump_settled)
    )


def levels_line(session: Session) -> str:
    """The levels line, e.g. "Levels: We 2 · They 2"."""
    we, they = session.game.levels[HUMAN % 2], session.game.levels[1 - HUMAN % 2]
    return _("Levels: We {we} · They {they}").format(we=level_name(we), they=level_name(they))


def roles_line(session: Session) -> str:
    """Who declares and who starts (or that declaring decides it, in round 1)."""
    obs = session.observation()
    if obs.declarers is None:
        return _("Declarers: whoever declares")
    starter = seat_name(obs.starter) if obs.starter is not None else "?"
    return _("Declarers: {team} · starter: {seat}").format(
        team=team_name(obs.declarers), seat=starter
    )


def points_line(session: Session) -> str:
    """The points the opponents (the team that does not declare, the only one that
    scores, R-S1) have won so far this round, said from the human's side: which team the
    opponents are and whose points these are ("Opponents: We · our points: 60"); empty
    while nobody declares yet."""
    obs = session.observation()
    if obs.declarers is None:
        return ""
    return plain(
        by_team(
            1 - obs.declarers,
            _("Opponents: We · our points: {points}"),
            _("Opponents: They · their points: {points}"),
            points=obs.opponents_points,
        )
    )


def round_line(session: Session) -> str:
    """The round line, e.g. "Round 3"."""
    return _("Round {n}").format(n=session.observation().round_number)


def status_parts(session: Session) -> list[str]:
    """The round at a glance, in short parts the screen packs into its top bar: the
    round, the trump, the levels, who declares and starts, and the opponents' points
    (once there are declarers). Whose turn it is goes on the screen's message line."""
    parts = [round_line(session), trump_line(session), levels_line(session)]
    return [*parts, roles_line(session), points_line(session)]


def status_lines(session: Session) -> list[str]:
    """Everything about the round in a few short lines (the line mode's ``status``)."""
    parts = [part for part in status_parts(session)[3:] if part]
    return [
        f"{round_line(session)} · {trump_line(session)} · {levels_line(session)}",
        " · ".join([*parts, turn_line(session)]),
    ]


def turn_line(session: Session) -> str:
    """Whose turn it is, in a few words."""
    game = session.game
    phase = game.phase
    if phase is Phase.OVER:
        return _("Game over")
    if phase is Phase.DRAW:
        return _("Dealing: {n} cards left").format(n=session.observation().cards_left_in_pack)
    seat = game.to_act()
    if seat is None:
        return ""
    if seat == HUMAN:
        return _("Your turn")
    return _("{who} to act").format(who=seat_name(seat))


def trick_won_line(trick: CompletedTrick) -> Message:
    """A finished trick's heading on the table: its number, who won it and its points,
    in the words of the game log."""
    return describe(TrickWon(trick.number, trick.winner, trick.points)) or []


def failed_throw_line(throw: ThrowFailed) -> Message:
    """A failed throw, as the table notes it: whose throw, who could beat which part
    (the blocker, R-H2), and what is led instead (told as in the game log)."""
    return describe(throw) or []


def thinking_line(seat: int) -> str:
    """A bot is taking a while over its move."""
    return _("{who} is thinking…").format(who=seat_name(seat))


def current_trick_message(session: Session) -> Message:
    """The trick on the table now, or a note that it is empty."""
    plays = session.observation().trick
    if not plays:
        return fill(_("No cards on the table."))
    out: Message = [_("On the table:")]
    for index, (seat, cards) in enumerate(plays):
        out += [", " if index else " ", seat_name(seat), " ", CardRun(cards)]
    out.append(".")
    return out


def expected(session: Session, selected: Sequence[int] | None = None) -> str:
    """What the game expects of the human now, in words (the front ends add how: which
    keys to press or what to type). ``selected``: the cards chosen so far on a screen
    that selects them (their count and points are shown while burying)."""
    waiting = session.waiting()
    obs = session.observation()
    if waiting is Waiting.OFFER:
        return _("You may declare now, or let the dealing go on.")
    if waiting is Waiting.WINDOW:
        return _("Last chance to declare: declare or pass.")
    if waiting is Waiting.BURY:
        if selected is None:
            return _("Choose 8 cards to bury.")
        return _("Choose 8 cards to bury: {n} chosen, {points}.").format(
            n=len(selected), points=points_text(points_of(selected))
        )
    if waiting is Waiting.PLAY:
        if obs.lead is None:
            return _("Your lead: a single, a pair, a tractor, or several of one suit.")
        size = obs.lead.size
        text = ngettext(
            "Your turn: follow with {n} card.", "Your turn: follow with {n} cards.", size
        )
        text = text.format(n=size)
        if obs.must_beat:
            text += " " + _("You must beat the forced lead (R-H2).")
        return text
    if waiting is Waiting.SUMMARY:
        return _("The round is over.")
    if waiting is Waiting.CONFIRM:
        return _("You may take back what you just did (R-U1), or let the game go on.")
    if waiting is Waiting.OVER:
        if session.stopped_at_round_limit():
            return _("The rounds you asked for are played; the game is not finished.")
        return _("The game is over.")
    return turn_line(session)
