"""The package's errors: :class:`TuolajiError`, the root of every error tuolaji raises on
purpose, and :class:`IllegalAction`, the error every refused action raises: it names the
rule broken and says why.

``rule`` is the rule id (``"R-P4"``, see docs/rules.md) and ``message`` an English
sentence for logs, the judge and bots. ``reason`` is a short machine-readable constant
(below) that says which mistake it was, and ``cards`` and ``details`` carry what a
front end needs to explain it in any language: the cards concerned (the cards not
held, the led-suit cards that must be played …) and named numbers (how many cards were
needed and given, the seat whose turn it is, the led suit …).
"""

from __future__ import annotations

from collections.abc import Mapping

# The reasons. Each names one kind of mistake; the rule id says which rule it breaks.
BAD_SEAT = "bad-seat"
"""A seat that is not an int from 0 to 3 (R-N4)."""
BAD_CARD = "bad-card"
"""Cards that are not a sequence of card kinds, ints 0–53 (R-N3)."""
BAD_DRAW_COUNT = "bad-draw-count"
"""``Draw(n)`` with n not a whole number from 1 to the cards left (R-D2); ``details``:
``left``."""
WRONG_PHASE = "wrong-phase"
"""The action does not belong to this phase of the round: drawing after the deal (R-D2),
declaring once the trump is settled (R-T4), burying outside the exchange (R-K1),
playing before the exchange is over (R-P1)."""
NO_WINDOW = "no-window"
"""A pass outside the final declaring window (R-T4)."""
NOT_YOUR_TURN = "not-your-turn"
"""Another seat must act first (R-T4, R-P1); ``details``: ``seat`` (whose turn it is)."""
NOT_STARTER = "not-starter"
"""Only the starter buries (R-K1); ``details``: ``seat`` (the starter)."""
NOT_HELD = "not-held"
"""``cards``: the cards named that the seat does not hold (R-P2, R-T2, R-K1)."""
NO_CARDS = "no-cards"
"""A lead of no cards at all (R-P2)."""
WRONG_COUNT = "wrong-count"
"""A follow of the wrong size (R-P2); ``details``: ``need`` (the lead's size), ``given``."""
BURY_COUNT = "bury-count"
"""A burial that is not 8 cards (R-K1); ``details``: ``need`` (8), ``given``."""
MIXED_LEAD = "mixed-lead"
"""A lead whose cards are not of one effective suit (R-C4); ``cards``: the lead."""
MUST_FOLLOW_SUIT = "must-follow-suit"
"""Led-suit cards kept in hand while others are played (R-P3–R-P6). ``details``:
``suit`` (the effective suit, 4 for trumps), ``need`` (led-suit cards the follow must
hold), ``given`` (led-suit cards it holds). ``cards``: every led-suit card of the hand
when the hand holds no more of them than the lead's size (they must all be played),
else empty."""
MUST_PLAY_PAIRS = "must-play-pairs"
"""Led-suit pairs kept in hand (R-P4–R-P6). ``details``: ``suit``, ``need`` (pairs the
follow must hold), ``given``. ``cards``: every led-suit pair of the hand (both cards)
when there are no more of them than needed, else empty."""
MUST_PLAY_TRACTOR = "must-play-tractor"
"""With ``follow_tractor_first``, a held tractor of the led length not played (R-P5);
``details``: ``suit``, ``length`` (pairs)."""
MUST_BEAT = "must-beat"
"""The blocker of a failed throw can beat the forced lead and did not (R-H2); ``cards``:
the forced lead."""
NOT_A_DECLARATION = "not-a-declaration"
"""Cards that are not one or two identical trump-rank cards or two identical jokers
(R-T2); ``cards``: them; ``details``: ``rank`` (the trump rank, 0–12), and
``no_jokers`` (1) when jokers do not declare under the rules (``joker_no_trump`` off)."""
TOO_WEAK = "too-weak"
"""A declaration no stronger than the standing one (R-T3); ``cards``: the standing
declaration; ``details``: ``seat`` (its declarer)."""
JOKER_PAIR_STANDS = "joker-pair-stands"
"""A joker pair stands and can never be overridden (R-T3); ``cards``: the joker pair."""
OWN_DECLARATION = "own-declaration"
"""With ``overturn_own`` off, the seat whose declaration stands tries to override it
with another (R-T3); ``cards``: the standing declaration; ``details``: ``seat``."""
NO_REINFORCING = "no-reinforcing"
"""With ``reinforce`` off, the seat whose single stands shows its twin to make it a pair
(R-T3); ``cards``: the standing single; ``details``: ``seat``."""

TAKEBACKS_OFF = "takebacks-off"
"""A takeback at a table whose rules have ``takebacks`` off (R-U1)."""
NOT_YOUR_ACTION = "not-your-action"
"""A takeback asked by a seat the last action is not of (R-U1); ``details``: ``seat``
(whose action it is)."""
ACTED_SINCE = "acted-since"
"""A takeback of an action someone acted after (R-U1); ``details``: ``seat`` (the seat
that acted since), or none when a card was drawn since."""
FINAL_ACTION = "final-action"
"""A takeback of an action that settled the trump or ended the round (R-U1): it showed
cards nobody may unsee; ``details``: ``ended`` (1 when it ended the round)."""
NOTHING_TO_TAKE_BACK = "nothing-to-take-back"
"""A takeback by a seat that has no action to take back (R-U1)."""


class TuolajiError(Exception):
    """The root of the errors tuolaji raises on purpose: refused actions
    (:class:`IllegalAction`), unreadable cards (``NotationError``), bad rule options
    (``RulesError``), bad records (``RecordError``), impossible positions
    (``PositionError``). ``except TuolajiError`` catches them all and no bug."""


class IllegalAction(TuolajiError, ValueError):
    """An action the rules forbid; ``rule`` is the rule id (``"R-P4"``), ``message`` says
    why in English, ``reason`` is one of the constants of this module ("" when the
    refusal has no finer reason), ``cards`` and ``details`` what the message speaks of.

    It is a ``ValueError`` too (as python-chess's ``IllegalMoveError`` is): the value
    given, the action, is what is wrong.

    >>> error = IllegalAction("R-P2", "lead at least one card", NO_CARDS)
    >>> str(error), error.rule, error.reason, isinstance(error, ValueError)
    ('R-P2: lead at least one card', 'R-P2', 'no-cards', True)
    """

    def __init__(
        self,
        rule: str,
        message: str,
        reason: str = "",
        cards: tuple[int, ...] = (),
        details: Mapping[str, int] | None = None,
    ) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.reason = reason
        self.cards = cards
        self.details: Mapping[str, int] = {} if details is None else details
