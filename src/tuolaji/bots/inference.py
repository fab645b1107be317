"""Inference of the hidden hands from the others' earlier plays.

A guess at the hidden cards (:mod:`hidden`) is drawn uniformly among the deals that fit
what the seat has seen. But the others' plays say more than the voids they showed: a
seat that led a low spade probably held no sure winner, one that ducked probably had
nothing cheap to win with. This module weighs a guess by how well it explains the plays
already made: for every earlier play of another seat, the seat's hand at that moment is
rebuilt from the guess (its cards now, plus those it has played since), and the
heuristic player (:mod:`heuristic_play`) is asked what it would have played there, from
that seat's knowledge at that moment. A play the heuristic would have made keeps the
guess's weight; any other multiplies it by :data:`MISMATCH`.

Against heuristic opponents this is exact: under the true cards every play of theirs
matches, so the true deal always keeps the full weight. Against other players (people,
other bots) a mismatch is no proof, which is why it only lowers the weight.

What each earlier play needs apart from the guess — the trick before it, the lead and
the seat's knowledge of the history up to it — is worked out once a decision
(:func:`past_plays`) and shared by all its guesses.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tuolaji.bots.heuristic_play import choose_follow, choose_lead
from tuolaji.bots.hidden import TALON, sample_hidden
from tuolaji.bots.knowledge import Knowledge, declared_knowledge
from tuolaji.core.cards import (
    SEATS,
    Layers,
    add_layers,
    contains_layers,
    from_layers,
    remove_layers,
    to_layers,
)
from tuolaji.core.chance import randbelow
from tuolaji.core.combos import Combo, combo_of_layers
from tuolaji.game.observation import Observation
from tuolaji.game.state import Phase

#: the weight left to a guess for each earlier play the heuristic would not have made
#: (the search's default, ``search:infer=W``)
MISMATCH = 0.1


def check_weight(weight: object) -> float:
    """``weight`` as an inference weight: a number above 0 and at most 1; anything else
    is a ``ValueError`` that says so."""
    if isinstance(weight, (int, float)) and not isinstance(weight, bool) and 0 < weight <= 1:
        return float(weight)
    raise ValueError(f"the inference weight is above 0 and at most 1, not {weight}")


@dataclass(frozen=True, slots=True)
class PastPlay:
    """One earlier play of another seat, with what the heuristic would have seen."""

    seat: int
    #: the seat's knowledge of the history just before the play (its hand not yet
    #: taken out: :meth:`~tuolaji.bots.knowledge.Knowledge.seeded` does that per guess)
    template: Knowledge
    #: the plays of the trick before this one, and their layers (empty for a lead)
    trick: tuple[tuple[int, tuple[int, ...]], ...]
    trick_layers: list[Layers]
    #: the trick's lead, None when this play is the lead
    lead: Combo | None
    played: Layers
    #: the cards the seat played from this play on: its hand then is its hand now plus these
    since: Layers


def past_plays(observation: Observation) -> list[PastPlay]:
    """Every earlier play of the round by a seat other than the observer, in order, with
    what the heuristic would have known when making it. Tricks with a failed throw
    (R-H2) are seen but not weighed: the play shown there is not the one chosen."""
    seat = observation.seat
    ctx = observation.ctx
    assert seat is not None and ctx is not None
    tricks = [(done.plays, done.failed_throw) for done in observation.tricks]
    tricks.append((observation.trick, observation.failed_throw))
    # Each seat's cards played from each play on, every play counted (the observer's and
    # the unweighed ones too: they all left a hand): first, from the last play back.
    since: list[Layers] = [(0, 0)] * SEATS
    since_each: list[Layers] = []
    for plays, _ in reversed(tricks):
        for player, cards in reversed(plays):
            since[player] = add_layers(since[player], to_layers(cards))
            since_each.append(since[player])
    since_each.reverse()
    # Then forwards, each seat's knowledge of the public history kept up to date play by
    # play.
    knows = [declared_knowledge(observation, other) for other in range(SEATS)]
    found: list[PastPlay] = []
    number = 0
    for plays, failed in tricks:
        lead: Combo | None = None
        for index, (player, cards) in enumerate(plays):
            played = to_layers(cards)
            if index == 0 and failed is None:
                lead = combo_of_layers(ctx, *played)
            if player != seat and failed is None:
                found.append(
                    PastPlay(
                        player,
                        knows[player].copy(),
                        plays[:index],
                        [to_layers(c) for _, c in plays[:index]],
                        lead if index else None,
                        played,
                        since_each[number],
                    )
                )
            number += 1
            for know in knows:
                know._see_plays(plays[: index + 1], index, True, failed)
                know.trick_seen = index + 1
        if plays:
            for know in knows:
                know.trick_seen = 0
                know.tricks_seen += 1
    return found


def heuristic_would_play(past: PastPlay, hand: Layers, buried: tuple[int, ...]) -> Layers:
    """The play the heuristic would have made in ``past`` holding ``hand`` then (and,
    for the starter, having buried ``buried``)."""
    know = past.template.seeded(hand, buried)
    ctx = know.ctx
    if past.lead is None:
        return choose_lead(ctx, know, hand)
    return choose_follow(ctx, know, past.lead, past.trick, past.trick_layers, hand, False)


def mismatches(
    plays: list[PastPlay],
    seat: int,
    hand: Layers,
    buried: tuple[int, ...],
) -> int:
    """How many of ``seat``'s plays among ``plays`` the heuristic would not have made,
    holding ``hand`` now (and, for the starter, having buried ``buried``)."""
    count = 0
    for past in plays:
        if past.seat == seat:
            then = add_layers(hand, past.since)
            if heuristic_would_play(past, then, buried) != past.played:
                count += 1
    return count


def guess_weight(
    observation: Observation,
    plays: list[PastPlay],
    hands: list[Layers],
    talon: tuple[int, ...],
    mismatch: float = MISMATCH,
) -> float:
    """How well the guess (``hands`` by seat and ``talon``) explains ``plays``: 1 when
    the heuristic would have made every one of them, times ``mismatch`` for each it
    would not have."""
    starter = observation.starter
    total = 0
    for seat in range(SEATS):
        if seat != observation.seat:
            total += mismatches(plays, seat, hands[seat], talon if seat == starter else ())
    return float(mismatch**total)


class GuessChain:
    """A Metropolis chain over the guesses that fit a seat's knowledge, drawn towards
    those that explain the others' earlier plays: each step proposes to swap two hidden
    cards between two holders (other hands, or the talon when the seat did not bury
    it), keeps every void and every card known to be held, and accepts the swap with
    probability ``mismatch`` to the power of the mismatches it adds (always, when it
    adds none). Its guesses are then drawn, in the long run, with probability in
    proportion to :func:`guess_weight`."""

    def __init__(
        self,
        rng: random.Random,
        observation: Observation,
        know: Knowledge,
        plays: list[PastPlay],
        hands: list[Layers],
        talon: tuple[int, ...],
        mismatch: float = MISMATCH,
    ) -> None:
        seat = observation.seat
        assert seat is not None
        starter = observation.starter
        assert starter is not None  # play has begun: the starter has buried
        self.rng = rng
        self.seat = seat
        self.starter = starter
        # each seat's own plays, the only ones its hand decides
        self.plays_of = [[past for past in plays if past.seat == s] for s in range(SEATS)]
        self.mismatch = mismatch
        self.eff = know.ctx.eff
        self.void = know.void
        self.hands = list(hands)
        self.own_talon = bool(observation.buried)
        self.talon = to_layers(talon)
        self.holders = [s for s in range(SEATS) if s != seat]
        if not self.own_talon:
            self.holders.append(TALON)
        # cards known to be held (declared, or taken back after a failed throw) stay put
        self.fixed: list[Layers] = [
            (k_ones & hand[0], k_twos & hand[1])
            for (k_ones, k_twos), hand in zip(know.known, hands, strict=True)
        ] + [(0, 0)]
        self.counts = [0] * SEATS
        for other in range(SEATS):
            if other != seat:
                self.counts[other] = self._mismatches_of(other)
        self.steps = 0
        self.accepted = 0

    def _held(self, holder: int) -> Layers:
        return self.talon if holder == TALON else self.hands[holder]

    def _set(self, holder: int, cards: Layers) -> None:
        if holder == TALON:
            self.talon = cards
        else:
            self.hands[holder] = cards

    def _buried(self) -> tuple[int, ...]:
        return tuple(from_layers(*self.talon))

    def _mismatches_of(self, seat: int) -> int:
        buried = self._buried() if seat == self.starter else ()
        return mismatches(self.plays_of[seat], seat, self.hands[seat], buried)

    def _takes(self, holder: int, kind: int) -> bool:
        """Whether ``holder`` may hold a card of ``kind`` (no void shown in its suit)."""
        return holder == TALON or not self.void[holder] >> self.eff[kind] & 1

    def step(self) -> bool:
        """One proposed swap; whether it was accepted."""
        self.steps += 1
        rng = self.rng
        holders = self.holders
        first = holders[randbelow(rng, len(holders))]
        second = holders[randbelow(rng, len(holders) - 1)]
        if second == first:
            second = holders[-1]
        a_held, b_held = self._held(first), self._held(second)
        a_cards, b_cards = from_layers(*a_held), from_layers(*b_held)
        if not a_cards or not b_cards:
            return False
        a = a_cards[randbelow(rng, len(a_cards))]
        b = b_cards[randbelow(rng, len(b_cards))]
        if a == b or not self._takes(second, a) or not self._takes(first, b):
            return False
        a_new = add_layers(remove_layers(a_held, (1 << a, 0)), (1 << b, 0))
        b_new = add_layers(remove_layers(b_held, (1 << b, 0)), (1 << a, 0))
        if not contains_layers(a_new, self.fixed[first]) or not contains_layers(
            b_new, self.fixed[second]
        ):
            return False
        self._set(first, a_new)
        self._set(second, b_new)
        affected = {h for h in (first, second) if h != TALON}
        if TALON in (first, second):
            # the talon is hidden only from the others: its starter's plays depend on it
            affected.add(self.starter)
        new_counts = {s: self._mismatches_of(s) for s in affected}
        added = sum(new_counts[s] - self.counts[s] for s in affected)
        if added <= 0 or rng.random() < self.mismatch**added:
            for s, count in new_counts.items():
                self.counts[s] = count
            self.accepted += 1
            return True
        self._set(first, a_held)
        self._set(second, b_held)
        return False

    def guess(self) -> tuple[list[Layers], tuple[int, ...]]:
        """The chain's current guess: hands by seat and the talon."""
        return list(self.hands), self._buried()

    @property
    def total_mismatches(self) -> int:
        """How many earlier plays the current guess does not explain."""
        return sum(self.counts)


#: the chain's swaps proposed before the first guess of a decision, and between guesses
CHAIN_BURN_IN = 200
CHAIN_THIN = 4


class Guesser:
    """Where one decision's guesses at the hidden cards come from: uniformly among the
    deals that fit the seat's knowledge (:func:`~tuolaji.bots.hidden.sample_hidden`)
    with ``weight`` 1, at the exchange, or before anyone else has played; otherwise a
    :class:`GuessChain` with that weight, past its burn-in, taking
    :data:`CHAIN_THIN` swaps between guesses."""

    def __init__(
        self, rng: random.Random, observation: Observation, know: Knowledge, weight: float
    ) -> None:
        self.rng = rng
        self.observation = observation
        self.know = know
        self.chain: GuessChain | None = None
        if weight < 1 and observation.phase is Phase.PLAY:
            plays = past_plays(observation)
            if plays:
                hands, talon = sample_hidden(rng, observation, know)
                self.chain = GuessChain(rng, observation, know, plays, hands, talon, weight)
                for _ in range(CHAIN_BURN_IN):
                    self.chain.step()

    def draw(self) -> tuple[list[Layers], tuple[int, ...]]:
        """The next guess: hands by seat (the observer's own as it is) and the talon."""
        chain = self.chain
        if chain is None:
            return sample_hidden(self.rng, self.observation, self.know)
        for _ in range(CHAIN_THIN):
            chain.step()
        return chain.guess()
