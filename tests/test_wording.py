"""The wording both ways to play share (tuolaji.wording) and the language set for one
block (tuolaji.i18n.using_language): what the online server needs to send each browser
the engine's refusal sentence in that browser's language, naming seats from the chair
of the seat that reads it (R-N4: East plays after you, North is your partner)."""

from __future__ import annotations

import copy
import doctest
import gettext
import os
import pickle
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from hypothesis import given, settings
from hypothesis import strategies as st

from tuolaji import i18n
from tuolaji.core import errors
from tuolaji.core.cards import parse_cards
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import STANDARD
from tuolaji.core.trump import TRUMP, trump_context
from tuolaji.game import Draw, Game
from tuolaji.i18n import _, current_language, set_language, using_language
from tuolaji.play import refusals as terminal_refusals
from tuolaji.wording import (
    messages,
    names,
    refusal_message,
    refusal_parts,
    refusal_text,
    seat_name,
    sort_hand,
    suit_groups,
)

CARDS = tuple(parse_cards("KD TD 5D"))
REASONS = sorted(
    value
    for name, value in vars(errors).items()
    if name.isupper() and isinstance(value, str) and not name.startswith("_")
)
#: the reasons whose sentence names another seat
SEAT_REASONS = (errors.NOT_YOUR_TURN, errors.NOT_STARTER, errors.TOO_WEAK)
VIEWERS = (0, 1, 2, 3, None)


@pytest.fixture(autouse=True)
def in_english(english: None) -> None:
    """Every test starts in English, and the language in force is restored after."""


def refused(reason: str, seat: int = 1, rule: str = "R-P1") -> IllegalAction:
    """A refusal as the engine raises it, about ``seat`` (the seat to act, the starter,
    or the seat whose declaration stands)."""
    details = {"need": 3, "given": 1, "seat": seat, "suit": 2, "length": 2, "rank": 0, "left": 7}
    return IllegalAction(rule, "an English message", reason, CARDS, details)


def spanish(msgid: str) -> str:
    """The Spanish catalog's translation of ``msgid``, read from the .po file itself."""
    po_file = i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with po_file.open("rb") as handle:
        message = read_po(handle).get(msgid)
    assert message is not None and isinstance(message.string, str) and message.string
    return message.string


# ------------------------------------------------------------------ seats, from any chair


def test_seats_are_named_from_the_chair_of_whoever_reads() -> None:
    # R-N4: play passes to the right; the partner sits across
    assert [seat_name(seat) for seat in range(4)] == ["You", "East", "North", "West"]
    assert [seat_name(seat, viewer=2) for seat in range(4)] == ["North", "West", "You", "East"]
    assert [seat_name(seat, viewer=3) for seat in range(4)] == ["East", "North", "West", "You"]
    # a spectator has no chair: the table's compass, seat 0 in the South
    assert [seat_name(seat, viewer=None) for seat in range(4)] == [
        "South",
        "East",
        "North",
        "West",
    ]


@pytest.mark.parametrize(
    ("viewer", "expected"),
    [
        (0, "Wait for your turn: East plays now."),
        (2, "Wait for your turn: West plays now."),
        (3, "Wait for your turn: North plays now."),
        (None, "Wait for your turn: East plays now."),
    ],
)
def test_r_p1_not_your_turn_names_the_seat_to_play_from_the_readers_chair(
    viewer: int | None, expected: str
) -> None:
    assert refusal_text(refused(errors.NOT_YOUR_TURN, seat=1), viewer) == (
        f"Not allowed (R-P1): {expected}"
    )


def test_r_t4_a_real_refusal_of_the_engine_names_the_window_seat_for_each_reader() -> None:
    game = Game(seed=1)
    game.apply(Draw(100))  # the deal is over: seat 0 may declare or pass (R-T4)
    assert game.turn().seat == 0
    for seat, name in [(1, "West"), (2, "North"), (3, "East")]:
        with pytest.raises(IllegalAction) as refusal:
            game.check_pass(seat)
        assert refusal_text(refusal.value, viewer=seat) == (
            f"Not allowed (R-T4): Wait for your turn: {name} may declare or pass now."
        )


def test_r_t3_a_standing_declaration_is_yours_only_for_the_seat_that_made_it() -> None:
    error = refused(errors.TOO_WEAK, seat=2, rule="R-T3")
    assert "Your declaration KD TD 5D stands" in refusal_text(error, viewer=2)
    assert "The declaration KD TD 5D by North stands" in refusal_text(error, viewer=0)
    assert "The declaration KD TD 5D by East stands" in refusal_text(error, viewer=1)
    assert "The declaration KD TD 5D by North stands" in refusal_text(error, viewer=None)
    # the terminal reads from seat 0's chair, as before
    assert refusal_text(refused(errors.TOO_WEAK, seat=0, rule="R-T3")).startswith(
        "Not allowed (R-T3): Your declaration KD TD 5D stands"
    )


def test_r_k1_only_the_starter_buries_names_the_starter_from_the_readers_chair() -> None:
    error = refused(errors.NOT_STARTER, seat=3, rule="R-K1")
    assert (
        refusal_text(error, viewer=1)
        == "Not allowed (R-K1): Only the starter, North, buries cards."
    )
    assert refusal_text(error, viewer=None).endswith("Only the starter, West, buries cards.")


@settings(max_examples=60, deadline=None)
@given(
    reason=st.sampled_from(REASONS),
    seat=st.integers(0, 3),
    viewer=st.integers(0, 3),
    turn=st.integers(1, 3),
    language=st.sampled_from(i18n.SUPPORTED),
)
def test_a_sentence_depends_only_on_where_the_seat_sits_from_the_reader(
    reason: str, seat: int, viewer: int, turn: int, language: str
) -> None:
    # turning the whole table (every seat and the reader moved round together) changes
    # no word: seats are named relative to the reader (R-N4), in any language
    with using_language(language):
        here = refusal_text(refused(reason, seat), viewer)
        turned = refusal_text(refused(reason, (seat + turn) % 4), (viewer + turn) % 4)
    assert here == turned
    assert "{" not in here and "}" not in here


@pytest.mark.parametrize("viewer", VIEWERS)
@pytest.mark.parametrize("reason", SEAT_REASONS)
def test_the_other_seat_is_never_called_you(reason: str, viewer: int | None) -> None:
    # the engine names another seat than the one acting (the seat to act, the starter,
    # the declarer whose card stands); "You" in a third-person sentence would read wrong
    for seat in range(4):
        if seat == viewer:
            continue
        text = refusal_text(refused(reason, seat), viewer)
        assert seat_name(seat, viewer) in text
        assert seat_name(seat, viewer) != "You"


@settings(max_examples=80, deadline=None)
@given(
    reason=st.sampled_from(REASONS),
    seat=st.integers(0, 3),
    viewer=st.one_of(st.none(), st.integers(0, 3)),
    language=st.sampled_from(i18n.SUPPORTED),
)
def test_a_refusal_in_parts_reads_as_its_sentence_with_its_cards_and_seats_apart(
    reason: str, seat: int, viewer: int | None, language: str
) -> None:
    # what the browser draws: the same sentence, cards in notation as parts of their own
    # and each seat named by number beside the name the sentence gives it
    with using_language(language):
        error = refused(reason, seat)
        text = refusal_text(error, viewer)
        parts = refusal_parts(error, viewer)
        name = seat_name(seat, viewer)
    assert "".join(str(next(iter(part.values()))) if "seat" not in part else str(part["name"])
                   for part in parts) == text  # fmt: skip
    for part in parts:
        assert set(part) in ({"text"}, {"cards"}, {"seat", "name"})
        if "cards" in part:
            assert part["cards"] == "KD TD 5D"
        if "seat" in part:
            assert part["seat"] == seat and part["name"] == name
    if reason in SEAT_REASONS and not (reason == errors.TOO_WEAK and seat == viewer):
        assert [part["seat"] for part in parts if "seat" in part] == [seat]


def test_a_seat_name_is_text_everywhere_and_still_knows_its_seat() -> None:
    west = seat_name(3)
    assert west == "West" and west.seat == 3 and f"{west} plays" == "West plays"
    message = messages.fill("{who} plays {cards}.", who=west, cards=(12,))
    assert messages.plain(message) == "West plays AS."
    assert messages.message_parts(message)[0] == {"seat": 3, "name": "West"}
    # copies and pickles (a bot's worker process) keep both
    for again in (copy.deepcopy(west), pickle.loads(pickle.dumps(west))):
        assert (again, again.seat, type(again)) == ("West", 3, messages.SeatName)
    # a plain string is words; empty words are no part
    assert messages.message_parts(["", "Plain words."]) == [{"text": "Plain words."}]


# ------------------------------------------------------------------ one language per call


def test_using_language_words_one_block_and_restores_the_language_before() -> None:
    error = refused(errors.NOT_HELD, rule="R-P2")
    english = refusal_text(error, viewer=2)
    set_language("zh_CN")
    chinese = refusal_text(error, viewer=2)
    with using_language("es") as language:
        assert language == "es" and current_language() == "es"
        assert refusal_text(error, viewer=2) == spanish("Not allowed ({rule}): {why}").format(
            rule="R-P2", why=spanish("You don't hold {cards}.").format(cards="KD TD 5D")
        )
    assert current_language() == "zh_CN"
    assert refusal_text(error, viewer=2) == chinese != english
    assert english == "Not allowed (R-P2): You don't hold KD TD 5D."


def test_a_refusal_in_another_language_names_the_seats_in_it() -> None:
    with using_language("es"):
        text = refusal_text(refused(errors.NOT_YOUR_TURN, seat=0, rule="R-T4"), viewer=1)
    assert text.endswith(
        spanish("Wait for your turn: {seat} may declare or pass now.").format(seat=spanish("West"))
    )


@pytest.mark.parametrize("code", ["es-MX", "es_ES.UTF-8", "ZH-cn", "zh"])
def test_using_language_normalises_the_code(code: str) -> None:
    with using_language(code) as language:
        assert language == current_language() == i18n.normalize(code)


@pytest.mark.parametrize("code", ["klingon", "", "  ", "xx_YY", None])
def test_an_unknown_or_missing_language_gives_english_and_changes_nothing_after(
    code: str | None,
) -> None:
    set_language("da")
    danish = _("You")
    with using_language(code) as language:
        assert language == "en" and current_language() == "en"
        assert seat_name(0) == "You"
    assert current_language() == "da" and _("You") == danish


def test_the_language_before_is_back_after_an_exception() -> None:
    set_language("lv")
    latvian = seat_name(2)
    with pytest.raises(RuntimeError, match="boom"), using_language("hi"):
        assert current_language() == "hi"
        raise RuntimeError("boom")
    assert current_language() == "lv" and seat_name(2) == latvian


def test_blocks_nest() -> None:
    with using_language("es"):
        with using_language("da"):
            assert current_language() == "da"
        assert current_language() == "es"
    assert current_language() == "en"


def test_a_catalog_is_loaded_once_however_often_it_is_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loads: list[str] = []
    load = i18n._catalog

    def counted(language: str) -> gettext.NullTranslations | None:
        loads.append(language)
        return load(language)

    monkeypatch.setattr(i18n, "_loaded", {})
    monkeypatch.setattr(i18n, "_catalog", counted)
    for _turn in range(5):
        for language in ("es", "zh_CN", "en"):
            with using_language(language):
                refusal_text(refused(errors.NOT_HELD))
    set_language("es")
    assert sorted(loads) == ["es", "zh_CN"]  # English needs no catalog


@pytest.fixture
def rewritable_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An ``es`` catalog made for the test (only a .po), the translation layer pointed at
    it; its path."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    yield folder / f"{i18n.DOMAIN}.po"


def write_catalog(po_file: Path, east: str, stamp: int) -> None:
    catalog = Catalog(locale="es", domain=i18n.DOMAIN)
    catalog.add("East", east)
    with po_file.open("wb") as handle:
        write_po(handle, catalog)
    os.utime(po_file, (stamp, stamp))


def test_a_rewritten_catalog_is_read_again(rewritable_catalog: Path) -> None:
    write_catalog(rewritable_catalog, "Este", 1_000_000)
    with using_language("es"):
        assert seat_name(1) == "Este"
    write_catalog(rewritable_catalog, "Levante", 2_000_000)
    with using_language("es"):
        assert seat_name(1) == "Levante"


# ------------------------------------------------------------------ one copy of the words


def test_the_terminal_reads_the_same_sentences_as_the_server() -> None:
    # moved, not copied: the terminal game's refusals are these functions
    assert terminal_refusals.refusal_text is refusal_text
    assert terminal_refusals.refusal_message is refusal_message


def test_suit_groups_label_the_hand_in_the_order_it_is_shown() -> None:
    ctx = trump_context(0, 1, STANDARD)  # rank 2, hearts trump
    hand = parse_cards("3H 2S AS RJ 2H KC 5D AH")
    groups = suit_groups(ctx, 0, hand)
    assert [suit for suit, _cards in groups] == [TRUMP, 0, 3, 2]  # trumps, ♠, ♣, ♦ (R-O3)
    assert [cards for _suit, cards in groups] == sort_hand(ctx, 0, hand)
    assert groups[0][1] == parse_cards("RJ 2H 2S AH 3H")  # R-O1, high to low
    # before anyone declares, the rank cards and jokers are grouped as trumps already
    early = suit_groups(None, 0, parse_cards("3H 2S AS BJ 2H"))
    assert early == [
        (TRUMP, parse_cards("BJ 2S 2H")),
        (0, parse_cards("AS")),
        (1, parse_cards("3H")),
    ]
    assert suit_groups(ctx, 0, []) == []


@pytest.mark.parametrize("module", [messages, names, i18n], ids=lambda module: module.__name__)
def test_the_examples_in_the_docstrings_hold(module: ModuleType) -> None:
    results = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert results.attempted > 0 and results.failed == 0
