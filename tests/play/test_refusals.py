"""The refusal line the player reads: one sentence per reason of the engine's
:class:`IllegalAction`, naming the rule and the cards, never a bare rule brief where the
engine said what was wrong. The named cases of a real game (a card led that is not
held, a trump throw followed off-suit …) are followed end to end in
tests/game/test_scenarios_refusals.py."""

from __future__ import annotations

import pytest

from tuolaji.core import errors
from tuolaji.core.cards import parse_cards
from tuolaji.core.errors import IllegalAction
from tuolaji.play.refusals import refusal_message, refusal_text
from tuolaji.play.words import CardRun, refusal, rule_brief

REASONS = sorted(
    value
    for name, value in vars(errors).items()
    if name.isupper() and isinstance(value, str) and not name.startswith("_")
)
CARDS = tuple(parse_cards("KD TD 5D"))
#: every number any reason's message may name
DETAILS = {"need": 3, "given": 1, "seat": 1, "suit": 2, "length": 2, "rank": 0, "left": 7}
#: the rule each reason is raised with (the wrong-phase sentence depends on it)
RULE_OF = {errors.WRONG_PHASE: "R-P1", errors.NOT_YOUR_TURN: "R-P1"}


@pytest.fixture(autouse=True)
def in_english(english: None) -> None:
    """Every test here reads the English sentences."""


def refused(reason: str, cards: tuple[int, ...] = CARDS, rule: str = "R-P3") -> IllegalAction:
    return IllegalAction(RULE_OF.get(reason, rule), "an English message", reason, cards, DETAILS)


def test_every_reason_of_the_engine_is_known() -> None:
    assert errors.NOT_HELD in REASONS and errors.MUST_FOLLOW_SUIT in REASONS
    assert len(REASONS) == 26


@pytest.mark.parametrize("reason", REASONS)
def test_every_reason_has_its_own_sentence(reason: str) -> None:
    error = refused(reason)
    text = refusal_text(error)
    assert text.startswith(f"Not allowed ({error.rule}): ")
    assert rule_brief(error.rule) not in text
    assert "{" not in text and "}" not in text


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        (errors.NOT_HELD, "You don't hold KD TD 5D."),
        (errors.MUST_FOLLOW_SUIT, "You hold KD TD 5D of the led suit (diamonds): they must all"),
        (errors.MUST_BEAT, "can beat KD TD 5D: you must beat it."),
        (errors.WRONG_COUNT, "Play 3 cards, as many as were led, not 1."),
        (errors.BURY_COUNT, "Bury exactly 3 cards. You chose 1."),
        (errors.NOT_YOUR_TURN, "Wait for your turn: East plays now."),
        (errors.NOT_A_DECLARATION, "You cannot declare with KD TD 5D: show one or two"),
        (errors.TOO_WEAK, "The declaration KD TD 5D by East stands"),
        (errors.BAD_DRAW_COUNT, "Only 7 cards are left to draw."),
    ],
)
def test_the_sentence_names_the_cards_and_numbers(reason: str, expected: str) -> None:
    assert expected in refusal_text(refused(reason))


def test_the_cards_stay_cards_for_the_screen() -> None:
    message = refusal_message(refused(errors.NOT_HELD))
    assert message == ["Not allowed (", "R-P3", "): ", "You don't hold ", CardRun(CARDS), "."]


def test_a_follow_with_more_led_suit_cards_than_the_lead_says_how_many() -> None:
    text = refusal_text(refused(errors.MUST_FOLLOW_SUIT, cards=()))
    assert text.endswith(
        "You hold enough cards of the led suit (diamonds): play 3 cards of that suit."
    )


def test_singular_forms() -> None:
    one = IllegalAction("R-P3", "", errors.MUST_FOLLOW_SUIT, CARDS[:1], {**DETAILS, "need": 1})
    assert refusal_text(one).endswith("You hold KD of the led suit (diamonds): it must be played.")
    pair = IllegalAction("R-P4", "", errors.MUST_PLAY_PAIRS, (CARDS[0], CARDS[0]), DETAILS)
    assert "You hold the pair KD KD of the led suit (diamonds): it must be played." in (
        refusal_text(pair)
    )


def test_your_own_declaration_is_yours() -> None:
    mine = IllegalAction("R-T3", "", errors.TOO_WEAK, CARDS[:1], {"seat": 0})
    assert "Your declaration KD stands" in refusal_text(mine)


def test_a_refusal_without_a_reason_falls_back_to_the_rule_brief() -> None:
    bare = IllegalAction("R-P3", "old style")
    assert refusal_text(bare) == refusal("R-P3")
    assert refusal("R-P3").startswith("Not allowed (R-P3): When a single is led")
    assert refusal_text(IllegalAction("R-X9", "", "no-such-reason")) == refusal("R-X9")
