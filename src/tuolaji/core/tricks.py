"""Who wins a trick and what it is worth (R-W1–R-W5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tuolaji.core.cards import POINTS, Layers, to_layers
from tuolaji.core.combos import PAIR, SINGLE, THROW, TRACTOR, Combo, chain_top, combo_of_layers
from tuolaji.core.trump import TRUMP, TrumpContext

# A trump combination outranks any combination of the led suit.
_TRUMP_BONUS: Final = 1000


def _tractor_top(ctx: TrumpContext, ones: int, twos: int, length: int) -> int:
    """The top level when the play is exactly one tractor of ``length`` pairs, else -1."""
    if ones != twos or ones.bit_count() != length:
        return -1
    suit = ctx.eff[ones.bit_length() - 1]
    if ones & ~ctx.suit_mask[suit]:
        return -1
    return chain_top(ctx, ones)


def _fit_tractors(counts: list[int], lengths: list[int], pairs_needed: int) -> int:
    """Place tractors of ``lengths`` (longest first) on the pair counts per level, then
    ``pairs_needed`` more pairs. Returns the highest possible top of the first tractor,
    or -1 when the layout does not fit."""
    if not lengths:
        return 0 if sum(counts) >= pairs_needed else -1
    length = lengths[0]
    for top in range(len(counts) - 1, length - 2, -1):
        window = range(top - length + 1, top + 1)
        if all(counts[lv] for lv in window):
            for lv in window:
                counts[lv] -= 1
            fits = _fit_tractors(counts, lengths[1:], pairs_needed) >= 0
            for lv in window:
                counts[lv] += 1
            if fits:
                return top
    return -1


def ruff_strength(ctx: TrumpContext, lead: Combo, play: Layers) -> int:
    """How strongly a play all in trumps matches the layout of a thrown lead (R-W4):
    the top level of its highest part of the layout's biggest kind — or of its highest
    card, under ``throw_evaluation: "highest"`` — or -1 if it does not match."""
    ones, twos = play
    if ones & ~ctx.suit_mask[TRUMP]:
        return -1
    if ctx.rules.throw_evaluation == "highest":
        if _layout_top(ctx, lead, ones, twos) < 0:
            return -1
        return max(ctx.level[k] for k in range(ones.bit_length()) if ones >> k & 1)
    return _layout_top(ctx, lead, ones, twos)


def _layout_top(ctx: TrumpContext, lead: Combo, ones: int, twos: int) -> int:
    """The top level of the highest part of the lead's biggest kind that a play of
    trumps (``ones``, ``twos``) holds in the lead's layout, or -1 if it does not hold
    the layout (R-W4)."""
    levels = ctx.level_masks[TRUMP]
    lengths = [part.pairs for part in lead.parts if part.pairs >= 2]
    pairs_needed = sum(1 for part in lead.parts if part.pairs == 1)
    if lengths or pairs_needed:
        counts = [(twos & mask).bit_count() for mask in levels]
        if not lengths:
            if sum(counts) < pairs_needed:
                return -1
            return max(lv for lv, c in enumerate(counts) if c)
        return _fit_tractors(counts, lengths, pairs_needed)
    return max(ctx.level[k] for k in range(ones.bit_length()) if ones >> k & 1)


def play_strength(ctx: TrumpContext, lead: Combo, play: Layers) -> int:
    """A number that orders the plays of one trick for the winner rules R-W1–R-W3;
    -1 for a play that cannot win. Trumps rank above the led suit."""
    ones, twos = play
    suit = ctx.eff[ones.bit_length() - 1]
    if suit not in (TRUMP, lead.suit):
        return -1
    if lead.kind == SINGLE:
        top = ctx.level[ones.bit_length() - 1]
    elif lead.kind == PAIR:
        if not twos or ones != twos:
            return -1
        top = ctx.level[ones.bit_length() - 1]
    elif lead.kind == TRACTOR:
        top = _tractor_top(ctx, ones, twos, lead.parts[0].pairs)
        if top < 0:
            return -1
    else:
        raise ValueError("play_strength does not rank followers of a throw; use trick_winner")
    return top + (_TRUMP_BONUS if suit == TRUMP else 0)


def strength_top(strength: int) -> tuple[bool, int]:
    """Of a play that can win a trick led by a single, a pair or a tractor (its
    :func:`play_strength` not -1): whether it is in trumps, and its top level."""
    in_trumps = strength >= _TRUMP_BONUS
    return in_trumps, strength - _TRUMP_BONUS if in_trumps else strength


def winner_of(ctx: TrumpContext, lead: Combo, follows: Sequence[Layers]) -> int:
    """The index (0 = the leader) of the play that wins a trick (R-W1–R-W4)."""
    return standing_of(ctx, lead, follows)[0]


def standing_of(ctx: TrumpContext, lead: Combo, follows: Sequence[Layers]) -> tuple[int, int]:
    """The index of the play winning the trick so far (0 = the leader) and its strength,
    to compare one more follow with (:func:`follow_strength`: it wins only if stronger,
    R-W1–R-W4) without ranking the trick again — a bot scoring its candidates asks
    this once per decision."""
    best = 0
    if lead.kind == THROW:
        # R-W4: only a void player ruffing with the whole layout in trumps can win.
        if lead.suit == TRUMP:
            return 0, -1
        best_key = -1
        for index, play in enumerate(follows, start=1):
            key = ruff_strength(ctx, lead, play)
            if key > best_key:
                best, best_key = index, key
        return best, best_key
    best_key = play_strength(ctx, lead, (lead.ones, lead.twos))
    for index, play in enumerate(follows, start=1):
        key = play_strength(ctx, lead, play)
        if key > best_key:  # R-W1–R-W3: ties go to the earlier player
            best, best_key = index, key
    return best, best_key


def follow_strength(ctx: TrumpContext, lead: Combo, play: Layers) -> int:
    """The strength of a follow of ``lead``, comparable with :func:`standing_of`'s: a
    follow wins the trick only when it is stronger than the play winning so far (ties go
    to the earlier player, R-W1–R-W3); nothing beats a thrown trump lead (R-W4)."""
    if lead.kind == THROW:
        return -1 if lead.suit == TRUMP else ruff_strength(ctx, lead, play)
    return play_strength(ctx, lead, play)


def trick_winner(ctx: TrumpContext, plays: Sequence[Sequence[int]]) -> int:
    """The index of the winning play among ``plays`` (the lead first).

    The highest trump wins, else the highest card of the led suit (R-W1–R-W3); of two
    equal plays the earlier wins; a throw is beaten only by a ruff of its whole layout
    (R-W4). Rank 2, hearts trump:

    >>> from tuolaji.core import parse_cards, trump_context
    >>> ctx = trump_context(0, 1)
    >>> def trick(*plays: str) -> list[list[int]]:
    ...     return [parse_cards(play) for play in plays]
    >>> trick_winner(ctx, trick("KS", "AS", "3H", "AS"))  # the small trump ruffs
    2
    >>> trick_winner(ctx, trick("KS", "AS", "AS"))  # two equal aces: the first wins
    1
    >>> trick_winner(ctx, trick("QS QS", "AS KS", "3D 3D"))  # only a pair beats a pair
    0
    """
    if not 2 <= len(plays) <= 4:
        raise ValueError("a trick has 2 to 4 plays")
    lead = combo_of_layers(ctx, *to_layers(plays[0]))
    if lead.suit < 0:
        raise ValueError("the lead mixes effective suits (R-C4)")
    follows = [to_layers(play) for play in plays[1:]]
    for play in plays[1:]:
        if len(play) != lead.size:
            raise ValueError(f"every play must have {lead.size} cards, like the lead (R-P2)")
    return winner_of(ctx, lead, follows)


def trick_points(plays: Sequence[Sequence[int]]) -> int:
    """The points in all the plays of a trick (R-O4, R-W5): 5 for a 5, 10 for a 10 or
    a king.

    >>> from tuolaji.core import parse_cards
    >>> trick_points([parse_cards("5S KS"), parse_cards("TD 3C")])
    25
    """
    return sum(POINTS[kind] for play in plays for kind in play)
