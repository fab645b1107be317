"""``tuolaji judge``: answer rules questions as JSON Lines (docs/judge.md).

Each request line is answered by exactly one line, in order. Bad input never stops the
judge: it gets ``{"id": …, "error": "…"}`` and the next line is read. Every field is
read completely: a card string must parse, no card may appear more than twice among
the cards of one question (R-D1: a hand and the lead it follows, the plays of a trick,
a throw and the other hands, a talon and the last lead), objects may hold only the keys
the protocol names, a talon is 8 cards (R-K1), and a standing declaration must itself
be a declaration for the rank (R-T2).
"""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from tuolaji.core.cards import (
    RANKS,
    TALON_SIZE,
    NotationError,
    format_card,
    format_cards,
    parse_cards,
    parse_rank,
    parse_suit,
    to_layers,
)
from tuolaji.core.combos import MIXED, Combo, combo_of_layers
from tuolaji.core.declare import Declaration, declaration_error, declare_outcome, flip_talon
from tuolaji.core.errors import IllegalAction
from tuolaji.core.follow import follow_error
from tuolaji.core.rules import RulesError, RuleSet, rules_from_spec
from tuolaji.core.scoring import PAST_ACE, climb, settle, talon_bonus
from tuolaji.core.throws import judge_throw
from tuolaji.core.tricks import trick_points, winner_of
from tuolaji.core.trump import TrumpContext, suit_label, trump_context

Request = dict[str, Any]
Answer = dict[str, Any]


class BadRequest(ValueError):
    """A request the judge cannot answer; its message says what to fix."""


def _field(request: Request, name: str) -> Any:
    if name not in request:
        raise BadRequest(f"op {request['op']!r} needs the field {name!r}")
    return request[name]


def _cards(request: Request, name: str, allow_empty: bool = False) -> list[int]:
    return _read_cards(_field(request, name), name, allow_empty)


def _read_cards(text: object, name: str, allow_empty: bool = False) -> list[int]:
    """A card string of the request (``name`` says which, for the message)."""
    if not isinstance(text, str):
        raise BadRequest(f'field {name!r} must be a string of cards such as "AS AS KS"')
    try:
        cards = parse_cards(text)
        to_layers(cards)  # R-D1: no card more than twice
    except NotationError as error:
        raise BadRequest(f"field {name!r}: {error}") from None
    if not cards and not allow_empty:
        raise BadRequest(f"field {name!r} holds no cards")
    return cards


def _one_pack(**fields: list[int]) -> None:
    """Refuse cards of one question that the pack cannot hold together: no card more
    than twice among all the fields named (R-D1)."""
    counts = Counter(card for cards in fields.values() for card in cards)
    over = [card for card, count in counts.items() if count > 2]
    if over:
        names = ", ".join(repr(name) for name in fields)
        raise BadRequest(
            f"fields {names} hold {format_card(min(over))} more than twice together; "
            "the pack holds each card twice (R-D1)"
        )


def _talon(request: Request) -> list[int]:
    """The ``talon`` field: exactly 8 cards (R-K1)."""
    talon = _cards(request, "talon", allow_empty=True)
    if len(talon) != TALON_SIZE:
        raise BadRequest(f"field 'talon' must hold the {TALON_SIZE} talon cards, not {len(talon)}")
    return talon


def _keys(value: dict[str, Any], name: str, allowed: tuple[str, ...]) -> None:
    """Refuse keys of an object field that the protocol does not name."""
    unknown = sorted(set(value) - set(allowed))
    if unknown:
        raise BadRequest(
            f"field {name!r} has unknown key {unknown[0]!r}: its keys are {', '.join(allowed)}"
        )


def _int(request: Request, name: str, low: int | None = None, high: int | None = None) -> int:
    return _read_int(_field(request, name), name, low, high)


def _read_int(value: object, name: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number of the request, within bounds when given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"field {name!r} must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise BadRequest(f"field {name!r} must be from {low} to {high}, not {value}")
    return value


def _rank(request: Request, name: str = "rank") -> int:
    value = _field(request, name)
    if not isinstance(value, str):
        raise BadRequest(f'field {name!r} must be a rank such as "2" or "T", not {value!r}')
    try:
        return parse_rank(value)
    except NotationError as error:
        raise BadRequest(str(error)) from None


def _rules(request: Request) -> RuleSet:
    try:
        return rules_from_spec(request.get("rules"))
    except (RulesError, TypeError) as error:
        raise BadRequest(str(error)) from None


def _trump(request: Request) -> TrumpContext:
    trump = _field(request, "trump")
    if not isinstance(trump, dict) or "rank" not in trump or "suit" not in trump:
        raise BadRequest(
            'field \'trump\' must look like {"rank": "2", "suit": "H"} (suit null: no trump)'
        )
    _keys(trump, "trump", ("rank", "suit"))
    rank = _rank(trump)
    suit_text = trump["suit"]
    if suit_text is None:
        suit = None
    elif isinstance(suit_text, str):
        try:
            suit = parse_suit(suit_text)
        except NotationError as error:
            raise BadRequest(str(error)) from None
    else:
        raise BadRequest(f"trump suit must be S, H, D, C or null, not {suit_text!r}")
    return trump_context(rank, suit, _rules(request))


def _lead(ctx: TrumpContext, cards: list[int], name: str = "lead") -> Combo:
    lead = combo_of_layers(ctx, *to_layers(cards))
    if lead.kind == MIXED:
        raise BadRequest(f"field {name!r} mixes effective suits; a lead is of one suit (R-C4)")
    return lead


def _combo(request: Request) -> Answer:
    ctx = _trump(request)
    combo = combo_of_layers(ctx, *to_layers(_cards(request, "cards")))
    if combo.kind == MIXED:
        return {"kind": MIXED}
    return {"kind": combo.kind, "suit": suit_label(combo.suit), "parts": combo.layout_labels()}


def _follow(request: Request) -> Answer:
    ctx = _trump(request)
    lead = _lead(ctx, _cards(request, "lead"))
    hand = _cards(request, "hand")
    play = _cards(request, "play", allow_empty=True)
    # the hand holds the play (a play not in it breaks R-P2), so only lead and hand add up
    _one_pack(lead=lead.cards(), hand=hand)
    blocker = request.get("blocker", False)
    if not isinstance(blocker, bool):
        raise BadRequest(f"field 'blocker' must be true or false, not {blocker!r}")
    error = follow_error(ctx, lead, to_layers(hand), to_layers(play), must_beat=blocker)
    return {"legal": True} if error is None else {"legal": False, "rule": error[0]}


def _winner(request: Request) -> Answer:
    ctx = _trump(request)
    plays_text = _field(request, "plays")
    if not isinstance(plays_text, list) or not 2 <= len(plays_text) <= 4:
        raise BadRequest("field 'plays' must be a list of 2 to 4 card strings, the lead first")
    plays = [_read_cards(text, f"plays[{i}]") for i, text in enumerate(plays_text)]
    _one_pack(plays=[card for play in plays for card in play])
    lead = _lead(ctx, plays[0], "plays[0]")
    for index, play in enumerate(plays[1:], start=1):
        if len(play) != lead.size:
            raise BadRequest(
                f"plays[{index}] has {len(play)} cards; "
                f"every play has {lead.size} like the lead (R-P2)"
            )
    winner = winner_of(ctx, lead, [to_layers(play) for play in plays[1:]])
    return {"winner": winner, "points": trick_points(plays)}


def _throw(request: Request) -> Answer:
    ctx = _trump(request)
    lead = _lead(ctx, _cards(request, "lead"))
    others_text = _field(request, "others")
    if not isinstance(others_text, list) or len(others_text) != 3:
        raise BadRequest("field 'others' must be a list of the other three hands, in seat order")
    hands = [
        _read_cards(text, f"others[{i}]", allow_empty=True) for i, text in enumerate(others_text)
    ]
    _one_pack(lead=lead.cards(), others=[card for hand in hands for card in hand])
    verdict = judge_throw(ctx, lead, [to_layers(hand) for hand in hands])
    if verdict.valid:
        return {"valid": True}
    return {
        "valid": False,
        "forced": format_cards(ctx.sort_high_to_low(list(verdict.forced))),
        "penalty": verdict.penalty,
        "blocker": verdict.blocker,
    }


def _bonus(request: Request) -> Answer:
    ctx = _trump(request)
    talon = _talon(request)
    last_lead = _lead(ctx, _cards(request, "last_lead"), "last_lead")
    _one_pack(talon=talon, last_lead=last_lead.cards())
    return {"bonus": talon_bonus(ctx, talon, last_lead.cards())}


def _settle(request: Request) -> Answer:
    rules = _rules(request)
    settlement = settle(_int(request, "points"), rules)
    if "levels" not in request:
        return {"winner": settlement.winner, "levels": settlement.levels}
    # the teams' levels before the round: the climb stops on the must-defend ranks (R-S6)
    levels = request["levels"]
    if not isinstance(levels, dict) or set(levels) != {"declarers", "opponents"}:
        raise BadRequest(
            'field \'levels\' must look like {"declarers": "5", "opponents": "K"}: the '
            "teams' levels before the round"
        )
    # both are read (a bad one is refused), the level of the team that goes up is used
    level = {team: _rank(levels, team) for team in ("declarers", "opponents")}[settlement.winner]
    reached = climb(level, settlement.levels, settlement.declarers_hold, rules)
    return {
        "winner": settlement.winner,
        "levels": reached - level,
        "level": None if reached >= PAST_ACE else RANKS[reached],
    }


def _declare(request: Request) -> Answer:
    rules = _rules(request)
    rank = _rank(request)
    seat = _int(request, "seat", 0, 3)
    cards = _cards(request, "cards")
    standing_field = _field(request, "standing")
    standing = None
    if standing_field is not None:
        if not isinstance(standing_field, dict):
            raise BadRequest('field \'standing\' must be null or {"cards": "…", "seat": s}')
        _keys(standing_field, "standing", ("cards", "seat"))
        standing_cards = _read_cards(standing_field.get("cards"), "standing.cards")
        seat_of = _read_int(standing_field.get("seat"), "standing.seat", 0, 3)
        # R-T2: what stands was itself a declaration for this rank (a strengthened
        # single stands as the pair it became)
        not_one = declaration_error(rank, standing_cards, rules)
        if not_one is not None:
            raise BadRequest(f"field 'standing.cards' is not a declaration (R-T2): {not_one}")
        if seat_of != seat:  # one seat's own cards are the same physical cards
            _one_pack(**{"standing.cards": standing_cards, "cards": cards})
        standing = Declaration(seat_of, tuple(standing_cards))
    earlier = _earlier(request, rank, seat, rules)
    if earlier is not None and standing is not None and standing.seat != seat:
        _one_pack(**{"standing.cards": list(standing.cards), "earlier.cards": list(earlier.cards)})
    try:
        declare_outcome(rank, standing, seat, cards, rules, earlier)
    except IllegalAction as refusal:
        return {"allowed": False, "rule": refusal.rule}
    return {"allowed": True}


def _earlier(request: Request, rank: int, seat: int, rules: RuleSet) -> Declaration | None:
    """The optional ``earlier`` field of ``declare``: ``null`` or ``{"cards": "…"}``, the
    last declaration ``seat`` made this round when another stands now — what
    ``reinforce_to_tie`` lets it reinforce (R-T3). It must be a declaration (R-T2)."""
    field = request.get("earlier")
    if field is None:
        return None
    if not isinstance(field, dict):
        raise BadRequest('field \'earlier\' must be null or {"cards": "…"}')
    _keys(field, "earlier", ("cards",))
    cards = _read_cards(field.get("cards"), "earlier.cards")
    not_one = declaration_error(rank, cards, rules)
    if not_one is not None:
        raise BadRequest(f"field 'earlier.cards' is not a declaration (R-T2): {not_one}")
    return Declaration(seat, tuple(cards))


def _flip(request: Request) -> Answer:
    rules = _rules(request)
    rank = _rank(request)
    talon = _talon(request)
    try:
        suit, turned = flip_talon(rank, talon, rules)
    except ValueError as error:
        raise BadRequest(str(error)) from None
    # a joker turned first under talon_flip "first_card" gives no trump suit: null
    return {"suit": None if suit is None else suit_label(suit), "turned": turned}


OPS: dict[str, Callable[[Request], Answer]] = {
    "combo": _combo,
    "follow": _follow,
    "winner": _winner,
    "throw": _throw,
    "bonus": _bonus,
    "settle": _settle,
    "declare": _declare,
    "flip": _flip,
}


def answer(line: str) -> Answer:
    """The answer to one request line (an error answer for bad input)."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        return {"id": None, "error": f"the line is not JSON: {error.msg} at column {error.colno}"}
    if not isinstance(request, dict):
        return {"id": None, "error": "a request must be a JSON object"}
    head: Answer = {"id": request["id"]} if "id" in request else {}
    op = request.get("op")
    handler = OPS.get(op) if isinstance(op, str) else None
    if handler is None:
        known = ", ".join(OPS)
        return {"id": request.get("id"), "error": f"unknown op {op!r}: the ops are {known}"}
    try:
        _rules(request)  # every op refuses unknown rule options, even those that ignore rules
        return head | handler(request)
    except BadRequest as error:
        return {"id": request.get("id"), "error": str(error)}
    except Exception as error:  # a bug must not break the protocol: report it and go on
        return {"id": request.get("id"), "error": f"internal error: {error!r}"}


def answer_lines(lines: Iterable[str]) -> Iterator[str]:
    """One JSON answer line for each non-blank request line, in order."""
    for line in lines:
        if line.strip():
            yield json.dumps(answer(line), ensure_ascii=False)


def run(stdin: TextIO, stdout: TextIO) -> None:
    """Answer every line of ``stdin`` on ``stdout``, flushing each answer.

    JSON Lines are UTF-8 whatever the locale says (a Windows pipe defaults to a legacy
    code page); undecodable bytes become U+FFFD and get an error answer, never a crash.
    """
    for stream, errors in ((stdin, "replace"), (stdout, "strict")):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8", errors=errors)
    for out in answer_lines(stdin):
        stdout.write(out + "\n")
        stdout.flush()
