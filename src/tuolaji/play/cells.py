"""Measuring and breaking text by the cells a terminal draws, in every script.

A line of the game screen must never pass the screen's width, whatever the language:
Latin words break at spaces, Chinese between any two characters, and Devanagari vowel
signs take a cell of their own on real terminals although Rich counts them as none
(:func:`screen_cells`). Breaking is done here, on the plain text, and the styled
:class:`~rich.text.Text` is then cut at those offsets, so colours survive.
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len
from rich.text import Text

#: East Asian widths that take two cells and may be broken before or after
WIDE = frozenset({"W", "F"})


def screen_cells(text: str) -> int:
    """The cells ``text`` takes on a terminal, counted generously.

    Rich (and so Textual) counts a spacing vowel sign of Devanagari and other Indic
    scripts (Unicode category Mc, e.g. the ि of पश्चिम) as no cell, since it joins the
    letter before it; terminals such as tmux and xterm give it a cell of its own, which
    pushed East's cards off an 80-column screen in Hindi. Laid out by the larger count,
    a line fits on both. CJK wide characters count 2 either way (``cell_len``).

    >>> screen_cells("abc"), screen_cells("东家"), screen_cells("पश्चिम")
    (3, 4, 5)
    """
    if text.isascii():
        return len(text)
    return cell_len(text) + sum(1 for char in text if unicodedata.category(char) == "Mc")


def fit(text: Text, width: int) -> Text:
    """``text`` on one line of at most ``width`` screen cells, cut with an ellipsis."""
    if screen_cells(text.plain) <= width:
        return text
    target = width
    while target > 1:
        cut = text.copy()
        cut.truncate(target, overflow="ellipsis")
        excess = screen_cells(cut.plain) - width
        if excess <= 0:
            return cut
        target -= excess
    return Text("…")


def wrap(text: Text, width: int) -> list[Text]:
    """``text`` broken into lines of at most ``width`` screen cells, keeping its styles:
    at spaces, between wide (CJK) characters, and inside a word only when the word alone
    is wider than a line. Nothing but the spaces at the breaks is dropped; a newline
    always breaks.

    >>> [row.plain for row in wrap(Text("Opponents: We · our points: 60"), 12)]
    ['Opponents:', 'We · our', 'points: 60']
    >>> [row.plain for row in wrap(Text("闲家得分：六十"), 6)]
    ['闲家得', '分：六', '十']
    """
    width = max(1, width)
    plain = text.plain
    rows: list[Text] = []
    start = 0
    for paragraph in plain.split("\n"):
        for begin, end in _line_ranges(paragraph, width):
            rows.append(text[start + begin : start + end])
        start += len(paragraph) + 1
    return rows


def _line_ranges(plain: str, width: int) -> list[tuple[int, int]]:
    """The (start, end) offsets of the lines ``plain`` (no newline) breaks into."""
    lines: list[tuple[int, int]] = []
    line_start: int | None = None  # where the current line's first token starts
    line_end = 0  # where its last non-space token ends
    for begin, end, space in _tokens(plain):
        if space:
            continue
        if line_start is not None and screen_cells(plain[line_start:end]) <= width:
            line_end = end
            continue
        if line_start is not None:
            lines.append((line_start, line_end))
        # the token starts a line; a token wider than a line is cut into pieces
        for piece_start, piece_end in _pieces(plain, begin, end, width):
            if line_start is not None and piece_start != begin:
                lines.append((line_start, line_end))
            line_start, line_end = piece_start, piece_end
    if line_start is not None:
        lines.append((line_start, line_end))
    return lines or [(0, 0)]


def _tokens(plain: str) -> list[tuple[int, int, bool]]:
    """``plain`` as (start, end, is_space) runs: spaces; one wide character with the
    marks that follow it; or a run of other characters (a word)."""
    tokens: list[tuple[int, int, bool]] = []
    index, size = 0, len(plain)
    while index < size:
        char = plain[index]
        end = index + 1
        if char.isspace():
            while end < size and plain[end].isspace():
                end += 1
            tokens.append((index, end, True))
        else:
            wide = unicodedata.east_asian_width(char) in WIDE
            while end < size and not plain[end].isspace():
                if _is_mark(plain[end]):
                    end += 1
                elif wide or unicodedata.east_asian_width(plain[end]) in WIDE:
                    break
                else:
                    end += 1
            tokens.append((index, end, False))
        index = end
    return tokens


def _pieces(plain: str, begin: int, end: int, width: int) -> list[tuple[int, int]]:
    """The word ``plain[begin:end]`` cut into pieces of at most ``width`` cells, never
    before a combining mark (a vowel sign stays with its letter); a single character
    wider than ``width`` makes a piece of its own."""
    bounds = [index for index in range(begin + 1, end) if not _is_mark(plain[index])]
    bounds.append(end)
    pieces: list[tuple[int, int]] = []
    start = begin
    while start < end:
        fitting = [bound for bound in bounds if bound > start]
        cut = fitting[0]
        for bound in fitting:
            if screen_cells(plain[start:bound]) > width:
                break
            cut = bound
        pieces.append((start, cut))
        start = cut
    return pieces


def _is_mark(char: str) -> bool:
    """Whether ``char`` joins the character before it (a combining or vowel sign)."""
    return unicodedata.category(char) in ("Mn", "Mc", "Me")
