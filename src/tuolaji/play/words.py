"""Words a player reads in the terminal: messages as rich text, teams, what a seat or a
team does, and the trump.

The language-neutral pieces (messages with cards, seat and suit names, rule briefs, the
order of a hand) live in :mod:`tuolaji.wording`, shared with the online server, and are
re-exported here for the terminal game. Every string goes through the translation
layer. Messages that show cards are :data:`Message` lists (text and :class:`CardRun`
pieces), so the screen can colour the cards and the line mode can print them in
notation, whatever the language's word order.
"""

from __future__ import annotations

from rich.text import Text

from tuolaji.core.cards import RANKS, SUIT_SYMBOLS
from tuolaji.i18n import _
from tuolaji.render import cards_text
from tuolaji.wording import (
    HUMAN,
    RANK_TRUMPS,
    RULE_BRIEFS,
    CardRun,
    Message,
    Piece,
    display_context,
    effective_suit,
    fill,
    plain,
    refusal,
    rule_brief,
    seat_name,
    sort_hand,
    suit_groups,
    suit_heading,
    suit_name,
)

__all__ = [
    "HUMAN",
    "RANK_TRUMPS",
    "RULE_BRIEFS",
    "CardRun",
    "Message",
    "Piece",
    "by_seat",
    "by_seat_text",
    "by_team",
    "display_context",
    "effective_suit",
    "fill",
    "plain",
    "refusal",
    "rich",
    "rule_brief",
    "seat_name",
    "sort_hand",
    "suit_groups",
    "suit_heading",
    "suit_name",
    "team_name",
    "trump_words",
]


def rich(message: Message | str, style: str = "") -> Text:
    """A message as rich text, cards coloured as on the table."""
    if isinstance(message, str):
        return Text(message, style=style)
    out = Text(style=style)
    for piece in message:
        if isinstance(piece, str):
            out.append(piece)
        else:
            out.append_text(cards_text(piece.cards))
    return out


# ------------------------------------------------------------------ teams, and who does what


def team_name(team: int) -> str:
    """Your team (seats 0 and 2) is "We", the other is "They"."""
    # TRANSLATORS: the two teams: "We" (you and North) and "They" (East and West).
    return _("We") if team == HUMAN % 2 else _("They")


def by_seat(seat: int, yours: str, theirs: str, **values: object) -> Message:
    """A message about what ``seat`` does, in the right grammatical person.

    ``yours`` and ``theirs`` are already translated whole sentences: ``yours`` speaks to
    the human ("You take the talon."), ``theirs`` tells of another seat, named by its
    ``{who}`` field ("{who} takes the talon."). Putting "You" into a third-person
    sentence gives "You takes" in English and worse in languages that conjugate more, so
    every such message has a second-person msgid of its own.
    """
    if seat == HUMAN:
        return fill(yours, **values)
    return fill(theirs, who=seat_name(seat), **values)


def by_seat_text(seat: int, yours: str, theirs: str, **values: object) -> str:
    """:func:`by_seat` as plain text (cards in notation), for one-line labels."""
    return plain(by_seat(seat, yours, theirs, **values))


def by_team(team: int, ours: str, theirs: str, **values: object) -> Message:
    """A message about what a team does: ``ours`` (first person plural, "We hold on.")
    for the human's team, ``theirs`` ("They hold on.") for the other; whole sentences,
    since "We" and "They" take different verb forms in many languages."""
    return fill(ours if team == HUMAN % 2 else theirs, **values)


# ------------------------------------------------------------------ the trump


def trump_words(rank: int, suit: int | None, settled: bool) -> str:
    """The trump in words: "rank 2, hearts", "rank 2, no trump suit", or "rank 2, suit
    not chosen yet" while declaring goes on."""
    if suit is not None:
        suit_text = f"{SUIT_SYMBOLS[suit]} {suit_name(suit)}"
    elif settled:
        suit_text = _("no trump suit")
    else:
        suit_text = _("suit not chosen yet")
    return _("rank {rank}, {suit}").format(rank=RANKS[rank], suit=suit_text)
