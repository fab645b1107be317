"""The game layer: the state machine of whole games, who acts, legal actions,
positions, observations, per-seat event streams, JSON forms, records and replay.

Imports only ``tuolaji.core``.
"""

from tuolaji.game.actions import Action, Bury, Declare, Draw, Pass, Play
from tuolaji.game.event_json import event_from_json, event_to_json
from tuolaji.game.events import Event
from tuolaji.game.game import Game
from tuolaji.game.legal import LegalBurials, LegalDeclarations, LegalPlays, LegalView
from tuolaji.game.observation import Observation, observe
from tuolaji.game.observation_json import observation_from_json, observation_to_json
from tuolaji.game.position import Position, PositionError
from tuolaji.game.results import RoundResult
from tuolaji.game.state import CompletedTrick, Phase, RoundStart
from tuolaji.game.streams import SeatView, StreamError
from tuolaji.game.turn import ActionKind, Turn
from tuolaji.game.views import stream, view
from tuolaji.game.wire import WireFormatError

__all__ = [
    "Action",
    "ActionKind",
    "Bury",
    "CompletedTrick",
    "Declare",
    "Draw",
    "Event",
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
    "SeatView",
    "StreamError",
    "Turn",
    "WireFormatError",
    "event_from_json",
    "event_to_json",
    "observation_from_json",
    "observation_to_json",
    "observe",
    "stream",
    "view",
]
