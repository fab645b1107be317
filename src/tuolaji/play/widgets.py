"""The widgets of the game screen: the status bar, the table, the hand (cursor, selection,
mouse), the message bar, the game log and the key bar; the dialogs are in
:mod:`tuolaji.play.dialogs`.

Every widget lays its text out by display cells at its own size when it is drawn (never
with ``len()``, never with a width remembered from before the screen had a size), and
counts the cells the way the most generous terminal does (:func:`screen_cells`), so no
line leaves the screen in any language.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.message import Message as TextualMessage
from textual.widget import Widget

from tuolaji.core.cards import SUIT_SYMBOLS
from tuolaji.core.trump import TRUMP
from tuolaji.i18n import _
from tuolaji.play.cells import fit, screen_cells, wrap
from tuolaji.play.words import HUMAN, CardRun, rich, seat_name, suit_heading
from tuolaji.render import card_text

TRUMP_STYLE = "on #4a3b00"  # trumps stand out on a dark gold ground
CURSOR_STYLE = "underline on #1f4f8f"
SELECTED_STYLE = "reverse"
WINNER_STYLE = "bold green"
CARD_CELLS = 3  # two characters a card, one space
SEPARATOR = " · "


def pack(
    parts: Sequence[Text], width: int, max_rows: int, separator: str = SEPARATOR
) -> list[Text]:
    """``parts`` joined by ``separator`` into at most ``max_rows`` lines of ``width`` cells:
    a part goes on the current line if it fits, else it starts the next one; what does not
    fit on the last line is cut with an ellipsis."""
    rows: list[Text] = []
    for part in parts:
        if not part.plain:
            continue
        if rows and screen_cells(rows[-1].plain + separator + part.plain) <= width:
            rows[-1].append(separator, style="dim")
            rows[-1].append_text(part)
        elif len(rows) < max_rows:
            rows.append(part.copy())
        else:
            rows[-1].append(separator, style="dim")
            rows[-1].append_text(part)
    return [fit(row, width) for row in rows]


def content_width(widget: Widget, fallback: int = 78) -> int:
    """The width ``widget`` has for its text (a fallback before the first layout)."""
    width = widget.content_region.width
    return width if width > 0 else fallback


# ------------------------------------------------------------------ bars


class StatusBar(Widget):
    """The round at a glance, in at most two lines: the parts (round, trump, levels,
    roles, points) fill the first line and the rest go on the second."""

    DEFAULT_CSS = """
    StatusBar { height: auto; max-height: 2; padding: 0 1; background: $boost; }
    """
    MAX_ROWS = 2

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.parts: list[str] = []

    def show(self, parts: Sequence[str]) -> None:
        """Show ``parts``, separated by dots."""
        self.parts = list(parts)
        self.refresh(layout=True)

    def render(self) -> Text:
        """The parts packed into the lines the width allows."""
        rows = pack([Text(part) for part in self.parts], content_width(self), self.MAX_ROWS)
        return Text("\n").join(rows)


class MessageBar(Widget):
    """What the game expects of the player (bold), then the last message (a refusal, a
    hint) wrapped below it; at most four lines (unless told otherwise), the message cut
    short beyond."""

    DEFAULT_CSS = """
    MessageBar { height: auto; max-height: 4; padding: 0 1; background: $boost; }
    """
    MAX_ROWS = 4

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.prompt = Text()
        self.message = Text()
        self.rows = self.MAX_ROWS

    def show(self, prompt: Text, message: Text, *, rows: int = MAX_ROWS) -> None:
        """Show ``prompt`` and ``message`` (either may be empty) in at most ``rows``
        lines (more than four for the last words of a game, when the log matters less)."""
        self.prompt, self.message = prompt, message
        if rows != self.rows:
            self.rows = rows
            self.styles.max_height = rows
        self.refresh(layout=True)

    def render(self) -> Text:
        """The prompt on its first line(s), the message below, within four lines."""
        width = content_width(self)
        # a long prompt (the end of a game) may take every line, unless a message waits
        room = self.rows // 2 if self.message.plain else self.rows
        rows = wrap(self.prompt, width)[:room] if self.prompt.plain else []
        if self.message.plain:
            rows += wrap(self.message, width)
        if len(rows) > self.rows:
            rows = rows[: self.rows]
            rows[-1] = fit(rows[-1] + Text(" …"), width)
        return Text("\n").join(rows)


def log_rows(lines: Sequence[Text], width: int, height: int) -> list[Text]:
    """The rows the game log shows in ``height`` rows of ``width`` cells: the newest lines
    that fit whole, each wrapped, the newest at the bottom. A line that would show only
    its end is left out (the log's top row always starts a line, so what is shown reads
    as consecutive lines); the rows above the oldest shown line are blank. Only a newest
    line taller than the log by itself is cut, keeping its end.

    >>> rows = log_rows([Text("one two three"), Text("four")], width=5, height=3)
    >>> [row.plain for row in rows]
    ['', '', 'four']
    >>> [row.plain for row in log_rows([Text("a b c d")], width=1, height=2)]
    ['c', 'd']
    """
    if height <= 0:
        return []
    rows: list[Text] = []
    for line in reversed(lines):
        wrapped = wrap(line, width)
        if rows and len(rows) + len(wrapped) > height:
            break
        rows[:0] = wrapped
        if len(rows) >= height:
            break
    rows = rows[-height:]
    return [Text() for _blank in range(height - len(rows))] + rows


class LogView(Widget):
    """The game log, newest line at the bottom, laid out at the size the log has when it
    is drawn (:func:`log_rows`), so the newest line is always visible however tall the
    message bar above has grown, and only whole lines are shown."""

    DEFAULT_CSS = """
    LogView { height: 1fr; padding: 0 1; color: $text-muted; }
    """
    KEEP = 200

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Text] = []

    def add(self, lines: Sequence[Text]) -> None:
        """Append ``lines`` (the oldest beyond :attr:`KEEP` are dropped)."""
        if lines:
            self.lines.extend(lines)
            del self.lines[: -self.KEEP]
            self.refresh()

    def render(self) -> Text:
        """The newest whole lines that fit, wrapped, the newest at the bottom."""
        return Text("\n").join(
            log_rows(self.lines, content_width(self), self.content_region.height)
        )


class KeysBar(Widget):
    """The keys that matter now, on one line: the optional ones are left out, last
    first, when a language's words make the line too long."""

    DEFAULT_CSS = """
    KeysBar { height: 1; padding: 0 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.keys: list[tuple[str, str, bool]] = []

    def show(self, keys: Sequence[tuple[str, str, bool]]) -> None:
        """Show ``keys``: (key, what it does, whether it may be left out)."""
        self.keys = list(keys)
        self.refresh()

    def render(self) -> Text:
        """The keys that fit the width, in order."""
        width = content_width(self)
        keys = list(self.keys)
        while True:
            line = Text()
            for key, word, _optional in keys:
                if line.plain:
                    line.append("  ")
                line.append(key, style="bold reverse")
                line.append(" " + word)
            optional = [index for index, (_k, _w, drop) in enumerate(keys) if drop]
            if screen_cells(line.plain) <= width or not optional:
                return fit(line, width)
            del keys[optional[-1]]


class Paragraphs(Widget):
    """Lines of text, each wrapped by screen cells to the width (see :func:`screen_cells`:
    Textual's own wrapping would let a Hindi line run past the screen's edge)."""

    DEFAULT_CSS = """
    Paragraphs { height: auto; }
    """

    def __init__(self, lines: Sequence[Text], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines = list(lines)

    def render(self) -> Text:
        """Every line, wrapped."""
        width = content_width(self)
        return Text("\n").join(row for line in self.lines for row in wrap(line, width))


# ------------------------------------------------------------------ the table


class TrickView(Widget):
    """The table: North at the top, West and East at the sides, you at the bottom, each
    with the cards they put on the trick shown; a heading above, and a note under it when
    a throw failed (who could beat it and what is led instead, R-H2)."""

    DEFAULT_CSS = """
    TrickView { height: auto; min-height: 5; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.heading = Text()
        self.note = Text()
        self.plays: dict[int, tuple[int, ...]] = {}
        self.leader: int | None = None
        self.winner: int | None = None

    def show(
        self,
        heading: Text | str,
        plays: Sequence[tuple[int, tuple[int, ...]]],
        leader: int | None,
        *,
        winner: int | None = None,
        note: Text | None = None,
    ) -> None:
        """Show ``plays`` (seat, cards) under ``heading``; the leader is marked ▸ and the
        winner of a finished trick stands out."""
        self.heading = heading if isinstance(heading, Text) else Text(heading, style="dim")
        self.note = note or Text()
        self.plays = dict(plays)
        self.leader, self.winner = leader, winner
        self.refresh(layout=True)

    def spot(self, seat: int) -> Text:
        """A seat's name (▸ for the leader) and its cards, or a dot for none yet."""
        style = WINNER_STYLE if seat == self.winner else "bold"
        out = Text(("▸" if seat == self.leader else "") + seat_name(seat) + ": ", style=style)
        cards = self.plays.get(seat)
        if cards:
            out.append_text(rich([CardRun(cards)]))
        else:
            out.append("·", style="dim")
        return out

    def heading_row(self, width: int) -> Text:
        """The heading, and at the end of its row, while a seat is marked, what the mark
        means (when the row has room for it beside the heading)."""
        heading = fit(self.heading, width)
        if self.leader is None:
            return heading
        # TRANSLATORS: the legend of the mark before the name of the seat that led the
        # trick on the table; keep the ▸.
        legend = Text(_("▸ led the trick"), style="dim")
        gap = width - screen_cells(heading.plain) - screen_cells(legend.plain)
        return heading + Text(" " * gap) + legend if gap >= 2 else heading

    def render(self) -> Text:
        """The table at the width the widget has now."""
        width = content_width(self)

        def centred(text: Text) -> list[Text]:
            rows = wrap(text, width)
            return [
                Text(" " * max(0, (width - screen_cells(row.plain)) // 2)) + row for row in rows
            ]

        def right(text: Text) -> list[Text]:
            rows = wrap(text, width)
            return [Text(" " * max(0, width - screen_cells(row.plain))) + row for row in rows]

        rows = [self.heading_row(width)]
        if self.note.plain:
            rows += wrap(self.note, width)[:2]
        rows += centred(self.spot(2))
        west, east = self.spot(3), self.spot(1)
        gap = width - screen_cells(west.plain) - screen_cells(east.plain)
        if gap >= 1:
            rows.append(west + Text(" " * gap) + east)
        else:  # a long throw on both sides: one line each
            rows += wrap(west, width) + right(east)
        rows += centred(self.spot(HUMAN))
        return Text("\n").join(rows)


# ------------------------------------------------------------------ the hand


class HandView(Widget, can_focus=True):
    """The human's cards in groups (trumps first, highlighted), with a cursor and a
    selection; a click on a card selects it (and moves the cursor there)."""

    DEFAULT_CSS = """
    HandView { height: 4; padding: 0 1; }
    """

    class Changed(TextualMessage):
        """The cursor or the selection moved."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.groups: list[tuple[int, list[int]]] = []
        self.cards: list[int] = []
        self.cursor = 0
        #: selected cards as (kind, copy number) so a selection survives new cards
        self._selected: set[tuple[int, int]] = set()
        #: card index → (line, first column in screen cells, as a click reports it)
        self.places: list[tuple[int, int]] = []

    # ------------------------------------------------------------------ content

    def set_hand(self, groups: Sequence[tuple[int, Sequence[int]]]) -> None:
        """Show ``groups`` (effective suit, cards high to low); the selection keeps the
        cards still held, the cursor stays on the same place."""
        self.groups = [(suit, list(cards)) for suit, cards in groups]
        self.cards = [card for _suit, cards in self.groups for card in cards]
        keys = set(self._keys())
        self._selected &= keys
        self.cursor = max(0, min(self.cursor, len(self.cards) - 1))
        self.refresh()

    def _keys(self) -> list[tuple[int, int]]:
        """Each card's (kind, copy number): the second copy of a kind is number 1."""
        seen: dict[int, int] = {}
        keys = []
        for card in self.cards:
            copy = seen.get(card, 0)
            seen[card] = copy + 1
            keys.append((card, copy))
        return keys

    @property
    def selected(self) -> list[int]:
        """The selected cards, in hand order."""
        return [key[0] for key in self._keys() if key in self._selected]

    @property
    def chosen(self) -> list[int]:
        """What Enter plays: the selected cards, or the card under the cursor when none
        is selected (nothing in an empty hand)."""
        return self.selected or self.cards[self.cursor : self.cursor + 1]

    def select_cards(self, cards: Sequence[int]) -> None:
        """Select exactly ``cards`` (as many copies as listed), e.g. a hint."""
        wanted = list(cards)
        chosen = set()
        for key in self._keys():
            if key[0] in wanted:
                wanted.remove(key[0])
                chosen.add(key)
        self._selected = chosen
        self.refresh()
        self.post_message(self.Changed())

    def clear_selection(self) -> None:
        """Select nothing."""
        self._selected = set()
        self.refresh()
        self.post_message(self.Changed())

    # ------------------------------------------------------------------ moving

    def move(self, step: int) -> None:
        """Move the cursor ``step`` cards (wrapping around)."""
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self.refresh()

    def move_group(self, step: int) -> None:
        """Move the cursor to the first card of the next (or previous) group."""
        if not self.groups:
            return
        starts, index = [], 0
        for _suit, cards in self.groups:
            starts.append(index)
            index += len(cards)
        current = max(i for i, start in enumerate(starts) if start <= self.cursor)
        self.cursor = starts[(current + step) % len(starts)]
        self.refresh()

    def toggle(self, index: int | None = None) -> None:
        """Select or unselect the card under the cursor (or at ``index``)."""
        if not self.cards:
            return
        index = self.cursor if index is None else index
        key = self._keys()[index]
        self._selected ^= {key}
        self.refresh()
        self.post_message(self.Changed())

    def on_click(self, event: events.Click) -> None:
        """A click on a card moves the cursor there and selects or unselects it."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for index, (line, column) in enumerate(self.places):
            if line == offset.y and column <= offset.x < column + CARD_CELLS - 1:
                self.cursor = index
                self.toggle(index)
                return

    # ------------------------------------------------------------------ drawing

    def render(self) -> Text:
        """The groups, wrapped to the width, each card styled."""
        width = max(content_width(self), 20)
        lines: list[Text] = [Text()]
        used = [0]  # screen cells used on each line
        places: list[tuple[int, int]] = []
        keys = self._keys()
        index = 0

        def put(text: Text) -> None:
            lines[-1].append_text(text)
            used[-1] += screen_cells(text.plain)

        for suit, cards in self.groups:
            label = Text(suit_heading(suit) if suit == TRUMP else SUIT_SYMBOLS[suit])
            label.stylize("bold")
            needed = screen_cells(label.plain) + 1 + CARD_CELLS
            if used[-1] and used[-1] + 2 + needed > width:
                lines.append(Text())
                used.append(0)
            if used[-1]:
                put(Text("│ ", style="dim"))
            put(label)
            put(Text(" "))
            for card in cards:
                if used[-1] + CARD_CELLS > width:
                    lines.append(Text())
                    used.append(0)
                face = card_text(card)
                if keys[index] in self._selected:
                    face.stylize(SELECTED_STYLE)
                elif suit == TRUMP:
                    face.stylize(TRUMP_STYLE)
                if index == self.cursor and self.has_focus:
                    face.stylize(CURSOR_STYLE)
                places.append((len(lines) - 1, used[-1]))
                put(face)
                put(Text(" "))
                index += 1
        self.places = places
        if not self.cards:
            return Text(_("(no cards)"), style="dim")
        return Text("\n").join(lines)
