"""The rules of Tractor in plain words, one short paragraph per rule id of docs/rules.md,
for the rule set being played.

Most paragraphs are the rule's one-sentence brief (:data:`words.RULE_BRIEFS`, also shown
when a move is refused) followed by a few words more where the brief leaves something
out. The rules that an option of the rule set changes (docs/rules.md §12) are written
for the options in force instead, so ``tuolaji rules --rules classic`` and the game's
``?`` screen in a classic game tell the classic rules. ``tuolaji rules`` prints this
text, the plain mode's ``rules`` command and the ``?`` screen show it.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from rich.cells import cell_len

from tuolaji.core.cards import RANKS
from tuolaji.core.rule_values import DEFAULT_SCORING
from tuolaji.core.rules import STANDARD, RuleSet, preset
from tuolaji.i18n import N_, _, ngettext
from tuolaji.play.words import rule_brief

#: the sections of the rules, each a heading and the rule ids it explains
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Writing cards"), ("R-N1", "R-N2", "R-N3", "R-N4")),
    (N_("The cards and the deal"), ("R-D1", "R-D2", "R-D3")),
    (N_("Choosing trumps"), ("R-T1", "R-T2", "R-T3", "R-T4", "R-T5", "R-T6", "R-T7")),
    (N_("Which cards are higher"), ("R-O1", "R-O2", "R-O3", "R-O4")),
    (N_("The talon"), ("R-K1",)),
    (N_("Combinations"), ("R-C1", "R-C2", "R-C3", "R-C4")),
    (N_("Leading and following"), ("R-P1", "R-P2", "R-P3", "R-P4", "R-P5", "R-P6", "R-P7")),
    (N_("Throwing several combinations at once"), ("R-H1", "R-H2", "R-H3")),
    (N_("Who wins a trick"), ("R-W1", "R-W2", "R-W3", "R-W4", "R-W5")),
    (N_("Scoring"), ("R-S1", "R-S2", "R-S3", "R-S4", "R-S5", "R-S6")),
    (N_("What each player sees"), ("R-V1", "R-V2", "R-V3")),
    (N_("Table settings"), ("R-U1",)),
)

#: what a paragraph adds to its rule's brief, for the rules no option changes (rules
#: whose brief says it all have none)
DETAILS: dict[str, str] = {
    "R-N3": N_("Upper or lower case both work, and so do the symbols ♠ ♥ ♦ ♣."),
    "R-N4": N_("In this game you sit South; East plays after you, then North, then West."),
    "R-D2": N_(
        "In the first round you draw first; later the round's starter does. You may "
        "declare while the cards come in."
    ),
    "R-T2": N_(
        "One or two cards of the trump rank make their suit trumps; a pair of identical "
        "jokers means there is no trump suit this round."
    ),
    "R-T3": N_(
        "A pair cannot replace a pair, and nothing replaces a pair of jokers. You may turn "
        "your own single into a pair by showing its twin."
    ),
    "R-T4": N_("Declaring ends when all four players have passed one after another."),
    "R-T5": N_(
        "Their team is the declaring team. After the first round, the declaring team and "
        "the starter follow from the last round's result, and declaring only picks the "
        "trump suit."
    ),
    "R-T6": N_(
        "The talon is turned card by card until a card of the trump rank shows its suit; "
        "without one, the suit of its highest card is trump."
    ),
    "R-O1": N_("The rank cards of the three other suits are equal to one another."),
    "R-O3": N_("So when trumps are led, any trump follows suit, jokers and rank cards too."),
    "R-K1": N_(
        "Points and trumps may be buried too. Only the starter sees the buried cards until "
        "the round ends; then everyone sees them."
    ),
    "R-C2": N_(
        "Two rank cards of different suits are not a pair, and neither is one black and "
        "one red joker."
    ),
    "R-C4": N_(
        "Leading several combinations of one suit together is a throw; the parts are read "
        "as the longest tractors first, then pairs, then singles."
    ),
    "R-P1": N_("The starter leads the first trick, after burying the talon."),
    "R-P3": N_("Only when you have none of that suit may you play anything else."),
    "R-P4": N_(
        "Without a pair, play two cards of that suit; with only one card of it, play it "
        "and any other card; with none, play any two cards."
    ),
    "R-H1": N_(
        "No other player may hold a higher single than a single part, a higher pair than "
        "a pair part, or a higher tractor of the same length than a tractor part."
    ),
    "R-W1": N_("Between two equal cards, the one played first wins."),
    "R-W3": N_("Between equal tractors, the one played first wins."),
    "R-W4": N_(
        "Matching means a tractor for each tractor, a pair for each pair and any trump "
        "for each single. Among several such players the highest matching part wins."
    ),
    "R-S3": N_(
        "Under 80 the declarers go up: 3 levels for 0 points, 2 levels below 40, else 1. "
        "From 80 the opponents take over and go up a level for every 40 points past 80."
    ),
}


# ------------------------------------------------------------- rules an option changes
# Each returns the whole paragraph for the rule set. The briefs of R-T7, R-H2 and R-H3
# are written for the standard rules (a refusal quotes them), so those paragraphs do
# not start with the brief.


def _no_trump_round(rules: RuleSet) -> str:
    """R-T7, by ``rank_trumps_in_no_trump``."""
    if rules.rank_trumps_in_no_trump:
        return _(
            "When a pair of jokers is declared there is no trump suit: the jokers are "
            "trumps, the red above the black, and the cards of the trump rank stay trumps "
            "too, equal to one another and just below the black joker."
        )
    return _(
        "When a pair of jokers is declared there is no trump suit: only the four jokers "
        "are trumps, the red above the black, and the cards of the trump rank are "
        "ordinary cards of their own suits."
    )


def _plain_suits(rules: RuleSet) -> str:
    """R-O2, by ``rank_trumps_in_no_trump``."""
    if rules.rank_trumps_in_no_trump:
        detail = _(
            "This holds in a round without a trump suit too, where the cards of the trump "
            "rank are trumps as well."
        )
    else:
        detail = _(
            "In a round without a trump suit, though, the cards of the trump rank stay in "
            "their own suits, in their usual place."
        )
    return f"{rule_brief('R-O2')} {detail}"


def _tractors(rules: RuleSet) -> str:
    """R-C3, by ``rank_trumps_in_no_trump``."""
    gaps = _(
        "Ranks that are missing from a suit (the trump rank) are skipped, so the pairs "
        "around it still touch. In trumps, the ace of the trump suit, the other rank cards, "
        "the trump-suit rank card and the jokers follow one another."
    )
    if rules.rank_trumps_in_no_trump:
        no_trump = _(
            "In a round without a trump suit, the cards of the trump rank come just below "
            "the black joker, so a pair of them and a pair of black jokers make a tractor."
        )
    else:
        no_trump = _(
            "In a round without a trump suit, only a pair of black jokers with a pair of "
            "red jokers makes a tractor in trumps."
        )
    return f"{rule_brief('R-C3')} {gaps} {no_trump}"


def _following_a_tractor(rules: RuleSet) -> str:
    """R-P5, by ``follow_tractor_first``."""
    fill = _(
        "The pairs need not be next to each other. Fill up with other cards of that suit, "
        "then with anything."
    )
    if rules.follow_tractor_first:
        tractor = _("If you hold a tractor of the same length in that suit, you must play one.")
    else:
        tractor = _("You need not play a tractor, even when you hold one.")
    return f"{rule_brief('R-P5')} {fill} {tractor}"


def _following_a_throw(rules: RuleSet) -> str:
    """R-P6, by ``follow_tractor_first`` (which leaves tractors inside a throw alone)."""
    detail = _(
        "Play as many pairs of that suit as the lead has, then more cards of that suit, "
        "then anything."
    )
    if not rules.follow_tractor_first:
        return f"{rule_brief('R-P6')} {detail}"
    exception = _(
        "A tractor inside a throw asks only for its pairs, although a tractor led alone "
        "must be followed with a tractor."
    )
    return f"{rule_brief('R-P6')} {detail} {exception}"


def _failed_throw(rules: RuleSet) -> str:
    """R-H2, by ``failed_throw_must_beat``."""
    taken_back = _(
        "If any part of a throw can be beaten, its cards go back to the hand and the "
        "thrower instead leads the part that can be beaten whose highest card is lowest "
        "(the smaller part if two are equally high)."
    )
    if rules.failed_throw_must_beat:
        blocker = _(
            "The first player after the thrower who can beat that part is the blocker, and "
            "must beat it."
        )
    else:
        blocker = _(
            "The first player after the thrower who can beat that part is the blocker, but "
            "nobody has to beat it: everyone follows as usual."
        )
    return f"{taken_back} {blocker}"


def _penalty(rules: RuleSet) -> str:
    """R-H3, by ``throw_penalty`` and ``throw_penalty_per``."""
    points = rules.throw_penalty
    if points == 0 and rules.throw_penalty_per == "throw":
        return _("A failed throw costs nothing: the attempt carries no penalty.")
    if points == 0:
        return _("A failed throw costs nothing: the cards taken back carry no penalty.")
    if rules.throw_penalty_per == "throw":
        return ngettext(
            "A failed throw costs {points} point, however many cards are taken back. The "
            "declaring team's penalty goes to the opponents; the opponents' own penalty is "
            "taken off their points.",
            "A failed throw costs {points} points, however many cards are taken back. The "
            "declaring team's penalty goes to the opponents; the opponents' own penalty is "
            "taken off their points.",
            points,
        ).format(points=points)
    return ngettext(
        "A failed throw costs {points} point for every card taken back. The declaring "
        "team's penalty goes to the opponents; the opponents' own penalty is taken off "
        "their points.",
        "A failed throw costs {points} points for every card taken back. The declaring "
        "team's penalty goes to the opponents; the opponents' own penalty is taken off "
        "their points.",
        points,
    ).format(points=points)


def _talon_bonus(rules: RuleSet) -> str:
    """R-S2, by ``talon_multiplier``."""
    if rules.talon_multiplier == "cards":
        detail = _(
            "The multiplier is two for every card each player put into that last trick: a "
            "single doubles the talon's points, a pair multiplies them by 4, five cards "
            "by 10."
        )
    elif rules.talon_multiplier == "largest_part":
        detail = _(
            "The multiplier is two for every card of the largest combination in the last "
            "lead: a single doubles the talon's points, a pair multiplies them by 4, a "
            "tractor of two pairs by 8."
        )
    else:
        detail = _(
            "The multiplier is 2 raised to the number of cards of the largest combination "
            "in the last lead: a single doubles the talon's points, a pair multiplies them "
            "by 4, a tractor of two pairs by 16."
        )
    return f"{rule_brief('R-S2')} {detail}"


def _declaring(rules: RuleSet) -> str:
    """R-T2, by ``joker_no_trump`` and ``red_joker_single``."""
    if rules.red_joker_single:
        single = _(
            "One red joker alone declares too, for a round with no trump suit; a black "
            "joker still needs its pair."
        )
        return f"{rule_brief('R-T2')} {_(DETAILS['R-T2'])} {single}"
    if rules.joker_no_trump:
        return f"{rule_brief('R-T2')} {_(DETAILS['R-T2'])}"
    # the brief speaks of jokers, which do not declare here: the paragraph says it all
    return _(
        "To declare, show one or two identical cards of the trump rank: their suit becomes "
        "trumps. Jokers do not declare, so every round has a trump suit."
    )


def _overriding(rules: RuleSet) -> str:
    """R-T3, by ``red_jokers_override``, ``reinforce``, ``overturn_own``,
    ``declaration_order``, ``reinforce_to_tie`` and ``red_joker_single``."""
    if (
        not rules.red_jokers_override
        and rules.reinforce
        and rules.overturn_own
        and not rules.custom_declaring
    ):
        return f"{rule_brief('R-T3')} {_(DETAILS['R-T3'])}"
    if rules.declaration_order == "length":
        jokers = _(
            "Only more cards replace fewer: a pair replaces a single, and nothing replaces "
            "a pair, a pair of jokers no more than a pair of rank cards."
        )
    elif rules.declaration_order == "joker_or_higher_suit":
        suits = _(
            "A pair of rank cards replaces a pair of a lower suit (spades above hearts "
            "above clubs above diamonds), and a pair of jokers replaces any pair of rank "
            "cards."
        )
        if rules.red_jokers_override:
            jokers = (
                suits
                + " "
                + _(
                    "A pair of red jokers replaces a pair of black jokers, and nothing replaces "
                    "the red pair."
                )
            )
        else:
            jokers = suits + " " + _("Nothing replaces a pair of jokers.")
    elif rules.red_jokers_override:
        jokers = _(
            "A pair cannot replace a pair; a pair of red jokers replaces a pair of black "
            "jokers, and nothing replaces the red pair."
        )
    else:
        jokers = _("A pair cannot replace a pair, and nothing replaces a pair of jokers.")
    if rules.reinforce:
        own = _("You may turn your own single into a pair by showing its twin.")
    else:
        own = _("You may not turn your own single into a pair by showing its twin.")
    parts = [rule_brief("R-T3"), jokers, own]
    if rules.red_joker_single:
        if rules.declaration_order == "length":
            parts.append(_("A single red joker is a single like the others: a pair replaces it."))
        else:
            parts.append(
                _("A single red joker replaces a single rank card, and any pair replaces it.")
            )
    if rules.reinforce_to_tie:
        parts.append(
            _(
                "When a pair of rank cards replaces your single, you may still show its "
                "twin: your pair ties theirs and stands instead (not against jokers)."
            )
        )
    if not rules.overturn_own:
        parts.append(
            _("Once your declaration stands, you may not replace it with another yourself.")
        )
    return " ".join(parts)


def _throw_winner(rules: RuleSet) -> str:
    """R-W4, by ``throw_evaluation``."""
    if rules.throw_evaluation == "biggest_part":
        return f"{rule_brief('R-W4')} {_(DETAILS['R-W4'])}"
    return f"{rule_brief('R-W4')} " + _(
        "Matching means a tractor for each tractor, a pair for each pair and any trump "
        "for each single. Among several such players the one with the highest card wins."
    )


def _who_declares(rules: RuleSet) -> str:
    """R-T5, by ``first_declarer_starts``."""
    if not rules.first_declarer_starts:
        return f"{rule_brief('R-T5')} {_(DETAILS['R-T5'])}"
    return _(
        "In the first round, the first player to declare starts the round and their team "
        "declares, even when another declaration replaces theirs: that one only chooses "
        "the trump suit. After the first round, the declaring team and the starter follow "
        "from the last round's result, and declaring only picks the trump suit."
    )


def _nobody_declares(rules: RuleSet) -> str:
    """R-T6, by ``first_round_starter`` and ``talon_flip``."""
    starter = rules.first_round_starter
    if rules.talon_flip == "first_card":
        flip = _(
            "The first card of the talon is turned up and decides alone: its suit is trump, "
            "and a joker makes a round with no trump suit."
        )
    else:
        flip = _(DETAILS["R-T6"])
    if starter == "redeal":
        return f"{rule_brief('R-T6')} {flip}"
    if starter == "random":
        first = _(
            "If nobody declares in the first round, a seat drawn by chance starts it and its "
            "team declares; the trump suit is then found from the talon, as in later rounds."
        )
    else:
        first = _(
            "If nobody declares in the first round, seat {seat} starts it and its team "
            "declares; the trump suit is then found from the talon, as in later rounds."
        ).format(seat=starter)
    return f"{first} {flip}"


def _talon(rules: RuleSet) -> str:
    """R-K1, by ``show_talon``."""
    if rules.show_talon:
        return f"{rule_brief('R-K1')} {_(DETAILS['R-K1'])}"
    # the brief says the talon is shown when the round ends, which it is not here
    return _(
        "The starter takes the talon and buries exactly 8 cards of their choice, points and "
        "trumps too. Only the starter ever sees them, unless the opponents win the last "
        "trick and turn them up for the bonus."
    )


def _level_change(rules: RuleSet) -> str:
    """R-S3, by ``scoring``."""
    scoring = rules.scoring
    if scoring == DEFAULT_SCORING:
        return f"{rule_brief('R-S3')} {_(DETAILS['R-S3'])}"
    parts = [
        rule_brief("R-S3"),
        _(
            "Under {take_over} points the declarers go up a level for every {step} points, "
            "or part of them, below {take_over}. From {take_over} the opponents take over; "
            "from {up} they go up a level, and one more for every further {step} points."
        ).format(take_over=scoring.take_over, step=scoring.step, up=scoring.opponents_up),
    ]
    bonus = scoring.shutout_bonus
    if bonus:
        parts.append(
            ngettext(
                "With 0 points the declarers go up {bonus} level more.",
                "With 0 points the declarers go up {bonus} levels more.",
                bonus,
            ).format(bonus=bonus)
        )
    if scoring.cap is not None:
        parts.append(
            ngettext(
                "No team goes up more than {cap} level in a round.",
                "No team goes up more than {cap} levels in a round.",
                scoring.cap,
            ).format(cap=scoring.cap)
        )
    return " ".join(parts)


def _must_defend(rules: RuleSet) -> str:
    """R-S6, by ``must_defend``."""
    ranks = rules.must_defend
    if not ranks:
        none = _("Under these rules no rank must be defended.")
        return f"{rule_brief('R-S6')} {none}"
    parts = [
        rule_brief("R-S6"),
        # TRANSLATORS: {ranks} lists ranks in card notation, e.g. "5 T K A"
        _(
            "The ranks to defend are {ranks}: a climb stops on the first of them it reaches, "
            "and opponents who take over on one do not go up."
        ).format(ranks=" ".join(RANKS[rank] for rank in ranks)),
    ]
    if RANKS.index("A") in ranks:
        parts.append(_("So only declarers who win a round on the ace win the game."))
    return " ".join(parts)


def _end_of_game(rules: RuleSet) -> str:
    """R-S5, by ``ace_attempts``."""
    attempts = rules.ace_attempts
    if not attempts:
        return rule_brief("R-S5")
    return f"{rule_brief('R-S5')} " + ngettext(
        "A team that loses {attempts} round as the declaring team on the ace goes back to 2.",
        "A team that loses {attempts} rounds as the declaring team on the ace goes back to 2.",
        attempts,
    ).format(attempts=attempts)


def _hidden_history(rules: RuleSet) -> str:
    """R-V1, by ``hidden_history``."""
    if rules.hidden_history:
        return _(
            "Only the trick being played and the last one show their cards. Of older "
            "tricks everyone still sees who won them and their points, but not the cards."
        )
    return _("Every trick of the round stays in view, cards and all.")


def _hidden_blocker(rules: RuleSet) -> str:
    """R-V2, by ``hide_blocker``."""
    if rules.hide_blocker:
        return _("After a failed throw nobody is told who could beat it, except that player.")
    return _("After a failed throw everyone is told who could beat it.")


def _hidden_declarer_points(rules: RuleSet) -> str:
    """R-V3, by ``hide_declarer_points``."""
    if rules.hide_declarer_points:
        return _(
            "The points the declarers win in tricks are shown to nobody until the round "
            "ends; the opponents' points are shown as they come."
        )
    return _("Every trick's points are shown as it is won.")


def _takebacks(rules: RuleSet) -> str:
    """R-U1, by ``takebacks``."""
    if rules.takebacks:
        return f"{rule_brief('R-U1')} " + _(
            "At this table takebacks are on: you may take back your last play or "
            "declaration until the next player acts or the next card is drawn. A play that "
            "ends the round, or an action that settles the trump, cannot be taken back."
        )
    return f"{rule_brief('R-U1')} " + _("At this table takebacks are off.")


#: the paragraphs written for the options in force, by rule id
OPTION_PARAGRAPHS: dict[str, Callable[[RuleSet], str]] = {
    "R-T2": _declaring,
    "R-T3": _overriding,
    "R-T5": _who_declares,
    "R-T6": _nobody_declares,
    "R-K1": _talon,
    "R-S3": _level_change,
    "R-S5": _end_of_game,
    "R-S6": _must_defend,
    "R-T7": _no_trump_round,
    "R-O2": _plain_suits,
    "R-C3": _tractors,
    "R-P5": _following_a_tractor,
    "R-P6": _following_a_throw,
    "R-H2": _failed_throw,
    "R-H3": _penalty,
    "R-S2": _talon_bonus,
    "R-V1": _hidden_history,
    "R-V2": _hidden_blocker,
    "R-V3": _hidden_declarer_points,
    "R-U1": _takebacks,
    "R-W4": _throw_winner,
}

#: one line naming each preset
_PRESET_LINES: dict[str, str] = {
    "standard": N_("These are the standard rules."),
    "classic": N_("These are the classic rules, the variants most online tables play."),
    "shengji": N_("These are the shengji rules, the defaults of shengji.io's Tractor mode."),
}


def rule_paragraph(rule: str, rules: RuleSet = STANDARD) -> str:
    """The paragraph that explains ``rule`` under ``rules``, in the current language."""
    written = OPTION_PARAGRAPHS.get(rule)
    if written is not None:
        return written(rules)
    detail = DETAILS.get(rule)
    brief = rule_brief(rule)
    return brief if detail is None else f"{brief} {_(detail)}"


def rules_sections(rules: RuleSet = STANDARD) -> list[tuple[str, list[tuple[str, str]]]]:
    """The rules under ``rules`` in the current language: each section's heading and its
    (rule id, paragraph) pairs."""
    return [
        (_(heading), [(rule, rule_paragraph(rule, rules)) for rule in ids])
        for heading, ids in SECTIONS
    ]


def rule_set_line(rules: RuleSet) -> str:
    """Which rules these are: the preset, and the options changed from it, written as
    ``--option`` takes them (``throw_penalty=5``, ``must_defend=5,T,K``); the scoring
    numbers, an object, in words (``scoring: 30 points a level, …``)."""
    line = _(_PRESET_LINES[rules.preset])
    base = preset(rules.preset).options()
    changed = [
        _changed_option(name, value, base[name])
        for name, value in rules.options().items()
        if value != base[name]
    ]
    if not changed:
        return line
    # TRANSLATORS: {options} lists rule options as typed on the command line, e.g.
    # "throw_penalty=5, talon_multiplier="power""; keep them as they are.
    return (
        line + " " + _("Options changed from them: {options}.").format(options="; ".join(changed))
    )


def _changed_option(name: str, value: object, base: object) -> str:
    """One changed option as the rules line writes it."""
    if name == "must_defend" and isinstance(value, list):
        return f"{name}={','.join(value) if value else '[]'}"
    if name == "scoring" and isinstance(value, dict) and isinstance(base, dict):
        words = [
            _scoring_words(field, number)
            for field, number in value.items()
            if number != base.get(field)
        ]
        # TRANSLATORS: {numbers} says the scoring numbers changed, e.g. "30 points a
        # level, at most 2 levels a round"; keep "scoring" as it is (the option's name)
        return _("scoring: {numbers}").format(numbers=", ".join(words))
    return f"{name}={json.dumps(value)}"


def _scoring_words(field: str, number: int | None) -> str:
    """A changed number of the scoring option (R-S3) in words."""
    if field == "cap":
        if number is None:
            return _("no cap on the levels of a round")
        return ngettext("at most {n} level a round", "at most {n} levels a round", number).format(
            n=number
        )
    n = 0 if number is None else number
    # each message written out: the catalogs are extracted from literal calls
    if field == "step":
        text = ngettext("{n} point a level", "{n} points a level", n)
    elif field == "take_over":
        text = ngettext(
            "the opponents take over from {n} point", "the opponents take over from {n} points", n
        )
    elif field == "opponents_up":
        text = ngettext("they go up from {n} point", "they go up from {n} points", n)
    elif field == "shutout_bonus":
        text = ngettext("{n} level more for a shutout", "{n} levels more for a shutout", n)
    else:
        return f"{field} {n}"
    return text.format(n=n)


def rules_text(rules: RuleSet = STANDARD) -> str:
    """The whole rules text under ``rules``, as ``tuolaji rules`` prints it."""
    lines = [_("Tractor (拖拉机): the rules in plain words"), ""]
    lines.append(
        _(
            "Four players in two teams of partners play with two packs and four jokers. "
            "Each round one team declares and tries to keep the other team from scoring "
            "80 points; winning rounds raises your team's level, and the first team past "
            "the ace wins."
        )
    )
    lines += ["", rule_set_line(rules)]
    for heading, paragraphs in rules_sections(rules):
        # underline by terminal cells: a CJK character takes two
        lines += ["", heading, "-" * cell_len(heading)]
        lines += [f"{rule}  {text}" for rule, text in paragraphs]
    return "\n".join(lines) + "\n"
