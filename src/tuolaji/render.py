"""Cards and levels as rich text for the terminal. (Events are told in words by the
play layer's one narrator, :mod:`tuolaji.play.narrate`.)"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from tuolaji.core.cards import BJ, RANKS, RJ, SUIT_SYMBOLS

_SUIT_STYLE = ("bold", "bold red", "bold red", "bold")


def level_name(level: int) -> str:
    """A team level as a rank, or ``A+`` once it has passed A."""
    return RANKS[level] if level < len(RANKS) else "A+"


def card_text(kind: int) -> Text:
    """One card with its suit symbol, red for hearts, diamonds and the red joker."""
    if kind == RJ:
        return Text("RJ", style="bold red")
    if kind == BJ:
        return Text("BJ", style="bold")
    return Text(RANKS[kind % 13] + SUIT_SYMBOLS[kind // 13], style=_SUIT_STYLE[kind // 13])


def cards_text(kinds: Iterable[int]) -> Text:
    """Cards separated by spaces, coloured."""
    out = Text()
    for index, kind in enumerate(kinds):
        if index:
            out.append(" ")
        out.append_text(card_text(kind))
    return out
