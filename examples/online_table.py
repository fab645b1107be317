"""What the example client (online_client.py) says, as lines of text: the table, the
hand, and the game's events, from the chair of the seat it holds.

Seats are named as the browser table names them (``tuolaji.wording.seats``): the name
its player typed, or "Bot N (kind)", the same for every player, with the position from
this seat's chair beside it where the table is shown ("Bot 1 (heuristic) · right"). The
client's own seat is "you", and sentences about it are in the second person ("You
play AS.", "Trick 3: you win it"). Teams are "we" (this seat and its partner) and
"they". The hand is shown as the server's table groups it: by effective suit, trumps
first (docs/protocol.md, "Tables"). Cards are in notation, as they are typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tuolaji.core.cards import RANKS, SUIT_NAMES, SUITS, format_cards
from tuolaji.core.trump import TRUMP
from tuolaji.game import Observation
from tuolaji.wording import display_name, seat_label, suit_heading


def level_text(level: int) -> str:
    """A team's level as a rank (``A+`` past the ace)."""
    return RANKS[level] if level < len(RANKS) else "A+"


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, with an s when there is not exactly one."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def suit_name(suit: str) -> str:
    """A suit of the protocol (``S``, ``H``, ``D``, ``C``) in words."""
    return SUIT_NAMES[SUITS.index(suit)]


def group_heading(suit: str) -> str:
    """The heading of a hand group of the protocol (``trump``, ``S``, ``H``…)."""
    return suit_heading(TRUMP if suit == "trump" else SUITS.index(suit))


class TableWords:
    """The words of one seat's chair: ``seat`` reads them; ``seats`` are the room's seats
    as the last ``room`` frame gave them."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seats: Sequence[dict[str, Any]] = []

    # ------------------------------------------------------------ seats and teams

    def name(self, seat: int | None) -> str:
        """What a sentence calls ``seat``: "You" for this one, else the seat's name."""
        if seat is None:
            return "nobody"
        return "You" if seat == self.seat else display_name(self.seats, seat)

    def label(self, seat: int) -> str:
        """A seat's name with its position from this chair: "Bot 1 (heuristic) · right"."""
        return seat_label(self.seats, seat, self.seat)

    def by_seat(self, seat: int, yours: str, theirs: str, **values: object) -> str:
        """``yours`` when ``seat`` is this one, else ``theirs`` with ``{who}`` its name
        (and ``values`` filled in): a sentence about this seat speaks to the player
        ("You win it"), never of them in the third person."""
        if seat == self.seat:
            return yours.format(**values)
        return theirs.format(who=self.name(seat), **values)

    def team(self, team: int) -> str:
        """A team from this chair: "we" (this seat and its partner) or "they"."""
        return "we" if team % 2 == self.seat % 2 else "they"

    def levels(self, levels: Sequence[int]) -> str:
        """Both teams' levels, ours first: "We 3 · They 2"."""
        ours = self.seat % 2
        return f"We {level_text(levels[ours])} · They {level_text(levels[1 - ours])}"

    def seats_line(self) -> str:
        """Who sits where, from this chair."""
        return "Seats: " + " | ".join(self.label(seat) for seat in range(len(self.seats)))

    # ------------------------------------------------------------ the table and the hand

    def table_lines(self, seen: Observation, groups: Sequence[dict[str, str]]) -> list[str]:
        """The round, the trick on the table and the hand (``groups``: the table's
        ``hand_groups``), as a few lines."""
        if seen.trump_settled:
            suit = "no trump suit" if seen.trump_suit is None else SUIT_NAMES[seen.trump_suit]
            trump = f"rank {RANKS[seen.rank]}, {suit}"
        elif seen.declaration is not None:
            standing = seen.declaration
            by = "you" if standing.seat == self.seat else self.name(standing.seat)
            trump = f"rank {RANKS[seen.rank]}, {format_cards(standing.cards)} declared by {by}"
        else:
            trump = f"rank {RANKS[seen.rank]}, not declared yet"
        levels = self.levels(seen.levels)
        lines = [f"--- Round {seen.round_number} · trump: {trump} · levels: {levels}"]
        if seen.declarers is not None:
            roles = f"    Declarers: {self.team(seen.declarers)}"
            if seen.starter is not None:
                roles += self.by_seat(seen.starter, " · you start", " · {who} starts")
            lines.append(f"{roles} · the opponents' points: {seen.opponents_points}")
        if seen.trick:
            lines.append(f"    Trick {len(seen.tricks) + 1}:")
            lines += [
                f"      {self.label(seat)}: {format_cards(cards)}" for seat, cards in seen.trick
            ]
        if not seen.hand:
            return [*lines, "    Your hand: no cards yet."]
        lines.append(f"    Your hand ({plural(len(seen.hand), 'card')}):")
        lines += [f"      {group_heading(g['suit'])}: {g['cards']}" for g in groups]
        return lines

    def hand_line(self, groups: Sequence[dict[str, str]], count: int) -> str:
        """The hand on one line, as it grows while the cards are dealt."""
        parts = " | ".join(f"{group_heading(g['suit'])}: {g['cards']}" for g in groups)
        return f"Your hand ({plural(count, 'card')}): {parts}"

    def prompt(self, seen: Observation, declarations: Sequence[str]) -> str:
        """What this seat is asked to do now, and how to type it."""
        if seen.phase.value == "declare":
            if declarations:
                return f"Your turn to declare: {self.options(declarations)}, or pass."
            return "Your turn to declare: nothing you hold would stand; type pass."
        if seen.phase.value == "exchange":
            return "Bury 8 cards: type them."
        if not seen.trick:
            return "Your lead: type the cards (AS, or a pair: KH KH)."
        count = len(seen.trick[0][1])
        return f"Follow with {plural(count, 'card')}: type {'it' if count == 1 else 'them'}."

    @staticmethod
    def deal_hint() -> str:
        """How to declare while the cards are dealt (R-T2)."""
        return "The cards are dealt: type a declaration whenever you hold one (2H, or 2H 2H)."

    @staticmethod
    def options(declarations: Sequence[str]) -> str:
        """The declarations that would stand, numbered: "1) 2H  2) 2H 2H — type a number
        or the cards"."""
        numbered = "  ".join(f"{n}) {cards}" for n, cards in enumerate(declarations, 1))
        return f"{numbered} — type a number or the cards"

    # ------------------------------------------------------------ events

    def event_line(self, event: dict[str, Any]) -> str | None:
        """One line for an event worth a line (the cards of the deal are not)."""
        kind, seat = event["type"], event.get("seat", -1)
        if kind == "declared":
            cards = event["cards"]
            return self.by_seat(
                seat, "You declare {cards}.", "{who} declares {cards}.", cards=cards
            )
        if kind == "played":
            return self.by_seat(
                seat, "You play {cards}.", "{who} plays {cards}.", cards=event["cards"]
            )
        if kind == "passed":
            return self.by_seat(seat, "You pass.", "{who} passes.")
        if kind == "trump_settled":
            suit = "no trump suit" if event["suit"] is None else suit_name(event["suit"])
            start = self.by_seat(event["starter"], "you start", "{who} starts")
            return f"Trump: rank {event['rank']}, {suit}; {start}."
        if kind in ("talon_taken", "hidden_talon_taken"):
            return self.by_seat(seat, "You take the talon.", "{who} takes the talon.")
        if kind == "buried":
            return f"You bury {event['cards']}."
        if kind == "hidden_buried":
            return self.by_seat(seat, "You bury 8 cards.", "{who} buries 8 cards.")
        if kind == "throw_failed":
            return self.throw_line(event)
        if kind == "trick_won":
            points = f" ({plural(event['points'], 'point')})" if event["points"] else ""
            won = self.by_seat(seat, "you win it", "{who} wins it")
            return f"Trick {event['number']}: {won}{points}."
        if kind == "talon_bonus":
            return (
                f"The opponents took the last trick: the talon {event['talon']} counts "
                f"× {event['multiplier']} = {plural(event['points'], 'point')}."
            )
        if kind == "round_ended":
            return self.round_line(event)
        if kind == "round_started":
            return f"Round {event['number']}: rank {event['rank']}. {self.deal_hint()}"
        if kind == "redealt":
            return "Nobody declared: the cards are dealt again."
        if kind == "talon_flipped":
            return f"Nobody declared: the talon is turned up: {event['turned']}."
        return None

    def throw_line(self, event: dict[str, Any]) -> str:
        """A failed throw (R-H2): whose, who can beat part of it, what is led instead."""
        seat, blocker = event["seat"], event["blocker"]
        beats = self.by_seat(blocker, "you can beat", "{who} can beat")
        whose = self.by_seat(seat, "Your throw", "{who}'s throw")
        leads = self.by_seat(seat, "you lead", "{who} leads")
        penalty = ""
        if event["penalty"]:  # R-H3
            pays = "pay" if seat == self.seat else "pays"
            penalty = f" and {pays} {plural(event['penalty'], 'point')}"
        return (
            f"{whose} of {event['attempted']} fails: {beats} {event['forced']}; "
            f"{leads} {event['forced']} instead{penalty}."
        )

    def round_line(self, event: dict[str, Any]) -> str:
        """The end of a round: the opponents' points, what they mean, the levels."""
        declarers = event["next_declarers"]
        opponents = 1 - declarers if event["declarers_hold"] else declarers
        team, gained = self.team(declarers), event["levels_gained"]
        if event["declarers_hold"]:
            verdict = f"{team} stay declarers and go up {plural(gained, 'level')}"
        elif gained:
            verdict = f"{team} become the declarers and go up {plural(gained, 'level')}"
        else:
            verdict = f"{team} become the declarers"
        return (
            f"Round {event['number']} is over: the opponents ({self.team(opponents)}) won "
            f"{plural(event['opponents_points'], 'point')}, so {verdict}. "
            f"Levels: {self.levels(event['levels'])}."
        )

    def result_line(self, seen: Observation) -> str:
        """The game's end: who won it, or the levels after the rounds played."""
        levels = self.levels(seen.levels)
        if seen.winner is not None:
            return f"Result: {self.team(seen.winner)} pass the ace and win; levels: {levels}."
        played = 0 if seen.last_round is None else seen.last_round.number
        return f"Result: {plural(played, 'round')} played; levels: {levels}."
