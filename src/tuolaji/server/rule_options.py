"""The rule options as the browser's lobby offers them (``GET /api/meta``).

Each option of :data:`tuolaji.core.rules.OPTION_NAMES` (docs/rules.md §12) gets a short
label and a one-line explanation, and each choice of a choice option a label. They are
English msgids marked with ``N_()`` (babel.cfg extracts them into the project's
catalogs): the client shows them through the catalog of ``GET /api/catalog/{lang}``.
"""

from __future__ import annotations

from typing import Any, Final

from tuolaji.core.rules import CHOICES, OPTION_NAMES, PRESET_OPTIONS, RuleSet, preset
from tuolaji.i18n import N_

#: the smallest and largest throw penalty the rules accept (``RuleSet`` refuses others)
THROW_PENALTY_RANGE: Final = (0, 200)

#: option → (label, help): the help says what the option changes, naming its rule
OPTION_TEXTS: Final[dict[str, tuple[str, str]]] = {
    "follow_tractor_first": (
        # TRANSLATORS: the browser lobby's rule options: a short label beside each
        # option's control, then one sentence saying what it changes. Keep the rule ids
        # (R-P5, R-T7 …) as they are: they name the rules of docs/rules.md.
        N_("Follow a tractor with a tractor"),
        N_(
            "When a tractor is led, a player who holds a tractor of the same length in "
            "the led suit must play one (R-P5)."
        ),
    ),
    "rank_trumps_in_no_trump": (
        N_("Rank cards stay trumps with no trump suit"),
        N_(
            "In a round without a trump suit, the cards of the trump rank stay trumps, "
            "equal to each other, just below the jokers (R-T7)."
        ),
    ),
    "talon_multiplier": (
        N_("Talon bonus"),
        N_("How the talon's points are multiplied when the opponents win the last trick (R-S2)."),
    ),
    "throw_penalty": (
        N_("Failed throw penalty"),
        N_(
            "Points the thrower's team gives up for every card taken back after a failed "
            "throw; 0 turns the penalty off (R-H3)."
        ),
    ),
    "failed_throw_must_beat": (
        N_("The blocker must beat a failed throw"),
        N_(
            "After a failed throw, the player who blocked it must beat the part that is "
            "led instead (R-H2)."
        ),
    ),
    "hidden_history": (
        N_("Hide played cards"),
        N_(
            "Only the trick being played and the last one show their cards; older tricks "
            "keep only their winner and points (R-V1)."
        ),
    ),
    "hide_blocker": (
        N_("Hide who blocks a throw"),
        N_("After a failed throw, nobody but the blocker is told who could beat it (R-V2)."),
    ),
    "hide_declarer_points": (
        N_("Hide the declarers' points"),
        N_(
            "The points the declaring team takes in tricks are shown to nobody until the "
            "round ends (R-V3)."
        ),
    ),
    "throw_penalty_per": (
        N_("Failed throw penalty counted"),
        N_(
            "Whether the failed throw penalty is paid for every card taken back or once "
            "for each failed throw (R-H3)."
        ),
    ),
    "talon_flip": (
        N_("Trump from the talon"),
        N_(
            "When nobody declares in a later round, how the talon gives the trump suit: "
            "turned up to the first card of the trump rank, or its first card alone (R-T6)."
        ),
    ),
    "declaration_order": (
        N_("Which declaration overrides which"),
        N_(
            "Whether more cards and then jokers override, also a pair of a higher suit, or "
            "only more cards (R-T3)."
        ),
    ),
    "reinforce_to_tie": (
        N_("Reinforce to tie"),
        N_(
            "A player whose single a pair of rank cards overrode may still show its twin: "
            "the pair ties and stands instead (R-T3)."
        ),
    ),
    "red_joker_single": (
        N_("One red joker declares"),
        N_(
            "A single red joker declares a round with no trump suit; a black joker still "
            "needs its pair (R-T2)."
        ),
    ),
    "first_declarer_starts": (
        N_("The first declarer starts"),
        N_(
            "In the first round the first player to declare starts and their team "
            "declares, even when another declaration overrides theirs (R-T5)."
        ),
    ),
    "throw_evaluation": (
        N_("Ruffing a throw"),
        N_(
            "Which of two players who ruff a throw in trumps is higher: the one with the "
            "higher part of the throw's biggest kind, or the one with the highest card (R-W4)."
        ),
    ),
}

#: choice option → value → label
CHOICE_LABELS: Final[dict[str, dict[str, str]]] = {
    "talon_multiplier": {
        # TRANSLATORS: the choices of the talon bonus (R-S2): how the points buried in
        # the talon are multiplied when the opponents win the last trick.
        "cards": N_("2 × the number of cards in the last lead"),
        "largest_part": N_("2 × the number of cards in the last lead's largest part"),
        "power": N_("2 to the power of the number of cards in the last lead's largest part"),
    },
    "throw_penalty_per": {
        # TRANSLATORS: the choices of how a failed throw's penalty is counted (R-H3)
        "card": N_("For every card taken back"),
        "throw": N_("Once for each failed throw"),
    },
    "talon_flip": {
        # TRANSLATORS: the choices of how the talon gives the trump suit when nobody
        # declares (R-T6)
        "rank_or_highest": N_("Turned up to a card of the trump rank, else its highest card"),
        "first_card": N_("Its first card decides; a joker means no trump suit"),
    },
    "declaration_order": {
        # TRANSLATORS: the choices of which trump declaration overrides which (R-T3)
        "joker_or_length": N_("More cards, then jokers over rank cards"),
        "joker_or_higher_suit": N_("More cards, then jokers, then a pair of a higher suit"),
        "length": N_("More cards only"),
    },
    "throw_evaluation": {
        # TRANSLATORS: the choices of which ruff of a thrown lead wins (R-W4)
        "biggest_part": N_("The higher part of the throw's biggest kind"),
        "highest": N_("The highest card"),
    },
}


def option_list() -> list[dict[str, Any]]:
    """Every rule option the lobby offers (those with a label here), in the rules'
    order: its name, its kind (``bool``, ``choice`` with its choices, ``number`` with
    its range), its label and its help. (The options added since have no control in
    the lobby yet: a room keeps their preset's values.)

    >>> [option["kind"] for option in option_list()]  # doctest: +NORMALIZE_WHITESPACE
    ['bool', 'bool', 'choice', 'number', 'bool', 'bool', 'bool', 'bool', 'choice',
     'choice', 'choice', 'bool', 'bool', 'bool', 'choice']
    >>> option_list()[3]["min"], option_list()[3]["max"]
    (0, 200)
    """
    defaults = RuleSet()
    options = []
    for name in OPTION_NAMES:
        if name not in OPTION_TEXTS:
            continue
        label, help_text = OPTION_TEXTS[name]
        option: dict[str, Any] = {"name": name}
        default = getattr(defaults, name)
        if isinstance(default, bool):
            option["kind"] = "bool"
        elif name in CHOICES:
            option["kind"] = "choice"
            option["choices"] = [
                {"value": value, "label": CHOICE_LABELS[name][value]} for value in CHOICES[name]
            ]
        else:
            option["kind"] = "number"
            option["min"], option["max"] = THROW_PENALTY_RANGE
        option["label"], option["help"] = label, help_text
        options.append(option)
    return options


def preset_options() -> dict[str, dict[str, Any]]:
    """Each preset's option values, by preset name.

    >>> preset_options()["classic"]["throw_penalty"]
    0
    """
    return {name: preset(name).options() for name in PRESET_OPTIONS}
