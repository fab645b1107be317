"""Hints: what the heuristic bot would do in a seat now (the ``hint`` frame).

A hint is made from the seat's own observation only — the same snapshot the seat's
``welcome`` holds — so it can tell the seat nothing the seat could not see. The bot is
the one the server seats (:class:`~tuolaji.bots.heuristic.HeuristicPlayer`), asked as
every client that answers with a bot asks it (:func:`~tuolaji.bots.base.seat_decision`);
while cards are dealt, when anyone may declare (R-T2), it is asked whether it would
declare, as the room's driver asks its bots.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tuolaji.bots.base import seat_decision
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.core.cards import format_cards
from tuolaji.game.observation import Observation
from tuolaji.game.state import Phase
from tuolaji.server.fanout import frame_text


def suggested_action(observation: Observation, seed: int) -> dict[str, str] | None:
    """The action the heuristic bot (seeded with ``seed``) takes in the observed seat:
    ``{"kind": "play", "cards": "QH QH"}``, or None when the seat has nothing to do now
    (or, while cards are dealt, the bot would not declare)."""
    if observation.seat is None:
        return None
    player = HeuristicPlayer(seed=seed)
    decided = seat_decision(player, observation)
    if decided is None and observation.phase is Phase.DRAW:
        declared = player.declaration(observation)
        decided = ("declare", tuple(declared)) if declared else None
    if decided is None:
        return None
    kind, cards = decided
    return {"kind": kind, "cards": format_cards(cards)}


async def hint_frame(observation: Observation, seq: int, hint_id: str, seed: int) -> str:
    """The ``hint`` frame answering ``hint_id``: the bot thinks in a worker thread, so
    the event loop goes on meanwhile. ``seq`` is the number of events the observation
    follows."""
    action = await asyncio.to_thread(suggested_action, observation, seed)
    frame: dict[str, Any] = {"seq": seq, "type": "hint", "id": hint_id, "action": action}
    return frame_text(frame)
