"""What the parts of the game screen show, worked out from the session: the table (the
trick, a finished trick held in view, the declaration during the deal, the talon
exchange) and the keys that matter now. The widgets lay these out; the app decides
when."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text

from tuolaji.game.events import ThrowFailed
from tuolaji.game.observation import Observation
from tuolaji.game.state import CompletedTrick, Phase
from tuolaji.i18n import _, pgettext
from tuolaji.play import view
from tuolaji.play.session import Session, Waiting
from tuolaji.play.words import by_seat, rich

#: a key in the key bar: the key, what it does, whether the bar may leave it out
Key = tuple[str, str, bool]


class Table(NamedTuple):
    """What the table shows: a heading, the plays (seat, cards), the leader and the
    winner to mark, and a note (a failed throw)."""

    heading: Text
    plays: tuple[tuple[int, tuple[int, ...]], ...]
    leader: int | None = None
    winner: int | None = None
    note: Text | None = None


def throw_note(throw: ThrowFailed | None) -> Text | None:
    """A failed throw as the table's note: who could beat which part (R-H2)."""
    return None if throw is None else rich(view.failed_throw_line(throw), style="yellow")


def table(
    session: Session, obs: Observation, held: CompletedTrick | None, show_last: bool
) -> Table:
    """The table now: ``held`` (a finished trick kept in view until the player goes
    on), else the last trick between two tricks (or on ``show_last``), the declaration
    during the deal, the talon exchange, or the trick being played."""
    shown = held
    if shown is None and obs.phase in (Phase.PLAY, Phase.OVER):
        shown = session.last_trick() if show_last or not obs.trick else None
    if shown is not None:
        return Table(
            rich(view.trick_won_line(shown), style="bold" if held else "dim"),
            shown.plays,
            shown.plays[0][0],
            shown.winner,
            throw_note(shown.failed_throw),
        )
    if obs.phase in (Phase.DRAW, Phase.DECLARE):
        standing = obs.declaration
        plays = () if standing is None else ((standing.seat, standing.cards),)
        # the count of cards left is said here only, not on the message line
        heading = _("Declaration")
        if obs.phase is Phase.DRAW:
            heading = f"{view.turn_line(session)} · {heading}"
        return Table(Text(heading, style="dim"), plays)
    if obs.phase is Phase.EXCHANGE:
        starter = obs.starter if obs.starter is not None else 0
        title = by_seat(
            starter,
            _("You take the talon and bury 8 cards."),
            _("{who} takes the talon and buries 8 cards."),
        )
        return Table(rich(title, style="dim"), ())
    leader = obs.trick[0][0] if obs.trick else None
    number = Text(_("Trick {n}").format(n=len(obs.tricks) + 1), style="dim")
    return Table(number, obs.trick, leader, None, throw_note(obs.failed_throw))


def keys(session: Session, held: bool) -> list[Key]:
    """The keys that matter now; the optional ones may be left out of a long bar."""
    waiting = session.waiting()
    # TRANSLATORS: "key" labels stand after a key in the one-line key bar: keep them
    # short, the whole bar must fit 80 columns.
    go_on = ("⏎", pgettext("key", "go on"), False)
    declare = ("d", pgettext("key", "declare"), False)
    take_back = ("u", pgettext("key", "take back"), False)
    now: list[Key] = []
    if waiting is Waiting.CONFIRM:
        now = [take_back, go_on]
    elif held or waiting is Waiting.SUMMARY:
        now = [go_on]
    elif waiting is Waiting.OFFER:
        now = [declare, go_on]
    elif waiting is Waiting.WINDOW:
        now = [declare, ("p", pgettext("key", "pass"), False)]
    elif waiting in (Waiting.BURY, Waiting.PLAY):
        word = pgettext("key", "bury") if waiting is Waiting.BURY else pgettext("key", "play")
        now = [("←→", pgettext("key", "move"), False), ("␣", pgettext("key", "select"), False)]
        # Esc unselects every card (Enter with none selected plays the cursor's card)
        now += [("⏎", word, False), ("Esc", pgettext("key", "clear"), False)]
    elif session.game.phase is Phase.DRAW:
        now = [declare]
    if waiting is not Waiting.CONFIRM and session.may_take_back():
        # while you may take back your last action (R-U1); on a narrow bar it goes
        # after the hint, the last trick, saving and the rules
        now.append(("u", take_back[1], True))
    now += [("h", pgettext("key", "hint"), True), ("l", pgettext("key", "last"), True)]
    now += [("s", pgettext("key", "save"), True), ("?", pgettext("key", "rules"), True)]
    now.append(("q", pgettext("key", "quit"), False))
    return now
