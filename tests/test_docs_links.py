"""The documentation holds no dead link and no internal history.

Every relative link and image of README.md, docs/ and examples/ names a file of the
repository, and every ``#anchor`` a heading of its target, as GitHub numbers them
(``markdown_links``). And the docs and the messages the program shows (the translation
template, which holds every user-facing string of the terminal, the command line, the
server and the browser table) speak of the project as it is, not of the work that
made it: no "issue 12", no "wave 2".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from markdown_links import anchors, links, problems

ROOT = Path(__file__).resolve().parents[1]
#: every Markdown file a reader of the repository opens
DOCUMENTS = sorted([ROOT / "README.md", *ROOT.glob("docs/**/*.md"), *ROOT.glob("examples/**/*.md")])
#: what user-facing text must not say: the numbers of the project's own work items
HISTORY = re.compile(r"\b(issues?\s+#?\d+|waves?\s+\d+|issue\s+#\d+)", re.IGNORECASE)
#: the user-facing texts besides the Markdown: the message template, the protocol schema
TEXTS = [
    *DOCUMENTS,
    ROOT / "src" / "tuolaji" / "locale" / "tuolaji.pot",
    ROOT / "docs" / "protocol.schema.json",
]


def test_the_documents_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in DOCUMENTS}
    assert {"README.md", "docs/rules.md", "examples/README.md"} <= names


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_relative_link_and_anchor_resolves(document: Path) -> None:
    assert problems(document, ROOT) == []


@pytest.mark.parametrize("text", TEXTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_internal_history(text: Path) -> None:
    found = [
        f"{text.relative_to(ROOT)}:{number}: {line.strip()}"
        for number, line in enumerate(text.read_text(encoding="utf-8").splitlines(), 1)
        if HISTORY.search(line)
    ]
    assert found == []


# The checker itself: it must see what is broken, or the tests above prove nothing.


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    """A made-up repository: a README, a doc with headings, an image."""
    (tmp_path / "docs" / "shots").mkdir(parents=True)
    (tmp_path / "docs" / "shots" / "table.png").write_bytes(b"\x89PNG")
    (tmp_path / "docs" / "guide.md").write_text(
        "# Guide\n\n## Set up\n\n## Set up\n\n## The `make test` run — in full\n\n"
        "See [the top](#guide) and [the README](../README.md#tuolaji).\n",
        encoding="utf-8",
    )
    (tmp_path / "README.md").write_text(
        "# tuolaji\n\n![the table](docs/shots/table.png)\n\n"
        "[guide](docs/guide.md), [set up](docs/guide.md#set-up), "
        "[again](docs/guide.md#set-up-1), [run](<docs/guide.md#the-make-test-run--in-full>)\n\n"
        "[web](https://example.org/x#y) [mail](mailto:a@example.org)\n\n"
        "```sh\n[not a link](nowhere.md)\n```\n",
        encoding="utf-8",
    )
    return tmp_path


def test_a_sound_repository_has_no_problem(repository: Path) -> None:
    assert problems(repository / "README.md", repository) == []
    assert problems(repository / "docs" / "guide.md", repository) == []


def test_repeated_headings_are_numbered_as_github_does() -> None:
    assert anchors("# A\n\n## B\n\n## B\n\n## B\n") == {"a", "b", "b-1", "b-2"}


def test_links_in_code_are_not_links_and_tables_are_read() -> None:
    text = "`[x](y.md)`\n\n| a |\n|---|\n| [z](z.md) |\n"
    assert [link.target for link in links(text)] == ["z.md"]


@pytest.mark.parametrize(
    ("link", "why"),
    [
        ("[gone](docs/missing.md)", "docs/missing.md: no such file"),
        ("![gone](docs/shots/gone.png)", "docs/shots/gone.png: no such file"),
        ("[dead](docs/guide.md#set-up-2)", "docs/guide.md#set-up-2: no heading #set-up-2"),
        ("[dead](#nothing)", "#nothing: no heading #nothing in README.md"),
        ("[out](../elsewhere/guide.md)", "../elsewhere/guide.md: points outside the repository"),
        ("[root](/docs/guide.md)", "/docs/guide.md: points outside the repository"),
        ("[shot](docs/shots/table.png#a)", "an anchor into a file that is not Markdown"),
    ],
)
def test_a_dead_link_or_anchor_is_found(repository: Path, link: str, why: str) -> None:
    readme = repository / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8") + f"\nthen\n\n{link}\n", encoding="utf-8")
    found = problems(readme, repository)
    assert len(found) == 1
    assert found[0].startswith("README.md:")
    assert why in found[0]


@pytest.mark.parametrize(
    "line", ["as issue 12 asked", "Issues 8 and 9", "issue #21", "wave 2 of the work"]
)
def test_history_is_recognised(line: str) -> None:
    assert HISTORY.search(line)


@pytest.mark.parametrize("line", ["a known issue", "the lead's issue of trumps", "2 waves"])
def test_ordinary_words_are_not_history(line: str) -> None:
    assert not HISTORY.search(line)
