"""The links of Markdown files, checked the way GitHub shows them: every relative link and
image names a file of the repository, and every ``#anchor`` a heading of its target.

Markdown is read with markdown-it-py (CommonMark, as GitHub reads it), so links in code
are not links and reference-style links count. Anchors follow GitHub's rule for heading
ids: the heading's text in lower case, punctuation dropped, each space a ``-``, and a
repeated heading ``-1``, ``-2``… after the first.
"""

from __future__ import annotations

import functools
import itertools
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

from markdown_it import MarkdownIt
from markdown_it.token import Token

#: the characters a heading's id keeps besides letters, digits and combining marks
KEPT = frozenset("-_ ")


class Link(NamedTuple):
    """A link or an image of a Markdown file: its target as written, and its line."""

    target: str
    line: int


@functools.cache
def _parser() -> MarkdownIt:
    """CommonMark with GitHub's tables (a link in a table cell is a link)."""
    return MarkdownIt("commonmark").enable("table")


def _tokens(text: str) -> list[Token]:
    return _parser().parse(text)


def slug(heading: str) -> str:
    """GitHub's id for a heading's text, before duplicates are numbered.

    >>> slug("The compiled engine")
    'the-compiled-engine'
    >>> slug("Strength and speed (2026-12-01)")
    'strength-and-speed-2026-12-01'
    >>> slug("`make test` — what it runs")
    'make-test--what-it-runs'
    >>> slug("拖拉机 Tractor")
    '拖拉机-tractor'
    """
    kept = (
        char
        for char in heading.strip().lower()
        if char.isalnum() or char in KEPT or unicodedata.category(char).startswith("M")
    )
    return "".join(kept).replace(" ", "-")


def _inline_text(token: Token) -> str:
    """The text a heading shows: its words and code, without the Markdown around them."""
    parts = []
    for child in token.children or []:
        if child.type in {"text", "code_inline"}:
            parts.append(child.content)
        elif child.type in {"softbreak", "hardbreak"}:
            parts.append(" ")
        elif child.type == "image":
            parts.append(_inline_text(child))
    return "".join(parts)


def anchors(text: str) -> set[str]:
    """The ids of every heading of a Markdown text, repeated headings numbered."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    tokens = _tokens(text)
    for opening, inline in itertools.pairwise(tokens):
        if opening.type != "heading_open":
            continue
        base = slug(_inline_text(inline))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def _walk(tokens: list[Token]) -> Iterator[Token]:
    for token in tokens:
        yield token
        if token.children:
            yield from _walk(token.children)


def links(text: str) -> list[Link]:
    """Every link and image target of a Markdown text, with the line it is on."""
    found = []
    line = 0
    for token in _walk(_tokens(text)):
        if token.map is not None:
            line = token.map[0] + 1  # inline tokens carry no line: their block's
        if token.type == "link_open":
            found.append(Link(str(token.attrs["href"]), line))
        elif token.type == "image":
            found.append(Link(str(token.attrs["src"]), line))
    return found


def _is_external(target: str) -> bool:
    parts = urlsplit(target)
    return bool(parts.scheme or parts.netloc)


def problems(document: Path, root: Path) -> list[str]:
    """What is wrong with the links of ``document``: a relative link or image whose file
    is missing or outside ``root``, or an anchor that no heading of its target has. Web
    addresses are not followed. Each problem reads ``path:line: target: why``."""
    found = []
    where = document.relative_to(root)
    for link in links(document.read_text(encoding="utf-8")):
        if _is_external(link.target):
            continue
        path, _, anchor = link.target.partition("#")
        target = (document.parent / unquote(path) if path else document).resolve()
        if path.startswith("/") or not target.is_relative_to(root.resolve()):
            why = "points outside the repository"
        elif not target.exists():
            why = "no such file"
        elif not anchor:
            continue
        elif target.suffix != ".md":
            why = "an anchor into a file that is not Markdown"
        elif unquote(anchor) not in anchors(target.read_text(encoding="utf-8")):
            why = f"no heading #{anchor} in {target.relative_to(root.resolve())}"
        else:
            continue
        found.append(f"{where}:{link.line}: {link.target}: {why}")
    return found
