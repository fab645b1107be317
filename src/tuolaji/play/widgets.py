"""The widgets of the game screen: the hand (cursor, selection, mouse), the trick on the
table, and the two dialogs (declaration options, end of round) and the rules screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message as TextualMessage
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import OptionList, Static

from tuolaji.core.cards import SUIT_SYMBOLS, format_cards
from tuolaji.core.trump import TRUMP
from tuolaji.i18n import _
from tuolaji.play.words import HUMAN, CardRun, Message, rich, seat_name, suit_heading
from tuolaji.render import card_text

TRUMP_STYLE = "on #4a3b00"  # trumps stand out on a dark gold ground
CURSOR_STYLE = "underline on #1f4f8f"
SELECTED_STYLE = "reverse"
CARD_CELLS = 3  # two characters a card, one space


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
        self._places: list[tuple[int, int]] = []  # card index → (line, first column)

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
        for index, (line, column) in enumerate(self._places):
            if line == offset.y and column <= offset.x < column + CARD_CELLS - 1:
                self.cursor = index
                self.toggle(index)
                return

    # ------------------------------------------------------------------ drawing

    def render(self) -> Text:
        """The groups, wrapped to the width, each card styled."""
        width = max(self.content_region.width, 20)
        lines: list[Text] = [Text()]
        places: list[tuple[int, int]] = []
        keys = self._keys()
        index = 0
        for suit, cards in self.groups:
            label = Text(suit_heading(suit) if suit == TRUMP else SUIT_SYMBOLS[suit])
            label.stylize("bold")
            needed = label.cell_len + 1 + CARD_CELLS
            if lines[-1].cell_len and lines[-1].cell_len + needed > width:
                lines.append(Text())
            if lines[-1].cell_len:
                lines[-1].append("│ ", style="dim")
            lines[-1].append_text(label)
            lines[-1].append(" ")
            for card in cards:
                if lines[-1].cell_len + CARD_CELLS > width:
                    lines.append(Text())
                face = card_text(card)
                if keys[index] in self._selected:
                    face.stylize(SELECTED_STYLE)
                elif suit == TRUMP:
                    face.stylize(TRUMP_STYLE)
                if index == self.cursor and self.has_focus:
                    face.stylize(CURSOR_STYLE)
                places.append((len(lines) - 1, lines[-1].cell_len))
                lines[-1].append_text(face)
                lines[-1].append(" ")
                index += 1
        self._places = places
        if not self.cards:
            return Text(_("(no cards)"), style="dim")
        return Text("\n").join(lines)


class TrickView(Static):
    """The table: North at the top, West and East at the sides, you at the bottom, each
    with the cards they put on this trick (or on the last one)."""

    DEFAULT_CSS = """
    TrickView { height: 5; padding: 0 1; }
    """

    def show(
        self, title: Text | str, plays: Sequence[tuple[int, tuple[int, ...]]], leader: int | None
    ) -> None:
        """Show ``plays`` (seat, cards) under ``title``; the leader's name is marked."""
        by_seat = dict(plays)
        width = max(self.content_region.width, 40)

        def spot(seat: int) -> Text:
            out = Text(("▸" if seat == leader else "") + seat_name(seat) + ": ", style="bold")
            cards = by_seat.get(seat)
            if cards:
                out.append_text(rich([CardRun(cards)]))
            else:
                out.append("·", style="dim")
            return out

        def centred(text: Text) -> Text:
            pad = max(0, (width - text.cell_len) // 2)
            return Text(" " * pad) + text

        west, east = spot(3), spot(1)
        gap = max(1, width - west.cell_len - east.cell_len)
        middle = west + Text(" " * gap) + east
        heading = title if isinstance(title, Text) else Text(title, style="dim")
        self.update(Text("\n").join([heading, centred(spot(2)), middle, centred(spot(HUMAN))]))


class OptionsScreen(ModalScreen[int | None]):
    """A choice among declarations: Enter takes the highlighted one, Escape none."""

    DEFAULT_CSS = """
    OptionsScreen { align: center middle; }
    OptionsScreen > Vertical { width: 50; height: auto; border: thick $accent; padding: 0 1; }
    OptionsScreen OptionList { height: auto; max-height: 8; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    def __init__(self, title: str, options: Sequence[tuple[int, ...]]) -> None:
        super().__init__()
        self._title = title
        self._options = list(options)

    def compose(self) -> ComposeResult:
        """The title and the options."""
        with Vertical():
            yield Static(self._title)
            yield OptionList(*(rich([CardRun(option)]) for option in self._options), id="options")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Return the chosen option's number."""
        self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(None)


class SummaryScreen(ModalScreen[None]):
    """The end of a round: points, talon bonus, level change, who declares next."""

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > Vertical { width: 76; height: auto; border: thick $success; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", show=False),
        Binding("space", "close", show=False),
        Binding("escape", "close", show=False),
    ]

    def __init__(self, lines: Sequence[Message | str], footer: str) -> None:
        super().__init__()
        self._lines = list(lines)
        self._footer = footer

    def compose(self) -> ComposeResult:
        """The summary lines and how to go on."""
        with Vertical():
            yield Static(Text("\n").join(rich(line) for line in self._lines), id="summary")
            yield Static(Text(self._footer, style="bold"))

    def action_close(self) -> None:
        """Go on."""
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The rules in plain words, scrollable; Escape, q or ? closes it."""

    DEFAULT_CSS = """
    RulesScreen > VerticalScroll { border: thick $primary; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", show=False),
        Binding("q", "close", show=False),
        Binding("question_mark", "close", show=False),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        """The rules text in a scrolling box."""
        with VerticalScroll():
            yield Static(self._text, id="rules", markup=False)
            yield Static(Text(_("Escape closes the rules."), style="dim"))

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)


def declaration_label(option: tuple[int, ...]) -> str:
    """A declaration option in notation, for messages."""
    return format_cards(option)
