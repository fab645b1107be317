"""The rules of Tractor in plain words, one short paragraph per rule id of RULES.md.

Each paragraph is the rule's one-sentence brief (:data:`words.RULE_BRIEFS`, also shown
when a move is refused) followed by a few words more where the brief leaves something
out. ``tuolaji rules`` prints this text and the game's ``?`` screen shows it.
"""

from __future__ import annotations

from rich.cells import cell_len

from tuolaji.i18n import N_, _
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
    (N_("Scoring"), ("R-S1", "R-S2", "R-S3", "R-S4", "R-S5")),
)

#: what a paragraph adds to its rule's brief (rules whose brief says it all have none)
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
    "R-T7": N_(
        "The cards of the trump rank stay in their own suits as ordinary cards, except "
        "under classic rules, where they remain trumps just below the jokers."
    ),
    "R-O1": N_("The rank cards of the three other suits are equal to one another."),
    "R-O3": N_("So when trumps are led, any trump follows suit, jokers and rank cards too."),
    "R-K1": N_("Points and trumps may be buried too. Only the starter sees the buried cards."),
    "R-C2": N_(
        "Two rank cards of different suits are not a pair, and neither is one black and "
        "one red joker."
    ),
    "R-C3": N_(
        "Ranks that are missing from a suit (the trump rank) are skipped, so the pairs "
        "around it still touch. In trumps, the ace of the trump suit, the other rank cards, "
        "the trump-suit rank card and the jokers follow one another."
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
    "R-P5": N_(
        "The pairs need not be next to each other. Fill up with other cards of that suit, "
        "then with anything. Under classic rules, a tractor of the same length must be "
        "played if you hold one."
    ),
    "R-P6": N_(
        "Play as many pairs of that suit as the lead has, then more cards of that suit, "
        "then anything."
    ),
    "R-H1": N_(
        "No other player may hold a higher single than a single part, a higher pair than "
        "a pair part, or a higher tractor of the same length than a tractor part."
    ),
    "R-H2": N_(
        "The lowest part that can be beaten is led instead, and the first player after the "
        "thrower who can beat it has to."
    ),
    "R-H3": N_(
        "The declaring team's penalty goes to the opponents; the opponents' own penalty "
        "is taken off their points. Classic rules have no penalty."
    ),
    "R-W1": N_("Between two equal cards, the one played first wins."),
    "R-W3": N_("Between equal tractors, the one played first wins."),
    "R-W4": N_(
        "Matching means a tractor for each tractor, a pair for each pair and any trump "
        "for each single. Among several such players the highest matching part wins."
    ),
    "R-S2": N_(
        "The talon's points are multiplied by two for every card each player put into "
        "that last trick."
    ),
    "R-S3": N_(
        "Under 80 the declarers go up: 3 levels for 0 points, 2 levels below 40, else 1. "
        "From 80 the opponents take over and go up a level for every 40 points past 80."
    ),
}


def rule_paragraph(rule: str) -> str:
    """The paragraph that explains ``rule`` in the current language."""
    detail = DETAILS.get(rule)
    brief = rule_brief(rule)
    return brief if detail is None else f"{brief} {_(detail)}"


def rules_sections() -> list[tuple[str, list[tuple[str, str]]]]:
    """The rules in the current language: each section's heading and its (rule id,
    paragraph) pairs."""
    return [
        (_(heading), [(rule, rule_paragraph(rule)) for rule in rules])
        for heading, rules in SECTIONS
    ]


def rules_text() -> str:
    """The whole rules text, as ``tuolaji rules`` prints it."""
    lines = [_("Tractor (拖拉机): the rules in plain words"), ""]
    lines.append(
        _(
            "Four players in two teams of partners play with two packs and four jokers. "
            "Each round one team declares and tries to keep the other team from scoring "
            "80 points; winning rounds raises your team's level, and the first team past "
            "the ace wins."
        )
    )
    for heading, paragraphs in rules_sections():
        # underline by terminal cells: a CJK character takes two
        lines += ["", heading, "-" * cell_len(heading)]
        lines += [f"{rule}  {text}" for rule, text in paragraphs]
    return "\n".join(lines) + "\n"
