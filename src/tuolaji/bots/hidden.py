"""Guessing the hidden cards: random deals consistent with what a seat knows.

The unseen cards go to the other three hands (as many as each holds) and, unless the
seat buried it, to the talon; under ``hidden_history`` (R-V1) the rest were played in
the old tricks the seat does not see. A seat that has shown a void in a suit gets no card of it;
the talon was buried before any play, so voids do not bind it. At the exchange the
starter is still to bury (R-K1): the unseen cards are exactly the other three hands, and
the talon is left for the burial it is weighing.
"""

from __future__ import annotations

import random

from tuolaji.bots.knowledge import Knowledge
from tuolaji.core.cards import (
    SEATS,
    TALON_SIZE,
    Layers,
    count_layers,
    from_layers,
    remove_layers,
    to_layers,
)
from tuolaji.core.chance import randbelow
from tuolaji.game.observation import Observation
from tuolaji.game.state import Phase

TALON = SEATS  # the talon as a fifth holder
_TRIES = 20


def sample_hidden(
    rng: random.Random, observation: Observation, know: Knowledge
) -> tuple[list[Layers], tuple[int, ...]]:
    """Hands for all four seats (the observer's own as it is) and a talon, drawn at
    random among the deals consistent with the observer's knowledge. For the starter at
    the exchange the talon is empty: its 8 cards are still in its hand, to be buried."""
    seat = observation.seat
    assert seat is not None
    capacity = [0] * (SEATS + 1)
    for other in range(SEATS):
        if other != seat:
            capacity[other] = observation.hand_sizes[other]
    # the starter knows the talon: it buried it, or is about to bury from its own hand
    own_talon = bool(observation.buried) or (
        observation.phase is Phase.EXCHANGE and seat == observation.starter
    )
    if not own_talon:
        capacity[TALON] = TALON_SIZE
    unseen = count_layers(*know.unseen)
    if observation.rules.hidden_history and unseen > sum(capacity):
        # R-V1: the cards of old tricks are unseen too; what the hands and the talon do
        # not take was played in them
        capacity.append(unseen - sum(capacity))
    if unseen != sum(capacity):
        raise ValueError(f"unseen cards do not fill the {sum(capacity)} hidden places")
    # cards a seat is known to hold (declared, or taken back from a failed throw) go to it
    placed: list[list[int]] = [[] for _ in range(SEATS + 1)]
    pool = know.unseen
    for other in range(SEATS):
        if other == seat:
            continue
        k_ones, k_twos = know.known[other]
        sure = (k_ones & pool[0], k_twos & pool[1])
        sure_cards = from_layers(*sure)[: capacity[other]]
        if sure_cards:
            placed[other] = sure_cards
            capacity[other] -= len(sure_cards)
            pool = remove_layers(pool, to_layers(sure_cards))
    cards = from_layers(*pool)
    eff = know.ctx.eff
    for attempt in range(_TRIES):
        respect_voids = attempt < _TRIES - 1  # the last try ignores voids rather than fail
        deal = _try_deal(rng, cards, capacity, know, eff, respect_voids)
        if deal is not None:
            for holder in range(SEATS + 1):
                deal[holder] += placed[holder]
            hands: list[Layers] = [(0, 0)] * SEATS
            for other in range(SEATS):
                hands[other] = to_layers(deal[other]) if other != seat else observation.hand_layers
            talon = observation.buried if own_talon else tuple(deal[TALON])
            return hands, talon
    raise ValueError("no deal is consistent with what this seat knows")


def _try_deal(
    rng: random.Random,
    cards: list[int],
    capacity: list[int],
    know: Knowledge,
    eff: tuple[int, ...],
    respect_voids: bool,
) -> list[list[int]] | None:
    left = list(capacity)
    holders_of: dict[int, list[int]] = {}
    for suit in range(5):
        # holders past the talon: the old tricks under hidden_history, bound by no void
        holders_of[suit] = [
            h
            for h in range(len(left))
            if left[h] and (h >= TALON or not respect_voids or not know.is_void(h, suit))
        ]
    order = list(cards)
    rng.shuffle(order)
    # the most constrained cards first, so the free ones fill what is left
    order.sort(key=lambda k: len(holders_of[eff[k]]))
    deal: list[list[int]] = [[] for _ in range(len(left))]
    for kind in order:
        choices = [h for h in holders_of[eff[kind]] if left[h]]
        if not choices:
            return None
        total = sum(left[h] for h in choices)
        pick = randbelow(rng, total)
        for holder in choices:
            pick -= left[holder]
            if pick < 0:
                break
        deal[holder].append(kind)
        left[holder] -= 1
    return deal
