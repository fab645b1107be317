"""A finished game, step by step, for the browser's replay viewer (docs/protocol.md,
"Replays").

A game record (docs/records.md) is checked and replayed by the engine
(:func:`tuolaji.game.record.replay`, what ``tuolaji replay`` runs: a record that breaks
a rule is refused with its :class:`~tuolaji.game.record.RecordError`), then played
again action by action to take a snapshot at each moment a viewer steps to: once the
talon is buried (``start``), after each trick is won (``trick``) and when the round
ends (``end``). A snapshot shows all four hands: replays are made of finished games
and of records their holder uploads, so there is nothing left to hide.
"""

from __future__ import annotations

from typing import Any

from tuolaji.core.cards import SEATS
from tuolaji.game.actions import Action, Play
from tuolaji.game.event_json import result_to_json
from tuolaji.game.events import Buried, RoundEnded, TrickWon
from tuolaji.game.game import Game
from tuolaji.game.observation import Observation, observe
from tuolaji.game.observation_json import observation_to_json
from tuolaji.game.record import GameRecord, replay
from tuolaji.game.state import Phase
from tuolaji.server.table import hand_groups


def replay_json(record: GameRecord) -> dict[str, Any]:
    """The replay of ``record``: its rules, its seats' names (None for a seat without
    one) and, for each round played, its steps and its result (None for a round the
    record stops in). RecordError when the record does not replay.

    >>> from tuolaji.arena.runner import play_until
    >>> from tuolaji.bots.random_player import RandomPlayer
    >>> from tuolaji.game.record import record_of
    >>> game = Game(seed=4, round_limit=1)
    >>> play_until(game, [RandomPlayer(seat) for seat in range(4)])
    >>> shown = replay_json(record_of(game, ["Ana", "", "Cy", "Di"]))
    >>> shown["seats"], len(shown["rounds"])
    (['Ana', None, 'Cy', 'Di'], 1)
    >>> steps = shown["rounds"][0]["steps"]
    >>> [step["kind"] for step in steps[:2] + steps[-1:]]
    ['start', 'trick', 'end']
    >>> [step["trick"] for step in steps[1:-1]] == list(range(1, len(steps) - 1))
    True
    """
    final = replay(record)  # checks every action against the rules first
    # Dealt again from the packs the replay dealt (the record's, then the seed's), the
    # game goes exactly as it did.
    # A finished game hides nothing: the replay shows every trick, blocker and point
    # (R-V1–R-V3 change what is told, never the play, so the game goes the same).
    shown_rules = record.rules.with_options(
        hidden_history=False, hide_blocker=False, hide_declarer_points=False
    )
    game = Game(
        shown_rules,
        record.seed,
        decks=list(final.packs),
        start=record.start,
        round_limit=record.round_limit,
    )
    rounds: dict[int, dict[str, Any]] = {}
    for action in record.actions:
        number, settled = observe(game, None).round_number, len(game.results)
        entry = rounds.setdefault(number, {"number": number, "steps": [], "result": None})
        entry["steps"].extend(_steps_of(game, action))
        if len(game.results) > settled:
            entry["result"] = result_to_json(game.results[-1])
    players = list(record.players) + [""] * SEATS
    return {
        "rules": record.rules.to_spec(),
        "seats": [name or None for name in players[:SEATS]],
        "rounds": [entry for entry in rounds.values() if entry["steps"]],
    }


def _steps_of(game: Game, action: Action) -> list[dict[str, Any]]:
    """Apply ``action`` to ``game``; the steps it makes (none for most actions)."""
    levels_before = (game.levels[0], game.levels[1])
    last_before = game.results[-1] if game.results else None
    # The last card of a round settles it and deals the next one in the same action: a
    # copy stopped at the round's end keeps the round to show (its tricks, hands, talon).
    ending = _ends_round(game, action)
    if ending is not None:
        ending.round_limit = len(ending.results) + 1
        ending.apply(action)
    events = game.apply(action)
    steps = []
    for event in events:
        if type(event) is Buried:
            steps.append(_step("start", None, game, observe(game, None)))
        elif type(event) is TrickWon:
            if ending is not None and any(type(later) is RoundEnded for later in events):
                seen = observe(ending, None)._replace(
                    phase=Phase.PLAY, levels=levels_before, last_round=last_before, winner=None
                )
                steps.append(_step("trick", event.number, ending, seen))
            else:
                steps.append(_step("trick", event.number, game, observe(game, None)))
        elif type(event) is RoundEnded:
            shown = ending if ending is not None else game
            steps.append(_step("end", None, shown, observe(shown, None)._replace(phase=game.phase)))
    return steps


def _ends_round(game: Game, action: Action) -> Game | None:
    """A copy of ``game`` when ``action`` is the last card of the round (the fourth play
    of a trick that empties the player's hand: every hand is then empty), else None."""
    if not isinstance(action, Play) or game.phase is not Phase.PLAY:
        return None
    if len(observe(game, None).trick) != SEATS - 1 or len(game.hand(action.seat)) != len(
        action.cards
    ):
        return None
    return game.copy()


def _step(kind: str, trick: int | None, game: Game, seen: Observation) -> dict[str, Any]:
    """One step: its kind, the trick's number, all four hands as they stand in
    ``game``, and the spectator's observation ``seen``."""
    ctx, rank = game.ctx, seen.rank
    return {
        "kind": kind,
        "trick": trick,
        "hands": [hand_groups(ctx, rank, game.hand(seat)) for seat in range(SEATS)],
        "observation": observation_to_json(seen),
    }
