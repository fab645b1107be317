"""Small helpers shared by the core's table-driven tests: cards and trumps in notation."""

from __future__ import annotations

from tuolaji.core import STANDARD, RuleSet, TrumpContext, parse_cards, trump_context

RANKS = "23456789TJQKA"
SUITS = "SHDC"


def c(text: str) -> list[int]:
    """Cards in notation, e.g. ``c("AS AS KS")``."""
    return parse_cards(text)


def ctx_of(trump: str, rules: RuleSet = STANDARD) -> TrumpContext:
    """``"2H"``: rank 2, hearts trump; ``"2NT"``: rank 2, no trump suit."""
    rank = RANKS.index(trump[0])
    suit = None if trump[1:] == "NT" else SUITS.index(trump[1])
    return trump_context(rank, suit, rules)
