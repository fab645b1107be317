// Where each seat sits on the screen and what it is called, from the viewer's chair.
//
// The viewer sits at the bottom; play passes to the next seat, on the viewer's right
// (docs/rules.md R-N4): seat + 1 is on the right, seat + 2 across (the partner), seat + 3
// on the left. A spectator sees seat 0 at the bottom.
//
// A seat's name is the same for everyone who looks at the table: the name its player
// typed (a person), "Bot N (kind)" for a bot without a name of its own (N counting the
// bot seats in seat order from 1), or "Open seat". Beside the name, where the seat is
// named on the table, goes its position from the viewer's chair: "you", "partner",
// "right", "left" (a spectator: the compass). Sentences about the viewer's own seat are
// said in the second person (words.ts bySeat), never with the viewer's name.

import { t, tc } from '../i18n';
import type { RoomInfo, SeatInfo } from '../protocol';

/** A place at the table on the screen. */
export type Place = 'bottom' | 'right' | 'top' | 'left';

const PLACES: readonly Place[] = ['bottom', 'right', 'top', 'left'];

/** Who looks at the table: their seat (null for a spectator) and the room's seats. */
export interface PointOfView {
  /** The viewer's seat, or null when watching. */
  viewer: number | null;
  /** The room's seats (names, bots), as the last room frame said. */
  seats: readonly SeatInfo[];
}

/** The point of view of `viewer` in `room` (no room yet: no names). */
export function pointOfView(viewer: number | null, room: RoomInfo | null): PointOfView {
  return { viewer, seats: room?.seats ?? [] };
}

/** The seat shown at the bottom: the viewer's, or seat 0 for a spectator. */
export function bottomSeat(pov: PointOfView): number {
  return pov.viewer ?? 0;
}

/** Where `seat` sits on the screen. */
export function placeOf(pov: PointOfView, seat: number): Place {
  return PLACES[(((seat - bottomSeat(pov)) % 4) + 4) % 4] ?? 'bottom';
}

/** The seats in screen order: bottom, right, top, left. */
export function seatsByPlace(pov: PointOfView): number[] {
  const bottom = bottomSeat(pov);
  return [0, 1, 2, 3].map((step) => (bottom + step) % 4);
}

/** The team of a seat: 0 (seats 0 and 2) or 1 (seats 1 and 3). */
export function teamOf(seat: number): number {
  return seat % 2;
}

/** Whether `seat` is the viewer's own. */
export function isViewer(pov: PointOfView, seat: number): boolean {
  return pov.viewer !== null && pov.viewer === seat;
}

/** Whether the seat is played by a bot (the room's `player` is not "human"). */
export function isBot(info: SeatInfo | undefined): boolean {
  return info !== undefined && info.player !== 'human';
}

/** The compass name of a seat's place, from the bottom seat's chair: South (the bottom
 * seat), East (on the right), North (across), West (on the left). */
export function placeName(pov: PointOfView, seat: number): string {
  switch (placeOf(pov, seat)) {
    case 'right':
      return t('East');
    case 'top':
      return t('North');
    case 'left':
      return t('West');
    default:
      return t('South');
  }
}

/** The kind of a bot: its player spec before any option ("search:guesses=40" is a
 * "search" bot). */
export function botKind(player: string): string {
  return player.split(':')[0] ?? player;
}

/** A bot's kind in words, for its seat's name ("heuristic"); a kind the page has no
 * words for is shown as it is. */
export function kindWord(kind: string): string {
  switch (kind) {
    case 'heuristic':
      return tc('bot kind', 'heuristic');
    case 'random':
      return tc('bot kind', 'random');
    case 'search':
      return tc('bot kind', 'search');
    default:
      return kind;
  }
}

/** The name a seat's player gave it, or "" when it has none: a bot whose name is empty or
 * its player spec (the server fills a bot's name with its spec) has no name of its own. */
export function ownName(info: SeatInfo | undefined): string {
  const name = info?.name.trim() ?? '';
  if (info !== undefined && isBot(info) && name === info.player.trim()) return '';
  return name;
}

/** What seat `seat` of `seats` is called, the same for every viewer: its player's name;
 * a bot without a name of its own "Bot N (kind)", N counting the bot seats in seat order
 * from 1; an open seat "Open seat"; a person who typed no name "Seat N". */
export function displayName(seats: readonly SeatInfo[], seat: number): string {
  const info = seats[seat];
  const name = ownName(info);
  if (name !== '') return name;
  if (info !== undefined && isBot(info)) {
    const n = seats.slice(0, seat + 1).filter(isBot).length;
    return t('Bot {n} ({kind})', { n, kind: kindWord(botKind(info.player)) });
  }
  if (info !== undefined && !info.taken) return t('Open seat');
  return t('Seat {n}', { n: seat });
}

/** What a seat is called (displayName), as the room's seats say, for every viewer alike.
 * Sentences about the viewer's own seat use their own second-person words (bySeat). */
export function seatName(pov: PointOfView, seat: number): string {
  return displayName(pov.seats, seat);
}

/** Where a seat is from the viewer's chair: "you", "partner" (across), "right" (plays
 * after you), "left" (plays before you); for a spectator, the compass of the screen. */
export function positionWord(pov: PointOfView, seat: number): string {
  if (pov.viewer === null) return placeName(pov, seat);
  switch (placeOf(pov, seat)) {
    case 'right':
      return tc('seat position', 'right');
    case 'top':
      return tc('seat position', 'partner');
    case 'left':
      return tc('seat position', 'left');
    default:
      return tc('seat position', 'you');
  }
}

/** A seat's name with its position, where the table names a seat: "Bot 1 (heuristic) ·
 * left", "Ana · you". */
export function seatLabel(pov: PointOfView, seat: number): string {
  return t('{name} · {position}', { name: seatName(pov, seat), position: positionWord(pov, seat) });
}

/** Which side a team is on, for the viewer: "ours", "theirs", or "neutral" for a
 * spectator (who belongs to neither). */
export type Side = 'ours' | 'theirs' | 'neutral';

/** The side of `team` from the viewer's chair. */
export function sideOf(pov: PointOfView, team: number): Side {
  if (pov.viewer === null) return 'neutral';
  return teamOf(pov.viewer) === team % 2 ? 'ours' : 'theirs';
}

/** A team's name: "We"/"They" for a player, the two seats' names for a spectator. */
export function teamName(pov: PointOfView, team: number): string {
  switch (sideOf(pov, team)) {
    case 'ours':
      return t('We');
    case 'theirs':
      return t('They');
    default:
      return t('{first} and {second}', { first: seatName(pov, team % 2), second: seatName(pov, (team % 2) + 2) });
  }
}

/** The teams in the order the viewer reads them: their own first (team 0 first for a
 * spectator). */
export function teamsInOrder(pov: PointOfView): [number, number] {
  const first = pov.viewer === null ? 0 : teamOf(pov.viewer);
  return [first, 1 - first];
}
