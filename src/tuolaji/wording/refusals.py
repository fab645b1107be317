"""What a player reads when the rules refuse an action: the actual mistake, in words.

The engine's :class:`IllegalAction` carries the rule id, a ``reason`` constant and the
cards and numbers concerned; each reason has a translated sentence here, so leading a
card one does not hold says "You don't hold ♠A." and not a rule about following. The
cards stay :class:`CardRun` pieces, so the screen colours them. A refusal without a
known reason falls back to the rule's one-sentence brief (:func:`briefs.refusal`).

The sentence speaks to the seat that tried the action, the *viewer*: other seats are
named from its chair (:func:`names.seat_name`). The terminal's viewer is seat 0; the
online server passes the seat of the connection, in that connection's language
(``with using_language(lang): refusal_text(error, viewer=seat)``).
"""

from __future__ import annotations

import string
from collections.abc import Callable

from tuolaji.core import errors
from tuolaji.core.cards import RANKS
from tuolaji.core.errors import IllegalAction
from tuolaji.i18n import _, ngettext
from tuolaji.wording.briefs import refusal
from tuolaji.wording.messages import CardRun, Message, fill, message_parts, plain
from tuolaji.wording.names import HUMAN, seat_name, suit_name

#: how one reason of the engine is told to the seat reading it (None: no sentence, the
#: rule's brief instead)
Explain = Callable[[IllegalAction, int | None], Message | None]


def refusal_message(error: IllegalAction, viewer: int | None = HUMAN) -> Message:
    """The line shown when the rules refuse the player's action: the rule id and the
    mistake, naming the cards where that helps, e.g. "Not allowed (R-P3): You hold ♦K ♦T
    ♦5 of the led suit (diamonds): they must all be played.".

    ``viewer`` is the seat that tried the action and reads the line (seat 0 in the
    terminal); other seats are named from its chair, or by the compass for None.
    """
    explain = _EXPLAIN.get(error.reason)
    why = explain(error, viewer) if explain is not None else None
    if why is None:
        return [refusal(error.rule)]
    out: Message = []
    # TRANSLATORS: {why} is a whole sentence saying what was wrong with the move.
    template = _("Not allowed ({rule}): {why}")
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        if literal:
            out.append(literal)
        if field == "rule":
            out.append(error.rule)
        elif field == "why":
            out.extend(why)
    return out


def refusal_text(error: IllegalAction, viewer: int | None = HUMAN) -> str:
    """:func:`refusal_message` as plain text, cards in notation: what the online server
    sends, in the language in force (:func:`tuolaji.i18n.using_language`)."""
    return plain(refusal_message(error, viewer))


def refusal_parts(error: IllegalAction, viewer: int | None = HUMAN) -> list[dict[str, str | int]]:
    """:func:`refusal_message` as the online protocol's ``parts`` (words, cards in
    notation, seats by number: :func:`~tuolaji.wording.messages.message_parts`), for a
    client that draws cards and names seats its own way; in the language in force."""
    return message_parts(refusal_message(error, viewer))


def _cards(error: IllegalAction) -> CardRun:
    return CardRun(error.cards)


def _not_held(error: IllegalAction, _viewer: int | None) -> Message:
    return fill(_("You don't hold {cards}."), cards=_cards(error))


def _wrong_count(error: IllegalAction, _viewer: int | None) -> Message:
    need = error.details["need"]
    return fill(
        ngettext(
            "Play {need} card, as many as were led, not {given}.",
            "Play {need} cards, as many as were led, not {given}.",
            need,
        ),
        need=need,
        given=error.details["given"],
    )


def _must_follow_suit(error: IllegalAction, _viewer: int | None) -> Message:
    suit = suit_name(error.details["suit"])
    if error.cards:
        # the hand holds no more led-suit cards than were led: every one must go
        return fill(
            ngettext(
                "You hold {cards} of the led suit ({suit}): it must be played.",
                "You hold {cards} of the led suit ({suit}): they must all be played.",
                len(error.cards),
            ),
            cards=_cards(error),
            suit=suit,
        )
    need = error.details["need"]
    return fill(
        ngettext(
            "You hold enough cards of the led suit ({suit}): play {need} card of that suit.",
            "You hold enough cards of the led suit ({suit}): play {need} cards of that suit.",
            need,
        ),
        suit=suit,
        need=need,
    )


def _must_play_pairs(error: IllegalAction, _viewer: int | None) -> Message:
    suit = suit_name(error.details["suit"])
    if error.cards:
        return fill(
            ngettext(
                "You hold the pair {cards} of the led suit ({suit}): it must be played.",
                "You hold the pairs {cards} of the led suit ({suit}): they must all be played.",
                len(error.cards) // 2,
            ),
            cards=_cards(error),
            suit=suit,
        )
    need = error.details["need"]
    return fill(
        ngettext(
            "You hold pairs of the led suit ({suit}): play {need} pair of them.",
            "You hold pairs of the led suit ({suit}): play {need} pairs of them.",
            need,
        ),
        suit=suit,
        need=need,
    )


def _must_play_tractor(error: IllegalAction, _viewer: int | None) -> Message:
    length = error.details["length"]
    return fill(
        ngettext(
            "You hold a tractor of {length} pair in the led suit ({suit}): "
            "these rules make you play one.",
            "You hold a tractor of {length} pairs in the led suit ({suit}): "
            "these rules make you play one.",
            length,
        ),
        length=length,
        suit=suit_name(error.details["suit"]),
    )


def _must_beat(error: IllegalAction, _viewer: int | None) -> Message:
    return fill(
        _("You blocked the failed throw and can beat {cards}: you must beat it."),
        cards=_cards(error),
    )


def _not_your_turn(error: IllegalAction, viewer: int | None) -> Message:
    seat = seat_name(error.details["seat"], viewer)
    if error.rule == "R-T4":
        return fill(_("Wait for your turn: {seat} may declare or pass now."), seat=seat)
    return fill(_("Wait for your turn: {seat} plays now."), seat=seat)


def _wrong_phase(error: IllegalAction, _viewer: int | None) -> Message | None:
    text = {
        "R-D2": _("The deal is over: no more cards are drawn."),
        "R-T4": _("The declaring is over: the trump is settled."),
        "R-K1": _("Cards are buried only in the talon exchange."),
        "R-P1": _("Cards are played only after the talon exchange."),
    }.get(error.rule)
    return None if text is None else [text]


def _not_a_declaration(error: IllegalAction, _viewer: int | None) -> Message:
    if error.details.get("no_jokers"):
        # joker_no_trump is off: jokers are no declaration at all (R-T2)
        template = _(
            "You cannot declare with {cards}: show one or two identical cards of the trump "
            "rank ({rank}); jokers do not declare under these rules."
        )
    else:
        template = _(
            "You cannot declare with {cards}: show one or two identical cards of the trump "
            "rank ({rank}), or two identical jokers."
        )
    return fill(template, cards=_cards(error), rank=RANKS[error.details["rank"]])


def _too_weak(error: IllegalAction, viewer: int | None) -> Message:
    if error.details["seat"] == viewer:
        template = _(
            "Your declaration {cards} stands: only a stronger one can replace it (a pair "
            "beats a single, and a joker pair beats both)."
        )
        return fill(template, cards=_cards(error))
    template = _(
        "The declaration {cards} by {seat} stands: only a stronger one can replace it (a "
        "pair beats a single, and a joker pair beats both)."
    )
    return fill(template, cards=_cards(error), seat=seat_name(error.details["seat"], viewer))


def _acted_since(error: IllegalAction, viewer: int | None) -> Message:
    if "seat" not in error.details:
        return [_("A card has been drawn since your last action: it can no longer be taken back.")]
    return fill(
        _("{seat} has acted since your last action: it can no longer be taken back."),
        seat=seat_name(error.details["seat"], viewer),
    )


def _final_action(error: IllegalAction, _viewer: int | None) -> Message:
    if error.details.get("ended"):
        return [_("Your last play ended the round: it cannot be taken back.")]
    return [
        _("Your last action settled the trump and the talon was taken up: it cannot be taken back.")
    ]


def _draw_count(error: IllegalAction, _viewer: int | None) -> Message:
    left = error.details["left"]
    return fill(
        ngettext("Only {left} card is left to draw.", "Only {left} cards are left to draw.", left),
        left=left,
    )


_EXPLAIN: dict[str, Explain] = {
    errors.NOT_HELD: _not_held,
    errors.WRONG_COUNT: _wrong_count,
    errors.MUST_FOLLOW_SUIT: _must_follow_suit,
    errors.MUST_PLAY_PAIRS: _must_play_pairs,
    errors.MUST_PLAY_TRACTOR: _must_play_tractor,
    errors.MUST_BEAT: _must_beat,
    errors.NOT_YOUR_TURN: _not_your_turn,
    errors.WRONG_PHASE: _wrong_phase,
    errors.NOT_A_DECLARATION: _not_a_declaration,
    errors.TOO_WEAK: _too_weak,
    errors.BAD_DRAW_COUNT: _draw_count,
    errors.ACTED_SINCE: _acted_since,
    errors.FINAL_ACTION: _final_action,
    errors.TAKEBACKS_OFF: lambda _error, _viewer: [_("Takebacks are off at this table.")],
    errors.NOTHING_TO_TAKE_BACK: lambda _error, _viewer: [_("You have nothing to take back.")],
    errors.NOT_YOUR_ACTION: lambda error, viewer: fill(
        _("The last action is {seat}'s: only they may take it back."),
        seat=seat_name(error.details["seat"], viewer),
    ),
    errors.NO_CARDS: lambda _error, _viewer: [_("Choose at least one card to lead.")],
    errors.MIXED_LEAD: lambda _error, _viewer: [
        _("Lead one single, pair, tractor, or a throw of one suit.")
    ],
    errors.NO_WINDOW: lambda _error, _viewer: [
        _("You can pass only in the final declaring window, after the last card is drawn.")
    ],
    errors.NOT_STARTER: lambda error, viewer: fill(
        _("Only the starter, {seat}, buries cards."),
        seat=seat_name(error.details["seat"], viewer),
    ),
    errors.BURY_COUNT: lambda error, _viewer: fill(
        _("Bury exactly {need} cards. You chose {given}."),
        need=error.details["need"],
        given=error.details["given"],
    ),
    errors.OWN_DECLARATION: lambda error, _viewer: fill(
        _(
            "Your declaration {cards} stands: under these rules you may only reinforce it, "
            "not replace it yourself."
        ),
        cards=_cards(error),
    ),
    errors.NO_REINFORCING: lambda error, _viewer: fill(
        _("Your single {cards} stands: under these rules it cannot be made a pair with its twin."),
        cards=_cards(error),
    ),
    errors.JOKER_PAIR_STANDS: lambda error, _viewer: fill(
        _("The joker pair {cards} stands: nothing can replace it."), cards=_cards(error)
    ),
    errors.BAD_SEAT: lambda _error, _viewer: [_("There is no such seat: the seats are 0 to 3.")],
    errors.BAD_CARD: lambda _error, _viewer: [_("That is not a card of the pack.")],
}
