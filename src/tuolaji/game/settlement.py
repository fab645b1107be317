"""Settling a finished round: the talon bonus, the level change and who declares and
starts next (R-S2–R-S4, R-S6), and whether every seat sees the talon (R-K1)."""

from __future__ import annotations

from dataclasses import dataclass

from tuolaji.core.cards import next_seat, partner_of, points_of, team_of
from tuolaji.core.frozen import Frozen
from tuolaji.core.rules import RuleSet
from tuolaji.core.scoring import climb, settle, talon_multiplier
from tuolaji.game.events import RoundEnded, TalonBonus
from tuolaji.game.results import RoundResult
from tuolaji.game.state import RoundState


@dataclass(frozen=True, slots=True)
class Settled(Frozen):
    """A round's result, the talon bonus event if there was one, and the next round's
    declaring team and starter."""

    result: RoundResult
    bonus: TalonBonus | None
    next_declarers: int
    next_starter: int

    def ended(self, levels: tuple[int, int]) -> RoundEnded:
        """The event that ends the round, the teams' levels after it being ``levels``."""
        result = self.result
        return RoundEnded(
            result.number,
            result.opponents_points,
            result.declarers_hold,
            result.levels_gained,
            levels,
            self.next_declarers,
            self.next_starter,
            result,
        )


def settle_round(
    state: RoundState,
    last_winner: int,
    last_lead: tuple[int, ...],
    rules: RuleSet,
    levels: tuple[int, int],
) -> Settled:
    """Settle ``state``, whose last trick ``last_winner`` won on ``last_lead``, under
    ``rules``, the teams being at ``levels`` (team 0's, team 1's) before it."""
    ctx, declarers, starter = state.ctx, state.declarers, state.starter
    assert ctx is not None and declarers is not None and starter is not None
    bonus_event = None
    bonus = 0
    shown = team_of(last_winner) != declarers
    if shown:
        # R-S2: the opponents took the last trick: the talon counts, multiplied.
        multiplier = talon_multiplier(ctx, last_lead)
        bonus = points_of(state.talon) * multiplier
        bonus_event = TalonBonus(state.talon, multiplier, bonus)
    total = state.opponents_points + bonus
    settlement = settle(total, rules)
    if settlement.declarers_hold:
        # R-S4: holding on, the partner of the last starter starts
        next_declarers, next_starter = declarers, partner_of(starter)
    else:
        next_declarers, next_starter = 1 - declarers, next_seat(starter)
    # R-S6: the climb stops on the must-defend ranks (none in the standard rules)
    level = levels[next_declarers]
    gained = settlement.levels
    if rules.must_defend:
        gained = climb(level, gained, settlement.declarers_hold, rules) - level
    result = RoundResult(
        number=state.number,
        rank=state.rank,
        suit=ctx.suit,
        declarers=declarers,
        starter=starter,
        opponents_points=total,
        trick_points=state.trick_points,
        penalties=state.penalties,
        talon_bonus=bonus,
        talon=state.talon,
        talon_shown=shown,
        declarers_hold=settlement.declarers_hold,
        levels_gained=gained,
        failed_throws=state.failed_throws,
        # R-K1: the talon is everyone's at the end, unless show_talon is off and the
        # opponents did not turn it up for the bonus (R-S2)
        talon_public=shown or rules.show_talon,
    )
    return Settled(result, bonus_event, next_declarers, next_starter)
