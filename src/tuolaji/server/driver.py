"""A room's driver: it moves the game on whenever no person has to.

It deals the cards one by one (``deal_interval_s`` apart, so that people can declare as
they come, after a ``round_pause_s`` pause between rounds), asks the bots in the bot
pool (off the event loop) for their declarations and decisions, and when a person's
clock runs out or a person has been gone past the grace period, asks the seat's stand-in
bot. Every change goes through :meth:`Room.commit` under the room's lock, as a person's
action does; a bot's answer that comes back after the game moved on is dropped.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING

from tuolaji.core.cards import SEATS
from tuolaji.core.errors import IllegalAction
from tuolaji.game.actions import Action, Bury, Declare, Draw, Pass, Play
from tuolaji.game.observation import observe
from tuolaji.game.observation_json import observation_to_json
from tuolaji.game.turn import ActionKind
from tuolaji.server.botpool import BotFailed, BotRequest, Decision
from tuolaji.server.storage_appends import NotOwner

if TYPE_CHECKING:  # the driver works through its room; the room never imports this module
    from tuolaji.server.room import Room

log = logging.getLogger("tuolaji.server")

#: bot seeds: the room's seed and the number of the decision, so that a resumed game's
#: bots decide as they would have (docs/protocol.md, "Durable games")
SEED_STRIDE = 1_000_003


async def drive(room: Room) -> None:
    """Move ``room``'s game on until it ends or the room stops: the task the lobby
    starts for each live room (:meth:`Room.start <tuolaji.server.room.Room.start>`)."""
    await RoomDriver(room).run()


class RoomDriver:
    """The task that moves one room's game on (:meth:`run`)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        #: the decision the clock runs on: (action count, seat)
        self._decision: tuple[int, int] | None = None
        #: when the next card is dealt
        self._next_draw_at: float | None = None

    async def run(self) -> None:
        """Move the game on until it ends or the room stops."""
        try:
            await self._complete_interrupted_writes()
            while not self.room.stopped and self.room.row.status in ("waiting", "playing"):
                self.room.wake.clear()
                until = await self._step()
                if until is not None:
                    await self._sleep(until)
        except asyncio.CancelledError:
            raise
        except NotOwner:
            pass  # another server drives the room now: it stopped here (Room.lose)
        except Exception:
            log.exception("room %s: the driver failed", self.room.code)
            if not self.room.broken:
                self.room.fail("the driver failed")

    async def _complete_interrupted_writes(self) -> None:
        """Finish what a crash between two writes left half done (they are separate
        transactions): a room whose seats were all taken but that never started starts;
        a game whose last action was stored, but not its end, is finished."""
        async with self.room.lock:
            await self.room.start_when_full()
            if self.room.row.status == "playing" and self.room.game.turn().over:
                await self.room.set_status("finished")

    async def _sleep(self, until: float) -> None:
        """Wait until ``until`` (clock time; ``inf``: no time) or a change in the room."""
        woken = asyncio.ensure_future(self.room.wake.wait())
        waits: set[asyncio.Future[object]] = {woken}  # type: ignore[arg-type]
        if until != math.inf:
            waits.add(asyncio.ensure_future(self.room.clock.sleep_until(until)))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for future in waits:
                future.cancel()

    async def _step(self) -> float | None:
        """Take the game one step on if nobody needs to be waited for, and return None;
        else return when to look again (``inf``: at the next change)."""
        if self.room.row.status == "waiting":
            return math.inf
        turn = self.room.game.turn()
        now = self.room.clock.now()
        grace = self._takeback_grace_ends()
        if turn.chance:
            if grace is not None and now < grace:
                return grace
            return await self._deal_step(now)
        seat = turn.seat
        if seat is None:
            return math.inf
        decision: Decision = (
            "play"
            if ActionKind.PLAY in turn.kinds(seat)
            else "bury"
            if ActionKind.BURY in turn.kinds(seat)
            else "declaration"
        )
        bot = self.room.bot_at(seat, now)
        if bot is not None and grace is not None and now < grace:
            return grace
        if bot is not None:
            self._decision, self.room.deadline = None, None
            await self._bot_acts(seat, bot, decision)
            return None
        key = (len(self.room.log), seat)
        if key != self._decision:
            self._decision = key
            self.room.deadline = (
                None if self.room.row.clock_s is None else now + self.room.row.clock_s
            )
            self.room.send_room()
        if self.room.deadline is not None and now >= self.room.deadline:
            # The clock ran out: the stand-in decides, and the seat is away until its
            # player acts again (or says it is back).
            self.room.presence[seat].away = True
            self.room.deadline = None
            self.room.send_room()
            await self._bot_acts(seat, self.room.row.stand_in, decision)
            return None
        times = [self.room.deadline, self.room.presence[seat].grace_ends(self.room.config.grace_s)]
        return min((time for time in times if time is not None), default=math.inf)

    def _takeback_grace_ends(self) -> float | None:
        """R-U1: when the moment a person has to take back their last action ends — the
        bots and the deal act only after it — or None when there is nothing to wait for
        (takebacks off, the last action a bot's, or no longer to be taken back). People
        never wait: an action of theirs ends the moment."""
        room = self.room
        if not room.game.rules.takebacks or not room.log:
            return None
        last = room.log[-1]
        if last.by_bot or last.seat is None or not room.game.can_takeback(last.seat):
            return None
        return last.at + room.config.takeback_grace_s

    async def _deal_step(self, now: float) -> float | None:
        """Deal the next card when its time has come, then let the bots declare."""
        if self.room.round_ended_at is not None:
            pause_ends = self.room.round_ended_at + self.room.config.round_pause_s
            if now < pause_ends:
                return pause_ends
            self.room.round_ended_at = None
        if self._next_draw_at is None:
            self._next_draw_at = now + self.room.config.deal_interval_s
        if now < self._next_draw_at:
            return self._next_draw_at
        self._next_draw_at = None
        async with self.room.lock:
            if self.room.stopped or not self.room.game.turn().chance:
                return None
            drawer = self.room.game.next_drawer()
            await self.room.commit(Draw(1), None, None, by_bot=False)
        if drawer is not None:
            await self._bots_declare(drawer)
        if self.room.config.deal_interval_s <= 0:
            await asyncio.sleep(0)  # let the clients' frames in between two cards
        return None

    async def _bots_declare(self, drawer: int) -> None:
        """Offer the bot-played seats that could declare the chance to (R-T2), the
        drawer first, as the tournament runner does."""
        # Usually no seat could declare, which one call says; after a declaration the
        # next seats are asked only if theirs would still stand.
        eligible = self.room.game.seats_that_could_declare()
        if not eligible:
            return
        now = self.room.clock.now()
        for offset in range(SEATS):
            seat = (drawer + offset) % SEATS
            bot = self.room.bot_at(seat, now)
            if bot is not None and seat in eligible and self.room.game.could_declare(seat):
                await self._bot_acts(seat, bot, "declaration", during_deal=True)

    async def _bot_acts(
        self, seat: int, bot: str, decision: Decision, during_deal: bool = False
    ) -> None:
        """Ask ``bot`` for ``seat``'s decision in the pool and apply its answer, unless
        the game moved on meanwhile. A bot that fails or answers wrongly is replaced by
        the engine's first legal action (or no declaration)."""
        version = len(self.room.log)
        request = BotRequest(
            player=bot,
            seed=self.room.row.seed * SEED_STRIDE + version,
            decision=decision,
            observation=observation_to_json(observe(self.room.game, seat)),
        )
        try:
            cards = await self.room.bots.decide(request, self.room.config.bot_deadline_s)
        except BotFailed as failure:
            log.warning("room %s seat %d: %s", self.room.code, seat, failure)
            cards = None if decision == "declaration" else self._fallback(seat, decision)
        async with self.room.lock:
            if self.room.stopped or len(self.room.log) != version:
                return  # somebody acted first: the next step asks again
            action = _bot_action(seat, decision, cards, during_deal)
            if action is None:
                return
            try:
                await self.room.commit(action, seat, None, by_bot=True)
            except IllegalAction:
                log.warning(
                    "room %s seat %d: the bot %s answered illegally", self.room.code, seat, bot
                )
                fallback = _bot_action(seat, decision, self._fallback(seat, decision), during_deal)
                if fallback is not None:
                    await self.room.commit(fallback, seat, None, by_bot=True)

    def _fallback(self, seat: int, decision: Decision) -> tuple[int, ...] | None:
        """The engine's first legal action for ``decision``."""
        if decision == "play":
            return tuple(next(iter(self.room.game.legal_plays(seat))))
        if decision == "bury":
            return tuple(next(iter(self.room.game.legal_burials(seat))))
        return None


def _bot_action(
    seat: int, decision: Decision, cards: tuple[int, ...] | None, during_deal: bool
) -> Action | None:
    if decision == "declaration":
        if cards:
            return Declare(seat, cards)
        return None if during_deal else Pass(seat)
    if cards is None:
        return None
    return Play(seat, cards) if decision == "play" else Bury(seat, cards)
