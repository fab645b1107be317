"""Cards and game logs as rich text for the terminal."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from rich.text import Text

from tuolaji.core.cards import BJ, RANKS, RJ, SUIT_SYMBOLS
from tuolaji.game.events import (
    Buried,
    CardDrawn,
    Declared,
    Event,
    GameOver,
    Passed,
    Played,
    Redealt,
    RoundEnded,
    RoundStarted,
    TalonBonus,
    TalonFlipped,
    ThrowFailed,
    TrickWon,
    TrumpSettled,
)

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


def _team(team: int) -> str:
    return f"team {team} (seats {team} & {team + 2})"


def _trump_name(rank: int, suit: int | None) -> Text:
    out = Text(f"rank {RANKS[rank]}, ")
    if suit is None:
        out.append("no trump suit")
    else:
        out.append(SUIT_SYMBOLS[suit], style=_SUIT_STYLE[suit])
        out.append(" trump")
    return out


def event_lines(events: Sequence[Event]) -> Iterator[Text]:
    """A readable account of a game's events, round by round and trick by trick.

    The events are the whole game's (a record replays with full information), so the
    talon is shown at each round's end: R-K1 keeps it the starter's secret only until
    then."""
    trick_line: Text | None = None
    # The round's talon as last buried, and whether a line has shown it since.
    talon: Buried | None = None
    talon_shown = False
    for event in events:
        if isinstance(event, CardDrawn | Passed):
            continue
        if isinstance(event, RoundStarted):
            talon, talon_shown = None, False
            who = (
                "declarers decided by declaring"
                if event.declarers is None
                else (f"{_team(event.declarers)} declares, seat {event.starter} starts")
            )
            yield Text(f"\nRound {event.number} — rank {RANKS[event.rank]}; {who}", style="bold")
        elif isinstance(event, Declared):
            yield Text.assemble(f"  seat {event.seat} declares ", cards_text(event.cards))
        elif isinstance(event, Redealt):
            yield Text("  nobody declared: the cards are dealt again")
        elif isinstance(event, TalonFlipped):
            yield Text.assemble("  talon turned: ", cards_text(event.turned))
        elif isinstance(event, TrumpSettled):
            yield Text.assemble(
                "  trump: ", _trump_name(event.rank, event.suit), f"; seat {event.starter} starts"
            )
        elif isinstance(event, Buried):
            talon = event
            yield Text.assemble(f"  seat {event.seat} buries ", cards_text(event.cards))
        elif isinstance(event, ThrowFailed):
            yield Text.assemble(
                f"  seat {event.seat} throws ",
                cards_text(event.attempted),
                " — beatable: leads ",
                cards_text(event.forced),
                f", penalty {event.penalty}, blocker seat {event.blocker}",
                style="yellow",
            )
        elif isinstance(event, Played):
            if trick_line is None:
                trick_line = Text("  ")
            else:
                trick_line.append(" · ")
            trick_line.append(f"{event.seat}: ", style="dim")
            trick_line.append_text(cards_text(event.cards))
        elif isinstance(event, TrickWon):
            line = trick_line or Text("  ")
            trick_line = None
            line.append(f"  → seat {event.seat}", style="green")
            if event.points:
                line.append(f" +{event.points}", style="bold green")
            yield Text(f"  {event.number:2d}") + line
        elif isinstance(event, TalonBonus):
            talon_shown = True
            yield Text.assemble(
                "  opponents take the last trick; talon ",
                cards_text(event.talon),
                f" × {event.multiplier} = {event.points}",
            )
        elif isinstance(event, RoundEnded):
            if talon is not None and not talon_shown:
                yield Text.assemble(
                    f"  talon (buried by seat {talon.seat}): ",
                    cards_text(talon.cards),
                    " — the declarers take the last trick: no bonus",
                )
            verdict = (
                f"declarers hold, +{event.levels_gained}"
                if event.declarers_hold
                else f"opponents take over, +{event.levels_gained}"
            )
            levels = ", ".join(f"team {t}: {level_name(lv)}" for t, lv in enumerate(event.levels))
            yield Text(
                f"  opponents' points {event.opponents_points}: {verdict}. Levels: {levels}",
                style="bold cyan",
            )
        elif isinstance(event, GameOver):
            yield Text(f"\n{_team(event.winner)} passes A and wins the game.", style="bold magenta")
