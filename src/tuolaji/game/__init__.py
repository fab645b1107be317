"""The game layer: the state machine of whole games, who acts, legal actions,
positions, observations, records and replay.

Imports only ``tuolaji.core``.
"""

from tuolaji.game.actions import Action, Bury, Declare, Draw, Pass, Play
from tuolaji.game.game import Game
from tuolaji.game.legal import LegalBurials, LegalDeclarations, LegalPlays, LegalView
from tuolaji.game.observation import Observation, observe
from tuolaji.game.position import Position, PositionError
from tuolaji.game.state import CompletedTrick, Phase, RoundResult, RoundStart
from tuolaji.game.turn import ActionKind, Turn

__all__ = [
    "Action",
    "ActionKind",
    "Bury",
    "CompletedTrick",
    "Declare",
    "Draw",
    "Game",
    "LegalBurials",
    "LegalDeclarations",
    "LegalPlays",
    "LegalView",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "Position",
    "PositionError",
    "RoundResult",
    "RoundStart",
    "Turn",
    "observe",
]
