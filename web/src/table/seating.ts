// Where each seat sits on the screen and what it is called, from the viewer's chair.
//
// The viewer sits at the bottom; play passes to the next seat, on the viewer's right
// (docs/rules.md R-N4): seat + 1 is on the right, seat + 2 across (the partner), seat + 3
// on the left. A spectator sees seat 0 at the bottom. Names are labels only (the room's
// `name`); a seat without one is called by its place at the table, as the terminal does.

import { t } from '../i18n';
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

/** The name of a seat's place, from the bottom seat's chair: South (a spectator's
 * bottom seat), East (on the right), North (across), West (on the left). */
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

/** What a seat is called: "You" for the viewer, else its player's name; a seat with no
 * name, or a bot named after its kind, is called by its place ("East"). */
export function seatName(pov: PointOfView, seat: number): string {
  if (isViewer(pov, seat)) return t('You');
  const info = pov.seats[seat];
  const name = info?.name.trim() ?? '';
  if (name === '' || (info !== undefined && isBot(info) && name === info.player)) return placeName(pov, seat);
  return name;
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
