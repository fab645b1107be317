"""The external-bot protocol (docs/bot-protocol.md): the lines a bot is sent, and the
checks its answers must pass before they reach the game.

Pure functions of an observation; nothing here starts a process (see ``external.py``).
The driver holds no game, only the seat's observation, so an answer is checked with the
rules' one copy in core, as the game's own legal views are: a declaration is legal when
it is among :func:`~tuolaji.core.declare.declaration_options`, a lead when
:class:`~tuolaji.core.leads.Leads` of the hand contains it, a follow when
:func:`~tuolaji.core.follow.follow_refusal` finds no fault.
"""

from __future__ import annotations

import json
from itertools import islice
from typing import Any, Literal

from tuolaji.core.cards import (
    TALON_SIZE,
    Layers,
    NotationError,
    contains_layers,
    format_cards,
    from_layers,
    parse_cards,
    to_layers,
)
from tuolaji.core.declare import (
    Declaration,
    declaration_options,
    declare_outcome,
    earlier_declaration,
)
from tuolaji.core.errors import IllegalAction, TuolajiError
from tuolaji.core.follow import follow_refusal, legal_follow_layers
from tuolaji.core.leads import Leads
from tuolaji.core.rules import RuleSet
from tuolaji.game.observation import Observation
from tuolaji.game.observation_json import observation_to_json

PROTOCOL = "tuolaji-bot"
VERSION = 1
#: At most this many legal options are listed in one request ("legal_complete": false).
LEGAL_CAP = 200

Decision = Literal["declare", "bury", "play"]


class AnswerError(TuolajiError):
    """An answer the game cannot use. ``kind`` names what was wrong: ``not_json``,
    ``bad_answer`` (not the expected object, or the wrong id), ``bad_cards`` (cards that
    cannot be read), ``illegal`` (readable cards the rules refuse), or ``stale`` (an
    answer to an earlier request, which is skipped rather than taken as this one's)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def encode(message: dict[str, Any]) -> str:
    """One protocol line: compact JSON (non-ASCII kept) and a newline."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"


def hello_message(seat: int, rules: RuleSet, seed: int, timeout_s: float) -> dict[str, Any]:
    """The first line a bot is sent: who it is and under which rules it plays."""
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "version": VERSION,
        "seat": seat,
        "rules": rules.to_spec(),
        "seed": seed,
        "timeout_s": timeout_s,
    }


def bye_message() -> dict[str, Any]:
    """The last line a bot is sent before its input is closed."""
    return {"type": "bye"}


def request_message(request_id: int, decision: Decision, obs: Observation) -> dict[str, Any]:
    """A decision request: the observation, and the legal options when they can be listed."""
    message: dict[str, Any] = {
        "type": "decide",
        "id": request_id,
        "decision": decision,
        "observation": observation_to_json(obs),
    }
    if decision == "bury":
        return message  # any 8 cards of the hand: too many to list
    options, complete = declaration_strings(obs) if decision == "declare" else play_strings(obs)
    message["legal"] = options
    message["legal_complete"] = complete
    return message


def declaration_strings(obs: Observation) -> tuple[list[str], bool]:
    """Every declaration that could stand now, and ``""`` (keep quiet, or pass)."""
    return ["", *(format_cards(option) for option in _declarations(obs))], True


def _declarations(obs: Observation) -> list[tuple[int, ...]]:
    """The declarations the observed seat could make now (R-T2, R-T3)."""
    assert obs.seat is not None
    return declaration_options(
        obs.rank, obs.declaration, obs.seat, obs.hand_layers, obs.rules, _earlier(obs)
    )


def _earlier(obs: Observation) -> Declaration | None:
    """The observed seat's last declaration, which ``reinforce_to_tie`` asks for (R-T3)."""
    assert obs.seat is not None
    return earlier_declaration(obs.declarations, obs.seat) if obs.rules.reinforce_to_tie else None


def play_strings(obs: Observation) -> tuple[list[str], bool]:
    """The legal plays as card strings, and whether that is all of them.

    A follow lists every legal follow (up to :data:`LEGAL_CAP`). A lead lists every
    distinct single, pair and tractor; throws are legal too but never listed, so a lead's
    list is never complete.
    """
    ctx = obs.ctx
    assert ctx is not None
    if obs.lead is None:
        leads = Leads(ctx, obs.hand_layers)
        simple = [*leads.singles(), *leads.pairs(), *leads.tractors()]
        return [format_cards(lead) for lead in simple[:LEGAL_CAP]], False
    follows = islice(
        legal_follow_layers(ctx, obs.lead, obs.hand_layers, obs.must_beat), LEGAL_CAP + 1
    )
    listed = [format_cards(from_layers(*play)) for play in follows]
    return listed[:LEGAL_CAP], len(listed) <= LEGAL_CAP


def answer_cards(line: str, request_id: int) -> str | None:
    """The ``cards`` text of an answer line to request ``request_id``; None for null."""
    try:
        answer = json.loads(line)
    except json.JSONDecodeError as error:
        raise AnswerError("not_json", f"the answer is not JSON ({error}): {_short(line)}") from None
    if not isinstance(answer, dict):
        raise AnswerError("bad_answer", f"the answer is not a JSON object: {_short(line)}")
    answered = answer.get("id")
    if type(answered) is not int or answered > request_id:  # bool is no id
        raise AnswerError("bad_answer", f"the answer has id {answered!r}, expected {request_id}")
    if answered < request_id:
        # A late or repeated answer to an earlier request: the caller skips it.
        raise AnswerError("stale", f"an answer to request {answered}, which is over")
    cards = answer.get("cards")
    if cards is not None and not isinstance(cards, str):
        raise AnswerError(
            "bad_answer", f'"cards" must be a string of cards such as "AS AS", not {cards!r}'
        )
    return cards


def checked_decision(decision: Decision, obs: Observation, text: str | None) -> list[int] | None:
    """The cards of an answer once the rules accept them (None: no declaration);
    raises :class:`AnswerError` otherwise."""
    try:
        cards = parse_cards(text or "")
        layers = to_layers(cards)
    except NotationError as error:
        raise AnswerError("bad_cards", f"cannot read the cards {text!r}: {error}") from None
    if decision == "declare":
        if not cards:
            return None
        why = _declaration_refusal(obs, cards)
    elif decision == "bury":
        why = _burial_refusal(obs, cards, layers)
    else:
        why = _play_refusal(obs, cards, layers)
    if why is not None:
        raise AnswerError("illegal", f"answer {format_cards(cards)!r} refused, {why}")
    return cards


def _declaration_refusal(obs: Observation, cards: list[int]) -> str | None:
    """Why ``cards`` may not be declared now, or None: they must be among the seat's
    declaration options; the reason comes from the core check that refuses them."""
    if tuple(cards) in _declarations(obs):
        return None
    assert obs.seat is not None
    try:
        outcome = declare_outcome(
            obs.rank, obs.declaration, obs.seat, cards, obs.rules, _earlier(obs)
        )
    except IllegalAction as error:
        return str(error)
    return f"R-T2: the hand does not hold {format_cards(outcome.cards)}"


def _burial_refusal(obs: Observation, cards: list[int], layers: Layers) -> str | None:
    """Why ``cards`` are no burial, or None: exactly 8 cards of the hand (R-K1)."""
    if len(cards) != TALON_SIZE:
        return f"R-K1: bury exactly {TALON_SIZE} cards, not {len(cards)}"
    if not contains_layers(obs.hand_layers, layers):
        return "R-K1: the hand does not hold them all"
    return None


def _play_refusal(obs: Observation, cards: list[int], layers: Layers) -> str | None:
    """Why ``cards`` may not be played now, or None: a lead must be among the hand's
    legal leads (R-P2, R-C4), a follow must break no rule of following (R-P2–R-P7,
    R-H2)."""
    ctx = obs.ctx
    assert ctx is not None
    if obs.lead is not None:
        refusal = follow_refusal(ctx, obs.lead, obs.hand_layers, layers, obs.must_beat)
        return None if refusal is None else str(refusal)
    if Leads(ctx, obs.hand_layers).contains_layers(layers):
        return None
    if not cards:
        return "R-P2: play at least one card"
    if not contains_layers(obs.hand_layers, layers):
        return "R-P2: the hand does not hold them all"
    return "R-C4: a lead is one single, pair, tractor or throw of one effective suit"


def _short(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters, for log messages."""
    text = text.rstrip("\n")
    return repr(text if len(text) <= limit else text[:limit] + "…")
