// The server's HTTP API (docs/protocol.md "Rooms over HTTP", design11.md): one function
// per route. A refusal is thrown as an ApiError holding the server's error code, which
// errorText() words in the page's language.

import type {
  CatalogJson,
  CreateRoomBody,
  CreatedRoom,
  ListedRoom,
  Meta,
  RematchAnswer,
  Replay,
  RoomInfo,
  TakenSeat,
} from './protocol';
import { currentLanguage } from './i18n';

/** A refusal of the server: `code` is its error code ("no-room", "seat-refused"…), or
 * "network" when no answer came; `message` its sentence (English, but for refused rules,
 * which come in the page's language); `option` the rule option refused rules name. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter: number | null = null,
    readonly option: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function request<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
  // the server words refused rules in the page's language (docs/protocol.md)
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', currentLanguage().replace('_', '-'));
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : String(error));
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const data = (body ?? {}) as { error?: unknown; message?: unknown; option?: unknown };
    const retry = response.headers.get('Retry-After');
    throw new ApiError(
      response.status,
      typeof data.error === 'string' ? data.error : `http-${response.status}`,
      typeof data.message === 'string' ? data.message : response.statusText,
      retry === null ? null : Number(retry),
      typeof data.option === 'string' ? data.option : null,
    );
  }
  return body as T;
}

function roomPath(code: string): string {
  return `/api/rooms/${encodeURIComponent(code)}`;
}

/** What the lobby offers: languages, presets, every rule option, players, clock range. */
export function getMeta(): Promise<Meta> {
  return request<Meta>('/api/meta');
}

/** The project's catalog of `lang` as JSON. */
export function getCatalog(lang: string): Promise<CatalogJson> {
  return request<CatalogJson>(`/api/catalog/${encodeURIComponent(lang)}`);
}

/** The listed rooms that wait for players. */
export async function listRooms(): Promise<ListedRoom[]> {
  return (await request<{ rooms: ListedRoom[] }>('/api/rooms')).rooms;
}

/** Creates a room; the answer holds its admin token (shown once). */
export function createRoom(body: CreateRoomBody): Promise<CreatedRoom> {
  return request<CreatedRoom>('/api/rooms', { method: 'POST', body: JSON.stringify(body) });
}

/** A room: rules, seats, status. */
export async function getRoom(code: string): Promise<RoomInfo> {
  return (await request<{ room: RoomInfo }>(roomPath(code))).room;
}

/** Takes seat `seat` of room `code` under `name`; the token is the seat. */
export function takeSeat(code: string, seat: number, name: string): Promise<TakenSeat> {
  return request<TakenSeat>(`${roomPath(code)}/seats/${seat}`, { method: 'POST', body: JSON.stringify({ name }) });
}

/** Seats bot `player` in open seat `seat` (the room's admin token). */
export async function seatBot(code: string, seat: number, player: string, adminToken: string): Promise<RoomInfo> {
  const answer = await request<{ room: RoomInfo }>(
    `${roomPath(code)}/seats/${seat}/bot`,
    { method: 'PUT', body: JSON.stringify({ player }) },
    adminToken,
  );
  return answer.room;
}

/** A rematch of finished room `code`: the new room and the caller's seat in it. */
export function rematchRoom(code: string, seatToken: string): Promise<RematchAnswer> {
  return request<RematchAnswer>(`${roomPath(code)}/rematch`, { method: 'POST' }, seatToken);
}

/** The replay of finished room `code`. */
export function getReplay(code: string): Promise<Replay> {
  return request<Replay>(`${roomPath(code)}/replay`);
}

/** The replay of a record file's text (a v2 game record). */
export function postReplay(recordText: string): Promise<Replay> {
  return request<Replay>('/api/replays', { method: 'POST', body: recordText });
}
