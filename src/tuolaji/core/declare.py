"""Declaring the trump suit (R-T2, R-T3) and turning the talon when nobody did (R-T6).

Options of the rule set (docs/rules.md §12) change the declaring:
``joker_no_trump`` (whether a joker pair declares at all, R-T2), ``red_joker_single``
(one red joker declares no trump, R-T2), ``red_jokers_override`` (a red joker pair over
a black one), ``declaration_order`` (which declaration overrides which),
``reinforce`` (a single made a pair with its twin), ``reinforce_to_tie`` (a single
overridden by a pair made a pair that stands) and ``overturn_own`` (a standing
declaration overridden by its own declarer), all R-T3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tuolaji.core.cards import (
    BJ,
    RANKS,
    RJ,
    Layers,
    card_list_error,
    format_cards,
    rank_of,
    suit_of,
)
from tuolaji.core.errors import (
    BAD_CARD,
    JOKER_PAIR_STANDS,
    NO_REINFORCING,
    NOT_A_DECLARATION,
    OWN_DECLARATION,
    TOO_WEAK,
    IllegalAction,
)
from tuolaji.core.frozen import Frozen
from tuolaji.core.rules import STANDARD, RuleSet

SINGLE_DECLARATION: Final = 1
PAIR_DECLARATION: Final = 2
JOKER_PAIR_DECLARATION: Final = 3
#: a pair of red jokers, above a pair of black ones under ``red_jokers_override``
RED_JOKER_PAIR_DECLARATION: Final = 4
_STRENGTH_NAMES = {1: "a single", 2: "a pair", 3: "a joker pair", 4: "a red joker pair"}
#: the height of each suit (S H D C) for ``declaration_order: "joker_or_higher_suit"``:
#: shengji.io's order of suits, spades above hearts above clubs above diamonds
_SUIT_HEIGHT: Final = (3, 2, 0, 1)
#: the trump-rank pair of spades, the highest suit, for rank 2 (only its shape and suit
#: matter where it is used: the strongest declaration there could be)
_HIGHEST_PAIR: Final = (0, 0)


@dataclass(frozen=True, slots=True)
class Declaration(Frozen):
    """Cards revealed by ``seat`` to choose the trump suit."""

    seat: int
    cards: tuple[int, ...]

    # written out, not generated: see core.frozen (made for every option a bot weighs)
    def __init__(self, seat: int, cards: tuple[int, ...]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)

    @property
    def strength(self) -> int:
        """1 single, 2 pair, 3 joker pair, under the standard rules (R-T3);
        :func:`declaration_strength` ranks it under any rules."""
        return _strength_of(self.cards)

    @property
    def suit(self) -> int | None:
        """The trump suit it names; ``None`` for a joker pair (no trump suit)."""
        return None if self.cards[0] >= BJ else suit_of(self.cards[0])

    def __str__(self) -> str:
        return f"seat {self.seat}: {format_cards(self.cards)}"


def _strength_of(cards: Sequence[int], rules: RuleSet = STANDARD) -> int:
    """The strength of a declaration's cards: 1 single, 2 pair, 3 joker pair, and 4 a
    red joker pair under ``red_jokers_override`` (R-T3). (A single red joker, under
    ``red_joker_single``, is a single; :func:`_order_key` puts it above the others.)"""
    first = cards[0]
    if first >= BJ and len(cards) == 2:
        if first == RJ and rules.red_jokers_override:
            return RED_JOKER_PAIR_DECLARATION
        return JOKER_PAIR_DECLARATION
    return len(cards)


def _order_key(cards: Sequence[int], rules: RuleSet) -> int:
    """How high a declaration ranks when a declaring option beyond the first four is set
    (R-T3): one declaration overrides another only with a higher key.

    ``declaration_order``: ``"joker_or_length"`` — more cards win, and at equal length
    jokers win over rank cards (a single red joker over a single rank card, a joker pair
    over a rank pair, the red pair over the black one under ``red_jokers_override``);
    ``"joker_or_higher_suit"`` — the same, and a pair of rank cards also over a pair of a
    lower suit (shengji.io's order, spades, hearts, clubs, diamonds); ``"length"`` — more
    cards only, jokers no stronger than rank cards."""
    first = cards[0]
    count = len(cards)
    order = rules.declaration_order
    if order == "length":
        return 10 * count
    if count == 1:
        return 15 if first >= BJ else 10
    if first >= BJ:
        return 40 if first == RJ and rules.red_jokers_override else 30
    if order == "joker_or_higher_suit":
        return 20 + _SUIT_HEIGHT[suit_of(first)]
    return 20


def _highest_key(rules: RuleSet) -> int:
    """The key of the strongest declaration there can be under ``rules``."""
    best = _order_key(_HIGHEST_PAIR, rules)
    if rules.joker_no_trump:
        best = max(best, _order_key((RJ, RJ), rules))
    return best


def declaration_strength(declaration: Declaration, rules: RuleSet = STANDARD) -> int:
    """How strong ``declaration`` is under ``rules`` (R-T3): 1 single, 2 pair, 3 joker
    pair, 4 red joker pair (only under ``red_jokers_override``, which puts it above the
    black one); a declaration overrides only a weaker one."""
    return _strength_of(declaration.cards, rules)


def declaration_final(declaration: Declaration, rules: RuleSet = STANDARD) -> bool:
    """Whether nothing can override ``declaration`` under ``rules`` (R-T3, R-T4): a joker
    pair (only the red one under ``red_jokers_override``), or a pair when jokers do not
    declare (``joker_no_trump`` off). Such a declaration settles the trump at once.

    >>> from tuolaji.core import parse_cards
    >>> black = Declaration(0, tuple(parse_cards("BJ BJ")))
    >>> declaration_final(black), declaration_final(black, STANDARD.with_options(
    ...     red_jokers_override=True))
    (True, False)
    """
    first = declaration.cards[0]
    if rules.custom_declaring:
        # with reinforce_to_tie a pair of rank cards can be tied by a seat whose single it
        # overrode: it never settles the trump at once (the window lets everyone pass)
        if rules.reinforce_to_tie and first < BJ and len(declaration.cards) == 2:
            return False
        return _order_key(declaration.cards, rules) >= _highest_key(rules)
    if first >= BJ:
        return first == RJ or not rules.red_jokers_override
    return len(declaration.cards) == 2 and not rules.joker_no_trump


def declaration_error(rank: int, cards: Sequence[int], rules: RuleSet = STANDARD) -> str | None:
    """Why ``cards`` are not a declaration for trump rank ``rank`` under ``rules``
    (R-T2), or None. Without ``joker_no_trump`` a joker pair is none.

    ``cards`` must be card kinds (see :func:`~tuolaji.core.cards.card_list_error`).
    """
    if len(cards) == 1:
        if rules.red_joker_single and cards[0] >= BJ:
            # red_joker_single needs joker_no_trump (RuleSet checks it)
            if cards[0] == RJ:
                return None
            return f"{_shown(cards)} alone is not a declaration: only a red joker declares alone"
        if cards[0] >= BJ or rank_of(cards[0]) != rank:
            return f"{_shown(cards)} is not a card of the trump rank ({RANKS[rank]})"
        return None
    if len(cards) == 2:
        if cards[0] != cards[1]:
            return f"{_shown(cards)} are not two identical cards"
        if cards[0] >= BJ:
            if rules.joker_no_trump:
                return None
            return (
                f"{_shown(cards)}: jokers do not declare under these rules (joker_no_trump is off)"
            )
        if rank_of(cards[0]) == rank:
            return None
        return f"{_shown(cards)} are neither trump-rank ({RANKS[rank]}) cards nor jokers"
    return (
        "a declaration is one trump-rank card, or two identical trump-rank cards or jokers, "
        f"not {_shown(cards)}"
    )


def _shape_details(rank: int, rules: RuleSet) -> dict[str, int]:
    """The details of a refusal under R-T2: the trump rank, and ``no_jokers`` when jokers
    do not declare (``joker_no_trump`` off), so that the refusal says so."""
    return {"rank": rank} if rules.joker_no_trump else {"rank": rank, "no_jokers": 1}


def _shown(cards: Sequence[int]) -> str:
    """The cards as a message names them (written only for a refusal: the bots ask
    whether declarations stand after every card drawn)."""
    return format_cards(cards) or "no cards"


def _reinforces(standing: Declaration | None, seat: int, cards: Sequence[int]) -> bool:
    """Whether ``seat`` shows again the single it declared, or its pair, making it a
    pair of the same card (R-T3: reinforcing)."""
    return (
        standing is not None
        and standing.seat == seat
        and len(standing.cards) == 1
        and 0 < len(cards) <= 2
        and all(card == standing.cards[0] for card in cards)
    )


def _too_weak(standing: Declaration | None, cards: Sequence[int], rules: RuleSet) -> bool:
    """Whether the declaration ``cards`` cannot override ``standing`` (R-T3)."""
    if standing is None:
        return False
    if rules.custom_declaring:
        return _order_key(cards, rules) <= _order_key(standing.cards, rules)
    return _strength_of(cards, rules) <= _strength_of(standing.cards, rules)


def _ties(
    standing: Declaration, earlier: Declaration | None, seat: int, cards: Sequence[int]
) -> bool:
    """Whether ``seat`` shows again the single it declared before (``earlier``), which a
    pair of rank cards of another seat (``standing``) overrode, to make it a pair of the
    same card (R-T3, ``reinforce_to_tie``)."""
    return (
        earlier is not None
        and earlier.seat == seat
        and standing.seat != seat
        and len(earlier.cards) == 1
        and len(standing.cards) == 2
        and standing.cards[0] < BJ
        and 0 < len(cards) <= 2
        and all(card == earlier.cards[0] for card in cards)
    )


def earlier_declaration(declarations: Sequence[Declaration], seat: int) -> Declaration | None:
    """The last declaration ``seat`` made among ``declarations`` (a round's, in order),
    or None: what ``reinforce_to_tie`` lets it reinforce (R-T3)."""
    for declaration in reversed(declarations):
        if declaration.seat == seat:
            return declaration
    return None


def declare_outcome(
    rank: int,
    standing: Declaration | None,
    seat: int,
    cards: Sequence[int],
    rules: RuleSet = STANDARD,
    earlier: Declaration | None = None,
) -> Declaration:
    """The declaration that stands after ``seat`` reveals ``cards`` over ``standing``
    under ``rules``; raises :class:`IllegalAction` (R-T2, R-T3; R-N3 for values that
    are not cards) when it may not. ``earlier`` is the last declaration ``seat`` made
    this round (:func:`earlier_declaration`), which ``reinforce_to_tie`` asks for.

    A declarer who adds the twin of their own single makes it a pair (R-T3 [resolved]),
    unless ``reinforce`` is off; with ``overturn_own`` off that is the only thing they
    may do over their own declaration. With 2 the trump rank (0): seat 1 shows ``2H``;
    seat 3 overrides it with a pair of ``2S``; another single cannot.

    >>> from tuolaji.core import parse_cards
    >>> first = declare_outcome(0, None, 1, parse_cards("2H"))
    >>> first
    Declaration(seat=1, cards=(13,))
    >>> str(declare_outcome(0, first, 3, parse_cards("2S 2S")))
    'seat 3: 2S 2S'
    >>> declare_outcome(0, first, 2, parse_cards("2C"))
    Traceback (most recent call last):
    ...
    tuolaji.core.errors.IllegalAction: R-T3: a single cannot override a single (seat 1: 2H); ...
    >>> declare_outcome(0, first, 1, parse_cards("2H")).cards == (13, 13)  # the twin
    True
    >>> declare_outcome(0, first, 1, parse_cards("2S 2S"), STANDARD.with_options(
    ...     overturn_own=False))
    Traceback (most recent call last):
    ...
    tuolaji.core.errors.IllegalAction: R-T3: your declaration (seat 1: 2H) stands: under ...
    """
    error = card_list_error(cards)
    if error is not None:
        raise IllegalAction("R-N3", error, BAD_CARD)
    reinforcing = _reinforces(standing, seat, cards)
    if reinforcing:
        assert standing is not None
        if not rules.reinforce:
            raise IllegalAction(
                "R-T3",
                f"your single {format_cards(standing.cards)} stands: under these rules it "
                "cannot be made a pair with its twin (reinforce is off)",
                NO_REINFORCING,
                standing.cards,
                {"seat": seat},
            )
        if len(cards) == 1:
            return Declaration(seat, (cards[0], cards[0]))
    error = declaration_error(rank, cards, rules)
    if error is not None:
        raise IllegalAction(
            "R-T2", error, NOT_A_DECLARATION, tuple(cards), _shape_details(rank, rules)
        )
    new = Declaration(seat, tuple(cards))
    if standing is None:
        return new
    if _too_weak(standing, cards, rules):
        if rules.reinforce_to_tie and _ties(standing, earlier, seat, cards):
            # R-T3: the single made a pair ties the standing pair, and stands instead
            return Declaration(seat, (cards[0], cards[0]))
        if standing.cards[0] >= BJ and declaration_final(standing, rules):
            raise IllegalAction(
                "R-T3",
                f"the joker pair {format_cards(standing.cards)} stands: "
                "a joker pair can never be overridden",
                JOKER_PAIR_STANDS,
                standing.cards,
                {"seat": standing.seat},
            )
        raise IllegalAction(
            "R-T3",
            f"{_strength_name(new, rules)} cannot override "
            f"{_strength_name(standing, rules)} ({standing}); "
            "only a strictly stronger declaration can",
            TOO_WEAK,
            standing.cards,
            {"seat": standing.seat},
        )
    if standing.seat == seat and not reinforcing and not rules.overturn_own:
        raise IllegalAction(
            "R-T3",
            f"your declaration ({standing}) stands: under these rules you may not override "
            "it yourself (overturn_own is off)",
            OWN_DECLARATION,
            standing.cards,
            {"seat": seat},
        )
    return new


def _strength_name(declaration: Declaration, rules: RuleSet) -> str:
    """The kind of a declaration as a message names it."""
    strength = _strength_of(declaration.cards, rules)
    if declaration.cards[0] == RJ and len(declaration.cards) == 1:
        return "a single red joker"
    if strength == JOKER_PAIR_DECLARATION and rules.red_jokers_override:
        return "a black joker pair"
    return _STRENGTH_NAMES[strength]


def can_declare(
    rank: int,
    standing: Declaration | None,
    seat: int,
    cards: Sequence[int],
    rules: RuleSet = STANDARD,
    earlier: Declaration | None = None,
) -> bool:
    """Whether ``seat`` may reveal ``cards`` over ``standing`` (False, never an error,
    for values that are not cards); ``earlier`` as for :func:`declare_outcome`.

    >>> from tuolaji.core import parse_cards
    >>> can_declare(0, None, 0, parse_cards("2D")), can_declare(0, None, 0, parse_cards("3D"))
    (True, False)
    >>> can_declare(0, None, 0, ["2D"])  # notation, not card kinds
    False
    """
    try:
        declare_outcome(rank, standing, seat, cards, rules, earlier)
    except IllegalAction:
        return False
    return True


def declaration_options(
    rank: int,
    standing: Declaration | None,
    seat: int,
    hand: Layers,
    rules: RuleSet = STANDARD,
    earlier: Declaration | None = None,
) -> list[tuple[int, ...]]:
    """Every declaration ``seat`` could make now from ``hand`` (bit layers) that would
    stand over ``standing`` under ``rules`` (R-T2, R-T3): each trump-rank card held,
    each trump-rank or joker pair held (and a red joker under ``red_joker_single``).
    Repeating one's own standing single is listed when the hand holds its twin, since
    that makes it a pair; so is repeating one's ``earlier`` single that a pair overrode,
    under ``reinforce_to_tie``.

    >>> from tuolaji.core import parse_cards
    >>> from tuolaji.core.cards import to_layers
    >>> hand = to_layers(parse_cards("2H 2H 2S BJ BJ 9C"))
    >>> [format_cards(option) for option in declaration_options(0, None, 0, hand)]
    ['2S', '2H', '2H 2H', 'BJ BJ']
    >>> pair = Declaration(1, (26, 26))  # 2D 2D stands: only a joker pair overrides it
    >>> [format_cards(option) for option in declaration_options(0, pair, 0, hand)]
    ['BJ BJ']
    """
    ones, twos = hand
    candidates: list[tuple[int, ...]] = []
    for suit in range(4):
        kind = suit * 13 + rank
        if ones >> kind & 1:
            candidates.append((kind,))
        if twos >> kind & 1:
            candidates.append((kind, kind))
    if rules.joker_no_trump:
        candidates += [(joker, joker) for joker in (BJ, RJ) if twos >> joker & 1]
    if rules.red_joker_single and ones >> RJ & 1:
        candidates.append((RJ,))
    own = standing is not None and standing.seat == seat
    # over one's own declaration under reinforce and overturn_own off, or under the later
    # declaring options, ask the full check (raising and catching costs, so only there);
    # otherwise one refusal is possible
    checked = rules.custom_declaring or (own and not (rules.reinforce and rules.overturn_own))
    options: list[tuple[int, ...]] = []
    for cards in candidates:
        if checked:
            try:
                outcome = declare_outcome(rank, standing, seat, cards, rules, earlier).cards
            except IllegalAction:
                continue
            if len(outcome) == 1 or twos >> outcome[0] & 1:
                options.append(cards)
            continue
        if _too_weak(standing, cards, rules) and not (own and _reinforces(standing, seat, cards)):
            # every candidate is a declaration: the one refusal it can meet is tested
            # first, since raising and catching it would cost more than the rest
            continue
        outcome = cards if len(cards) == 2 or not own else (cards[0], cards[0])
        # strengthening one's own single reveals its twin: the hand must hold both
        if len(outcome) == 1 or twos >> outcome[0] & 1:
            options.append(cards)
    return options


def flip_talon(
    rank: int, talon: Sequence[int], rules: RuleSet = STANDARD
) -> tuple[int | None, int]:
    """R-T6: the trump suit given by turning the talon, and how many cards were turned.

    The first trump-rank card turned names the suit; failing that, the highest
    non-joker card (A high, the first turned on a tie) does, after all cards are turned.
    Under ``talon_flip: "first_card"`` the first card turned decides alone: its suit, or
    no trump suit (None) when it is a joker. Suits are 0–3 for ``S H D C``.

    >>> from tuolaji.core import parse_cards
    >>> flip_talon(0, parse_cards("BJ 7S 2D 9H"))  # the third card is a 2: diamonds
    (2, 3)
    >>> flip_talon(0, parse_cards("7S KH 9C RJ"))  # no 2: the king of hearts, all turned
    (1, 4)
    >>> first = STANDARD.with_options(talon_flip="first_card")
    >>> flip_talon(0, parse_cards("7S KH 9C RJ"), first), flip_talon(0, parse_cards("BJ 7S"), first)
    ((0, 1), (None, 1))
    """
    if rules.talon_flip == "first_card":
        first = talon[0]
        return (None if first >= BJ else suit_of(first)), 1
    best: int | None = None
    for turned, kind in enumerate(talon, start=1):
        if kind >= BJ:
            continue
        if rank_of(kind) == rank:
            return suit_of(kind), turned
        if best is None or rank_of(kind) > rank_of(best):
            best = kind
    if best is None:
        raise ValueError(f"no card of the talon names a suit: {format_cards(talon)}")
    return suit_of(best), len(talon)
