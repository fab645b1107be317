"""The game layer: the state machine of whole games, observations, records and replay.

Imports only ``tuolaji.core``.
"""

from tuolaji.game.actions import Action, Bury, Declare, Draw, Pass, Play
from tuolaji.game.game import Game
from tuolaji.game.observation import Observation, observe
from tuolaji.game.state import CompletedTrick, Phase, RoundResult, RoundStart

__all__ = [
    "Action",
    "Bury",
    "CompletedTrick",
    "Declare",
    "Draw",
    "Game",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "RoundResult",
    "RoundStart",
    "observe",
]
