"""The checks every action of a game runs before it changes anything (docs/rules.md §11).

Each check reads the phase and the round's state and either raises
:class:`IllegalAction` — the rule id, an English message, a reason constant of
:mod:`tuolaji.core.errors` and the cards and numbers the message speaks of — or returns
what the action needs (the cards as layers, the declaration that will stand …).
:class:`~tuolaji.game.game.Game` calls them; they never touch the state.

Values that cannot be seats or cards are refused first (R-N4, R-N3), cheaply: one type
and range test each, since these checks run for every action of self-play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from tuolaji.core.cards import (
    HAND_SIZE,
    SEATS,
    TALON_SIZE,
    Layers,
    NotationError,
    card_list_error,
    contains_layers,
    format_cards,
    from_layers,
    to_layers,
)
from tuolaji.core.combos import MIXED, Combo, combo_of_layers
from tuolaji.core.declare import (
    Declaration,
    declaration_error,
    declare_outcome,
    earlier_declaration,
)
from tuolaji.core.errors import (
    BAD_CARD,
    BAD_DRAW_COUNT,
    BAD_SEAT,
    BURY_COUNT,
    MIXED_LEAD,
    NO_CARDS,
    NO_WINDOW,
    NOT_A_DECLARATION,
    NOT_HELD,
    NOT_STARTER,
    NOT_YOUR_TURN,
    TOO_WEAK,
    WRONG_COUNT,
    WRONG_PHASE,
    IllegalAction,
)
from tuolaji.core.follow import follow_fault, follow_refusal
from tuolaji.core.rules import RuleSet
from tuolaji.game.state import Phase, RoundState

DRAWN_CARDS: Final = HAND_SIZE * SEATS


def seat_number(seat: object) -> int:
    """``seat`` as the seat number it is, refused when it is not an int 0–3 (R-N4);
    ``True`` is not seat 1.

    The game's methods take any value as a seat (their parameters say ``object``) and
    pass it through here first: so a bad value gets this refusal in the compiled build
    too, where a parameter typed ``int`` would raise ``TypeError`` on the way in. The
    checks below take the number it gives."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < SEATS:
        return seat
    raise IllegalAction("R-N4", f"seats are 0 to 3, not {seat!r}", BAD_SEAT)


def check_cards(cards: object) -> None:
    """Refuse cards that are not a sequence of card kinds 0–53 (R-N3)."""
    error = card_list_error(cards)
    if error is not None:
        raise IllegalAction("R-N3", error, BAD_CARD)


def check_draw(phase: Phase, state: RoundState, count: object = 1) -> None:
    """Refuse drawing ``count`` cards outside the draw phase, or more than are left to
    draw before the final window (R-D2)."""
    if phase is not Phase.DRAW:
        raise IllegalAction("R-D2", f"no card is drawn in the {phase.value} phase", WRONG_PHASE)
    left = DRAWN_CARDS - state.drawn
    # isinstance rather than ``type(count) is int``, which the compiled build does not
    # tell from a bool; one card is the common case, and the draw phase always has one
    if isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= left:
        return
    raise IllegalAction(
        "R-D2",
        f"draw a whole number of cards from 1 to {left} (the cards left to draw), not {count!r}",
        BAD_DRAW_COUNT,
        details={"left": left},
    )


def declaration_after(
    phase: Phase, state: RoundState, seat: int, cards: Sequence[int], rules: RuleSet
) -> Declaration:
    """The declaration that stands once ``seat`` reveals ``cards`` under ``rules``
    (R-T2–R-T4)."""
    check_cards(cards)
    if phase is Phase.DECLARE:
        if seat != state.window_seat:
            raise IllegalAction(
                "R-T4",
                f"in the final window it is seat {state.window_seat}'s turn to declare",
                NOT_YOUR_TURN,
                details={"seat": state.window_seat},
            )
    elif phase is not Phase.DRAW:
        raise IllegalAction("R-T4", "the declaring is over: the trump is settled", WRONG_PHASE)
    # The mistakes in the order a player makes them: cards that are no declaration at
    # all, then cards not held, then a declaration too weak to override (R-T3).
    shape_error = declaration_error(state.rank, cards, rules)
    if shape_error is not None:
        details = (
            {"rank": state.rank} if rules.joker_no_trump else {"rank": state.rank, "no_jokers": 1}
        )
        raise IllegalAction("R-T2", shape_error, NOT_A_DECLARATION, tuple(cards), details)
    hand = state.hands[seat]
    if layers_held(hand, cards) is None:
        raise not_held("R-T2", seat, hand, cards)
    # reinforce_to_tie asks for the seat's last declaration (R-T3): looked up only then
    earlier = earlier_declaration(state.declarations, seat) if rules.reinforce_to_tie else None
    outcome = declare_outcome(state.rank, state.declaration, seat, cards, rules, earlier)
    # Showing one's own standing single again strengthens it only with its twin (both
    # cards revealed): without the twin it is the same single, which cannot override
    # itself (R-T3). (A declaration is at most two identical cards: its layers exist.)
    if not contains_layers(hand, to_layers(outcome.cards)):
        raise IllegalAction(
            "R-T3",
            f"your single {format_cards(cards)} already stands: only the pair, with its "
            "twin, would be stronger",
            TOO_WEAK,
            tuple(cards),
            {"seat": seat},
        )
    return outcome


def check_pass(phase: Phase, state: RoundState, seat: int) -> None:
    """Refuse a pass out of turn or outside the final window (R-T4)."""
    if phase is not Phase.DECLARE:
        raise IllegalAction("R-T4", "passing is only for the final declaring window", NO_WINDOW)
    if seat != state.window_seat:
        raise IllegalAction(
            "R-T4",
            f"it is seat {state.window_seat}'s turn, not {seat}'s",
            NOT_YOUR_TURN,
            details={"seat": state.window_seat},
        )


def checked_bury(phase: Phase, state: RoundState, seat: int, cards: Sequence[int]) -> Layers:
    """The burial as layers, once it is allowed: 8 of the starter's cards in the talon
    exchange (R-K1)."""
    check_cards(cards)
    if phase is not Phase.EXCHANGE:
        raise IllegalAction("R-K1", "cards are buried only in the talon exchange", WRONG_PHASE)
    starter = state.starter
    if seat != starter:
        assert starter is not None  # settled with the trump, before the exchange
        raise IllegalAction(
            "R-K1",
            f"only the starter (seat {starter}) buries",
            NOT_STARTER,
            details={"seat": starter},
        )
    if len(cards) != TALON_SIZE:
        raise IllegalAction(
            "R-K1",
            f"bury exactly {TALON_SIZE} cards, not {len(cards)}",
            BURY_COUNT,
            details={"need": TALON_SIZE, "given": len(cards)},
        )
    hand = state.hands[seat]
    layers = layers_held(hand, cards)
    if layers is None:
        raise not_held("R-K1", seat, hand, cards)
    return layers


def checked_play(
    phase: Phase, state: RoundState, seat: int, cards: Sequence[int]
) -> tuple[Layers, Combo | None]:
    """The play as layers, and the combination it leads (None for a follow), once it is
    allowed (R-P1–R-P7, R-C4, R-H2)."""
    check_cards(cards)
    if phase is not Phase.PLAY:
        raise IllegalAction("R-P1", f"no card is played in the {phase.value} phase", WRONG_PHASE)
    if seat != state.to_play:
        raise IllegalAction(
            "R-P1",
            f"it is seat {state.to_play}'s turn to play, not {seat}'s",
            NOT_YOUR_TURN,
            details={"seat": state.to_play},
        )
    lead = state.lead
    if not cards:
        if lead is None:
            raise IllegalAction("R-P2", "lead at least one card", NO_CARDS)
        raise IllegalAction(
            "R-P2",
            f"play {lead.size} card{'s' if lead.size > 1 else ''}, as many as were led, not 0",
            WRONG_COUNT,
            details={"need": lead.size, "given": 0},
        )
    hand = state.hands[seat]
    play = layers_held(hand, cards)
    if play is None:
        raise not_held("R-P2", seat, hand, cards)
    ctx = state.ctx
    assert ctx is not None
    if lead is None:
        led = combo_of_layers(ctx, *play)
        if led.kind == MIXED:
            shown = tuple(ctx.sort_high_to_low(list(cards)))
            raise IllegalAction(
                "R-C4",
                f"{format_cards(shown)} mix suits: a lead is one single, pair, tractor or "
                "throw of one effective suit",
                MIXED_LEAD,
                shown,
            )
        return play, led
    must_beat = seat == state.blocker
    if follow_fault(ctx, lead, hand, play, must_beat) is not None:
        # the refusal with its details is built only now, off the hot path
        refusal = follow_refusal(ctx, lead, hand, play, must_beat)
        assert refusal is not None
        raise refusal
    return play, None


def not_held(rule: str, seat: int, hand: Layers, cards: Sequence[int]) -> IllegalAction:
    """The refusal of ``cards`` that ``hand`` does not hold, naming the copies missing
    (built only on the refusal path)."""
    missing = Counter(cards)
    missing.subtract(from_layers(*hand))
    absent = tuple(sorted(missing.elements()))
    return IllegalAction(
        rule, f"seat {seat} does not hold {format_cards(absent)}", NOT_HELD, absent
    )


def layers_held(hand: Layers, cards: Sequence[int]) -> Layers | None:
    """The cards as layers when the hand holds them all, else None."""
    if not cards:
        return None
    try:
        layers = to_layers(cards)
    except NotationError:
        return None
    return layers if contains_layers(hand, layers) else None
