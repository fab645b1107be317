"""Cards as small ints, their notation (R-N1–R-N3) and seats (R-N4).

A card *kind* is an int 0–53: ``suit * 13 + rank`` for the four suits (ranks 0–12 are
``2 … A``), then 52 for ``BJ`` and 53 for ``RJ``. The pack holds every kind twice
(R-D1), so a multiset of cards is stored as two bit layers: ``ones`` (kinds held at
least once) and ``twos`` (kinds held twice). Pairs are then ``twos`` and a card count is
``ones.bit_count() + twos.bit_count()``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from tuolaji.core.errors import TuolajiError

RANKS: Final = "23456789TJQKA"
SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
BJ: Final = 52
RJ: Final = 53
KINDS: Final = 54
PACK_SIZE: Final = 108
HAND_SIZE: Final = 25
TALON_SIZE: Final = 8
SEATS: Final = 4
ALL_KINDS_MASK: Final = (1 << KINDS) - 1

#: Points of each kind (R-O4): 5 → 5, T and K → 10.
POINTS: Final[tuple[int, ...]] = tuple(
    (5 if k % 13 == 3 else 10 if k % 13 in (8, 11) else 0) if k < BJ else 0 for k in range(KINDS)
)

Layers = tuple[int, int]
"""A multiset of cards as (kinds held ≥ 1, kinds held 2)."""


class NotationError(TuolajiError, ValueError):
    """A card or a list of cards that cannot be read (R-N1–R-N3)."""


def _token_table() -> dict[str, int]:
    table: dict[str, int] = {"BJ": BJ, "RJ": RJ}
    for s, (letter, symbol) in enumerate(zip(SUITS, SUIT_SYMBOLS, strict=True)):
        for r, rank in enumerate(RANKS):
            kind = s * 13 + r
            for rank_text in ("10", "T") if rank == "T" else (rank,):
                table[rank_text + letter] = kind
                table[rank_text + symbol] = kind
    return table


_TOKENS = _token_table()


def suit_of(kind: int) -> int:
    """The printed suit 0–3 of a non-joker kind (S H D C)."""
    return kind // 13


def rank_of(kind: int) -> int:
    """The rank 0–12 (``2`` … ``A``) of a non-joker kind."""
    return kind % 13


def parse_rank(text: str) -> int:
    """Read a rank such as ``"2"``, ``"t"``, ``"10"`` or ``"A"`` (R-N1)."""
    upper = text.strip().upper()
    if upper == "10":
        upper = "T"
    if len(upper) != 1 or upper not in RANKS:
        raise NotationError(
            f"cannot read rank {text!r}: expected one of 2-9, T (or 10), J, Q, K, A"
        )
    return RANKS.index(upper)


def parse_suit(text: str) -> int:
    """Read a suit letter ``S H D C`` or symbol ``♠♥♦♣`` (R-N2)."""
    upper = text.strip().upper()
    if upper in SUITS and len(upper) == 1:
        return SUITS.index(upper)
    if upper in SUIT_SYMBOLS and len(upper) == 1:
        return SUIT_SYMBOLS.index(upper)
    raise NotationError(f"cannot read suit {text!r}: expected S, H, D or C (or ♠♥♦♣)")


def parse_card(text: str) -> int:
    """Read one card such as ``"TH"``, ``"10h"``, ``"2♣"`` or ``"RJ"`` (R-N3): its kind,
    ``suit * 13 + rank`` (suits ``S H D C``, ranks ``2`` … ``A``), 52 and 53 for the jokers.

    >>> parse_card("TH"), parse_card("10h"), parse_card("2♣"), parse_card("rj")
    (21, 21, 39, 53)
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    tuolaji.core.cards.NotationError: cannot read card '1H': write a rank (2-9, T or 10, ...
    """
    kind = _TOKENS.get(text.strip().upper())
    if kind is None:
        raise NotationError(
            f"cannot read card {text!r}: write a rank (2-9, T or 10, J, Q, K, A) then a suit "
            "(S, H, D, C or ♠♥♦♣), or BJ / RJ for the jokers"
        )
    return kind


def parse_cards(text: str) -> list[int]:
    """Read a space-separated list of cards (R-N3); the empty string is no cards.

    >>> parse_cards("AS as 10h 2♣ BJ")
    [12, 12, 21, 39, 52]
    >>> parse_cards("")
    []
    """
    return [parse_card(token) for token in text.split()]


def format_card(kind: int) -> str:
    """The canonical ASCII form of a card: ``TH``, ``2C``, ``BJ``, ``RJ``.

    >>> format_card(21), format_card(39), format_card(53)
    ('TH', '2C', 'RJ')
    """
    if kind == BJ:
        return "BJ"
    if kind == RJ:
        return "RJ"
    if not 0 <= kind < BJ:
        raise NotationError(f"no card has kind {kind}")
    return RANKS[kind % 13] + SUITS[kind // 13]


def format_cards(kinds: Iterable[int]) -> str:
    """Cards in canonical form, space-separated, in the order given: what
    :func:`parse_cards` reads back.

    >>> format_cards(parse_cards("10h 2♣ rj as"))
    'TH 2C RJ AS'
    """
    return " ".join(format_card(k) for k in kinds)


def card_list_error(cards: object) -> str | None:
    """Why ``cards`` is not a sequence of card kinds (ints 0–53, R-N3), or None.

    Cheap enough for every action of a game: one type and range test per card. Strings
    are refused even though they are sequences: ``"AS"`` is notation, not kinds.
    """
    if (
        type(cards) is not tuple
        and type(cards) is not list
        and (isinstance(cards, str | bytes | bytearray) or not isinstance(cards, Sequence))
    ):
        return f"cards are a list of card kinds 0-53, not {cards!r}"
    for kind in cards:  # a Sequence by now
        if type(kind) is not int or not 0 <= kind < KINDS:
            return f"{kind!r} is not a card: a card is a kind from 0 to 53"
    return None


def to_layers(cards: Iterable[int]) -> Layers:
    """Bit layers of a multiset of cards; more than two of a kind is refused (R-D1).

    ``AS AS KS``: ``AS`` (kind 12) is held at least once and twice, ``KS`` (11) once.

    >>> ones, twos = to_layers(parse_cards("AS AS KS"))
    >>> ones == 1 << 12 | 1 << 11, twos == 1 << 12
    (True, True)
    >>> to_layers(parse_cards("AS AS AS"))
    Traceback (most recent call last):
    ...
    tuolaji.core.cards.NotationError: R-D1: AS appears more than twice; ...
    """
    ones = twos = 0
    for kind in cards:
        bit = 1 << kind
        if twos & bit:
            raise NotationError(
                f"R-D1: {format_card(kind)} appears more than twice; the pack holds each card twice"
            )
        if ones & bit:
            twos |= bit
        else:
            ones |= bit
    return ones, twos


def from_layers(ones: int, twos: int) -> list[int]:
    """The cards of two bit layers, kinds ascending, each copy listed: the reverse of
    :func:`to_layers`, up to order.

    >>> format_cards(from_layers(*to_layers(parse_cards("AS KS AS"))))
    'KS AS AS'
    """
    out: list[int] = []
    while ones:
        low = ones & -ones
        kind = low.bit_length() - 1
        out.append(kind)
        if twos & low:
            out.append(kind)
        ones ^= low
    return out


def bits_of(mask: int) -> list[int]:
    """The single-bit masks of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def kinds_of(mask: int) -> list[int]:
    """The kinds whose bits are set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: ``int.bit_count`` as a function: the compiled build calls a method of an int by its
#: name, looking it up each time, and :func:`count_layers` runs for every candidate of
#: every decision
_bit_count: Final = int.bit_count


def count_layers(ones: int, twos: int) -> int:
    """How many cards two bit layers hold."""
    return _bit_count(ones) + _bit_count(twos)


def points_of(cards: Iterable[int]) -> int:
    """Points in a collection of cards (R-O4)."""
    return sum(POINTS[k] for k in cards)


def full_pack() -> list[int]:
    """All 108 cards of two decks with jokers (R-D1), kinds ascending."""
    return [k for k in range(KINDS) for _ in range(2)]


def next_seat(seat: int) -> int:
    """The seat that acts after ``seat`` (R-N4)."""
    return (seat + 1) % SEATS


def partner_of(seat: int) -> int:
    """The partner of ``seat``: teams are {0, 2} and {1, 3} (R-N4)."""
    return (seat + 2) % SEATS


def team_of(seat: int) -> int:
    """The team of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3 (R-N4)."""
    return seat % 2


def add_layers(hand: Layers, cards: Layers) -> Layers:
    """``hand`` with ``cards`` added; the caller guarantees no kind passes two copies."""
    h_ones, h_twos = hand
    c_ones, c_twos = cards
    return h_ones | c_ones, h_twos | c_twos | (h_ones & c_ones)


def remove_layers(hand: Layers, cards: Layers) -> Layers:
    """``hand`` without ``cards``; the caller guarantees ``cards`` is part of ``hand``."""
    h_ones, h_twos = hand
    c_ones, c_twos = cards
    return h_ones & ~(c_twos | (c_ones & ~h_twos)), h_twos & ~c_ones


def contains_layers(hand: Layers, cards: Layers) -> bool:
    """Whether the multiset ``cards`` is part of the multiset ``hand``."""
    return not (cards[0] & ~hand[0]) and not (cards[1] & ~hand[1])
