"""The screens the game opens over the table: the declaration options, the end of a
round, and the rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from tuolaji.i18n import _
from tuolaji.play.widgets import Paragraphs
from tuolaji.play.words import CardRun, Message, rich


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
    """The end of a round: points, the talon, the level change, who declares next.

    The box spans the whole width with rules above and below only: a box narrower than
    the screen left slivers of the table showing at its sides (a stray ``█·`` at the
    corner), and side borders would be pushed out of line by scripts whose letters a
    terminal draws wider than Textual counts them (Hindi).
    """

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > VerticalScroll {
        width: 100%; height: auto; max-height: 100%;
        border-top: thick $success; border-bottom: thick $success;
        background: $panel; padding: 0 1;
    }
    SummaryScreen #footer { margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", show=False),
        Binding("space", "close", show=False),
        Binding("escape", "close", show=False),
        Binding("q", "app.ask_quit", show=False),  # app keys do not reach a dialog
    ]

    def __init__(self, title: str, lines: Sequence[Message | str], footer: str) -> None:
        super().__init__()
        self._title = title
        self._lines = list(lines)
        self._footer = footer

    def compose(self) -> ComposeResult:
        """The summary lines and how to go on."""
        # the title is a line of its own: a border title is laid out by Textual's count
        # of cells, which a Hindi title overruns
        with VerticalScroll():
            yield Paragraphs([Text(self._title, style="bold")], id="title")
            yield Paragraphs([rich(line) for line in self._lines], id="summary")
            yield Static(Text(self._footer, style="bold"), id="footer")

    def action_close(self) -> None:
        """Go on."""
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The rules in plain words, scrollable; Escape, q or ? closes it."""

    DEFAULT_CSS = """
    RulesScreen > VerticalScroll {
        border-top: thick $primary; border-bottom: thick $primary; padding: 0 1;
    }
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
            yield Paragraphs([Text(line) for line in self._text.splitlines()], id="rules")
            yield Static(Text(_("Escape closes the rules."), style="dim"))

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
