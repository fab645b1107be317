"""The words players read: messages with cards, card and seat names, the hand's order,
the rule briefs, and how events and round results are told."""

from __future__ import annotations

import re
from pathlib import Path

from tuolaji.core.cards import parse_cards
from tuolaji.core.rules import STANDARD
from tuolaji.core.trump import TRUMP, trump_context
from tuolaji.game.events import GameOver, Played, RoundEnded, TrickWon
from tuolaji.game.state import RoundResult
from tuolaji.play.narrate import describe, game_over_text, summary_lines
from tuolaji.play.rules_text import DETAILS, SECTIONS, rules_text
from tuolaji.play.words import (
    RULE_BRIEFS,
    CardRun,
    card_name,
    card_names,
    fill,
    plain,
    refusal,
    rich,
    seat_label,
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


def test_cards_and_seats_in_words() -> None:
    assert card_name(parse_cards("TH")[0]) == "ten of hearts"
    assert card_name(parse_cards("RJ")[0]) == "red joker"
    assert card_names(parse_cards("AS BJ")) == "ace of spades, black joker"
    assert seat_label(0) == "You"
    assert seat_label(2) == "North (partner)"
    assert seat_label(3) == "West (opponent)"


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


def result(points: int, bonus: int, shown: bool) -> RoundResult:
    """A round that team 1 declared from seat 1."""
    return RoundResult(
        number=2,
        rank=1,
        suit=0,
        declarers=1,
        starter=1,
        opponents_points=points,
        trick_points=points - bonus,
        penalties=0,
        talon_bonus=bonus,
        talon=(),
        talon_shown=shown,
        declarers_hold=points < 80,
        levels_gained=1,
        failed_throws=0,
    )


def test_the_round_summary_tells_points_bonus_levels_and_who_is_next() -> None:
    taken = RoundEnded(2, 130, False, 1, (2, 1), 0, 2)
    lines = summary_lines(result(130, 40, True), taken)
    assert "Declarers: They; starter: East." in lines
    assert "Opponents' points in tricks: 90 points." in lines
    assert "Talon bonus: 40 points." in lines
    assert "Opponents' total: 130 points." in lines
    assert any("We take over and go up 1 level." in line for line in lines)
    assert any("Next round: North starts." in line for line in lines)
    assert lines[-1] == "Next round we declare."
    held = RoundEnded(2, 35, True, 2, (1, 3), 1, 3)
    lines = summary_lines(result(35, 0, False), held)
    assert "Talon bonus: none (the declarers took the last trick)." in lines
    assert any("They hold on and go up 2 levels." in line for line in lines)
    assert lines[-1] == "Next round they declare."
