// Creating a room from the lobby and sitting down in it: the request, the admin token and
// seat token kept in this browser, then the room's page. The quick game's room is one of
// these with everything at its default: you in seat 0 and three bots.

import { createRoom } from '../api';
import { t } from '../i18n';
import { saveAdminToken } from '../prefs';
import type { CreateRoomBody } from '../protocol';
import { nameLabel, takeAndKeepSeat } from '../room/seats';
import { navigate } from '../router';

/** The bot a lobby offers first: the card-counting heuristic (docs/bots.md). */
export const DEFAULT_BOT = 'heuristic';

/** The seat the quick game gives you. */
export const QUICK_SEAT = 0;

/** The seed of the lobby's ?seed=N (rooms of the test suite; the server takes it only
 * with --allow-seeds). */
export function seedFromUrl(): number | null {
  if (typeof location === 'undefined') return null;
  const text = new URLSearchParams(location.search).get('seed');
  if (text === null || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

/** The name you sit down under: the one typed (or saved in the preferences), trimmed,
 * else a default you can change in the room settings. */
export function playingName(typed: string): string {
  const name = nameLabel(typed);
  return name !== '' ? name : t('Player');
}

/** The room of a quick game: the default rules, you in seat 0 under `name`, three bots
 * of the default kind; the server's defaults for the rest (no clock, spectators
 * allowed, unlisted, a whole game). */
export function quickGameBody(name: string, seed: number | null): CreateRoomBody {
  const body: CreateRoomBody = {
    rules: 'standard',
    seats: [0, 1, 2, 3].map((seat) => (seat === QUICK_SEAT ? { player: 'human', name } : { player: DEFAULT_BOT })),
  };
  if (seed !== null) body.seed = seed;
  return body;
}

/** Creates the room `body` describes, keeps its admin token, takes `seat` under `name`
 * and goes to the room's page. A refusal of the server is thrown (an ApiError). */
export async function createAndSit(body: CreateRoomBody, seat: number, name: string): Promise<void> {
  const created = await createRoom(body);
  saveAdminToken(created.code, created.admin_token);
  await takeAndKeepSeat(created.code, seat, name);
  navigate(`/r/${created.code}`);
}
