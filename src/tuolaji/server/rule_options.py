"""The rule options as the browser's room settings offer them (``GET /api/meta``).

Each option of :data:`tuolaji.core.rules.OPTION_NAMES` (docs/rules.md §12) gets a short
label and a one-line explanation naming its rule (:data:`OPTION_TEXTS`), a group of the
settings panel (:data:`OPTION_GROUPS`), and each choice of a choice option a label. They
are English msgids marked with ``N_()`` (babel.cfg extracts them into the project's
catalogs): the client shows them through the catalog of ``GET /api/catalog/{lang}``.

An option's control comes from its kind (:func:`option_kind`): ``bool``, ``choice``
(labelled choices), ``number`` (its range), ``ranks`` (any set of the 13 ranks) or
``scoring`` (a group of numbers). The ranges are the core's own
(:data:`tuolaji.core.rules.NUMBER_RANGES`, :data:`tuolaji.core.rule_values.SCORING_RANGES`):
the form checks what the rules check, from one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from tuolaji.core.cards import RANKS
from tuolaji.core.rule_values import SCORING_RANGES, STARTER_CHOICES
from tuolaji.core.rules import (
    NUMBER_RANGES,
    OPTION_CHOICES,
    OPTION_NAMES,
    PRESET_OPTIONS,
    RuleSet,
    preset,
)
from tuolaji.i18n import N_, _

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
    "must_defend": (
        N_("Must-defend ranks"),
        N_(
            "A team's level stops on each of these ranks and leaves it only by winning a "
            "round on it as declarers (R-S6)."
        ),
    ),
    "ace_attempts": (
        N_("Tries on the Ace"),
        N_("Declarers who lose this many rounds on the Ace go back to 2; 0 means no limit (R-S5)."),
    ),
    "scoring": (
        N_("Scoring"),
        N_(
            "How the opponents' points turn into levels: the points of a level step, "
            "the thresholds and the most levels a round gives (R-S3)."
        ),
    ),
    "red_jokers_override": (
        N_("Red jokers beat black jokers"),
        N_("A pair of red jokers overrides a standing pair of black jokers (R-T3)."),
    ),
    "reinforce": (
        N_("Reinforce a declaration"),
        N_(
            "The player whose single declaration stands may show its twin to make it a pair (R-T3)."
        ),
    ),
    "overturn_own": (
        N_("Override your own declaration"),
        N_(
            "The player whose declaration stands may replace it with a stronger one of "
            "their own (R-T3)."
        ),
    ),
    "joker_no_trump": (
        N_("Jokers declare no trump"),
        N_("A pair of identical jokers declares a round without a trump suit (R-T2)."),
    ),
    "show_talon": (
        N_("Show the talon after the round"),
        N_(
            "Every player sees the buried cards when the round ends; off, only the "
            "starter does, unless the talon bonus turns them up (R-K1)."
        ),
    ),
    "first_round_starter": (
        N_("When nobody declares in round 1"),
        N_("Who starts the first round if nobody declares a trump (R-T6)."),
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
    "takebacks": (
        N_("Takebacks"),
        N_(
            "A table setting for friendly games, never used by bots: a player may take back "
            "their last play or declaration while nobody has acted after it (R-U1)."
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

#: the groups of the settings panel, in order: name → heading
GROUPS: Final[dict[str, str]] = {
    # TRANSLATORS: headings of the groups of rule options in the browser's room settings
    "following": N_("Following and throws"),
    "declaring": N_("Declaring and trumps"),
    "talon": N_("The talon"),
    "scoring": N_("Scoring and levels"),
    "seen": N_("What players see"),
    "table": N_("Table"),
}
#: the groups the panel shows open; the others start folded
OPEN_GROUPS: Final = ("following", "declaring")

#: option → its group (options that other parts of the project add have their group here)
OPTION_GROUPS: Final[dict[str, str]] = {
    "follow_tractor_first": "following",
    "throw_penalty": "following",
    "failed_throw_must_beat": "following",
    "rank_trumps_in_no_trump": "declaring",
    "red_jokers_override": "declaring",
    "reinforce": "declaring",
    "overturn_own": "declaring",
    "joker_no_trump": "declaring",
    "first_round_starter": "declaring",
    "talon_multiplier": "talon",
    "show_talon": "talon",
    "scoring": "scoring",
    "must_defend": "scoring",
    "ace_attempts": "scoring",
    "hidden_history": "seen",
    "hide_blocker": "seen",
    "hide_declarer_points": "seen",
    "takebacks": "table",
    "throw_penalty_per": "following",
    "throw_evaluation": "following",
    "talon_flip": "declaring",
    "declaration_order": "declaring",
    "reinforce_to_tie": "declaring",
    "red_joker_single": "declaring",
    "first_declarer_starts": "declaring",
}

#: each field of ``scoring`` → (label, help)
SCORING_TEXTS: Final[dict[str, tuple[str, str]]] = {
    # TRANSLATORS: the fields of the scoring option (R-S3) in the room settings
    "step": (
        N_("Points a level"),
        N_("Every this many points the opponents fall short of or pass is one level."),
    ),
    "take_over": (
        N_("Points to take over"),
        N_("With this many points the opponents become the declarers."),
    ),
    "opponents_up": (
        N_("Points to go up"),
        N_("With this many points the opponents also go up a level."),
    ),
    "shutout_bonus": (
        N_("Levels for a shutout"),
        N_("The levels the declarers gain more when the opponents win no points."),
    ),
    "cap": (
        N_("Most levels a round"),
        N_("The most levels a team gains in one round; empty means no cap."),
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
    "first_round_starter": {
        # TRANSLATORS: who starts a first round nobody declares in (R-T6)
        "redeal": N_("Deal again"),
        "random": N_("A seat drawn by chance"),
    },
}
#: how a seat is named among the choices (as the room settings name seats)
SEAT_CHOICE: Final = N_("Seat {n}")
#: the name of the scoring cap's "no cap" (a null cap)
NO_CAP: Final = N_("No cap")


def option_kind(name: str) -> str:
    """The kind of control option ``name`` takes: ``bool``, ``choice``, ``number``,
    ``ranks`` or ``scoring``.

    >>> option_kind("show_talon"), option_kind("ace_attempts"), option_kind("must_defend")
    ('bool', 'number', 'ranks')
    """
    if name in OPTION_CHOICES or name == "first_round_starter":
        return "choice"
    if name in NUMBER_RANGES:
        return "number"
    if name == "must_defend":
        return "ranks"
    if name == "scoring":
        return "scoring"
    if isinstance(getattr(RuleSet(), name), bool):
        return "bool"
    raise ValueError(f"option {name} has no kind of control: give it one in rule_options")


def _choices(name: str) -> list[dict[str, Any]]:
    if name == "first_round_starter":
        named: list[dict[str, Any]] = [
            {"value": value, "label": CHOICE_LABELS[name][value]} for value in STARTER_CHOICES
        ]
        return named + [{"value": seat, "label": SEAT_CHOICE, "n": seat} for seat in range(4)]
    return [{"value": value, "label": CHOICE_LABELS[name][value]} for value in OPTION_CHOICES[name]]


def option_entry(name: str) -> dict[str, Any]:
    """What the room settings need of option ``name``: its name, group, kind, label and
    help, and by kind its choices, range, ranks or fields."""
    label, help_text = OPTION_TEXTS[name]
    kind = option_kind(name)
    # an option given no group yet goes to the last one (tests/server/test_room_settings.py
    # asks every option for one)
    group = OPTION_GROUPS.get(name, list(GROUPS)[-1])
    option: dict[str, Any] = {"name": name, "kind": kind, "group": group}
    if kind == "choice":
        option["choices"] = _choices(name)
    elif kind == "number":
        option["min"], option["max"] = NUMBER_RANGES[name]
    elif kind == "ranks":
        option["ranks"] = list(RANKS)
    elif kind == "scoring":
        option["fields"] = [
            {
                "name": field,
                "label": SCORING_TEXTS[field][0],
                "help": SCORING_TEXTS[field][1],
                "min": low,
                "max": high,
                **({"none_label": NO_CAP} if field == "cap" else {}),
            }
            for field, low, high in SCORING_RANGES
        ]
    option["label"], option["help"] = label, help_text
    return option


def option_list() -> list[dict[str, Any]]:
    """Every rule option, in the rules' order, as :func:`option_entry` describes it.

    >>> [option["kind"] for option in option_list()][:5]
    ['bool', 'bool', 'choice', 'number', 'bool']
    >>> option_list()[3]["min"], option_list()[3]["max"]
    (0, 200)
    """
    return [option_entry(name) for name in OPTION_NAMES]


def group_list() -> list[dict[str, Any]]:
    """The groups of the settings panel, in order: name, heading (a msgid) and whether
    it starts open."""
    return [
        {"name": name, "label": label, "open": name in OPEN_GROUPS}
        for name, label in GROUPS.items()
    ]


def translated_labels() -> dict[str, str]:
    """Every option's label in the current language, and each scoring field's as
    ``scoring.FIELD``: what a refusal of the rules names (:mod:`tuolaji.wording.rule_errors`)."""
    labels: Mapping[str, tuple[str, str]] = OPTION_TEXTS
    names = {name: _(texts[0]) for name, texts in labels.items()}
    names["preset"] = _(PRESET_LABEL)
    for field, (label, _help) in SCORING_TEXTS.items():
        names[f"scoring.{field}"] = _(label)
    return names


#: what a refusal calls the preset
PRESET_LABEL: Final = N_("Rules preset")


def preset_options() -> dict[str, dict[str, Any]]:
    """Each preset's option values, by preset name.

    >>> preset_options()["classic"]["throw_penalty"]
    0
    """
    return {name: preset(name).options() for name in PRESET_OPTIONS}
