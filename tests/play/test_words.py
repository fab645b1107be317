"""The words players read: messages with cards, card and seat names, the hand's order,
the rule briefs, and how events and round results are told."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tuolaji.core.cards import parse_cards
from tuolaji.core.rules import STANDARD
from tuolaji.core.trump import TRUMP, trump_context
from tuolaji.game.events import (
    Buried,
    Declared,
    Event,
    GameOver,
    Passed,
    Played,
    RoundEnded,
    ThrowFailed,
    TrickWon,
    TrumpSettled,
)
from tuolaji.game.results import RoundResult
from tuolaji.play import words
from tuolaji.play.narrate import describe, game_over_text, round_verdict, summary_lines
from tuolaji.play.rules_text import DETAILS, SECTIONS, rules_text
from tuolaji.play.words import (
    RULE_BRIEFS,
    CardRun,
    by_seat,
    by_seat_text,
    by_team,
    fill,
    plain,
    refusal,
    rich,
    seat_name,
    sort_hand,
)

ROOT = Path(__file__).resolve().parents[2]


def test_messages_keep_cards_apart_from_words() -> None:
    message = fill("{who} plays {cards}.", who="East", cards=tuple(parse_cards("TH TH")))
    assert message == ["East", " plays ", CardRun(tuple(parse_cards("TH TH"))), "."]
    assert plain(message) == "East plays TH TH."
    assert rich(message).plain == "East plays T♥ T♥."
    red = [span for span in rich(message).spans if "red" in str(span.style)]
    assert red, "hearts are red on the screen"


def test_seats_and_suits_in_words() -> None:
    # the table as the human (South, seat 0) sees it: East plays next (R-N4)
    assert [seat_name(seat) for seat in range(4)] == ["You", "East", "North", "West"]
    assert words.suit_heading(TRUMP) == "Trumps"
    assert words.suit_heading(1) == "♥ hearts"


def test_the_hand_is_grouped_trumps_first_high_to_low() -> None:
    ctx = trump_context(0, 1, STANDARD)  # rank 2, hearts
    groups = sort_hand(ctx, 0, parse_cards("3H 2S AS RJ 2H KC 5D AH"))
    assert ctx.eff[groups[0][0]] == TRUMP
    assert plain([CardRun(tuple(groups[0]))]) == "RJ 2H 2S AH 3H"
    assert [plain([CardRun(tuple(g))]) for g in groups[1:]] == ["AS", "KC", "5D"]
    # before the trump suit is known, the rank cards and jokers still come first
    early = sort_hand(None, 0, parse_cards("3H 2S AS BJ 2H"))
    assert plain([CardRun(tuple(early[0]))]) == "BJ 2S 2H"


def test_every_rule_id_has_a_brief_and_a_place_in_the_rules_text() -> None:
    documented = set(re.findall(r"R-[A-Z]\d+", (ROOT / "docs" / "rules.md").read_text()))
    assert set(RULE_BRIEFS) == documented
    assert {rule for _heading, rules in SECTIONS for rule in rules} == documented
    assert set(DETAILS) <= documented
    text = rules_text()
    for rule in documented:
        assert f"\n{rule}  " in text
    assert refusal("R-P3").startswith("Not allowed (R-P3): When a single is led")
    assert "against the rules" in refusal("R-X9")


def test_events_are_told_from_the_human_seat() -> None:
    assert plain(describe(Played(0, tuple(parse_cards("AS"))))) == "You play AS."  # type: ignore[arg-type]
    assert plain(describe(Played(1, tuple(parse_cards("AS"))))) == "East plays AS."  # type: ignore[arg-type]
    assert plain(describe(TrickWon(3, 2, 15))) == "Trick 3: North wins it (15 points)."  # type: ignore[arg-type]
    assert plain(describe(TrickWon(4, 0, 0))) == "Trick 4: you win it."  # type: ignore[arg-type]
    assert plain(describe(GameOver(0, (13, 5)))) == game_over_text(0)  # type: ignore[arg-type]
    assert "we pass the ace and win" in game_over_text(0)
    assert "they pass the ace" in game_over_text(1)


def result(
    points: int,
    bonus: int,
    shown: bool,
    declarers: int = 1,
    starter: int = 1,
    talon: str = "",
) -> RoundResult:
    """A round that team ``declarers`` declared from seat ``starter`` (team 1, seat 1)."""
    return RoundResult(
        number=2,
        rank=1,
        suit=0,
        declarers=declarers,
        starter=starter,
        opponents_points=points,
        trick_points=points - bonus,
        penalties=0,
        talon_bonus=bonus,
        talon=tuple(parse_cards(talon)) if talon else (),
        talon_shown=shown,
        declarers_hold=points < 80,
        levels_gained=1,
        failed_throws=0,
    )


def test_the_round_summary_tells_points_bonus_levels_and_who_is_next() -> None:
    # They (seat 1) declared, so we were the opponents: the points are ours, said so (R-S1)
    taken = RoundEnded(2, 130, False, 1, (2, 1), 0, 2)
    lines = [
        plain(line)
        for line in summary_lines(result(130, 40, True, talon="3S 4S 5H 6H 7D 8D 9C TC"), taken)
    ]
    assert "Declarers: They; starter: East." in lines
    assert "Points in tricks: 90 points." in lines
    assert "East buried 3S 4S 5H 6H 7D 8D 9C TC in the talon." in lines  # R-K1
    assert "Talon bonus: 40 points." in lines
    assert "Total for the opponents: 130 points." in lines
    assert lines[-1] == (
        "Round 2 is over: we were the opponents and won 130 points. "
        "We become the declarers and go up 1 level. Levels: We 4, They 3. Next round: North starts."
    )
    held = RoundEnded(2, 35, True, 2, (1, 3), 1, 3)
    lines = [plain(line) for line in summary_lines(result(35, 0, False), held)]
    assert not any("buried" in line for line in lines)  # no talon given, none told
    assert "Talon bonus: none (the declarers took the last trick)." in lines
    assert "They stay declarers and go up 2 levels." in lines[-1]
    assert lines[-1].startswith("Round 2 is over: we were the opponents and won 35 points.")


def test_the_summary_says_whose_points_from_the_human_side() -> None:
    # we declared from seat 0: the opponents are They, and the human started
    ours = result(60, 0, False, declarers=0, starter=0, talon="3S 4S 5H 6H 7D 8D 9C TC")
    held = RoundEnded(2, 60, True, 1, (2, 1), 0, 2)
    lines = [plain(line) for line in summary_lines(ours, held)]
    assert lines[0] == "Declarers: We; starter: you."
    assert "Points in tricks: 60 points." in lines
    assert "You buried 3S 4S 5H 6H 7D 8D 9C TC in the talon." in lines
    assert "Total for the opponents: 60 points." in lines
    assert lines[-1].startswith("Round 2 is over: they were the opponents and won 60 points.")
    assert "We stay declarers and go up 1 level." in lines[-1]
    # the rules' own terms: the declarers' side never "defends" in these words
    assert not any("defend" in line.lower() for line in lines)


def test_messages_about_the_human_use_their_own_second_person_sentences() -> None:
    assert plain(by_seat(0, "You take {cards}.", "{who} takes {cards}.", cards=(1,))) == (
        "You take 3S."
    )
    assert by_seat_text(3, "You take it.", "{who} takes it.") == "West takes it."
    assert plain(by_team(0, "We hold on.", "They hold on.")) == "We hold on."
    assert plain(by_team(1, "We hold on.", "They hold on.")) == "They hold on."
    # the next starter: "Next round: you start.", never "You starts" (R-S4)
    to_us = RoundEnded(1, 30, True, 2, (2, 0), 0, 0)
    assert round_verdict(to_us).endswith("Levels: We 4, They 2. Next round: you start.")
    to_east = RoundEnded(1, 130, False, 1, (0, 1), 1, 1)
    assert "They become the declarers and go up 1 level." in round_verdict(to_east)
    assert round_verdict(to_east).endswith("Next round: East starts.")
    # 80–115: the opponents take over without going up (R-S3)
    level = RoundEnded(1, 95, False, 0, (0, 0), 1, 1)
    assert round_verdict(level).startswith(
        "Round 1 is over: they were the opponents and won 95 points. "
        "They become the declarers, without going up."
    )
    settled = describe(TrumpSettled(0, 1, 0, 0))
    assert plain(settled) == "Trump: rank 2, ♥ hearts. You start and take the talon."  # type: ignore[arg-type]


def test_the_human_seat_name_is_never_put_into_a_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    # a third-person sentence about "You" would show the seat's name: rename seat 0 and
    # look for it in everything told about seat 0
    monkeypatch.setattr("tuolaji.wording.names._SEAT_NAMES", ("SEAT-ZERO", "East", "North", "West"))
    cards = tuple(parse_cards("AS AS"))
    events: list[Event] = [
        Declared(0, cards[:1]),
        Passed(0),
        TrumpSettled(0, 0, 0, 0),
        Buried(0, cards),
        ThrowFailed(0, cards, cards[:1], 10, 1),
        ThrowFailed(1, cards, cards[:1], 10, 0),
        Played(0, cards),
        TrickWon(1, 0, 10),
        TrickWon(2, 0, 0),
        RoundEnded(1, 30, True, 2, (2, 0), 0, 0),
        GameOver(0, (13, 2)),
    ]
    told = [plain(message) for event in events if (message := describe(event)) is not None]
    told.append(round_verdict(RoundEnded(1, 90, False, 1, (0, 1), 0, 0)))
    told += [
        plain(line)
        for line in summary_lines(result(30, 0, False, declarers=0, starter=0, talon="AS AS"), None)
    ]
    assert len(told) == len(events) + 1 + 5  # every event told, the verdict, 5 summary lines
    assert not [line for line in told if "SEAT-ZERO" in line]


def test_a_failed_throw_says_who_blocks_it_and_what_is_led_instead() -> None:
    throw, forced = tuple(parse_cards("AS KS 5S")), tuple(parse_cards("5S"))
    west = describe(ThrowFailed(3, throw, forced, 20, 2))
    assert plain(west) == (  # type: ignore[arg-type]
        "West's throw of AS KS 5S fails: North can beat 5S (R-H2). "
        "West leads 5S instead and pays 20 points (R-H3)."
    )
    mine = describe(ThrowFailed(0, throw, forced, 20, 1))
    assert plain(mine) == (  # type: ignore[arg-type]
        "Your throw of AS KS 5S fails: East can beat 5S (R-H2). "
        "You lead 5S instead and pay 20 points (R-H3)."
    )
    blocked_by_me = describe(ThrowFailed(1, throw, forced, 20, 0))
    assert plain(blocked_by_me).startswith(  # type: ignore[arg-type]
        "East's throw of AS KS 5S fails: you can beat 5S (R-H2). East leads 5S"
    )
    # a rule set without penalties (classic throw_penalty 0, R-H3): nothing is paid
    free = describe(ThrowFailed(3, throw, forced, 0, 2))
    assert plain(free).endswith("West leads 5S instead.")  # type: ignore[arg-type]
    # the cards stay cards, so the screen can colour them
    assert CardRun(throw) in west and CardRun(forced) in west  # type: ignore[operator]
