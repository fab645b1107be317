"""The engine's answer to "what would this action be?", before it is sent.

A client shows a player what they are about to do — "a pair", "a tractor of 2 pairs",
"a throw of 5 cards", legal or not and why — without holding any rule itself: it asks
with a ``check`` frame and gets a ``verdict``, made here from the game's own checks
(``check_play`` and the others, which change nothing) and its classification of the
cards (``tuolaji.core.combos.classify``, R-C1–R-C4). A refusal is worded for the seat
that asked, in its connection's language, both as a sentence ("Not allowed (R-P3): You
hold KD TD 5D of the led suit (diamonds): they must all be played.", docs/rules.md names
every rule id) and as its parts — words, cards and seats — for a client that draws
cards and names seats itself (:func:`refusal_fields`, which an ``illegal`` error
carries too).
"""

from __future__ import annotations

from typing import Any

from tuolaji.core.cards import NotationError, format_cards, parse_cards, points_of
from tuolaji.core.combos import classify
from tuolaji.core.errors import BAD_CARD, IllegalAction
from tuolaji.core.trump import suit_label
from tuolaji.game.actions import Action, Bury, Declare, Pass, Play, Takeback
from tuolaji.game.game import Game
from tuolaji.i18n import using_language
from tuolaji.wording import message_parts, plain, refusal_message


def refusal_fields(lang: str, refusal: IllegalAction, seat: int) -> dict[str, Any]:
    """What a refusal says to ``seat``, as an ``illegal`` error and a refused verdict
    carry it: the rule and reason, the ``message`` (in the language ``lang``, cards in
    notation), the same sentence in ``parts`` (words, cards, seats), and the ``cards``
    and ``details`` concerned when there are any.

    >>> waiting = IllegalAction("R-P1", "", "not-your-turn", (), {"seat": 3})
    >>> fields = refusal_fields("en", waiting, 0)
    >>> fields["message"]
    'Not allowed (R-P1): Wait for your turn: West plays now.'
    >>> [part.get("seat") for part in fields["parts"]]
    [None, 3, None]
    """
    with using_language(lang):
        message = refusal_message(refusal, viewer=seat)
    fields: dict[str, Any] = {
        "rule": refusal.rule,
        "reason": refusal.reason,
        "message": plain(message),
        "parts": message_parts(message),
    }
    if refusal.cards:
        fields["cards"] = format_cards(refusal.cards)
    if refusal.details:
        fields["details"] = dict(refusal.details)
    return fields


def client_action(seat: int, kind: str, cards_text: str) -> Action:
    """The game action a client's ``act`` or ``check`` names; cards in bad notation are
    refused as the engine refuses them (R-N3)."""
    if kind == "pass":
        return Pass(seat)
    if kind == "takeback":
        return Takeback(seat)
    try:
        cards = tuple(parse_cards(cards_text))
    except NotationError as error:
        raise IllegalAction("R-N3", str(error), reason=BAD_CARD) from None
    if kind == "declare":
        return Declare(seat, cards)
    return Bury(seat, cards) if kind == "bury" else Play(seat, cards)


def verdict(game: Game, seat: int, kind: str, cards_text: str, lang: str = "en") -> dict[str, Any]:
    """Whether ``seat`` may ``kind`` (declare, pass, bury, play) ``cards_text`` now; for
    a play what combination the cards make (None before the trump is settled, or for
    other actions); for a play or a burial the cards' points (R-O4; None for other
    actions and cards that cannot be read). Refused: the rule, reason, message and its
    parts (worded for ``seat`` in ``lang``), cards and details, as an ``illegal`` error
    frame carries them (:func:`refusal_fields`). Nothing changes.

    >>> game = Game(seed=3)
    >>> verdict(game, 0, "play", "AS")["legal"], verdict(game, 0, "play", "AS")["rule"]
    (False, 'R-P1')
    >>> verdict(game, 0, "play", "XX")["reason"]
    'bad-card'
    >>> verdict(game, 0, "bury", "KS TD 5C 2H")["points"]
    25
    """
    try:
        action = client_action(seat, kind, cards_text)
    except IllegalAction as refusal:
        return _refused(None, None, refusal_fields(lang, refusal, seat))
    combination = _combination(game, action.cards) if isinstance(action, Play) else None
    points = points_of(action.cards) if isinstance(action, Play | Bury) else None
    try:
        if isinstance(action, Play):
            game.check_play(seat, action.cards)
        elif isinstance(action, Bury):
            game.check_bury(seat, action.cards)
        elif isinstance(action, Declare):
            game.check_declare(seat, action.cards)
        elif isinstance(action, Takeback):
            game.check_takeback(seat)
        else:
            game.check_pass(seat)
    except IllegalAction as refusal:
        return _refused(combination, points, refusal_fields(lang, refusal, seat))
    return {"legal": True, "combination": combination, "points": points}


def _combination(game: Game, cards: tuple[int, ...]) -> dict[str, Any] | None:
    """What the cards make under the round's trump: its kind (single, pair, tractor,
    throw, or mixed: no combination), its suit and its parts, longest first."""
    ctx = game.ctx
    if ctx is None or not cards:
        return None
    combo = classify(ctx, cards)
    return {
        "kind": combo.kind,
        "suit": None if combo.suit < 0 else suit_label(combo.suit),
        "size": len(cards),
        "parts": combo.layout_labels(),
    }


def _refused(
    combination: dict[str, Any] | None, points: int | None, refusal: dict[str, Any]
) -> dict[str, Any]:
    return {"legal": False, "combination": combination, "points": points, **refusal}
