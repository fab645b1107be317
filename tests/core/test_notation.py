"""Card notation, seats, the pack and points.

Rules covered (docs/rules.md): R-N1 ranks, R-N2 suits and jokers, R-N3 card notation
(case-insensitive input, ``10`` and ``♠♥♦♣`` accepted, ASCII output, clear errors),
R-N4 seats and teams, R-D1 the 108-card pack, R-O4 points.
"""

from __future__ import annotations

import pytest

from tuolaji.core.cards import (
    BJ,
    KINDS,
    POINTS,
    RJ,
    NotationError,
    format_card,
    format_cards,
    from_layers,
    full_pack,
    next_seat,
    parse_card,
    parse_cards,
    partner_of,
    points_of,
    team_of,
    to_layers,
)


def cards(text: str) -> list[int]:
    """The cards of a notation string such as ``"AS AS KS"``."""
    return parse_cards(text)


# --- R-N1 / R-N2 / R-N3: reading cards -------------------------------------------------

RANK_ORDER = "23456789TJQKA"
SUIT_ORDER = "SHDC"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        pytest.param("2S", 0, id="R-N1-2S-lowest-spade"),
        pytest.param("TS", 8, id="R-N1-TS"),
        pytest.param("AS", 12, id="R-N1-AS"),
        pytest.param("2H", 13, id="R-N2-2H-first-heart"),
        pytest.param("KD", 2 * 13 + 11, id="R-N2-KD"),
        pytest.param("AC", 51, id="R-N2-AC-last-plain"),
        pytest.param("BJ", BJ, id="R-N2-BJ"),
        pytest.param("RJ", RJ, id="R-N2-RJ"),
    ],
)
def test_r_n3_kind_numbering(text: str, kind: int) -> None:
    assert parse_card(text) == kind


@pytest.mark.parametrize("rank", list(RANK_ORDER))
@pytest.mark.parametrize("suit", list(SUIT_ORDER))
def test_r_n1_r_n2_every_rank_and_suit_reads_and_writes_back(rank: str, suit: str) -> None:
    kind = parse_card(rank + suit)
    assert kind == SUIT_ORDER.index(suit) * 13 + RANK_ORDER.index(rank)
    assert format_card(kind) == rank + suit


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        # R-N3: case-insensitive
        pytest.param("th", "TH", id="R-N3-lower"),
        pytest.param("tH", "TH", id="R-N3-mixed-case-1"),
        pytest.param("Th", "TH", id="R-N3-mixed-case-2"),
        pytest.param("as", "AS", id="R-N3-lower-ace"),
        pytest.param("qc", "QC", id="R-N3-lower-queen"),
        pytest.param("bj", "BJ", id="R-N3-lower-bj"),
        pytest.param("Rj", "RJ", id="R-N3-mixed-rj"),
        pytest.param("rJ", "RJ", id="R-N3-mixed-rj-2"),
        # R-N1: 10 for T
        pytest.param("10H", "TH", id="R-N1-10H"),
        pytest.param("10s", "TS", id="R-N1-10s"),
        pytest.param("10D", "TD", id="R-N1-10D"),
        pytest.param("10c", "TC", id="R-N1-10c"),
        # R-N2: suit symbols
        pytest.param("2♠", "2S", id="R-N2-spade-symbol"),
        pytest.param("K♥", "KH", id="R-N2-heart-symbol"),
        pytest.param("9♦", "9D", id="R-N2-diamond-symbol"),
        pytest.param("A♣", "AC", id="R-N2-club-symbol"),
        pytest.param("10♥", "TH", id="R-N2-10-with-symbol"),
        pytest.param("t♣", "TC", id="R-N2-lower-t-with-symbol"),
        pytest.param("j♠", "JS", id="R-N2-lower-j-with-symbol"),
    ],
)
def test_r_n3_input_forms_read_and_print_canonical_ascii(text: str, canonical: str) -> None:
    kind = parse_card(text)
    assert kind == parse_card(canonical)
    assert format_card(kind) == canonical


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        pytest.param("AS AS KS", "AS AS KS", id="R-N3-plain-list"),
        pytest.param("as 10♥ rj bj 2c", "AS TH RJ BJ 2C", id="R-N3-mixed-input-forms"),
        pytest.param("  KD   QD\t JD  ", "KD QD JD", id="R-N3-extra-whitespace"),
        pytest.param("", "", id="R-N3-empty-list"),
        pytest.param("   ", "", id="R-N3-blank-list"),
    ],
)
def test_r_n3_card_lists(text: str, canonical: str) -> None:
    parsed = parse_cards(text)
    assert format_cards(parsed) == canonical
    assert parse_cards(canonical) == parsed


def test_r_n3_card_list_keeps_order_and_copies() -> None:
    assert parse_cards("KS AS KS") == [11, 12, 11]


@pytest.mark.parametrize("kind", range(KINDS))
def test_r_n3_every_kind_round_trips(kind: int) -> None:
    text = format_card(kind)
    assert text.isascii()
    assert len(text) == 2
    assert parse_card(text) == kind
    assert parse_card(text.lower()) == kind


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("1S", id="R-N1-rank-1"),
        pytest.param("XX", id="R-N3-garbage"),
        pytest.param("AZ", id="R-N2-suit-Z"),
        pytest.param("", id="R-N3-empty"),
        pytest.param("10", id="R-N3-rank-without-suit"),
        pytest.param("BJJ", id="R-N2-joker-too-long"),
        pytest.param("S", id="R-N3-suit-only"),
        pytest.param("A", id="R-N3-rank-only"),
        pytest.param("11S", id="R-N1-rank-11"),
        pytest.param("SA", id="R-N3-suit-before-rank"),
        pytest.param("GJ", id="R-N2-unknown-joker"),
        pytest.param("J", id="R-N2-joker-without-colour"),
        pytest.param("AS KS", id="R-N3-two-cards-as-one"),
        pytest.param("0S", id="R-N1-rank-0"),
        pytest.param("1♠", id="R-N1-rank-1-symbol"),
    ],
)
def test_r_n3_bad_card_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message, "the error shows what could not be read"
    assert "suit" in message, "the error explains the expected form"


def test_r_n3_notation_error_is_a_value_error() -> None:
    assert issubclass(NotationError, ValueError)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("AS 1S KS", id="R-N3-bad-in-middle"),
        pytest.param("AS XX", id="R-N3-bad-at-end"),
        pytest.param("BJJ RJ", id="R-N3-bad-joker-first"),
        pytest.param("10 H", id="R-N3-split-card"),
    ],
)
def test_r_n3_bad_card_in_list_raises(text: str) -> None:
    with pytest.raises(NotationError):
        parse_cards(text)


@pytest.mark.parametrize("kind", [-1, 54, 100])
def test_r_n3_format_refuses_non_cards(kind: int) -> None:
    with pytest.raises(NotationError):
        format_card(kind)


# --- R-N4: seats and teams ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "following", "partner", "team"),
    [
        pytest.param(0, 1, 2, 0, id="R-N4-seat0"),
        pytest.param(1, 2, 3, 1, id="R-N4-seat1"),
        pytest.param(2, 3, 0, 0, id="R-N4-seat2"),
        pytest.param(3, 0, 1, 1, id="R-N4-seat3-wraps"),
    ],
)
def test_r_n4_seats(seat: int, following: int, partner: int, team: int) -> None:
    assert next_seat(seat) == following
    assert partner_of(seat) == partner
    assert team_of(seat) == team


@pytest.mark.parametrize("seat", range(4))
def test_r_n4_partners_share_a_team_and_neighbours_do_not(seat: int) -> None:
    assert team_of(partner_of(seat)) == team_of(seat)
    assert team_of(next_seat(seat)) != team_of(seat)
    assert partner_of(partner_of(seat)) == seat
    assert next_seat(next_seat(seat)) == partner_of(seat)


def test_r_n4_four_steps_return_to_the_same_seat() -> None:
    seat = 2
    order = []
    for _ in range(4):
        order.append(seat)
        seat = next_seat(seat)
    assert order == [2, 3, 0, 1]
    assert seat == 2


# --- R-D1: the pack ------------------------------------------------------------------


def test_r_d1_full_pack_holds_108_cards_each_twice() -> None:
    pack = full_pack()
    assert len(pack) == 108
    for kind in range(KINDS):
        assert pack.count(kind) == 2, format_card(kind)
    assert pack.count(BJ) == 2
    assert pack.count(RJ) == 2
    all_kinds = (1 << KINDS) - 1
    assert to_layers(pack) == (all_kinds, all_kinds)


@pytest.mark.parametrize(
    ("text", "repeated"),
    [
        pytest.param("AS AS AS", "AS", id="R-D1-three-aces"),
        pytest.param("BJ BJ BJ", "BJ", id="R-D1-three-black-jokers"),
        pytest.param("RJ 2C RJ KD RJ", "RJ", id="R-D1-three-red-jokers-apart"),
        pytest.param("10h TH th", "TH", id="R-D1-three-tens-any-notation"),
        pytest.param("2C 2C 2C 2C", "2C", id="R-D1-four-copies"),
    ],
)
def test_r_d1_to_layers_refuses_a_third_copy(text: str, repeated: str) -> None:
    with pytest.raises(NotationError) as info:
        to_layers(cards(text))
    message = str(info.value)
    assert "R-D1" in message
    assert repeated in message


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="R-D1-empty"),
        pytest.param("AS", id="R-D1-single"),
        pytest.param("AS AS", id="R-D1-two-copies-allowed"),
        pytest.param("RJ BJ RJ BJ 2S 2H 2S", id="R-D1-jokers-and-pairs"),
    ],
)
def test_r_d1_layers_round_trip(text: str) -> None:
    given = cards(text)
    ones, twos = to_layers(given)
    assert twos & ~ones == 0, "a kind held twice is also held once"
    assert from_layers(ones, twos) == sorted(given)


def test_r_d1_identical_cards_are_equal_kinds() -> None:
    assert parse_card("TH") == parse_card("10h") == parse_card("T♥")
    assert parse_card("BJ") != parse_card("RJ")
    assert parse_card("2S") != parse_card("2H")


# --- R-O4: points ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points"),
    [
        pytest.param("5S", 5, id="R-O4-5S"),
        pytest.param("5H", 5, id="R-O4-5H"),
        pytest.param("5D", 5, id="R-O4-5D"),
        pytest.param("5C", 5, id="R-O4-5C"),
        pytest.param("TS", 10, id="R-O4-TS"),
        pytest.param("TH", 10, id="R-O4-TH"),
        pytest.param("KD", 10, id="R-O4-KD"),
        pytest.param("KC", 10, id="R-O4-KC"),
        pytest.param("2S", 0, id="R-O4-2S"),
        pytest.param("4H", 0, id="R-O4-4H"),
        pytest.param("6D", 0, id="R-O4-6D"),
        pytest.param("9C", 0, id="R-O4-9C"),
        pytest.param("JS", 0, id="R-O4-JS"),
        pytest.param("QH", 0, id="R-O4-QH"),
        pytest.param("AD", 0, id="R-O4-AD"),
        pytest.param("BJ", 0, id="R-O4-BJ"),
        pytest.param("RJ", 0, id="R-O4-RJ"),
    ],
)
def test_r_o4_points_of_a_card(text: str, points: int) -> None:
    assert POINTS[parse_card(text)] == points
    assert points_of(cards(text)) == points


@pytest.mark.parametrize("kind", range(KINDS))
def test_r_o4_points_by_rank(kind: int) -> None:
    text = format_card(kind)
    expected = {"5": 5, "T": 10, "K": 10}.get(text[0], 0) if kind < BJ else 0
    assert POINTS[kind] == expected


@pytest.mark.parametrize(
    ("text", "points"),
    [
        pytest.param("5S TS KS", 25, id="R-O4-one-of-each"),
        pytest.param("KH KH 5D AS RJ", 25, id="R-O4-with-blanks"),
        pytest.param("", 0, id="R-O4-nothing"),
    ],
)
def test_r_o4_points_of_cards(text: str, points: int) -> None:
    assert points_of(cards(text)) == points


def test_r_o4_the_pack_holds_200_points() -> None:
    assert points_of(full_pack()) == 200
