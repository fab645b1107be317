"""Words a player reads: seats, teams, suits, cards, the trump, and what each rule means.

Every string here goes through the translation layer. Messages that show cards are
:data:`Message` lists (text and :class:`CardRun` pieces), so the screen can colour the
cards and the line mode can print them in notation, whatever the language's word order.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import NamedTuple

from rich.text import Text

from tuolaji.core.cards import RANKS, SUIT_SYMBOLS, format_cards
from tuolaji.core.rules import STANDARD
from tuolaji.core.trump import TRUMP, TrumpContext, trump_context
from tuolaji.game.observation import Observation
from tuolaji.i18n import N_, _
from tuolaji.render import cards_text

HUMAN = 0


class CardRun(NamedTuple):
    """Cards inside a message, rendered by whoever shows the message."""

    cards: tuple[int, ...]


Piece = str | CardRun
Message = list[Piece]


#: the rules that give the order of a hand before the trump suit is known
RANK_TRUMPS = STANDARD.with_options(rank_trumps_in_no_trump=True)


def fill(template: str, **values: object) -> Message:
    """``template`` (already translated, ``{name}`` fields) with ``values`` put in; card
    values (tuples of kinds, or :class:`CardRun`) stay cards so they can be coloured."""
    out: Message = []
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        if literal:
            out.append(literal)
        if field is None:
            continue
        value = values[field]
        if isinstance(value, CardRun):
            out.append(value)
        elif isinstance(value, tuple) and all(isinstance(v, int) for v in value):
            out.append(CardRun(tuple(value)))
        else:
            out.append(str(value))
    return out


def plain(message: Message | str) -> str:
    """A message as plain text, cards in the notation of docs/rules.md (typeable back)."""
    if isinstance(message, str):
        return message
    return "".join(
        piece if isinstance(piece, str) else format_cards(piece.cards) or "—" for piece in message
    )


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


# ------------------------------------------------------------------ seats and teams

# TRANSLATORS: the seats at the card table as the player (South) sees them: East plays
# after you, North is your partner, West plays before you.
_SEAT_NAMES = (N_("You"), N_("East"), N_("North"), N_("West"))


def seat_name(seat: int) -> str:
    """The short name of a seat as the human sees the table: You, East (the next to
    play, on your right), North (your partner, across) and West."""
    return _(_SEAT_NAMES[seat % 4])


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


# ------------------------------------------------------------------ suits and cards

_SUIT_NAMES = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"), N_("trumps"))


def suit_name(suit: int) -> str:
    """An effective suit in words: spades, hearts, diamonds, clubs, or trumps (4)."""
    return _(_SUIT_NAMES[suit])


def suit_heading(suit: int) -> str:
    """A short heading for a group of cards: the suit symbol and name, or "Trumps"."""
    if suit == TRUMP:
        return _("Trumps")
    return f"{SUIT_SYMBOLS[suit]} {suit_name(suit)}"


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


def display_context(obs: Observation) -> TrumpContext | None:
    """The trump context to sort a hand by: the round's once settled, else the one the
    standing declaration would give (None before anyone declares)."""
    if obs.ctx is not None:
        return obs.ctx
    if obs.declaration is None:
        return None
    return trump_context(obs.rank, obs.declaration.suit, obs.rules)


def sort_hand(ctx: TrumpContext | None, rank: int, hand: Sequence[int]) -> list[list[int]]:
    """The hand in groups by effective suit, trumps first, each group high to low.

    Before the trump is settled, the trump-rank cards and jokers are trumps whatever the
    suit (they always are, R-O1) and the rest sort by printed suit.
    """
    ctx = ctx or _unsettled(rank)
    groups: list[list[int]] = [[], [], [], [], []]
    for kind in sorted(hand, key=lambda k: ctx.strength[k], reverse=True):
        groups[ctx.eff[kind]].append(kind)
    order = (TRUMP, 0, 1, 3, 2)  # trumps, then ♠ ♥ ♣ ♦: black and red alternate
    return [groups[suit] for suit in order if groups[suit]]


def effective_suit(ctx: TrumpContext | None, rank: int, kind: int) -> int:
    """The group a card is shown in (see :func:`sort_hand`)."""
    return (ctx or _unsettled(rank)).eff[kind]


def _unsettled(rank: int) -> TrumpContext:
    """Before anyone declares: the trump-rank cards and jokers are trumps whatever the
    suit will be — exactly a no-trump round that keeps its rank cards trump."""
    return trump_context(rank, None, RANK_TRUMPS)


# ------------------------------------------------------------------ rules, in brief

#: one sentence per rule id, saying in plain words what the rule asks of a player
# TRANSLATORS: the rule briefs are shown when a move is refused and start each rule's
# paragraph on the rules screen. Card notation (TH, 2C, BJ, RJ, S H D C) stays as it is:
# players type it.
RULE_BRIEFS: dict[str, str] = {
    "R-N1": N_("Ranks run 2 to ace; T stands for ten, and 10 is accepted too."),
    "R-N2": N_("Suits are S, H, D and C; BJ and RJ are the black and the red joker."),
    "R-N3": N_("Write a card as its rank then its suit, like TH or 2C; separate cards by spaces."),
    "R-N4": N_("Play passes to the next seat, on your right; you and North are partners."),
    "R-D1": N_("The game uses two full packs with four jokers: every card exists twice."),
    "R-D2": N_("Everyone draws one card in turn until each holds 25; 8 are left as the talon."),
    "R-D3": N_("Both teams start at level 2."),
    "R-T1": N_("The trump rank is the declaring team's level (2 in the first round)."),
    "R-T2": N_("To declare, show one or two identical cards of the trump rank, or two jokers."),
    "R-T3": N_("A declaration can only be replaced by a stronger one: single, pair, then jokers."),
    "R-T4": N_("After the draw, each player in turn may still declare or pass."),
    "R-T5": N_("In the first round, the player whose declaration stands starts the round."),
    "R-T6": N_("If nobody declares, the first round is dealt again; later the talon decides."),
    "R-T7": N_("With a joker pair declared there is no trump suit: the jokers are the trumps."),
    "R-O1": N_(
        "Trumps from the top: red joker, black joker, the rank card of the trump suit, "
        "the other rank cards, then the trump suit from ace down."
    ),
    "R-O2": N_("In the other suits the cards run from ace down to two, without the trump rank."),
    "R-O3": N_("All trumps count as one suit, whatever is printed on them."),
    "R-O4": N_("Fives are worth 5 points, tens and kings 10; there are 200 points in all."),
    "R-K1": N_(
        "The starter takes the talon and buries exactly 8 cards of their choice; they stay "
        "secret until the round ends."
    ),
    "R-C1": N_("A single is one card."),
    "R-C2": N_("A pair is two identical cards."),
    "R-C3": N_("A tractor is two or more pairs of one suit next to each other in rank."),
    "R-C4": N_("A lead must be cards of one suit: a single, pair, tractor, or several at once."),
    "R-P1": N_("Wait for your turn: the winner of each trick leads the next."),
    "R-P2": N_("Play exactly as many cards as were led, all from your hand."),
    "R-P3": N_("When a single is led, follow with a card of that suit if you have one."),
    "R-P4": N_("When a pair is led, follow with a pair of that suit if you have one."),
    "R-P5": N_("When a tractor is led, follow with as many pairs of that suit as you can."),
    "R-P6": N_("When several combinations are led, match them in that suit as far as you can."),
    "R-P7": N_("You may always play more cards of the led suit than the minimum."),
    "R-H1": N_("Several combinations led together stand only if no other hand can beat a part."),
    "R-H2": N_(
        "A throw that another hand can beat is taken back, and its weakest beatable part is "
        "led instead."
    ),
    "R-H3": N_("A failed throw may cost points for every card taken back, as the rules say."),
    "R-W1": N_("A single is won by the highest trump, else by the highest card of the led suit."),
    "R-W2": N_("A pair lead is won only by a higher pair of trumps or of the led suit."),
    "R-W3": N_("A tractor lead is won only by a higher tractor of the same length."),
    "R-W4": N_("A throw is won by its leader unless someone void in it matches it in trumps."),
    "R-W5": N_("The winner of a trick takes its cards and any points in them."),
    "R-S1": N_("Only the opponents of the declaring team collect points."),
    "R-S2": N_("If the opponents win the last trick, the talon's points count, multiplied."),
    "R-S3": N_("The opponents' points decide who goes up and by how many levels."),
    "R-S4": N_("The next starter is the starter's partner, or the next player if they lose."),
    "R-S5": N_("The first team to go past ace wins the game."),
}


def rule_brief(rule: str) -> str:
    """The one-sentence explanation of ``rule`` in the current language."""
    brief = RULE_BRIEFS.get(rule)
    return _(brief) if brief is not None else _("That is against the rules.")


def refusal(rule: str) -> str:
    """The line shown when the rules refuse the player's action: the rule id and what it
    asks, e.g. "Not allowed (R-P3): When a single is led, follow …"."""
    return _("Not allowed ({rule}): {why}").format(rule=rule, why=rule_brief(rule))
