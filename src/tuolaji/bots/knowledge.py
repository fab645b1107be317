"""What a seat can know about the hidden cards, from its observation only.

A :class:`Knowledge` is updated trick by trick: the cards not yet seen (held by the
other three, or in the talon when this seat did not bury it), and which seats have
shown a void in an effective suit (they followed a lead of that suit with fewer cards
of it than were led, R-P3–R-P6). Under ``hidden_history`` (R-V1) it is made afresh
from each observation, which holds the cards of the last two tricks only: the cards of
older tricks count as unseen (in a hand, the talon, or played unseen), and no void is
known from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from tuolaji.core.cards import SEATS, Layers, full_pack, remove_layers, to_layers
from tuolaji.core.declare import Declaration
from tuolaji.core.trump import TrumpContext
from tuolaji.game.events import ThrowFailed
from tuolaji.game.observation import Observation

FULL_PACK: Final[Layers] = to_layers(full_pack())


@dataclass(slots=True)
class Knowledge:
    """The seat's picture of the unseen cards for one round."""

    seat: int
    round_number: int
    ctx: TrumpContext
    #: cards not seen by this seat: in other hands (or the talon, when not its own burial)
    unseen: Layers = FULL_PACK
    #: void[seat] — bit mask of effective suits (bit s) that seat is known to lack
    void: list[int] = field(default_factory=lambda: [0] * SEATS)
    #: known[seat] — cards that seat is known to hold: shown in a declaration (unless
    #: it may have buried them) or taken back after a failed throw (R-H2)
    known: list[Layers] = field(default_factory=lambda: [(0, 0)] * SEATS)
    tricks_seen: int = 0
    #: the cards of the current trick already taken out of ``unseen``
    trick_seen: int = 0
    hand_taken: bool = False
    #: the round's declarations, which tell one round from another
    declarations: tuple[Declaration, ...] = ()
    #: whether the seat's own burial has left the unseen cards: a knowledge begun at the
    #: exchange, before the starter buried, is begun again once it has
    burial_taken: bool = False

    def update(self, obs: Observation) -> None:
        """Take in what happened since the last call (tricks and plays are only added)."""
        # The first time, the own hand (and, for the starter, the own burial) leave the
        # unseen cards, and so does everything played so far, own plays included; after
        # that, own plays come out of that hand and must not be taken out twice.
        first = not self.hand_taken
        if first:
            self._take_out(obs.hand_layers, obs.buried)
            self._learn_declarations(obs.declarations, obs.starter)
        self._see_history(obs, first)

    def _take_out(self, hand: Layers, buried: tuple[int, ...]) -> None:
        """The seat's own hand, and its own burial (the starter's), are not unseen."""
        self.unseen = remove_layers(self.unseen, hand)
        if buried:
            self.unseen = remove_layers(self.unseen, to_layers(buried))
            self.burial_taken = True
        self.hand_taken = True

    def _learn_declarations(
        self, declarations: tuple[Declaration, ...], starter: int | None
    ) -> None:
        """A declaration shows its cards: held still, unless the starter may have buried
        them."""
        for declaration in declarations:
            if declaration.seat not in (self.seat, starter):
                self._learn(declaration.seat, to_layers(declaration.cards))

    def _see_history(self, obs: Observation, own_too: bool) -> None:
        """The tricks and plays of ``obs`` not seen yet."""
        tricks = obs.tricks
        while self.tricks_seen < len(tricks):
            done = tricks[self.tricks_seen]
            self._see_plays(done.plays, self.trick_seen, own_too, done.failed_throw)
            self.trick_seen = 0
            self.tricks_seen += 1
        if len(obs.trick) > self.trick_seen:
            self._see_plays(obs.trick, self.trick_seen, own_too, obs.failed_throw)
            self.trick_seen = len(obs.trick)

    def seeded(self, hand: Layers, buried: tuple[int, ...]) -> Knowledge:
        """A copy of this knowledge of the round's history alone
        (:func:`history_knowledge`) with the seat's ``hand`` and own ``buried`` cards
        taken out: what the seat's own first :meth:`update` would have made of the same
        observation, without going over the history again."""
        assert not self.hand_taken, "only a knowledge of the history alone is seeded"
        seeded = self.copy()
        seeded._take_out(hand, buried)
        return seeded

    def copy(self) -> Knowledge:
        """A copy that later updates of either leave the other alone."""
        return Knowledge(
            self.seat,
            self.round_number,
            self.ctx,
            self.unseen,
            list(self.void),
            list(self.known),
            self.tricks_seen,
            self.trick_seen,
            self.hand_taken,
            self.declarations,
            self.burial_taken,
        )

    def _learn(self, seat: int, cards: Layers) -> None:
        """``seat`` holds ``cards`` (a multiset union: a card is never counted twice)."""
        ones, twos = self.known[seat]
        self.known[seat] = (ones | cards[0], twos | cards[1])

    def _see_plays(
        self,
        plays: tuple[tuple[int, tuple[int, ...]], ...],
        start: int,
        own_too: bool,
        failed: ThrowFailed | None,
    ) -> None:
        if not plays:
            return
        if failed is not None and start == 0 and failed.seat != self.seat:
            # the thrower took back everything but the forced part, face up
            returned = remove_layers(to_layers(failed.attempted), to_layers(failed.forced))
            self._learn(failed.seat, returned)
        eff = self.ctx.eff
        lead_cards = plays[0][1]
        suit = eff[lead_cards[0]]
        for index in range(start, len(plays)):
            player, cards = plays[index]
            played = to_layers(cards)
            if own_too or player != self.seat:
                self.unseen = remove_layers(self.unseen, played)
            k_ones, k_twos = self.known[player]
            if k_ones & played[0]:
                # what a seat was known to hold and has now played is no longer in hand
                self.known[player] = remove_layers(
                    (k_ones, k_twos), (k_ones & played[0], k_twos & played[1])
                )
            if index and sum(1 for k in cards if eff[k] == suit) < len(lead_cards):
                self.void[player] |= 1 << suit

    def is_void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` has shown it holds no card of effective suit ``suit``."""
        return bool(self.void[seat] >> suit & 1)

    def unseen_in(self, suit: int) -> Layers:
        """The unseen cards of one effective suit."""
        mask = self.ctx.suit_mask[suit]
        return self.unseen[0] & mask, self.unseen[1] & mask


def knowledge_for(obs: Observation, previous: Knowledge | None) -> Knowledge:
    """The knowledge of ``obs.seat``, carried on from ``previous`` when it is the same
    round, else started afresh."""
    assert obs.seat is not None and obs.ctx is not None
    if (
        previous is None
        # R-V1: a seat that may not see old tricks remembers none of them either, so
        # its knowledge is made from what the observation holds, every time
        or obs.rules.hidden_history
        or previous.round_number != obs.round_number
        or previous.ctx is not obs.ctx
        or previous.seat != obs.seat
        or previous.tricks_seen > len(obs.tricks)
        or previous.declarations != obs.declarations
        or (obs.buried and not previous.burial_taken)
    ):
        # a new round — or a new game played by the same player object, or the starter's
        # knowledge from the exchange, which still counts its burial among the unseen
        previous = Knowledge(obs.seat, obs.round_number, obs.ctx)
        previous.declarations = obs.declarations
    previous.update(obs)
    return previous


def history_knowledge(obs: Observation, seat: int) -> Knowledge:
    """What ``seat`` knows from the public history of ``obs`` alone — the declarations
    and every play so far — before its own hand is taken out (:meth:`Knowledge.seeded`
    does that). Every guess at the hidden cards shares it, so a search makes it once a
    decision for each seat, and its playouts start from copies."""
    know = declared_knowledge(obs, seat)
    # every play leaves the unseen cards, the seat's own too: its hand is taken out later
    # as it stands after them
    know._see_history(obs, True)
    return know


def declared_knowledge(obs: Observation, seat: int) -> Knowledge:
    """What ``seat`` knows of the round in ``obs`` before any card is played: the
    declarations, its own hand not yet taken out."""
    assert obs.ctx is not None
    know = Knowledge(seat, obs.round_number, obs.ctx)
    know.declarations = obs.declarations
    know._learn_declarations(obs.declarations, obs.starter)
    return know
