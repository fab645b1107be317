"""The play's steps on a round's state, which :class:`~tuolaji.game.game.Game` takes
once its checks have passed (:func:`tuolaji.game.checks.checked_play`): a lead or a
follow laid on the trick — a beatable throw taken back and its forced part led instead,
with its penalty (R-H1–R-H3) — and the trick won once four have played (R-W5, R-S1).
"""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.core.cards import (
    SEATS,
    Layers,
    from_layers,
    next_seat,
    points_of,
    remove_layers,
    team_of,
    to_layers,
)
from tuolaji.core.combos import THROW, Combo, combo_of_layers
from tuolaji.core.rules import RuleSet
from tuolaji.core.throws import judge_throw
from tuolaji.core.tricks import winner_of
from tuolaji.game.events import Event, Played, ThrowFailed, TrickWon
from tuolaji.game.points import penalty_to_opponents, trick_points_to_opponents
from tuolaji.game.state import CompletedTrick, RoundState


def lay_cards(
    state: RoundState,
    rules: RuleSet,
    seat: int,
    cards: Sequence[int],
    play: Layers,
    lead: Combo | None,
    events: list[Event],
) -> bool:
    """``seat`` lays ``cards`` (``play`` as layers; ``lead`` their combination when they
    lead, else None), the events going to ``events``. Whether that ended the round: the
    fourth play of the round's last trick (every hand is then empty)."""
    ctx = state.ctx
    assert ctx is not None
    if lead is not None:
        if lead.kind == THROW:
            others = [state.hands[(seat + k) % SEATS] for k in (1, 2, 3)]
            verdict = judge_throw(ctx, lead, others)
            if not verdict.valid:
                play = to_layers(verdict.forced)
                lead = combo_of_layers(ctx, *play)
                blocker = (seat + verdict.blocker) % SEATS
                failed = ThrowFailed(
                    seat,
                    tuple(sorted(cards)),
                    verdict.forced,
                    verdict.penalty,
                    blocker,
                    rules.hide_blocker,
                )
                events.append(failed)
                state.failed_throw = failed
                state.failed_throws += 1
                state.penalties += penalty_to_opponents(seat, state.declarers, verdict.penalty)
                if rules.failed_throw_must_beat:
                    state.blocker = blocker
        state.lead = lead
    state.hands[seat] = remove_layers(state.hands[seat], play)
    played = tuple(sorted(cards)) if state.failed_throw is None else tuple(from_layers(*play))
    state.hand_sizes[seat] -= len(played)
    state.trick.append((seat, played))
    state.trick_layers.append(play)
    events.append(Played(seat, played))
    if len(state.trick) < SEATS:
        state.to_play = next_seat(seat)
        return False
    winner = finish_trick(state, events, rules)
    # everyone has played every card: that was the last trick
    return state.hands[winner] == (0, 0)


def finish_trick(state: RoundState, events: list[Event], rules: RuleSet) -> int:
    """The four plays are down: the trick goes to its winner, who leads next, with its
    points (R-W5, R-S1) — told to nobody when the declarers win it under
    ``hide_declarer_points`` (R-V3). Returns the winner."""
    assert state.ctx is not None and state.lead is not None
    index = winner_of(state.ctx, state.lead, state.trick_layers[1:])
    winner = state.trick[index][0]
    cards = [card for _, played in state.trick for card in played]
    points = points_of(cards)
    state.trick_points += trick_points_to_opponents(winner, state.declarers, points)
    state.won_cards[winner].extend(cards)
    number = len(state.tricks) + 1
    state.tricks += (
        CompletedTrick(number, tuple(state.trick), winner, points, state.failed_throw),
    )
    hidden = rules.hide_declarer_points and team_of(winner) == state.declarers
    events.append(TrickWon(number, winner, points, hidden))
    state.trick = []
    state.trick_layers = []
    state.lead = None
    state.blocker = None
    state.failed_throw = None
    state.to_play = winner
    return winner
