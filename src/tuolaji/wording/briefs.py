"""What each rule asks of a player, in one sentence, and the bare refusal line built on it.

The briefs start each rule's paragraph on the terminal's rules screen and stand in for a
refusal whose reason has no sentence of its own (:mod:`tuolaji.wording.refusals`).
"""

from __future__ import annotations

from tuolaji.i18n import N_, _

#: one sentence per rule id, saying in plain words what the rule asks of a player
# TRANSLATORS: the rule briefs are shown when a move is refused and start each rule's
# paragraph on the rules screen. Card notation (TH, 2C, BJ, RJ, S H D C) stays as it is:
# players type it.
RULE_BRIEFS: dict[str, str] = {
    "R-N1": N_("Ranks run 2 to ace; T stands for ten, and 10 is accepted too."),
    "R-N2": N_("Suits are S, H, D and C; BJ and RJ are the black and the red joker."),
    "R-N3": N_("Write a card as its rank then its suit, like TH or 2C; separate cards by spaces."),
    "R-N4": N_("Play passes to the next seat, on your right; you and North are partners."),
    "R-D1": N_("The game uses two full packs with four jokers: every card exists twice."),
    "R-D2": N_("Everyone draws one card in turn until each holds 25; 8 are left as the talon."),
    "R-D3": N_("Both teams start at level 2."),
    "R-T1": N_("The trump rank is the declaring team's level (2 in the first round)."),
    "R-T2": N_("To declare, show one or two identical cards of the trump rank, or two jokers."),
    "R-T3": N_("A declaration can only be replaced by a stronger one: single, pair, then jokers."),
    "R-T4": N_("After the draw, each player in turn may still declare or pass."),
    "R-T5": N_("In the first round, the player whose declaration stands starts the round."),
    "R-T6": N_("If nobody declares, the first round is dealt again; later the talon decides."),
    "R-T7": N_("With a joker pair declared there is no trump suit: the jokers are the trumps."),
    "R-O1": N_(
        "Trumps from the top: red joker, black joker, the rank card of the trump suit, "
        "the other rank cards, then the trump suit from ace down."
    ),
    "R-O2": N_("In the other suits the cards run from ace down to two, without the trump rank."),
    "R-O3": N_("All trumps count as one suit, whatever is printed on them."),
    "R-O4": N_("Fives are worth 5 points, tens and kings 10; there are 200 points in all."),
    "R-K1": N_(
        "The starter takes the talon and buries exactly 8 cards of their choice; they stay "
        "secret until the round ends."
    ),
    "R-C1": N_("A single is one card."),
    "R-C2": N_("A pair is two identical cards."),
    "R-C3": N_("A tractor is two or more pairs of one suit next to each other in rank."),
    "R-C4": N_("A lead must be cards of one suit: a single, pair, tractor, or several at once."),
    "R-P1": N_("Wait for your turn: the winner of each trick leads the next."),
    "R-P2": N_("Play exactly as many cards as were led, all from your hand."),
    "R-P3": N_("When a single is led, follow with a card of that suit if you have one."),
    "R-P4": N_("When a pair is led, follow with a pair of that suit if you have one."),
    "R-P5": N_("When a tractor is led, follow with as many pairs of that suit as you can."),
    "R-P6": N_("When several combinations are led, match them in that suit as far as you can."),
    "R-P7": N_("You may always play more cards of the led suit than the minimum."),
    "R-H1": N_("Several combinations led together stand only if no other hand can beat a part."),
    "R-H2": N_(
        "A throw that another hand can beat is taken back, and its weakest beatable part is "
        "led instead."
    ),
    "R-H3": N_("A failed throw may cost points for every card taken back, as the rules say."),
    "R-W1": N_("A single is won by the highest trump, else by the highest card of the led suit."),
    "R-W2": N_("A pair lead is won only by a higher pair of trumps or of the led suit."),
    "R-W3": N_("A tractor lead is won only by a higher tractor of the same length."),
    "R-W4": N_("A throw is won by its leader unless someone void in it matches it in trumps."),
    "R-W5": N_("The winner of a trick takes its cards and any points in them."),
    "R-S1": N_("Only the opponents of the declaring team collect points."),
    "R-S2": N_("If the opponents win the last trick, the talon's points count, multiplied."),
    "R-S3": N_("The opponents' points decide who goes up and by how many levels."),
    "R-S4": N_("The next starter is the starter's partner, or the next player if they lose."),
    "R-S5": N_("The first team to go past ace wins the game."),
    "R-S6": N_(
        "A level stops on a must-defend rank and moves past it only by winning a round on "
        "it as declarers."
    ),
    "R-V1": N_("With hidden history, only the trick in play and the last one show their cards."),
    "R-V2": N_("With the blocker hidden, only the blocker knows who could beat a failed throw."),
    "R-V3": N_("With the declarers' points hidden, nobody sees them until the round ends."),
    "R-U1": N_(
        "Where the table allows takebacks, a player may take back their last action while "
        "nobody has acted after it."
    ),
}


def rule_brief(rule: str) -> str:
    """The one-sentence explanation of ``rule`` in the current language."""
    brief = RULE_BRIEFS.get(rule)
    return _(brief) if brief is not None else _("That is against the rules.")


def refusal(rule: str) -> str:
    """The line shown when the rules refuse the player's action: the rule id and what it
    asks, e.g. "Not allowed (R-P3): When a single is led, follow …"."""
    return _("Not allowed ({rule}): {why}").format(rule=rule, why=rule_brief(rule))
