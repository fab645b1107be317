"""The rules core: cards, trumps, combinations, following, tricks, throws, scoring.

Standard library only; nothing here knows a screen, a socket or a game loop.
"""

from tuolaji.core.cards import (
    BJ,
    RJ,
    NotationError,
    format_card,
    format_cards,
    from_layers,
    parse_card,
    parse_cards,
    to_layers,
)
from tuolaji.core.combos import Combo, Part, classify, combo_of_layers
from tuolaji.core.declare import Declaration, can_declare, declare_outcome, flip_talon
from tuolaji.core.errors import IllegalAction, TuolajiError
from tuolaji.core.follow import (
    can_follow,
    check_follow,
    count_legal_follows,
    follow_error,
    follow_fault,
    follow_refusal,
    legal_follow_layers,
    legal_follows,
)
from tuolaji.core.leads import Leads, legal_leads
from tuolaji.core.rules import CLASSIC, STANDARD, RulesError, RuleSet, preset, rules_from_spec
from tuolaji.core.scoring import Settlement, settle, talon_bonus
from tuolaji.core.throws import ThrowVerdict, check_throw, judge_throw
from tuolaji.core.tricks import trick_points, trick_winner, winner_of
from tuolaji.core.trump import TRUMP, TrumpContext, trump_context

__all__ = [
    "BJ",
    "CLASSIC",
    "RJ",
    "STANDARD",
    "TRUMP",
    "Combo",
    "Declaration",
    "IllegalAction",
    "Leads",
    "NotationError",
    "Part",
    "RuleSet",
    "RulesError",
    "Settlement",
    "ThrowVerdict",
    "TrumpContext",
    "TuolajiError",
    "can_declare",
    "can_follow",
    "check_follow",
    "check_throw",
    "classify",
    "combo_of_layers",
    "count_legal_follows",
    "declare_outcome",
    "flip_talon",
    "follow_error",
    "follow_fault",
    "follow_refusal",
    "format_card",
    "format_cards",
    "from_layers",
    "judge_throw",
    "legal_follow_layers",
    "legal_follows",
    "legal_leads",
    "parse_card",
    "parse_cards",
    "preset",
    "rules_from_spec",
    "settle",
    "talon_bonus",
    "to_layers",
    "trick_points",
    "trick_winner",
    "trump_context",
    "winner_of",
]
