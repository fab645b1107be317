"""What the front ends say and show in common, with no screen library: the layer between
the two ways to play (the terminal, :mod:`tuolaji.play`, and the online server,
:mod:`tuolaji.server`) and the translation layer (:mod:`tuolaji.i18n`).

- :mod:`~tuolaji.wording.messages`: messages with cards and seats in them
  (:class:`CardRun`, :class:`SeatName`, :func:`fill`, :func:`plain`, and
  :func:`message_parts` for the online protocol);
- :mod:`~tuolaji.wording.names`: seats (from the reader's chair) and suits in words;
- :mod:`~tuolaji.wording.seats`: the seats of an online room, named alike for every
  reader, with their position from the reader's chair (:func:`seat_label`);
- :mod:`~tuolaji.wording.briefs`: each rule in one sentence (:func:`rule_brief`);
- :mod:`~tuolaji.wording.refusals`: the sentence for an action the rules refuse
  (:func:`refusal_text`);
- :mod:`~tuolaji.wording.rule_errors`: the sentence for rule options the rules refuse
  (:func:`~tuolaji.wording.rule_errors.rules_error_text`);
- :mod:`~tuolaji.wording.hands`: the order a hand is shown in (:func:`sort_hand`).

Every sentence is in the current language (:func:`tuolaji.i18n.using_language` sets it
for one block). The terminal's rich text stays in :mod:`tuolaji.play.words`.
"""

from __future__ import annotations

from tuolaji.wording.briefs import RULE_BRIEFS, refusal, rule_brief
from tuolaji.wording.hands import (
    RANK_TRUMPS,
    display_context,
    effective_suit,
    sort_hand,
    suit_groups,
)
from tuolaji.wording.messages import CardRun, Message, Piece, SeatName, fill, message_parts, plain
from tuolaji.wording.names import HUMAN, seat_name, suit_heading, suit_name
from tuolaji.wording.refusals import refusal_message, refusal_parts, refusal_text
from tuolaji.wording.seats import display_name, position_word, seat_label

__all__ = [
    "HUMAN",
    "RANK_TRUMPS",
    "RULE_BRIEFS",
    "CardRun",
    "Message",
    "Piece",
    "SeatName",
    "display_context",
    "display_name",
    "effective_suit",
    "fill",
    "message_parts",
    "plain",
    "position_word",
    "refusal",
    "refusal_message",
    "refusal_parts",
    "refusal_text",
    "rule_brief",
    "seat_label",
    "seat_name",
    "sort_hand",
    "suit_groups",
    "suit_heading",
    "suit_name",
]
